// The fixtures' own promises (fixtures.ts): the worker's one tab is reset between tests as a new
// profile would be, yet keeps the browser's HTTP cache, so a second load of the app reads the
// hashed build from it. The two tests run in this order in one worker: the first leaves
// something in every store a page can write, the second must find none of it.
import type { CDPSession, Page } from '@playwright/test';
import { expect, openCase, test } from './fixtures';

const CASE = { query: 'Where?', answer: 'Here [1].', chunks: [{ id: '1', text: 'Here.' }] };

/** What the stores of the page's origin hold, by store (empty lists when a profile is new). */
function storesOf(page: Page) {
  return page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((d) => d.name ?? ''),
    cacheStorage: await caches.keys(),
    cookies: document.cookie ? document.cookie.split('; ') : [],
    clipboard: (await navigator.clipboard.readText()) ? ['text'] : [],
  }));
}

/** Each /assets/ file the page asks for, and whether the browser's cache answered it. */
async function assetSources(cdp: CDPSession): Promise<Map<string, 'cache' | 'network'>> {
  const sources = new Map<string, 'cache' | 'network'>();
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.requestServedFromCache', (e) => {
    const url = urls.get(e.requestId);
    if (url?.includes('/assets/')) sources.set(url, 'cache');
  });
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.url.includes('/assets/') || sources.get(e.response.url) === 'cache') return;
    sources.set(e.response.url, e.response.fromDiskCache || e.response.fromPrefetchCache ? 'cache' : 'network');
  });
  await cdp.send('Network.enable');
  return sources;
}

let firstLoad: Map<string, 'cache' | 'network'> | null = null;

test('a test leaves something in every store', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  firstLoad = await assetSources(cdp);
  await openCase(page, CASE);
  // The app's own: its settings and draft, its history's database.
  await expect.poll(async () => (await storesOf(page)).indexedDB).toContain('citation-auditor');
  await page.evaluate(async () => {
    localStorage.setItem('e2e-left', '1');
    sessionStorage.setItem('e2e-left', '1');
    await (await caches.open('e2e-left')).put('/e2e-left', new Response('left'));
    document.cookie = 'e2e-left=1; max-age=3600';
    await new Promise<void>((resolve, reject) => {
      const q = indexedDB.open('e2e-left');
      q.onsuccess = () => (q.result.close(), resolve());
      q.onerror = () => reject(q.error);
    });
    await navigator.clipboard.writeText('left');
  });
  const left = await storesOf(page);
  for (const [store, keys] of Object.entries(left)) expect(keys.length, store).toBeGreaterThan(0);
  await cdp.detach();
});

test('the next test finds every store empty and the build in the HTTP cache', async ({ page }) => {
  // Before the app loads: nothing of the test before, in any store.
  expect(await storesOf(page)).toEqual({ localStorage: [], sessionStorage: [], indexedDB: [], cacheStorage: [], cookies: [], clipboard: [] });

  test.skip(!firstLoad, 'the cache half runs after the first test of this file, in the same worker');
  const cdp = await page.context().newCDPSession(page);
  const sources = await assetSources(cdp);
  await openCase(page, CASE);
  await cdp.detach();
  // The first test's files again, each from the cache (the tab and its profile were kept).
  const again = [...firstLoad!.keys()].filter((url) => sources.has(url));
  expect(again.length).toBeGreaterThan(10);
  expect(again.filter((url) => sources.get(url) !== 'cache')).toEqual([]);
});
