// One language at a time: the interface language governs every word the page writes, on an
// English and on a Czech case; the report says which language its feedback (exports, the model's
// words) is in. And the header at three widths, in both languages and both themes: nothing
// overlaps, the logo stays (screenshots in test-results/screenshots/).
import { expect, test, type Page } from '@playwright/test';
import { caseFilePath, report, snap } from './helpers';

type Lang = 'en' | 'cs';
const CASES: Record<Lang, string> = {
  en: 'alce_asqa_demo1.json',
  cs: 'sujbot2_cs_cite_eval_v2_q1.json',
};

// Words the page itself writes in one language and never in the other (whole words). Quoted
// text, claims, chunk ids and the marker table are the case's own words and are left out first.
const WORDS: Record<Lang, RegExp> = {
  en: /\b(?:Local checks|Not checked|claims?|citations?|chunks?|Verdict|Run the model|supported|Add a citation|Cite only|Exempt|No citation|cites|Feedback in|Recommendations|Dimensions|the answer)\b/,
  cs: /(?:^|[^\p{L}])(?:Lokální|kontroly|[Tt]vrzení|úryvek|úryvku|úryvků|citace|citaci|Bez spuštění|Doplňte|Spusťte|Výjimka|Zpětná vazba|Doporučení|Dimenze|odpovědi)(?![\p{L}])/u,
};

async function openWith(page: Page, uiLanguage: Lang): Promise<void> {
  await page.addInitScript((lang) => {
    localStorage.setItem('citation-auditor:settings', JSON.stringify({ uiLanguage: lang }));
  }, uiLanguage);
  await page.goto('/');
}

async function openCase(page: Page, file: string): Promise<void> {
  await page.locator('header input[type=file]').first().setInputFiles(caseFilePath(file));
}

/** The report panel's own words: its text without the case's (claims, quotes, ids, markers). */
function ownWords(page: Page): Promise<string> {
  return report(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const n of copy.querySelectorAll('.claim-text, .mapping, .mono, [data-testid="model-summary"], .cite, .chip')) n.remove();
    return (copy.innerText || copy.textContent || '').replace(/"[^"\n]*"|„[^“\n]*“|“[^”\n]*”/g, ' ');
  });
}

for (const ui of ['en', 'cs'] as const) {
  for (const caseLang of ['en', 'cs'] as const) {
    test(`interface ${ui}, ${caseLang} case: every word of the report panel is ${ui}`, async ({ page }) => {
      await openWith(page, ui);
      await openCase(page, CASES[caseLang]);
      const panel = report(page);
      await expect(panel.locator('.verdict-word')).toBeVisible();
      await expect(panel.getByTestId('feedback-language')).toHaveText(
        ui === 'en'
          ? `Feedback in ${caseLang === 'cs' ? 'Czech' : 'English'} — the case’s language`
          : `Zpětná vazba ${caseLang === 'cs' ? 'v češtině' : 'v angličtině'} — jazyk případu`,
      );
      const text = await ownWords(page);
      const other: Lang = ui === 'en' ? 'cs' : 'en';
      // The panel has the interface language's words, and none of the other's.
      expect(text).toMatch(WORDS[ui]);
      const leak = text.match(WORDS[other]);
      expect(leak?.[0] ?? null, leak ? text.slice(Math.max(0, (leak.index ?? 0) - 200), (leak.index ?? 0) + 200) : '').toBeNull();
      // The summary beside the verdict is ours, in the interface language.
      const summary = (await panel.locator('.summary').textContent()) ?? '';
      expect(summary).toMatch(ui === 'en' ? /^(?:Local checks|The answer|Verdict)/ : /^(?:Lokální kontroly|Odpověď|Verdikt)/);
    });
  }
}

test('a case too short to tell is read in the interface language, and the report says so', async ({ page }) => {
  await openWith(page, 'cs');
  // One short sentence and a footnote: too few words to decide between English and Czech.
  await openCase(page, 'footnote_markdown_docid_penicillin.json');
  await expect(report(page).getByTestId('feedback-language')).toHaveText('Zpětná vazba v češtině — jazyk rozhraní (odpověď má na určení příliš málo slov)');
});

test('the feedback language follows the setting when one is set, and exports use it', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('citation-auditor:settings', JSON.stringify({ uiLanguage: 'en', language: 'cs' }));
  });
  await page.goto('/');
  await openCase(page, CASES.en);
  const panel = report(page);
  await expect(panel.getByTestId('feedback-language')).toHaveText('Feedback in Czech — set in Settings');
  // On screen: English. In the downloaded report: Czech.
  await expect(panel.locator('.summary')).toHaveText(/^Local checks/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report (JSON)' }).click()]);
  const path = await download.path();
  const json = JSON.parse(await (await import('node:fs/promises')).readFile(path, 'utf8')) as { summary: string; texts?: unknown; meta: { language: string } };
  expect(json.meta.language).toBe('cs');
  expect(json.summary).toMatch(/^Lokální kontroly/);
  expect(json.texts).toBeUndefined();
});

// ---------------------------------------------------------------------------------------------
// The header

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The header's parts as boxes: logo, name, tagline (when shown), each tool, the status line. */
function headerBoxes(page: Page): Promise<{ boxes: Box[]; viewport: number }> {
  return page.locator('header.top').evaluate((header) => {
    const parts: [string, Element | null][] = [
      ['logo', header.querySelector('.logo')],
      ['name', header.querySelector('h1')],
      ['tagline', header.querySelector('.tagline')],
      ...[...header.querySelectorAll('.tools > *')].map((el, i): [string, Element] => [`tool ${i} ${(el.textContent ?? '').trim().slice(0, 20)}`, el]),
      ['status', header.querySelector('.status')],
    ];
    const boxes = parts
      .filter((p): p is [string, Element] => p[1] !== null)
      .map(([name, el]) => {
        const r = el.getBoundingClientRect();
        return { name, x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((b) => b.width > 0 && b.height > 0);
    return { boxes, viewport: document.documentElement.clientWidth };
  });
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;

for (const theme of ['light', 'dark'] as const) {
  for (const ui of ['en', 'cs'] as const) {
    test(`header at 800, 1280, 1440 and 1920 px, ${ui}, ${theme}: nothing overlaps, the logo stays`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme: theme });
      await openWith(page, ui);
      await openCase(page, CASES[ui]);
      await expect(report(page).locator('.verdict-word')).toBeVisible();
      for (const width of [800, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const logo = page.locator('header.top .logo');
        await expect(logo).toBeVisible();
        const { boxes, viewport } = await headerBoxes(page);
        const logoBox = boxes.find((b) => b.name === 'logo');
        expect(logoBox?.width ?? 0, `logo width at ${width}`).toBeGreaterThanOrEqual(16);
        expect(boxes.find((b) => b.name === 'name'), `name at ${width}`).toBeDefined();
        for (const b of boxes) {
          expect(b.x, `${b.name} starts inside at ${width}`).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width, `${b.name} ends inside at ${width}`).toBeLessThanOrEqual(viewport + 1);
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            expect(overlap(boxes[i]!, boxes[j]!), `${boxes[i]!.name} / ${boxes[j]!.name} at ${width} px`).toBe(false);
          }
        }
        // The tagline is either whole or visibly shortened, never cut under a button.
        const tagline = page.locator('header.top .tagline');
        if (await tagline.isVisible()) {
          expect(await tagline.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
        }
        await snap(page, testInfo, `header-${width}-${ui}-${theme}`);
      }
    });
  }
}
