// `citation-audit FILE... [--format json|text|junit|markdown] [--fail-under S=V,...] [--require-style S] [--lang en|cs] [--citation-scope sentence|paragraph] [--model [name]]`
// `citation-audit diff BEFORE AFTER ...`, `citation-audit calibrate LABELLED ...`, `citation-audit agreement LABELS...` (src/cli/).
// Exit codes: 0 no case fails, 1 some case fails (or a threshold is missed), 2 unusable input or usage.
import type { RepeatRule, RequiredStyle } from './core/types';
import { TOOL_VERSION } from './core/types';
import { parseThresholds, type Threshold } from './core/eval/ci';
import type { OutputFormat } from './cli/cases';
import { runAudit, type AuditRunOptions, type CliIo } from './cli/run';
import { ArgError, oneOf, readArgs, wholeIn, type OptionSpecs } from './cli/args';
import { PROVIDER_HELP, PROVIDER_OPTIONS, REPEAT_HELP, REPEAT_OPTIONS, takesBatches } from './cli/provider';

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
       citation-audit agreement LABELS... [options]             (see citation-audit agreement --help)

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
  --model [NAME]          also run the model audit (key and base URL: see --provider)
${PROVIDER_HELP}
  --strict                with --model: two independent judgements per claim, keep the stricter
                          (the same as --repeat 2 --repeat-rule stricter)
${REPEAT_HELP}
  --timeout SECONDS       with --model: the deadline of each request, from sending it to the
                          reply's last byte (default 600); past it the request is cut and the
                          claims judged so far are kept
  --jobs N                worker threads for the local checks (default: one per core, up to 8;
                          1: on the main thread). Output stays in input order
  --batch                 with --model: send the run as a Message Batch at half the price, wait
                          for it (polling with backoff), then write the results as usual
                          (Anthropic only)
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

// Ollama's names carry a tag after a colon (llama3.1:8b); a name with a slash (vLLM's) needs --model=NAME.
const looksLikeModel = (s: string): boolean => /^[a-z][\w.:-]*$/i.test(s) && /claude|sonnet|opus|haiku|gpt|llama|qwen|mistral|gemma|phi|deepseek|:|^[a-z]+-\d/i.test(s);

const thresholdProblem = (v: string): string | undefined => {
  try {
    parseThresholds(v);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

/** Every --fail-under together: a score given in two of them is refused as within one. */
const thresholdsOf = (specs: readonly string[]): Threshold[] => {
  const all = specs.flatMap(parseThresholds);
  const twice = all.find((t, i) => all.findIndex((u) => u.score === t.score) !== i);
  if (twice) throw new ArgError(`--fail-under: ${twice.score} is given twice; give each score once`);
  return all;
};

const OPTIONS = {
  format: { type: 'string', check: oneOf(FORMATS, (v) => `--format takes ${FORMATS.join(', ')}; not "${v}"`) },
  junit: { type: 'string' },
  markdown: { type: 'string' },
  'fail-under': { type: 'string', multiple: true, check: thresholdProblem },
  'require-style': { type: 'string', check: (v) => (STYLE_ALIASES[v.toLowerCase()] ? undefined : `--require-style takes one of ${Object.keys(STYLE_ALIASES).join(', ')}; not "${v}"`) },
  lang: { type: 'string', check: oneOf(['en', 'cs', 'auto'], (v) => `--lang takes en or cs, not "${v}"`) },
  'citation-scope': { type: 'string', check: oneOf(['sentence', 'paragraph'], (v) => `--citation-scope takes sentence or paragraph, not "${v}"`) },
  // A model name, never a file: `--model a.jsonl` is the default model over a.jsonl.
  model: { type: 'optional', takes: (next) => !/\.(jsonl?|txt)$/i.test(next) && looksLikeModel(next) },
  strict: { type: 'boolean' },
  ...REPEAT_OPTIONS,
  timeout: { type: 'string', check: (v) => (Number.isFinite(Number(v)) && Number(v) > 0 && Number(v) <= 86_400 && v.trim() !== '' ? undefined : `--timeout takes a number of seconds above 0 (up to 86400), not "${v}"`) },
  jobs: { type: 'string', check: (v) => (wholeIn(v, 1, 64) ? undefined : `--jobs takes a whole number from 1 to 64, not "${v}"`) },
  batch: { type: 'boolean' },
  state: { type: 'string' },
  detach: { type: 'boolean' },
  'cancel-batch': { type: 'boolean' },
  ...PROVIDER_OPTIONS,
  version: { type: 'boolean' },
} as const satisfies OptionSpecs;

function readOptions(argv: string[]): CliOptions | 'help' | 'version' {
  const { values: v, positionals: files, help } = readArgs(argv, OPTIONS);
  if (help) return 'help';
  if (v.version) return 'version';
  if (files.length === 0) throw new ArgError('no input file given (use - for standard input)');
  const batchAsked = v.batch || v.state !== undefined || v.detach || v['cancel-batch'];
  if (batchAsked && v.model === undefined) throw new ArgError('--batch, --state, --detach and --cancel-batch need --model');
  if ((v.provider !== undefined || v['base-url'] !== undefined || v.timeout !== undefined) && v.model === undefined) throw new ArgError('--provider, --base-url and --timeout need --model');
  if ((v.repeat !== undefined || v['repeat-rule'] !== undefined) && v.model === undefined) throw new ArgError('--repeat and --repeat-rule need --model');
  if (v.strict && v.repeat !== undefined) throw new ArgError('--strict is --repeat 2 --repeat-rule stricter: give --strict or --repeat, not both');
  if (v['repeat-rule'] !== undefined && v.repeat === undefined) throw new ArgError('--repeat-rule needs --repeat K (the rule picks one of K verdicts)');
  if (batchAsked && v.repeat !== undefined) throw new ArgError('--repeat does not work with --batch yet: use --strict (two judgements) with --batch, or run --repeat without --batch');
  if (batchAsked && !takesBatches(v.provider as AuditRunOptions['provider'])) throw new ArgError(`--batch uses Anthropic\u2019s Message Batches: it does not work with --provider ${v.provider}`);
  return {
    files,
    format: (v.format ?? 'text') as OutputFormat,
    failUnder: thresholdsOf(v['fail-under'] ?? []),
    audit: {
      ...(v['require-style'] ? { requiredStyle: STYLE_ALIASES[v['require-style'].toLowerCase()]! } : {}),
      ...(v.lang ? { language: v.lang as 'en' | 'cs' | 'auto' } : {}),
      ...(v['citation-scope'] ? { citationScope: v['citation-scope'] as 'sentence' | 'paragraph' } : {}),
    },
    strict: v.strict === true,
    ...(v.repeat !== undefined ? { repeat: Number(v.repeat) } : {}),
    ...(v['repeat-rule'] !== undefined ? { repeatRule: v['repeat-rule'] as RepeatRule } : {}),
    ...(v.junit !== undefined ? { junitFile: v.junit } : {}),
    ...(v.markdown !== undefined ? { markdownFile: v.markdown } : {}),
    ...(v.model !== undefined ? { model: v.model } : {}),
    ...(v.provider !== undefined ? { provider: v.provider as AuditRunOptions['provider'] } : {}),
    ...(v['base-url'] !== undefined ? { baseURL: v['base-url'] } : {}),
    ...(v.jobs !== undefined ? { jobs: Number(v.jobs) } : {}),
    ...(v.timeout !== undefined ? { timeoutMs: Math.round(Number(v.timeout) * 1000) } : {}),
    ...(batchAsked ? { batch: { detach: v.detach === true, cancel: v['cancel-batch'] === true, ...(v.state !== undefined ? { stateFile: v.state } : {}) } } : {}),
  };
}

const processIo = (): CliIo => ({
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  stdout: process.stdout,
  ...(process.stdout.isTTY ? { outIsTerminal: true } : {}),
  ...(process.stderr.isTTY ? { progress: (s: string) => process.stderr.write(s) } : {}),
  interrupts: () => {
    const controller = new AbortController();
    const stop = (name: NodeJS.Signals) => {
      // The first signal stops the run in order; the next one, with no listener left, ends the process.
      dispose();
      controller.abort(name);
    };
    const dispose = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return { signal: controller.signal, dispose };
  },
});

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  // Subcommands live in their own files; `./diff` audits a file that happens to be named diff.
  if (argv[0] === 'diff') return (await import('./cli/diff')).diffMain(argv.slice(1), io);
  if (argv[0] === 'calibrate') return (await import('./cli/calibrate')).calibrateMain(argv.slice(1), io);
  if (argv[0] === 'agreement') return (await import('./cli/agreement')).agreementMain(argv.slice(1), io);
  let opts: CliOptions;
  try {
    const parsed = readOptions(argv);
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
    if (err instanceof ArgError) {
      io.err(`citation-audit: ${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw err;
  }

  return runAudit({ ...opts, argv }, io);
}
