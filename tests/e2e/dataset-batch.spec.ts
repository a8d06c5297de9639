// The Dataset view's model run as one Message Batch at half the price, against the local fake
// API: the estimate shows both prices, the batch survives a reload (its id is kept; the key is
// asked for again and polling resumes), its results land in the table like interactive ones, and
// a browser refused on the batches endpoint is told so and given the CLI command.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loadApp } from './helpers';

// The 5 s before the next look at a batch is skipped with the fake clock (tests/e2e/README.md).
test.use({ fakeClock: true });

const FIXTURE = path.resolve(process.cwd(), 'tests/fixtures/annotate-small.jsonl');
const KEY = `sk-ant-${'api03-E2E-BATCH-KEY-44445555'}`;

async function start(page: Page): Promise<void> {
  await loadApp(page);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Dataset' }).click();
  await page.getByLabel('Open dataset file').setInputFiles(FIXTURE);
  await expect(page.getByTestId('local-status')).toContainText('Local checks done: 3 cases.');
}

const panel = (page: Page) => page.getByRole('region', { name: 'Model audit of all cases' });
const batchStatus = (page: Page) => page.getByTestId('dataset-batch-status');

async function enterKey(page: Page): Promise<void> {
  const field = panel(page).getByLabel('Anthropic API key');
  await field.fill(KEY);
  await field.press('Enter');
  await expect(panel(page)).toContainText('in memory for this tab');
}

// Also "cancel batch: …", a test of its own with a load until the eighth pass of issue 30: its
// load, dataset and key were this test's; the batch it cancels is sent before this test's own.
test('cancel batch: the API stops it, the cancelled cases say so and stay to be run again; run as a batch: both prices, a reload resumes polling the same batch, the results fill the table', async ({ page, anthropic: server }) => {
  await start(page);
  await enterKey(page);

  await test.step('cancel batch: the API stops it, the cancelled cases say so and stay to be run again', async () => {
    server.behave({ batchPerPoll: 0 });
    await panel(page).getByLabel('Run as batch (half price)').check();
    await panel(page).getByRole('button', { name: 'Send 3 cases as a batch' }).click();
    await expect(batchStatus(page)).toContainText(/Batch msgbatch_\w+: 0 of 3 requests done/);
    await panel(page).getByRole('button', { name: 'Cancel batch' }).click();
    await expect(batchStatus(page)).toContainText('Batch done: 0 cases judged, 3 failed (run again to judge them).');
    expect(server.requests().some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(true);
    // Nothing was charged; the three cases are still to judge, interactively or in a new batch.
    await expect(panel(page).getByRole('button', { name: 'Send 3 cases as a batch' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('citation-auditor:dataset-batch'))).toBeNull();
    // The run below starts from the interactive choice, as a first run does.
    await panel(page).getByLabel('Run as batch (half price)').uncheck();
    server.reset();
  });

  await test.step('run as a batch: both prices, a reload resumes polling the same batch, the results fill the table', async () => {
    await panel(page).getByRole('button', { name: 'Estimate cost' }).click();
    const interactive = Number(/≈ \$([\d.]+) for 3 cases/.exec((await page.getByTestId('dataset-estimate').textContent()) ?? '')?.[1]);
    const batch = Number(/As a batch: ≈ \$([\d.]+) \(half price\)/.exec((await page.getByTestId('dataset-estimate-batch').textContent()) ?? '')?.[1]);
    expect(interactive).toBeGreaterThan(0);
    expect(batch).toBeCloseTo(interactive / 2, 3);

    // The batch is held in progress until the test lets it run.
    server.behave({ batchPerPoll: 0 });
    await panel(page).getByLabel('Run as batch (half price)').check();
    await panel(page).getByRole('button', { name: 'Send 3 cases as a batch' }).click();
    await expect(batchStatus(page)).toContainText(/Batch msgbatch_\w+: 0 of 3 requests done/);
    const id = /msgbatch_\w+/.exec((await batchStatus(page).textContent()) ?? '')![0];
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(kept).toContain(id);
    expect(kept).not.toContain(KEY);

    await page.reload();
    // The key lived in memory only: the page says the batch waits for it.
    await expect(page.getByTestId('dataset-batch-needs-key')).toBeVisible();
    await enterKey(page);
    await expect(batchStatus(page)).toContainText(`Batch ${id}: 0 of 3 requests done`);
    server.behave({});
    await page.clock.runFor(5_000);
    await expect(batchStatus(page)).toContainText('Batch done: 3 cases judged.');
    await expect(page.getByTestId('dataset-model-status')).toContainText('3 of 3 cases judged by the model.');
    await expect(page.getByTestId('dataset-batch-usage')).toContainText(/Batch: 3 requests, [\d,]+ input tokens \([\d,]+ read from the prompt cache\), cost \$[\d.]+ at the batch price \(\$[\d.]+ interactive\)/);
    // One batch, created before the reload; no interactive request at all.
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.calls('/v1/messages')).toHaveLength(0);
    const table = page.getByRole('region', { name: 'Results' }).getByRole('table');
    await expect(table.locator('tbody tr td', { hasText: /^model$/ })).toHaveCount(3);
    expect(await page.evaluate(() => localStorage.getItem('citation-auditor:dataset-batch'))).toBeNull();
  });
});

test('a browser refused on the batches endpoint is told so and given the CLI command', async ({ page, anthropic: server, onOrigin }) => {
  // A proxy in front of the API that refuses the batches endpoint to browsers.
  await onOrigin(([url]) => localStorage.setItem('citation-auditor:model-settings', JSON.stringify({ version: 1, baseURL: url })), [`${server.url}/blocked`]);
  await start(page);
  await enterKey(page);
  await panel(page).getByLabel('Run as batch (half price)').check();
  await panel(page).getByRole('button', { name: 'Send 3 cases as a batch' }).click();
  const refused = page.getByTestId('dataset-batch-refused');
  await expect(refused).toContainText('The API refused batch requests from this browser.');
  await expect(refused).toContainText(`npx citation-audit annotate-small.jsonl --model claude-sonnet-5-5 --batch`);
  await expect(refused).not.toContainText(KEY);
  // Nothing was judged, and the interactive run is still there to use.
  await panel(page).getByLabel('Run as batch (half price)').uncheck();
  await expect(panel(page).getByRole('button', { name: 'Run model audit (3 cases)' })).toBeEnabled();
});
