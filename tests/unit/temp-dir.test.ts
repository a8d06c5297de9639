// The suite leaves nothing in the system's temp dir (issue 31, item 15): every test that writes
// files takes its folder from tests/factories/tempDir.ts, which removes it when the test (or the
// file) ends, and no test makes one by itself.
import { beforeEach, describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tempDir } from '../factories/tempDir';

const ROOT = join(__dirname, '..', '..');
const top = tempDir('citation-audit-tempdir-file-');
let each = '';
const made: string[] = [];
beforeEach(() => {
  each = tempDir('citation-audit-tempdir-each-');
  made.push(each);
});

describe('tempDir', () => {
  test('gives a folder that exists while the test runs', () => {
    const inner = tempDir('citation-audit-tempdir-in-');
    made.push(inner);
    for (const d of [top, each, inner]) expect(existsSync(d)).toBe(true);
  });

  test('removed the folders of the test before, keeps the file\'s', () => {
    for (const d of made.slice(0, 2)) expect(existsSync(d)).toBe(false);
    expect(existsSync(top)).toBe(true);
  });
});

test('no test makes a temporary folder but through tempDir', () => {
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(p);
      } else if (/\.test\.ts$/.test(e.name) && /\bmkdtemp(Sync)?\(/.test(readFileSync(p, 'utf8'))) offenders.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'tests', 'unit'));
  expect(offenders).toEqual([]);
});
