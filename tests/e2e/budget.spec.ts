// The first-paint budget (docs/performance.md): the JS the built page loads before any dynamic
// import stays within 100 KB gzip. A size, not a time: it is the same on every machine. It failed
// at 141 KB when the report builder and every check rode in with the page (a table of dimension
// names imported from the checks' registry), which no other test saw.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { initialScripts } from '../../bench/ui';

const dist = process.env.E2E_DIST ?? 'dist';
const BUDGET = 100 * 1024;

test('the page loads at most 100 KB gzip of JS before any dynamic import', () => {
  const files = initialScripts(dist);
  expect(files.length).toBeGreaterThan(0);
  const sizes = files.map((f) => [f, gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length] as const);
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([f, n]) => `${f} ${(n / 1024).toFixed(1)} KB`);
  expect(total, `initial JS ${(total / 1024).toFixed(1)} KB gzip; largest: ${largest.join(', ')}`).toBeLessThanOrEqual(BUDGET);
});
