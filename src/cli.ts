// `citation-audit FILE... [--format json|text|junit|markdown] [--fail-under S=V,...] [--require-style S] [--lang en|cs] [--citation-scope sentence|paragraph] [--model [name]]`
// `citation-audit diff BEFORE AFTER ...`, `citation-audit calibrate LABELLED ...` (src/cli/).
// Exit codes: 0 no case fails, 1 some case fails (or a threshold is missed), 2 unusable input or usage.
import { readFile, writeFile } from 'node:fs/promises';
import { auditCase } from './core/audit';
import { parseCaseText, parseDataset } from './core/parse/case';
import type { AuditCase, AuditOptions, ModelResults, ParseError, Report, RequiredStyle } from './core/types';
import { TOOL_VERSION } from './core/types';
import { renderTextReport } from './core/textReport';
import { applyModelResults } from './core/report';
import { withoutTexts } from './core/localize';
import { checkThresholds, ciMetrics, describeThresholdFailure, parseThresholds, toJunit, toMarkdown, type CiCase, type Threshold } from './core/ci';
import { startProgress } from './cli/progress';
import { inputHash } from './core/diff';
import { makeNonce } from './model/wrap';
import { addUsage, emptyUsage, usageLine } from './model/usage';
import { DEFAULT_MODEL } from './model/constants';

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
  -h, --help              this text
  --version               the tool version

Exit status: 0 when no case fails, 1 when any case fails or a --fail-under threshold is missed,
2 for unusable input or usage.`;

interface CliOptions {
  files: string[];
  format: OutputFormat;
  failUnder: Threshold[];
  /** Extra outputs written to files, so that one (model) run feeds every CI report. */
  junitFile?: string;
  markdownFile?: string;
  audit: AuditOptions;
  model?: string | true;
  strict: boolean;
}

type OutputFormat = 'json' | 'text' | 'junit' | 'markdown';
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
      default:
        if (arg.startsWith('--') || (arg.startsWith('-') && arg !== '-')) throw new UsageError(`unknown option ${arg}`);
        opts.files.push(arg);
    }
  }
  if (opts.files.length === 0) throw new UsageError('no input file given (use - for standard input)');
  return opts;
}

const looksLikeModel = (s: string): boolean => /^[a-z][\w.-]*$/i.test(s) && /claude|sonnet|opus|haiku|^[a-z]+-\d/i.test(s);

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFile(file, 'utf8');
  const parts: Buffer[] = [];
  for await (const chunk of process.stdin) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function formatError(file: string, e: ParseError): string {
  return `${file === '-' ? '<stdin>' : file}:${e.line}:${e.column}: ${e.message}`;
}

/** Reads every input; returns the cases with their origin, and positioned errors. */
async function loadCases(files: string[]): Promise<{ cases: { file: string; c: AuditCase }[]; errors: string[]; singleCase: boolean }> {
  const cases: { file: string; c: AuditCase }[] = [];
  const errors: string[] = [];
  let singleCase = files.length === 1;
  for (const file of files) {
    let text: string;
    try {
      text = await readInput(file);
    } catch (err) {
      errors.push(`${file}: cannot read: ${(err as Error).message}`);
      continue;
    }
    const single = /\.json$/i.test(file) && text.trimStart().startsWith('{');
    if (single) {
      const r = parseCaseText(text);
      for (const e of r.errors) errors.push(formatError(file, e));
      if (r.value && r.errors.length === 0) cases.push({ file, c: r.value });
    } else {
      // One object (however pretty-printed) is a single case; several top-level lines are a dataset.
      singleCase = singleCase && text.trimStart().startsWith('{') && text.split('\n').filter((l) => l.startsWith('{')).length <= 1;
      const r = parseDataset(text);
      for (const e of r.errors) errors.push(formatError(file, e));
      for (const c of r.cases) cases.push({ file, c });
      if (r.cases.length === 0 && r.errors.length === 0) errors.push(`${file}:1:1: no case found (expected a JSON case object, or JSONL with one case per line)`);
    }
  }
  return { cases, errors, singleCase };
}

const snippet = (t: string): string => {
  const one = t.replace(/\s+/g, ' ').trim();
  return one.length > 100 ? `${one.slice(0, 99)}\u2026` : one;
};

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Where the progress line goes; only given when standard error is a terminal. */
  progress?: (s: string) => void;
}

const processIo = (): CliIo => ({
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
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

  const { cases, errors, singleCase } = await loadCases(opts.files);
  for (const e of errors) io.err(`${e}\n`);

  let runModel: ((c: AuditCase, r: Report) => Promise<Report>) | undefined;
  const usage = emptyUsage();
  let usedModel: string | undefined;
  if (opts.model !== undefined) {
    const apiKey = process.env.ANTHROPIC_API_KEY;
    if (!apiKey) {
      io.err('citation-audit: --model needs the ANTHROPIC_API_KEY environment variable\n');
      return 2;
    }
    const { runModelAuditNode } = await import('./model/node');
    const model = typeof opts.model === 'string' ? opts.model : undefined;
    const baseURL = process.env.ANTHROPIC_BASE_URL;
    // Several cases share one nonce, so the instructions are the same bytes every time and the
    // prompt cache serves them after the first request.
    const many = cases.length > 1 ? { nonce: makeNonce(), cacheInstructions: true } : {};
    runModel = (c, r) =>
      runModelAuditNode(c, r, { apiKey, ...(baseURL ? { baseURL } : {}), ...(model ? { model } : {}), strict: opts.strict, ...many, onUsage: (u) => addUsage(usage, u) });
    usedModel = model ?? DEFAULT_MODEL;
  }

  let anyFail = false;
  let modelFailed = false;
  const reports: Report[] = [];
  const done: CiCase[] = [];
  const progress = startProgress(cases.length, io.progress);
  for (const [index, { file, c }] of cases.entries()) {
    let report = auditCase(c, opts.audit);
    let error: string | undefined;
    if (runModel) {
      try {
        report = await runModel(c, report);
      } catch (err) {
        modelFailed = true;
        const where = `${file}${c.id !== undefined ? ` (${String(c.id)})` : ''}`;
        const { describeModelError, ModelError } = await import('./model/errors');
        // The CLI's own wording: the page's speaks of its settings, reloading and browser CORS.
        const text = err instanceof ModelError ? describeModelError(err.init, 'en', { surface: 'cli' }).text : (err as Error).message;
        error = text;
        progress.clear();
        io.err(`${where}: model audit failed: ${text}\n`);
        // Keep what was judged before the failure, and say which claims were left unjudged.
        const partial = (err as { partial?: ModelResults }).partial;
        if (partial && partial.judgements.length) report = applyModelResults(report, partial, c);
        const unjudged = err instanceof ModelError ? (err.unjudged ?? []) : [];
        if (partial && unjudged.length) {
          io.err(`${where}: not judged by the model (${unjudged.length}):\n`);
          for (const i of unjudged) io.err(`  claim ${i + 1}: ${snippet(report.claims[i]?.text ?? '')}\n`);
        }
      }
    }
    // Lets `citation-audit diff` match this run to another when the cases carry no id.
    report = { ...report, meta: { ...report.meta, input_hash: inputHash(c.query, c.answer) } };
    if (report.verdict === 'FAIL') anyFail = true;
    reports.push(report);
    done.push({ file, id: c.id !== undefined ? String(c.id) : null, index, query: c.query, report, ...(error !== undefined ? { error } : {}) });
    if (opts.format === 'text') {
      progress.clear();
      io.out(`${renderTextReport(report, { file, ...(c.id !== undefined ? { id: String(c.id) } : {}) })}\n`);
    }
    progress.tick(index + 1);
  }
  progress.clear();
  if (usedModel && usage.requests > 0) io.err(`citation-audit: ${usageLine(usedModel, usage)}\n`);
  const gate = opts.failUnder.length ? checkThresholds(ciMetrics(done), opts.failUnder) : [];
  if (opts.format === 'json') {
    // The report's words only: the texts they were written from stay inside the tool.
    if (singleCase && reports.length === 1) io.out(`${JSON.stringify(withoutTexts(reports[0]!), null, 2)}\n`);
    else for (const r of reports) io.out(`${JSON.stringify(withoutTexts(r))}\n`);
  } else if (opts.format === 'junit') io.out(toJunit(done, { thresholds: gate }));
  else if (opts.format === 'markdown') io.out(toMarkdown(done, { thresholds: gate }));
  try {
    if (opts.junitFile) await writeFile(opts.junitFile, toJunit(done, { thresholds: gate }));
    if (opts.markdownFile) await writeFile(opts.markdownFile, toMarkdown(done, { thresholds: gate }));
  } catch (err) {
    io.err(`citation-audit: cannot write: ${(err as Error).message}\n`);
    return 2;
  }
  const missed = gate.filter((t) => !t.passed);
  for (const t of missed) io.err(`citation-audit: --fail-under ${describeThresholdFailure(t)}\n`);
  if (errors.length || modelFailed) return 2;
  return anyFail || missed.length ? 1 : 0;
}
