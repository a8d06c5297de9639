import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT } from './constants';
import { BackupError, exportBackup, importBackup, parseBackup } from './backup';
import { unpackBody, type AppDb } from './db';
import { listAudits, saveAudit, trashAudit } from './history';
import { putLabel } from './labels';
import { makeCase, makeSave } from '../../tests/factories/audits';
import { useFreshDbs } from '../../tests/factories/db';

const freshDb = useFreshDbs('backup-test');

const label = { caseKey: 'id:x', claimIndex: 0, chunkId: '1', annotator: 'ana', label: 'fully_supported' as const, updated: 5 };

async function seeded(): Promise<AppDb> {
  const db = freshDb();
  for (let i = 0; i < 3; i++) await saveAudit(db, makeSave({ now: 1000 + i, title: `Audit ${i}` }));
  await putLabel(db, label);
  return db;
}

describe('export', () => {
  it('writes a versioned file with every audit (trash excluded) and the labels', async () => {
    const db = await seeded();
    const extra = await saveAudit(db, makeSave({ now: 5000 }));
    await trashAudit(db, extra.id);
    const file = await exportBackup(db, { now: Date.UTC(2025, 5, 1) });
    expect(file.format).toBe(BACKUP_FORMAT);
    expect(file.version).toBe(1);
    expect(file.exported_at).toBe('2025-06-01T00:00:00.000Z');
    expect(file.audits.map((a) => a.title).sort()).toEqual(['Audit 0', 'Audit 1', 'Audit 2']);
    expect(file.labels).toEqual([label]);
    expect(file.audits[0]!.report).toBeTruthy();
  });

  it('carries reports stored as JSON and as objects alike, and skips (and counts) one whose stored JSON is damaged', async () => {
    const db = await seeded();
    const saves = [makeSave({ now: 7000, title: 'Old form' }), makeSave({ now: 8000, title: 'Damaged text' })];
    const [old, damaged] = [await saveAudit(db, saves[0]!), await saveAudit(db, saves[1]!)];
    // One body as v2 wrote it (report object), one whose report no longer parses.
    await db.bodies.put({ ...(await unpackBody((await db.bodies.get(old.id))!)).body });
    await db.bodies.put({ ...(await db.bodies.get(damaged.id))!, reportBlob: new Blob(['{"verdict":"PA']) } as never);
    const file = await exportBackup(db);
    expect(file.audits.map((a) => a.title).sort()).toEqual(['Audit 0', 'Audit 1', 'Audit 2', 'Old form']);
    expect(file.audits.find((a) => a.title === 'Old form')!.report).toEqual(saves[0]!.report);
    expect(file.audits.find((a) => a.title === 'Audit 1')!.report).toMatchObject({ verdict: expect.any(String), claims: expect.any(Array) });
    expect(file.skipped_damaged).toBe(1);
  });

  it('never contains an API key', async () => {
    const db = freshDb();
    const key = `sk-ant-${'api03-ZZZZZZZZZZZZZZZZZZZZ-yyyy'}`;
    await saveAudit(db, makeSave({ case: makeCase({ query: `What is ${key}?` }), settings: { apiKey: key } }));
    const text = JSON.stringify(await exportBackup(db, { secrets: [key] }));
    expect(text).not.toContain(key);
    expect(text).not.toContain('apiKey');
  });
});

describe('import', () => {
  it('restores a backup into an empty database exactly', async () => {
    const src = await seeded();
    const text = JSON.stringify(await exportBackup(src));
    const dst = freshDb();
    const r = await importBackup(dst, text);
    expect(r).toMatchObject({ added: 3, duplicates: 0, renamed: 0, invalid: 0, labelsAdded: 1 });
    const a = await listAudits(src, {}, 0, 10);
    const b = await listAudits(dst, {}, 0, 10);
    expect(b.rows).toEqual(a.rows);
    // Equal as the app reads them (the report's text may list its keys in another order).
    const read = async (db: AppDb) => Promise.all((await db.bodies.toArray()).map(async (b) => (await unpackBody(b)).body));
    expect(await read(dst)).toEqual(await read(src));
  });

  it('merges without duplicates: importing the same backup twice adds nothing', async () => {
    const db = await seeded();
    const text = JSON.stringify(await exportBackup(db));
    const r = await importBackup(db, text);
    expect(r).toMatchObject({ added: 0, duplicates: 3, renamed: 0, labelsAdded: 0, labelsUpdated: 0 });
    expect((await listAudits(db)).total).toBe(3);
  });

  it('keeps both audits when an id is taken by different content', async () => {
    const a = freshDb();
    const b = freshDb();
    await saveAudit(a, makeSave({ id: 'same-id', title: 'From A' }));
    await saveAudit(b, makeSave({ id: 'same-id', title: 'From B' }));
    const r = await importBackup(a, JSON.stringify(await exportBackup(b)));
    expect(r).toMatchObject({ added: 1, renamed: 1 });
    const titles = (await listAudits(a)).rows.map((x) => x.title).sort();
    expect(titles).toEqual(['From A', 'From B']);
  });

  it('brings back an audit that is in the trash', async () => {
    const db = await seeded();
    const text = JSON.stringify(await exportBackup(db));
    const first = (await listAudits(db)).rows[0]!;
    await trashAudit(db, first.id);
    expect((await listAudits(db)).total).toBe(2);
    await importBackup(db, text);
    expect((await listAudits(db)).total).toBe(3);
  });

  it('merges labels by key, the newer change winning', async () => {
    const db = await seeded();
    const file = await exportBackup(db);
    file.labels = [{ ...label, label: 'not_supported', updated: 9 }, { ...label, annotator: 'ben' }];
    const r = await importBackup(db, JSON.stringify(file));
    expect(r).toMatchObject({ labelsAdded: 1, labelsUpdated: 1 });
    expect((await db.labels.get(['id:x', 0, '1', 'ana']))?.label).toBe('not_supported');
  });

  it('skips and explains invalid entries, importing the rest', async () => {
    const src = await seeded();
    const file = await exportBackup(src);
    const audits: unknown[] = [...file.audits];
    audits.push({ id: 'bad-1', title: 'no case', created: 1, updated: 1, case: { query: 1 }, report: null, labels: [], settings: {} });
    audits.push({ id: 'bad-2', created: 'not a date', updated: 1, case: makeCase(), report: null });
    audits.push({ id: 'bad-3', title: 'bad report', created: 1, updated: 1, case: makeCase(), report: { verdict: 'MAYBE' } });
    audits.push('not even an object');
    const r = await importBackup(freshDb(), JSON.stringify({ ...file, audits }));
    expect(r.added).toBe(3);
    expect(r.invalid).toBe(4);
    expect(r.errors).toHaveLength(4);
    expect(r.errors[0]).toContain('no case');
  });

  it('refuses what is not a backup, or one from a newer version', () => {
    expect(() => parseBackup('{oops')).toThrow(BackupError);
    expect(() => parseBackup(JSON.stringify({ audits: [] }))).toThrow(/not a Citation Auditor backup/);
    expect(() => parseBackup(JSON.stringify({ format: BACKUP_FORMAT, version: 99, audits: [] }))).toThrow(/newer version/);
    // What is refused is given as a kind (the page words it in its language), with the version.
    const problem = (text: string) => {
      try {
        parseBackup(text);
      } catch (e) {
        return e instanceof BackupError ? [e.problem, e.version] : ['other'];
      }
      return ['accepted'];
    };
    expect(problem('{oops')).toEqual(['not-json', undefined]);
    expect(problem(JSON.stringify({ audits: [] }))).toEqual(['not-backup', undefined]);
    expect(problem(JSON.stringify({ format: BACKUP_FORMAT, version: 99, audits: [] }))).toEqual(['newer-version', 99]);
  });
});
