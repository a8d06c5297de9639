// The workbench as a person uses it: open the page, paste or open a case, read the report,
// follow a finding to its span, switch language, reload. Elements are found by role and label.
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openCase, test } from './fixtures';
import { caseFilePath, draftInputs, editor, editorHost, paneHeader, pasteInto, readCase, readClipboard, report, snap, VERDICT, waitForEditors } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function open(page: Page): Promise<void> {
  await page.goto('./');
  await waitForEditors(page);
  await expect(report(page)).toHaveText(VERDICT);
}

test('opens with the built-in example audited, its verdict first in the report; one column on a phone; empty, it explains itself; Settings changes only the choice made', async ({ page }, testInfo) => {
  await page.goto('./');
  // The report is there even before the editors have loaded.
  await expect(report(page)).toHaveText(/^\s*FAIL\b/);
  await waitForEditors(page);
  await expect(editorHost(page, 'Answer')).toContainText('Air-source heat pumps');
  const r = report(page);
  await expect(r.getByRole('listitem').filter({ hasText: 'Complete' }).first()).toContainText('Fail');
  await expect(r.getByRole('listitem').filter({ hasText: 'Exists' }).first()).toContainText('Pass');
  // The relevance hint names the better chunk.
  await expect(r).toContainText('cite chunk 3 instead');
  // Markers in the answer: errors and warnings as squiggles.
  await expect(editorHost(page, 'Answer').locator('.squiggly-error').first()).toBeVisible();
  await expect(editorHost(page, 'Answer').locator('.squiggly-warning').first()).toBeVisible();
  // The detected formats and the marker → chunk mapping are shown.
  await expect(paneHeader(page, 'Answer')).toContainText('plain text with markers');
  await expect(paneHeader(page, 'Chunks')).toContainText('JSON array · 4 chunks');
  await expect(r).toContainText('[n] → the chunk whose id is n');
  await editorHost(page, 'Answer').locator('.ca-citation', { hasText: '[2]' }).first().hover();
  await expect(page.getByRole('region', { name: 'Cited source' }).locator('mark')).toContainText('moves heat from the outdoor air');
  await snap(page, testInfo, 'main-light');

  // On a phone-sized screen the layout becomes one column, with nothing to scroll sideways.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(async () => {
    const answer = await editor(page, 'Answer').boundingBox();
    const rep = await report(page).boundingBox();
    expect(answer && rep && rep.y > answer.y).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }).toPass({ timeout: 5_000 });
  await snap(page, testInfo, 'phone-light');
  await page.setViewportSize(desktop);

  // An empty workbench explains itself, and the inputs can come back.
  await page.getByRole('button', { name: 'Clear inputs' }).click();
  await expect(report(page)).toContainText('Nothing to audit yet');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await snap(page, testInfo, 'empty-light');

  // The Settings dialog shows each saved choice and changes the one chosen, and only that one (a
  // test of its own with a page load before the sixth pass of issue 30).
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('citation-auditor:settings') ?? '{}') as Record<string, string>);
  const style = dialog.getByRole('combobox', { name: 'Required citation style' });
  await expect(style).toHaveValue('auto');
  await style.selectOption('footnote');
  await expect.poll(stored).toMatchObject({ requiredStyle: 'footnote', language: 'auto', uiLanguage: 'en' });
  await dialog.getByRole('combobox', { name: 'A citation covers' }).selectOption({ index: 1 });
  await dialog.getByRole('combobox', { name: 'Answer and feedback language' }).selectOption('cs');
  await expect.poll(stored).toMatchObject({ requiredStyle: 'footnote', language: 'cs', uiLanguage: 'en' });
  await dialog.getByRole('combobox', { name: 'Interface language' }).selectOption('cs');
  // The page speaks Czech at once; the dialog keeps every choice made.
  const cs = page.getByRole('dialog', { name: 'Nastavení' });
  await expect(cs.getByRole('combobox', { name: 'Jazyk rozhraní' })).toHaveValue('cs');
  await expect(cs.getByRole('combobox', { name: 'Požadovaný styl citací' })).toHaveValue('footnote');
  await expect(cs.getByRole('combobox', { name: 'Jazyk odpovědi a zpětné vazby' })).toHaveValue('cs');
  const saved = await stored();
  expect(saved).toMatchObject({ requiredStyle: 'footnote', language: 'cs', uiLanguage: 'cs' });
  expect(saved.citationScope).not.toBe('sentence');
});

// One load for the ways a case comes in by hand (issue 30 part 1: three tests with a load each
// until the eighth pass, each on the built-in example and its editors; every check is here, a
// step each under its old name, in this order): every way a case file comes in (itself three
// tests with a load each before the sixth pass), a pasted real case (and the structured response
// pasted next), then broken JSON pasted over it. The console listener hears, from the page's first
// byte on, every violation of its own security policy (Chromium writes each as an error, "…
// violates the following Content Security Policy directive …"; an init script listening for
// 'securitypolicyviolation' said no more, and cost the next test a new tab).
test('a case file, a JSONL dataset and a dropped file open; the replaced draft comes back; the page breaks none of its own security policy; a pasted real case shows its markers, hover messages and report; a structured response pasted next is audited in place; broken JSON in Chunks gets a marker on its line, and nothing typed or pasted is lost, after a reload too', async ({ page }, testInfo) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text());
  });

  await open(page);
  const r = report(page);

  await test.step('a case file, a JSONL dataset and a dropped file open; the replaced draft comes back; the page breaks none of its own security policy', async () => {
    // A case file through the file input; Undo brings the replaced draft back.
    await page.getByLabel('Open case file').setInputFiles(caseFilePath('anthropic_cookbook_citations_plaintext_helpcenter.json'));
    await expect(editorHost(page, 'Query')).toContainText('where is my order tracking number');
    await expect(editorHost(page, 'Answer')).toContainText('Based on the documentation');
    await expect(paneHeader(page, 'Answer')).toContainText('+ Anthropic citation blocks');
    await expect(r).toHaveText(/^\s*FAIL/);
    await expect(r).toContainText('quote verified');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(editorHost(page, 'Answer')).toContainText('Air-source heat pumps');
    await expect(r).toContainText('cite chunk 3 instead');

    // A file dropped on the page.
    const text = JSON.stringify(readCase('footnote_markdown_docid_penicillin.json'));
    await page.evaluate((json) => {
      const dt = new DataTransfer();
      dt.items.add(new File([json], 'dropped.json', { type: 'application/json' }));
      const target = document.querySelector('main')!;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    }, text);
    await expect(editorHost(page, 'Query')).toContainText('Who discovered penicillin?');
    await expect(r).toContainText('[^x] → the chunk named in its definition line');
    // (The toast of the file opened before may still be on screen: find this one by its words.)
    await expect(page.getByRole('status').filter({ hasText: 'Opened dropped.json' })).toBeVisible();

    // A JSONL file of two cases, stepped through (its second case is the dropped one's: the first,
    // with [n] markers, must replace that report before the second can be told from it).
    const file = testInfo.outputPath('two-cases.jsonl');
    const a = readCase('alce_asqa_demo1.json');
    const b = readCase('footnote_markdown_docid_penicillin.json');
    writeFileSync(file, `${JSON.stringify(a)}\n${JSON.stringify(b)}\n`);
    await page.getByLabel('Open case file').setInputFiles(file);
    const bar = page.getByRole('group', { name: 'Line picker of the opened case file' });
    await expect(bar).toContainText('1 of 2');
    await expect(editorHost(page, 'Query')).toContainText('Which is the most rainy place on earth?');
    await expect(r).not.toContainText('[^x] →');
    await bar.getByRole('button', { name: 'Next line' }).click();
    await expect(bar).toContainText('2 of 2');
    await expect(editorHost(page, 'Query')).toContainText('Who discovered penicillin?');
    await expect(r).toContainText('[^x] → the chunk named in its definition line');

  });

  // Also "a structured response pasted into the Answer editor is audited in place" (a test of its
  // own with a page load before the sixth pass of issue 30): pasted next, over this case.
  await test.step('a pasted real case shows its markers, hover messages and report; a structured response pasted next is audited in place', async () => {
    const c = readCase('liu2023_bing_chat_14c103cafe.json');
    await pasteInto(page, 'Query', c.query);
    await pasteInto(page, 'Chunks', JSON.stringify(c.chunks, null, 2));
    await pasteInto(page, 'Answer', c.answer);

    // The report is this case's own (the step before left another case's) before it is read.
    const exists = r.getByRole('listitem').filter({ hasText: 'Exists' }).first();
    await expect(exists.getByRole('button', { name: /\[3\] cites chunk "3", which has no text/ })).toBeVisible();
    await expect(r).toHaveText(/^\s*FAIL/);
    await expect(exists).toContainText('Fail');
    await expect(exists.getByRole('button', { name: /\[3\] cites chunk "3", which has no text/ })).toBeVisible();
    await expect(r.getByRole('listitem').filter({ hasText: 'Complete' }).first()).toContainText('Fail');
    // The closing question is exempt, and the report says by which rule.
    await expect(r).toContainText(/Exempt \(a question\)/);

    // Three citations point to chunks without text: three red squiggles in the answer.
    const answer = editorHost(page, 'Answer');
    await expect(answer.locator('.squiggly-error')).not.toHaveCount(0);
    await answer.locator('.ca-citation', { hasText: '[3]' }).first().hover();
    await expect(page.locator('.monaco-hover').filter({ hasText: 'which has no text' }).first()).toBeVisible();

    // Clicking the finding selects its span in the Answer editor.
    await exists.getByRole('button', { name: /\[3\] cites chunk "3"/ }).click();
    await expect(editor(page, 'Answer')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+c');
    expect(await readClipboard(page)).toBe('[3]');
    await snap(page, testInfo, 'pasted-case-light');

    // A structured response (JSON with offset citations) pasted into the Answer editor.
    const structuredAnswer = 'Caffeine late in the day shortens sleep. Doctors advise no coffee after noon.';
    const chunkText = 'Caffeine taken six hours before bed reduced total sleep time by more than an hour.';
    await pasteInto(page, 'Chunks', JSON.stringify([{ id: 'c1', text: chunkText }], null, 2));
    const structured = {
      answer: structuredAnswer,
      citations: [
        { chunk_id: 'c1', start: 0, end: 40, quote: 'reduced total sleep time by more than an hour' },
        { chunk_id: 'c1', start: 0, end: 30, quote: 'no coffee after noon, said the doctors' },
      ],
    };
    await pasteInto(page, 'Answer', JSON.stringify(structured, null, 2));
    await expect(paneHeader(page, 'Answer')).toContainText('offset citations');
    await expect(r).toContainText('quote not in source');
    // A finding about the answer text selects that text inside the JSON string.
    const claim = r.getByRole('button', { name: /Doctors advise no coffee after noon/ }).first();
    await claim.click();
    await page.keyboard.press('ControlOrMeta+c');
    expect(await readClipboard(page)).toContain('Doctors advise no coffee after noon.');
  });

  // Also "a typed draft survives a reload" (a test of its own with a load and a reload before the
  // sixth pass of issue 30): the Query typed here comes back with the pasted Chunks.
  await test.step('broken JSON in Chunks gets a marker on its line, and nothing typed or pasted is lost, after a reload too', async () => {
    const chunks = [
      { id: 'a', text: 'First chunk.' },
      { id: 'b', text: 'Second chunk.' },
    ];
    const lines = JSON.stringify(chunks, null, 2).split('\n');
    // Drop the comma after "id": "b" — the parser stops at the next property, on line 8.
    const broken = lines.map((l, i) => (i === 6 ? l.replace(/,$/, '') : l)).join('\n');
    expect(broken.split('\n')[7]).toContain('"text": "Second chunk."');
    await pasteInto(page, 'Chunks', broken);

    const host = editorHost(page, 'Chunks');
    const squiggle = host.locator('.squiggly-error').first();
    await expect(squiggle).toBeVisible();
    // Decorations are re-rendered as diagnostics settle, so read the line until it is stable.
    await expect.poll(async () => lineNumberAt(page, 'Chunks', squiggle).catch(() => -1)).toBe(8);
    // The report still runs on the rest and says the chunks could not be read.
    await expect(page.getByText(/^1 ✕$/).first()).toBeVisible();
    // Without readable chunks nothing is said to be missing: no "does not exist", no 0 %, no "no chunks".
    await expect(r.getByText('not checked (chunks unreadable)').first()).toBeVisible();
    await expect(r.getByText('does not exist')).toHaveCount(0);
    await expect(r.locator('.score').filter({ hasText: 'Citations that resolve' }).locator('dd')).toHaveText('—');
    await expect(r).not.toContainText('There are no chunks');

    // Everything pasted is still there: copy it back out of the editor.
    await editor(page, 'Chunks').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('ControlOrMeta+c');
    // (The system clipboard turns line breaks into CRLF.)
    expect((await readClipboard(page)).replace(/\r\n/g, '\n')).toBe(broken);
    await snap(page, testInfo, 'broken-json-light');

    // A question typed into the Query editor.
    await editor(page, 'Query').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Do heat pumps work at -30 °C?');
    await expect(page.getByText(/^Draft saved$/)).toBeVisible();
    // The tab's draft holds both before the reload (not only the paste saved before the typing).
    await expect.poll(async () => (await draftInputs(page))?.query).toBe('Do heat pumps work at -30 °C?');

    // ...and everything is still there after a reload.
    await page.reload();
    await waitForEditors(page);
    await expect(editorHost(page, 'Chunks')).toContainText('"Second chunk."');
    await expect(editorHost(page, 'Chunks').locator('.squiggly-error').first()).toBeVisible();
    await expect(editorHost(page, 'Query')).toContainText('Do heat pumps work at -30 °C?');
    // The restored draft is audited again, not replaced by the example (whose chunks are readable):
    // its Answer is the structured response the step before pasted.
    await expect(editorHost(page, 'Answer')).toContainText('Doctors advise no coffee');
    await expect(report(page).getByText('not checked (chunks unreadable)').first()).toBeVisible();
  });

  // Over the whole test: no violation of the page's own security policy.
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').evaluateAll((els) => els.map((e) => e.getAttribute('content')));
  expect(meta.some((c) => c?.includes("script-src 'self'"))).toBe(true);
  expect(violations).toEqual([]);
});

// Also the citation-scope test (a test of its own with a load and a reload before the sixth pass
// of issue 30): one reload shows both settings kept. What the scope computes, and that a new
// workbench reads it back from storage: src/state/workbench/workbench.test.ts.
test('citation scope: a paragraph-closing citation covers the paragraph once the setting says so; the interface switches to Czech; both stay after a reload', async ({ page }, testInfo) => {
  // Opened by a link (pasting is not what this test is about).
  await openCase(page, {
    query: 'Tell me about Brno.',
    answer: 'Brno is the second largest Czech city. It is the seat of the Constitutional Court [1].',
    chunks: [{ id: '1', text: 'Brno, the second largest Czech city, is the seat of the Constitutional Court.' }],
  });
  const r = report(page);
  const complete = r.getByRole('listitem').filter({ hasText: 'Complete' }).first();
  await expect(complete).toContainText('Fail');
  await expect(r).toContainText('No citation for the claim "Brno is the second largest Czech city."');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('A citation covers').selectOption('paragraph');
  await page.keyboard.press('Escape');
  await expect(complete).toContainText('Pass');
  await expect(r).toContainText('Credited by the citation closing its paragraph');
  await expect(r).toContainText('its paragraph (the final marker covers the paragraph)');

  // The interface in Czech.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Interface language').selectOption('cs');
  await expect(page.getByRole('heading', { name: 'Auditor citací' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Nastavení' })).toBeVisible();
  await snap(page, testInfo, 'settings-czech-light');
  // A required style re-audits at once: the [n] markers now break FORMATTED.
  await page.getByRole('dialog', { name: 'Nastavení' }).getByLabel('Požadovaný styl citací').selectOption('latex_cite');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const cs = page.getByRole('region', { name: 'Zpráva (Report)' });
  await expect(cs.getByRole('listitem').filter({ hasText: 'Formát' }).first()).toContainText('Neprošlo');
  // One language at a time: the findings of this English case are worded in the interface's Czech.
  await expect(cs).toContainText('nepoužívá požadovaný styl \\cite{…}');
  await expect(cs).not.toContainText('does not use the required');
  await expect(cs).toContainText('Úplnost');
  await expect(cs).toContainText('Doporučení');
  // The settings are kept, like the case (it comes back from the tab's draft).
  await expect.poll(async () => (await draftInputs(page))?.query).toBe('Tell me about Brno.');
  await page.reload();
  await waitForEditors(page);
  await expect(page.getByRole('heading', { name: 'Auditor citací' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  // The names people and tests find things by still contain the English ones.
  await expect(report(page)).toHaveText(/^\s*FAIL/);
  await expect(report(page).getByRole('listitem').filter({ hasText: 'Úplnost' }).first()).toContainText('Prošlo');
  await expect(report(page).getByRole('listitem').filter({ hasText: 'Úplnost' }).first()).not.toContainText('Neprošlo');
  await expect(report(page).getByRole('listitem').filter({ hasText: 'Formát' }).first()).toContainText('Neprošlo');
  await expect(page.getByRole('textbox', { name: 'Odpověď (Answer)' })).toBeVisible();
  await page.getByRole('button', { name: 'Příklady' }).click();
  await page.getByRole('button', { name: /Inflace — značky \[n\]/ }).click();
  await expect(report(page)).toContainText('Lokální kontroly selhaly');
  await snap(page, testInfo, 'czech-light');
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the system in the page and the editors; a whole audit from the keyboard alone; a large input is audited in a worker and the report still follows the text', async ({ page }, testInfo) => {
    // Two languages and a resize on top of a large audit, after a whole audit: more than the default budget on a busy machine.
    test.slow();
    await open(page);
    await expect(page.locator('.monaco-editor.vs-dark').first()).toBeVisible();
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(17, 19, 22)');
    await editorHost(page, 'Answer').locator('.ca-citation', { hasText: '[1]' }).first().hover();
    await expect(page.getByRole('region', { name: 'Cited source' })).toContainText('Cold-climate heat pump field study');
    await snap(page, testInfo, 'main-dark');
    // The pointer away (a hover moves no focus: the first Tab below starts from the page's top).
    await page.mouse.move(0, 0);

    // A whole audit from the keyboard alone (a test of its own with a page load before the sixth
    // pass of issue 30; here in the dark theme, which it does not depend on).
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to report' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Examples' })).toBeFocused();
    await page.keyboard.press('Enter');
    const first = page.getByRole('button', { name: /Heat pumps/ });
    await expect(first).toBeFocused();
    // Down to the library example (third in the menu) and open it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: /Library hours/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const r = report(page);
    await expect(r).toContainText('[doc4] cites "doc4", which is not among the chunks.');

    // Alt+2 goes to the answer; add a sentence and re-run at once with Ctrl+Enter.
    await page.keyboard.press('Alt+2');
    await expect(editor(page, 'Answer')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' The reading room has 120 seats.');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(r).toContainText('No citation for the claim "The reading room has 120 seats."');

    // Tab leaves the editor instead of inserting a tab.
    await page.keyboard.press('Tab');
    await expect(editor(page, 'Answer')).not.toBeFocused();

    // Alt+5 goes to the report; Tab reaches the first finding; Enter selects its span.
    await page.keyboard.press('Alt+5');
    await expect(r).toBeFocused();
    await page.keyboard.press('Tab');
    const finding = r.getByRole('button', { name: /\[doc4\] cites "doc4"/ });
    await expect(finding).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor(page, 'Answer')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+c');
    expect(await readClipboard(page)).toBe('[doc4]');
    await expect(page.getByRole('region', { name: 'Cited source' })).toContainText('No chunk resolves “doc4”');

    // "?" lists the shortcuts; Escape closes the list.
    await page.keyboard.press('Alt+5');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Ctrl+Enter');
    // Every shortcut, the Annotate view's keys too (docs/usage.md: "? lists every shortcut").
    await expect(help).toContainText('Annotate: label the pair');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.getByLabel('Open case file').setInputFiles(caseFilePath('sujbot2_cs_cite_eval_v2_q1.json'));
    // A Czech case under the English interface: the report speaks English and says its feedback is Czech.
    await expect(report(page)).toContainText('Local checks fail on');
    await expect(report(page)).toContainText('Feedback in Czech');
    await snap(page, testInfo, 'czech-case-dark');

    await page.getByRole('button', { name: 'Clear inputs' }).click();
    await expect(report(page)).toContainText('Nothing to audit yet');
    await snap(page, testInfo, 'empty-dark');

    // A test of its own, with a load, until the ninth pass of issue 30 (in the light theme, which
    // it does not depend on).
    await test.step('a large input is audited in a worker and the report still follows the text', async () => {
      const chunks = Array.from({ length: 40 }, (_, i) => ({
        id: String(i + 1),
        text: `Station ${i + 1} recorded ${100 + i} millimetres of rain in March. `.repeat(8),
      }));
      const answer = Array.from({ length: 120 }, (_, i) => `Station ${(i % 40) + 1} recorded ${100 + (i % 40)} millimetres of rain in March [${(i % 40) + 1}].`).join(' ');
      // The case opened in one step, as a case file (too large for a link); until the seventh pass of
      // issue 30 the test waited for the example's audit and the editors, then pasted both (pasting is
      // "a pasted real case"'s subject). Since the ninth pass it comes after the keyboard's audit, on
      // that page: its own finding ([99]) first, so the status read next is this case's.
      const file = { query: 'How much rain fell in March?', answer: `${answer} Station 7 also reported snow [99].`, chunks };
      await page.getByLabel('Open case file').setInputFiles({ name: 'stations.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
      await expect(report(page)).toContainText('[99] cites "99"');
      await expect(page.getByText(/Checked locally in .* ms \(worker\)/)).toBeVisible();
      // At 1440 px the header stays one row with "(worker)" in its status (it wrapped to a second row).
      await page.setViewportSize({ width: 1440, height: 900 });
      const header = page.getByRole('banner');
      const rowOf = async (name: string) => (await header.locator(name).boundingBox())!;
      const oneRow = () =>
        expect(async () => {
          const [tools, status] = [await rowOf('nav.tools'), await rowOf('p.status')];
          expect(Math.abs(tools.y + tools.height / 2 - (status.y + status.height / 2)), `tools ${JSON.stringify(tools)} status ${JSON.stringify(status)}`).toBeLessThan(4);
        }).toPass({ timeout: 5_000 });
      await oneRow();
      // Czech has the longer words on both sides ("(na pozadí)").
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Interface language').selectOption('cs');
      await page.keyboard.press('Escape');
      await expect(header.getByText(/Zkontrolováno lokálně za .* ms \(na pozadí\)/)).toBeVisible();
      await oneRow();
    });
  });
});

/** The line number shown in the gutter at the height of `target` inside the named editor. */
async function lineNumberAt(page: Page, name: string, target: ReturnType<Page['locator']>): Promise<number> {
  const box = await target.boundingBox();
  if (!box) throw new Error('marker not rendered');
  const host = editorHost(page, name as 'Chunks');
  const numbers = host.locator('.line-numbers');
  const count = await numbers.count();
  for (let i = 0; i < count; i++) {
    const n = numbers.nth(i);
    const b = await n.boundingBox();
    const text = (await n.textContent())?.trim();
    if (b && text && box.y + box.height / 2 >= b.y && box.y + box.height / 2 < b.y + b.height) return Number(text);
  }
  throw new Error('no line number at the marker');
}
