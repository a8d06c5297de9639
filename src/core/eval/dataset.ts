// A dataset's results: one row per case (verdict, dimensions, SPEC §6 scores), metrics over all
// rows with small histograms for charts, sorting and filtering for the table, and the JSONL / CSV
// exports. Pure; the dataset state computes rows in a worker and keeps them in IndexedDB.
import { csvCell } from '../report/export';
import { DIMENSIONS } from '../checks/registry';
import { claimSupport } from '../report/verdictScores';
import type { Dimension, Report, Status, Verdict } from '../types';
import { SCORE_KEYS, type ScoreKey } from './scoreKeys';

/** The table's dimension columns: the report's dimensions, from the registry of checks. */
export const DATASET_DIMENSIONS: readonly Dimension[] = DIMENSIONS;

export { SCORE_KEYS, type ScoreKey } from './scoreKeys';

export interface DatasetRow {
  /** Position in the dataset (0-based). */
  index: number;
  /** 1-based line of the case in the file it came from. */
  line: number;
  case_id: string | null;
  query: string;
  verdict: Verdict;
  dimensions: Record<Dimension, Status>;
  checked_by: 'local' | 'model';
  model: string | null;
  language: 'en' | 'cs';
  claims: number;
  citations: number;
  /** Findings by severity. */
  errors: number;
  warnings: number;
  scores: Record<ScoreKey, number | null>;
  /**
   * With repeated judgements: the share of the case's pairs whose verdicts all agree
   * (meta.stability.agreeing_share); null without repeats. Absent in rows stored before it.
   */
  stability?: number | null;
  /** Set when the case could not be audited at all (the row then fails). */
  error: string | null;
}

const QUERY_CHARS = 300;

/** A report's scores, null for each one it has no number for. */
export function reportScores(report: Report): Record<ScoreKey, number | null> {
  const scores = {} as Record<ScoreKey, number | null>;
  for (const k of SCORE_KEYS) {
    const v = report.scores[k];
    scores[k] = typeof v === 'number' ? v : null;
  }
  return scores;
}

/** The status of each of a report's dimensions (a report, or a report line as read back). */
export function dimensionStatuses(dims: Readonly<Record<Dimension, { status: Status }>>): Record<Dimension, Status> {
  const out = {} as Record<Dimension, Status>;
  for (const d of DATASET_DIMENSIONS) out[d] = dims[d].status;
  return out;
}

export function datasetRow(index: number, line: number, report: Report, query: string): DatasetRow {
  const scores = reportScores(report);
  const dimensions = dimensionStatuses(report.dimensions);
  return {
    index,
    line,
    case_id: report.meta.case_id ?? null,
    query: query.length > QUERY_CHARS ? `${query.slice(0, QUERY_CHARS - 1)}…` : query,
    verdict: report.verdict,
    dimensions,
    checked_by: report.meta.checked_by,
    model: report.meta.model ?? null,
    language: report.meta.language,
    claims: report.claims.length,
    citations: report.citations.length,
    errors: errorCount(report),
    warnings: report.findings.filter((f) => f.severity === 'warning').length,
    scores,
    stability: report.meta.stability?.agreeing_share ?? null,
    error: null,
  };
}

/**
 * Error findings, and what the model found wrong, which are issues of ACCURATE rather than
 * findings: each cited claim it judged not or only partly supported (each one fails ACCURATE) and
 * an answer it judged not correct against the gold answer. A row that fails ACCURATE by the model
 * never shows 0 errors.
 */
function errorCount(report: Report): number {
  let n = 0;
  for (const f of report.findings) if (f.severity === 'error') n++;
  if (report.meta.checked_by !== 'model') return n;
  for (const c of report.claims) {
    if (c.citation_indexes.length === 0) continue;
    const s = claimSupport(c.support, c.joint_support);
    if (s === 'not_supported' || s === 'partially_supported') n++;
  }
  if (report.answer_evaluation && report.answer_evaluation.verdict !== 'CORRECT') n++;
  return n;
}

/** The row of a case whose audit threw: it fails, with nothing checked and the reason kept. */
export function failedRow(index: number, line: number, caseId: string | null, query: string, message: string): DatasetRow {
  const scores = {} as Record<ScoreKey, number | null>;
  for (const k of SCORE_KEYS) scores[k] = null;
  return {
    index,
    line,
    case_id: caseId,
    query: query.length > QUERY_CHARS ? `${query.slice(0, QUERY_CHARS - 1)}…` : query,
    verdict: 'FAIL',
    dimensions: { exists: 'NOT_CHECKED', accurate: 'NOT_CHECKED', complete: 'NOT_CHECKED', formatted: 'NOT_CHECKED' },
    checked_by: 'local',
    model: null,
    language: 'en',
    claims: 0,
    citations: 0,
    errors: 1,
    warnings: 0,
    scores,
    stability: null,
    error: message,
  };
}

// ---------------------------------------------------------------------------------------------
// Metrics

export const HISTOGRAM_BINS = 10;

export interface ScoreSummary {
  /** Mean over the cases that have the score (macro average, as ALCE reports per dataset). */
  mean: number | null;
  /** Cases that have it. */
  n: number;
  min: number | null;
  max: number | null;
  /** Counts in [0, 0.1), [0.1, 0.2), … [0.9, 1.0]; 1.0 falls in the last bin. */
  histogram: number[];
}

export interface DatasetMetrics {
  cases: number;
  verdicts: Record<Verdict, number>;
  dimensions: Record<Dimension, Record<Status, number>>;
  checkedByModel: number;
  claims: number;
  citations: number;
  scores: Record<ScoreKey, ScoreSummary>;
  /** The cases' stability (repeated judgements), averaged like the scores. */
  stability: ScoreSummary;
}

/**
 * Running sums of the metrics, as plain data: rows are added one at a time and partial sums (one
 * per CLI worker thread) merge, so a dataset of any size is summed without keeping its rows.
 */
export interface MetricsSums extends Omit<DatasetMetrics, 'scores' | 'stability'> {
  /** Per score, what its summary is computed from (an empty one has n = 0 and ±Infinity bounds). */
  scores: Record<ScoreKey, ValueSums>;
  stability: ValueSums;
}

interface ValueSums {
  sum: number;
  n: number;
  min: number;
  max: number;
  histogram: number[];
}

const emptyValueSums = (): ValueSums => ({ sum: 0, n: 0, min: Infinity, max: -Infinity, histogram: new Array<number>(HISTOGRAM_BINS).fill(0) });

function addValue(s: ValueSums, v: number | null | undefined): void {
  if (v === null || v === undefined || !Number.isFinite(v)) return;
  s.sum += v;
  s.n++;
  s.min = Math.min(s.min, v);
  s.max = Math.max(s.max, v);
  s.histogram[binOf(v)]!++;
}

function mergeValues(a: ValueSums, b: ValueSums): void {
  a.sum += b.sum;
  a.n += b.n;
  a.min = Math.min(a.min, b.min);
  a.max = Math.max(a.max, b.max);
  b.histogram.forEach((c, i) => (a.histogram[i]! += c));
}

const summaryOf = (s: ValueSums): ScoreSummary =>
  s.n ? { mean: round4(s.sum / s.n), n: s.n, min: s.min, max: s.max, histogram: [...s.histogram] } : { mean: null, n: 0, min: null, max: null, histogram: [...s.histogram] };

export function emptyMetricsSums(): MetricsSums {
  const dimensions = {} as MetricsSums['dimensions'];
  for (const d of DATASET_DIMENSIONS) dimensions[d] = { PASS: 0, FAIL: 0, NOT_CHECKED: 0 };
  const scores = {} as MetricsSums['scores'];
  for (const k of SCORE_KEYS) scores[k] = emptyValueSums();
  return { cases: 0, verdicts: { PASS: 0, FAIL: 0, INCOMPLETE: 0 }, dimensions, checkedByModel: 0, claims: 0, citations: 0, scores, stability: emptyValueSums() };
}

type MetricsInput = Pick<DatasetRow, 'verdict' | 'dimensions' | 'checked_by' | 'claims' | 'citations' | 'scores' | 'stability'>;

export function addMetricsRow(m: MetricsSums, r: MetricsInput): void {
  m.cases++;
  m.verdicts[r.verdict]++;
  for (const d of DATASET_DIMENSIONS) m.dimensions[d][r.dimensions[d]]++;
  if (r.checked_by === 'model') m.checkedByModel++;
  m.claims += r.claims;
  m.citations += r.citations;
  for (const k of SCORE_KEYS) addValue(m.scores[k], r.scores[k]);
  addValue(m.stability, r.stability);
}

/** Adds `from` into `into` (both partial sums of disjoint sets of rows). */
export function mergeMetricsSums(into: MetricsSums, from: MetricsSums): void {
  into.cases += from.cases;
  for (const v of ['PASS', 'FAIL', 'INCOMPLETE'] as const) into.verdicts[v] += from.verdicts[v];
  for (const d of DATASET_DIMENSIONS) for (const s of ['PASS', 'FAIL', 'NOT_CHECKED'] as const) into.dimensions[d][s] += from.dimensions[d][s];
  into.checkedByModel += from.checkedByModel;
  into.claims += from.claims;
  into.citations += from.citations;
  for (const k of SCORE_KEYS) mergeValues(into.scores[k], from.scores[k]);
  mergeValues(into.stability, from.stability);
}

export function metricsOfSums(m: MetricsSums): DatasetMetrics {
  const scores = {} as Record<ScoreKey, ScoreSummary>;
  for (const k of SCORE_KEYS) scores[k] = summaryOf(m.scores[k]);
  return { cases: m.cases, verdicts: { ...m.verdicts }, dimensions: m.dimensions, checkedByModel: m.checkedByModel, claims: m.claims, citations: m.citations, scores, stability: summaryOf(m.stability) };
}

export function datasetMetrics(rows: readonly DatasetRow[]): DatasetMetrics {
  const m = emptyMetricsSums();
  for (const r of rows) addMetricsRow(m, r);
  return metricsOfSums(m);
}

function binOf(v: number): number {
  return Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor(v * HISTOGRAM_BINS)));
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

// ---------------------------------------------------------------------------------------------
// Table: sort and filter

export type SortKey = 'index' | 'case_id' | 'verdict' | Dimension | 'claims' | 'citations' | 'errors' | ScoreKey | 'stability';

const VERDICT_ORDER: Record<Verdict, number> = { FAIL: 0, INCOMPLETE: 1, PASS: 2 };
const STATUS_ORDER: Record<Status, number> = { FAIL: 0, NOT_CHECKED: 1, PASS: 2 };

function sortValue(r: DatasetRow, key: SortKey): number | string | null {
  switch (key) {
    case 'index':
      return r.index;
    case 'case_id':
      return r.case_id;
    case 'verdict':
      return VERDICT_ORDER[r.verdict];
    case 'exists':
    case 'accurate':
    case 'complete':
    case 'formatted':
      return STATUS_ORDER[r.dimensions[key]];
    case 'claims':
    case 'citations':
    case 'errors':
      return r[key];
    case 'stability':
      return r.stability ?? null;
    default:
      return r.scores[key];
  }
}

/** A stable sort; rows without a value (null) always go last, whichever the direction. */
export function sortRows(rows: readonly DatasetRow[], key: SortKey, dir: 'asc' | 'desc' = 'asc'): DatasetRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ r, i, v: sortValue(r, key) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : String(a.v).localeCompare(String(b.v), 'en', { numeric: true });
      return c !== 0 ? c * sign : a.i - b.i;
    })
    .map((x) => x.r);
}

export interface RowFilter {
  /** Words that must all occur in the case id or query (case-insensitive). */
  text?: string;
  verdict?: Verdict | 'ANY';
  /** Only cases where this dimension fails. */
  failing?: Dimension | 'ANY';
  checkedBy?: 'local' | 'model' | 'ANY';
}

export function filterRows(rows: readonly DatasetRow[], f: RowFilter): DatasetRow[] {
  const words = (f.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (f.verdict && f.verdict !== 'ANY' && r.verdict !== f.verdict) return false;
    if (f.failing && f.failing !== 'ANY' && r.dimensions[f.failing] !== 'FAIL') return false;
    if (f.checkedBy && f.checkedBy !== 'ANY' && r.checked_by !== f.checkedBy) return false;
    if (words.length) {
      const hay = `${r.case_id ?? ''} ${r.query}`.toLowerCase();
      if (!words.every((w) => hay.includes(w))) return false;
    }
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Exports

/** Flat columns of the CSV (and the key order of each JSONL object). */
export const DATASET_COLUMNS = [
  'index',
  'line',
  'case_id',
  'verdict',
  ...DATASET_DIMENSIONS,
  'checked_by',
  'model',
  'language',
  'claims',
  'citations',
  'errors',
  'warnings',
  ...SCORE_KEYS,
  'stability',
  'error',
  'query',
] as const;
export type DatasetColumn = (typeof DATASET_COLUMNS)[number];

/** A row as one flat record of DATASET_COLUMNS. */
export function flatRow(r: DatasetRow): Record<DatasetColumn, string | number | null> {
  const out = {} as Record<DatasetColumn, string | number | null>;
  for (const col of DATASET_COLUMNS) {
    if ((DATASET_DIMENSIONS as readonly string[]).includes(col)) out[col] = r.dimensions[col as Dimension];
    else if ((SCORE_KEYS as readonly string[]).includes(col)) out[col] = r.scores[col as ScoreKey];
    else out[col] = (r[col as keyof DatasetRow] ?? null) as string | number | null;
  }
  return out;
}

export function datasetRowsToJsonl(rows: readonly DatasetRow[]): string {
  return rows.map((r) => JSON.stringify(flatRow(r))).join('\n') + (rows.length ? '\n' : '');
}

/** CSV per RFC 4180 with a header row and CRLF line ends (the same cell rules as report CSV). */
export function datasetRowsToCsv(rows: readonly DatasetRow[]): string {
  const lines = [DATASET_COLUMNS.join(',')];
  for (const r of rows) {
    const flat = flatRow(r);
    lines.push(DATASET_COLUMNS.map((c) => csvCell(flat[c])).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
