import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArgError, oneOf, readArgs, readInput, subcommandArgs, wholeIn, type OptionSpecs } from './args';
import { tempDir } from '../../tests/factories/tempDir';

const specs = {
  format: { type: 'string', check: oneOf(['json', 'markdown'], (v) => `--format takes json or markdown, not "${v}"`) },
  tag: { type: 'string', multiple: true },
  all: { type: 'boolean' },
  model: { type: 'optional', takes: (next) => !/\.jsonl?$/.test(next) },
} as const satisfies OptionSpecs;

describe('readArgs', () => {
  it('reads values written apart or with =, switches, positionals and - for standard input', () => {
    const a = readArgs(['a.jsonl', '--format', 'json', '-', '--all', '--format=markdown', '--tag', 'x', '--tag=y'], specs);
    expect(a.positionals).toEqual(['a.jsonl', '-']);
    expect(a.values).toEqual({ format: 'markdown', all: true, tag: ['x', 'y'] });
    expect(a.help).toBe(false);
    expect(readArgs(['-h'], specs).help).toBe(true);
    expect(readArgs(['a.jsonl', '--help', '--frobnicate'], specs).help).toBe(true);
  });

  it('takes an optional value only when the next argument qualifies', () => {
    expect(readArgs(['--model', 'claude-x', 'a.jsonl'], specs)).toMatchObject({ values: { model: 'claude-x' }, positionals: ['a.jsonl'] });
    expect(readArgs(['--model', 'a.jsonl'], specs)).toMatchObject({ values: { model: true }, positionals: ['a.jsonl'] });
    expect(readArgs(['--model', '--all'], specs).values).toEqual({ model: true, all: true });
    expect(readArgs(['--model', '-'], specs)).toMatchObject({ values: { model: true }, positionals: ['-'] });
    expect(readArgs(['--model=b.jsonl'], specs).values.model).toBe('b.jsonl');
  });

  it('refuses unknown options, a missing value, a value given to a switch and a value its check refuses, in order', () => {
    expect(() => readArgs(['--frobnicate'], specs)).toThrow(new ArgError('unknown option --frobnicate'));
    expect(() => readArgs(['--frob=1'], specs)).toThrow('unknown option --frob=1');
    expect(() => readArgs(['-x'], specs)).toThrow('unknown option -x');
    expect(() => readArgs(['-hx'], specs)).toThrow('unknown option -hx');
    expect(() => readArgs(['--constructor'], specs)).toThrow('unknown option --constructor');
    expect(() => readArgs(['--format'], specs)).toThrow('--format needs a value');
    expect(() => readArgs(['--format', '--all'], specs)).toThrow('--format needs a value');
    expect(() => readArgs(['--all=yes'], specs)).toThrow('--all takes no value');
    expect(() => readArgs(['--format', 'xml', '--format', 'json'], specs)).toThrow('--format takes json or markdown, not "xml"');
    expect(() => readArgs(['--format', 'xml', '--frobnicate'], specs)).toThrow('--format takes');
  });

  it('reads the arguments after -- as positionals', () => {
    expect(readArgs(['--all', '--', '--odd-name.json'], specs)).toMatchObject({ values: { all: true }, positionals: ['--odd-name.json'] });
  });

  it('wholeIn reads a number as Number does', () => {
    expect([wholeIn('4', 1, 8), wholeIn('8', 1, 8), wholeIn('9', 1, 8), wholeIn('0', 1, 8), wholeIn('1.5', 1, 8), wholeIn('x', 1, 8)]).toEqual([true, true, false, false, false, false]);
  });
});

describe('subcommandArgs', () => {
  const run = (argv: string[]) => {
    const said: string[] = [];
    const io = { out: (s: string) => said.push(`out:${s}`), err: (s: string) => said.push(`err:${s}`) };
    const result = subcommandArgs(argv, specs, { io, usage: 'USAGE', usageError: (msg) => (said.push(`usage:${msg}`), 2) });
    return { result, said };
  };

  it('gives the arguments when there is something to run', () => {
    const { result, said } = run(['a.jsonl', '--model', 'b.jsonl']);
    expect(typeof result === 'number' ? result : result.positionals).toEqual(['a.jsonl', 'b.jsonl']);
    expect(said).toEqual([]);
  });

  it('prints the usage for --help (status 0) and hands a refused option to the usage error', () => {
    expect(run(['--help', '--all'])).toEqual({ result: 0, said: ['out:USAGE\n'] });
    expect(run(['--frobnicate'])).toEqual({ result: 2, said: ['usage:unknown option --frobnicate'] });
    expect(run(['--frobnicate', '--help'])).toEqual({ result: 2, said: ['usage:unknown option --frobnicate'] });
  });
});

describe('readInput', () => {
  it('reads a file, and says which file could not be read', async () => {
    const dir = tempDir('args-');
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
