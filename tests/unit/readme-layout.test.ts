// The code map of docs/architecture.md (between its code-map markers) is the map of the code:
// every file or folder it names in `code` must exist, and every folder of src/ (two levels deep)
// must be named in it. A move or a new folder that forgets the page fails here. The README stays a
// front door: short, opening with the two commands, and every page it or docs/ links to exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

const MAP_START = '<!-- code-map:start -->';
const MAP_END = '<!-- code-map:end -->';

function codeMap(page: string): string {
  const start = page.indexOf(MAP_START);
  const end = page.indexOf(MAP_END, start);
  if (start < 0 || end < 0) throw new Error(`docs/architecture.md has no section between ${MAP_START} and ${MAP_END}`);
  return page.slice(start + MAP_START.length, end);
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

/** Relative link targets of a Markdown page whose file, or whose heading anchor, does not exist (URLs and code aside). */
function brokenLinks(page: string, dir: string): string[] {
  const out: string[] = [];
  const prose = (text: string) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  for (const [, target] of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [file, anchor] = target!.split('#') as [string, string | undefined];
    const full = file ? path.resolve(dir, file) : undefined;
    if (full && !existsSync(full)) {
      out.push(target!);
      continue;
    }
    if (anchor === undefined || (full && !full.endsWith('.md'))) continue;
    const text = full ? readFileSync(full, 'utf8') : page;
    const anchors = [...prose(text).matchAll(/^#+ (.+)$/gm)].map(([, h]) => anchorOf(h!));
    if (!anchors.includes(anchor)) out.push(target!);
  }
  return out;
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

describe('the code map of docs/architecture.md', () => {
  const section = codeMap(readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));
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

describe('the README and docs/', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const docs = readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));

  it('keeps the README short and opening with the two commands', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    // Nothing but the title comes before the commands.
    const firstBlock = /^# [^\n]+\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toContain('npm ci && npm start');
    expect(firstBlock).toContain('npm ci && npm test');
  });

  it('links only to files and headings that exist', () => {
    expect(brokenLinks(readme, ROOT)).toEqual([]);
    const inDocs = docs.flatMap((page) => brokenLinks(readFileSync(path.join(ROOT, 'docs', page), 'utf8'), path.join(ROOT, 'docs')).map((t) => `${page}: ${t}`));
    expect(inDocs).toEqual([]);
    // The check itself must be able to fail.
    const fake = '# Here (and there)\n[a](docs/nothing.md) [b](https://x.org) [c](#here-and-there) [d](README.md#quick-start) `[e](nowhere)` [f](README.md#no-such-part)';
    expect(brokenLinks(fake, ROOT)).toEqual(['docs/nothing.md', 'README.md#no-such-part']);
  });

  it('links every page of docs/ from the README', () => {
    expect(docs.filter((page) => !readme.includes(`(docs/${page})`))).toEqual([]);
  });
});
