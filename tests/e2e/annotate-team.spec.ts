// Annotation as a team, without a server: two annotators label the same small dataset in their
// own profiles and download their labels; the lead imports both files, reads the team's agreement
// (α and κ checked against a computation here), resolves the disagreements into gold and measures
// the model (the local fake Messages API) against gold. And blind mode: nothing of another
// rater's label for a pair not labelled yet, anywhere on the page or in the export.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { loadApp, snap } from './helpers';

const FIXTURE = path.resolve(process.cwd(), 'tests/fixtures/annotate-small.jsonl');
const KEY = `sk-ant-${'api03-E2E-TEAM-KEY-0000222233'}`;
type V = 'fully_supported' | 'partially_supported' | 'not_supported';
const F: V = 'fully_supported';
const P: V = 'partially_supported';
const N: V = 'not_supported';
const KEYS: Record<V, string> = { [F]: '1', [P]: '2', [N]: '3' };
/** The scale in order, lowest first (for the ordinal α). */
const SCALE: V[] = [N, P, F];
/** The six pairs of the fixture, in the view's order: case id, claim index, chunk id. */
const PAIRS: [string, number, string][] = [
  ['a1', 0, '1'],
  ['a1', 1, '2'],
  ['a2', 0, '1'],
  ['a2', 1, '1'],
  ['a2', 1, '2'],
  ['a3, "q"', 0, '1'],
];

async function openDataset(page: Page): Promise<void> {
  await loadApp(page);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Dataset' }).click();
  await page.getByLabel('Open dataset file').setInputFiles(FIXTURE);
  await expect(page.getByTestId('local-status')).toContainText('Local checks done: 3 case', { timeout: 20_000 });
}

async function showAnnotate(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Annotate' }).click();
  await expect(page.getByTestId('pair-position')).toContainText('Pair 1 of 6');
}

async function setAnnotator(page: Page, name: string): Promise<void> {
  const field = page.getByLabel('Annotator', { exact: true });
  await field.fill(name);
  await field.press('Enter');
}

async function download(page: Page, name: string, testInfo: TestInfo, file: string): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const out = testInfo.outputPath(file);
  writeFileSync(out, readFileSync((await d.path())!, 'utf8'));
  return out;
}

/** An annotator's own profile: open the dataset, label the six pairs from the keyboard. */
async function annotate(page: Page, who: string, labels: V[]): Promise<void> {
  await openDataset(page);
  await showAnnotate(page);
  await setAnnotator(page, who);
  // Blind mode is on in a profile that never changed it.
  await expect(page.getByLabel('Blind mode')).toBeChecked();
  for (const l of labels) await page.keyboard.press(KEYS[l]);
  await expect(page.getByText('6 of 6 pairs labelled', { exact: true })).toBeVisible();
}

/** Cohen's κ of two label lists (pairs where either is missing are skipped). */
function kappa(a: (V | null)[], b: (V | null)[]): number {
  const both = a.map((x, i) => [x, b[i]] as const).filter((p): p is readonly [V, V] => p[0] !== null && p[1] !== null);
  const n = both.length;
  const po = both.filter(([x, y]) => x === y).length / n;
  const pe = SCALE.reduce((s, c) => s + (both.filter(([x]) => x === c).length / n) * (both.filter(([, y]) => y === c).length / n), 0);
  return (po - pe) / (1 - pe);
}

/** Krippendorff's α over units of values (missing left out), from the coincidence matrix. */
function alpha(units: V[][], level: 'nominal' | 'ordinal'): number {
  const k = SCALE.length;
  const o = SCALE.map(() => SCALE.map(() => 0));
  for (const u of units) {
    if (u.length < 2) continue;
    for (let i = 0; i < u.length; i++)
      for (let j = 0; j < u.length; j++) if (i !== j) o[SCALE.indexOf(u[i]!)]![SCALE.indexOf(u[j]!)]! += 1 / (u.length - 1);
  }
  const nc = o.map((row) => row.reduce((x, y) => x + y, 0));
  const n = nc.reduce((x, y) => x + y, 0);
  const d = (c: number, e: number): number => {
    if (c === e) return 0;
    if (level === 'nominal') return 1;
    const [lo, hi] = [Math.min(c, e), Math.max(c, e)];
    let s = 0;
    for (let g = lo; g <= hi; g++) s += nc[g]!;
    return (s - (nc[lo]! + nc[hi]!) / 2) ** 2;
  };
  let num = 0;
  let den = 0;
  for (let c = 0; c < k; c++)
    for (let e = 0; e < k; e++) {
      num += o[c]![e]! * d(c, e);
      den += nc[c]! * nc[e]! * d(c, e);
    }
  return 1 - ((n - 1) * num) / den;
}

const fmt = (x: number) => x.toFixed(3);

test.describe('a labelling campaign in three profiles', () => {
  // Three people, each in a profile of their own: nothing passes between them but the files they
  // download. They take turns in the worker's tab, its storage emptied before each (`newProfile`,
  // as the reset between tests does), instead of three browser contexts: each of those was a
  // cold start of the whole build. The lead's Base URL points at the fake API (`anthropic`).
  test('two annotators label and download, the lead imports, measures, resolves to gold and runs Model vs gold; blind mode hides another rater’s labels', async ({ page, anthropic, newProfile }, testInfo) => {
    // Three dataset checks and a model run: more than the default on a busy machine.
    test.setTimeout(120_000);
    const alice: V[] = [F, N, P, F, N, P];
    const bob: V[] = [F, P, P, N, N, F];
    await annotate(page, 'alice', alice);
    const aliceFile = await download(page, 'Download labels (JSONL)', testInfo, 'alice-labels.jsonl');
    await newProfile();
    await annotate(page, 'bob', bob);
    const bobFile = await download(page, 'Download labels (CSV)', testInfo, 'bob-labels.csv');
    await newProfile();

    // The lead: the same dataset, judged by the model (the fake API), then both files at once.
    await openDataset(page);
    const run = page.getByRole('region', { name: 'Model audit of all cases' });
    await run.getByLabel('Anthropic API key').fill(KEY);
    await run.getByLabel('Anthropic API key').press('Enter');
    await run.getByRole('button', { name: 'Run model audit (3 cases)' }).click();
    await expect(page.getByTestId('dataset-model-status')).toContainText('Model audit done: 3 of 3 cases judged', { timeout: 20_000 });
    // Judged by the fake API, one request a case.
    expect(anthropic.calls('/v1/messages')).toHaveLength(3);
    await showAnnotate(page);
    await setAnnotator(page, 'lead');
    await page.getByLabel('Blind mode').uncheck();
    await page.getByLabel('Import labels').setInputFiles([aliceFile, bobFile]);
    const imported = page.getByRole('status', { name: 'Import' });
    await expect(imported).toContainText('12 labels added, 0 replaced by newer ones, 0 already here; 12 pairs of this dataset matched; 0 not in this dataset');
    await expect(imported).toContainText('Raters: alice, bob.');

    // Both raters, and the figures of a computation here.
    const agreement = page.getByRole('region', { name: 'Agreement' });
    await agreement.getByLabel('Rater A').selectOption('alice');
    await agreement.getByLabel('Rater B').selectOption('bob');
    await expect(agreement.getByTestId('agreement-n')).toHaveText('6');
    await expect(agreement.getByTestId('agreement-kappa')).toHaveText(fmt(kappa(alice, bob)));
    const units = alice.map((a, i) => [a, bob[i]!]);
    await expect(agreement.getByTestId('agreement-alpha')).toHaveText(fmt(alpha(units, 'nominal')));
    await expect(agreement.getByTestId('agreement-alpha-ordinal')).toHaveText(fmt(alpha(units, 'ordinal')));
    await expect(agreement.getByRole('cell', { name: /^alice and bob: κ/ })).toHaveText(fmt(kappa(alice, bob)));
    const disagree = alice.map((a, i) => (a !== bob[i] ? i : -1)).filter((i) => i >= 0);
    await expect(agreement.getByRole('list', { name: `Pairs where raters differ (${disagree.length})` }).getByRole('listitem')).toHaveCount(disagree.length);
    await snap(page, testInfo, 'annotate-team-agreement');

    // Resolve: unanimous pairs become gold at once; each tie is the lead's, picked with a key.
    await page.getByRole('button', { name: 'Resolve disagreements' }).click();
    const resolve = page.getByRole('region', { name: 'Resolving disagreements' });
    await expect(resolve.getByTestId('resolve-counts')).toContainText(`${disagree.length} of ${disagree.length} disagreements open (${disagree.length} ties) · ${6 - disagree.length} pairs in gold`);
    const gold: V[] = alice.slice();
    gold[disagree[0]!] = bob[disagree[0]!]!;
    for (const i of disagree) {
      const [caseId, claim, chunk] = PAIRS[i]!;
      await expect(page.getByTestId('pair-position')).toContainText(`Case ${caseId} · Claim ${claim + 1} · Cited chunk ${chunk}`);
      await expect(resolve.getByTestId('resolve-votes')).toContainText(`alice: ${{ [F]: 'Fully supported', [P]: 'Partially supported', [N]: 'Not supported' }[alice[i]!]}`);
      if (i === disagree[0]) {
        await page.keyboard.press('n');
        await page.keyboard.type('bob read the whole chunk');
        await page.keyboard.press('Escape');
        await snap(page, testInfo, 'annotate-resolve');
      }
      await page.keyboard.press(KEYS[gold[i]!]);
    }
    await expect(page.getByText('Every disagreement is settled.')).toBeVisible();
    await expect(resolve.getByTestId('resolve-counts')).toContainText('0 of 3 disagreements open (0 ties) · 6 pairs in gold');
    await page.getByRole('button', { name: 'Stop resolving' }).click();

    // The export carries gold, who settled each pair and how.
    const lead = readFileSync(await download(page, 'Download labels (JSONL)', testInfo, 'lead-labels.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { model_verdict: V | null; labels: Record<string, { label: V; note: string | null; settled_by?: string; settled_how?: string }> });
    expect(lead.map((r) => r.labels.gold!.label)).toEqual(gold);
    expect(lead.map((r) => r.labels.gold!.settled_how)).toEqual(alice.map((a, i) => (a === bob[i] ? 'unanimous' : 'by_hand')));
    expect(lead.every((r) => r.labels.gold!.settled_by === 'lead')).toBe(true);
    expect(lead[disagree[0]!]!.labels.gold!.note).toBe('bob read the whole chunk');

    // Model vs gold in one click, over the six pairs, κ as computed from the export.
    await agreement.getByRole('button', { name: 'Model vs gold' }).click();
    await expect(agreement.getByLabel('Rater A').locator('option:checked')).toHaveText('Model');
    await expect(agreement.getByLabel('Rater B').locator('option:checked')).toHaveText('gold');
    const model = lead.map((r) => r.model_verdict);
    expect(model.every((m) => m !== null)).toBe(true);
    await expect(agreement.getByTestId('agreement-n')).toHaveText('6');
    await expect(agreement.getByTestId('agreement-percent')).toHaveText(`${((model.filter((m, i) => m === gold[i]).length / 6) * 100).toFixed(1)} %`);
    if (new Set(model).size > 1 || new Set(gold).size > 1) await expect(agreement.getByTestId('agreement-kappa')).toHaveText(fmt(kappa(model, gold)));

    // A test of its own until the ninth pass of issue 30, with a profile and a dataset check of its
    // own: here carol comes last to the lead's profile, so her label never counts in the lead's
    // resolving. The other rater's file is dave's (the lead's profile holds bob's labels, newer than
    // any import of bob's). That blind mode is on in a profile that never changed it: alice's, above.
    await test.step('blind mode: nothing of another rater’s label for a pair not labelled, on the page or in the export', async () => {
      const dave: V[] = [N, F, N, F, N, F];
      const rows = PAIRS.map(([caseId, claim, chunk], i) => JSON.stringify({ case_id: caseId, claim_index: claim, chunk_id: chunk, annotator: 'dave', label: dave[i], note: `DAVENOTE-${i}`, updated: 1_700_000_000_000 + i }));
      const file = testInfo.outputPath('dave.jsonl');
      writeFileSync(file, rows.join('\n') + '\n');

      // The lead's page, on the Annotate view: carol takes the keyboard, blind mode back on, at pair 1.
      await setAnnotator(page, 'carol');
      await page.getByLabel('Blind mode').check();
      await page.getByRole('group', { name: /^Pair \d of 6$/ }).focus();
      for (let i = 0; i < PAIRS.length - 1; i++) await page.keyboard.press('k');
      await expect(page.getByTestId('pair-position')).toContainText('Pair 1 of 6');
      await page.getByLabel('Import labels').setInputFiles(file);
      await expect(page.getByRole('status', { name: 'Import' })).toContainText('6 labels added');

      await expect(agreement).toContainText('Hidden in blind mode');
      await expect(agreement).toContainText('(6 pairs left)');
      await expect(agreement.getByRole('combobox')).toHaveCount(0);
      await expect(page.getByTestId('agreement-alpha')).toHaveCount(0);
      await expect(page.getByTestId('other-labels')).toContainText('Hidden until you label this pair (blind mode).');
      const text = () => page.locator('body').innerText();
      expect(await text()).not.toMatch(/DAVENOTE|dave: |dave (fully|partially|not)/);
      // Resolving would show everyone's labels: refused.
      await page.getByRole('button', { name: 'Resolve disagreements' }).click();
      await expect(page.getByText('Turn blind mode off, or label every pair first')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Resolving disagreements' })).toHaveCount(0);

      // carol labels pair 1: dave's label and note of that pair show, of no other pair.
      await page.getByRole('group', { name: /^Pair 1 of 6$/ }).focus();
      await page.keyboard.press('1');
      await expect(page.getByTestId('pair-position')).toContainText('Pair 2 of 6');
      await expect(agreement).toContainText('(5 pairs left)');
      await page.keyboard.press('k');
      await expect(page.getByTestId('other-labels')).toContainText('dave: Not supported — DAVENOTE-0');
      const after = await text();
      expect(after).toContain('DAVENOTE-0');
      expect(after).not.toMatch(/DAVENOTE-[1-5]/);
      // The export holds the pair carol labelled, nothing of the others.
      const exported = readFileSync(await download(page, 'Download labels (JSONL)', testInfo, 'carol.jsonl'), 'utf8');
      expect(exported.trim().split('\n')).toHaveLength(1);
      expect(exported).toContain('DAVENOTE-0');
      expect(exported).not.toMatch(/DAVENOTE-[1-5]/);
    });
  });
});
