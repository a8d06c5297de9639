// One temporary folder helper for every test that writes files: the folder is removed when the
// test that made it ends (called in a test or a beforeEach), or when the file's tests end (called
// at the top of a file or a describe, for inputs written once). The suite leaves nothing behind
// in the system's temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

export function tempDir(prefix = 'citation-audit-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // Inside a running test (its body or a beforeEach): gone when that test ends.
    onTestFinished(remove);
  } catch {
    // While the file is collected (top level or a describe): gone when its tests end.
    afterAll(remove);
  }
  return dir;
}
