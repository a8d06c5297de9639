// A temporary folder for a test, removed when the test ends: the suite leaves nothing behind in
// the system's temp dir. Call useTempDir in a describe (or at the top of a file); each test gets
// a fresh folder from the returned function, made on first use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export function useTempDir(prefix = 'citation-audit-test-'): () => string {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return () => (dir ??= mkdtempSync(join(tmpdir(), prefix)));
}
