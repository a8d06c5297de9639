// The Dataset view's baseline: the results of an earlier run (this view's own JSONL download)
// loaded against the current dataset's results show what regressed, improved or stayed the same,
// with a planted regression (a citation to a source that is not there) caught and shown before
// and after.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { report } from './helpers';

function views(page: Page) {
  return page.getByRole('navigation', { name: 'Views' });
}

const chunks = (i: number) => [
  { id: '1', title: `Tower ${i}`, text: `Tower ${i} rises ${120 + i} metres above the old market square. `.repeat(3) },
  { id: '2', title: 'History', text: `Work on tower ${i} ended in ${1900 + i} after several years. `.repeat(3) },
];

/** Four cases; `planted` cites a missing source in g2 (regression) and cites g3's second claim (improvement). */
function dataset(planted: boolean): string {
  return [0, 1, 2, 3]
    .map((i) => {
      let answer = `Tower ${i} is ${120 + i} metres tall [1]. Work on it ended in ${1900 + i} [2].`;
      if (i === 2 && planted) answer = `Tower ${i} is ${120 + i} metres tall [9]. Work on it ended in ${1900 + i} [2].`;
      if (i === 3 && !planted) answer = `Tower ${i} is ${120 + i} metres tall [1]. Work on it ended in ${1900 + i}.`;
      return JSON.stringify({ id: `g${i}`, query: `How tall is tower ${i}?`, answer, chunks: chunks(i) });
    })
    .join('\n');
}

test('a baseline from an earlier run shows the planted regression and the improvement, filtered, with before and after', async ({ page }, testInfo) => {
  const beforeFile = testInfo.outputPath('before.jsonl');
  const afterFile = testInfo.outputPath('after.jsonl');
  writeFileSync(beforeFile, dataset(false));
  writeFileSync(afterFile, dataset(true));

  await page.goto('./');
  await expect(report(page)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/);
  await views(page).getByRole('button', { name: 'Dataset' }).click();
  await page.getByLabel('Open dataset file').setInputFiles(beforeFile);
  await expect(page.getByTestId('local-status')).toContainText('Local checks done: 4 cases.');
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download results (JSONL)' }).click()]);
  const baselineFile = testInfo.outputPath('baseline.jsonl');
  writeFileSync(baselineFile, readFileSync((await d.path())!, 'utf8'));

  // The next run: the same cases, one broken, one fixed.
  await page.getByLabel('Open dataset file').setInputFiles(afterFile);
  await expect(page.getByTestId('dataset-summary')).toHaveText('after.jsonl: 4 cases');
  await expect(page.getByTestId('local-status')).toContainText('Local checks done: 4 cases.');

  const panel = page.getByRole('region', { name: 'Compare with an earlier run' });
  // A file that is not a results file is refused and says why.
  await panel.getByLabel('Baseline results file').setInputFiles(afterFile);
  await expect(panel.getByRole('alert')).toContainText('Line 1: neither a report');
  await panel.getByLabel('Baseline results file').setInputFiles(baselineFile);
  await expect(panel.getByTestId('baseline-name')).toHaveText('Baseline: baseline.jsonl');
  await expect(panel.getByTestId('baseline-counts')).toHaveText('1 regressed · 1 improved · 2 unchanged');

  const table = panel.getByRole('table');
  // A column per score that changed anywhere, none for the others.
  await expect(table.getByRole('columnheader', { name: 'Citation existence' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Citation coverage' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Source verification' })).toHaveCount(0);
  await expect(table.locator('tbody tr')).toHaveCount(4);

  await panel.getByRole('combobox', { name: 'Show' }).selectOption('regressed');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const regressed = table.locator('tbody tr').first();
  await expect(regressed).toContainText('g2');
  await expect(regressed).toContainText('regressed');
  await expect(regressed).toContainText('INCOMPLETE → FAIL');
  await expect(regressed.locator('td.down')).not.toHaveCount(0);

  await panel.getByRole('button', { name: 'Show before and after of g2' }).click();
  const detail = panel.getByTestId('baseline-detail');
  await expect(detail.getByTestId('baseline-before')).toContainText('Exists: pass');
  await expect(detail.getByTestId('baseline-after')).toContainText('Exists: fail');
  await expect(detail.getByTestId('baseline-after')).toContainText('FAIL');

  await panel.getByRole('combobox', { name: 'Show' }).selectOption('improved');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText('g3');
  await panel.getByRole('combobox', { name: 'Show' }).selectOption('unchanged');
  await expect(table.locator('tbody tr')).toHaveCount(2);

  // The current case opens in the workbench from its before/after.
  await panel.getByRole('combobox', { name: 'Show' }).selectOption('all');
  await panel.getByRole('button', { name: 'Show before and after of g2' }).click();
  await detail.getByRole('button', { name: 'Open the current case in the workbench' }).click();
  await expect(report(page)).toHaveText(/^\s*FAIL/);
});
