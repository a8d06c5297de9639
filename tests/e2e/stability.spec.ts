// Repeated judgements in the page (issue 33): "Judge each claim K times" in Settings makes K
// requests, a citation the model judged differently gets an "unstable" chip, and the claim list
// filters to those claims. Against the local fake Messages API (tests/server), never a real model.
import type { Step } from '../server/fake-anthropic';
import { expect, openCase, test } from './fixtures';
import { report } from './helpers';

const KEY = `sk-ant-${'api03-E2E-REPEAT-0000111122223333'}`;

const CASE = {
  query: 'When was the Eiffel Tower built and how tall is it?',
  answer: 'The Eiffel Tower was built between 1887 and 1889 for the World Fair [c1]. The tower is 330 metres tall [c2].',
  chunks: [
    { id: 'c1', text: 'The Eiffel Tower was built between 1887 and 1889 as the entrance arch to the 1889 World Fair in Paris.' },
    { id: 'c2', text: 'The tower is 330 metres tall and was the tallest man-made structure in the world for 41 years.' },
  ],
};

// One page load (two tests with a load each before the sixth pass of issue 30; every check of both
// is here): the default first, then the same case judged twice.
test('with one judgement (the default) there is no stability, no chip and no filter; judging each claim twice names the claim the model changed its mind on, and filters to it', async ({ page, anthropic }) => {
  await openCase(page, CASE);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Anthropic API key').fill(KEY);
  const repeat = dialog.getByLabel('Judge each claim K times');
  await expect(repeat).toHaveValue('1');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  anthropic.script({ kind: 'judge' } satisfies Step);
  const bar = page.getByRole('group', { name: 'Model audit' });
  await bar.getByRole('button', { name: /Run model audit/ }).click();
  await expect(bar.getByRole('status')).toContainText(/Model audit done/, { timeout: 25_000 });
  expect(anthropic.calls('/v1/messages')).toHaveLength(1);
  await expect(report(page).getByTestId('stability-line')).toHaveCount(0);
  await expect(report(page).getByTestId('unstable-chip')).toHaveCount(0);

  // Twice.
  anthropic.reset();
  await page.getByRole('button', { name: 'Settings' }).click();
  await repeat.fill('2');
  await repeat.press('Tab');
  await expect(dialog.getByLabel('Verdict that stands')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The first judgement as the fake's rule gives it; the second lowers the first claim.
  anthropic.script({ kind: 'judge' } satisfies Step, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } } satisfies Step);
  await bar.getByRole('button', { name: /Run model audit/ }).click();
  await expect(report(page).getByTestId('stability-line')).toHaveText(
    'Judged 2 times: 1 of 2 citations got the same verdict every time; the stricter verdict stands.',
    { timeout: 25_000 },
  );
  await expect(bar.getByRole('status')).toContainText(/Model audit done/);
  expect(anthropic.calls('/v1/messages')).toHaveLength(2);

  const claims = report(page).locator('ol.claims > li');
  await expect(claims).toHaveCount(2);
  const chip = report(page).getByTestId('unstable-chip');
  await expect(chip).toHaveCount(1);
  await expect(claims.first().getByTestId('unstable-chip')).toHaveAttribute('title', /c1: fully supported \/ partially supported/);

  const only = report(page).getByLabel('Unstable only (1)');
  await only.check();
  await expect(claims).toHaveCount(1);
  await expect(claims.first()).toContainText('built between 1887 and 1889');
  await only.uncheck();
  await expect(claims).toHaveCount(2);
});
