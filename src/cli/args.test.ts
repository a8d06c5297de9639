import { describe, expect, it } from 'vitest';
import { ArgError, parseArgv, valueOf } from './args';

const kinds = { '--format': 'value', '--all': 'flag', '--model': 'optional' } as const;
const notAFile = (next: string): boolean => !/\.jsonl?$/.test(next);

describe('parseArgv', () => {
  it('reads values written apart or with =, switches, positionals and - for standard input', () => {
    const a = parseArgv(['a.jsonl', '--format', 'json', '-', '--all', '--format=markdown'], kinds);
    expect(a.positional).toEqual(['a.jsonl', '-']);
    expect(valueOf(a, '--format')).toBe('markdown');
    expect(a.options.get('--all')).toBe(true);
    expect(a.help).toBe(false);
    expect(parseArgv(['-h'], kinds).help).toBe(true);
  });

  it('takes an optional value only when the next argument qualifies', () => {
    expect(valueOf(parseArgv(['--model', 'claude-x', 'a.jsonl'], kinds, notAFile), '--model')).toBe('claude-x');
    const bare = parseArgv(['--model', 'a.jsonl'], kinds, notAFile);
    expect(bare.options.get('--model')).toBe(true);
    expect(bare.positional).toEqual(['a.jsonl']);
    expect(parseArgv(['--model', '--all'], kinds).options.get('--model')).toBe(true);
    expect(valueOf(parseArgv(['--model=b.jsonl'], kinds, notAFile), '--model')).toBe('b.jsonl');
  });

  it('refuses unknown options, a missing value and a value given to a switch', () => {
    expect(() => parseArgv(['--frobnicate'], kinds)).toThrow(new ArgError('unknown option --frobnicate'));
    expect(() => parseArgv(['--format'], kinds)).toThrow('--format needs a value');
    expect(() => parseArgv(['--format', '--all'], kinds)).toThrow('--format needs a value');
    expect(() => parseArgv(['--all=yes'], kinds)).toThrow('--all takes no value');
  });
});
