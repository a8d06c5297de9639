// A second deployment of the build, for the service worker's update (offline.spec.ts). A second build of unchanged sources differs from the first only where it
// is marked: its index.html, and so that file's revision in the worker's precache list (which
// makes sw.js new to the browser). So the build is copied and those two files are patched, as a
// build would write them, instead of building again.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A copy of `dist` whose index.html carries `<meta name="deployment" content="second">`. */
export function secondDeployment(dist: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'citation-auditor-second-'));
  cpSync(dist, dir, { recursive: true });
  const indexFile = path.join(dir, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  const marked = html.replace('</head>', '<meta name="deployment" content="second" /></head>');
  if (marked === html) throw new Error('index.html has no </head> to mark');
  writeFileSync(indexFile, marked);
  const swFile = path.join(dir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const entry = /\{url:"index\.html",revision:"([0-9a-f]+)"\}/;
  // Workbox's revision of a file is the MD5 of its bytes.
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  if (entry.exec(sw)?.[1] !== md5(html)) throw new Error('sw.js does not list index.html by the MD5 of its bytes');
  writeFileSync(swFile, sw.replace(entry, `{url:"index.html",revision:"${md5(marked)}"}`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves once the page's service worker is active, i.e. the whole build is precached. */
export async function offlineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const sw = (await navigator.serviceWorker.ready).active;
    if (!sw || sw.state === 'activated') return;
    await new Promise<void>((resolve) => sw.addEventListener('statechange', () => sw.state === 'activated' && resolve()));
  });
}

/** Whether a service worker controls the page. */
export const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/**
 * Stops the page's service workers and resolves once every one is stopped, as the browser stops
 * an idle worker after 30 s. Playwright's DevTools session keeps them running instead, and
 * Chromium lets a worker that called skipWaiting take over only once the active one has no work
 * left: with DevTools attached, an active worker that was busy when Reload was pressed can hold
 * the new one back for minutes (about one whole run in ten stayed on "Reloading…", the new
 * worker still installed). A person presses Reload later than a test does.
 */
export async function stopWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Each version once seen stopped: a tab's next request may start the active one again.
    const seen = new Set<string>();
    const stopped = new Set<string>();
    cdp.on('ServiceWorker.workerVersionUpdated', (e) =>
      e.versions.forEach((v) => {
        seen.add(v.versionId);
        if (v.runningStatus === 'stopped') stopped.add(v.versionId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => seen.size > 0 && [...seen].every((id) => stopped.has(id))).toBe(true);
  } finally {
    await cdp.detach();
  }
}

/** The page's "A new version is ready — Reload" notice. */
export const updateNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version is ready' });

/** Has the page's registration look for a new sw.js now, as the browser does on its own later. */
export const checkForUpdate = (page: Page) => page.evaluate(async () => void (await navigator.serviceWorker.getRegistration())?.update());

/**
 * Resolves once the page runs the second deployment. The hand-over after Reload starts the
 * waiting worker, activates it and reloads: seconds on a busy machine. Should the page stay, the
 * failure says where it stopped: the registration's workers and the page's notices.
 */
export async function runsSecondDeployment(page: Page): Promise<void> {
  await expect(page.locator('meta[name="deployment"]'))
    .toHaveAttribute('content', 'second', { timeout: 30_000 })
    .catch(async (e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nservice worker then: ${await workerStates(page)}`);
    });
}

const workerStates = (page: Page) =>
  page
    .evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const state = (w: ServiceWorker | null | undefined) => w?.state ?? 'none';
      const notice = [...document.querySelectorAll('[role="status"]')].map((n) => n.textContent?.trim()).join(' | ');
      return `active ${state(r?.active)}, waiting ${state(r?.waiting)}, installing ${state(r?.installing)}, controlled ${navigator.serviceWorker.controller !== null}, notices: ${notice}`;
    })
    .catch((e: unknown) => `not readable (${String(e)})`);
