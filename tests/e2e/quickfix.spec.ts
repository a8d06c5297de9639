// Quick fixes (issue 13 §4) in the editor: a finding with a mechanical fix offers it in the
// Answer editor (Ctrl+. then pick from the list, by keyboard); the fixed text is re-audited and the
// finding goes; Ctrl+Z brings the text and the finding back. The report's "cite chunk N instead"
// gets the same fix as a button, applied through the editor so that Ctrl+Z undoes it too. A
// structured answer's fix edits the JSON in place and is undone the same way.
//
// What each kind of fix writes (an uncited claim's citation, a number, an exact quote, a marker's
// style, a Cohere span, a number or a marker inside a JSON string) is proven by the unit tests:
// src/core/fixes/fixes.test.ts and structured.test.ts apply every kind and audit the result again,
// src/state/engine/quickFixes.test.ts the editor offsets and the JSON edited in place. Here, one of
// each way a fix reaches the editor.
import type { Page } from '@playwright/test';
import type { Chunk } from '../../src/core/types';
import { expect, openCase, test } from './fixtures';
import { editor, pasteInto, readClipboard, report, waitForEditors } from './helpers';

const SHOP = [
  { id: '1', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: '2', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
  { id: '3', text: 'Password reset: open account settings and choose change password.' },
];

/**
 * The page opened on these chunks and answer (the answer as the Answer editor holds it), with the
 * editors loaded: on a page loaded before, the report comes before Monaco does, and a finding
 * clicked until then has no editor to select its span in (nor a fix an editor to undo it in).
 */
async function open(page: Page, chunks: Chunk[], answer: string): Promise<void> {
  await openCase(page, { query: '', answer, chunks });
  await waitForEditors(page);
}

/** The Answer editor's whole text, copied the way a person would. */
async function answerText(page: Page): Promise<string> {
  await editor(page, 'Answer').focus();
  // Ctrl+A in the page instead of the editor would select and copy the page's text.
  await expect(editor(page, 'Answer')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+c');
  return readClipboard(page);
}

/** Select the finding's span from the report, open the quick fixes with Ctrl+. and pick the one whose title matches. */
async function quickFix(page: Page, finding: RegExp, pick: RegExp): Promise<void> {
  await report(page).getByRole('button', { name: finding }).first().click();
  await expect(editor(page, 'Answer')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Period');
  const menu = page.getByRole('listbox', { name: 'Action Widget' });
  await expect(menu).toBeVisible();
  const rows = menu.getByRole('option');
  await expect(rows.first()).toBeVisible();
  const titles = await rows.allInnerTexts();
  const at = titles.findIndex((t) => pick.test(t));
  expect(at, `no quick fix matching ${pick} among ${JSON.stringify(titles)}`).toBeGreaterThanOrEqual(0);
  // The list opens with its first entry focused: walk down to the wanted one, then Enter.
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
}

async function undo(page: Page): Promise<void> {
  await editor(page, 'Answer').focus();
  await expect(editor(page, 'Answer')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+z');
}

// One page load for the four ways a fix reaches the editor (four tests with a load each before the
// sixth pass of issue 30; each is a step here, its checks unchanged): the case is opened once by a
// link, and each later step pastes its own answer over the same chunks (a paste is one step on
// the editor's undo stack, so the Ctrl+Z of each step undoes that step's fix, not the paste). The
// required style is set last: it is the one step that changes the settings.
test('quick fixes: a chunk picked from the list, the report’s one-click fix, a structured citation’s id, markers in another style; each undone with Ctrl+Z', async ({ page }) => {
  test.slow();
  await test.step('a hallucinated chunk id is replaced by a chunk picked from the list, and Ctrl+Z restores it', async () => {
    const answer = 'Items can be returned within 30 days for a full refund [7].';
    await open(page, SHOP, answer);
    const r = report(page);
    const missing = 'cites "7", which is not among the chunks';
    await expect(r).toContainText(missing);
    // Every chunk is offered, titled with its id and first words; the third is picked.
    await quickFix(page, /cites "7"/, /Cite chunk “3” instead: Password reset: open account/);
    await expect.poll(() => answerText(page)).toBe('Items can be returned within 30 days for a full refund [3].');
    await expect(r).not.toContainText(missing);
    // The fixed text is the state: the exported report is about it.
    await page.getByRole('button', { name: 'Copy report', exact: true }).click();
    const exported = JSON.parse(await readClipboard(page)) as { citations: { marker: string; chunk_id: string }[] };
    expect(exported.citations.map((c) => [c.marker, c.chunk_id])).toEqual([['[3]', '3']]);
    await undo(page);
    await expect.poll(() => answerText(page)).toBe(answer);
    await expect(r).toContainText(missing);
  });

  await test.step('the report’s “cite chunk N instead” is a one-click fix that Ctrl+Z undoes', async () => {
    const answer = 'Items can be returned within 30 days for a full refund [3].';
    await pasteInto(page, 'Answer', answer);
    const r = report(page);
    await expect(r).toContainText('cite chunk "2" instead?');
    await r.getByRole('button', { name: /Apply fix: Cite chunk “2” instead/ }).click();
    await expect.poll(() => answerText(page)).toBe('Items can be returned within 30 days for a full refund [2].');
    await expect(r).not.toContainText('cite chunk "2" instead?');
    await expect(r.getByRole('button', { name: /Apply fix/ })).toHaveCount(0);
    await undo(page);
    await expect.poll(() => answerText(page)).toBe(answer);
    await expect(r).toContainText('cite chunk "2" instead?');
  });

  await test.step('a structured citation of a chunk id that is not there is pointed at the chunk holding its quote, in the editor and by the report’s Apply', async () => {
    const structured = { answer: 'Items can be returned within 30 days for a full refund.', citations: [{ chunk_id: 'refunds-9', quote: 'items can be returned within 30 days' }] };
    await pasteInto(page, 'Answer', JSON.stringify(structured, null, 2));
    const r = report(page);
    const missing = 'cites "refunds-9", which is not among the chunks';
    await expect(r).toContainText(missing);
    const before = await answerText(page);
    await quickFix(page, /cites "refunds-9"/, /Cite chunk “2” instead: Returns: items can be returned/);
    await expect.poll(async () => JSON.parse(await answerText(page)) as unknown).toEqual({ ...structured, citations: [{ ...structured.citations[0], chunk_id: '2' }] });
    // Only the id changed: the rest of the text is as the editor had it.
    expect(await answerText(page)).toBe(before.replace('"refunds-9"', '"2"'));
    await expect(r).not.toContainText(missing);
    await undo(page);
    await expect.poll(() => answerText(page)).toBe(before);
    await expect(r).toContainText(missing);
    // The same fix from the report, undone the same way.
    await r.getByRole('button', { name: /Apply fix: Cite chunk “2” instead/ }).click();
    await expect.poll(() => answerText(page)).toBe(before.replace('"refunds-9"', '"2"'));
    await expect(r).not.toContainText(missing);
    await undo(page);
    await expect.poll(() => answerText(page)).toBe(before);
  });

  await test.step('markers in another style are converted, this one or all of them', async () => {
    const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].';
    await pasteInto(page, 'Answer', answer);
    const r = report(page);
    // The paste's audit done before Settings is pressed. In a whole run the button was pressed
    // straight after the paste and took the focus, but no dialog opened; likely the press on the
    // button and the release beside it, as the header's status line changed width when the audit
    // ended (not confirmed).
    await expect(r).not.toContainText('refunds-9');
    await expect(r).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Required citation style').selectOption('latex_cite');
    await page.keyboard.press('Escape');
    await expect(r.getByRole('listitem').filter({ hasText: 'Formatted' }).first()).toContainText('Fail');
    await quickFix(page, /\[1\] does not use the required/, /Convert all 2 markers to \\cite\{id\}/);
    await expect.poll(() => answerText(page)).toBe('Standard shipping takes 3-5 business days \\cite{1}. Items can be returned within 30 days for a full refund \\cite{2}.');
    await expect(r.getByRole('listitem').filter({ hasText: 'Formatted' }).first()).toContainText('Pass');
    await undo(page);
    await expect.poll(() => answerText(page)).toBe(answer);
    // One marker alone.
    await quickFix(page, /\[2\] does not use the required/, /Convert this marker to \\cite\{id\}/);
    await expect.poll(() => answerText(page)).toBe('Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund \\cite{2}.');
    await expect(r).not.toContainText('[2] does not use the required');
    await expect(r).toContainText('[1] does not use the required');
  });
});
