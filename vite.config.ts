import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';

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
  plugins: [
    svelte(),
    // The page works offline after one visit (docs/usage.md). generateSW: all the worker has to
    // do is serve the build from its precache and index.html for navigations; Workbox writes
    // that, so no worker code of ours. 'prompt': a new build waits until the user reloads
    // (state/appUpdate.svelte.ts), never mixed with the running one.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // platform/serviceWorker.ts registers it (an injected inline script would break the CSP).
      injectRegister: false,
      // The globs below already take the icons.
      includeManifestIcons: false,
      manifest: {
        name: 'Citation Auditor',
        short_name: 'Citations',
        description: 'Audit the citations in RAG answers: local checks in the browser, model checks with your own key.',
        start_url: './',
        scope: './',
        display: 'standalone',
        theme_color: '#2456c9',
        background_color: '#f4f5f7',
        icons: [
          { src: 'pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'pwa-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Only the build's own files, all of them (Monaco, its workers, the codicon font,
        // examples); nothing is cached at run time, so no API answer or key ever is.
        globPatterns: ['**/*.{js,css,html,ttf,woff,woff2,svg,png,json}'],
        runtimeCaching: [],
        // Monaco's main chunk is larger than Workbox's 2 MiB default.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // The app's own address with any query opens index.html (a share link's fragment never
        // reaches the server, so it is that address too); other pages a host keeps in the same
        // folder stay theirs.
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: [/\/(index\.html)?(\?.*)?$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Vite warns about a script near Chromium's 3 MiB memory-cache limit (see the groups below).
    chunkSizeWarningLimit: 3000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's helper for dynamic imports stays a chunk of its own: the page's first script
            // needs it, and a group below would otherwise take it in with Monaco's modules.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
            // Monaco in two scripts, each under the 3 MiB up to which Chromium keeps a script and
            // its compiled code in the tab's memory between loads: its base, platform services
            // and editor model (~2.0 MB) here, the editor's view, features and our setup (~1.4 MB)
            // in setup-*.js. As one chunk (3.3 MiB) it was dropped at each garbage collection and
            // parsed again on a later reload (tests/e2e/cache-limit.spec.ts, bench/RESULTS.md
            // "Issue 30, Monaco under 3 MiB"). Both load with the editors, never with the page.
            { name: 'monaco-core', test: /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/](base|platform|editor[\\/]common)[\\/]/ },
          ],
        },
      },
    },
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
