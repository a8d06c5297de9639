// `citation-audit FILE... [--format json|text] [--require-style S] [--lang en|cs] [--model [name]]`
// Exit codes: 0 no case fails, 1 some case fails, 2 unusable input or usage.
import { readFile } from 'node:fs/promises';
import { auditCase } from './core/audit';
import { parseCaseText, parseDataset } from './core/parse/case';
import type { AuditCase, AuditOptions, ModelResults, ParseError, Report, RequiredStyle } from './core/types';
import { TOOL_VERSION } from './core/types';
import { renderTextReport } from './core/textReport';
import { applyModelResults } from './core/report';

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

Audits the citations of RAG answers. FILE is a case (.json), a dataset (.jsonl, one case per
line) or - for standard input.

Options:
  --format json|text      json: one report JSON for one case, one JSON line per case for several
                          (default: text)
  --require-style STYLE   ${Object.keys(STYLE_ALIASES).join('|')} (default: auto)
  --lang en|cs            language of the answer and of the messages (default: detected)
  --model [NAME]          also run the model audit (key from ANTHROPIC_API_KEY, base URL from
                          ANTHROPIC_BASE_URL)
  --strict                with --model: two independent judgements per claim, keep the stricter
  -h, --help              this text
  --version               the tool version

Exit status: 0 when no case fails, 1 when any case fails, 2 for unusable input.`;

interface CliOptions {
  files: string[];
  format: 'json' | 'text';
  audit: AuditOptions;
  model?: string | true;
  strict: boolean;
}

class UsageError extends Error {}

export function parseArgs(argv: string[]): CliOptions | 'help' | 'version' {
  const opts: CliOptions = { files: [], format: 'text', audit: {}, strict: false };
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
        if (v !== 'json' && v !== 'text') throw new UsageError(`--format takes json or text, not "${v}"`);
        opts.format = v;
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

export async function main(argv: string[], io: { out: (s: string) => void; err: (s: string) => void } = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
}): Promise<number> {
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
  if (opts.model !== undefined) {
    const apiKey = process.env.ANTHROPIC_API_KEY;
    if (!apiKey) {
      io.err('citation-audit: --model needs the ANTHROPIC_API_KEY environment variable\n');
      return 2;
    }
    const { runModelAuditNode } = await import('./model/node');
    const model = typeof opts.model === 'string' ? opts.model : undefined;
    const baseURL = process.env.ANTHROPIC_BASE_URL;
    runModel = (c, r) =>
      runModelAuditNode(c, r, { apiKey, ...(baseURL ? { baseURL } : {}), ...(model ? { model } : {}), strict: opts.strict });
  }

  let anyFail = false;
  let modelFailed = false;
  const reports: Report[] = [];
  for (const { file, c } of cases) {
    let report = auditCase(c, opts.audit);
    if (runModel) {
      try {
        report = await runModel(c, report);
      } catch (err) {
        modelFailed = true;
        const where = `${file}${c.id !== undefined ? ` (${String(c.id)})` : ''}`;
        const { describeModelError, ModelError } = await import('./model/errors');
        // The CLI's own wording: the page's speaks of its settings, reloading and browser CORS.
        const text = err instanceof ModelError ? describeModelError(err.init, 'en', { surface: 'cli' }).text : (err as Error).message;
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
    if (report.verdict === 'FAIL') anyFail = true;
    reports.push(report);
    if (opts.format === 'text') io.out(`${renderTextReport(report, { file, ...(c.id !== undefined ? { id: String(c.id) } : {}) })}\n`);
  }
  if (opts.format === 'json') {
    if (singleCase && reports.length === 1) io.out(`${JSON.stringify(reports[0], null, 2)}\n`);
    else for (const r of reports) io.out(`${JSON.stringify(r)}\n`);
  }
  if (errors.length || modelFailed) return 2;
  return anyFail ? 1 : 0;
}
