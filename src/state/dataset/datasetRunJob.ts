// The local checks over a whole dataset: parse the file, store its cases, audit each case and
// store its row, its pairs to label and its reference labels, reporting in batches. Runs in the
// dataset worker (the page stays responsive; cancel = terminate the worker) and in-process in
// tests. Every batch is written before it is reported, so a reload or a cancel loses nothing done.
import { auditCase } from '../../core/audit';
import { datasetRow, failedRow } from '../../core/eval/dataset';
import { citedPairs } from '../../core/eval/labels';
import { referenceLabels } from '../../core/eval/referenceLabels';
import { parseDataset } from '../../core/parse/case';
import { LineIndex, makeParseError } from '../../core/text/positions';
import { TOOL_VERSION, type AuditOptions, type ParseError } from '../../core/types';
import type { AppDb } from '../../store/db';
import { clearSlot, type CaseRecord, type DatasetMeta, type ResultRecord } from '../../store/datasets';
import { caseKeyOf } from '../../store/labels';

export interface LocalSettings {
  requiredStyle: NonNullable<AuditOptions['requiredStyle']>;
  language: NonNullable<AuditOptions['language']>;
  citationScope?: AuditOptions['citationScope'];
  /** The interface language: what a case with too few words to tell is read as. */
  fallbackLanguage?: AuditOptions['fallbackLanguage'];
}

export type JobRequest =
  /** A dataset file (read here, so the page never decodes or copies megabytes) or its text. */
  | { type: 'import'; runId: number; datasetId: string; name: string; file?: Blob; text?: string; settings: LocalSettings }
  /** Audit the stored cases: only those without a result (resume), or all of them again. */
  | { type: 'audit'; runId: number; datasetId: string; settings: LocalSettings; mode: 'missing' | 'all' };

export type JobReply =
  | { type: 'parsed'; runId: number; meta: DatasetMeta }
  | { type: 'results'; runId: number; records: ResultRecord[]; done: number; total: number }
  | { type: 'done'; runId: number; ms: number; audited: number }
  | { type: 'error'; runId: number; message: string };

export interface JobOptions {
  /** Report at least this often (ms) and after at most `batchCases` cases. */
  flushMs?: number;
  batchCases?: number;
  /** In-process runs stop when this says so (the worker is simply terminated instead). */
  cancelled?: () => boolean;
}

const MAX_STORED_ERRORS = 200;
const CASE_WRITE_BATCH = 200;

export async function runJob(req: JobRequest, db: AppDb, post: (r: JobReply) => void, opts: JobOptions = {}): Promise<void> {
  const t0 = performance.now();
  try {
    const audited = req.type === 'import' ? await importAndAudit(req, db, post, opts) : await auditStored(req, db, post, opts);
    if (audited !== null) post({ type: 'done', runId: req.runId, ms: performance.now() - t0, audited });
  } catch (e) {
    post({ type: 'error', runId: req.runId, message: e instanceof Error ? e.message : String(e) });
  }
}

type DatasetParse = ReturnType<typeof parseDataset>;

/**
 * The dataset without the cases that repeat an earlier case's id, each refused at its line.
 * Labels belong to a case by its id (store/labels.ts caseKeyOf): two different cases under one id
 * would share every label, and a label given to one would show as given to the other. (Cases
 * without an id are keyed by their content, so only identical ones share.)
 */
export function refuseRepeatedIds(text: string, parsed: DatasetParse): DatasetParse {
  const first = new Map<string, number>();
  const repeated: { at: number; id: string; firstLine: number }[] = [];
  parsed.cases.forEach((c, i) => {
    if (c.id === undefined || String(c.id) === '') return;
    const id = String(c.id);
    const seen = first.get(id);
    if (seen === undefined) first.set(id, parsed.lines[i] ?? i + 1);
    else repeated.push({ at: i, id, firstLine: seen });
  });
  if (!repeated.length) return parsed;
  const index = new LineIndex(text);
  const drop = new Set(repeated.map((r) => r.at));
  const errors = [
    ...parsed.errors,
    ...repeated.map((r) => {
      const start = index.lineStart(parsed.lines[r.at] ?? r.at + 1);
      return makeParseError(text, `the id "${r.id}" is line ${r.firstLine}\u2019s too; labels are kept per case id, so give each case its own id (this line is left out)`, start, start, 'dataset', index);
    }),
  ].sort((a, b) => a.offset - b.offset);
  return {
    ...parsed,
    cases: parsed.cases.filter((_, i) => !drop.has(i)),
    lines: parsed.lines.filter((_, i) => !drop.has(i)),
    errors,
  };
}

async function importAndAudit(req: Extract<JobRequest, { type: 'import' }>, db: AppDb, post: (r: JobReply) => void, opts: JobOptions): Promise<number | null> {
  const text = req.text ?? (req.file ? await req.file.text() : '');
  const parsed = refuseRepeatedIds(text, parseDataset(text));
  const errors: ParseError[] = parsed.errors.slice(0, MAX_STORED_ERRORS);
  const meta: DatasetMeta = {
    slot: 'current',
    id: req.datasetId,
    name: req.name,
    created: Date.now(),
    size: parsed.cases.length,
    errors,
    errorCount: parsed.errors.length,
    settings: { ...req.settings },
    toolVersion: TOOL_VERSION,
  };
  await clearSlot(db);
  const records: CaseRecord[] = parsed.cases.map((c, index) => ({ datasetId: req.datasetId, index, line: parsed.lines[index] ?? index + 1, case: c }));
  for (let i = 0; i < records.length; i += CASE_WRITE_BATCH) await db.datasetCases.bulkPut(records.slice(i, i + CASE_WRITE_BATCH));
  await db.datasetMeta.put(meta);
  post({ type: 'parsed', runId: req.runId, meta });
  return auditRecords(req, records, 0, records.length, db, post, opts);
}

async function auditStored(req: Extract<JobRequest, { type: 'audit' }>, db: AppDb, post: (r: JobReply) => void, opts: JobOptions): Promise<number | null> {
  const range = (): [[string, number], [string, number]] => [
    [req.datasetId, -Infinity],
    [req.datasetId, Infinity],
  ];
  if (req.mode === 'all') await db.datasetResults.where('[datasetId+index]').between(...range()).delete();
  const doneKeys = await db.datasetResults.where('[datasetId+index]').between(...range()).primaryKeys();
  const done = new Set(doneKeys.map((k) => k[1]));
  const total = await db.datasetCases.where('[datasetId+index]').between(...range()).count();
  const todo: CaseRecord[] = [];
  await db.datasetCases
    .where('[datasetId+index]')
    .between(...range())
    .each((r) => {
      if (!done.has(r.index)) todo.push(r);
    });
  return auditRecords(req, todo, done.size, total, db, post, opts);
}

async function auditRecords(
  req: JobRequest,
  records: readonly CaseRecord[],
  doneBefore: number,
  total: number,
  db: AppDb,
  post: (r: JobReply) => void,
  opts: JobOptions,
): Promise<number | null> {
  const flushMs = opts.flushMs ?? 100;
  const batchCases = opts.batchCases ?? 80;
  const auditOptions: AuditOptions = {
    requiredStyle: req.settings.requiredStyle,
    language: req.settings.language,
    ...(req.settings.citationScope ? { citationScope: req.settings.citationScope } : {}),
    ...(req.settings.fallbackLanguage ? { fallbackLanguage: req.settings.fallbackLanguage } : {}),
  };
  let batch: ResultRecord[] = [];
  let done = doneBefore;
  let audited = 0;
  let last = performance.now();
  const flush = async () => {
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    // A newer import may have replaced the slot meanwhile: never write into it.
    const meta = await db.datasetMeta.get('current');
    if (meta?.id !== req.datasetId || opts.cancelled?.()) throw new StaleRun();
    await db.datasetResults.bulkPut(out);
    done += out.length;
    post({ type: 'results', runId: req.runId, records: out, done, total });
    last = performance.now();
  };
  try {
    for (const r of records) {
      if (opts.cancelled?.()) return null;
      batch.push(localResult(r, auditOptions));
      audited++;
      if (batch.length >= batchCases || performance.now() - last >= flushMs) await flush();
    }
    await flush();
  } catch (e) {
    if (e instanceof StaleRun) return null;
    throw e;
  }
  return audited;
}

class StaleRun extends Error {}

/** The local result of one stored case. A case the audit cannot handle becomes a failing row. */
export function localResult(r: CaseRecord, options: AuditOptions): ResultRecord {
  const base = { datasetId: r.datasetId, index: r.index, caseKey: caseKeyOf(r.case) };
  try {
    const report = auditCase(r.case, options);
    const reference = referenceLabels(r.case, report);
    return { ...base, row: datasetRow(r.index, r.line, report, r.case.query), pairs: citedPairs(report, reference.labels), reference: reference.labels };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const id = r.case.id !== undefined ? String(r.case.id) : null;
    return { ...base, row: failedRow(r.index, r.line, id, r.case.query, message), pairs: [], reference: [] };
  }
}
