// Argument reading shared by the subcommands (diff, calibrate): `--flag value` and `--flag=value`,
// switches, options whose value may be left out (`--model [NAME]`), -h/--help, and positional
// arguments ('-' included, for standard input). What each value means is the command's business.
// Also what every subcommand does alike: the usage on -h/--help or on a misspelt option, and
// reading an input file.
import { readFile } from 'node:fs/promises';

/** flag: a switch; value: needs a value; optional: takes the next argument only if `takes` says so. */
export type OptionKind = 'flag' | 'value' | 'optional';

export interface ParsedArgs {
  /** By option name as written (`--tolerance`); a switch, or an optional option given bare, is true. */
  options: Map<string, string | true>;
  positional: string[];
  help: boolean;
}

export class ArgError extends Error {}

export function parseArgv(argv: readonly string[], kinds: Readonly<Record<string, OptionKind>>, takes: (next: string) => boolean = () => true): ParsedArgs {
  const out: ParsedArgs = { options: new Map(), positional: [], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') {
      out.help = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      out.positional.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const kind = kinds[flag];
    if (!kind) throw new ArgError(`unknown option ${arg}`);
    if (kind === 'flag') {
      if (inline !== undefined) throw new ArgError(`${flag} takes no value`);
      out.options.set(flag, true);
    } else if (kind === 'value') {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new ArgError(`${flag} needs a value`);
      out.options.set(flag, v);
    } else {
      const next = argv[i + 1];
      if (inline !== undefined) out.options.set(flag, inline);
      else if (next !== undefined && !next.startsWith('-') && takes(next)) {
        out.options.set(flag, next);
        i++;
      } else out.options.set(flag, true);
    }
  }
  return out;
}

/** Where a subcommand writes: its result, and its messages. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

/**
 * A subcommand's arguments; or, when there is nothing to run, its exit status: 0 after printing
 * `usage` for -h/--help, or what `usageError` returns for an option parseArgv refuses.
 */
export function subcommandArgs(
  argv: readonly string[],
  kinds: Readonly<Record<string, OptionKind>>,
  cmd: { io: Io; usage: string; usageError: (msg: string) => number; takes?: (next: string) => boolean },
): ParsedArgs | number {
  let args: ParsedArgs;
  try {
    args = parseArgv(argv, kinds, cmd.takes);
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

/** The value of a 'value' option, if given. */
export const valueOf = (a: ParsedArgs, flag: string): string | undefined => {
  const v = a.options.get(flag);
  return typeof v === 'string' ? v : undefined;
};
