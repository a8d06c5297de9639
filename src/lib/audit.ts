// The local half of the library (docs/library.md): read a case, audit it, write the report as the
// CLI writes it. Thin on purpose: the work is the core's, and a report made here is the one
// `citation-audit --format json` prints for the same case and options.
import { auditCase as auditCore } from '../core/audit';
import { toJunit, toMarkdown, type CiCase } from '../core/eval/ci';
import { caseHashes } from '../core/eval/diff';
import { parseCaseText, parseDataset as parseDatasetCore, restoreCase, type RestoreResult } from '../core/parse/case';
import { withoutTexts } from '../core/report/localize';
import { renderTextReport } from '../core/report/textReport';
import { CITATION_SCOPES, LanguageSchema, REQUIRED_STYLES, type AuditCase, type CitationScope, type Language, type ParseError, type Report, type RequiredStyle } from '../core/types';

/** How the local audit reads the answer: the options of the CLI's --require-style, --lang and --citation-scope. */
export interface AuditOptions {
  /** The citation style the answer must use (default 'auto': whatever style it uses). */
  requiredStyle?: RequiredStyle;
  /** The answer's language and the report's; 'auto' (default) detects it from the query and answer. */
  language?: Language | 'auto';
  /** The language when the text is too short to tell (default 'en'). */
  fallbackLanguage?: Language;
  /** 'sentence' (default): every claim needs its own citation; 'paragraph': a paragraph's closing citations cover it. */
  citationScope?: CitationScope;
}

/** A case read from text: `case` is set when there are no errors; every problem has its line and column. */
export interface CaseParse {
  case?: AuditCase;
  errors: ParseError[];
  warnings: ParseError[];
}

/** A dataset read from text: the cases that could be read, each with the line it starts on. */
export interface DatasetParse {
  cases: AuditCase[];
  /** 1-based line where each case starts. */
  lines: number[];
  errors: ParseError[];
  warnings: ParseError[];
}

/**
 * Text, or a TypeError that says what was passed instead: a Buffer (readFileSync without an
 * encoding) or an object failed deep inside the parser with "text.charCodeAt is not a function".
 */
function checkedText(fn: string, text: unknown): string {
  if (typeof text === 'string') return text;
  const what = text instanceof Uint8Array ? 'bytes (a Buffer: read the file with the encoding, e.g. readFileSync(file, \'utf8\'))' : text === null ? 'null' : Array.isArray(text) ? 'a list' : typeof text === 'object' ? 'an object (auditCase takes a case object)' : typeof text;
  throw new TypeError(`${fn}: expected JSON text (a string), got ${what}`);
}

/** Reads one case from JSON text (any of the answer and chunk formats of docs/formats.md). */
export function parseCase(text: string): CaseParse {
  const r = parseCaseText(checkedText('parseCase', text), 'case');
  return { ...(r.value && r.errors.length === 0 ? { case: r.value } : {}), errors: r.errors, warnings: r.warnings };
}

/** Reads a dataset: JSON Lines (one case per line), a JSON list of cases, or one case. A bad line does not stop the others. */
export function parseDataset(text: string): DatasetParse {
  const r = parseDatasetCore(checkedText('parseDataset', text));
  return { cases: r.cases, lines: r.lines, errors: r.errors, warnings: r.warnings };
}

/**
 * The case checked against the same schema the CLI reads cases with (field aliases such as
 * question/response/contexts included); a value that is not a case is refused with every problem.
 */
export function checkedCase(c: unknown): AuditCase {
  // A string would be read as JSON by restoreCase: text goes through parseCase instead.
  const r: RestoreResult = typeof c === 'string' ? { errors: ['expected an object with query, answer and chunks (parseCase reads JSON text)'], warnings: [] } : restoreCase(c);
  if (r.value && r.errors.length === 0) return r.value;
  throw new TypeError(`Not an audit case: ${r.errors.join('; ') || 'expected an object with query, answer and chunks'}`);
}

/** The local report as the CLI finishes it: with the hashes that let `citation-audit diff` pair runs. */
export function finishedReport(c: AuditCase, report: Report): Report {
  return { ...report, meta: { ...report.meta, ...caseHashes(c.query, c.answer) } };
}

/** The local audit of one case: synchronous, no network. Throws a TypeError when `c` is not a case. */
export function auditCase(c: AuditCase, options: AuditOptions = {}): Report {
  const valid = checkedCase(c);
  return finishedReport(valid, auditCore(valid, pick(options)));
}

/** Every value each option takes. */
const OPTION_VALUES: Record<keyof AuditOptions, readonly string[]> = {
  requiredStyle: REQUIRED_STYLES,
  language: ['auto', ...LanguageSchema.options],
  fallbackLanguage: LanguageSchema.options,
  citationScope: CITATION_SCOPES,
};

/**
 * Only the public options reach the core (its other options are the page's). A value an option
 * does not take is a TypeError naming it, not read as something else: an unknown style (say the
 * CLI's name `cite`) failed every marker as "the required undefined style", and an unknown
 * language threw from inside the sentence splitter.
 */
export function pick(o: AuditOptions): AuditOptions {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new TypeError(`AuditOptions: expected an object such as { language: 'en' }, got ${describeValue(o)}`);
  for (const [name, values] of Object.entries(OPTION_VALUES)) {
    const v: unknown = o[name as keyof AuditOptions];
    if (v !== undefined && !values.includes(v as string)) {
      throw new TypeError(`AuditOptions: ${name} takes ${values.map((x) => `'${x}'`).join(', ')}, not ${JSON.stringify(v)}`);
    }
  }
  return {
    ...(o.requiredStyle !== undefined ? { requiredStyle: o.requiredStyle } : {}),
    ...(o.language !== undefined ? { language: o.language } : {}),
    ...(o.fallbackLanguage !== undefined ? { fallbackLanguage: o.fallbackLanguage } : {}),
    ...(o.citationScope !== undefined ? { citationScope: o.citationScope } : {}),
  };
}

/** The CLI's output formats (docs/cli.md). */
export type ReportFormat = 'text' | 'json' | 'junit' | 'markdown';

/**
 * Reports written as the CLI writes them: 'text' as on a terminal, 'json' one line per report
 * (the report's words only, as `--format json`), 'junit' one XML document with a test case per
 * report, 'markdown' the summary for a pull-request comment.
 */
export function renderReport(reports: Report | readonly Report[], format: ReportFormat = 'text'): string {
  const list: readonly Report[] = Array.isArray(reports) ? reports : [reports as Report];
  list.forEach((r: unknown, i) => {
    const problem = reportProblem(r);
    if (problem) throw new TypeError(`renderReport: ${Array.isArray(reports) ? `reports[${i}]` : 'reports'} is not a report (what auditCase or judgeCase returns, or a list of them): ${problem}`);
  });
  switch (format) {
    case 'text':
      return list.map((r) => `${renderTextReport(r, idOf(r))}\n`).join('');
    case 'json':
      return list.map((r) => `${JSON.stringify(withoutTexts(r))}\n`).join('');
    case 'junit':
      return toJunit(list.map(ciCase));
    case 'markdown':
      return toMarkdown(list.map(ciCase));
    default:
      throw new TypeError(`renderReport: unknown format "${String(format)}" (text, json, junit or markdown)`);
  }
}

/** What a value lacks to be a report (undefined when it has a verdict, claims and meta), in words. */
function reportProblem(r: unknown): string | undefined {
  if (typeof r !== 'object' || r === null) return `got ${describeValue(r)}`;
  const o = r as Record<string, unknown>;
  if ('query' in o && 'answer' in o && !('verdict' in o)) return 'got a case (pass it to auditCase first)';
  const missing = [typeof o.verdict === 'string' ? '' : 'verdict', Array.isArray(o.claims) ? '' : 'claims', typeof o.meta === 'object' && o.meta !== null ? '' : 'meta'].filter(Boolean);
  return missing.length ? `an object without ${missing.join(', ')}` : undefined;
}

/** A value as an error message names it. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return typeof v === 'object' ? 'an object' : typeof v;
}

const idOf = (r: Report): { id?: string } => (r.meta.case_id !== undefined ? { id: r.meta.case_id } : {});

function ciCase(report: Report, index: number): CiCase {
  const error = report.meta.model_error?.message;
  return { file: 'citation-auditor', id: report.meta.case_id ?? null, index, query: '', report, ...(error !== undefined ? { error } : {}) };
}
