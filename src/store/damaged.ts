// Rows of the audits table that are not what this app writes: wrong field types, missing fields,
// keys the list's index cannot hold. IndexedDB leaves such a row out of every index whose key it
// cannot make (a string date, a boolean `trashed`), so without this it vanished from the list,
// the count, search and the backup without a word. Here such rows are found (cheaply: three
// counts say whether any row is missing from the list's index), described, exported raw and
// deleted for good — and so is a body left without its list row.
import { unpackBody, type AppDb, type StoredBody } from './db';
import { AuditRowSchema, type AuditRow, type ListedRow } from './schemas';
import { redactSecrets } from './secrets';

/** A key of any type as a string, to compare keys of different types in one set. */
export function keyId(k: unknown): string {
  if (typeof k === 'string') return `s:${k}`;
  if (typeof k === 'number') return `n:${k}`;
  if (k instanceof Date) return `d:${k.getTime()}`;
  try {
    return `j:${JSON.stringify(k)}`;
  } catch {
    return `?:${String(k)}`;
  }
}

function keyLabel(k: unknown): string {
  return typeof k === 'string' ? k : keyId(k).slice(2);
}

const num = (v: unknown, or: number) => (typeof v === 'number' && Number.isFinite(v) ? v : or);
const str = (v: unknown, or: string) => (typeof v === 'string' ? v : or);

/**
 * A row read from the table, checked. A whole row comes back as it is; a damaged one as a row
 * safe to render (every field of its type, what could not be read left empty) with `damage` set.
 */
export function checkRow(raw: unknown, key: unknown, extraProblem?: string): ListedRow {
  const parsed = AuditRowSchema.safeParse(raw);
  if (parsed.success && !extraProblem) return raw as AuditRow;
  const problems = parsed.success ? [] : parsed.error.issues.slice(0, 6).map((i) => `${i.path.join('.') || 'row'}: ${i.message}`);
  if (extraProblem) problems.unshift(extraProblem);
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const verdicts = ['PASS', 'FAIL', 'INCOMPLETE', 'NONE'] as const;
  const checkers = ['local', 'model', 'none'] as const;
  return {
    id: keyLabel(key),
    title: str(r.title, ''),
    created: num(r.created, 0),
    updated: num(r.updated, 0),
    verdict: verdicts.find((v) => v === r.verdict) ?? 'NONE',
    checkedBy: checkers.find((v) => v === r.checkedBy) ?? 'none',
    queryPreview: str(r.queryPreview, ''),
    answerPreview: str(r.answerPreview, ''),
    chunkCount: num(r.chunkCount, 0),
    claimCount: num(r.claimCount, 0),
    citationCount: num(r.citationCount, 0),
    labelCount: num(r.labelCount, 0),
    bytes: num(r.bytes, 0),
    words: [],
    hash: '',
    trashed: 0,
    damage: { key, problems },
  };
}

/** Rows as read for a page, each checked (a damaged one is kept in its place, marked). */
export function checkRows(rows: readonly AuditRow[]): ListedRow[] {
  let out: ListedRow[] | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const checked = checkRow(row, (row as { id?: unknown }).id);
    if (checked !== row) {
      out ??= rows.slice();
      out[i] = checked;
    }
  }
  return out ?? (rows as ListedRow[]);
}

const listRange = (db: AppDb, trashed: 0 | 1) =>
  db.audits.where('[trashed+updated]').between([trashed, -Infinity], [trashed, Infinity], true, true);

export interface DamagedRows {
  /** How many rows the list's index does not hold (none of them is listed, counted or backed up). */
  count: number;
  /** The first `limit` of them, checked. */
  rows: ListedRow[];
}

/**
 * The rows of the audits table that the list never shows: those the list's index left out (its
 * key could not be made from them) or holds outside any range the list reads; and saved bodies
 * whose list row is gone (an interrupted delete, another program), which nothing else would ever
 * show. Costs four counts when there are none; the keys are compared only when the counts differ.
 */
export async function findDamaged(db: AppDb, limit = 200): Promise<DamagedRows> {
  const [all, live, trash, bodies] = await db.transaction('r', db.audits, db.bodies, () =>
    Promise.all([db.audits.count(), listRange(db, 0).count(), listRange(db, 1).count(), db.bodies.count()]),
  );
  const unlisted = all === live + trash ? [] : await unlistedKeys(db);
  // More bodies than rows means a body without its row. (A body missing beside an orphan of
  // another id balances the counts; that rarer pair is found once either changes.)
  const orphans = bodies > all ? await orphanBodyKeys(db) : [];
  const count = unlisted.length + orphans.length;
  if (count === 0) return { count: 0, rows: [] };
  const rawRows = await db.audits.bulkGet(unlisted.slice(0, limit) as string[]);
  const rows = rawRows.map((r, i) => checkRow(r, unlisted[i], 'not in the list’s index'));
  const room = Math.max(0, limit - rows.length);
  if (room > 0 && orphans.length) {
    const stored = await db.bodies.bulkGet(orphans.slice(0, room) as string[]);
    stored.forEach((b, i) => rows.push(checkRow(rowFromBody(b), orphans[i], 'a saved audit without its list entry')));
  }
  return { count, rows };
}

async function unlistedKeys(db: AppDb): Promise<unknown[]> {
  const [allKeys, liveKeys, trashKeys] = await db.transaction('r', db.audits, () =>
    Promise.all([db.audits.toCollection().primaryKeys(), listRange(db, 0).primaryKeys(), listRange(db, 1).primaryKeys()]),
  );
  const listed = new Set<string>();
  for (const k of liveKeys) listed.add(keyId(k));
  for (const k of trashKeys) listed.add(keyId(k));
  return allKeys.filter((k) => !listed.has(keyId(k)));
}

async function orphanBodyKeys(db: AppDb): Promise<unknown[]> {
  const [rowKeys, bodyKeys] = await db.transaction('r', db.audits, db.bodies, () =>
    Promise.all([db.audits.toCollection().primaryKeys(), db.bodies.toCollection().primaryKeys()]),
  );
  const rows = new Set(rowKeys.map(keyId));
  return bodyKeys.filter((k) => !rows.has(keyId(k)));
}

/** What a list row would show of a body that has none: its query and answer, as far as readable. */
function rowFromBody(body: unknown): Record<string, unknown> {
  const c = body && typeof body === 'object' ? (body as { case?: unknown }).case : undefined;
  const q = c && typeof c === 'object' ? (c as { query?: unknown }).query : undefined;
  const a = c && typeof c === 'object' ? (c as { answer?: unknown }).answer : undefined;
  const query = typeof q === 'string' ? q : '';
  return { title: query.slice(0, 120), queryPreview: query.slice(0, 200), answerPreview: typeof a === 'string' ? a.slice(0, 200) : '' };
}

/**
 * A copy of a value read from IndexedDB that JSON can hold: structured clone keeps cycles, Maps,
 * Sets, binary data and bigints, which JSON.stringify would throw on or drop.
 */
function toPlain(v: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (v === undefined) return null;
  if (v === null || typeof v !== 'object') return v;
  if (depth > 100) return '[too deep]';
  if (seen.has(v)) return '[circular]';
  seen.add(v);
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.toISOString() : 'Invalid Date';
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return `[${v.byteLength} bytes of binary data]`;
  if (typeof Blob !== 'undefined' && v instanceof Blob) return `[blob of ${v.size} bytes]`;
  if (v instanceof Map) return { '[Map]': [...v].map(([k, x]) => [toPlain(k, seen, depth + 1), toPlain(x, seen, depth + 1)]) };
  if (v instanceof Set) return { '[Set]': [...v].map((x) => toPlain(x, seen, depth + 1)) };
  if (Array.isArray(v)) return v.map((x) => toPlain(x, seen, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = toPlain(x, seen, depth + 1);
  return out;
}

/**
 * The raw content of damaged rows (list row and body, as stored), as a JSON file's text, with
 * anything shaped like an API key cut out. For the user to keep or repair by hand.
 */
export async function exportDamaged(db: AppDb, keys: readonly unknown[], now = Date.now()): Promise<string> {
  const [rows, stored] = await db.transaction('r', db.audits, db.bodies, () =>
    Promise.all([db.audits.bulkGet(keys as string[]), db.bodies.bulkGet(keys as string[])]),
  );
  // A report stored as JSON in a Blob comes out as the object it holds (or its text, if that
  // does not parse): a Blob itself would export as its size only.
  const bodies = await Promise.all(stored.map((b) => (b && typeof b === 'object' ? readableForExport(b) : b)));
  const entries = keys.map((key, i) => ({ key: toPlain(key), row: toPlain(rows[i]), body: toPlain(bodies[i]) }));
  const file = { format: 'citation-auditor-damaged-entries', exported_at: new Date(now).toISOString(), entries };
  return JSON.stringify(redactSecrets(file), null, 1);
}

async function readableForExport(body: StoredBody): Promise<unknown> {
  if (!('reportBlob' in body) || typeof Blob === 'undefined' || !(body.reportBlob instanceof Blob)) return body;
  const { body: unpacked, errors } = await unpackBody(body);
  if (errors.length === 0) return unpacked;
  return { ...body, reportBlob: await body.reportBlob.text().catch(() => '[unreadable blob]') };
}

/** Deletes a damaged row (and its body) for good. */
export async function deleteDamaged(db: AppDb, key: unknown): Promise<void> {
  await db.transaction('rw', db.audits, db.bodies, async () => {
    await db.audits.delete(key as string);
    await db.bodies.delete(key as string);
  });
}

/** A row that fails AuditRowSchema (what checkRow marks as damaged). */
export function isDamaged(row: unknown): boolean {
  return !AuditRowSchema.safeParse(row).success;
}
