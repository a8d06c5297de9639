// The README's layout section (Development → "Layout: …") is the map of the code: every file or
// folder it names in `code` must exist, and every folder of src/ (two levels deep) must be named
// in it. A move or a new folder that forgets the README fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

function layoutSection(readme: string): string {
  const start = readme.indexOf('Layout: imports flow');
  const end = readme.indexOf('\nBenchmarks print ratios', start);
  if (start < 0 || end < 0) throw new Error('the README has no layout section where this test looks for it');
  return readme.slice(start, end);
}

/** The path-like words inside `code` spans: with a slash, or a file name with an extension. */
function namedPaths(section: string): string[] {
  const out: string[] = [];
  for (const [, code] of section.matchAll(/`([^`]+)`/g)) {
    for (const word of code!.split(/\s+/)) {
      if (/^(\.\.\/|[\w-])[\w./-]*(\/|\.(ts|svelte|css|js|mjs|md))$/.test(word) || /^[\w.-]+\/[\w./-]+$/.test(word)) out.push(word);
    }
  }
  return out;
}

function allFiles(dir: string, acc: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.') || name.startsWith('dist')) continue;
    const p = path.join(dir, name);
    acc.push(p);
    if (statSync(p).isDirectory()) allFiles(p, acc);
  }
  return acc;
}

/** Top-level folders git ignores (test output, builds): made by a run, so absent from a fresh clone. */
function generatedFolders(): string[] {
  const ignore = existsSync(path.join(ROOT, '.gitignore')) ? readFileSync(path.join(ROOT, '.gitignore'), 'utf8') : '';
  return ignore
    .split('\n')
    .map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''))
    .filter((l) => l && !l.startsWith('#') && !/[*!]/.test(l));
}

/** Names that resolve to nothing: tried from the root, and as the end of any path in src/ or tests/. */
function missing(names: readonly string[], files: readonly string[]): string[] {
  const rel = files.map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
  const generated = generatedFolders();
  return names.filter((n) => {
    const bare = n.replace(/\/$/, '');
    if (generated.some((g) => bare === g || bare.startsWith(`${g}/`))) return false;
    if (existsSync(path.join(ROOT, bare))) return false;
    return !rel.some((r) => r === bare || r.endsWith(`/${bare}`));
  });
}

/** Folders of src/ (two levels) that the section does not name. */
function unnamedFolders(section: string, folders: readonly string[]): string[] {
  const words = namedPaths(section);
  return folders.filter((f) => {
    const parts = f.split('/');
    if (parts.length === 1) return !words.some((w) => w === `src/${f}` || w.startsWith(`src/${f}/`));
    const last = parts[parts.length - 1]!;
    return !words.some((w) => new RegExp(`(^|/)${last}/`).test(w) || w.includes(f));
  });
}

function srcFolders(): string[] {
  const out: string[] = [];
  for (const a of readdirSync(SRC)) {
    if (!statSync(path.join(SRC, a)).isDirectory()) continue;
    out.push(a);
    for (const b of readdirSync(path.join(SRC, a))) if (statSync(path.join(SRC, a, b)).isDirectory()) out.push(`${a}/${b}`);
  }
  return out;
}

describe('the README layout section', () => {
  const section = layoutSection(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const files = [...allFiles(SRC), ...allFiles(path.join(ROOT, 'tests'))];

  it('names only files and folders that exist', () => {
    expect(namedPaths(section).length).toBeGreaterThan(30);
    expect(missing(namedPaths(section), files)).toEqual([]);
  });

  it('names every folder of src/', () => {
    expect(unnamedFolders(section, srcFolders())).toEqual([]);
  });

  it('would notice a renamed file and a folder it never mentions', () => {
    // The checks themselves must be able to fail.
    const fake = 'Layout: `src/core` with `claims.ts`, `core/claimz.ts` and `parse/`.';
    expect(missing(namedPaths(fake), files)).toEqual(['core/claimz.ts']);
    expect(unnamedFolders(fake, ['core', 'core/parse', 'core/checks', 'cli'])).toEqual(['core/checks', 'cli']);
  });
});
