// zod must be configured before any schema is built (see src/core/zod.ts), which holds only if
// every module that builds schemas imports zod through that one module.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from '../../src/core/zod';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|svelte)$/.test(name)) out.push(p);
  }
  return out;
}

describe('zod is imported through src/core/zod only', () => {
  it('no other source file imports zod directly', () => {
    const root = path.resolve(process.cwd(), 'src');
    const own = path.join(root, 'core', 'zod.ts');
    const direct = sources(root).filter((p) => p !== own && /from\s+['"]zod(\/[^'"]*)?['"]|import\(\s*['"]zod/.test(readFileSync(p, 'utf8')));
    expect(direct.map((p) => path.relative(root, p))).toEqual([]);
  });

  it('the shared import turns the eval probe off', () => {
    expect(z.config().jitless).toBe(true);
  });
});
