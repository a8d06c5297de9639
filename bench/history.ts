// History and share-link benchmarks (issue 5), exported for bench/run.ts:
// - benchHistory: 10,000 audits in IndexedDB (fake-indexeddb in Node: an in-memory IndexedDB,
//   so absolute times are not a browser's) — time to the first page of the list and to a search,
//   each next to a raw IndexedDB read of the same rows (the ratio is what to watch).
// - benchHistoryChromium: the same through the built page in Chromium (real IndexedDB, the real
//   panel): open → first page rendered, search → hits rendered, next to raw IndexedDB reads.
// - benchShareLinks: link length per shared case next to plain deflate + base64url of the same JSON.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { deflateSync } from 'fflate';
import { auditCase } from '../src/core/audit';
import type { AuditCase } from '../src/core/types';
import { toBase64Url } from '../src/share/base64url';
import { encodeEnvelope } from '../src/share/codec';
import { auditFieldsOnly } from '../src/share/fields';
import { AppDb, summarize, type AuditBody, type AuditRow } from '../src/store/db';
import { bodyFor, listAudits } from '../src/store/history';
import { loadSharedCases, median } from './core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

async function timeAsync(fn: () => Promise<unknown>, runs: number, warmup = 2): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

function req<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** Raw IndexedDB: the rows with these primary keys, in one read-only transaction. */
async function rawGet(db: IDBDatabase, ids: readonly string[]): Promise<AuditRow[]> {
  const store = db.transaction('audits', 'readonly').objectStore('audits');
  return (await Promise.all(ids.map((id) => req(store.get(id))))) as AuditRow[];
}

/** Raw IndexedDB: the first page newest first through the same index, plus the count. */
async function rawFirstPage(db: IDBDatabase, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  const index = db.transaction('audits', 'readonly').objectStore('audits').index('[trashed+updated]');
  const range = IDBKeyRange.bound([0, -Infinity], [0, Infinity]);
  const total = await req(index.count(range));
  const rows: AuditRow[] = [];
  await new Promise<void>((resolve, reject) => {
    const c = index.openCursor(range, 'prev');
    c.onsuccess = () => {
      const cur = c.result;
      if (!cur || rows.length >= limit) return resolve();
      rows.push(cur.value as AuditRow);
      cur.continue();
    };
    c.onerror = () => reject(c.error);
  });
  return { rows, total };
}

const WORDS = ['harbour', 'glacier', 'orchard', 'satellite', 'parliament', 'volcano', 'vaccine', 'railway', 'cathedral', 'monsoon'];

/** n audits made from the shared cases (varied so that titles, words and times differ). */
async function fill(db: AppDb, cases: AuditCase[], n: number): Promise<void> {
  const reports = cases.map((c) => auditCase(c));
  const t0 = Date.UTC(2025, 0, 1);
  for (let start = 0; start < n; start += 500) {
    const rows: AuditRow[] = [];
    const bodies: AuditBody[] = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const k = i % cases.length;
      const base = cases[k]!;
      // One rare word per audit (search hits ~n/1000) and one of ten common ones (~n/10).
      const c: AuditCase = { ...base, query: `${base.query} (${WORDS[i % WORDS.length]} w${i % 1000}x)` };
      const body = bodyFor(`audit-${i}`, { case: c, report: reports[k]!, settings: { requiredStyle: 'auto', language: 'auto' } });
      bodies.push(body);
      rows.push(summarize(body, { title: c.query.slice(0, 80), created: t0 + i * 60_000, updated: t0 + i * 60_000 }));
    }
    await db.transaction('rw', db.audits, db.bodies, async () => {
      await db.bodies.bulkPut(bodies);
      await db.audits.bulkPut(rows);
    });
  }
}

export async function benchHistory(n = 10_000, runs = 15): Promise<Record<string, number | string>> {
  const cases = loadSharedCases().map((x) => x.c);
  if (cases.length === 0) return { skipped: 'no shared cases at ../shared/cases' };
  const name = `bench-history-${Date.now()}`;
  const db = new AppDb(name);
  const fillStart = performance.now();
  await fill(db, cases, n);
  const fillMs = performance.now() - fillStart;
  db.close();

  // Both sides keep one connection open, as the page does.
  const app = new AppDb(name);
  await app.open();
  const raw = await req(indexedDB.open(name));
  const first = await listAudits(app, {}, 0, 50);
  const firstPage = await timeAsync(() => listAudits(app, {}, 0, 50), runs);
  const rawPage = await timeAsync(() => rawFirstPage(raw, 50), runs);
  const rawPageCheck = await rawFirstPage(raw, 50);
  if (rawPageCheck.rows.map((r) => r.id).join() !== first.rows.map((r) => r.id).join()) throw new Error('raw and app pages differ');

  const rare = await listAudits(app, { text: 'w123x' }, 0, 50);
  const rareSearch = await timeAsync(() => listAudits(app, { text: 'w123x' }, 0, 50), runs);
  const rawRare = await timeAsync(() => rawGet(raw, rare.rows.map((r) => r.id)), runs);
  const common = await listAudits(app, { text: 'glacier' }, 0, 50);
  const commonSearch = await timeAsync(() => listAudits(app, { text: 'glacier' }, 0, 50), runs);
  const rawCommon = await timeAsync(() => rawGet(raw, common.rows.map((r) => r.id)), runs);
  const twoWords = await listAudits(app, { text: 'glacier w12' }, 0, 50);
  const twoWordSearch = await timeAsync(() => listAudits(app, { text: 'glacier w12' }, 0, 50), runs);
  const filtered = await timeAsync(() => listAudits(app, { verdict: 'FAIL', from: Date.UTC(2025, 0, 3) }, 0, 50), runs);
  // What listing would cost without the v2 split and indexes: every stored audit read whole.
  const naive = await timeAsync(async () => {
    const all = await app.bodies.toArray();
    return all.length;
  }, 3, 1);
  app.close();
  raw.close();
  await Dexie.delete(name);

  const f = (x: number) => `${x.toFixed(2)} ms`;
  const r = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  return {
    audits: n.toLocaleString('en'),
    'store (fake-indexeddb, Node)': 'in-memory IndexedDB: compare ratios, not absolute times with a browser',
    'fill (bulk, not timed below)': f(fillMs),
    'first page (50 of all, newest first)': f(firstPage),
    'raw IndexedDB, same 50 rows + count': f(rawPage),
    'first page / raw': r(firstPage, rawPage),
    [`search, rare word (${rare.total} hits)`]: f(rareSearch),
    'raw IndexedDB read of those rows': f(rawRare),
    'rare search / raw': r(rareSearch, rawRare),
    [`search, common word (${common.total} hits, first 50)`]: f(commonSearch),
    'raw IndexedDB read of those 50 rows': f(rawCommon),
    'common search / raw': r(commonSearch, rawCommon),
    [`search, two words (${twoWords.total} hits)`]: f(twoWordSearch),
    'verdict + date filter, first page': f(filtered),
    'for scale: reading every stored audit whole': f(naive),
  };
}

export interface LinkLength {
  name: string;
  /** Characters after "#a=" of the default link (the fields the audit reads). */
  link: number;
  /** Plain deflate (fflate level 9, no dictionary) + base64url of the same case as JSON. */
  plain: number;
  /** The same two with every field of the case (notes, source, …). */
  linkFull: number;
  plainFull: number;
  encodeMs: number;
}

function plainLength(c: AuditCase): number {
  return toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify(c)), { level: 9 })).length;
}

export function shareLinkLengths(): LinkLength[] {
  return loadSharedCases().map(({ name, c }) => {
    const core = auditFieldsOnly(c);
    const t0 = performance.now();
    const link = encodeEnvelope({ v: 1, case: core }).payload.length;
    const encodeMs = performance.now() - t0;
    return { name, link, plain: plainLength(core), linkFull: encodeEnvelope({ v: 1, case: c }).payload.length, plainFull: plainLength(c), encodeMs };
  });
}

export function benchShareLinks(): Record<string, number | string> {
  const rows = shareLinkLengths();
  if (rows.length === 0) return { skipped: 'no shared cases at ../shared/cases' };
  const out: Record<string, number | string> = {
    'columns': 'link / plain deflate+base64url of the same JSON (ratio) · with all case fields: link / plain',
  };
  let sumLink = 0;
  let sumPlain = 0;
  for (const x of rows) {
    sumLink += x.link;
    sumPlain += x.plain;
    out[x.name] = `${x.link} / ${x.plain} (${(x.link / x.plain).toFixed(3)}) · ${x.linkFull} / ${x.plainFull}`;
  }
  out['total'] = `${sumLink} / ${sumPlain} (${(sumLink / sumPlain).toFixed(3)})`;
  out['median encode time'] = `${median(rows.map((x) => x.encodeMs)).toFixed(0)} ms`;
  const demo = rows.find((x) => x.name === 'alce_asqa_demo1');
  if (demo) out['alce_asqa_demo1 target ≤ 1,600'] = `${demo.link} ${demo.link <= 1600 ? 'met' : 'NOT met'}`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The same in Chromium, through the real page: real IndexedDB, the real panel. Needs a build
// (npm run bench builds dist/ first). Times are taken inside the page with performance.now().

export async function benchHistoryChromium(opts: { dist?: string; port?: number; n?: number; runs?: number } = {}): Promise<Record<string, number | string>> {
  const { existsSync } = await import('node:fs');
  const dist = opts.dist ?? 'dist';
  if (!existsSync(`${dist}/index.html`)) return { skipped: `no build in ${dist}/ (run vite build first)` };
  const n = opts.n ?? 10_000;
  const runs = opts.runs ?? 7;
  const { preview } = await import('vite');
  const { chromium } = await import('@playwright/test');
  const port = opts.port ?? 4391;
  const server = await preview({ preview: { port, strictPort: true, host: '127.0.0.1' }, build: { outDir: dist }, logLevel: 'silent' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    // tsx keeps function names with a __name() helper that page.evaluate code would call.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('region', { name: 'Report' }).waitFor();
    await page.waitForFunction(() => indexedDB.databases().then((d) => d.some((x) => x.name === 'citation-auditor')));
    await page.evaluate(async (count) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('citation-auditor');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const words = ['harbour', 'glacier', 'orchard', 'satellite', 'parliament', 'volcano', 'vaccine', 'railway', 'cathedral', 'meadow'];
      const t0 = Date.UTC(2025, 0, 1);
      for (let start = 0; start < count; start += 1000) {
        const tx = db.transaction(['audits', 'bodies'], 'readwrite');
        for (let i = start; i < Math.min(count, start + 1000); i++) {
          const query = `Question ${i} about the ${words[i % 10]} (w${i % 1000}x)`;
          const answer = `The ${words[(i + 3) % 10]} is described in the cited source [1]. `.repeat(6);
          tx.objectStore('bodies').put({ id: `b-${i}`, case: { query, answer, chunks: [{ id: '1', text: answer.repeat(4) }] }, report: null, labels: [], settings: { requiredStyle: 'auto', language: 'auto' } });
          tx.objectStore('audits').put({
            id: `b-${i}`, title: query, created: t0 + i * 60_000, updated: t0 + i * 60_000, verdict: i % 3 ? 'FAIL' : 'PASS', checkedBy: 'local',
            queryPreview: query, answerPreview: answer.slice(0, 240), chunkCount: 1, claimCount: 6, citationCount: 6, labelCount: 0, bytes: 2000,
            words: [...new Set(`${query} ${answer}`.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1))], hash: `h${i}`, trashed: 0,
          });
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      }
      db.close();
    }, n);

    // In the page: open the panel (or type a search) and wait for a given row to be rendered.
    const uiTime = (action: 'open' | 'search', text: string, rowName: string) =>
      page.evaluate(
        async ({ action, text, rowName }) => {
          const until = (pred: () => boolean) =>
            new Promise<void>((resolve) => {
              const tick = () => (pred() ? resolve() : requestAnimationFrame(tick));
              tick();
            });
          const rowThere = () => !!document.querySelector(`button[aria-label="${rowName}"]`);
          // When the dialog was first seen open (a frame with the panel, rows or not): the part of
          // an opening that no database read can shorten.
          const dialog = document.querySelector('dialog[aria-labelledby="history-title"]') as HTMLDialogElement | null;
          let shown = NaN;
          const t0 = performance.now();
          if (action === 'open') [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'History')!.click();
          else {
            const box = document.querySelector('input[type=search]') as HTMLInputElement;
            box.value = text;
            box.dispatchEvent(new Event('input', { bubbles: true }));
          }
          await until(() => {
            if (Number.isNaN(shown) && dialog?.open) shown = performance.now() - t0;
            return rowThere();
          });
          return { ms: performance.now() - t0, shown };
        },
        { action, text, rowName },
      );
    const closePanel = () => page.keyboard.press('Escape');
    // The raw reads use a connection opened beforehand and kept, as the page keeps its own (and
    // as benchHistory does in Node): timing a fresh indexedDB.open() with every read made the
    // baseline about 10 ms slower than any read the page does. Opening is timed on its own below.
    const rawPage = () =>
      page.evaluate(async () => {
        const g = globalThis as { __rawDb?: IDBDatabase };
        g.__rawDb ??= await new Promise<IDBDatabase>((resolve) => {
          const r = indexedDB.open('citation-auditor');
          r.onsuccess = () => resolve(r.result);
        });
        const db = g.__rawDb;
        const t0 = performance.now();
        const index = db.transaction('audits').objectStore('audits').index('[trashed+updated]');
        const range = IDBKeyRange.bound([0, -Infinity], [0, Infinity]);
        await new Promise((resolve) => (index.count(range).onsuccess = resolve));
        const rows: unknown[] = [];
        await new Promise<void>((resolve) => {
          const c = index.openCursor(range, 'prev');
          c.onsuccess = () => {
            if (!c.result || rows.length >= 50) return resolve();
            rows.push(c.result.value);
            c.result.continue();
          };
        });
        return performance.now() - t0;
      });
    const rawGetIds = (ids: string[]) =>
      page.evaluate(async (ids) => {
        const g = globalThis as { __rawDb?: IDBDatabase };
        g.__rawDb ??= await new Promise<IDBDatabase>((resolve) => {
          const r = indexedDB.open('citation-auditor');
          r.onsuccess = () => resolve(r.result);
        });
        const db = g.__rawDb;
        const t0 = performance.now();
        const store = db.transaction('audits').objectStore('audits');
        await Promise.all(ids.map((id) => new Promise((resolve) => (store.get(id).onsuccess = resolve))));
        return performance.now() - t0;
      }, ids);
    const openConnection = () =>
      page.evaluate(async () => {
        const t0 = performance.now();
        const db = await new Promise<IDBDatabase>((resolve) => {
          const r = indexedDB.open('citation-auditor');
          r.onsuccess = () => resolve(r.result);
        });
        const ms = performance.now() - t0;
        db.close();
        return ms;
      });

    const lastRow = `Open “Question ${n - 1} about the meadow (w${(n - 1) % 1000}x)”`;
    const opens: number[] = [];
    const shownAt: number[] = [];
    const raws: number[] = [];
    for (let i = 0; i < runs; i++) {
      // A fresh page each time, so no row of an earlier opening is still in the DOM.
      await page.reload();
      await page.getByRole('region', { name: 'Report' }).waitFor();
      // The editors keep loading (chunks, workers) after the report shows; a click in the middle
      // of that timed their start-up, not the panel. Wait until the network and then the main
      // thread are quiet, as when someone opens the history after working on the page.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
      await page.waitForTimeout(300);
      const o = await uiTime('open', '', lastRow);
      opens.push(o.ms);
      shownAt.push(o.shown);
      await closePanel();
      // Closing the modal restyles the page too: the raw read waits for that, as the opening
      // started from a quiet page.
      await page.waitForTimeout(200);
      raws.push(await rawPage());
    }
    await uiTime('open', '', lastRow);
    const rare: number[] = [];
    const common: number[] = [];
    for (let i = 0; i < runs; i++) {
      const k = 100 + i;
      await uiTime('search', '', lastRow);
      rare.push((await uiTime('search', `w${k}x`, `Open “Question ${9000 + k} about the ${['harbour', 'glacier', 'orchard', 'satellite', 'parliament', 'volcano', 'vaccine', 'railway', 'cathedral', 'meadow'][(9000 + k) % 10]} (w${k}x)”`)).ms);
      await uiTime('search', '', lastRow);
      // 2,000 hits (in a query or an answer); the 4th newest is not on the unfiltered first page.
      common.push((await uiTime('search', 'glacier', `Open “Question ${n - 19} about the glacier (w${(n - 19) % 1000}x)”`)).ms);
    }
    // One after another (not five at once), so each read has the database to itself as the
    // panel's reads had.
    const rareIds = Array.from({ length: 10 }, (_, j) => `b-${100 + j * 1000}`);
    const commonIds = Array.from({ length: 50 }, (_, j) => `b-${n - 9 - j * 10}`);
    await rawGetIds(rareIds);
    const rawRares: number[] = [];
    const rawCommons: number[] = [];
    const opensOnly: number[] = [];
    for (let i = 0; i < runs; i++) {
      rawRares.push(await rawGetIds(rareIds));
      rawCommons.push(await rawGetIds(commonIds));
      opensOnly.push(await openConnection());
    }
    const rawRare = median(rawRares);
    const rawCommon = median(rawCommons);
    const f = (x: number) => `${x.toFixed(1)} ms`;
    return {
      audits: n.toLocaleString('en'),
      'open panel → first page rendered': f(median(opens)),
      'open panel → dialog first seen (rows or not)': f(median(shownAt)),
      'raw IndexedDB (connection open): count + first 50 rows': f(median(raws)),
      'first page / raw': `${(median(opens) / median(raws)).toFixed(1)}×`,
      'search, rare word (10 hits) → rendered': f(median(rare)),
      'raw IndexedDB (connection open): those 10 rows': f(rawRare),
      'rare search / raw': `${(median(rare) / rawRare).toFixed(1)}×`,
      'search, common word (2,000 hits) → first rows rendered': f(median(common)),
      'raw IndexedDB (connection open): 50 of those rows': f(rawCommon),
      'common search / raw': `${(median(common) / rawCommon).toFixed(1)}×`,
      'for scale: opening an IndexedDB connection': f(median(opensOnly)),
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
