// Argument reading shared by the subcommands (diff, calibrate): `--flag value` and `--flag=value`,
// switches, options whose value may be left out (`--model [NAME]`), -h/--help, and positional
// arguments ('-' included, for standard input). What each value means is the command's business.

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

/** The value of a 'value' option, if given. */
export const valueOf = (a: ParsedArgs, flag: string): string | undefined => {
  const v = a.options.get(flag);
  return typeof v === 'string' ? v : undefined;
};
