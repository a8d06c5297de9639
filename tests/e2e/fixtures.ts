// The fixtures that make the end-to-end specs fast (tests/e2e/README.md says how to use them):
//
// - `page` is ONE tab per worker, reused by every test that imports `test` from here, and
//   `context` its browser context. A new context (or even a new tab) per test meant a cold start
//   of the whole build, Monaco most of it, every time: 6–8 s under load, where loading the page
//   again in a tab that has run it takes a third of that. Between tests the tab is reset as a new
//   browser profile would be: other tabs closed, every store of the app's origin emptied
//   (localStorage, sessionStorage, IndexedDB, Cache Storage, cookies, service workers, the
//   clipboard; from a blank page of the app's origin, so nothing of the app runs), routes and
//   listeners removed, the viewport and colour scheme the test's own. The browser's HTTP cache
//   is kept, as a returning user's is: the next load reads the hashed build from it (no route may
//   stay on for that, see `blank`). fixtures.spec.ts checks both. A test that changes
//   what a reset cannot undo (an init script, the context's permissions, offline, routes or init
//   scripts, the fake clock) gets a new tab or context for the next test; so does every test after
//   a failure (the runner starts a new worker).
// - `test.use({ fakeClock: true })`: the test runs in a second tab of the worker, in a context
//   whose clock Playwright has faked from the start (it runs at real speed until the test calls
//   `page.clock.runFor`). The fake clock is the context's and cannot be taken out again, so the
//   tests that skip the app's own waits (polls, back-off, toasts) share that context, reset the
//   same way, instead of each costing the next test a cold start.
// - `anthropic` / `openai`: the fake servers of tests/server, one per worker, reset before each
//   test; `anthropic` also points the page's model settings at its server before the test's first
//   page load (the connect policy is fixed when the page loads).
// - `openCase(page, c)`: the page opened on a case in one step, through a share link made here,
//   instead of waiting for the example's audit and pasting.
//
// Specs that need a browser of their own (the service worker's, a second browser for a share
// link) still ask `browser` for a new context.
import { test as base, expect, devices, type BrowserContext, type CDPSession, type Page, type Request } from '@playwright/test';
import type { AuditCase } from '../../src/core/types';
import { encodeEnvelope } from '../../src/share/codec';
import type { ShareSettings } from '../../src/share/envelope';
import { startFakeAnthropic, type FakeAnthropic } from '../server/fake-anthropic';
import { startFakeOpenAI, type FakeOpenAI } from '../server/fake-openai';
import { report, VERDICT } from './helpers';

export { expect };

const MODEL_SETTINGS_KEY = 'citation-auditor:model-settings';
// A page of the app's origin that is not the app: where storage is emptied and seeded. The test
// server answers it (tests/server/serve-dist.mjs), not a route: see `blank`.
const BLANK = '__e2e-blank.html';

/** The worker's tab and context, and whether a test left them in a state a reset cannot undo. */
interface Shared {
  context: BrowserContext | null;
  page: Page | null;
  /** A DevTools session on `page` for the reset's storage clear, opened once per tab. */
  cdp: CDPSession | null;
  dirtyPage: boolean;
  dirtyContext: boolean;
}

interface WorkerFixtures {
  /** The worker's tab and context of each kind: with a real clock, and with a fake one. */
  slots: { real: Shared; fake: Shared };
  anthropicServer: FakeAnthropic;
  openaiServer: FakeOpenAI;
}

export type OnOrigin = <A>(fn: (arg: A) => void | Promise<void>, arg: A) => Promise<void>;

interface TestFixtures {
  /** Run in the worker's fake-clock context (see above); `page.clock.runFor` skips a wait. */
  fakeClock: boolean;
  /** The worker's tab and context this test runs in. */
  shared: Shared;
  /** The fake Messages API, reset, and the page's Base URL set to it (before the first load). */
  anthropic: FakeAnthropic;
  /** The fake OpenAI-compatible server, reset (the spec sets the provider up in the page). */
  openai: FakeOpenAI;
  /** Runs `fn(arg)` in the worker's tab on a blank page of the app's origin: storage set up before the app loads. */
  onOrigin: OnOrigin;
  /**
   * Empties the tab's storage again mid-test, as the reset does, and puts back what the test's
   * fixtures seeded (the `anthropic` Base URL): the next load of the app meets a new profile.
   * For a test about several people, each in a browser of their own, one after another.
   */
  newProfile: () => Promise<void>;
  /** localStorage entries the test's fixtures set before its first load (`newProfile` restores them). */
  seeds: [key: string, value: string][];
}

// Events a test may listen to; their listeners go with the test. (Not 'filechooser' or 'dialog':
// Playwright turns their interception on and off with the listeners, and removing them behind
// its back left a later waitForEvent('filechooser') without a chooser.)
const TEST_EVENTS = ['console', 'pageerror', 'request', 'response', 'requestfailed', 'requestfinished'] as const;

/** Marks `shared` dirty when a test calls one of `names` on `target` (what a reset cannot undo). */
function watch(target: object, names: string[], mark: () => void): void {
  const t = target as Record<string, (...a: unknown[]) => unknown>;
  for (const name of names) {
    const original = t[name]!.bind(target);
    t[name] = (...args: unknown[]) => {
      mark();
      return original(...args);
    };
  }
}

/**
 * Puts the tab on the blank page, which the test server serves. Not through a route: while any
 * route is on, Playwright turns the browser's HTTP cache off and stops every request in its own
 * process (each load fetched the whole build again), and even a route taken out again at once
 * left the next load of the app neither producing nor reading V8's code cache, so Monaco's
 * 3.4 MB chunk was compiled anew on every load (bench/RESULTS.md, issue 30, page loads and
 * V8's code cache under Playwright).
 */
async function blank(page: Page, baseURL: string): Promise<void> {
  await page.goto(new URL(BLANK, baseURL).href);
}

/**
 * Empties every store of the app's origin, as a new profile would have them, from the blank
 * page: the browser's own clear (Storage.clearDataForOrigin, every type: localStorage,
 * IndexedDB, Cache Storage, service workers, cookies, …), then what it leaves (the tab's
 * sessionStorage, the clipboard), then a check that each store a test can write is empty.
 */
async function emptyStorage(page: Page, shared: Shared): Promise<void> {
  // One session per tab, kept (no domain enabled on it, so it hears nothing): opening and
  // detaching one per reset was two more round trips to the browser for every test.
  shared.cdp ??= await page.context().newCDPSession(page);
  await shared.cdp.send('Storage.clearDataForOrigin', { origin: new URL(page.url()).origin, storageTypes: 'all' });
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    // The clipboard is the context's: a test must not read what the one before copied.
    await navigator.clipboard.writeText('').catch(() => {});
    const left: string[] = [];
    if (localStorage.length) left.push('localStorage');
    if (sessionStorage.length) left.push('sessionStorage');
    const dbs = (await indexedDB.databases()).map((d) => d.name);
    if (dbs.length) left.push(`IndexedDB (${dbs.join(', ')})`);
    const caches_ = await caches.keys();
    if (caches_.length) left.push(`Cache Storage (${caches_.join(', ')})`);
    if (document.cookie) left.push('cookies');
    if ((await navigator.serviceWorker?.getRegistrations())?.length) left.push('service workers');
    if (left.length) throw new Error(`left after the reset: ${left.join('; ')}`);
  });
}

const CLOCK_METHODS = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'];

async function newContext(browser: import('@playwright/test').Browser, baseURL: string, shared: Shared, fakeClock: boolean): Promise<BrowserContext> {
  const { defaultBrowserType: _type, ...desktop } = devices['Desktop Chrome'];
  const context = await browser.newContext({
    ...desktop,
    baseURL,
    serviceWorkers: 'block',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const dirty = () => (shared.dirtyContext = true);
  watch(context, ['addInitScript', 'route', 'routeFromHAR', 'grantPermissions', 'clearPermissions', 'setOffline', 'setExtraHTTPHeaders', 'setGeolocation', 'exposeBinding', 'exposeFunction', 'setHTTPCredentials'], dirty);
  // `page.clock` is the context's: once used, every page the context loads gets the fake timers.
  if (fakeClock) await context.clock.install();
  else watch(context.clock, CLOCK_METHODS, dirty);
  return context;
}

function newPage(context: BrowserContext, shared: Shared): Promise<Page> {
  shared.cdp = null;
  return context.newPage().then((page) => {
    watch(page, ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'routeFromHAR'], () => (shared.dirtyPage = true));
    return page;
  });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  slots: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
    async ({}, use) => {
      const slot = (): Shared => ({ context: null, page: null, cdp: null, dirtyPage: false, dirtyContext: false });
      const slots = { real: slot(), fake: slot() };
      await use(slots);
      for (const s of [slots.real, slots.fake]) await s.context?.close();
    },
    { scope: 'worker' },
  ],
  fakeClock: [false, { option: true }],
  shared: async ({ slots, fakeClock }, use) => {
    await use(fakeClock ? slots.fake : slots.real);
  },

  // The worker's context, reset: a new one if the last test changed it, else the same one with
  // every tab but the worker's closed and the storage of the app's origin emptied.
  context: async ({ shared, fakeClock, browser, baseURL }, use, testInfo) => {
    if (shared.context && shared.dirtyContext) {
      await shared.context.close();
      shared.context = null;
    }
    shared.context ??= await newContext(browser, baseURL!, shared, fakeClock);
    shared.dirtyContext = false;
    const context = shared.context;
    if (shared.page && (shared.dirtyPage || shared.page.isClosed())) {
      if (!shared.page.isClosed()) await shared.page.close();
      shared.page = null;
    }
    shared.page ??= await newPage(context, shared);
    shared.dirtyPage = false;
    for (const p of context.pages()) if (p !== shared.page) await p.close();
    await context.clearCookies();
    const page = shared.page;
    // A tab another test opened took the focus: give it back (keys and focus checks need it).
    await page.bringToFront();
    for (const e of TEST_EVENTS) page.removeAllListeners(e);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await blank(page, baseURL!);
    await emptyStorage(page, shared);
    // Each load of the app (a document of the app's origin in a tab's main frame, the blank page
    // aside) is noted on the test, for the step-time reporter: page loads are what a run costs.
    let loads = 0;
    const onRequest = (r: Request) => {
      if (r.isNavigationRequest() && !r.url().includes(BLANK) && r.frame().parentFrame() === null) loads++;
    };
    context.on('request', onRequest);
    await use(context);
    context.off('request', onRequest);
    testInfo.annotations.push({ type: 'page-loads', description: String(loads) });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },

  // The worker's tab, on a blank page of the app's origin, with the test's viewport and colour
  // scheme (test.use).
  page: async ({ context, shared, viewport, colorScheme }, use) => {
    const page = shared.page!;
    if (context !== page.context()) throw new Error('the shared tab is not in the shared context');
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: colorScheme ?? 'light' });
    await use(page);
  },

  // On the worker's tab, which is on the blank page until the test loads the app.
  onOrigin: async ({ page, baseURL }, use) => {
    await use(async (fn, arg) => {
      if (!page.url().endsWith(BLANK)) await blank(page, baseURL!);
      await page.evaluate(fn as (a: unknown) => Promise<void>, arg);
    });
  },

  anthropicServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
    async ({}, use) => {
      const server = await startFakeAnthropic();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  openaiServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
    async ({}, use) => {
      const server = await startFakeOpenAI();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
  seeds: async ({}, use) => {
    await use([]);
  },
  newProfile: async ({ page, shared, baseURL, seeds }, use) => {
    await use(async () => {
      for (const p of page.context().pages()) if (p !== page) await p.close();
      await blank(page, baseURL!);
      await emptyStorage(page, shared);
      await page.evaluate((entries) => {
        for (const [k, v] of entries) localStorage.setItem(k, v);
      }, seeds);
    });
  },

  anthropic: async ({ anthropicServer, onOrigin, seeds }, use) => {
    anthropicServer.reset();
    const seed: [string, string] = [MODEL_SETTINGS_KEY, JSON.stringify({ version: 1, baseURL: anthropicServer.url })];
    seeds.push(seed);
    await onOrigin(([key, value]) => localStorage.setItem(key, value), seed);
    await use(anthropicServer);
  },
  openai: async ({ openaiServer }, use) => {
    openaiServer.reset();
    await use(openaiServer);
  },
});

/** The share link that opens `c` (with these settings) on the app's page. */
export function caseLink(c: AuditCase, settings?: ShareSettings): string {
  const { payload } = encodeEnvelope({ v: 1, case: c, ...(settings ? { settings } : {}) });
  return `./#a=${payload}`;
}

/**
 * Opens the page on `c` in one load (a share link) and waits until the report is the case's own:
 * the app takes the link out of the address once the case is in the editors, and the report is
 * busy from then until that case's audit is shown.
 */
export async function openCase(page: Page, c: AuditCase, settings?: ShareSettings): Promise<void> {
  await page.goto(caseLink(c, settings));
  await expect(page).not.toHaveURL(/#a=/);
  await expect(report(page)).toHaveAttribute('aria-busy', 'false');
  await expect(report(page)).toHaveText(VERDICT);
}
