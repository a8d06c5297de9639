// One case's work in a CLI run, the same in a worker thread and on the main thread: read the
// case from its JSONL line, audit it, render what the run prints for it, and add it to the run's
// tally (metric sums, the worst cases, JUnit counts). Nothing of a case outlives its batch except
// what the tally keeps, which is bounded (sums and the few worst cases), so memory does not grow
// with the number of cases.
import { withoutTexts } from '../core/report/localize';
import { auditCase } from '../core/audit';
import { caseBadness, compareBadness, junitTestcase, type Badness, type CiCase } from '../core/eval/ci';
import { addLedger, emptyLedgerSums, type LedgerSums } from '../core/report/ledger';
import { addStability, emptyStabilitySums, type StabilitySums } from '../core/report/stability';
import { addMetricsRow, dimensionStatuses, emptyMetricsSums, mergeMetricsSums, reportScores, type MetricsSums } from '../core/eval/dataset';
import { caseHashes } from '../core/eval/diff';
import { parseCaseText, restoreCaseDetailed } from '../core/parse/case';
import { tryJsonParse } from '../core/parse/json';
import { renderTextReport } from '../core/report/textReport';
import type { AuditCase, AuditOptions, Report } from '../core/types';

export type OutputFormat = 'json' | 'text' | 'junit' | 'markdown';

/** What every worker needs to know about the run (plain data: it is posted to the workers). */
export interface WorkOptions {
  audit: AuditOptions;
  format: OutputFormat;
  /** Render each case's JUnit testcase (for --format junit or --junit FILE). */
  junit: boolean;
  /** How many of the worst cases the tally keeps (the Markdown summary's table). */
  worst: number;
}

/** One case to audit: a JSONL line still to be read, or a case already read (a .json file, a list). */
export interface CaseItem {
  file: string;
  /** 1-based line where the case starts in its file. */
  line: number;
  /** Position in the run (0-based), over every input. */
  index: number;
  text?: string;
  c?: AuditCase;
}

/**
 * Lines of a JSON Lines input as they were read, still UTF-8: the reader cuts them without
 * decoding them, and a worker thread is handed the bytes (transferred, not copied) and decodes
 * them itself, so the main thread does next to nothing per case.
 */
export interface LineBatch {
  file: string;
  /** The lines' bytes one after another, without their line breaks. */
  bytes: Uint8Array;
  /** Where each line ends in `bytes`; it starts where the one before it ends. */
  ends: number[];
  /** Each line's 1-based number in its file. */
  lines: number[];
  /** The run position (CaseItem.index) of the first line; the others follow it one by one. */
  first: number;
}

/** Cases to audit: items, or lines still to decode. */
export type Work = CaseItem[] | LineBatch;

export const workSize = (work: Work): number => (Array.isArray(work) ? work.length : work.ends.length);

/** The cases of `work` as items, the lines decoded as UTF-8 (a byte-order mark kept, as before). */
export function itemsOf(work: Work): CaseItem[] {
  if (Array.isArray(work)) return work;
  const buf = Buffer.from(work.bytes.buffer, work.bytes.byteOffset, work.bytes.byteLength);
  const items: CaseItem[] = [];
  let start = 0;
  for (let k = 0; k < work.ends.length; k++) {
    const end = work.ends[k]!;
    items.push({ file: work.file, line: work.lines[k]!, index: work.first + k, text: buf.toString('utf8', start, end) });
    start = end;
  }
  return items;
}

/** What a batch of cases gives back, in input order. */
export interface BatchResult {
  /** Standard output for these cases (JSON lines or text reports). */
  out: string;
  /** From a worker thread: `out` as UTF-8 instead (its buffer transferred), and `out` empty. */
  outBytes?: Uint8Array;
  /** Standard error for these cases (unreadable lines, model failures). */
  err: string;
  /** Their JUnit testcases, when asked for. */
  junit: string;
  /** Cases audited (lines that could not be read are not counted). */
  cases: number;
  inputErrors: number;
  modelFailures: number;
}

export const emptyBatch = (): BatchResult => ({ out: '', err: '', junit: '', cases: 0, inputErrors: 0, modelFailures: 0 });

/** A name for the file in messages. */
export const fileLabel = (file: string): string => (file === '-' ? '<stdin>' : file);

/**
 * Reads one JSONL line as a case. JSON.parse and the case restore first, because nearly every
 * line is fine; only a line that fails is read again with the positioned parser, so that its
 * errors name the line and column in the file as before.
 */
export function readCaseLine(text: string, file: string, line: number): { c?: AuditCase; errors: string[] } {
  // A line JSON.parse refuses is read again below, for a positioned message.
  const parsed = tryJsonParse(text);
  if (parsed) {
    const r = restoreCaseDetailed(parsed.value);
    if (r.value && r.errors.length === 0) return { c: r.value, errors: [] };
  }
  const r = parseCaseText(text, 'dataset', line);
  if (r.value && r.errors.length === 0) return { c: r.value, errors: [] };
  const errors = r.errors.map((e) => `${fileLabel(file)}:${line + e.line - 1}:${e.column}: ${e.message}`);
  return { errors: errors.length ? errors : [`${fileLabel(file)}:${line}:1: not a case`] };
}

interface WorstEntry {
  k: Badness;
  c: CiCase;
}

/** The run's tally as plain data, posted back by each worker at the end and merged. */
export interface TallyState {
  sums: MetricsSums;
  /** The worst cases seen (at most `worst` of them), with their reports. */
  worst: CiCase[];
  anyFail: boolean;
  junitFailures: number;
  junitErrors: number;
  /** The ledgers of the model-judged cases, summed. */
  ledger: LedgerSums;
  /** The repeatedly judged pairs of every case, pooled. */
  stability: StabilitySums;
}

export class Tally {
  readonly sums = emptyMetricsSums();
  private worst: WorstEntry[] = [];
  anyFail = false;
  junitFailures = 0;
  junitErrors = 0;
  readonly ledger = emptyLedgerSums();
  readonly stability = emptyStabilitySums();
  constructor(private readonly keep: number) {}

  add(c: CiCase): void {
    const r = c.report;
    if (r.verdict === 'FAIL') this.anyFail = true;
    if (c.error) this.junitErrors++;
    else if (r.verdict === 'FAIL') this.junitFailures++;
    addMetricsRow(this.sums, metricsRow(r));
    addLedger(this.ledger, r.meta.ledger);
    addStability(this.stability, r.meta.stability);
    if (this.keep <= 0) return;
    const k = caseBadness(c);
    const last = this.worst[this.worst.length - 1];
    // Ties go to the earlier case, as in worstCases(): a later case must be strictly worse.
    if (this.worst.length >= this.keep && last && compareBadness(k, last.k) >= 0) return;
    let at = this.worst.length;
    while (at > 0 && compareBadness(k, this.worst[at - 1]!.k) < 0) at--;
    this.worst.splice(at, 0, { k, c });
    if (this.worst.length > this.keep) this.worst.pop();
  }

  state(): TallyState {
    return { sums: this.sums, worst: this.worst.map((w) => w.c), anyFail: this.anyFail, junitFailures: this.junitFailures, junitErrors: this.junitErrors, ledger: this.ledger, stability: this.stability };
  }
}

/** Several tallies (one per worker) as one; the worst-case candidates come back in input order. */
export function mergeTallies(states: readonly TallyState[]): TallyState {
  const sums = emptyMetricsSums();
  const out: TallyState = { sums, worst: [], anyFail: false, junitFailures: 0, junitErrors: 0, ledger: emptyLedgerSums(), stability: emptyStabilitySums() };
  for (const s of states) {
    mergeMetricsSums(sums, s.sums);
    out.worst.push(...s.worst);
    out.anyFail ||= s.anyFail;
    out.junitFailures += s.junitFailures;
    out.junitErrors += s.junitErrors;
    addLedger(out.ledger, s.ledger);
    addStability(out.stability, s.stability);
  }
  out.worst.sort((a, b) => a.index - b.index);
  return out;
}

/** What the metrics read of a report (the Dataset view's row, without the row's strings). */
function metricsRow(r: Report): Parameters<typeof addMetricsRow>[1] {
  const scores = reportScores(r);
  const dimensions = dimensionStatuses(r.dimensions);
  return { verdict: r.verdict, dimensions, checked_by: r.meta.checked_by, claims: r.claims.length, citations: r.citations.length, scores, stability: r.meta.stability?.agreeing_share ?? null };
}

/**
 * The end of a case's work once its report is final (after the model, when there is one): the
 * input hash that lets `diff` match runs, its output, its JUnit testcase and its place in the tally.
 */
export function finishCase(item: CaseItem, c: AuditCase, report: Report, opts: WorkOptions, tally: Tally, into: BatchResult, modelError?: NonNullable<Report['meta']['model_error']>): void {
  const error = modelError?.message;
  // Lets `citation-audit diff` match this run to another when the cases carry no id; a failed
  // model audit is said in the report itself, so that a pipeline reading only the JSON sees it.
  const final: Report = { ...report, meta: { ...report.meta, ...caseHashes(c.query, c.answer), ...(modelError ? { model_error: modelError } : {}) } };
  const id = c.id !== undefined ? String(c.id) : null;
  // The report's words only: the texts they were written from stay inside the tool.
  if (opts.format === 'json') into.out += `${JSON.stringify(withoutTexts(final))}\n`;
  else if (opts.format === 'text') into.out += `${renderTextReport(final, { file: item.file, ...(id !== null ? { id } : {}) })}\n`;
  const ci: CiCase = { file: item.file, id, index: item.index, query: c.query, report: final, ...(error !== undefined ? { error } : {}) };
  if (opts.junit) into.junit += junitTestcase(ci);
  tally.add(ci);
  into.cases++;
}

/** Reads and audits a batch with the local checks only (what the worker threads do). */
export function auditBatch(items: readonly CaseItem[], opts: WorkOptions, tally: Tally): BatchResult {
  const into = emptyBatch();
  for (const item of items) {
    const c = caseOf(item, into);
    if (c) finishCase(item, c, auditCase(c, opts.audit), opts, tally, into);
  }
  return into;
}

/** The item's case, or undefined with its errors written to the batch's standard error. */
export function caseOf(item: CaseItem, into: BatchResult): AuditCase | undefined {
  if (item.c) return item.c;
  const r = readCaseLine(item.text ?? '', item.file, item.line);
  if (r.c) return r.c;
  for (const e of r.errors) into.err += `${e}\n`;
  into.inputErrors++;
  return undefined;
}
