// Every view at 800, 1280, 1440 and 1920 px, in English and Czech, light and dark: the workbench
// with a loaded report, the History panel, Settings, the Share dialog, the Dataset view with a
// dataset and the Annotate view. One page per language and theme; at each width and view a
// screenshot goes to test-results/screenshots/ (reviewed by eye: tests/e2e/SCREENSHOTS.md) and
// the layout and language checks below run on what is on screen:
//   - the page never scrolls sideways;
//   - no text is cut off: an element that clips its content does so only with an ellipsis or
//     as a scroll box, and no button, tab, heading or label runs past the edge of the window;
//   - the header's parts do not overlap and the logo stays;
//   - no words of the other language's catalogues are on the page (the case's own text — the
//     editors, claims, quotes, chunks — is left out first).
// It is the slowest spec but one page per combination: marked slow, and its screenshots are cheap
// (viewport only).
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { caseFilePath, report, snap } from './helpers';
import { MESSAGES } from '../../src/ui/i18n';
import { HISTORY_STRINGS } from '../../src/ui/history/strings';
import { MODEL_STRINGS } from '../../src/ui/model/strings';
import { ANNOTATE_STRINGS } from '../../src/ui/annotate/strings';
import { VIEW_NAMES } from '../../src/ui/annotate/viewStrings';
import { en as coreEn } from '../../src/core/report/catalogue/en';
import { cs as coreCs } from '../../src/core/report/catalogue/cs';

type Lang = 'en' | 'cs';
const CASES: Record<Lang, string> = {
  en: 'alce_asqa_demo1.json',
  cs: 'sujbot2_cs_cite_eval_v2_q1.json',
};
const DATASET = path.resolve(process.cwd(), 'tests/fixtures/annotate-small.jsonl');
const WIDTHS = [800, 1280, 1440, 1920] as const;

const CATALOGUES = [MESSAGES, HISTORY_STRINGS, MODEL_STRINGS, ANNOTATE_STRINGS, VIEW_NAMES, { en: coreEn, cs: coreCs }] as const;

/** Every text a catalogue can write: its strings, and its functions called with sample values. */
function texts(table: unknown, out: string[] = []): string[] {
  if (typeof table === 'string') out.push(table);
  else if (typeof table === 'function') {
    // Sample values that read as placeholders; the pieces between them are the catalogue's words.
    for (const args of [['\u0001', '\u0001', '\u0001', '\u0001'], [3, 3, 3, 3], [1, '\u0001', '\u0001', '\u0001']]) {
      try {
        const r: unknown = (table as (...a: unknown[]) => unknown)(...args);
        if (typeof r === 'string') out.push(r);
      } catch {
        // A function that needs richer arguments: its literal parts are covered by other entries.
      }
    }
  } else if (table && typeof table === 'object') for (const v of Object.values(table)) texts(v, out);
  return out;
}

/**
 * Phrases only the `lang` catalogues write: pieces of at least two words and 12 characters that
 * appear nowhere in the other language's catalogues (so "JSON", "Dataset" or a model name, the
 * same in both, never count).
 */
function distinctive(lang: Lang): string[] {
  const other: Lang = lang === 'en' ? 'cs' : 'en';
  const mine = CATALOGUES.flatMap((c) => texts(c[lang]));
  const theirs = CATALOGUES.flatMap((c) => texts(c[other])).join('\n').toLowerCase();
  const phrases = new Set<string>();
  for (const t of mine)
    for (const piece of t.split(/[\u0001\n]|\b3\b|\b1\b|[“”„"«»():;·—…]/)) {
      const p = piece.trim().replace(/[.,!?]+$/, '').trim();
      if (p.length >= 12 && /\p{L}+\s+\p{L}+/u.test(p) && !theirs.includes(p.toLowerCase())) phrases.add(p);
    }
  return [...phrases];
}
const PHRASES: Record<Lang, string[]> = { en: distinctive('en'), cs: distinctive('cs') };

/**
 * Common English words and the words of the app's own vocabulary (statuses) that a Czech page
 * has no reason to show. Product and technical names (Anthropic, Claude, Base URL, ALCE recall)
 * and the exemption rules' ids, which the report's findings name beside their Czech names
 * (core/report/catalogue/cs.ts, "Výjimka (nadpis, heading)"), are left alone.
 */
const ENGLISH_WORDS =
  /\b(?:the|and|with|without|is|are|not|yet|none|from|this|that|claims?|chunks?|citations?|checked|supported|found|missing|error|warning)\b/i;

async function openWith(page: Page, lang: Lang, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('screens-init')) {
      localStorage.setItem('citation-auditor:settings', JSON.stringify({ uiLanguage: l }));
      sessionStorage.setItem('screens-init', '1');
    }
  }, lang);
  await page.goto('/');
  await page.locator('header input[type=file]').first().setInputFiles(caseFilePath(CASES[lang]));
  await expect(report(page).locator('.verdict-word')).toBeVisible();
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
}

/**
 * The page's own visible words, as rendered (innerText): the case's text (editors, claims,
 * quotes, chunks) is hidden for the moment of reading, and so is anything marked as being in
 * another language (lang="…", e.g. a language's own name in the language picker).
 */
function ownText(page: Page, lang: Lang): Promise<string> {
  return page.evaluate((l) => {
    const CASE = '.monaco-editor, textarea, .claim-text, .mapping, .mono, [data-testid="model-summary"], .cite, .chip, [data-testid="claim-text"], [data-testid="chunk-text"], .text.answer, .dataset .case, [lang]';
    const dialogs = [...document.querySelectorAll('dialog[open]')];
    const root = (dialogs.length ? dialogs[dialogs.length - 1]! : document.body) as HTMLElement;
    const hidden = [...root.querySelectorAll<HTMLElement>(CASE)].filter((el) => !(el.hasAttribute('lang') && el.lang === l));
    const before = hidden.map((el) => el.style.visibility);
    for (const el of hidden) el.style.visibility = 'hidden';
    let text = root.innerText;
    hidden.forEach((el, i) => (el.style.visibility = before[i]!));
    // innerText lists a select's options whatever their visibility: take out those in another language.
    for (const el of hidden) if (el instanceof HTMLOptionElement) text = text.replace(el.text, ' ');
    return text.replace(/[ \t]+/g, ' ');
  }, lang);
}

interface Defect {
  kind: string;
  what: string;
}

/** Layout defects on screen now: sideways scroll, clipped text, things past the window's edge. */
function layoutDefects(page: Page): Promise<Defect[]> {
  return page.evaluate(() => {
    const out: { kind: string; what: string }[] = [];
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '';
      return `${el.tagName.toLowerCase()}${cls} “${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}”`;
    };
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > window.innerWidth) out.push({ kind: 'page scrolls sideways', what: `${document.documentElement.scrollWidth} > ${window.innerWidth}` });
    const dialogs = [...document.querySelectorAll('dialog[open]')];
    const root = dialogs.length ? dialogs[dialogs.length - 1]! : document.body;
    const measure = document.createElement('canvas');
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('.monaco-editor, svg, .visually-hidden, .sr-only, [aria-hidden="true"]')) continue;
      if (!visible(el) || el.getBoundingClientRect().width <= 1) continue;
      const s = getComputedStyle(el);
      // A bar drawn as a slab: a progress bar that a flex column stretched to its card's height.
      if (el.matches('[role=progressbar]') && el.getBoundingClientRect().height > 16) out.push({ kind: 'progress bar stretched', what: `${name(el)} ${Math.round(el.getBoundingClientRect().height)} px high` });
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      // Text cut off: an element that hides what overflows it, without an ellipsis or a scrollbar;
      // or shortened with an ellipsis though it is one word (a status, a label: nothing to spare).
      const clips = (s.overflowX === 'hidden' || s.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 1;
      if (hasText && clips && s.textOverflow !== 'ellipsis') out.push({ kind: 'text cut off', what: name(el) });
      if (hasText && clips && s.textOverflow === 'ellipsis' && !/\s/.test((el.textContent ?? '').trim()))
        out.push({ kind: 'one word shortened', what: name(el) });
      // A placeholder longer than its empty field (the hint is cut mid-word).
      if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
        const ctx = measure.getContext('2d')!;
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - (el.type === 'search' ? 20 : 0);
        if (ctx.measureText(el.placeholder).width > room + 1) out.push({ kind: 'placeholder cut off', what: `${name(el)} “${el.placeholder}”` });
      }
      // Controls and headings run past the window's edge (or are pushed off its left).
      if (el.matches('button, a, label, h1, h2, h3, th, select, input:not([type=file]), .btn, .chip, .badge, [role=tab]')) {
        const r = el.getBoundingClientRect();
        // Inside a sideways-scrolling box (a wide table) being past the edge is expected.
        let scroller: HTMLElement | null = el.parentElement;
        while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        if (!scroller && (r.right > vw + 1 || r.left < -1)) out.push({ kind: 'past the window’s edge', what: `${name(el)} ${Math.round(r.left)}–${Math.round(r.right)} of ${vw}` });
        // A short label broken over lines: a button whose text wraps inside it.
        // (A sort button in a table's column header may wrap like the header itself.)
        if (el.matches('button, .btn, [role=tab]') && !el.closest('th') && s.whiteSpace !== 'nowrap' && hasText) {
          const lh = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.3;
          const words = (el.textContent ?? '').trim().split(/\s+/).length;
          if (words <= 4 && el.clientHeight > lh * 1.8 + parseFloat(s.paddingTop) + parseFloat(s.paddingBottom))
            out.push({ kind: 'button label wraps', what: name(el) });
        }
      }
    }
    return out;
  });
}

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Header parts that overlap one another, and whether the logo is shown. */
function headerDefects(page: Page): Promise<Defect[]> {
  return page.locator('header.top').evaluate((header) => {
    const parts: [string, Element | null][] = [
      ['logo', header.querySelector('.logo')],
      ['name', header.querySelector('h1')],
      ['tagline', header.querySelector('.tagline')],
      ...[...header.querySelectorAll('.tools > :not(dialog)')].map((el, i): [string, Element] => [`tool ${i} ${(el.textContent ?? '').trim().slice(0, 20)}`, el]),
      ['status', header.querySelector('.status')],
    ];
    const boxes: Box[] = parts
      .filter((p): p is [string, Element] => p[1] !== null)
      .map(([name, el]) => {
        const r = el.getBoundingClientRect();
        return { name, x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((b) => b.width > 0 && b.height > 0);
    const out: { kind: string; what: string }[] = [];
    if (!boxes.some((b) => b.name === 'logo' && b.width >= 16)) out.push({ kind: 'header', what: 'logo hidden' });
    if (!boxes.some((b) => b.name === 'name')) out.push({ kind: 'header', what: 'name hidden' });
    const vw = document.documentElement.clientWidth;
    for (const b of boxes) if (b.x < 0 || b.x + b.width > vw + 1) out.push({ kind: 'header part outside the window', what: b.name });
    // The tagline is either whole or visibly shortened (an ellipsis), never cut under a button.
    const tagline = header.querySelector('.tagline');
    if (tagline && tagline.getBoundingClientRect().width > 0 && getComputedStyle(tagline).textOverflow !== 'ellipsis')
      out.push({ kind: 'header', what: 'tagline can be cut without an ellipsis' });
    const overlap = (a: Box, b: Box) =>
      Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) if (overlap(boxes[i]!, boxes[j]!)) out.push({ kind: 'header parts overlap', what: `${boxes[i]!.name} / ${boxes[j]!.name}` });
    return out;
  });
}

/** Phrases of the other language on screen, and dashes stuck to a word. */
async function languageDefects(page: Page, lang: Lang): Promise<Defect[]> {
  const other: Lang = lang === 'en' ? 'cs' : 'en';
  const text = await ownText(page, lang);
  const lower = text.toLowerCase();
  const out = PHRASES[other].filter((p) => lower.includes(p.toLowerCase())).map((p) => ({ kind: `${other} words on a ${lang} page`, what: p }));
  // Czech letters on an English page (the English case has none of its own outside the editors).
  if (lang === 'en') {
    const m = lower.match(/\S*[ěščřžýůťďň]\S*/);
    if (m) out.push({ kind: 'cs words on a en page', what: m[0] });
  }
  // English words the page writes on a Czech page (what the case says is hidden; quoted text and
  // TeX-like markers in findings are the case's words and are taken out first).
  if (lang === 'cs') {
    const ours = text.replace(/„[^“\n]*“|"[^"\n]*"|\\\w+\{[^}]*\}|\[[^\]\n]*\]/g, ' ');
    const m = ours.match(ENGLISH_WORDS);
    if (m) out.push({ kind: 'en words on a cs page', what: ours.slice(Math.max(0, m.index! - 40), m.index! + 40) });
  }
  // A spaced dash or separator that lost one of its spaces ("chunk 1— title", "Open now ·24 Nov"):
  // Svelte drops white space at the start and end of an element or block.
  for (const m of text.matchAll(/\S{0,20}(?:[\p{L}\d][—·]\s|\s[—·][\p{L}\d])\S{0,20}/gu)) out.push({ kind: 'dash without its space', what: m[0] });
  return out;
}

/** Text whose colour is too close to its background (WCAG contrast below 3:1, enabled controls and text). */
function contrastDefects(page: Page): Promise<Defect[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    /** Any CSS colour (rgb(), color(srgb …), oklab() …) as 0–255 RGBA with alpha 0–1. */
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
    const background = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let bg = [255, 255, 255, 1];
      if (!layers.length || layers[layers.length - 1]![3]! < 1) bg = rgba(getComputedStyle(document.body).backgroundColor);
      for (const l of layers.reverse()) bg = over(l, bg);
      return bg;
    };
    const lum = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const dialogs = [...document.querySelectorAll('dialog[open]')];
    const root = dialogs.length ? dialogs[dialogs.length - 1]! : document.body;
    const out: { kind: string; what: string }[] = [];
    const seen = new Set<string>();
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('.monaco-editor, svg, [aria-hidden="true"], :disabled, [aria-disabled="true"], .visually-hidden, .sr-only')) continue;
      if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const s = getComputedStyle(el);
      const bg = background(el);
      const fg = over(rgba(s.color), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a! + 0.05) / (b! + 0.05);
      if (ratio < 3) {
        const key = `${el.tagName}.${el.className} ${s.color} ${ratio.toFixed(1)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ kind: 'low contrast', what: `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')} “${(el.textContent ?? '').trim().slice(0, 30)}” ${ratio.toFixed(2)}:1` });
      }
    }
    return out;
  });
}

/** Scroll the page and its scrolling panels back to the top. */
function scrollTop(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const el of document.querySelectorAll('.view-panel, .report-scroll')) el.scrollTop = 0;
  });
}

/**
 * Screenshot and checks at every width for the view on screen now; each of `more` (parts below
 * the fold: the report at 800 px, the claim list, the results table) gets a screenshot of its own
 * scrolled into view, when that shows something the first did not.
 */
async function review(page: Page, testInfo: TestInfo, lang: Lang, theme: string, view: string, found: string[], more: string[] = []): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await scrollTop(page);
    // Let layout settle (Monaco relayouts on resize).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await snap(page, testInfo, `${view}-${width}-${lang}-${theme}`);
    for (const [i, selector] of more.entries()) {
      // Only when scrolling there shows something else (at 1280 px and up the report is in view).
      const moved = await page.locator(selector).first().evaluate((el) => {
        const offsets = () => [window.scrollY, ...[...document.querySelectorAll('.view-panel, .report-scroll')].map((e) => e.scrollTop)].join();
        const before = offsets();
        el.scrollIntoView({ block: 'start' });
        return offsets() !== before;
      });
      if (moved) await snap(page, testInfo, `${view}-more${i + 1}-${width}-${lang}-${theme}`);
    }
    const once = width === WIDTHS[0] ? [...(await languageDefects(page, lang)), ...(await contrastDefects(page))] : [];
    const defects = [...(await layoutDefects(page)), ...(await headerDefects(page)), ...once];
    for (const d of defects) found.push(`${view} at ${width} px: ${d.kind}: ${d.what}`);
  }
}

for (const lang of ['en', 'cs'] as const) {
  test.describe(`every view at four widths, ${lang === 'en' ? 'English' : 'Czech'}, both themes`, () => {
    // The browser's own locale matches (date fields and number inputs follow it, not the page).
    test.use({ locale: lang === 'en' ? 'en-GB' : 'cs-CZ' });
    for (const theme of ['light', 'dark'] as const) {
      test(`${lang}, ${theme}: no sideways scroll, no cut-off text, no overlap, readable, one language`, { tag: '@screens' }, async ({ page }, testInfo) => {
        test.slow();
        const found: string[] = [];
        const h = HISTORY_STRINGS[lang];
        const t = MESSAGES[lang];
        await openWith(page, lang, theme);
        await review(page, testInfo, lang, theme, 'workbench', found, ['.report-card', '#claims-h']);

        // History, with the audit just run in it.
        await page.locator('header').getByRole('button', { name: t.history, exact: true }).click();
        const historyDialog = page.getByRole('dialog', { name: h.historyTitle });
        await expect(historyDialog.getByRole('listitem').first()).toBeVisible();
        await review(page, testInfo, lang, theme, 'history', found);
        await page.keyboard.press('Escape');
        await expect(historyDialog).toBeHidden();

        await page.locator('header').getByRole('button', { name: t.settings, exact: true }).click();
        const settings = page.getByRole('dialog', { name: t.settingsTitle });
        await expect(settings).toBeVisible();
        await review(page, testInfo, lang, theme, 'settings', found);
        // With each provider: their fields differ (an OpenAI-compatible server's long name).
        const provider = settings.getByLabel(lang === 'en' ? 'Provider' : 'Poskytovatel', { exact: true });
        await provider.selectOption('openai');
        await review(page, testInfo, lang, theme, 'settings-openai', found);
        await provider.selectOption('anthropic');
        await page.keyboard.press('Escape');
        await expect(settings).toBeHidden();

        await page.locator('header').getByRole('button', { name: t.share, exact: true }).click();
        const share = page.getByRole('dialog', { name: h.shareTitle });
        await expect(share.getByRole('textbox').first()).not.toHaveValue('');
        await review(page, testInfo, lang, theme, 'share', found);
        await page.keyboard.press('Escape');
        await expect(share).toBeHidden();

        // The Dataset view with a dataset checked, then the Annotate view on it.
        const views = page.getByRole('navigation', { name: VIEW_NAMES[lang].label });
        await views.getByRole('button', { name: VIEW_NAMES[lang].dataset }).click();
        await page.getByLabel(ANNOTATE_STRINGS[lang].openDataset).setInputFiles(DATASET);
        await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '3', { timeout: 20_000 });
        await review(page, testInfo, lang, theme, 'dataset', found, ['.dataset .scroll:has(> table)']);

        await views.getByRole('button', { name: VIEW_NAMES[lang].annotate }).click();
        await expect(page.getByTestId('claim-text')).toBeVisible();
        await review(page, testInfo, lang, theme, 'annotate', found);

        expect(found).toEqual([]);
      });
    }
  });
}
