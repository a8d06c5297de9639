import 'fake-indexeddb/auto';
import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDb, auditHash, auditHashInSlices, summarize } from './db';
import {
  bodyFor,
  countAudits,
  getAudit,
  listAudits,
  matchingIds,
  prepareSave,
  purgeTrash,
  renameAudit,
  restoreAudit,
  saveAudit,
  trashAudit,
} from './history';
import { makeCase, makeSave } from '../../tests/factories/audits';
import { indexWords } from './words';

const dbs: AppDb[] = [];
function freshDb(name = `history-test-${Math.random().toString(36).slice(2)}`): AppDb {
  const db = new AppDb(name);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs) db.close();
  for (const name of new Set(dbs.map((d) => d.name))) await Dexie.delete(name);
  dbs.length = 0;
});

describe('save and get', () => {
  it('stores an audit and gives it back through the restore step', async () => {
    const db = freshDb();
    const input = makeSave({ now: 1000 });
    const r = await saveAudit(db, input);
    expect(r.created).toBe(true);
    const got = await getAudit(db, r.id);
    expect(got?.case).toEqual(input.case);
    expect(got?.body.report?.verdict).toBe(input.report!.verdict);
    expect(got?.row.title).toBe(input.case.query);
    expect(got?.row.created).toBe(1000);
    expect(got?.errors).toEqual([]);
  });

  it('updates the same row when saved with its id, keeping created and title', async () => {
    const db = freshDb();
    const first = await saveAudit(db, makeSave({ now: 1000, title: 'Mine' }));
    const c2 = makeCase();
    const second = await saveAudit(db, makeSave({ id: first.id, case: c2, now: 2000 }));
    expect(second).toEqual({ id: first.id, created: false, unchanged: false });
    const got = await getAudit(db, first.id);
    expect(got?.case).toEqual(c2);
    expect(got?.row).toMatchObject({ title: 'Mine', created: 1000, updated: 2000 });
    expect(await countAudits(db)).toBe(1);
  });

  it('an untitled row follows its query as it is typed; a renamed one keeps its name', async () => {
    const db = freshDb();
    // The first save came while the question was half typed.
    const first = await saveAudit(db, makeSave({ now: 1000, case: makeCase({ query: 'What is' }) }));
    expect((await getAudit(db, first.id))?.row.title).toBe('What is');
    await saveAudit(db, makeSave({ id: first.id, now: 2000, case: makeCase({ query: 'What is the capital of France?' }) }));
    const row = (await getAudit(db, first.id))!.row;
    expect(row).toMatchObject({ title: 'What is the capital of France?', created: 1000, updated: 2000 });
    expect((await listAudits(db, { text: 'capital' })).rows.map((r) => r.id)).toEqual([first.id]);

    expect(await renameAudit(db, first.id, 'Capitals, round 1')).toBe(true);
    await saveAudit(db, makeSave({ id: first.id, now: 3000, case: makeCase({ query: 'What is the capital of Spain?' }) }));
    expect((await getAudit(db, first.id))?.row.title).toBe('Capitals, round 1');
  });

  it('writes nothing when the content did not change', async () => {
    const db = freshDb();
    const input = makeSave({ now: 1000 });
    const first = await saveAudit(db, input);
    const again = await saveAudit(db, { ...input, id: first.id, now: 5000 });
    expect(again.unchanged).toBe(true);
    expect((await getAudit(db, first.id))?.row.updated).toBe(1000);
    // Without an id, the identical audit is found by its hash instead of duplicated.
    const twin = await saveAudit(db, { ...input, now: 6000 });
    expect(twin).toEqual({ id: first.id, created: false, unchanged: true });
    expect(await countAudits(db)).toBe(1);
  });

  it('never stores an API key: settings are whitelisted and key-shaped text is cut', async () => {
    const db = freshDb();
    const key = `sk-ant-${'api03-abcdefghijklmnopQRSTUVWX_0123456789'}`;
    const c = makeCase({ answer: `Tower is tall [1]. My key is ${key}` });
    const r = await saveAudit(db, makeSave({ case: c, settings: { requiredStyle: 'auto', language: 'en', apiKey: key, anthropicKey: 'custom-secret-value' }, secrets: ['custom-secret-value'] }));
    const body = await db.bodies.get(r.id);
    const row = await db.audits.get(r.id);
    const stored = JSON.stringify([body, row]);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('sk-ant-');
    expect(stored).not.toContain('custom-secret-value');
    expect(body?.settings).toEqual({ requiredStyle: 'auto', language: 'en' });
  });

  it('never keeps a key pasted into the question in the entry’s title either', async () => {
    const db = freshDb();
    const key = `sk-ant-${'api03-PASTEDabcdefghijklmnop_0123456789'}`;
    const r = await saveAudit(db, makeSave({ case: makeCase({ query: `Why does ${key} fail?` }) }));
    await saveAudit(db, makeSave({ id: r.id, case: makeCase({ query: `Why does ${key} fail again?` }) }));
    expect(await renameAudit(db, r.id, `Mine ${key}`)).toBe(true);
    const row = await db.audits.get(r.id);
    expect(JSON.stringify(row)).not.toContain('sk-ant-');
    expect(row?.title).toBe('Mine [API key removed]');
    const first = await saveAudit(db, makeSave({ case: makeCase({ query: `Key ${key}` }) }));
    expect((await db.audits.get(first.id))?.title).toBe('Key [API key removed]');
  });
});

describe('list, search, filter', () => {
  async function seed(db: AppDb, n: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const verdicts = i % 3 === 0 ? 'bees pollen meadow' : 'granite quarry';
      const c = makeCase({ query: `Question ${i} about ${verdicts}`, answer: i % 2 ? 'Příliš žluťoučký kůň [1].' : 'Plain answer [1].' });
      ids.push((await saveAudit(db, makeSave({ case: c, now: 10_000 + i * 1000 }))).id);
    }
    return ids;
  }

  it('pages newest first with a total', async () => {
    const db = freshDb();
    const ids = await seed(db, 30);
    const p1 = await listAudits(db, {}, 0, 10);
    const p3 = await listAudits(db, {}, 20, 10);
    expect(p1.total).toBe(30);
    expect(p1.rows.map((r) => r.id)).toEqual(ids.slice(20).reverse());
    expect(p3.rows.map((r) => r.id)).toEqual(ids.slice(0, 10).reverse());
    // List rows are light: no case, no report.
    expect(p1.rows[0]).not.toHaveProperty('report');
    expect(p1.rows[0]).not.toHaveProperty('case');
  });

  it('finds by word prefixes of query and answer, all words required, diacritics ignored', async () => {
    const db = freshDb();
    const ids = await seed(db, 12);
    const bees = await listAudits(db, { text: 'bee' });
    expect(bees.total).toBe(4);
    expect(bees.rows.map((r) => r.id)).toEqual([ids[9], ids[6], ids[3], ids[0]]);
    const both = await listAudits(db, { text: 'meadow zlutoucky' });
    expect(both.rows.map((r) => r.id)).toEqual([ids[9], ids[3]]);
    expect((await listAudits(db, { text: 'Pollen   KUN' })).total).toBe(2);
    expect((await listAudits(db, { text: 'nothinglikethis' })).total).toBe(0);
  });

  it('filters by verdict and by date, alone and with words', async () => {
    const db = freshDb();
    const ids = await seed(db, 10);
    const all = await listAudits(db, {}, 0, 100);
    const verdict = all.rows[0]!.verdict;
    const same = all.rows.filter((r) => r.verdict === verdict).map((r) => r.id);
    expect((await listAudits(db, { verdict }, 0, 100)).rows.map((r) => r.id)).toEqual(same);
    const window = await listAudits(db, { from: 12_000, to: 14_000 });
    expect(window.rows.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    const combined = await matchingIds(db, { text: 'granite', from: 12_000, to: 14_000 });
    expect(combined).toEqual([ids[4], ids[2]]);
    // Small results are sorted in memory, large ones through the index: the same answer.
    for (const f of [{ text: 'granite' }, { text: 'bee', verdict }, { text: 'question', from: 12_000, to: 16_000 }]) {
      expect(await matchingIds(db, f, 0)).toEqual(await matchingIds(db, f, 1000));
    }
    expect((await listAudits(db, { verdict: 'NONE' })).total).toBe(0);
  });

  it('pages a large search result through the newest keys with the same rows and total as the full walk', async () => {
    const db = freshDb();
    const ids = await seed(db, 30);
    // Trashed hits are still in the word index: they must not count.
    await trashAudit(db, ids[29]!, 99_000);
    await trashAudit(db, ids[4]!, 99_000);
    const verdict = (await listAudits(db, {}, 0, 1)).rows[0]!.verdict;
    const filters = [{ text: 'question' }, { text: 'granite' }, { text: 'bee meadow' }, { text: 'quarry' }, { text: 'granite', verdict }, { text: 'question', from: 12_000 }];
    for (const f of filters) {
      const all = await matchingIds(db, f);
      for (const [offset, limit] of [[0, 5], [3, 4], [10, 10], [18, 10], [40, 5]] as const) {
        // smallResult 0 takes the large-result path; 1000 reads and sorts every hit.
        const large = await listAudits(db, f, offset, limit, 0);
        const small = await listAudits(db, f, offset, limit, 1000);
        expect(large.total).toBe(all.length);
        expect(large.rows.map((r) => r.id)).toEqual(all.slice(offset, offset + limit));
        expect(large).toEqual(small);
      }
    }
    expect((await listAudits(db, { text: 'question' }, 0, 50, 0)).total).toBe(28);
  });

  it('finds the page of a large search result whose hits are all old (the newest keys hold none)', async () => {
    const db = freshDb();
    const rows = [];
    const bodies = [];
    for (let i = 0; i < 300; i++) {
      const c = makeCase({ query: i < 40 ? `Ancient record ${i}` : `Recent record ${i}` });
      const body = bodyFor(`r-${String(i).padStart(3, '0')}`, makeSave({ case: c }));
      bodies.push(body);
      rows.push(summarize(body, { title: c.query, created: i, updated: 1000 + i }));
    }
    await db.bodies.bulkPut(bodies);
    await db.audits.bulkPut(rows);
    const page = await listAudits(db, { text: 'ancient' }, 2, 3, 0);
    expect(page.total).toBe(40);
    expect(page.rows.map((r) => r.id)).toEqual(['r-037', 'r-036', 'r-035']);
  });

  it('reads the rows of a small search result once', async () => {
    const db = freshDb();
    const ids = await seed(db, 12);
    const bulkGet = vi.spyOn(db.audits, 'bulkGet');
    const bees = await listAudits(db, { text: 'bee' }, 1, 2);
    expect(bees.total).toBe(4);
    expect(bees.rows.map((r) => r.id)).toEqual([ids[6], ids[3]]);
    // The rows read to sort the hits are the page's rows: no second read of the same rows.
    expect(bulkGet).toHaveBeenCalledTimes(1);
  });

  it('a rename keeps the date and the place in the list: it is not a new audit', async () => {
    const db = freshDb();
    const older = await saveAudit(db, makeSave({ now: 1_000 }));
    const newer = await saveAudit(db, makeSave({ now: 2_000 }));
    const before = (await getAudit(db, older.id))!.row;
    expect(await renameAudit(db, older.id, 'Renamed')).toBe(true);
    const after = (await getAudit(db, older.id))!.row;
    expect(after.title).toBe('Renamed');
    expect(after.updated).toBe(before.updated);
    expect(after.created).toBe(before.created);
    expect((await listAudits(db)).rows.map((r) => r.id)).toEqual([newer.id, older.id]);
  });

  it('renames, and the new title is searchable', async () => {
    const db = freshDb();
    const [id] = await seed(db, 1);
    expect(await renameAudit(db, id!, '  Lighthouse   keepers ')).toBe(true);
    const got = await getAudit(db, id!);
    expect(got?.row.title).toBe('Lighthouse keepers');
    expect((await listAudits(db, { text: 'keeper' })).rows.map((r) => r.id)).toEqual([id]);
    expect(await renameAudit(db, 'missing', 'x')).toBe(false);
  });
});

describe('delete with undo', () => {
  it('trash hides the audit, restore brings it back, purge removes it for good', async () => {
    const db = freshDb();
    const a = await saveAudit(db, makeSave({ now: 1 }));
    const b = await saveAudit(db, makeSave({ now: 2 }));
    await trashAudit(db, a.id, 10_000);
    expect((await listAudits(db)).rows.map((r) => r.id)).toEqual([b.id]);
    expect(await countAudits(db)).toBe(1);
    await restoreAudit(db, a.id);
    expect((await listAudits(db)).rows.map((r) => r.id)).toEqual([b.id, a.id]);

    await trashAudit(db, a.id, 10_000);
    expect(await purgeTrash(db, 10_500, 1_000)).toBe(0); // still within the undo window
    expect(await purgeTrash(db, 20_000, 1_000)).toBe(1);
    expect(await getAudit(db, a.id)).toBeUndefined();
    expect(await db.bodies.get(a.id)).toBeUndefined();
    expect(await countAudits(db)).toBe(1);
  });
});

describe('live across tabs', () => {
  it('a live query on one connection sees a save made through another', async () => {
    const name = `live-${Math.random().toString(36).slice(2)}`;
    const tabA = freshDb(name);
    const tabB = freshDb(name);
    const seen: number[] = [];
    // Wait on what the query reports, not on a fixed delay (which a loaded machine overruns).
    const waitFor = async (ok: () => boolean) => {
      for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    };
    const sub = liveQuery(() => countAudits(tabA)).subscribe((n) => seen.push(n));
    await waitFor(() => seen.length > 0);
    await saveAudit(tabB, makeSave());
    await waitFor(() => seen.at(-1) === 1);
    sub.unsubscribe();
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
  });
});

describe('saves prepared in slices', () => {
  it('a prepared save stores the same row and hash as an unprepared one, without hashing again', async () => {
    const input = makeSave({ now: 5 });
    const prepared = await prepareSave(input, { sliceMs: 0 });
    expect(prepared).not.toBeNull();
    expect(prepared!.hash).toBe(auditHash({ case: input.case, report: input.report, labels: [] }));
    const a = freshDb();
    const b = freshDb();
    const plain = await saveAudit(a, input);
    const fast = await saveAudit(b, { ...input, prepared: prepared! });
    const rowA = await a.audits.get(plain.id);
    const rowB = await b.audits.get(fast.id);
    expect(rowB!.hash).toBe(rowA!.hash);
    const { id: _a, bytes: bytesA, ...restA } = rowA!;
    const { id: _b, bytes: bytesB, ...restB } = rowB!;
    expect(restB).toEqual(restA);
    // The size is worked out from the hashed text: close to the body's JSON length.
    expect(Math.abs(bytesB - bytesA) / bytesA).toBeLessThan(0.05);
    // The stored hash is the prepared one: a forged preparation shows that nothing re-hashed it.
    const c = freshDb();
    const forged = await saveAudit(c, { ...input, prepared: { ...prepared!, hash: 'f'.repeat(16) } });
    expect((await c.audits.get(forged.id))!.hash).toBe('f'.repeat(16));
  });

  it('a preparation for other objects is not used', async () => {
    const input = makeSave();
    const prepared = await prepareSave(input);
    const other = makeSave();
    const db = freshDb();
    const r = await saveAudit(db, { ...other, prepared: { ...prepared!, hash: 'f'.repeat(16) } });
    expect((await db.audits.get(r.id))!.hash).toBe(auditHash({ case: other.case, report: other.report, labels: [] }));
  });

  it('finds a key-shaped or known secret while hashing and leaves that save to full redaction', async () => {
    const key = `sk-ant-${'api03-abcdefghijklmnopQRSTUVWX_0123456789'}`;
    const withKey = makeSave({ case: makeCase({ answer: `Tower is tall [1]. ${key}` }) });
    expect(await prepareSave(withKey)).toBeNull();
    const known = makeSave({ case: makeCase({ query: 'my custom-secret-value here' }), secrets: ['custom-secret-value'] });
    expect(await prepareSave(known)).toBeNull();
    // In a key of an object too.
    const inKey = makeSave({ case: { ...makeCase(), [`x${key}`]: 1 } as never });
    expect(await prepareSave(inKey)).toBeNull();
    // Near miss: text that merely mentions keys is prepared.
    expect(await prepareSave(makeSave({ case: makeCase({ answer: 'Keys start with sk-ant [1].' }) }))).not.toBeNull();
    const db = freshDb();
    const r = await saveAudit(db, { ...withKey, settings: { requiredStyle: 'auto', language: 'en', apiKey: key } });
    expect(JSON.stringify([await db.bodies.get(r.id), await db.audits.get(r.id)])).not.toContain('sk-ant-');
  });

  it('a prepared save still redacts what it did not scan (settings, model results)', async () => {
    const input = makeSave({ settings: { requiredStyle: 'auto', language: 'en', anthropicKey: 'custom-secret-value' }, secrets: ['custom-secret-value'] });
    const prepared = await prepareSave(input);
    expect(prepared).not.toBeNull();
    const db = freshDb();
    const r = await saveAudit(db, { ...input, prepared: prepared! });
    expect(JSON.stringify(await db.bodies.get(r.id))).not.toContain('custom-secret-value');
  });
});

describe('the body is written with its report as JSON in a Blob', () => {
  /** A report with many small objects, as a pasted megabyte gives (claims, markers, findings). */
  function largeSave() {
    const answer = Array.from({ length: 400 }, (_, i) => `Tower ${i} is ${100 + i} metres tall [1].`).join(' ');
    return makeSave({ case: makeCase({ answer }) });
  }

  it('prepareSave makes the report JSON in slices, and the write stores it, not the objects', async () => {
    const input = largeSave();
    let clock = 0;
    let pauses = 0;
    const slicing = { sliceMs: 3, now: () => clock++, pause: async () => void pauses++ };
    await auditHashInSlices({ case: input.case, report: input.report, labels: [] }, slicing);
    const hashPauses = pauses;
    pauses = 0;
    const prepared = await prepareSave(input, slicing);
    expect(await prepared!.reportBlob!.text()).toBe(JSON.stringify(input.report));
    // Beyond the hash's slices, the JSON took many of its own: it was not made in one task.
    expect(hashPauses).toBeGreaterThan(5);
    expect(pauses).toBeGreaterThan(hashPauses + 5);
    const db = freshDb();
    // The write uses the prepared Blob as it is: a marked one shows nothing serialised it again.
    const marked = new Blob([JSON.stringify({ ...input.report!, summary: 'from the preparation' })]);
    const r = await saveAudit(db, { ...input, prepared: { ...prepared!, reportBlob: marked } });
    const stored = (await db.bodies.get(r.id)) as unknown as Record<string, unknown>;
    expect(stored).not.toHaveProperty('report');
    expect(stored.reportBlob).toBeInstanceOf(Blob);
    expect(stored.case).toEqual(input.case);
    expect((await getAudit(db, r.id))!.body.report!.summary).toBe('from the preparation');
  });

  it('an unprepared save stores the report as JSON too, and it reads back equal', async () => {
    const db = freshDb();
    const input = makeSave();
    const r = await saveAudit(db, input);
    const stored = (await db.bodies.get(r.id)) as unknown as Record<string, unknown>;
    expect(stored.reportBlob).toBeInstanceOf(Blob);
    expect(stored).not.toHaveProperty('report');
    const got = await getAudit(db, r.id);
    expect(got!.body.report).toEqual(input.report);
    expect(got!.errors).toEqual([]);
    // An audit without a report has nothing to pack.
    const none = await saveAudit(db, makeSave({ report: null }));
    expect(await db.bodies.get(none.id)).toMatchObject({ report: null });
    expect((await getAudit(db, none.id))!.body.report).toBeNull();
  });

  it('a body written before (the report as objects) still opens, renames and re-saves', async () => {
    const db = freshDb();
    const input = makeSave({ now: 1 });
    const r = await saveAudit(db, input);
    // Rewritten in the form v2 and v3 wrote: the report object in the body.
    await db.bodies.put({ ...bodyFor(r.id, input) });
    expect(await db.bodies.get(r.id)).toHaveProperty('report');
    const got = await getAudit(db, r.id);
    expect(got!.body.report).toEqual(input.report);
    expect(got!.case).toEqual(input.case);
    expect(await renameAudit(db, r.id, 'Old row')).toBe(true);
    // The next save of it writes the new form.
    await saveAudit(db, makeSave({ id: r.id, now: 2 }));
    expect(await db.bodies.get(r.id)).toHaveProperty('reportBlob');
  });

  it('a stored report that does not parse leaves the case readable and says what is wrong', async () => {
    const db = freshDb();
    const input = makeSave();
    const r = await saveAudit(db, input);
    const stored = (await db.bodies.get(r.id))!;
    for (const bad of [new Blob(['{"verdict":']), new Blob(['[1,2]']), new Blob(['12']), 'not a blob', 42]) {
      await db.bodies.put({ ...stored, reportBlob: bad } as never);
      const got = await getAudit(db, r.id);
      expect(got!.case).toEqual(input.case);
      expect(got!.body.report).toBeNull();
      expect(got!.errors.join(' ')).toMatch(/^report: /);
    }
  });
});

describe('the index words of a prepared save', () => {
  it('find Greek and Cyrillic words, in prose and at the start of a long run with no space', async () => {
    // The run is cut into pieces between its letters; its word is the run's first 40 letters.
    const run = 'ΑΒΓΔΕάέήίΣσςΟΔΟΣκαιΪΫΰΐ'.repeat(5_000);
    const input = makeSave({ case: makeCase({ answer: `Η οδός της σοφίας [1]. Съешь же ещё этих булок. ${run} τέλος` }) });
    const prepared = await prepareSave(input, { sliceMs: 0 });
    const db = freshDb();
    const { id } = await saveAudit(db, { ...input, prepared: prepared! });
    for (const text of ['οδος', 'ΟΔΟΣ σοφ', 'съешь', 'ЕЩЕ булок', 'αβγδεαεηι', 'τελος']) {
      expect((await listAudits(db, { text })).rows.map((r) => r.id), text).toEqual([id]);
    }
    expect((await listAudits(db, { text: 'οδοςς' })).total).toBe(0);
  });


  it('come from the preparation (in slices), not from reading the answer in the save', async () => {
    const input = makeSave({ case: makeCase({ answer: `Příliš žluťoučký kůň [1]. ${'slovo'.repeat(5000)} konec` }) });
    const prepared = await prepareSave(input, { sliceMs: 0 });
    expect(prepared!.words).toEqual(indexWords(input.case.query, input.case.answer));
    const a = freshDb();
    const r = await saveAudit(a, { ...input, prepared: prepared! });
    const row = (await a.audits.get(r.id))!;
    expect(row.words).toEqual(indexWords(row.title, input.case.query, input.case.answer));
    // A forged preparation shows that the save took its words and read no answer.
    const b = freshDb();
    const forged = await saveAudit(b, { ...input, prepared: { ...prepared!, words: ['forged'] } });
    expect((await b.audits.get(forged.id))!.words).toEqual([...indexWords((await b.audits.get(forged.id))!.title), 'forged']);
  });
});
