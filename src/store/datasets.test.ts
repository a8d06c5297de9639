import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDb } from './db';
import { adoptLegacyDataset, currentMeta, LEGACY_DATASET_SCHEMA, readResults, type DatasetMeta, type ResultRecord } from './datasets';

const names: string[] = [];
const fresh = (prefix: string) => {
  const name = `${prefix}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  while (names.length) await Dexie.delete(names.pop()!);
});

const meta = (id: string, size: number): DatasetMeta => ({
  slot: 'current',
  id,
  name: `${id}.jsonl`,
  created: 1,
  size,
  errors: [],
  errorCount: 0,
  settings: { requiredStyle: 'auto', language: 'auto' },
  toolVersion: 'test',
});

const result = (datasetId: string, index: number): ResultRecord => ({
  datasetId,
  index,
  caseKey: `key-${index}`,
  row: { index, line: index + 1 } as unknown as ResultRecord['row'],
  pairs: [],
  reference: [],
});

/** The separate database datasets lived in before schema v3, with `size` cases of which `audited` have results. */
async function makeLegacy(name: string, size: number, audited: number, m: unknown = meta('old', size)): Promise<void> {
  const old = new Dexie(name);
  old.version(1).stores(LEGACY_DATASET_SCHEMA);
  await old.table('meta').put(m);
  await old.table('cases').bulkPut(Array.from({ length: size }, (_, index) => ({ datasetId: 'old', index, line: index + 1, case: { query: `q${index}`, answer: 'a', chunks: [] } })));
  await old.table('results').bulkPut(Array.from({ length: audited }, (_, i) => result('old', i)));
  old.close();
}

describe('the dataset slot in the app database', () => {
  it('adopts a dataset left in the old database (a run continues after the upgrade), then deletes it', async () => {
    const legacy = fresh('legacy');
    await makeLegacy(legacy, 450, 260); // more than one copy batch
    const db = new AppDb(fresh('app'));
    expect(await adoptLegacyDataset(db, legacy)).toBe(true);
    const m = await currentMeta(db);
    expect(m?.id).toBe('old');
    expect(m?.size).toBe(450);
    expect(await db.datasetCases.count()).toBe(450);
    expect((await db.datasetCases.get(['old', 449]))?.case.query).toBe('q449');
    const seen: number[] = [];
    await readResults(db, 'old', (page) => seen.push(...page.map((r) => r.index)), 100);
    expect(seen).toEqual(Array.from({ length: 260 }, (_, i) => i));
    expect(await Dexie.exists(legacy)).toBe(false);
    db.close();
  });

  it('never replaces a dataset already in the slot', async () => {
    const legacy = fresh('legacy');
    await makeLegacy(legacy, 3, 3);
    const db = new AppDb(fresh('app'));
    await db.datasetMeta.put(meta('new', 1));
    expect(await adoptLegacyDataset(db, legacy)).toBe(false);
    expect((await currentMeta(db))?.id).toBe('new');
    expect(await Dexie.exists(legacy)).toBe(false);
    db.close();
  });

  it('drops an old slot whose meta does not validate, and does nothing without an old database', async () => {
    const legacy = fresh('legacy');
    await makeLegacy(legacy, 2, 0, { slot: 'current', id: '', size: -1 });
    const db = new AppDb(fresh('app'));
    expect(await adoptLegacyDataset(db, legacy)).toBe(false);
    expect(await currentMeta(db)).toBeUndefined();
    expect(await db.datasetCases.count()).toBe(0);

    const other = new AppDb(fresh('app'));
    expect(await adoptLegacyDataset(other, fresh('missing'))).toBe(false);
    db.close();
    other.close();
  });
});
