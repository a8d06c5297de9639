// The dataset being worked on, kept in the app's database (tables datasetMeta, datasetCases,
// datasetResults, schema v3) so that a run stopped by a reload or a cancel can be continued: the
// dataset's cases, each case's local result (row, pairs to label, reference labels) and, once
// judged, its model result. One dataset at a time ("slot"): opening another replaces it. Used by
// the page and by the dataset worker, which open the same database.
import Dexie, { type Table } from 'dexie';
import { z } from '../core/zod';
import type { AppDb } from './db';
import type { CaseRecord, DatasetMeta, ResultRecord } from './schemas';

export type { CaseRecord, DatasetMeta, ModelRecord, ResultRecord } from './schemas';

/** Empties the slot (before a new import, or when the user closes the dataset). */
export async function clearSlot(db: AppDb): Promise<void> {
  await db.transaction('rw', db.datasetMeta, db.datasetCases, db.datasetResults, async () => {
    await Promise.all([db.datasetMeta.clear(), db.datasetCases.clear(), db.datasetResults.clear()]);
  });
}

/** The stored dataset, if there is one that can be reopened (adopting one of the old database). */
export async function currentMeta(db: AppDb): Promise<DatasetMeta | undefined> {
  await adoptLegacyDataset(db);
  const raw = await db.datasetMeta.get('current');
  return raw && MetaShape.safeParse(raw).success ? raw : undefined;
}

export async function caseAt(db: AppDb, datasetId: string, index: number): Promise<CaseRecord | undefined> {
  return db.datasetCases.get([datasetId, index]);
}

export async function putResult(db: AppDb, record: ResultRecord): Promise<void> {
  await db.datasetResults.put(record);
}

/** Results in index order, read in pages so a large dataset never blocks the page in one read. */
export async function readResults(db: AppDb, datasetId: string, onPage: (page: ResultRecord[]) => void, pageSize = 250): Promise<void> {
  let from = 0;
  for (;;) {
    const page = await db.datasetResults
      .where('[datasetId+index]')
      .between([datasetId, from], [datasetId, Infinity])
      .limit(pageSize)
      .toArray();
    if (page.length === 0) return;
    onPage(page);
    from = page[page.length - 1]!.index + 1;
    if (page.length < pageSize) return;
  }
}

// What a stored slot must look like to be reopened (older or foreign data is dropped, not trusted).
const MetaShape = z.looseObject({
  slot: z.literal('current'),
  id: z.string().min(1),
  name: z.string(),
  size: z.number().int().nonnegative(),
  errors: z.array(z.looseObject({ message: z.string(), line: z.number(), column: z.number() })),
  errorCount: z.number().int().nonnegative(),
});

// --- the database datasets had before schema v3 --------------------------------------------------

/** Until schema v3 the dataset slot was a database of its own, with this name and schema. */
export const LEGACY_DATASET_DB_NAME = 'citation-auditor-datasets';
export const LEGACY_DATASET_SCHEMA = { meta: 'slot', cases: '[datasetId+index]', results: '[datasetId+index]' } as const;

const COPY_BATCH = 200;
const adopting = new WeakMap<AppDb, Promise<boolean>>();

/**
 * Moves a dataset left in the old database into the slot, once per page, then deletes the old
 * database. The slot's meta is written last and only into an empty slot: until it is there the
 * copy is invisible (an interrupted copy is simply redone), and a dataset the user opened
 * meanwhile always wins. Failures leave the old database where it is and are not fatal.
 */
export function adoptLegacyDataset(db: AppDb, legacyName: string = LEGACY_DATASET_DB_NAME): Promise<boolean> {
  let p = adopting.get(db);
  if (!p) {
    p = adopt(db, legacyName).catch(() => false);
    adopting.set(db, p);
  }
  return p;
}

async function adopt(db: AppDb, legacyName: string): Promise<boolean> {
  if (!(await Dexie.exists(legacyName))) return false;
  const old = new Dexie(legacyName);
  old.version(1).stores(LEGACY_DATASET_SCHEMA);
  let adopted = false;
  try {
    const meta: unknown = await old.table('meta').get('current');
    const valid = MetaShape.safeParse(meta);
    if (valid.success && !(await db.datasetMeta.get('current'))) {
      await copyTable(old.table('cases'), db.datasetCases);
      await copyTable(old.table('results'), db.datasetResults);
      adopted = await db.transaction('rw', db.datasetMeta, async () => {
        if (await db.datasetMeta.get('current')) return false;
        await db.datasetMeta.put(meta as DatasetMeta);
        return true;
      });
    }
  } finally {
    old.close();
  }
  await Dexie.delete(legacyName);
  return adopted;
}

async function copyTable<T>(from: Table, to: Table<T, [string, number]>): Promise<void> {
  let offset = 0;
  for (;;) {
    const rows = (await from.offset(offset).limit(COPY_BATCH).toArray()) as T[];
    if (rows.length === 0) return;
    await to.bulkPut(rows);
    offset += rows.length;
  }
}
