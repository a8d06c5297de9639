// Workbench UI benchmarks (issue 3), exported for bench/run.ts:
// 1. the gzip size of the JS the page loads before any dynamic import (entry script, its
//    modulepreload links and their static imports; budget 100 KB);
// 2. navigation → editors ready (`<html data-editors="ready">`) in headless Chromium, as a ratio to
//    a baseline page built here with Vite that loads only the same Monaco bundle (src/ui/monaco/setup.ts)
//    and creates four editors;
// 3. keystroke → markers on the large generated case: one character typed at the end of the Answer
//    editor until the report is no longer busy and a frame has been painted;
// 4. large pastes into a fresh page (bench/paste.ts): longest main-thread task and blocked time
//    after the paste, per family and size, with the growth per doubling.
// Every step is bounded by a timeout; browsers, servers and temp dirs are closed in finally.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { generateLargeCase } from './generate';
import { median } from './core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serve } from './browser';
import { AUDIT_DEBOUNCE_MS } from '../src/state/constants';
import { benchPaste } from './paste';
import type { RefBuild } from './refs';

const BUDGET_KB = 100;



/** Rejects after `ms` with a message naming the step, so a hung step never hangs the run. */
function bounded<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

const round = (x: number, d = 1) => +x.toFixed(d);

// --- 1. initial JS -------------------------------------------------------------------------

/** The JS files the page loads before any dynamic import, relative to the dist dir. */
export function initialScripts(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const start: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && /\btype\s*=\s*["']module["']/i.test(tag)) start.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && /\brel\s*=\s*["']modulepreload["']/i.test(tag)) start.push(href);
  }
  // Follow static imports too (`import … from "./x.js"`, `import "./x.js"`; not `import("./x.js")`),
  // in case a statically imported chunk was not listed as a modulepreload.
  const seen = new Set<string>();
  const queue = start.map((s) => path.normalize(s.replace(/^\.?\//, '')));
  while (queue.length) {
    const rel = queue.shift()!;
    if (seen.has(rel)) continue;
    const file = path.join(dist, rel);
    if (!existsSync(file)) throw new Error(`index.html refers to a missing script: ${rel}`);
    seen.add(rel);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.m?js)["']/g)) {
      queue.push(path.normalize(path.join(path.dirname(rel), m[1]!)));
    }
  }
  return [...seen];
}

export function initialJsSize(dist: string): Record<string, number | string> {
  const files = initialScripts(dist);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return {
    'initial JS files (entry + modulepreload + static imports)': files.length,
    'initial JS, raw (KB)': round(raw / 1024),
    [`initial JS, gzip (KB, budget ${BUDGET_KB})`]: round(gz / 1024),
    'initial JS within budget': gz <= BUDGET_KB * 1024 ? 'yes' : 'NO',
  };
}

// --- 2. baseline page ----------------------------------------------------------------------

const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Monaco baseline</title>
    <link rel="icon" href="data:," />
    <style>html,body{margin:0}.ed{height:22vh;width:100%}</style>
  </head>
  <body>
    <div class="ed" id="e1"></div><div class="ed" id="e2"></div><div class="ed" id="e3"></div><div class="ed" id="e4"></div>
    <script type="module" src="./main.ts"></script>
  </body>
</html>
`;

/** The same Monaco bundle as the app (its own setup module, so the two never drift apart), four editors. */
function baselineMain(setupPath: string): string {
  return `import { monaco } from ${JSON.stringify(setupPath)};
const specs = [
  ['e1', 'plaintext', 'Query'],
  ['e2', 'plaintext', 'Answer'],
  ['e3', 'json', 'Chunks'],
  ['e4', 'plaintext', 'Gold answer'],
];
for (const [id, language, ariaLabel] of specs) {
  monaco.editor.create(document.getElementById(id), { value: '', language, ariaLabel, automaticLayout: true, minimap: { enabled: false } });
}
requestAnimationFrame(() => (document.documentElement.dataset.editors = 'ready'));
`;
}

async function buildBaseline(dir: string): Promise<string> {
  const { build } = await import('vite');
  const src = path.join(dir, 'src');
  const out = path.join(dir, 'dist');
  const setup = path.resolve(process.cwd(), 'src/ui/monaco/setup.ts');
  if (!existsSync(setup)) throw new Error(`missing ${setup}`);
  mkdirSync(src, { recursive: true });
  writeFileSync(path.join(src, 'index.html'), BASELINE_HTML);
  writeFileSync(path.join(src, 'main.ts'), baselineMain(setup.split(path.sep).join('/')));
  await build({
    configFile: false,
    root: src,
    base: './',
    logLevel: 'error',
    worker: { format: 'es' },
    build: { outDir: out, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 100_000 },
  });
  return out;
}

// Recorded from before the page's own scripts: when data-editors becomes "ready", in ms since navigation start.
const READY_PROBE = `(() => {
  const mark = () => {
    if (document.documentElement && document.documentElement.dataset.editors === 'ready' && window.__editorsReady === undefined)
      window.__editorsReady = performance.now();
  };
  new MutationObserver(mark).observe(document, { attributes: true, attributeFilter: ['data-editors'], subtree: true });
})();`;

async function timeToReady(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ bypassCSP: true }); // string probes need eval; the app's CSP forbids it
  try {
    await context.addInitScript({ content: READY_PROBE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(url, { timeout: 30_000 });
    await page.waitForFunction('window.__editorsReady !== undefined', undefined, { timeout: 30_000 });
    return (await page.evaluate('window.__editorsReady')) as number;
  } finally {
    await context.close();
  }
}

// --- 3. keystroke → markers ----------------------------------------------------------------

// Arms a watcher on the report's aria-busy: resolves window.__busyDone with performance.now() one
// frame after it goes true → false (the markers are set in the same update as the report).
const ARM_BUSY = `(() => {
  const report = document.getElementById('report');
  if (!report) throw new Error('no #report');
  window.__sawBusy = report.getAttribute('aria-busy') === 'true';
  window.__busyDone = undefined;
  if (window.__busyObs) window.__busyObs.disconnect();
  const obs = new MutationObserver(() => {
    const busy = report.getAttribute('aria-busy') === 'true';
    if (busy) { window.__sawBusy = true; return; }
    if (!window.__sawBusy) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__busyDone = performance.now()), 0));
  });
  obs.observe(report, { attributes: true, attributeFilter: ['aria-busy'] });
  window.__busyObs = obs;
})();`;

const KEY_PROBE = `(() => {
  window.__keyAt = undefined;
  document.addEventListener('keydown', () => { if (window.__keyAt === undefined) window.__keyAt = performance.now(); }, { capture: true, once: true });
})();`;

async function keystrokeLatency(browser: Browser, url: string, caseFile: string, runs: number): Promise<number[]> {
  const context = await browser.newContext({ bypassCSP: true }); // string probes need eval; the app's CSP forbids it
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(url, { timeout: 30_000 });
    await page.waitForFunction("document.documentElement.dataset.editors === 'ready'", undefined, { timeout: 60_000 });
    await page.getByRole('region', { name: 'Report' }).waitFor({ timeout: 30_000 });
    await page.waitForFunction("document.getElementById('report')?.getAttribute('aria-busy') !== 'true'", undefined, { timeout: 60_000 });
    await page.evaluate(ARM_BUSY);
    await page.getByLabel('Open case file').setInputFiles(caseFile, { timeout: 30_000 });
    await page.waitForFunction('window.__busyDone !== undefined', undefined, { timeout: 120_000 });
    const answer = page.getByRole('textbox', { name: 'Answer', exact: true });
    await answer.focus({ timeout: 30_000 });
    await page.keyboard.press('ControlOrMeta+End');
    await page.waitForTimeout(300);
    const xs: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      await page.waitForFunction("document.getElementById('report')?.getAttribute('aria-busy') !== 'true'", undefined, { timeout: 60_000 });
      await page.evaluate(ARM_BUSY);
      await page.evaluate(KEY_PROBE);
      await page.keyboard.type('x');
      await page.waitForFunction('window.__busyDone !== undefined', undefined, { timeout: 60_000 });
      const ms = (await page.evaluate('window.__busyDone - window.__keyAt')) as number;
      if (i > 0) xs.push(ms); // the first keystroke warms up the path
      await page.waitForTimeout(250);
    }
    return xs;
  } finally {
    await context.close();
  }
}

// --- all together --------------------------------------------------------------------------

export async function benchUi(opts: { dist?: string; runs?: number; refs?: RefBuild[] } = {}): Promise<Record<string, number | string>> {
  const dist = opts.dist ?? 'dist';
  const runs = opts.runs ?? 5;
  const refs = opts.refs ?? [];
  if (!existsSync(path.join(dist, 'index.html'))) return { error: `no build in ${dist}/ (run vite build first)` };
  const out: Record<string, number | string> = { ...initialJsSize(dist) };

  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-ui-'));
  const closers: (() => Promise<unknown>)[] = [];
  let browser: Browser | undefined;
  try {
    const baselineDist = await bounded(buildBaseline(tmp), 180_000, 'building the Monaco baseline page');
    const base = await serve(baselineDist);
    closers.push(base.close);
    // This checkout last; with BENCH_REF the refs first, in the order given.
    const pages: { name: string; url: string }[] = [];
    for (const r of [...refs, { name: 'this checkout', dist }]) {
      const s = await serve(r.dist);
      closers.push(s.close);
      pages.push({ name: r.name, url: s.url });
    }
    const { chromium } = await import('@playwright/test');
    browser = await bounded(chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 }), 70_000, 'launching Chromium');
    const b = browser;
    const large = generateLargeCase();
    const caseFile = path.join(tmp, 'large-case.json');
    writeFileSync(caseFile, JSON.stringify(large));

    if (refs.length === 0) {
      const app = pages[0]!;
      // One warm-up each, then interleaved runs so both see the same machine load.
      await bounded(timeToReady(b, app.url), 60_000, 'app warm-up');
      await bounded(timeToReady(b, base.url), 60_000, 'baseline warm-up');
      const appMs: number[] = [];
      const baseMs: number[] = [];
      for (let i = 0; i < runs; i++) {
        appMs.push(await bounded(timeToReady(b, app.url), 60_000, 'app: navigation → editors ready'));
        baseMs.push(await bounded(timeToReady(b, base.url), 60_000, 'baseline: navigation → editors ready'));
      }
      const a = median(appMs);
      const z = median(baseMs);
      out['navigation → editors ready, app (ms, median)'] = Math.round(a);
      out['navigation → editors ready, Monaco-only page (ms, median)'] = Math.round(z);
      out['editors ready, app / Monaco-only (ratio)'] = round(a / z, 2);

      const lat = await bounded(keystrokeLatency(b, app.url, caseFile, runs), 300_000, 'keystroke → markers on the large case');
      out['large case: answer chars / chunks'] = `${large.answer.length} / ${large.chunks.length}`;
      out['keystroke → markers, large case (ms, median)'] = Math.round(median(lat));
      // The audit waits for typing to pause before it runs: the rest is the work a keystroke costs.
      out[`of which the typing pause (ms, AUDIT_DEBOUNCE_MS)`] = AUDIT_DEBOUNCE_MS;
      out['keystroke → markers beyond the pause (ms, median)'] = Math.round(median(lat) - AUDIT_DEBOUNCE_MS);
      out['keystroke → markers, large case (ms, max)'] = Math.round(Math.max(...lat));
      out['keystroke → markers, large case (ms, each run)'] = lat.map((x) => Math.round(x)).join(' ');

      Object.assign(out, await bounded(benchPaste(b, app.url), 1_200_000, 'large pastes'));
    } else {
      Object.assign(out, await interleaved(b, pages, base.url, caseFile, runs));
      out['large pastes'] = 'not measured with BENCH_REF (run without it)';
    }
  } catch (e) {
    out.error = e instanceof Error ? e.message : String(e);
  } finally {
    if (browser) await browser.close().catch(() => {});
    for (const c of closers.reverse()) await c().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

/**
 * BENCH_REF: the pages of several builds in one run, page load by page load. Editors ready: per
 * round one load of each build, then one of the Monaco-only page. Keystrokes: per round each
 * build gets a fresh page, the large case and `runs` keystrokes (the first of each page dropped),
 * for BENCH_UI_ROUNDS rounds (default 3). Ratios against the first ref.
 */
async function interleaved(b: Browser, pages: { name: string; url: string }[], baseUrl: string, caseFile: string, runs: number): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  const rounds = Math.max(1, Number(process.env.BENCH_UI_ROUNDS) || 3);
  for (const p of pages) await bounded(timeToReady(b, p.url), 60_000, `${p.name}: warm-up`);
  await bounded(timeToReady(b, baseUrl), 60_000, 'baseline warm-up');
  const ready = new Map<string, number[]>(pages.map((p) => [p.name, []]));
  const baseMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const p of pages) ready.get(p.name)!.push(await bounded(timeToReady(b, p.url), 60_000, `${p.name}: navigation → editors ready`));
    baseMs.push(await bounded(timeToReady(b, baseUrl), 60_000, 'baseline: navigation → editors ready'));
  }
  const keys = new Map<string, number[]>(pages.map((p) => [p.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const p of pages) keys.get(p.name)!.push(...(await bounded(keystrokeLatency(b, p.url, caseFile, runs), 300_000, `${p.name}: keystroke → markers`)));
  }
  const z = median(baseMs);
  out['navigation → editors ready, Monaco-only page (ms, median)'] = Math.round(z);
  const first = pages[0]!.name;
  for (const p of pages) {
    const a = median(ready.get(p.name)!);
    const k = median(keys.get(p.name)!) - AUDIT_DEBOUNCE_MS;
    const vs = (x: number, x0: number) => (p.name === first ? '' : `; ${round(x / x0, 2)}× ${first}`);
    out[`${p.name}: editors ready (ms, median)`] = Math.round(a);
    out[`${p.name}: editors ready, app / Monaco-only (ratio)`] = `${round(a / z, 2)}${vs(a / z, median(ready.get(first)!) / z)}`;
    out[`${p.name}: keystroke → markers beyond the ${AUDIT_DEBOUNCE_MS} ms pause (ms, median of ${keys.get(p.name)!.length})`] =
      `${Math.round(k)}${vs(k, median(keys.get(first)!) - AUDIT_DEBOUNCE_MS)}`;
    out[`${p.name}: keystrokes, each (ms, pause included)`] = keys.get(p.name)!.map((x) => Math.round(x)).join(' ');
  }
  return out;
}
