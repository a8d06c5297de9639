// The history repository: save, list, search, reopen, rename, delete (with undo) over the one
// database. Listing and searching read indexes and primary keys only; a page reads its 50 light
// list rows, never a case or a report.
import Dexie from 'dexie';
import { restoreCase } from '../core/parse/case';
import type { AuditCase, ModelResults, Report } from '../core/types';
import { HISTORY_PAGE_SIZE, SEARCH_SMALL_RESULT as SMALL_RESULT, TITLE_MAX_CHARS, TRASH_KEEP_MS } from './constants';
import type { SliceOptions } from './hash';
import { auditHash, auditHashInSlices, packBody, summarize, unpackBody, type AuditBody, type AuditRow, type AppDb, type ReportParser, type RowVerdict } from './db';
import { jsonBlobInSlices } from './json';
import { checkRows } from './damaged';
import { AuditSettingsSchema, type AnnotationLabel, type ListedRow, type Timings, type Usage } from './schemas';
import { redactSecrets } from './secrets';
import { indexWords, indexWordsInSlices, queryWords } from './words';

export interface HistoryFilter {
  /** Words that must each start a word of the title, query or answer. */
  text?: string;
  verdict?: RowVerdict | 'ANY';
  /** Inclusive bounds on the last change, epoch milliseconds. */
  from?: number;
  to?: number;
}

export interface SaveInput {
  /** The row to update; without it a new row is made (or an identical one reused). */
  id?: string;
  title?: string;
  case: AuditCase;
  report: Report | null;
  modelResults?: ModelResults;
  labels?: AnnotationLabel[];
  /** Only the whitelisted settings are kept (AuditSettingsSchema): never a key. */
  settings?: Record<string, unknown>;
  usage?: Usage;
  timings?: Timings;
  /** Secrets the caller knows (the API key): cut out of everything stored. */
  secrets?: readonly string[];
  now?: number;
  /** From prepareSave: the hash worked out in slices, so saving does not hash in one task. */
  prepared?: PreparedSave;
}

/**
 * What prepareSave worked out ahead of a save: the audit hash of the case, report and labels
 * (which it found free of secrets, so they are stored as they are), the body's JSON size and the
 * report's JSON, the form it is stored in.
 */
export interface PreparedSave {
  hash: string;
  hashedChars: number;
  /** JSON.stringify(report) in a Blob, made in slices; undefined without a report. */
  reportBlob?: Blob;
  /** The index words of the case's query and answer (indexWords), made in slices: the row adds the title's. */
  words: string[];
  /** The objects it hashed: a save of other objects does not use this preparation. */
  of: { case: AuditCase; report: Report | null; labels: AnnotationLabel[] | undefined };
}

export interface SaveResult {
  id: string;
  /** A new row was made. */
  created: boolean;
  /** Nothing was written: the stored audit is already this one. */
  unchanged: boolean;
}

export interface StoredAudit {
  row: AuditRow;
  body: AuditBody;
  /** The case after the one restore step; undefined when the stored case no longer validates. */
  case?: AuditCase;
  errors: string[];
}

export function newAuditId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `a-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function defaultTitle(c: Pick<AuditCase, 'query' | 'id'>): string {
  const q = c.query.replace(/\s+/g, ' ').trim();
  if (q) return q.length > TITLE_MAX_CHARS ? `${q.slice(0, TITLE_MAX_CHARS - 1)}…` : q;
  return c.id !== undefined ? String(c.id) : 'Untitled audit';
}

/**
 * Whether a row's title is the one its case gave it (never renamed). Such a title follows the
 * query: the first save often comes while the question is still being typed.
 */
function isDefaultTitle(row: AuditRow): boolean {
  return row.title === defaultTitle({ query: row.queryPreview, ...(row.caseId !== undefined ? { id: row.caseId } : {}) });
}

const KEY_SHAPE = 'sk-ant-';

/**
 * Hashes the case, report and labels of a save in slices of a few ms (an audit of a pasted
 * megabyte serialises to tens of MB, whose hashing in one go freezes the page for seconds).
 * null when one of their strings holds a secret: such a save is redacted and hashed as a whole.
 */
export async function prepareSave(input: SaveInput, opts: SliceOptions = {}): Promise<PreparedSave | null> {
  const known = (input.secrets ?? []).filter((k) => k.length >= 8);
  let secret = false;
  const onString = (s: string) => {
    if (!secret && (s.includes(KEY_SHAPE) || known.some((k) => s.includes(k)))) secret = true;
  };
  const r = await auditHashInSlices({ case: input.case, report: input.report, labels: input.labels ?? [] }, { ...opts, onString });
  if (secret) return null;
  // The report is written as JSON in a Blob (db.ts packBody): made here in slices too.
  const reportBlob = input.report ? (await jsonBlobInSlices(input.report, opts)).blob : undefined;
  const c = input.case as Partial<AuditCase>;
  const words = await indexWordsInSlices([typeof c.query === 'string' ? c.query : '', typeof c.answer === 'string' ? c.answer : ''], opts);
  return {
    hash: r.hash,
    hashedChars: r.length,
    words,
    ...(reportBlob !== undefined ? { reportBlob } : {}),
    of: { case: input.case, report: input.report, labels: input.labels },
  };
}

function preparedFor(input: SaveInput): PreparedSave | null {
  const p = input.prepared;
  return p && p.of.case === input.case && p.of.report === input.report && p.of.labels === input.labels ? p : null;
}

/** The body to store for a save: settings whitelisted, secrets cut out. */
export function bodyFor(id: string, input: SaveInput): AuditBody {
  if (preparedFor(input)) {
    // The case, report and labels were scanned while hashing and hold no secret: only the rest
    // is copied and redacted.
    const { case: c, report, labels, ...rest } = bodyFor(id, { ...input, prepared: undefined, case: {} as AuditCase, report: null, labels: [] });
    return { ...rest, case: input.case, report: input.report, labels: input.labels ?? [] } as AuditBody;
  }
  const settings = AuditSettingsSchema.parse(input.settings ?? {});
  const body: AuditBody = {
    id,
    case: input.case,
    report: input.report,
    ...(input.modelResults ? { modelResults: input.modelResults } : {}),
    labels: input.labels ?? [],
    settings,
    ...(input.usage ? { usage: input.usage } : {}),
    ...(input.timings ? { timings: input.timings } : {}),
  };
  return redactSecrets(body, input.secrets ?? []);
}

/** The body's hash (and size and index words, when prepared), computed once per save. */
function knownHash(input: SaveInput, body: AuditBody): { hash: string; bytes?: number; words?: string[] } {
  const p = preparedFor(input);
  if (!p) return { hash: auditHash(body) };
  // The body's JSON is the hashed part plus the few small fields around it.
  const { case: _c, report: _r, labels: _l, ...rest } = body;
  return { hash: p.hash, bytes: p.hashedChars + JSON.stringify(rest).length, words: p.words };
}

export async function saveAudit(db: AppDb, input: SaveInput): Promise<SaveResult> {
  const now = input.now ?? Date.now();
  return db.transaction('rw', db.audits, db.bodies, async () => {
    const existing = input.id ? await db.audits.get(input.id) : undefined;
    if (existing) {
      const body = bodyFor(existing.id, input);
      const known = knownHash(input, body);
      // Titles come from the stored (redacted) case: a key pasted into the question stays out.
      const title = input.title !== undefined ? redactSecrets(input.title, input.secrets ?? []) : isDefaultTitle(existing) ? defaultTitle(body.case) : existing.title;
      if (existing.hash === known.hash && title === existing.title && existing.trashed === 0) {
        return { id: existing.id, created: false, unchanged: true };
      }
      const row = summarize(body, { title, created: existing.created, updated: now, ...known });
      await db.bodies.put(packBody(body, preparedFor(input)?.reportBlob));
      await db.audits.put(row);
      return { id: existing.id, created: false, unchanged: false };
    }
    const id = input.id ?? newAuditId();
    const body = bodyFor(id, input);
    const known = knownHash(input, body);
    if (!input.id) {
      // The same audit saved again (reopened and re-run unchanged) is the row we already have.
      const twin = await db.audits.where('hash').equals(known.hash).filter((r) => r.trashed === 0).first();
      if (twin) return { id: twin.id, created: false, unchanged: true };
    }
    const title = input.title !== undefined ? redactSecrets(input.title, input.secrets ?? []) : defaultTitle(body.case);
    const row = summarize(body, { title, created: now, updated: now, ...known });
    await db.bodies.put(packBody(body, preparedFor(input)?.reportBlob));
    await db.audits.put(row);
    return { id, created: true, unchanged: false };
  });
}

/** `parseReport`: where the report's JSON is parsed (db.ts unpackBody; default: in this task). */
export async function getAudit(db: AppDb, id: string, parseReport?: ReportParser): Promise<StoredAudit | undefined> {
  const [row, stored] = await db.transaction('r', db.audits, db.bodies, () => Promise.all([db.audits.get(id), db.bodies.get(id)]));
  if (!row || !stored) return undefined;
  const { body, errors } = await unpackBody(stored, parseReport);
  // Stored rows are input like any other: they pass the same restore step (STYLE.md habit 4).
  const restored = restoreCase(body.case);
  return { row, body, ...(restored.value ? { case: restored.value } : {}), errors: [...restored.errors, ...errors] };
}

function rangeFor(filter: HistoryFilter): { index: string; lower: unknown[]; upper: unknown[] } {
  const from = filter.from ?? -Infinity;
  const to = filter.to ?? Infinity;
  if (filter.verdict && filter.verdict !== 'ANY') {
    return { index: '[trashed+verdict+updated]', lower: [0, filter.verdict, from], upper: [0, filter.verdict, to] };
  }
  return { index: '[trashed+updated]', lower: [0, from], upper: [0, to] };
}

function filteredCollection(db: AppDb, filter: HistoryFilter) {
  const r = rangeFor(filter);
  return db.audits.where(r.index).between(r.lower, r.upper, true, true).reverse();
}

/** The ids of the audits (trashed ones too) whose words start with each search word. */
async function wordHits(db: AppDb, words: string[]): Promise<Set<string>> {
  // Counting only decides which word to intersect first, so one word needs no count: that saves
  // a round trip to the database on every single-word search.
  let order = words;
  if (words.length > 1) {
    const counts = await Promise.all(words.map((w) => db.audits.where('words').startsWith(w).count()));
    order = words.map((w, i) => [w, counts[i]!] as const).sort((a, b) => a[1] - b[1]).map(([w]) => w);
  }
  let keep: Set<string> | null = null;
  for (const w of order) {
    const keys = (await db.audits.where('words').startsWith(w).primaryKeys()) as string[];
    const next = new Set<string>();
    for (const k of keys) if (keep === null || keep.has(k)) next.add(k);
    keep = next;
    if (keep.size === 0) break;
  }
  return keep ?? new Set();
}

/** The hits that pass the filter's other conditions, read whole and sorted newest first. */
async function sortedRows(db: AppDb, filter: HistoryFilter, hits: Set<string>): Promise<AuditRow[]> {
  const from = filter.from ?? -Infinity;
  const to = filter.to ?? Infinity;
  const rows = (await db.audits.bulkGet([...hits])).filter(
    (r): r is AuditRow =>
      !!r && r.trashed === 0 && r.updated >= from && r.updated <= to && (!filter.verdict || filter.verdict === 'ANY' || r.verdict === filter.verdict),
  );
  // Newest first; equal times by id descending, as the compound index orders them.
  rows.sort((a, b) => b.updated - a.updated || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return rows;
}

/** All hits in the filter's order, by walking every key of the filter's index. */
async function orderedHits(db: AppDb, filter: HistoryFilter, hits: Set<string>): Promise<string[]> {
  const ordered = (await filteredCollection(db, filter).primaryKeys()) as string[];
  return ordered.filter((id) => hits.has(id));
}

/**
 * A page of a large search result with no verdict or date condition, without walking every key
 * of the list's index (10,000 keys cost more than everything else a search does). The total is
 * the hits minus those in the trash (the word index keeps trashed rows; the trash is a short
 * index range, usually empty). The page comes from the newest keys only: as many as the hits'
 * share of all rows suggests, with room for unevenness, twice as many again until enough hits
 * are among them.
 */
async function newestHits(db: AppDb, filter: HistoryFilter, hits: Set<string>, offset: number, limit: number): Promise<Page> {
  const [trashed, rowCount] = await Promise.all([
    db.audits.where('[trashed+updated]').between([1, Dexie.minKey], [1, Dexie.maxKey], true, true).primaryKeys() as Promise<string[]>,
    filteredCollection(db, filter).count(),
  ]);
  let total = hits.size;
  for (const id of trashed) if (hits.has(id)) total--;
  const want = Math.min(offset + limit, total);
  if (want <= offset) return { rows: [], total };
  let n = Math.min(rowCount, Math.ceil(((want * rowCount) / Math.max(total, 1)) * 1.5) + 64);
  for (;;) {
    const keys = (await filteredCollection(db, filter).limit(n).primaryKeys()) as string[];
    const found: string[] = [];
    for (const id of keys) {
      if (!hits.has(id)) continue;
      found.push(id);
      if (found.length >= want) break;
    }
    // Fewer keys than asked for means the whole index was read (rows may come and go meanwhile).
    if (found.length >= want || keys.length < n) return { rows: await rowsFor(db, found.slice(offset, offset + limit)), total };
    n *= 2;
  }
}

/** The filter narrows the list by verdict or date (not only by words). */
function narrowed(filter: HistoryFilter): boolean {
  return (!!filter.verdict && filter.verdict !== 'ANY') || filter.from !== undefined || filter.to !== undefined;
}

/**
 * Ids of the audits that match a filter, newest first. Reads keys only where it can: each search
 * word's prefix range on the word index gives a set of ids (rarest word first); a small result is
 * then read and sorted directly, a large one is put in order by walking the filter's index keys.
 */
export async function matchingIds(db: AppDb, filter: HistoryFilter, smallResult = SMALL_RESULT): Promise<string[]> {
  const words = queryWords(filter.text ?? '');
  if (words.length === 0) return (await filteredCollection(db, filter).primaryKeys()) as string[];
  const hits = await wordHits(db, words);
  if (hits.size <= smallResult) return (await sortedRows(db, filter, hits)).map((r) => r.id);
  return orderedHits(db, filter, hits);
}

/** Rows for ids, in the order given (ids no longer present are skipped). */
export async function rowsFor(db: AppDb, ids: readonly string[]): Promise<AuditRow[]> {
  const rows = await db.audits.bulkGet([...ids]);
  return rows.filter((r): r is AuditRow => r !== undefined);
}

export interface Page {
  /** A row that is not what this app writes is kept in its place, marked (`damage`). */
  rows: ListedRow[];
  total: number;
}

/** One page of the history, newest first. `smallResult` as for matchingIds (tests try both ways). */
export async function listAudits(
  db: AppDb,
  filter: HistoryFilter = {},
  offset = 0,
  limit = HISTORY_PAGE_SIZE,
  smallResult = SMALL_RESULT,
): Promise<Page> {
  const page = await readPage(db, filter, offset, limit, smallResult);
  return { rows: checkRows(page.rows), total: page.total };
}

async function readPage(db: AppDb, filter: HistoryFilter, offset: number, limit: number, smallResult: number): Promise<{ rows: AuditRow[]; total: number }> {
  const words = queryWords(filter.text ?? '');
  if (words.length > 0) {
    const hits = await wordHits(db, words);
    if (hits.size <= smallResult) {
      // The rows read to sort the hits are the page's rows: no second read of them.
      const rows = await sortedRows(db, filter, hits);
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    }
    if (!narrowed(filter)) return newestHits(db, filter, hits, offset, limit);
    const ids = await orderedHits(db, filter, hits);
    return { rows: await rowsFor(db, ids.slice(offset, offset + limit)), total: ids.length };
  }
  // Both requests go out at once, in the caller's task: Dexie enters an explicit transaction only
  // after a promise tick, which let the panel's first read wait behind the dialog's restyle. Two
  // read-only transactions made back to back see the same data unless another tab writes in the
  // instant between them; the panel reads its pages again after every write, so that would not
  // last.
  const [total, rows] = await Promise.all([
    filteredCollection(db, filter).count(),
    filteredCollection(db, filter).offset(offset).limit(limit).toArray(),
  ]);
  return { rows, total };
}

/** A rename is not a new audit: the date (and so the place in the list) stays as it was. */
export async function renameAudit(db: AppDb, id: string, title: string): Promise<boolean> {
  const clean = redactSecrets(title.replace(/\s+/g, ' ').trim().slice(0, 500));
  return db.transaction('rw', db.audits, db.bodies, async () => {
    const [row, body] = await Promise.all([db.audits.get(id), db.bodies.get(id)]);
    if (!row) return false;
    const c = body?.case as Partial<AuditCase> | undefined;
    const words = indexWords(clean, typeof c?.query === 'string' ? c.query : '', typeof c?.answer === 'string' ? c.answer : '');
    await db.audits.update(id, { title: clean || row.title, words });
    return true;
  });
}

/** Moves an audit to the trash; restoreAudit undoes it until the trash is purged. */
export async function trashAudit(db: AppDb, id: string, now = Date.now()): Promise<boolean> {
  return (await db.audits.update(id, { trashed: 1, trashedAt: now })) > 0;
}

export async function restoreAudit(db: AppDb, id: string): Promise<boolean> {
  return (await db.audits.update(id, { trashed: 0, trashedAt: undefined })) > 0;
}

/** Deletes for good what has been in the trash longer than `keepMs`. Returns how many. */
export async function purgeTrash(db: AppDb, now = Date.now(), keepMs = TRASH_KEEP_MS): Promise<number> {
  return db.transaction('rw', db.audits, db.bodies, async () => {
    const ids = (await db.audits
      .where('[trashed+updated]')
      .between([1, Dexie.minKey], [1, Dexie.maxKey], true, true)
      .filter((r) => (r.trashedAt ?? 0) <= now - keepMs)
      .primaryKeys()) as string[];
    await db.audits.bulkDelete(ids);
    await db.bodies.bulkDelete(ids);
    return ids.length;
  });
}

/** Audits not in the trash. */
export async function countAudits(db: AppDb): Promise<number> {
  return db.audits.where('[trashed+updated]').between([0, Dexie.minKey], [0, Dexie.maxKey], true, true).count();
}
