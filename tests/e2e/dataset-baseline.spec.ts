// The Dataset view's baseline: the results of an earlier run (this view's own JSONL download)
// loaded against the current dataset's results show what regressed, improved or stayed the same,
// with a planted regression (a citation to a source that is not there) caught and shown before
// and after.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loadApp, report } from './helpers';

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

/** `n` cases without ids that repeat ten queries: their names repeat in the comparison. */
function repeatedDataset(n: number): string {
  return Array.from({ length: n }, (_, i) => {
    const k = i % 10;
    return JSON.stringify({ query: `How tall is tower ${k}?`, answer: `Tower ${k} is ${120 + k} metres tall [1]. Work on it ended in ${1900 + k} [2].`, chunks: chunks(k) });
  }).join('\n');
}

async function openDataset(page: Page, file: string, cases: number): Promise<void> {
  await page.getByLabel('Open dataset file').setInputFiles(file);
  await expect(page.getByTestId('local-status')).toContainText(`Local checks done: ${cases} cases.`);
}

// One page load for the three baselines (three tests with a load each before the sixth pass of
// issue 30; each is a step here, its checks unchanged). Each step opens its own dataset and waits
// for a count only its own data gives. The large baseline comes last: its step patches the page's
// readers and JSON.parse to note large reads, which nothing after it should run under.
test('baselines: the planted regression and improvement; a 200-row baseline whose rows repeat; a large one read off the main thread', async ({ page }, testInfo) => {
  test.slow();
  // Straight to the Dataset view (the click waits for the app); until the eighth pass of issue 30
  // the example's audit was waited for first.
  await loadApp(page);
  await views(page).getByRole('button', { name: 'Dataset' }).click();

  await test.step('a baseline from an earlier run shows the planted regression and the improvement, filtered, with before and after', async () => {
    const beforeFile = testInfo.outputPath('before.jsonl');
    const afterFile = testInfo.outputPath('after.jsonl');
    writeFileSync(beforeFile, dataset(false));
    writeFileSync(afterFile, dataset(true));

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
    // A score cell says baseline → current and the change, not one side alone.
    await expect(regressed.locator('td.down').first()).toHaveText(/^1 → 0\.5 \(-0\.5\)$/);

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

  await test.step('a 200-row baseline whose rows repeat shows its comparison, and stays after a visit to the workbench', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const full = testInfo.outputPath('full.jsonl');
    const shorter = testInfo.outputPath('shorter.jsonl');
    writeFileSync(full, repeatedDataset(200));
    writeFileSync(shorter, repeatedDataset(199));

    // (The step before ended in the workbench.)
    await views(page).getByRole('button', { name: 'Dataset' }).click();
    await openDataset(page, full, 200);
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download results (JSONL)' }).click()]);
    const baselineFile = testInfo.outputPath('baseline.jsonl');
    writeFileSync(baselineFile, readFileSync((await d.path())!, 'utf8'));
    // One case fewer: no repeated query pairs up (as in `citation-audit diff`), so each case is added
    // on line n and removed from line n under the same name.
    await openDataset(page, shorter, 199);

    const panel = page.getByRole('region', { name: 'Compare with an earlier run' });
    await panel.getByLabel('Baseline results file').setInputFiles(baselineFile);
    await expect(panel.getByTestId('baseline-counts')).toHaveText('0 regressed · 0 improved · 0 unchanged · 399 other (changed, added, removed)');
    const table = panel.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(200);
    await expect(panel.getByText('… and 199 more')).toBeVisible();
    // The 38th row opens itself, not the first case of its name.
    await table.locator('tbody tr').nth(37).getByRole('button').click();
    await expect(table.locator('tbody tr').nth(37)).toHaveClass(/current/);
    await expect(table.locator('tr.current')).toHaveCount(1);

    await views(page).getByRole('button', { name: 'Workbench' }).click();
    await views(page).getByRole('button', { name: 'Dataset' }).click();
    await expect(panel.getByTestId('baseline-name')).toHaveText('Baseline: baseline.jsonl');
    await expect(panel.getByTestId('baseline-counts')).toContainText('399 other');
    await expect(table.locator('tr.current')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  await test.step('a large baseline is read off the main thread', async () => {
    // CLI report lines, most of each line its findings, ~6 MB in all: six times the 1 MB above which
    // a read or a parse on the page's thread is noted below. (It was 30 MB, ~10 s of the run's time
    // in the worker's parse; the notes, not the size, are what tell the page from the worker.)
    const finding = (i: number) => ({ code: 'QUOTE_NOT_FOUND', dimension: 'accurate', severity: 'warning', message: `The quoted text ${i} is not in chunk 1 as written; the nearest passage differs.`, chunk_id: '1', excerpt: `Tower ${i} rises` });
    const line = (i: number) =>
      JSON.stringify({
        verdict: 'PASS',
        dimensions: { exists: { status: 'PASS' }, accurate: { status: 'PASS' }, complete: { status: 'PASS' }, formatted: { status: 'PASS' } },
        scores: { citation_coverage: 1, citation_existence: 1 },
        findings: Array.from({ length: 12 }, (_, j) => finding(i * 12 + j)),
        meta: { case_id: `c${i}` },
      });
    const big = testInfo.outputPath('big.jsonl');
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 6e6; i++) {
      lines.push(line(i));
      size += lines.at(-1)!.length + 1;
    }
    writeFileSync(big, lines.join('\n'));
    const small = testInfo.outputPath('small.jsonl');
    writeFileSync(small, dataset(false));

    await views(page).getByRole('button', { name: 'Dataset' }).click();
    await openDataset(page, small, 4);
    // What the page's own thread does with the file: every way it could read a large file's bytes,
    // or parse a large text, is noted. (Counts, not time: these hold at any load.)
    await page.evaluate(() => {
      const w = window as unknown as { longest: number; bigReads: string[] };
      w.longest = 0;
      w.bigReads = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask' });
      const BIG = 1_000_000;
      const note = (what: string, size: number) => size > BIG && w.bigReads.push(`${what} of ${size}`);
      for (const m of ['text', 'arrayBuffer', 'bytes', 'stream'] as const) {
        const proto = Blob.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
        const original = proto[m];
        if (!original) continue;
        proto[m] = function (this: Blob, ...a: unknown[]) {
          note(`Blob.${m}`, this.size);
          return original.apply(this, a);
        };
      }
      for (const m of ['readAsText', 'readAsArrayBuffer', 'readAsDataURL', 'readAsBinaryString'] as const) {
        const original = FileReader.prototype[m] as (this: FileReader, b: Blob, ...a: unknown[]) => void;
        (FileReader.prototype as unknown as Record<string, unknown>)[m] = function (this: FileReader, b: Blob, ...a: unknown[]) {
          note(`FileReader.${m}`, b.size);
          return original.call(this, b, ...a);
        };
      }
      const parse = JSON.parse;
      JSON.parse = function (text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) {
        note('JSON.parse', String(text).length);
        return parse(text, reviver);
      };
    });
    const panel = page.getByRole('region', { name: 'Compare with an earlier run' });
    await panel.getByLabel('Baseline results file').setInputFiles(big);
    await expect(panel.getByTestId('baseline-name')).toHaveText('Baseline: big.jsonl', { timeout: 20_000 });
    await expect(panel.getByTestId('baseline-counts')).toContainText(`${lines.length + 4} other`);
    const { longest, bigReads } = await page.evaluate(() => {
      const w = window as unknown as { longest: number; bigReads: string[] };
      return { longest: w.longest, bigReads: w.bigReads };
    });
    testInfo.annotations.push({ type: 'longest task (ms)', description: String(Math.round(longest)) });
    console.log(`baseline of ${lines.length} cases, ${(size / 1e6).toFixed(1)} MB: longest main-thread task ${Math.round(longest)} ms`);
    // The page's thread never read the file nor parsed anything of its size: the worker did.
    expect(bigReads).toEqual([]);
    // Reading it on the page held it for seconds; the worker leaves the diff and a page of rows.
    // (The bound was 800 ms; a whole run at a load of 12 read 817 ms with the worker doing the
    // reading, so the bound is now what "seconds" means, and the check above is the one that holds
    // at any load, and at any size over its 1 MB.)
    expect(longest).toBeLessThan(2_000);
  });
});
