// Where a dataset run lives between reloads: the dataset's cases, each case's local result (row,
// pairs to label, reference labels) and, once judged, its model result. Its own small IndexedDB
// database rather than a table in the history database: the store's db.ts has no extension point
// for another feature's tables, and a dataset of a thousand cases is a work file, not history.
// One dataset at a time ("slot"): opening another replaces it. Used by the page and the worker.
import Dexie, { type Table } from 'dexie';
import { z } from 'zod';
import type { DatasetRow } from '../core/dataset';
import type { PairRef, ReferenceLabel } from '../core/labels';
import type { AuditCase, ModelResults, ParseError, SupportVerdict } from '../core/types';

export const DATASET_DB_NAME = 'citation-auditor-datasets';

export interface DatasetMeta {
  /** Always 'current': the one slot. */
  slot: 'current';
  /** Random per import: writes of an older run that arrive late are recognised and dropped. */
  id: string;
  name: string;
  created: number;
  size: number;
  /** The first parse errors of lines that could not be read (capped), and how many there were. */
  errors: ParseError[];
  errorCount: number;
  /** The local-audit settings the rows were computed with. */
  settings: { requiredStyle: string; language: string };
  toolVersion: string;
}

export interface CaseRecord {
  datasetId: string;
  index: number;
  /** 1-based line in the file. */
  line: number;
  case: AuditCase;
}

export interface ModelRecord {
  results: ModelResults;
  row: DatasetRow;
  /** The model's verdict per (claim, chunk) after the merge (phrase check, numbers cap). */
  verdicts: [number, string, SupportVerdict][];
  at: number;
}

export interface ResultRecord {
  datasetId: string;
  index: number;
  caseKey: string;
  row: DatasetRow;
  pairs: (PairRef & { cited: boolean })[];
  reference: ReferenceLabel[];
  model?: ModelRecord;
  /** The last model failure of this case (it is retried on resume). */
  modelError?: string;
}

export class DatasetRunDb extends Dexie {
  meta!: Table<DatasetMeta, 'current'>;
  cases!: Table<CaseRecord, [string, number]>;
  results!: Table<ResultRecord, [string, number]>;

  constructor(name: string = DATASET_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      meta: 'slot',
      cases: '[datasetId+index]',
      results: '[datasetId+index]',
    });
  }
}

let shared: DatasetRunDb | null = null;
export function datasetRunDb(): DatasetRunDb {
  shared ??= new DatasetRunDb();
  return shared;
}

/** Empties the slot (before a new import, or when the user closes the dataset). */
export async function clearSlot(db: DatasetRunDb): Promise<void> {
  await db.transaction('rw', db.meta, db.cases, db.results, async () => {
    await Promise.all([db.meta.clear(), db.cases.clear(), db.results.clear()]);
  });
}

export async function currentMeta(db: DatasetRunDb): Promise<DatasetMeta | undefined> {
  const raw = await db.meta.get('current');
  return raw && MetaShape.safeParse(raw).success ? raw : undefined;
}

export async function caseAt(db: DatasetRunDb, datasetId: string, index: number): Promise<CaseRecord | undefined> {
  return db.cases.get([datasetId, index]);
}

/** Results in index order, read in pages so a large dataset never blocks the page in one read. */
export async function readResults(db: DatasetRunDb, datasetId: string, onPage: (page: ResultRecord[]) => void, pageSize = 250): Promise<void> {
  let from = 0;
  for (;;) {
    const page = await db.results
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

export async function countResults(db: DatasetRunDb, datasetId: string): Promise<number> {
  return db.results.where('[datasetId+index]').between([datasetId, -Infinity], [datasetId, Infinity]).count();
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
