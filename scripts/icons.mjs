#!/usr/bin/env node
// Draws the app's icons (public/) from the two SVGs in scripts/icons/: the favicon as SVG, and
// the PNGs the web app manifest names — 192 and 512 px, plain (a rounded tile) and maskable (full
// bleed, the glyph inside the central 80 % that every mask keeps) — plus the 180 px Apple touch
// icon. Rasterised by headless Chromium, so no image tool is needed beyond the tests' browser.
//
//   node scripts/browser.mjs node scripts/icons.mjs
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'scripts/icons');
const out = path.join(root, 'public');

const PNGS = [
  ['icon.svg', 192, 'pwa-192.png'],
  ['icon.svg', 512, 'pwa-512.png'],
  ['icon-maskable.svg', 192, 'pwa-maskable-192.png'],
  ['icon-maskable.svg', 512, 'pwa-maskable-512.png'],
  ['icon-maskable.svg', 180, 'apple-touch-icon.png'],
];

copyFileSync(path.join(src, 'icon.svg'), path.join(out, 'icon.svg'));
const tmp = mkdtempSync(path.join(tmpdir(), 'icons-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const [svg, size, png] of PNGS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const html = path.join(tmp, `${png}.html`);
    writeFileSync(html, `<!doctype html><body style="margin:0"><img src="file://${path.join(src, svg)}" style="display:block;width:${size}px;height:${size}px">`);
    await page.goto(`file://${html}`);
    await page.screenshot({ path: path.join(out, png), omitBackground: true });
    await page.close();
    console.log(`public/${png}`);
  }
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
