// `citation-audit diff BEFORE AFTER [--tolerance X] [--format text|json|markdown] [--all]`
// Exit status: 0 nothing regressed, 1 something regressed past the tolerance, 2 unusable input.
import { diffRuns, diffToMarkdown, diffToText, parseRunFile, type RunCase } from '../core/eval/diff';
import { oneOf, readInput, subcommandArgs, type Io, type OptionSpecs } from './args';

const USAGE = `Usage: citation-audit diff BEFORE.jsonl AFTER.jsonl [options]

Compares two results files — the CLI's --format json output, or the Dataset view's JSONL
download — case by case (matched by id, else by query and answer, else by the query when it
is unique on both sides) and over the dataset. Each case is regressed, improved, newly
measured (a score measured now that was not before, "—" → a number, and nothing better or
worse), changed otherwise, unchanged, added or removed.

Options:
  --tolerance X           score drops up to X (per case and for each mean) are not regressions
                          (default: 0)
  --format text|json|markdown   (default: text)
  --all                   text: list unchanged cases too
  -h, --help              this text

Exit status: 0 when nothing regressed, 1 when anything regressed (a worse verdict, a dimension
that now fails, a score or mean that dropped past the tolerance, a new error finding, a case
missing from AFTER), 2 for unusable input.`;

export async function diffMain(argv: string[], io: Io): Promise<number> {
  const usage = (msg: string): number => {
    io.err(`citation-audit diff: ${msg}\n\n${USAGE}\n`);
    return 2;
  };
  const options = {
    tolerance: { type: 'string', check: (v) => (v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 1 ? undefined : `--tolerance takes a number between 0 and 1, not "${v}"`) },
    format: { type: 'string', check: oneOf(['text', 'json', 'markdown'], (v) => `--format takes text, json or markdown; not "${v}"`) },
    all: { type: 'boolean' },
  } as const satisfies OptionSpecs;
  const args = subcommandArgs(argv, options, { io, usage: USAGE, usageError: usage });
  if (typeof args === 'number') return args;
  const files = args.positionals;
  const tolerance = args.values.tolerance === undefined ? 0 : Number(args.values.tolerance);
  const format = args.values.format ?? 'text';
  const all = args.values.all === true;
  if (files.length !== 2) return usage(`needs two results files (BEFORE and AFTER), got ${files.length}`);
  const runs: RunCase[][] = [];
  let bad = false;
  for (const file of files) {
    const text = await readInput(file, io);
    if (text === null) return 2;
    const parsed = parseRunFile(text);
    for (const e of parsed.errors) io.err(`${file}:${e.line}: ${e.message}\n`);
    if (parsed.errors.length) bad = true;
    if (parsed.cases.length === 0) {
      io.err(`${file}: no results found\n`);
      return 2;
    }
    runs.push(parsed.cases);
  }
  const d = diffRuns(runs[0]!, runs[1]!, { tolerance });
  if (format === 'json') io.out(`${JSON.stringify(d, null, 2)}\n`);
  else if (format === 'markdown') io.out(diffToMarkdown(d));
  else io.out(diffToText(d, { all }));
  // Lines that could not be read might hide a regression: never report a clean 0 over them.
  if (bad) return 2;
  return d.regressed ? 1 : 0;
}
