import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const UNIT = ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'];
/**
 * Unit files that must not share modules with other files: they mock a module, install or stub
 * a global (fake-indexeddb, globalThis), fake the clock, or count the work V8 does (measureWork:
 * code another file already ran is compiled differently, and the counts move). Found by reading
 * the files, so that a new such file cannot be forgotten.
 */
const ISOLATED = unitFilesThat(/\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers)\b|fake-indexeddb|globalThis\.\w+\s*=|defineProperty\(globalThis|\bmeasureWork\b/);

function unitFilesThat(pattern: RegExp): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const files = [
    ...readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => join('src', f)),
    ...readdirSync(join(root, 'tests/unit')).map((f) => join('tests/unit', f)),
  ];
  return files.filter((f) => f.endsWith('.test.ts') && pattern.test(readFileSync(join(root, f), 'utf8'))).map((f) => f.split(sep).join('/'));
}

export default defineConfig({
  // Relative base: dist/ works from any sub-path of any static host.
  base: './',
  plugins: [svelte()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    testTimeout: 20000,
    // Threads, and one module graph per thread: importing the same modules again for each of
    // the 136 files was more than half of the suite's CPU. Files that mock a module or keep a
    // global (IndexedDB, fake timers, globalThis) get a fresh graph each, as before.
    pool: 'threads',
    projects: [
      { extends: true, test: { name: 'shared', include: UNIT, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
