// Helpers for the workbench specs: find things the way a person does, and put large text into
// Monaco the way a person does (paste), since typing thousands of characters is slow.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const CASES_DIR = path.resolve(process.cwd(), '../shared/cases');

/** A real case from ../shared/cases, parsed. */
export function readCase(file: string): Record<string, unknown> & { answer: string; query: string; chunks: unknown[] } {
  return JSON.parse(readFileSync(path.join(CASES_DIR, file), 'utf8'));
}

export function caseFilePath(file: string): string {
  return path.join(CASES_DIR, file);
}

/** The editor with this accessible name (Monaco's ariaLabel). */
export function editor(page: Page, name: 'Query' | 'Answer' | 'Chunks' | 'Gold answer'): Locator {
  return page.getByRole('textbox', { name, exact: true });
}

/** The Monaco editor element around the editor with this accessible name (markers, text, hover). */
export function editorHost(page: Page, name: 'Query' | 'Answer' | 'Chunks' | 'Gold answer'): Locator {
  return page.locator('.monaco-editor').filter({ has: editor(page, name) });
}

/** The header line of an editor's pane (title, detected format, problem counts). */
export function paneHeader(page: Page, name: 'Query' | 'Answer' | 'Chunks' | 'Gold answer'): Locator {
  return page.locator('.pane').filter({ has: editor(page, name) }).locator('.pane-head');
}

export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The inputs of this tab's saved draft (each tab has its own draft key, named by its tab id). */
export async function draftInputs(page: Page): Promise<Record<string, string> | null> {
  return page.evaluate(() => {
    const tab = sessionStorage.getItem('citation-auditor:tab');
    const raw = tab ? localStorage.getItem(`citation-auditor:draft:${tab}`) : null;
    return (JSON.parse(raw ?? 'null') as { inputs?: Record<string, string> } | null)?.inputs ?? null;
  });
}

/**
 * Loads the app and returns at once, without waiting for the built-in example's audit: for a test
 * that goes straight to another view (a click on it waits until the app is there).
 */
export async function loadApp(page: Page): Promise<void> {
  await page.goto('./');
}

export function report(page: Page): Locator {
  return page.getByRole('region', { name: 'Report' });
}

/** What a shown report's text starts with: its verdict (a busy or empty report has none). */
export const VERDICT = /^\s*(PASS|FAIL|INCOMPLETE)\b/;

/** Wait until Monaco has replaced the plain-text stand-ins. */
export async function waitForEditors(page: Page): Promise<void> {
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(page.locator('.monaco-editor')).toHaveCount(4);
}

/** Focus an editor, select everything and paste `text` from the clipboard, like Ctrl+A, Ctrl+V. */
export async function pasteInto(page: Page, name: 'Query' | 'Answer' | 'Chunks' | 'Gold answer', text: string): Promise<void> {
  const box = editor(page, name);
  await box.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+v');
}

/**
 * Save a screenshot where the reviewer looks for them (test-results/screenshots/): always in the
 * screenshot review (tag @screens), in the other specs only when E2E_SNAPS=1 asks. A screenshot of
 * the page with Monaco took 0.4–0.8 s under load, and it asserts nothing; the snaps of the other
 * specs are for a look at states only they reach.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.E2E_SNAPS && !testInfo.tags.includes('@screens')) return;
  const file = path.resolve(process.cwd(), 'test-results/screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
