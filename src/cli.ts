// `citation-audit FILE... [--format json|text|junit|markdown] [--fail-under S=V,...] [--require-style S] [--lang en|cs] [--citation-scope sentence|paragraph] [--model [name]]`
// `citation-audit diff BEFORE AFTER ...`, `citation-audit calibrate LABELLED ...` (src/cli/).
// Exit codes: 0 no case fails, 1 some case fails (or a threshold is missed), 2 unusable input or usage.
import type { RequiredStyle } from './core/types';
import { TOOL_VERSION } from './core/types';
import { parseThresholds } from './core/eval/ci';
import type { OutputFormat } from './cli/cases';
import { runAudit, type AuditRunOptions, type CliIo } from './cli/run';

export type { CliIo };

const STYLE_ALIASES: Record<string, RequiredStyle> = {
  auto: 'auto',
  cite: 'latex_cite',
  latex: 'latex_cite',
  latex_cite: 'latex_cite',
  brackets: 'bracket_number',
  numbers: 'bracket_number',
  bracket_number: 'bracket_number',
  ids: 'bracket_id',
  bracket_id: 'bracket_id',
  footnote: 'footnote',
  footnotes: 'footnote',
  fullwidth: 'fullwidth',
  longcite: 'longcite',
};

const USAGE = `Usage: citation-audit FILE... [options]
       citation-audit diff BEFORE.jsonl AFTER.jsonl [options]   (see citation-audit diff --help)
       citation-audit calibrate LABELLED.jsonl [options]        (see citation-audit calibrate --help)

Audits the citations of RAG answers. FILE is a case (.json), a dataset (.jsonl, one case per
line) or - for standard input.

Options:
  --format FORMAT         text (default); json: one report JSON for one case, one JSON line per
                          case for several; junit: JUnit XML, one test case per case; markdown:
                          a summary for a pull-request comment
  --junit FILE            also write the JUnit XML to FILE (one run, several outputs)
  --markdown FILE         also write the Markdown summary to FILE
  --fail-under S=V,...    also fail (exit 1) when the dataset mean of a score is below V, e.g.
                          citation_recall=0.8,citation_coverage=0.95 (scores: see README)
  --require-style STYLE   ${Object.keys(STYLE_ALIASES).join('|')} (default: auto)
  --lang en|cs            language of the answer and of the messages (default: detected;
                          English when there is too little text to tell)
  --citation-scope sentence|paragraph
                          sentence: every claim needs its own citation (default); paragraph:
                          the citation(s) closing a paragraph also cover its earlier sentences
  --model [NAME]          also run the model audit (key from ANTHROPIC_API_KEY, base URL from
                          ANTHROPIC_BASE_URL)
  --strict                with --model: two independent judgements per claim, keep the stricter
  --jobs N                worker threads for the local checks (default: one per core, up to 8;
                          1: on the main thread). Output stays in input order
  --batch                 with --model: send the run as a Message Batch at half the price, wait
                          for it (polling with backoff), then write the results as usual
  --state FILE            where --batch keeps its batch ids so that the same command resumes
                          (default: next to --junit/--markdown, else the input, + .batch.json)
  --detach                with --batch: create the batch, print the command that resumes, exit
  --cancel-batch          with --batch: cancel the batch in the state file; write what was done
  -h, --help              this text
  --version               the tool version

Exit status: 0 when no case fails, 1 when any case fails or a --fail-under threshold is missed,
2 for unusable input or usage.`;

/** What the command line asks for: the run's options (src/cli/run.ts) less the command line itself. */
type CliOptions = Omit<AuditRunOptions, 'argv'>;

const FORMATS: readonly OutputFormat[] = ['json', 'text', 'junit', 'markdown'];

class UsageError extends Error {}

export function parseArgs(argv: string[]): CliOptions | 'help' | 'version' {
  const opts: CliOptions = { files: [], format: 'text', failUnder: [], audit: {}, strict: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--version':
        return 'version';
      case '--format': {
        const v = value();
        if (!(FORMATS as readonly string[]).includes(v)) throw new UsageError(`--format takes ${FORMATS.join(', ')}; not "${v}"`);
        opts.format = v as OutputFormat;
        break;
      }
      case '--junit':
        opts.junitFile = value();
        break;
      case '--markdown':
        opts.markdownFile = value();
        break;
      case '--fail-under': {
        try {
          opts.failUnder.push(...parseThresholds(value()));
        } catch (err) {
          throw new UsageError((err as Error).message);
        }
        break;
      }
      case '--require-style': {
        const v = value();
        const style = STYLE_ALIASES[v.toLowerCase()];
        if (!style) throw new UsageError(`--require-style takes one of ${Object.keys(STYLE_ALIASES).join(', ')}; not "${v}"`);
        opts.audit.requiredStyle = style;
        break;
      }
      case '--lang': {
        const v = value();
        if (v !== 'en' && v !== 'cs' && v !== 'auto') throw new UsageError(`--lang takes en or cs, not "${v}"`);
        opts.audit.language = v;
        break;
      }
      case '--citation-scope': {
        const v = value();
        if (v !== 'sentence' && v !== 'paragraph') throw new UsageError(`--citation-scope takes sentence or paragraph, not "${v}"`);
        opts.audit.citationScope = v;
        break;
      }
      case '--model': {
        const next = inline ?? argv[i + 1];
        if (next !== undefined && !next.startsWith('-') && !/\.(jsonl?|txt)$/i.test(next) && inline === undefined && looksLikeModel(next)) {
          opts.model = next;
          i++;
        } else if (inline !== undefined) opts.model = inline;
        else opts.model = true;
        break;
      }
      case '--strict':
        opts.strict = true;
        break;
      case '--jobs': {
        const v = value();
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--jobs takes a whole number from 1 to 64, not "${v}"`);
        opts.jobs = n;
        break;
      }
      case '--batch':
        opts.batch = { detach: false, cancel: false, ...opts.batch };
        break;
      case '--state':
        opts.batch = { detach: false, cancel: false, ...opts.batch, stateFile: value() };
        break;
      case '--detach':
        opts.batch = { cancel: false, ...opts.batch, detach: true };
        break;
      case '--cancel-batch':
        opts.batch = { detach: false, ...opts.batch, cancel: true };
        break;
      default:
        if (arg.startsWith('--') || (arg.startsWith('-') && arg !== '-')) throw new UsageError(`unknown option ${arg}`);
        opts.files.push(arg);
    }
  }
  if (opts.files.length === 0) throw new UsageError('no input file given (use - for standard input)');
  if (opts.batch && opts.model === undefined) throw new UsageError('--batch, --state, --detach and --cancel-batch need --model');
  return opts;
}

const looksLikeModel = (s: string): boolean => /^[a-z][\w.-]*$/i.test(s) && /claude|sonnet|opus|haiku|^[a-z]+-\d/i.test(s);

const processIo = (): CliIo => ({
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  stdout: process.stdout,
  ...(process.stdout.isTTY ? { outIsTerminal: true } : {}),
  ...(process.stderr.isTTY ? { progress: (s: string) => process.stderr.write(s) } : {}),
});

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  // Subcommands live in their own files; `./diff` audits a file that happens to be named diff.
  if (argv[0] === 'diff') return (await import('./cli/diff')).diffMain(argv.slice(1), io);
  if (argv[0] === 'calibrate') return (await import('./cli/calibrate')).calibrateMain(argv.slice(1), io);
  let opts: CliOptions;
  try {
    const parsed = parseArgs(argv);
    if (parsed === 'help') {
      io.out(`${USAGE}\n`);
      return 0;
    }
    if (parsed === 'version') {
      io.out(`citation-audit ${TOOL_VERSION}\n`);
      return 0;
    }
    opts = parsed;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`citation-audit: ${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw err;
  }

  return runAudit({ ...opts, argv }, io);
}
