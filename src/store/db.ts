// The one IndexedDB database of the app (Dexie). Versions are append-only: a shipped version's
// schema and upgrade are never edited; a change is a new version(n + 1) with its own upgrade, and
// tests/fixtures/history-v1.json + db.test.ts prove that old rows survive every step.
//
// v1: one table `audits` holding whole audits (list fields and the heavy case and report), and
//     `labels` for human annotation labels.
// v2: listing thousands of audits must not read thousands of reports, so the heavy part moves to
//     `bodies`; list rows gain a content hash (dedup on import), a soft-delete flag (undo) and
//     compound indexes for "newest first, filtered by verdict" and "not in the trash".
// v3: the dataset being worked on (one slot: its cases, each case's local and model result) so a
//     run survives a reload. Before v3 it had a database of its own; datasets.ts moves it here.
import Dexie, { type Table, type Transaction } from 'dexie';
import type { AuditCase } from '../core/types';
import { contentHash, contentHashInSlices, type SlicedHash, type SliceOptions } from './hash';
import type { AuditBody, AuditRow, AuditRowV1, CaseRecord, DatasetMeta, LabelRow, PackedAuditBody, ResultRecord, RowVerdict, StoredBody } from './schemas';
import { indexWords, indexWordsWithTitle } from './words';

export const DB_NAME = 'citation-auditor';

export const SCHEMA_V1 = {
  audits: 'id, updated, verdict, *words',
  labels: '[caseKey+claimIndex+chunkId+annotator], caseKey, annotator, updated',
} as const;

export const SCHEMA_V2 = {
  audits: 'id, updated, hash, *words, [trashed+updated], [trashed+verdict+updated]',
  bodies: 'id',
  labels: '[caseKey+claimIndex+chunkId+annotator], caseKey, annotator, updated',
} as const;

export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  datasetMeta: 'slot',
  datasetCases: '[datasetId+index]',
  datasetResults: '[datasetId+index]',
} as const;

export const CURRENT_VERSION = 3;

export type { AuditBody, AuditRow, AuditRowV1, LabelRow, PackedAuditBody, RowVerdict, StoredBody };

export class AppDb extends Dexie {
  audits!: Table<AuditRow, string>;
  bodies!: Table<StoredBody, string>;
  labels!: Table<LabelRow, [string, number, string, string]>;
  datasetMeta!: Table<DatasetMeta, 'current'>;
  datasetCases!: Table<CaseRecord, [string, number]>;
  datasetResults!: Table<ResultRecord, [string, number]>;

  constructor(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
    // New tables only: nothing to upgrade (a dataset of the old database is adopted on first use).
    this.version(3).stores(SCHEMA_V3);
  }
}

const PREVIEW_CHARS = 240;
const UPGRADE_BATCH = 200;

function preview(text: unknown): string {
  return typeof text === 'string' ? text.slice(0, PREVIEW_CHARS) : '';
}

/** The list row of an audit body. Defensive: v1 rows and imports may be odd, and none is dropped. */
export function summarize(
  body: AuditBody,
  meta: {
    title: string;
    created: number;
    updated: number;
    trashed?: 0 | 1;
    trashedAt?: number;
    /** The body's auditHash and JSON size, when the caller has them already (computed in slices). */
    hash?: string;
    bytes?: number;
    /** indexWords(query, answer) of the body's case, when the caller has them already (computed in slices). */
    words?: readonly string[];
  },
): AuditRow {
  const c = body.case as Partial<AuditCase> | undefined;
  const report = body.report;
  const query = typeof c?.query === 'string' ? c.query : '';
  const answer = typeof c?.answer === 'string' ? c.answer : '';
  const verdict: RowVerdict = report && typeof report.verdict === 'string' ? report.verdict : 'NONE';
  const checkedBy = report?.meta?.checked_by ?? 'none';
  const model = report?.meta?.model ?? body.settings?.model;
  const language = report?.meta?.language ?? c?.language;
  return {
    id: body.id,
    title: meta.title,
    created: meta.created,
    updated: meta.updated,
    verdict,
    checkedBy,
    ...(model ? { model } : {}),
    ...(language ? { language } : {}),
    ...(c?.id !== undefined ? { caseId: String(c.id) } : {}),
    queryPreview: preview(query),
    answerPreview: preview(answer),
    chunkCount: Array.isArray(c?.chunks) ? c.chunks.length : 0,
    claimCount: Array.isArray(report?.claims) ? report.claims.length : 0,
    citationCount: Array.isArray(report?.citations) ? report.citations.length : 0,
    labelCount: Array.isArray(body.labels) ? body.labels.length : 0,
    bytes: meta.bytes ?? JSON.stringify(body).length,
    words: meta.words ? indexWordsWithTitle(meta.title, meta.words) : indexWords(meta.title, query, answer),
    hash: meta.hash ?? auditHash(body),
    trashed: meta.trashed ?? 0,
    ...(meta.trashedAt !== undefined ? { trashedAt: meta.trashedAt } : {}),
  };
}

/**
 * What makes two audits the same: the case, the report's findings and verdicts, the labels.
 * The report's generation time is left out, so re-running an unchanged audit is not "new".
 */
export function auditHash(body: Pick<AuditBody, 'case' | 'report' | 'labels'>): string {
  return contentHash(hashedPart(body));
}

function hashedPart(body: Pick<AuditBody, 'case' | 'report' | 'labels'>) {
  const report = body.report ? { ...body.report, meta: { ...body.report.meta, generated_at: undefined } } : null;
  return { case: body.case, report, labels: body.labels ?? [] };
}

/**
 * auditHash, computed in slices between which the page stays responsive (hash.ts). Every string
 * is shown to `onString` on the way (the history scans for secrets in the same pass). `length`
 * is the size of the hashed part serialised, which is the bulk of the body's JSON size.
 */
export function auditHashInSlices(body: Pick<AuditBody, 'case' | 'report' | 'labels'>, opts: SliceOptions = {}): Promise<SlicedHash> {
  return contentHashInSlices(hashedPart(body), opts);
}

async function upgradeToV2(tx: Transaction): Promise<void> {
  const audits = tx.table('audits');
  const bodies = tx.table('bodies');
  // In batches by primary key, so an upgrade of a large history never holds it all in memory.
  let after: string | null = null;
  for (;;) {
    const batch: AuditRowV1[] = await (after === null ? audits.orderBy(':id') : audits.where(':id').above(after))
      .limit(UPGRADE_BATCH)
      .toArray();
    if (batch.length === 0) break;
    const newBodies: AuditBody[] = [];
    const rows: AuditRow[] = [];
    for (const old of batch) {
      const { title, created, updated, verdict: _v, model: _m, words: _w, ...rest } = old;
      const body: AuditBody = {
        ...rest,
        labels: Array.isArray(old.labels) ? old.labels : [],
        settings: old.settings ?? { requiredStyle: 'auto', language: 'auto' },
        report: old.report ?? null,
      };
      newBodies.push(body);
      const row = summarize(body, {
        title: typeof title === 'string' ? title : '',
        created: typeof created === 'number' ? created : Date.now(),
        updated: typeof updated === 'number' ? updated : typeof created === 'number' ? created : Date.now(),
      });
      // A v1 row without a report still had a verdict column; keep what it said.
      if (row.verdict === 'NONE' && typeof old.verdict === 'string') row.verdict = old.verdict;
      if (!row.model && old.model) row.model = old.model;
      rows.push(row);
    }
    await bodies.bulkPut(newBodies);
    // put replaces each v1 row whole: the heavy fields leave the list table.
    await audits.bulkPut(rows);
    after = batch[batch.length - 1]!.id;
  }
}

/**
 * The body to write: the report as JSON in a Blob (`reportBlob`, given when it was made ahead in
 * slices, else made here), so the write stores a reference instead of copying the report.
 */
export function packBody(body: AuditBody, reportBlob?: Blob): StoredBody {
  if (body.report === null || body.report === undefined) return body;
  const { report, ...rest } = body;
  return { ...rest, reportBlob: reportBlob ?? new Blob([JSON.stringify(report)], { type: 'application/json' }) } satisfies PackedAuditBody;
}

/** Reads a report's JSON from its Blob somewhere else than this task (the page: a worker). */
export type ReportParser = (reportBlob: Blob) => Promise<unknown>;

/**
 * A stored body as the app uses it, whichever form it was written in. A report that cannot be
 * read back is left out (null) and said in `errors`; the case and the rest are still there.
 * `parse` reads the report's JSON instead of JSON.parse here (tens of MB after a large paste hold
 * the thread for hundreds of ms); without it (Node, the CLI, no Worker) it is parsed in place.
 */
export async function unpackBody(stored: StoredBody, parse?: ReportParser): Promise<{ body: AuditBody; errors: string[] }> {
  if (!('reportBlob' in stored)) return { body: stored, errors: [] };
  const { reportBlob, ...rest } = stored;
  try {
    if (typeof Blob === 'undefined' || !(reportBlob instanceof Blob)) throw new Error('not a Blob');
    const report = parse ? await parse(reportBlob) : (JSON.parse(await reportBlob.text()) as unknown);
    if (report !== null && (typeof report !== 'object' || Array.isArray(report))) throw new Error('not a report');
    return { body: { ...rest, report: report as AuditBody['report'] }, errors: [] };
  } catch {
    return { body: { ...rest, report: null }, errors: ['report: the stored report could not be read'] };
  }
}

let shared: AppDb | null = null;
/** The page's database (opened lazily by Dexie on first use). */
export function appDb(): AppDb {
  shared ??= new AppDb();
  return shared;
}
