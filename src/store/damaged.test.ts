import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { exportBackup } from './backup';
import { checkRow, deleteDamaged, exportDamaged, findDamaged } from './damaged';
import type { AppDb } from './db';
import { countAudits, listAudits, saveAudit } from './history';
import { makeSave } from '../../tests/factories/audits';
import { useFreshDbs } from '../../tests/factories/db';

// A key-shaped string made at run time, so that no file in the repository looks like it holds a key.
const FAKE_KEY_PREFIX = ['sk', 'ant', 'api03'].join('-');
const FAKE_KEY = `${FAKE_KEY_PREFIX}-${'x'.repeat(16)}`;

const freshDb = useFreshDbs('damaged-test');

/** A whole row and body as this app writes them, then changed: `over` replaces row fields. */
async function plant(db: AppDb, over: Record<string, unknown>, id = `planted-${Math.random().toString(36).slice(2)}`): Promise<void> {
  const saved = await saveAudit(db, makeSave({ title: 'Damaged one' }));
  const row = (await db.audits.get(saved.id))!;
  const body = (await db.bodies.get(saved.id))!;
  await db.audits.delete(saved.id);
  await db.bodies.delete(saved.id);
  // Straight into the tables, as another program (or a corrupted disk) would leave it.
  await db.audits.put({ ...row, id, ...over } as never);
  await db.bodies.put({ ...body, id } as never);
}

describe('damaged rows', () => {
  it('a row the list’s index cannot hold is found, counted, left out of the backup with a count, exported raw and deleted', async () => {
    const db = freshDb();
    await saveAudit(db, makeSave({ title: 'Whole one', now: 1000 }));
    // A string date and a boolean flag: IndexedDB cannot make the list's index key of either.
    await plant(db, { updated: 'yesterday', trashed: false }, 'bad-1');

    // The list and its count show the whole one only (the damaged one is listed apart) ...
    expect((await listAudits(db)).total).toBe(1);
    expect(await countAudits(db)).toBe(1);
    const damaged = await findDamaged(db);
    expect(damaged.count).toBe(1);
    expect(damaged.rows[0]!.id).toBe('bad-1');
    expect(damaged.rows[0]!.title).toBe('Damaged one');
    expect(damaged.rows[0]!.damage?.key).toBe('bad-1');
    expect(damaged.rows[0]!.damage?.problems.join(' ')).toMatch(/updated/);
    expect(damaged.rows[0]!.damage?.problems.join(' ')).toMatch(/trashed/);

    // ... the backup says it left it out ...
    const file = await exportBackup(db);
    expect(file.audits.map((a) => a.title)).toEqual(['Whole one']);
    expect(file.skipped_damaged).toBe(1);

    // ... its raw content can be kept ...
    const raw = JSON.parse(await exportDamaged(db, ['bad-1'], Date.UTC(2026, 0, 1))) as {
      format: string;
      entries: { key: unknown; row: Record<string, unknown>; body: Record<string, unknown> }[];
    };
    expect(raw.format).toBe('citation-auditor-damaged-entries');
    expect(raw.entries[0]!.key).toBe('bad-1');
    expect(raw.entries[0]!.row.updated).toBe('yesterday');
    expect(raw.entries[0]!.row.trashed).toBe(false);
    expect((raw.entries[0]!.body.case as { query: string }).query).toMatch(/tower/);
    // The report, stored as JSON in a Blob, comes out as the report (a Blob would say only its size).
    expect((raw.entries[0]!.body.report as { verdict: string }).verdict).toMatch(/^(PASS|FAIL|INCOMPLETE)$/);
    expect(raw.entries[0]!.body).not.toHaveProperty('reportBlob');

    // ... and deleted for good.
    await deleteDamaged(db, 'bad-1');
    expect((await findDamaged(db)).count).toBe(0);
    expect(await db.bodies.get('bad-1')).toBeUndefined();
    expect((await exportBackup(db)).skipped_damaged).toBeUndefined();
  });

  it('a saved body without its list row is listed with the damaged entries, exported and deleted', async () => {
    const db = freshDb();
    await saveAudit(db, makeSave({ title: 'Whole one', now: 1000 }));
    const orphan = await saveAudit(db, makeSave({ title: 'Lost its row', now: 2000 }));
    // The list row goes, the body stays (an interrupted delete, another program).
    await db.audits.delete(orphan.id);

    expect((await listAudits(db)).total).toBe(1);
    const damaged = await findDamaged(db);
    expect(damaged.count).toBe(1);
    expect(damaged.rows[0]!.id).toBe(orphan.id);
    expect(damaged.rows[0]!.queryPreview).toMatch(/tower/);
    expect(damaged.rows[0]!.damage?.problems[0]).toMatch(/without its list entry/);
    expect((await exportBackup(db)).skipped_damaged).toBe(1);

    const raw = JSON.parse(await exportDamaged(db, [orphan.id])) as { entries: { row: unknown; body: { case: { query: string } } }[] };
    expect(raw.entries[0]!.row).toBeNull();
    expect(raw.entries[0]!.body.case.query).toMatch(/tower/);

    await deleteDamaged(db, orphan.id);
    expect((await findDamaged(db)).count).toBe(0);
    expect(await db.bodies.count()).toBe(1);
  });

  it('a listed row with fields of the wrong type stays in its place, marked, with safe values', async () => {
    const db = freshDb();
    await saveAudit(db, makeSave({ title: 'Whole one', now: 1000 }));
    await plant(db, { updated: 2000, title: 7, verdict: 42, words: 'not a list' }, 'bad-2');
    const page = await listAudits(db);
    expect(page.total).toBe(2);
    const bad = page.rows.find((r) => r.damage)!;
    expect(bad.id).toBe('bad-2');
    expect(bad.verdict).toBe('NONE');
    expect(bad.title).toBe('');
    expect(bad.damage!.problems.join(' ')).toMatch(/title/);
    expect(bad.damage!.problems.join(' ')).toMatch(/verdict/);
    // The whole row is given back as it is (not copied).
    expect(page.rows.find((r) => !r.damage)!.title).toBe('Whole one');
    // The backup leaves it out too, and says so.
    const file = await exportBackup(db);
    expect(file.audits).toHaveLength(1);
    expect(file.skipped_damaged).toBe(1);
  });

  it('a row whose key is not even a string can be exported and deleted', async () => {
    const db = freshDb();
    await plant(db, { trashed: 'no' }, 12345 as unknown as string);
    const damaged = await findDamaged(db);
    expect(damaged.count).toBe(1);
    expect(damaged.rows[0]!.damage?.key).toBe(12345);
    const raw = JSON.parse(await exportDamaged(db, [12345])) as { entries: { key: unknown }[] };
    expect(raw.entries[0]!.key).toBe(12345);
    await deleteDamaged(db, 12345);
    expect((await findDamaged(db)).count).toBe(0);
  });

  it('raw export survives what JSON cannot hold, and cuts out API keys', async () => {
    const db = freshDb();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    await plant(db, { trashed: null, extra: new Map([['a', 1]]), big: 10n, cyclic, note: `key ${FAKE_KEY}` }, 'bad-3');
    const text = await exportDamaged(db, ['bad-3']);
    const row = (JSON.parse(text) as { entries: { row: Record<string, unknown> }[] }).entries[0]!.row;
    expect(row.big).toBe('10n');
    expect(row.extra).toEqual({ '[Map]': [['a', 1]] });
    expect((row.cyclic as Record<string, unknown>).self).toBe('[circular]');
    expect(text).not.toContain(FAKE_KEY_PREFIX);
  });

  it('a damaged row whose stored report does not parse exports that text as it is', async () => {
    const db = freshDb();
    await plant(db, { trashed: 'no' }, 'bad-4');
    await db.bodies.update('bad-4', { reportBlob: new Blob(['{"verdict":"FA']) } as never);
    const raw = JSON.parse(await exportDamaged(db, ['bad-4'])) as { entries: { body: Record<string, unknown> }[] };
    expect(raw.entries[0]!.body.reportBlob).toBe('{"verdict":"FA');
  });

  it('whole rows are not damaged', async () => {
    const db = freshDb();
    for (let i = 0; i < 3; i++) await saveAudit(db, makeSave({ now: 1000 + i }));
    expect(await findDamaged(db)).toEqual({ count: 0, rows: [] });
    const page = await listAudits(db);
    expect(page.rows.every((r) => !r.damage)).toBe(true);
    expect(checkRow(page.rows[0], page.rows[0]!.id)).toBe(page.rows[0]);
    expect((await exportBackup(db)).skipped_damaged).toBeUndefined();
  });
});
