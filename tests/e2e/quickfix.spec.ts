// Quick fixes (issue 13 §4): a finding with a mechanical fix offers it in the Answer editor
// (Ctrl+. then pick from the list, by keyboard); the fixed text is re-audited and the finding
// goes; Ctrl+Z brings the text and the finding back. The report's "cite chunk N instead" gets the
// same fix as a button, applied through the editor so that Ctrl+Z undoes it too. A structured
// answer's fixes (a JSON citation's chunk id, a number or a marker inside its answer string) edit
// the JSON in place and are undone the same way.
import { expect, test, type Page } from '@playwright/test';
import { editor, pasteInto, readClipboard, report, waitForEditors } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const SHOP = [
  { id: '1', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: '2', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
  { id: '3', text: 'Password reset: open account settings and choose change password.' },
];

async function open(page: Page, chunks: unknown, answer: string): Promise<void> {
  await page.goto('./');
  await waitForEditors(page);
  await expect(report(page)).toHaveText(/^\s*(PASS|FAIL|INCOMPLETE)/);
  await pasteInto(page, 'Chunks', JSON.stringify(chunks, null, 2));
  await pasteInto(page, 'Answer', answer);
}

/** The Answer editor's whole text, copied the way a person would. */
async function answerText(page: Page): Promise<string> {
  await editor(page, 'Answer').focus();
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
  await page.keyboard.press('ControlOrMeta+z');
}

test('a hallucinated chunk id is replaced by a chunk picked from the list, and Ctrl+Z restores it', async ({ page }) => {
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

test('an uncited claim gets a citation of the chunk that covers it, in the answer’s style', async ({ page }) => {
  const answer = 'Standard shipping takes 3-5 business days \\cite{1}. Items can be returned within 30 days for a full refund.';
  await open(page, SHOP, answer);
  const r = report(page);
  const uncited = 'No citation for the claim "Items can be returned';
  await expect(r).toContainText(uncited);
  await quickFix(page, /No citation for the claim "Items can be returned/, /Add citation \\cite\{2\} of chunk “2”/);
  await expect.poll(() => answerText(page)).toBe('Standard shipping takes 3-5 business days \\cite{1}. Items can be returned within 30 days for a full refund \\cite{2}.');
  await expect(r).not.toContainText(uncited);
  await expect(r.getByRole('listitem').filter({ hasText: 'Complete' }).first()).toContainText('Pass');
  await undo(page);
  await expect.poll(() => answerText(page)).toBe(answer);
  await expect(r).toContainText(uncited);
});

test('markers in another style are converted, this one or all of them', async ({ page }) => {
  const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].';
  await open(page, SHOP, answer);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Required citation style').selectOption('latex_cite');
  await page.keyboard.press('Escape');
  const r = report(page);
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

test('a number absent from the cited chunk is replaced by one of the chunk’s nearest figures', async ({ page }) => {
  const chunks = [{ id: '1', text: 'Revenue grew by 14 % in 2021 and by 9 % in 2022; the company employed 1,250 people.' }];
  const answer = 'Revenue grew by 12 % in 2021 [1].';
  await open(page, chunks, answer);
  const r = report(page);
  const absent = '"12 %" in';
  await expect(r).toContainText(absent);
  await quickFix(page, /"12 %" in/, /Use 14 % from chunk “1”/);
  await expect.poll(() => answerText(page)).toBe('Revenue grew by 14 % in 2021 [1].');
  await expect(r).not.toContainText(absent);
  await undo(page);
  await expect.poll(() => answerText(page)).toBe(answer);
  await expect(r).toContainText(absent);
});

test('a quote that is only similar is replaced with the chunk’s exact text, with its offsets', async ({ page }) => {
  const chunk = 'The pronghorn can sustain 55 km/h over several kilometres; it has an oversized windpipe.';
  const structured = { answer: 'Pronghorns have an oversized windpipe.', citations: [{ chunk_id: 'c1', start: 3, end: 20, quote: 'it has a oversized windpipe' }] };
  const text = JSON.stringify(structured, null, 2);
  await open(page, [{ id: 'c1', text: chunk }], text);
  const r = report(page);
  await expect(r).toContainText('is not verbatim in chunk "c1"');
  // The editor's own copy of the pasted JSON (its paste may re-indent lines).
  const before = await answerText(page);
  expect(JSON.parse(before)).toEqual(structured);
  await quickFix(page, /is not verbatim in chunk "c1"/, /Replace the quote with the exact text of chunk “c1”/);
  const at = chunk.indexOf('it has an oversized windpipe');
  await expect
    .poll(async () => JSON.parse(await answerText(page)).citations[0])
    .toEqual({ chunk_id: 'c1', start: at, end: at + 'it has an oversized windpipe'.length, quote: 'it has an oversized windpipe' });
  await expect(r).not.toContainText('is not verbatim');
  await undo(page);
  await expect.poll(() => answerText(page)).toBe(before);
  await expect(r).toContainText('is not verbatim in chunk "c1"');
});

test('the report’s “cite chunk N instead” is a one-click fix that Ctrl+Z undoes', async ({ page }) => {
  const answer = 'Items can be returned within 30 days for a full refund [3].';
  await open(page, SHOP, answer);
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

// Structured answers: the JSON in the Answer editor is what a fix edits, in place, and stays JSON.

test('a structured citation of a chunk id that is not there is pointed at the chunk holding its quote, in the editor and by the report’s Apply', async ({ page }) => {
  const structured = { answer: 'Items can be returned within 30 days for a full refund.', citations: [{ chunk_id: 'refunds-9', quote: 'items can be returned within 30 days' }] };
  await open(page, SHOP, JSON.stringify(structured, null, 2));
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

test('a number of a structured answer absent from its chunk is replaced inside the JSON string', async ({ page }) => {
  const chunks = [{ id: 'r', text: 'Revenue grew by 14 % in 2021 and by 9 % in 2022; the company employed 1,250 people.' }];
  const structured = { answer: 'Revenue grew by 12 % in 2021.', citations: [{ chunk_id: 'r' }] };
  await open(page, chunks, JSON.stringify(structured, null, 2));
  const r = report(page);
  const absent = '"12 %" in';
  await expect(r).toContainText(absent);
  const before = await answerText(page);
  await quickFix(page, /"12 %" in/, /Use 14 % from chunk “r”/);
  await expect.poll(async () => JSON.parse(await answerText(page)) as unknown).toEqual({ ...structured, answer: 'Revenue grew by 14 % in 2021.' });
  await expect(r).not.toContainText(absent);
  await undo(page);
  await expect.poll(() => answerText(page)).toBe(before);
  await expect(r).toContainText(absent);
});

test('inline markers of a structured answer in another style are converted inside the JSON string', async ({ page }) => {
  const structured = { answer: 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].', citations: [1, 2] };
  await open(page, SHOP, JSON.stringify(structured, null, 2));
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Required citation style').selectOption('latex_cite');
  await page.keyboard.press('Escape');
  const r = report(page);
  await expect(r.getByRole('listitem').filter({ hasText: 'Formatted' }).first()).toContainText('Fail');
  const before = await answerText(page);
  await quickFix(page, /\[1\] does not use the required/, /Convert all 2 markers to \\cite\{id\}/);
  await expect
    .poll(async () => (JSON.parse(await answerText(page)) as { answer: string }).answer)
    .toBe('Standard shipping takes 3-5 business days \\cite{1}. Items can be returned within 30 days for a full refund \\cite{2}.');
  await expect(r.getByRole('listitem').filter({ hasText: 'Formatted' }).first()).toContainText('Pass');
  await undo(page);
  await expect.poll(() => answerText(page)).toBe(before);
  await expect(r.getByRole('listitem').filter({ hasText: 'Formatted' }).first()).toContainText('Fail');
});

test('an uncited claim of a structured answer with Cohere spans gets one more span citing the chunk that covers it', async ({ page }) => {
  const answer = 'Standard shipping takes 3-5 business days. Items can be returned within 30 days for a full refund.';
  const structured = { text: answer, citations: [{ start: 0, end: 42, text: answer.slice(0, 42), document_ids: ['1'] }] };
  await open(page, SHOP, JSON.stringify(structured, null, 2));
  const r = report(page);
  const uncited = 'No citation for the claim "Items can be returned';
  await expect(r).toContainText(uncited);
  const before = await answerText(page);
  await quickFix(page, /No citation for the claim "Items can be returned/, /chunk “2”/);
  const claim = 'Items can be returned within 30 days for a full refund.';
  const at = answer.indexOf(claim);
  await expect
    .poll(async () => JSON.parse(await answerText(page)) as unknown)
    .toEqual({ ...structured, citations: [...structured.citations, { start: at, end: at + claim.length, text: claim, document_ids: ['2'] }] });
  await expect(r).not.toContainText(uncited);
  await undo(page);
  await expect.poll(() => answerText(page)).toBe(before);
  await expect(r).toContainText(uncited);
});
