import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_VERSION, AppDb, SCHEMA_V1, SCHEMA_V2, summarize, unpackBody, type AuditBody, type AuditRowV1 } from './db';
import { getAudit, listAudits } from './history';

const fixture = JSON.parse(readFileSync(new URL('../../tests/fixtures/history-v1.json', import.meta.url), 'utf8')) as {
  audits: AuditRowV1[];
  labels: Record<string, unknown>[];
};

let n = 0;
const names: string[] = [];
function freshName(): string {
  const name = `db-test-${++n}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return name;
}

/** Builds the database exactly as version 1 of the app left it. */
async function makeV1Database(name: string): Promise<void> {
  const v1 = new Dexie(name);
  v1.version(1).stores(SCHEMA_V1);
  await v1.table('audits').bulkAdd(fixture.audits);
  await v1.table('labels').bulkAdd(fixture.labels);
  v1.close();
}

afterEach(async () => {
  while (names.length) await Dexie.delete(names.pop()!);
});

describe('schema upgrade v1 → v2', () => {
  it('keeps every v1 audit: list row and body, nothing lost', async () => {
    const name = freshName();
    await makeV1Database(name);
    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBe(CURRENT_VERSION);

    const rows = await db.audits.toArray();
    const bodies = await db.bodies.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual(fixture.audits.map((a) => a.id).sort());
    expect(bodies.map((b) => b.id).sort()).toEqual(fixture.audits.map((a) => a.id).sort());

    for (const old of fixture.audits) {
      const row = rows.find((r) => r.id === old.id)!;
      const body = (await unpackBody(bodies.find((b) => b.id === old.id)!)).body;
      // Title and times survive as they were.
      expect(row.title).toBe(old.title);
      expect(row.created).toBe(old.created);
      expect(row.updated).toBe(old.updated);
      expect(row.verdict).toBe(old.verdict);
      expect(row.trashed).toBe(0);
      expect(row.hash).toMatch(/^[0-9a-f]{16}$/);
      // The heavy part is in the body, byte for byte, and no longer in the list row.
      expect(body.case).toEqual(old.case);
      expect(body.report).toEqual(old.report);
      expect(body.labels).toEqual(old.labels);
      expect(body.settings).toEqual(old.settings);
      expect(body.usage).toEqual(old.usage);
      expect(body.timings).toEqual(old.timings);
      expect(row).not.toHaveProperty('case');
      expect(row).not.toHaveProperty('report');
    }
    // The labels table is untouched.
    expect(await db.labels.count()).toBe(fixture.labels.length);
    db.close();
  });

  it('makes upgraded rows listable, searchable and filterable with the new indexes', async () => {
    const name = freshName();
    await makeV1Database(name);
    const db = new AppDb(name);
    const page = await listAudits(db, {}, 0, 50);
    expect(page.total).toBe(fixture.audits.length);
    // Newest first.
    const updated = page.rows.map((r) => r.updated);
    expect([...updated].sort((a, b) => b - a)).toEqual(updated);

    const hits = await listAudits(db, { text: 'lighthouse' });
    expect(hits.rows.map((r) => r.id)).toEqual(['v1-audit-1']);
    // Diacritics do not matter: "knihovna lhote" finds "Knihovna v Lhotě".
    expect((await listAudits(db, { text: 'knihovna lhote' })).rows.map((r) => r.id)).toEqual(['v1-audit-2']);
    const passed = await listAudits(db, { verdict: 'PASS' });
    expect(passed.rows.map((r) => r.id)).toEqual(['v1-audit-4']);
    expect(passed.rows[0]!.model).toBe('claude-fixture');
    db.close();
  });

  it('keeps a row whose case no longer validates, and says why when it is opened', async () => {
    const name = freshName();
    await makeV1Database(name);
    const db = new AppDb(name);
    const odd = await getAudit(db, 'v1-audit-6');
    expect(odd).toBeDefined();
    expect(odd!.case).toBeUndefined();
    expect(odd!.errors.length).toBeGreaterThan(0);
    const draft = await getAudit(db, 'v1-audit-5');
    expect(draft!.case?.query).toBe('Unfinished question');
    expect(draft!.row.verdict).toBe('NONE');
    db.close();
  });

  it('opens an empty database directly at the current version', async () => {
    const db = new AppDb(freshName());
    await db.open();
    expect(db.verno).toBe(CURRENT_VERSION);
    expect(await db.audits.count()).toBe(0);
    db.close();
  });
});

describe('schema upgrade v2 → v3', () => {
  it('keeps v2 audits, bodies and labels and adds empty dataset tables', async () => {
    const name = freshName();
    // The database as the v2 app left it: a list row, its body and a label.
    const body: AuditBody = { id: 'a1', case: { query: 'Where?', answer: 'There [1].', chunks: [{ id: '1', text: 'There.' }] }, report: null, labels: [], settings: { requiredStyle: 'auto', language: 'auto' } };
    const v2 = new Dexie(name);
    v2.version(2).stores(SCHEMA_V2);
    await v2.table('audits').add(summarize(body, { title: 'Kept', created: 1, updated: 2 }));
    await v2.table('bodies').add(body);
    await v2.table('labels').add({ caseKey: 'k', claimIndex: 0, chunkId: '1', annotator: 'ann', label: 'fully', updated: 3 });
    v2.close();

    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBe(3);
    expect((await db.audits.get('a1'))?.title).toBe('Kept');
    expect((await db.bodies.get('a1'))?.case.answer).toBe('There [1].');
    expect(await db.labels.count()).toBe(1);
    expect(await db.datasetMeta.count()).toBe(0);
    await db.datasetCases.put({ datasetId: 'd', index: 0, line: 1, case: body.case });
    expect(await db.datasetCases.get(['d', 0])).toMatchObject({ line: 1 });
    db.close();
  });
});
