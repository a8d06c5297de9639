// Rows of the history's database that this app did not write as they are (wrong field types) no
// longer vanish: the panel lists them as damaged with their count, exports their raw content,
// deletes them, and the backup says how many it left out.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { caseFilePath, loadApp } from './helpers';

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const dlg = page.getByRole('dialog', { name: 'History of audits' });
  await expect(dlg).toBeVisible();
  return dlg;
}

async function downloaded(d: Download): Promise<Record<string, unknown>> {
  return JSON.parse(readFileSync((await d.path())!, 'utf8')) as Record<string, unknown>;
}

test('damaged rows are listed and counted, exported raw, deleted, and the backup says it skipped them', async ({ page }) => {
  // The case file straight away (the file input waits for the app): the example's audit is not
  // this test's (it was waited for until the eighth pass of issue 30).
  await loadApp(page);
  await page.getByLabel('Open case file').setInputFiles(caseFilePath('alce_asqa_demo1.json'));
  let dlg = await openHistory(page);
  await expect(dlg.getByText('1 audit', { exact: true })).toBeVisible();
  await dlg.getByRole('button', { name: 'Close' }).click();

  // Two copies of the saved row, each damaged another way, written straight into IndexedDB.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('citation-auditor');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction(['audits', 'bodies'], 'readwrite');
    const audits = tx.objectStore('audits');
    const bodies = tx.objectStore('bodies');
    const rows = await new Promise<Record<string, unknown>[]>((resolve) => {
      const r = audits.getAll();
      r.onsuccess = () => resolve(r.result as Record<string, unknown>[]);
    });
    const row = rows[0]!;
    const body = await new Promise<Record<string, unknown>>((resolve) => {
      const r = bodies.get(row.id as string);
      r.onsuccess = () => resolve(r.result as Record<string, unknown>);
    });
    // Not in the list's index at all: a string date and a boolean flag.
    audits.put({ ...row, id: 'planted-hidden', title: 'Planted hidden entry', updated: 'yesterday', trashed: false });
    bodies.put({ ...body, id: 'planted-hidden' });
    // In the list's index, but a number where the title and verdict should be.
    audits.put({ ...row, id: 'planted-typed', title: 99, verdict: 42, updated: Date.now() });
    bodies.put({ ...body, id: 'planted-typed' });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });

  dlg = await openHistory(page);
  const damaged = dlg.getByRole('region', { name: 'Damaged entries' });
  await expect(damaged.getByText(/^1 damaged entry is not in the list, the search or backups/)).toBeVisible();
  await expect(damaged.getByText('Planted hidden entry')).toBeVisible();
  // The listed one stays in its place, marked.
  const list = dlg.getByRole('list', { name: 'Saved audits' });
  await expect(dlg.getByText('2 audits', { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Delete damaged entry “Entry planted-typed”' })).toBeVisible();

  // The backup leaves both out and says so, in the file and in the panel.
  let download = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Export backup' }).click();
  const backup = await downloaded(await download);
  expect(backup.skipped_damaged).toBe(2);
  expect((backup.audits as unknown[]).length).toBe(1);
  await expect(dlg.getByText('The backup left out 2 damaged entries; export their raw content from the damaged entries.')).toBeVisible();

  // Raw export keeps what was stored, as it was.
  download = page.waitForEvent('download');
  await damaged.getByRole('button', { name: 'Export the raw content of damaged entry “Planted hidden entry”' }).click();
  const raw = (await downloaded(await download)) as { entries: { key: string; row: { updated: unknown; trashed: unknown } }[] };
  expect(raw.entries[0]!.key).toBe('planted-hidden');
  expect(raw.entries[0]!.row.updated).toBe('yesterday');
  expect(raw.entries[0]!.row.trashed).toBe(false);

  // Deleting them leaves the history as it was before.
  await damaged.getByRole('button', { name: 'Delete damaged entry “Planted hidden entry”' }).click();
  await expect(damaged).toBeHidden();
  await list.getByRole('button', { name: 'Delete damaged entry “Entry planted-typed”' }).click();
  await expect(dlg.getByText('1 audit', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
