// The model audit in the built app, against the local fake Messages API (tests/server): enter a
// key, count tokens, run and watch claims arrive, the verdicts kept over a reload, cancel, the
// 401 / 529 messages, retries, and each claim judged twice (stability).
// Which status and message makes which error (an organisation that blocks browser access among
// them) and how each is worded: src/model/client.test.ts, tests/unit/model-run.test.ts.
import type { Locator, Page } from '@playwright/test';
import type { Step } from '../server/fake-anthropic';
import { expect, test } from './fixtures';
import { caseFilePath, VERDICT, waitForEditors } from './helpers';

// The waits before each try again are skipped with the fake clock (tests/e2e/README.md).
test.use({ fakeClock: true });

const KEY = `sk-ant-${'api03-E2E-KEY-0000111122223333'}`;

/** stability's case (two claims, each citing its own chunk). */
const STABILITY_CASE = {
  query: 'When was the Eiffel Tower built and how tall is it?',
  answer: 'The Eiffel Tower was built between 1887 and 1889 for the World Fair [c1]. The tower is 330 metres tall [c2].',
  chunks: [
    { id: 'c1', text: 'The Eiffel Tower was built between 1887 and 1889 as the entrance arch to the 1889 World Fair in Paris.' },
    { id: 'c2', text: 'The tower is 330 metres tall and was the tallest man-made structure in the world for 41 years.' },
  ],
};

async function enterKey(page: Page, key = KEY): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Anthropic API key').fill(key);
  await expect(dialog.getByText(/kept in memory for this tab only/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

function bar(page: Page) {
  return page.getByRole('group', { name: 'Model audit' });
}

/** Moves the page's clock past each wait before a try again, until `done` shows. */
async function skipRetryWaits(page: Page, done: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(2_500);
    await expect(done).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Report' })).toContainText(/FAIL|PASS|INCOMPLETE/);
}

/** Opens a built-in example and waits until the report is its own (`own`: a claim only it has). */
async function openExample(page: Page, title: RegExp, own: string): Promise<void> {
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('list', { name: 'Built-in examples' }).getByRole('button', { name: title }).click();
  const report = page.getByRole('region', { name: 'Report' });
  await expect(report).toContainText(own);
  await expect(report).toHaveAttribute('aria-busy', 'false');
  await expect(bar(page).getByRole('button', { name: /Run model audit/ })).toBeEnabled();
}

// The whole spec is one test, one page load (issue 30 part 1, eighth pass; five tests and
// stability.spec's one, each with a load, before it). Each step that needs a case no model has
// judged opens another built-in example from the Examples menu and waits for that example's own
// report first, so the judged claims a step leaves behind never reach the next one:
// - the rejected key, on the example the page opens with (heat pumps), ends on Day hike;
// - the first test's two steps (key, count, run; a reload keeps the verdicts) judge Day hike;
// - the language step on Bee dance, whose History check counts the audits of its own query;
// - the failure steps (cut on heat pumps, which the rejected key left unjudged; reset on Sunlight;
//   529 on the Eiffel Tower; CORS on Library hours; cancel and 529 twice on the Sistine Chapel);
// - stability.spec's repeated judgements, on a case of its own from the file input;
// - "Remember on this device" and the Base URL last: its reload leaves the page on a proxy it
//   cannot reach.
test('the model audit, one page load: a rejected key; enter a key, count tokens, run, a reload keeps the verdicts; a language change; four failures and a cancel; judged twice, the unstable claim; remember and forget the key, the Base URL; the Undo toast of an opened case file', async ({ page, anthropic: server }) => {
  test.setTimeout(180_000); // seven tests' worth
  await openApp(page);
  // The page may connect only to itself and the configured API (the first test's check).
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"][data-connect-policy]').getAttribute('content');
  expect(policy).toBe(`connect-src 'self' ${server.url}`);
  await expect(bar(page).getByText(/Enter an Anthropic API key/)).toBeVisible();

  await test.step('a rejected key is said in one element; another example opens at its verdict, without the previous case’s model error', async () => {
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 640 });
    await enterKey(page, ['sk', 'ant', 'invalid-000'].join('-'));
    // One error, one place (trust.spec's test of its own until the sixth pass of issue 30): a
    // rejected key, after counting tokens and running, is said in one element only.
    await bar(page).getByRole('button', { name: 'Count tokens' }).click();
    await expect(bar(page).getByRole('alert')).toContainText('The API key was not accepted (401).');
    await bar(page).getByRole('button', { name: /Run model audit/ }).click();
    // A rejected key gets the 401 message and what to do about it.
    await expect(bar(page).getByRole('alert')).toContainText('The API key was not accepted (401).');
    await expect(bar(page).getByRole('alert')).toContainText('Check the key for typos');
    await expect(bar(page).getByRole('alert')).toHaveCount(1);
    await expect(bar(page).getByText('The API key was not accepted (401).')).toHaveCount(1);
    // Nowhere else on screen either (no toast, no second card; the closed Settings dialog is not on screen).
    await expect(page.getByText('The API key was not accepted (401).').filter({ visible: true })).toHaveCount(1);
    // Counting again after the failed run: still one element (the newer word).
    await bar(page).getByRole('button', { name: 'Count tokens' }).click();
    await expect(bar(page).getByRole('alert')).toHaveCount(1);
    await expect(bar(page).getByRole('alert')).toContainText('The API key was not accepted (401).');
    const scroller = page.locator('.report-scroll');
    // Scrolled down to the end of this report.
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Examples' }).click();
    await page.getByRole('button', { name: /Day hike/ }).click();
    await expect(page.getByRole('region', { name: 'Report' })).toContainText('two litres of water');
    await expect(page.locator('.verdict-word')).toBeInViewport();
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
    await expect(bar(page).getByRole('alert')).toHaveCount(0);
    if (viewport) await page.setViewportSize(viewport);
  });

  await test.step('enter a key, count tokens, run, and see the judged claims stream into the report; a reload keeps the verdicts, and the model’s recommendations are its words', async () => {
    await test.step('enter a key, count tokens, run, and see the judged claims stream into the report', async () => {
      // On Day hike, which the step before opened (no model has judged it); the requests of the
      // rejected key are not this step's.
      server.reset();
      await enterKey(page);

      await bar(page).getByRole('button', { name: 'Count tokens' }).click();
      await expect(bar(page).getByTestId('model-estimate')).toContainText(/input tokens in 1 request/);
      await expect(bar(page).getByTestId('model-estimate')).toContainText('$');
      expect(server.calls('/v1/messages/count_tokens')).toHaveLength(1);

      // The model's recommendations: one "ok" and one blank, which are not shown, and one of its words
      // (for the step after).
      server.script({ kind: 'judge', delayMs: 100, recommendations: ['ok', '  ', 'Cite the page that gives the height.'] } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      const status = bar(page).getByRole('status');
      const report = page.getByRole('region', { name: 'Report' });
      // Claims arrive one at a time while the reply streams, and show up in the report at once.
      await expect(status).toContainText(/Judging claims…\s*1 of (\d+) claims judged/);
      await expect(report.getByText(/fully supported|partially supported|not supported/).first()).toBeVisible();
      await expect(status).toContainText(/Model audit done: \d+ claims judged by claude-sonnet-5-5/, { timeout: 25_000 });
      await expect(report).toContainText(/FAIL|PASS|INCOMPLETE/);

      // The key went out only in the auth header, never in a URL or body.
      for (const r of server.requests().filter((x) => x.method !== 'OPTIONS')) {
        expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
        expect(r.rawBody + r.path + JSON.stringify(r.query)).not.toContain(KEY);
      }
      // …and it was not written to storage or the address bar.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain(KEY);
      expect(page.url()).not.toContain(KEY);
    });

    // The model's verdicts survive a reload, and its recommendations are shown as its words (issue
    // 31, items 9 and 11). verdicts-kept.spec's one test until the seventh pass of issue 30.
    await test.step('a reload keeps the verdicts; the model’s recommendations are its words, without "ok"', async () => {
      const report = page.getByRole('region', { name: 'Report' });
      const ours = page.locator('section[aria-labelledby="recs-h"] > ul.recs > li');
      const theirs = page.getByTestId('model-recommendations');
      const judged = report.getByText(/fully supported|partially supported|not supported/).first();
      expect(server.calls('/v1/messages').length).toBeGreaterThan(0);
      await expect(theirs).toContainText('The model’s own recommendations');
      await expect(theirs.getByRole('listitem')).toHaveText(['Cite the page that gives the height.']);
      expect(await ours.allTextContents()).not.toContain('ok');
      expect((await ours.allTextContents()).join('\n')).not.toContain('Cite the page that gives the height.');
      await expect(judged).toBeVisible();
      const verdict = (await report.textContent())?.trim().split(/\s/)[0];

      // Reload: the key was in memory only and is gone; the verdicts it paid for are not.
      await page.reload();
      await expect(report).toHaveText(VERDICT);
      await expect(theirs.getByRole('listitem')).toHaveText(['Cite the page that gives the height.']);
      await expect(judged).toBeVisible();
      expect((await report.textContent())?.trim().split(/\s/)[0]).toBe(verdict);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toContain(KEY);
      await expect(report).toContainText('two litres of water');
    });
  });

  await enterKey(page); // the reload forgot it

  // Before the failure steps: the first `page.clock.runFor` (theirs) leaves the page's timers to
  // the test, and this step's History needs the autosave's own wait to pass by itself.
  await test.step('a language change keeps the model’s verdicts: the interface re-words them, the feedback language asks first', async () => {
    // Bee dance: no step before opened it, so its History rows are this step's own.
    await openExample(page, /Bee dance/, 'Karl von Frisch');
    server.reset();
    server.script({ kind: 'judge' } satisfies Step);
    await bar(page).getByRole('button', { name: /Run model audit/ }).click();
    await expect(bar(page).getByRole('status')).toContainText(/Model audit done/, { timeout: 25_000 });
    // Located by CSS: the report sits behind the modal Settings dialog, out of the accessibility tree.
    const checked = page.locator('dt', { hasText: /Checked with a model|Zkontrolováno modelem|Checked locally|Zkontrolováno lokálně/ });
    await expect(checked).toHaveText('Checked with a model');
    const verdict = await page.locator('.verdict-word').innerText();

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Interface language').selectOption('cs');
    // Re-worded, not audited again: still the model's report and its verdict.
    await expect(checked).toHaveText('Zkontrolováno modelem');
    await expect(page.locator('.verdict-word')).toHaveText(verdict);

    const feedback = dialog.getByLabel('Jazyk odpovědi a zpětné vazby');
    await feedback.selectOption('en');
    const ask = dialog.getByTestId('drop-verdicts');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Ponechat verdikty modelu' }).click();
    await expect(ask).toBeHidden();
    await expect(feedback).toHaveValue('auto');
    await expect(checked).toHaveText('Zkontrolováno modelem');

    await feedback.selectOption('en');
    await ask.getByRole('button', { name: 'Zkontrolovat znovu lokálně' }).click();
    await expect(feedback).toHaveValue('en');
    await expect(checked).toHaveText('Zkontrolováno lokálně');
    await page.keyboard.press('Escape');

    // The judged audit is still in History beside the local one, not overwritten by it: two rows
    // of this case's query (the steps before saved rows of other examples).
    await page.getByRole('button', { name: 'Historie', exact: true }).click();
    const history = page.getByRole('dialog');
    const list = history.getByRole('listitem').filter({ hasText: 'Why do honey bees dance?' });
    await expect(list).toHaveCount(2);
    await expect(list.filter({ hasText: 'claude-sonnet-5-5' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    // Back to English for the step after.
    await page.getByRole('button', { name: 'Nastavení' }).click();
    await page.getByRole('dialog').getByLabel('Jazyk rozhraní').selectOption('en');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  // The failure steps (a test of their own, with a load, until this pass; each step was a test
  // until the sixth pass, the cancel / 529-twice one until the seventh).
  await test.step('the model audit fails in four ways (cut, reset, 529, CORS), and what was judged stays; a cancelled run, then 529 twice and a reply', async () => {
    await test.step('a connection cut mid-reply: the judged claims stay, the message says how far it got, and the rest is judged alone', async () => {
      // The example the page opened with (heat pumps): only the rejected key ran on it.
      await openExample(page, /Heat pumps/, 'seasonal COP still averaged 3.1');
      server.reset();
      server.script({ kind: 'judge', cutAfterClaims: 2, delayMs: 20 } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      const alert = bar(page).getByRole('alert');
      // A browser may drop the last bytes that came with the break: at least the first claim is there.
      await expect(alert).toContainText(/The connection was cut after [12] of (\d+) claims were judged\./, { timeout: 20_000 });
      const [, judgedText, totalText] = /after (\d+) of (\d+)/.exec(await alert.innerText())!;
      const judged = Number(judgedText);
      const total = Number(totalText);
      await expect(alert).toContainText(judged === 1 ? '1 claim judged before this stays in the report.' : `${judged} claims judged before this stay in the report.`);
      await expect(alert).not.toContainText(/CORS|reload/);
      // Not retried: the judged claims are in the report, not thrown away by a second attempt.
      expect(server.calls('/v1/messages')).toHaveLength(1);
      const report = page.getByRole('region', { name: 'Report' });
      await expect(report.getByText(/fully supported|partially supported|not supported/).first()).toBeVisible();

      const rest = total - judged;
      await bar(page).getByRole('button', { name: `Judge the remaining ${rest} claim${rest === 1 ? '' : 's'}` }).click();
      await expect(bar(page).getByRole('status')).toContainText(`Model audit done: ${total} claims judged`, { timeout: 20_000 });
      await expect(bar(page).getByRole('alert')).toHaveCount(0);
      const calls = server.calls('/v1/messages');
      expect(calls).toHaveLength(2);
      // The second request asks only for the claims the first did not judge.
      const task = JSON.stringify((calls[1]!.body as { messages: unknown }).messages);
      const first = JSON.stringify((calls[0]!.body as { messages: unknown }).messages);
      // Each claim asked for carries its cited_chunk_ids (the prompt names the field too).
      const asked = (body: string) => body.split('cited_chunk_ids').length - 1;
      expect(asked(first) - asked(task)).toBe(judged);
    });

    await test.step('a connection reset after the server answered earlier in the run is a cut, not "Could not reach"', async () => {
      // Sunlight: its chunk "1" is the one the first turn looks up.
      await openExample(page, /Sunlight/, 'about 8 minutes and 20 seconds');
      server.reset();
      // The first turn is answered (a chunk lookup); every try of the next one is reset in the
      // burst that carries its reply, so the browser's fetch fails without a byte (issue 23, item 3).
      // Chromium itself sends a request again when a reused connection is reset: more resets than tries.
      const reset = { kind: 'judge', cutAfterClaims: 2, cutMode: 'reset' } satisfies Step;
      server.script({ kind: 'tool_use', chunkId: '1' } satisfies Step, ...Array.from({ length: 8 }, () => reset));
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      const status = bar(page).getByRole('status');
      await expect(status).toContainText(/Connection cut — trying again \(2 of 3\)/, { timeout: 20_000 });
      const alert = bar(page).getByRole('alert');
      await skipRetryWaits(page, alert);
      await expect(alert).toContainText(/The connection was cut after 0 of (\d+) claims were judged\./, { timeout: 20_000 });
      await expect(alert).not.toContainText(/Could not reach|CORS|reload/);
      // Nothing was judged, so the offer is the run itself, which succeeds once the server answers.
      server.reset();
      const total = Number(/of (\d+) claims/.exec(await alert.innerText())![1]);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      await expect(status).toContainText(`Model audit done: ${total} claims judged`, { timeout: 20_000 });
    });

    await test.step('529 overloaded mid-stream: a message, and the claims judged so far stay in the report', async () => {
      await openExample(page, /Eiffel Tower/, '330 metres tall');
      server.reset();
      server.script({ kind: 'judge', errorAfterClaims: 1, errorType: 'overloaded_error', delayMs: 10 } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      const alert = bar(page).getByRole('alert');
      await expect(alert).toContainText('The API is overloaded right now (529).');
      await expect(alert).toContainText('1 claim judged before this stays in the report.');
      await expect(page.getByRole('region', { name: 'Report' }).getByText(/fully supported|partially supported|not supported/).first()).toBeVisible();
    });

    await test.step('a server that refuses browser (CORS) access: fetch fails, and the message says what to check; once it answers, a reply cut into 5-byte slices (inside UTF-8 characters), with CRLF, comments and pings, is read in the browser', async () => {
      await openExample(page, /Library hours/, '[doc4] cites "doc4", which is not among the chunks.');
      server.reset();
      server.script({ kind: 'no_cors' }, { kind: 'no_cors' }, { kind: 'no_cors' } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      const alert = bar(page).getByRole('alert');
      await skipRetryWaits(page, alert);
      await expect(alert).toContainText(`Could not reach ${new URL(server.url).host}.`);
      await expect(alert).toContainText('a proxy must allow browser (CORS) requests');
      await expect(alert).not.toContainText(KEY);

      server.reset();
      server.script({ kind: 'judge', wire: { chunkBytes: 5, crlf: true, comments: true, noMessageStop: true } } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      await expect(bar(page).getByRole('status')).toContainText(/Model audit done: \d+ claims judged by claude-sonnet-5-5/, { timeout: 25_000 });
      await expect(alert).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Report' }).getByText(/fully supported|partially supported|not supported/).first()).toBeVisible();
      expect(server.calls('/v1/messages')).toHaveLength(1);
    });

    await test.step('cancel stops a running audit; run again, 529 twice, then a reply: the bar says it is trying again and why, then the run completes', async () => {
      // A test of its own with a load until the seventh pass of issue 30.
      await openExample(page, /Sistine Chapel/, 'Michelangelo painted the ceiling');
      server.reset();
      server.script({ kind: 'judge', delayMs: 400 } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      await expect(bar(page).getByRole('status')).toContainText(/Judging claims|Sending the request/);
      await bar(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(bar(page).getByRole('alert')).toContainText('The model audit was cancelled.');
      await expect(bar(page).getByRole('button', { name: /Run model audit/ })).toBeEnabled();

      server.reset();
      // The third try is held a moment, so that "trying again (3 of 3)" is on screen while it waits.
      server.script({ kind: 'error', preset: 'overloaded' }, { kind: 'error', preset: 'overloaded' }, { kind: 'judge', holdMs: 1500, delayMs: 20 } satisfies Step);
      await bar(page).getByRole('button', { name: /Run model audit/ }).click();
      const status = bar(page).getByRole('status');
      await expect(status).toContainText(/API overloaded \(529\) — trying again \(2 of 3\)( in \d+ s)?…/);
      await page.clock.runFor(1_000); // the server's retry-after
      await expect(status).toContainText(/API overloaded \(529\) — trying again \(3 of 3\)( in \d+ s)?…/);
      await page.clock.runFor(1_000);
      await expect(status).toContainText(/Model audit done: \d+ claims judged by claude-sonnet-5-5/, { timeout: 25_000 });
      await expect(status).not.toContainText('trying again');
      await expect(bar(page).getByRole('alert')).toHaveCount(0);
      expect(server.calls('/v1/messages')).toHaveLength(3);
    });
  });

  // stability.spec.ts's one test until the eighth pass of issue 30 (a load of its own, its case
  // by a link): repeated judgements (issue 33). "Judge each claim K times" in Settings makes K
  // requests, a citation the model judged differently gets an "unstable" chip, and the claim list
  // filters to those claims. Its case comes in through the file input; the key is the one entered
  // before the language step.
  await test.step('with one judgement (the default) there is no stability, no chip and no filter; judging each claim twice names the claim the model changed its mind on, and filters to it', async () => {
    const report = page.getByRole('region', { name: 'Report' });
    await page.getByLabel('Open case file').setInputFiles({ name: 'eiffel.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(STABILITY_CASE)) });
    const claims = report.locator('ol.claims > li');
    await expect(claims.first()).toContainText('for the World Fair');
    await expect(report).toHaveAttribute('aria-busy', 'false');
    server.reset();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    const repeat = dialog.getByLabel('Judge each claim K times');
    await expect(repeat).toHaveValue('1');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    server.script({ kind: 'judge' } satisfies Step);
    await bar(page).getByRole('button', { name: /Run model audit/ }).click();
    await expect(bar(page).getByRole('status')).toContainText(/Model audit done/, { timeout: 25_000 });
    expect(server.calls('/v1/messages')).toHaveLength(1);
    await expect(report.getByTestId('stability-line')).toHaveCount(0);
    await expect(report.getByTestId('unstable-chip')).toHaveCount(0);

    // Twice.
    server.reset();
    await page.getByRole('button', { name: 'Settings' }).click();
    await repeat.fill('2');
    await repeat.press('Tab');
    await expect(dialog.getByLabel('Verdict that stands')).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The first judgement as the fake's rule gives it; the second lowers the first claim.
    server.script({ kind: 'judge' } satisfies Step, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } } satisfies Step);
    await bar(page).getByRole('button', { name: /Run model audit/ }).click();
    await expect(report.getByTestId('stability-line')).toHaveText(
      'Judged 2 times: 1 of 2 citations got the same verdict every time; the stricter verdict stands.',
      { timeout: 25_000 },
    );
    await expect(bar(page).getByRole('status')).toContainText(/Model audit done/);
    expect(server.calls('/v1/messages')).toHaveLength(2);

    await expect(claims).toHaveCount(2);
    const chip = report.getByTestId('unstable-chip');
    await expect(chip).toHaveCount(1);
    await expect(claims.first().getByTestId('unstable-chip')).toHaveAttribute('title', /c1: fully supported \/ partially supported/);

    const only = report.getByLabel('Unstable only (1)');
    await only.check();
    await expect(claims).toHaveCount(1);
    await expect(claims.first()).toContainText('built between 1887 and 1889');
    await only.uncheck();
    await expect(claims).toHaveCount(2);
  });

  // "A changed Base URL asks for a reload, and after it the page connects there" was a test of its
  // own with a load and a reload before the sixth pass of issue 30: one reload for both. Last: the
  // reload leaves the page on a proxy it cannot reach.
  await test.step('"Remember on this device" is an explicit opt-in, and "Forget key" removes the key everywhere; a changed Base URL asks for a reload, and after it the page connects there', async () => {
    // The key entered before the language step, in memory only.
    const storedKey = () => page.evaluate(() => localStorage.getItem('citation-auditor:model-api-key'));
    expect(await storedKey()).toBeNull();

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Anthropic API key')).toHaveValue(KEY);
    await expect(dialog.getByText(/stored unencrypted/)).toBeVisible();
    await dialog.getByLabel('Remember on this device').check();
    expect(await storedKey()).toBe(KEY);
    // The Base URL: changed, it applies after a reload.
    const base = dialog.getByLabel('Base URL');
    await expect(base).toHaveValue(server.url);
    await base.fill('https://proxy.example.com');
    await base.press('Tab');
    await expect(dialog.getByText(/applies after a reload/)).toBeVisible();
    await page.reload();
    const policy = await page.locator('meta[data-connect-policy]').getAttribute('content');
    expect(policy).toBe("connect-src 'self' https://proxy.example.com");
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog').getByText(/is remembered on this device/)).toBeVisible();

    await page.getByRole('dialog').getByRole('button', { name: 'Forget key' }).click();
    await expect(page.getByRole('dialog').getByText('No key entered.', { exact: false })).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Anthropic API key')).toHaveValue('');
    expect(await storedKey()).toBeNull();
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(KEY);
  });

  // trust.spec's Undo-toast test until the ninth pass of issue 30 (a load of its own in the
  // fake-clock tab): its toast goes after a few seconds, skipped with the clock this page is on.
  // Last, as nothing here needs the model: the page the step before reloaded onto a proxy it
  // cannot reach opens case files all the same.
  await test.step('"Opened … Undo" never covers the Gold answer editor at 1440 or 1280 px, and goes after a few seconds', async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The toast is measured against the Gold answer pane.
    await waitForEditors(page);
    const goldPane = page.locator('.pane').filter({ has: page.getByRole('textbox', { name: 'Gold answer', exact: true }) });
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const files = { 1440: 'alce_asqa_demo1.json', 1280: 'footnote_markdown_docid_penicillin.json' } as const;
    for (const width of [1440, 1280] as const) {
      await page.setViewportSize({ width, height: 900 });
      const opened = `Opened ${files[width]}.`;
      await page.getByLabel('Open case file').setInputFiles(caseFilePath(files[width]));
      const toast = page.getByRole('status').filter({ hasText: opened });
      await expect(toast).toBeVisible();
      const box = await page.locator('.toast').filter({ hasText: opened }).boundingBox();
      const gold = await goldPane.boundingBox();
      expect(box && gold, `${width} px`).toBeTruthy();
      expect(overlaps(box!, gold!), `${width} px`).toBe(false);
      await page.clock.runFor(7_000);
      await expect(page.getByText(opened)).toHaveCount(0);
    }
  });
});
