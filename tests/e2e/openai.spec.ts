// The judge on an OpenAI-compatible server, set up in the page as a person would: choose the
// provider in Settings, give a local server's base URL (no key), reload for the connect policy,
// pick a model from the server's list, and see the verdicts. Against tests/server/fake-openai.ts.
import { expect, test } from './fixtures';
test('an OpenAI-compatible server without a key judges the example', async ({ page, openai: server }) => {
  // Settings first: the example's own audit is not waited for (the run below waits for it).
  await page.goto('/');
  const report = page.getByRole('region', { name: 'Report' });

  await page.getByRole('button', { name: 'Settings' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Provider').selectOption('openai');
  await expect(dialog.getByLabel('API key (a local server needs none)')).toBeVisible();
  await dialog.getByLabel('Base URL').fill(server.url);
  await dialog.getByLabel('Base URL').press('Tab');
  // The connect policy was fixed at load time: the new address applies after a reload.
  await dialog.getByRole('button', { name: 'Reload now' }).click();
  // The reloaded page's policy lets the page reach that server, and only it.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"][data-connect-policy]')).toHaveAttribute('content', `connect-src 'self' ${new URL(server.url).origin}`);

  await page.getByRole('button', { name: 'Settings' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Provider')).toHaveValue('openai');
  const modelField = dialog.getByLabel('Model', { exact: true });
  await modelField.focus();
  // The server's list arrives as suggestions; any name may be typed.
  await expect(dialog.locator('datalist option[value="llama3.1:8b"]')).toHaveCount(1);
  await modelField.fill('llama3.1:8b');
  await modelField.press('Tab');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const bar = page.getByRole('group', { name: 'Model audit' });
  await expect(bar.getByText(/Enter an Anthropic API key/)).toHaveCount(0);
  await bar.getByRole('button', { name: /Run model audit/ }).click();
  await expect(bar.getByRole('status')).toContainText(/Model audit done: \d+ claims judged by llama3\.1:8b/, { timeout: 25_000 });
  await expect(report.getByText(/fully supported|partially supported|not supported/).first()).toBeVisible();

  const calls = server.calls('/v1/chat/completions');
  expect(calls.length).toBeGreaterThan(0);
  for (const r of calls) {
    expect(r.headers).not.toHaveProperty('authorization');
    expect((r.body as { model: string }).model).toBe('llama3.1:8b');
  }
});
