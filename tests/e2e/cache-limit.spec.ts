// The runs' browser keeps every script of the build in the tab's memory cache from one load to
// the next (playwright.config.ts raises Chromium's limit for that, 3 MiB a file by default, for
// Monaco's 3.3 MiB chunk). A script over the limit is dropped at each garbage collection and
// parsed again on every second or third load of the app (bench/RESULTS.md, "Issue 30, page
// loads, second pass"). A size, not a time: this fails when a chunk outgrows the limit or the
// flag goes (the last --enable-features of the launch arguments is the one Chromium reads).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const dist = process.env.E2E_DIST ?? 'dist';
const CHROMIUM_DEFAULT = 3 * 1024 * 1024;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
test("every script of the build fits the memory cache the runs' browser keeps between loads", ({}, testInfo) => {
  const args = testInfo.project.use.launchOptions?.args ?? [];
  const features = args.filter((a) => a.startsWith('--enable-features=')).at(-1) ?? '';
  const raised = /MemoryCacheStrongReference:(?:[^,]*\/)?memory_cache_strong_ref_resource_size_threshold\/(\d+)/.exec(features);
  const limit = raised ? Number(raised[1]) : CHROMIUM_DEFAULT;
  const assets = path.join(dist, 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const over = scripts.map((f) => [f, statSync(path.join(assets, f)).size] as const).filter(([, size]) => size > limit);
  expect(over, `kept in memory up to ${limit} bytes a script`).toEqual([]);
});
