// Issue 13 (§1, §3): a report that never contradicts itself, and the small things that cost trust.
// Each test reads what a person sees: the counts in every view of a real shared case, one error
// element, the share dialog's "none yet", a whole dataset row that opens its case, where "Open case
// file" leaves the user (the Undo toast: model.spec.ts's last step; the annotation view's message and raters: annotate.spec.ts).
import path from 'node:path';
import type { FileChooser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { caseFilePath, loadApp, paneHeader, report, waitForEditors } from './helpers';

const SMALL = path.resolve(process.cwd(), 'tests/fixtures/annotate-small.jsonl');

const views = (page: Page) => page.getByRole('navigation', { name: 'Views' });
const currentView = (page: Page) => views(page).locator('[aria-current="page"]');

const firstNumber = (text: string | null | undefined): number => Number(/\d+/.exec(text ?? '')?.[0] ?? 0);

// One test, one page load, since the ninth pass of issue 30: the two tests before (each with a load
// of its own) are its steps under their old names. The third, '"Opened … Undo" never covers the Gold
// answer editor…', is the last step of model.spec.ts's one test since then: its toast goes after a
// few seconds, skipped with the fake clock, and model.spec's page is on the fake clock already.

// Cases with 2 and 4 uncited claims: an Anthropic citations answer and an Azure structured one.
// That the counts agree on every shared case is proven without a browser
// (tests/unit/report-counts-agree.test.ts: claim list, COMPLETE, the recommendation, the header
// and the Answer editor's problems, and these cases' known counts); here, that the page shows
// them. (The Czech CTKFacts case, 1 uncited claim, was a third here until the eighth pass of
// issue 30: the same logic clicked through again; its count is in that unit test.)
const CASES = ['anthropic_cookbook_citations_plaintext_helpcenter.json', 'azure_openai_on_your_data_docN.json'];

// §1 one error, one place ("a rejected key, after counting tokens and running, is said in one
// element only"): in model.spec.ts, the test of another example after a rejected key, since the
// sixth pass of issue 30 (its page load and key were the same path).

// §3 annotate ("\"Undone.\" goes once the user switches annotator or labels on" and "on first
// open, Agreement compares the two raters who share the most pairs"): steps of annotate.spec.ts's
// one test since the seventh pass of issue 30 (each a page load of its own here before; there each
// labels a dataset of its own, so its raters start from nothing).

// One page load for "Open case file" from every view and the dataset table's rows: before the
// sixth pass of issue 30 these were four tests, each with a load of its own ("pressed on the
// Dataset tab and on the Annotate tab…", "Enter on the focused control opens the file chooser",
// "a .jsonl opened as a case file gets a line picker…", and §3 dataset table's "a click anywhere on
// a row, or Enter / Space on the focused row, opens its case"); every check of the four is here,
// in that order. The rows are those of the dataset the line picker opens (the "Open dataset file"
// input is the dataset and annotate specs' way in).
test('trust, one page load: "Open case file" from every view and the dataset table; the counts of uncited claims agree, and the share dialog says "none yet"', async ({ page }) => {
  test.setTimeout(120_000); // two tests' worth
  // Straight to the Dataset view: the built-in example's audit is not waited for (since the
  // seventh pass of issue 30), the click waits for the app.
  await loadApp(page);

  await test.step('"Open case file" from Dataset and Annotate, by Enter, and a .jsonl with its line picker opened as a dataset, whose rows open their case on a click, Enter or Space', async () => {
    // Pressed on the Dataset tab and on the Annotate tab, it loads the case and shows the
    // workbench. A different case from each view: the second must not pass on the first one's query.
    const from = { Dataset: ['footnote_markdown_docid_penicillin.json', /penicillin/i], Annotate: ['alce_asqa_demo1.json', /rainy/i] } as const;
    for (const [view, [file, query]] of Object.entries(from)) {
      await views(page).getByRole('button', { name: view }).click();
      await expect(currentView(page)).toHaveText(view);
      await page.getByLabel('Open case file').setInputFiles(caseFilePath(file));
      await expect(currentView(page)).toHaveText('Workbench');
      await expect(paneHeader(page, 'Query').locator('..')).toContainText(query);
    }

    // Enter on the focused "Open case file" control opens the file chooser (after the rainy case
    // above, so the penicillin case below is this chooser's). Playwright turns its interception of
    // file choosers on in the background when a listener is added, and a key press is one quick
    // message: when it wins, Chromium opens its own chooser, which a headless browser cancels at
    // once (a 'cancel' event on the input). Listen until a chooser came, and press again after
    // such a cancel.
    const input = page.getByLabel('Open case file');
    const choosers: FileChooser[] = [];
    const onChooser = (c: FileChooser) => choosers.push(c);
    page.on('filechooser', onChooser);
    try {
      await input.evaluate((el) => el.addEventListener('cancel', () => (el.dataset.cancels = String(Number(el.dataset.cancels ?? 0) + 1))));
      const cancels = async () => Number((await input.getAttribute('data-cancels')) ?? 0);
      for (let tries = 0; choosers.length === 0; tries++) {
        expect(tries, 'the key press kept opening a chooser that was cancelled').toBeLessThan(3);
        const before = await cancels();
        await input.focus();
        await expect(input).toBeFocused();
        await page.keyboard.press('Enter');
        await expect.poll(async () => choosers.length > 0 || (await cancels()) > before).toBe(true);
      }
      await choosers[0]!.setFiles(caseFilePath('footnote_markdown_docid_penicillin.json'));
      await expect(paneHeader(page, 'Query').locator('..')).toContainText(/penicillin/i);
    } finally {
      page.off('filechooser', onChooser);
    }

    // A .jsonl opened as a case file gets a line picker that says what it is, apart from the
    // Dataset view, and can open as a dataset.
    await views(page).getByRole('button', { name: 'Dataset' }).click();
    await page.getByLabel('Open case file').setInputFiles(SMALL);
    await expect(currentView(page)).toHaveText('Workbench');
    const picker = page.getByRole('group', { name: 'Line picker of the opened case file' });
    await expect(picker).toBeVisible();
    await expect(picker).toContainText('annotate-small.jsonl');
    await expect(picker).toContainText('Line picker');
    // In Czech, too.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog').getByLabel('Interface language').selectOption('cs');
    await page.keyboard.press('Escape');
    const vyber = page.getByRole('group', { name: 'Výběr řádku otevřeného souboru případů' });
    await expect(vyber).toContainText('Výběr řádku');
    await expect(vyber.getByRole('button', { name: 'Otevřít jako datovou sadu' })).toBeVisible();
    await page.getByRole('button', { name: 'Nastavení' }).click();
    await page.getByRole('dialog').getByLabel('Jazyk rozhraní').selectOption('en');
    await page.keyboard.press('Escape');
    // Not shown over the Dataset view, which has its own dataset.
    await views(page).getByRole('button', { name: 'Dataset' }).click();
    await expect(picker).toBeHidden();
    await views(page).getByRole('button', { name: 'Workbench' }).click();
    await picker.getByRole('button', { name: 'Open as dataset' }).click();
    await expect(currentView(page)).toHaveText('Dataset');
    await expect(page.getByTestId('dataset-summary')).toContainText('annotate-small.jsonl');
    await expect(page.getByTestId('local-status')).toContainText('Local checks done: 3 case', { timeout: 20_000 });

    // The dataset table: a click anywhere on a row, or Enter / Space on the focused row, opens its
    // case in the workbench. (The workbench shows the file's first line, the Eiffel Tower, from the
    // picker: the first row opened is another.)
    const rows = page.getByRole('region', { name: 'Results' }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // A click on the verdict cell (not on the id button).
    await rows.nth(1).locator('td').nth(2).click();
    await expect(currentView(page)).toHaveText('Workbench');
    await expect(paneHeader(page, 'Query').locator('..')).toContainText('Mount Everest');
    for (const key of ['Enter', ' '] as const) {
      await views(page).getByRole('button', { name: 'Dataset' }).click();
      const row = rows.nth(key === 'Enter' ? 2 : 0);
      await row.focus();
      await expect(row).toBeFocused();
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await expect(currentView(page)).toHaveText('Workbench');
      await expect(paneHeader(page, 'Query').locator('..')).toContainText(key === 'Enter' ? 'Who created Python?' : 'Eiffel Tower');
    }
  });

  await test.step('the count of uncited claims is the same in the claim list, COMPLETE, the recommendation and the Answer editor; Anthropic citation blocks are not "plain text with markers"; the share dialog says "none yet"', async () => {
    await waitForEditors(page);
    const r = report(page);
    const seen: Record<string, number> = {};
    for (const file of CASES) {
      // Start from an empty workbench, so that the report read below is the new case's, never the last one's.
      await page.getByRole('button', { name: 'Clear inputs' }).click();
      await expect(r.locator('#claims-h')).toHaveCount(0);
      await page.getByLabel('Open case file').setInputFiles(caseFilePath(file));
      await expect(r.locator('#claims-h')).toBeVisible();
      await expect(r).toHaveAttribute('aria-busy', 'false');

      const header = firstNumber(/(\d+) without a needed citation/.exec((await r.locator('#claims-h').textContent()) ?? '')?.[1]);
      const complete = r.locator('.dim').filter({ hasText: 'COMPLETE' });
      const completeErrors = await complete.locator('.issue.sev-error').count();
      const recs = await r.locator('.recs li').allTextContents();
      // English "Add a citation to N uncited …", Czech "Doplňte citaci … bez citace (N)."
      const rec = recs.find((x) => /^Add a citation to|^Doplňte citaci/.test(x));
      const recommended = rec ? firstNumber(/(\d+)/.exec(rec)?.[1]) : 0;
      const pane = paneHeader(page, 'Answer');
      const problems = (await pane.getByTestId('problem-count').count()) ? await pane.getByTestId('problem-count').textContent() : '';
      const inEditor = firstNumber(/(\d+) claims? without a needed citation/.exec(problems ?? '')?.[1]);
      const editorErrors = firstNumber(/(\d+) errors?/.exec(problems ?? '')?.[1]);

      const counts = { header, completeErrors, recommended, inEditor };
      expect(counts, file).toEqual({ header, completeErrors: header, recommended: header, inEditor: header });
      // The editor's errors include the uncited claims (and may include others: unknown ids…).
      expect(editorErrors, file).toBeGreaterThanOrEqual(header);
      seen[file] = header;
      if (file === 'anthropic_cookbook_citations_plaintext_helpcenter.json') {
        // An Anthropic citations answer without inline markers is not called "plain text with markers".
        await expect(pane).toContainText('Anthropic citation blocks');
        await expect(pane).toContainText('plain text (no inline markers)');
        await expect(pane).not.toContainText('with markers');
        // One block with two citations over two sentences: two citations, not one per sentence each.
        await expect(pane).toContainText('· 2 citations');
        await expect(r.locator('.formats')).toContainText('Anthropic citation blocks');
        await expect(r.locator('.formats')).not.toContainText('with markers');
      }
    }
    // The cases do exercise the counts (not all zero): the shared cases' known uncited claims.
    expect(seen['anthropic_cookbook_citations_plaintext_helpcenter.json']).toBe(2);
    expect(seen['azure_openai_on_your_data_docN.json']).toBe(4);

    // The share dialog says "none yet" for judgements and labels there are none of, instead of a
    // checked, disabled box (a test of its own with a page load before the sixth pass of issue 30;
    // the last case above has neither).
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dlg = page.getByRole('dialog', { name: 'Share this audit' });
    await expect(dlg.getByRole('textbox', { name: 'Share link' })).toHaveValue(/#a=/);
    await expect(dlg.getByText('Model judgements: none yet')).toBeVisible();
    await expect(dlg.getByText('Annotation labels: none yet')).toBeVisible();
    await expect(dlg.getByRole('checkbox', { name: /judgements/ })).toHaveCount(0);
    await expect(dlg.getByRole('checkbox', { name: /annotation labels/i })).toHaveCount(0);
    // No checkbox in the dialog is both checked and disabled.
    const boxes = dlg.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      expect((await box.isChecked()) && (await box.isDisabled())).toBe(false);
    }
    // In Czech too.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog').getByLabel('Interface language').selectOption('cs');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sdílet', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Hodnocení modelu: zatím žádné')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Anotační štítky: zatím žádné')).toBeVisible();
  });
});
