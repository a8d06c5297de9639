// What a newcomer met in the page (issue 31): the Settings dialog wider than itself, and the
// History panel blaming a full disk on a private window while it said "Loading…".
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { report, VERDICT } from './helpers';

/** Every visible element of the dialog that is wider than the dialog or sticks out of its sides. */
async function tooWide(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((d) => {
    const box = d.getBoundingClientRect();
    const out: string[] = [];
    for (const el of Array.from(d.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width > box.width + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5) {
        const what = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
        out.push(`${what} ${Math.round(r.left - box.left)}–${Math.round(r.right - box.left)} px in ${Math.round(box.width)} px`);
      }
    }
    // Nothing to scroll sideways inside either.
    const inner = d.firstElementChild as HTMLElement | null;
    if (d.scrollWidth > d.clientWidth + 1) out.push(`dialog scrolls sideways: ${d.scrollWidth} px in ${d.clientWidth}`);
    if (inner && inner.scrollWidth > inner.clientWidth + 1) out.push(`content scrolls sideways: ${inner.scrollWidth} px in ${inner.clientWidth}`);
    return out;
  });
}

// One page load for both (two tests with a load each until the eighth pass of issue 30): the full
// disk first (its patch must be in place before the app's first line runs), then the Settings
// dialog on that page, which the full disk does not change.
test('a full disk is said as full, with what to do, and without "Loading…" beside it; the Settings dialog fits its width at 1440 and at 390 px with either provider', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await test.step('a full disk is said as full, with what to do, and without "Loading…" beside it', async () => {
    // The browser refuses to open the database because the disk is full. The patch must be in place
    // before the app's first line runs: a classic script of the page's own origin (allowed by its
    // policy) put in front of the app's module scripts, which run only after the document is parsed.
    // A route, not an init script: routes go with the test, an init script would cost the next test
    // a new tab.
    const PATCH = '__e2e-full-disk.js';
    await page.route(`**/${PATCH}`, (r) =>
      r.fulfill({
        contentType: 'text/javascript',
        body: `Object.defineProperty(IDBFactory.prototype, 'open', { configurable: true, value() { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); } });`,
      }),
    );
    await page.route(/\/(index\.html)?(\?.*)?$/, async (r) => {
      if (r.request().resourceType() !== 'document') return r.fallback();
      const response = await r.fetch();
      const html = await response.text();
      const patched = html.replace('<script type="module"', `<script src="./${PATCH}"></script><script type="module"`);
      expect(patched).not.toBe(html);
      await r.fulfill({ response, body: patched });
    });
    // The built-in example, as before: with a case opened from a link the panel also shows the
    // failed save of that audit ("The disk is full: this audit…"), a second alert beside the one read here.
    await page.goto('./');
    await expect(report(page)).toHaveText(VERDICT);
    await page.locator('header').getByRole('button', { name: 'History', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'History of audits' });
    await expect(panel.getByRole('alert')).toContainText(/storage .*full/i);
    await expect(panel.getByRole('alert')).toContainText(/backup/i);
    await expect(panel.getByRole('alert')).toContainText(/delete old audits/i);
    await expect(panel.getByRole('alert')).not.toContainText(/private window/);
    await expect(panel.getByText('Loading…')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // The patch's work is done: no route is left on for the step after (a route turns the cache off).
    await page.unrouteAll({ behavior: 'wait' });
  });

  // What is in the editors does not matter to the Settings dialog: the built-in example here (a
  // small case opened by a link until the eighth pass).
  await test.step('the Settings dialog fits its width at 1440 and at 390 px with either provider', async () => {
    const settings = page.locator('header').getByRole('button', { name: 'Settings', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    for (const width of [1440, 390]) {
      // The dialog opened anew at each width, as a person on that screen would open it.
      await page.setViewportSize({ width, height: 900 });
      await settings.click();
      await expect(dialog).toBeVisible();
      for (const provider of ['anthropic', 'openai'] as const) {
        await dialog.getByLabel('Provider').selectOption(provider);
        await expect(dialog.getByRole('button', { name: 'Refresh model list' })).toBeVisible();
        expect(await tooWide(dialog), `${provider} at ${width} px`).toEqual([]);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
});
