import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArgError, parseArgv, readInput, subcommandArgs, valueOf } from './args';

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

describe('subcommandArgs', () => {
  const run = (argv: string[]) => {
    const said: string[] = [];
    const io = { out: (s: string) => said.push(`out:${s}`), err: (s: string) => said.push(`err:${s}`) };
    const result = subcommandArgs(argv, kinds, { io, usage: 'USAGE', usageError: (msg) => (said.push(`usage:${msg}`), 2), takes: notAFile });
    return { result, said };
  };

  it('gives the arguments when there is something to run', () => {
    const { result, said } = run(['a.jsonl', '--model', 'b.jsonl']);
    expect(typeof result === 'number' ? result : result.positional).toEqual(['a.jsonl', 'b.jsonl']);
    expect(said).toEqual([]);
  });

  it('prints the usage for --help (status 0) and hands a refused option to the usage error', () => {
    expect(run(['--help', '--all'])).toEqual({ result: 0, said: ['out:USAGE\n'] });
    expect(run(['--frobnicate'])).toEqual({ result: 2, said: ['usage:unknown option --frobnicate'] });
  });
});

describe('readInput', () => {
  it('reads a file, and says which file could not be read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'args-'));
    writeFileSync(join(dir, 'a.jsonl'), 'text');
    const errors: string[] = [];
    const io = { err: (s: string) => errors.push(s) };
    expect(await readInput(join(dir, 'a.jsonl'), io)).toBe('text');
    expect(errors).toEqual([]);
    expect(await readInput(join(dir, 'missing.jsonl'), io)).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/missing\.jsonl: cannot read: .*ENOENT/);
  });
});
