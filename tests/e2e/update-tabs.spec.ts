// A new deployment while the visit that installed the service worker is still open beside a
// second tab. The first tab is the one no worker controls (a worker takes only the pages loaded
// after it); the second is controlled, so the new worker waits for it. Reload in the first tab
// must end on the new deployment there, as it does in a controlled tab (offline.spec.ts). It
// used to reload at once, while the old worker was still the active one: the reload was served
// the old build by it, and the new worker took over only after, from a page of the old build.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serveSite, type StaticSite } from '../server/static-site';
import { controlled, offlineReady, secondDeployment, stopWorkers } from './deployment';
import { report } from './helpers';

const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
const VERDICT = /^\s*(PASS|FAIL|INCOMPLETE)\b/;

test.use({ serviceWorkers: 'allow' });
// Installing the worker fetches the whole build beside the page.
test.setTimeout(240_000);

let site: StaticSite | undefined;
let second: ReturnType<typeof secondDeployment> | undefined;
test.afterEach(async () => {
  await site?.close();
  second?.remove();
  site = second = undefined;
});

test('Reload in the tab that installed the worker ends on the new deployment, with a second tab open', async ({ page, context }) => {
  second = secondDeployment(DIST);
  site = await serveSite(DIST, 'tabs');
  await page.goto(site.url);
  await expect(report(page)).toHaveText(VERDICT);
  await offlineReady(page);
  expect(await controlled(page)).toBe(false);

  const other = await context.newPage();
  await other.goto(site.url);
  await expect(report(other)).toHaveText(VERDICT);
  expect(await controlled(other)).toBe(true);

  site.deploy(second.dir);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(notice).toBeVisible();
  // The new worker waits: the second tab is controlled by the old one.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');

  // A person clicks later than a test does, by which time the browser has stopped the idle workers
  // (after 30 s; DevTools, which Playwright attaches, keeps them running): stop them as the browser
  // would, so Reload must wait for the new one to start and take over.
  await stopWorkers(page);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('meta[name="deployment"]')).toHaveAttribute('content', 'second', { timeout: 30_000 });
  await expect(report(page)).toHaveText(VERDICT);
  // The new worker serves the tab now, and no notice offers the version it already runs.
  expect(await controlled(page)).toBe(true);
  await expect(notice).toHaveCount(0);
});
