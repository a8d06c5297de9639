// Chromium keeps a script in the tab's memory cache, with its compiled code, from one load to the
// next only if the script is at most 3 MiB (Blink's `MemoryCacheStrongReference`); a larger one
// stays only until the next garbage collection, and a reload after that reads it from the disk
// cache and parses it again. Monaco's chunk was 3.3 MiB until vite.config.ts split it: every
// second or third reload parsed it anew (0.4–1.0 s), for users and in these runs alike
// (bench/RESULTS.md, "Issue 30, page loads, second pass" and "Monaco under 3 MiB"). A size, not a
// time: this fails when a script of the build outgrows the limit, or when the runs' browser is
// given a higher one (which would hide what a user's Chrome does).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const dist = process.env.E2E_DIST ?? 'dist';
const BLINK_LIMIT = 3 * 1024 * 1024;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
test("every script of the build fits the memory cache a user's Chrome keeps between loads", ({}, testInfo) => {
  const assets = path.join(dist, 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const over = scripts.map((f) => [f, statSync(path.join(assets, f)).size] as const).filter(([, size]) => size > BLINK_LIMIT);
  expect(over, `Blink keeps a script in memory up to ${BLINK_LIMIT} bytes`).toEqual([]);
  const args = testInfo.project.use.launchOptions?.args ?? [];
  expect(args.filter((a) => a.includes('memory_cache_strong_ref')), "the runs' browser keeps Blink's limit").toEqual([]);
});
