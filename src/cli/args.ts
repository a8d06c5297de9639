// The command line of every command (audit, diff, calibrate), read by node:util parseArgs. On top
// of it: -h/--help, an option whose value may be left out (`--model [NAME]`: the next argument is
// its value only when the command says it could be one), a check of each value where it is given,
// and our wording of what is wrong. Also what every subcommand does alike: the usage on -h/--help
// or on a refused option, and reading an input file.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

export type OptionSpec =
  /** Needs a value; `check` says what is wrong with one (run on every occurrence, in order). */
  | { type: 'string'; multiple?: boolean; check?: (value: string) => string | undefined }
  /** A switch. */
  | { type: 'boolean' }
  /** A switch that may carry a value: `--model=NAME`, or `--model NAME` when `takes(NAME)`. */
  | { type: 'optional'; takes: (next: string) => boolean };

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<O extends OptionSpec> = O extends { type: 'string'; multiple: true }
  ? string[]
  : O extends { type: 'string' }
    ? string
    : O extends { type: 'optional' }
      ? string | true
      : true;

/** By option name without the dashes (`tolerance`); absent when not given. A repeated option keeps its last value. */
export type ArgValues<S extends OptionSpecs> = { -readonly [K in keyof S]?: ValueOf<S[K]> };

export interface ParsedArgs<S extends OptionSpecs> {
  values: ArgValues<S>;
  positionals: string[];
  /** -h or --help was given (the arguments after it are not read). */
  help: boolean;
}

export class ArgError extends Error {}

export function readArgs<S extends OptionSpecs>(argv: readonly string[], specs: S): ParsedArgs<S> {
  const options = Object.fromEntries(Object.entries(specs).map(([name, s]) => [name, { type: s.type === 'string' ? ('string' as const) : ('boolean' as const) }]));
  // Not strict: an unknown option, a missing value or a value given to a switch is said below,
  // in our words and in the order of the command line.
  const { tokens } = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | string[] | true> = {};
  const positionals: string[] = [];
  let taken = -1;
  for (const t of tokens) {
    if (t.kind === 'positional') {
      if (t.index !== taken) positionals.push(t.value);
      continue;
    }
    if (t.kind !== 'option') continue;
    const flag = t.rawName;
    if (flag === '--help' || (flag === '-h' && argv[t.index] === '-h')) {
      if (t.inlineValue) throw new ArgError(`${flag} takes no value`);
      return { values: values as ArgValues<S>, positionals, help: true };
    }
    const spec = flag.startsWith('--') && Object.hasOwn(specs, t.name) ? specs[t.name]! : undefined;
    if (!spec) throw new ArgError(`unknown option ${argv[t.index]}`);
    if (spec.type === 'boolean') {
      if (t.inlineValue) throw new ArgError(`${flag} takes no value`);
      values[t.name] = true;
    } else if (spec.type === 'optional') {
      const next = argv[t.index + 1];
      if (t.inlineValue) values[t.name] = t.value!;
      else if (next !== undefined && !next.startsWith('-') && spec.takes(next)) {
        values[t.name] = next;
        taken = t.index + 1;
      } else values[t.name] = true;
    } else {
      // parseArgs takes the next argument whatever it is; another option is not a value.
      if (t.value === undefined || (!t.inlineValue && t.value.startsWith('--'))) throw new ArgError(`${flag} needs a value`);
      const problem = spec.check?.(t.value);
      if (problem !== undefined) throw new ArgError(problem);
      if (spec.multiple) ((values[t.name] ??= []) as string[]).push(t.value);
      else values[t.name] = t.value;
    }
  }
  return { values: values as ArgValues<S>, positionals, help: false };
}

/** A check that the value is one of `allowed`, and the message when it is not. */
export const oneOf =
  (allowed: readonly string[], message: (value: string) => string) =>
  (value: string): string | undefined =>
    allowed.includes(value) ? undefined : message(value);

/** Whether `value` reads (as Number reads it) as a whole number from `min` to `max`. */
export const wholeIn = (value: string, min: number, max: number): boolean => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max;
};

/** Where a subcommand writes: its result, and its messages. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

/**
 * A subcommand's arguments; or, when there is nothing to run, its exit status: 0 after printing
 * `usage` for -h/--help, or what `usageError` returns for an option readArgs refuses.
 */
export function subcommandArgs<S extends OptionSpecs>(argv: readonly string[], specs: S, cmd: { io: Io; usage: string; usageError: (msg: string) => number }): ParsedArgs<S> | number {
  let args: ParsedArgs<S>;
  try {
    args = readArgs(argv, specs);
  } catch (err) {
    if (err instanceof ArgError) return cmd.usageError(err.message);
    throw err;
  }
  if (args.help) {
    cmd.io.out(`${cmd.usage}\n`);
    return 0;
  }
  return args;
}

/** An input file's text; null once `io` is told why it cannot be read. */
export async function readInput(file: string, io: Pick<Io, 'err'>): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    io.err(`${file}: cannot read: ${(err as Error).message}\n`);
    return null;
  }
}
