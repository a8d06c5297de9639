// Typing in a large answer (audited in the worker): each reply leaves out what the previous one
// already carried and the page puts its own copy back, so the report after each edit must be the
// report of the new text, neither the old one nor a mix (workerProtocol.ts, keepUnchanged).
import { expect, test } from './fixtures';
import { editor, pasteInto, report, waitForEditors } from './helpers';

test.setTimeout(180_000);
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const CHUNKS = JSON.stringify([
  { id: 'a', text: 'The bridge opened in 1932 and is 503 metres long.' },
  { id: 'b', text: 'It carries eight lanes of traffic across the river.' },
]);

// 60 cited sentences, each with a length chunk a does not give (60 findings, all of them shown):
// over the worker's 20,000 characters.
const FILLER = 'as the survey of the river crossing and its approaches recorded in the report';
const sentence = (i: number) => `The bridge is ${600 + i} metres long ${FILLER}, ${FILLER}, ${FILLER}, ${FILLER} [a].`;
const ANSWER = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
/** The report's finding on a length absent from the chunk. */
const absent = (n: number) => `"${n}" in`;

test('a large answer: after typing at its end and editing its middle, the report is the new text’s', async ({ page }) => {
  expect(ANSWER.length).toBeGreaterThan(20_000);
  // The case opened in one step, as a case file (two pastes after the example's audit until the
  // seventh pass of issue 30); typing and the edit below are the test's subject.
  await page.goto('./');
  const file = { query: 'How long is the bridge?', answer: ANSWER, chunks: JSON.parse(CHUNKS) as unknown };
  await page.getByLabel('Open case file').setInputFiles({ name: 'bridge.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await waitForEditors(page);
  const r = report(page);
  await expect(r).toContainText(absent(612), { timeout: 60_000 });
  await expect(r).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });

  // Typed at the end: one more sentence, one more finding, the others as they were.
  await editor(page, 'Answer').focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' The bridge is 999 metres long [a].');
  await expect(r).toContainText(absent(999), { timeout: 60_000 });
  await expect(r).toContainText(absent(612));
  await expect(r).toContainText(absent(659));

  // An edit in the middle: that sentence's finding goes, the later ones stay.
  const edited = `${ANSWER.replace('612 metres', '503 metres')} The bridge is 999 metres long [a].`;
  await pasteInto(page, 'Answer', edited);
  await expect(r).not.toContainText(absent(612), { timeout: 60_000 });
  await expect(r).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(r).toContainText(absent(611));
  await expect(r).toContainText(absent(613));
  await expect(r).toContainText(absent(999));
});
