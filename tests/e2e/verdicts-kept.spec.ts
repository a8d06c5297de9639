// The model's verdicts survive a reload, and its recommendations are shown as its words (issue
// 31, items 9 and 11). Against the local fake Messages API (tests/server), never a real model.
import type { Page } from '@playwright/test';
import type { Step } from '../server/fake-anthropic';
import { expect, test } from './fixtures';
import { report } from './helpers';

const KEY = `sk-ant-${'api03-E2E-KEPT-0000111122223333'}`;

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(report(page)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/);
}

test('a reload keeps the verdicts; the model’s recommendations are its words, without "ok"', async ({ page, anthropic }) => {
  // `anthropic` set the Base URL to the fake API before the first load (the connect policy is
  // fixed at start-up).
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Anthropic API key').fill(KEY);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  anthropic.script({ kind: 'judge', recommendations: ['ok', '  ', 'Cite the page that gives the height.'] } satisfies Step);
  const bar = page.getByRole('group', { name: 'Model audit' });
  await bar.getByRole('button', { name: /Run model audit/ }).click();
  await expect(bar.getByRole('status')).toContainText(/Model audit done/, { timeout: 25_000 });
  expect(anthropic.calls('/v1/messages').length).toBeGreaterThan(0);

  const ours = page.locator('section[aria-labelledby="recs-h"] > ul.recs > li');
  const theirs = page.getByTestId('model-recommendations');
  const judged = report(page).getByText(/fully supported|partially supported|not supported/).first();
  await expect(theirs).toContainText('The model’s own recommendations');
  await expect(theirs.getByRole('listitem')).toHaveText(['Cite the page that gives the height.']);
  expect(await ours.allTextContents()).not.toContain('ok');
  expect((await ours.allTextContents()).join('\n')).not.toContain('Cite the page that gives the height.');
  await expect(judged).toBeVisible();
  const verdict = (await report(page).textContent())?.trim().split(/\s/)[0];

  // Reload: the key was in memory only and is gone; the verdicts it paid for are not.
  await page.reload();
  await expect(report(page)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/);
  await expect(theirs.getByRole('listitem')).toHaveText(['Cite the page that gives the height.']);
  await expect(judged).toBeVisible();
  expect((await report(page).textContent())?.trim().split(/\s/)[0]).toBe(verdict);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(KEY);
});
