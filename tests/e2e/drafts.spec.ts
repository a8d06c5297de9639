// Each tab keeps its own draft: two tabs of the app never overwrite each other's inputs, a reload
// shows the tab's own, and a tab opened fresh starts from the newest draft and says whose it was.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { caseFilePath, draftInputs, editorHost, report } from './helpers';

const RAIN = 'Which is the most rainy place on earth?';
const PENICILLIN = 'Who discovered penicillin?';

// Most tests here open new tabs, each a cold start of the whole build (Monaco included): 5–8 s
// at a load of 10, more with two workers on two cores. The cold tabs are the subject, so they
// get the time: a longer wait for the first report, and a minute per test.
const COLD_LOAD = 25_000;
test.describe.configure({ timeout: 60_000 });

async function openApp(page: Page): Promise<void> {
  await page.goto('./');
  await expect(report(page)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/, { timeout: COLD_LOAD });
}

async function openCase(page: Page, file: string): Promise<void> {
  await page.getByLabel('Open case file').setInputFiles(caseFilePath(file));
}

/** What the Query editor shows. */
function queryShown(page: Page) {
  return editorHost(page, 'Query').locator('.view-lines');
}

// Tab A is the worker's tab (reset as a new one would be); the others are new tabs beside it.
test('two tabs keep their own drafts; a fresh tab starts from the newest and says it was another tab’s', async ({ page: a, context }) => {
  await openApp(a);
  await openCase(a, 'alce_asqa_demo1.json');
  await expect.poll(async () => (await draftInputs(a))?.query).toBe(RAIN);

  const b = await context.newPage();
  await openApp(b);
  await openCase(b, 'footnote_markdown_docid_penicillin.json');
  await expect.poll(async () => (await draftInputs(b))?.query).toBe(PENICILLIN);

  // Tab B wrote last; tab A's reload still shows tab A's inputs, and no notice about another tab.
  await a.reload();
  await expect(report(a)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/, { timeout: COLD_LOAD });
  await expect(queryShown(a)).toHaveText(RAIN);
  await expect(a.getByText(/newest draft of another tab/)).toHaveCount(0);
  expect((await draftInputs(a))?.query).toBe(RAIN);

  // A tab opened fresh starts from the newest draft (tab B's) and says where it came from.
  const c = await context.newPage();
  await openApp(c);
  await expect(queryShown(c)).toHaveText(PENICILLIN, { timeout: COLD_LOAD });
  const notice = c.getByText(/These inputs are the newest draft of another tab \(saved .+\)\./);
  await expect(notice).toBeVisible();
  await c.getByRole('status').getByRole('button', { name: 'Dismiss' }).first().click();
  await expect(notice).toBeHidden();
});

test('a draft saved under the one key of earlier versions is restored and moved to the tab’s own key', async ({ page }) => {
  await page.route('**/draft-setup', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>setup</title>' }));
  await page.goto('./draft-setup');
  await page.evaluate(() => {
    localStorage.setItem(
      'citation-auditor:draft',
      JSON.stringify({
        v: 1,
        inputs: { query: 'Kept from the old version?', answerText: 'Yes, it is kept [1].', chunksText: '[{"id":"1","text":"It is kept."}]', goldText: '' },
        attached: { origin: 'paste' },
        savedAt: '2026-01-02T03:04:05.000Z',
      }),
    );
  });
  await openApp(page);
  await expect(queryShown(page)).toHaveText('Kept from the old version?');
  await expect.poll(async () => (await draftInputs(page))?.query).toBe('Kept from the old version?');
  expect(await page.evaluate(() => localStorage.getItem('citation-auditor:draft'))).toBeNull();
});

test('a duplicated tab (a copy of the sessionStorage, tab id included) moves to a draft of its own', async ({ page: a, context }) => {
  await openApp(a);
  await openCase(a, 'alce_asqa_demo1.json');
  await expect.poll(async () => (await draftInputs(a))?.query).toBe(RAIN);
  const idOf = (p: Page) => p.evaluate(() => sessionStorage.getItem('citation-auditor:tab'));
  const original = await idOf(a);
  expect(original).toBeTruthy();

  // What "Duplicate tab" does: the new tab starts with the original's sessionStorage.
  const b = await context.newPage();
  await b.addInitScript((id) => {
    if (!sessionStorage.getItem('citation-auditor:tab')) sessionStorage.setItem('citation-auditor:tab', id);
  }, original!);
  await openApp(b);
  await expect(queryShown(b)).toHaveText(RAIN, { timeout: COLD_LOAD });
  await expect.poll(() => idOf(b)).not.toBe(original);
  expect(await idOf(a)).toBe(original);

  // From now on the two tabs' drafts are apart.
  await openCase(b, 'footnote_markdown_docid_penicillin.json');
  await expect.poll(async () => (await draftInputs(b))?.query).toBe(PENICILLIN);
  expect((await draftInputs(a))?.query).toBe(RAIN);
  await a.reload();
  await expect(report(a)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/, { timeout: COLD_LOAD });
  await expect(queryShown(a)).toHaveText(RAIN);
});
