// Each tab keeps its own draft: two tabs of the app never overwrite each other's inputs, a reload
// shows the tab's own, and a tab opened fresh starts from the newest draft and says whose it was.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { caseFilePath, draftInputs, editorHost, report, VERDICT } from './helpers';

const RAIN = 'Which is the most rainy place on earth?';
const PENICILLIN = 'Who discovered penicillin?';

// Most tests here open new tabs, each a cold start of the whole build (Monaco included): 5–8 s
// at a load of 10, more with two workers on two cores. The cold tabs are the subject, so they
// get the time: a longer wait for the first report, and a minute per step.
const COLD_LOAD = 25_000;

async function openApp(page: Page): Promise<void> {
  await page.goto('./');
  await expect(report(page)).toHaveText(VERDICT, { timeout: COLD_LOAD });
}

async function openCase(page: Page, file: string): Promise<void> {
  await page.getByLabel('Open case file').setInputFiles(caseFilePath(file));
}

/** What the Query editor shows. */
function queryShown(page: Page) {
  return editorHost(page, 'Query').locator('.view-lines');
}

// Tab A is the worker's tab (reset as a new one would be); the others are new tabs beside it. One
// test since the seventh pass of issue 30: its three tests each loaded tab A (and the first of
// them a set-up page before it); now tab A's first load is the old version's draft's, and the
// steps after go on from it. Each step is named as its test was.
test('a draft of an earlier version is restored; two tabs keep their own drafts, a fresh tab starts from the newest; a duplicated tab moves to a draft of its own', async ({ page: a, context, onOrigin }) => {
  test.setTimeout(150_000);

  await test.step('a draft saved under the one key of earlier versions is restored and moved to the tab’s own key', async () => {
    // Before tab A's first load, on a blank page of the app's origin.
    const draft = {
      v: 1,
      inputs: { query: 'Kept from the old version?', answerText: 'Yes, it is kept [1].', chunksText: '[{"id":"1","text":"It is kept."}]', goldText: '' },
      attached: { origin: 'paste' },
      savedAt: '2026-01-02T03:04:05.000Z',
    };
    await onOrigin((d) => localStorage.setItem('citation-auditor:draft', JSON.stringify(d)), draft);
    await openApp(a);
    await expect(queryShown(a)).toHaveText('Kept from the old version?');
    await expect.poll(async () => (await draftInputs(a))?.query).toBe('Kept from the old version?');
    expect(await a.evaluate(() => localStorage.getItem('citation-auditor:draft'))).toBeNull();
  });

  await test.step('two tabs keep their own drafts; a fresh tab starts from the newest and says it was another tab’s', async () => {
    // Tab A is open since the step before, on the old version's draft.
    await openCase(a, 'alce_asqa_demo1.json');
    await expect.poll(async () => (await draftInputs(a))?.query).toBe(RAIN);

    const b = await context.newPage();
    await openApp(b);
    await openCase(b, 'footnote_markdown_docid_penicillin.json');
    await expect.poll(async () => (await draftInputs(b))?.query).toBe(PENICILLIN);

    // Tab B wrote last; tab A's reload still shows tab A's inputs, and no notice about another tab.
    await a.reload();
    await expect(report(a)).toHaveText(VERDICT, { timeout: COLD_LOAD });
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
    // The other tabs go (the next step is about tab A and a copy of it).
    await b.close();
    await c.close();
  });

  await test.step('a duplicated tab (a copy of the sessionStorage, tab id included) moves to a draft of its own', async () => {
    // Tab A is open since the first step and shows the rainy case (the step before's last check).
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
    await expect(report(a)).toHaveText(VERDICT, { timeout: COLD_LOAD });
    await expect(queryShown(a)).toHaveText(RAIN);
  });
});
