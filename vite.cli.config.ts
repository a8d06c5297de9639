import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';

// Builds the package in cli/ (docs/library.md): the command (src/cli.ts → cli/dist/cli.mjs, which
// `npx citation-audit` runs without a TS loader) and the library (src/lib/index.ts →
// cli/dist/index.mjs), sharing their chunks. Everything of ours and of our dependencies is bundled,
// so the package installs with no dependencies of its own; only Node's modules stay outside.
export default defineConfig({
  // Node has no CSP: zod may compile its object parsers here (see src/core/zod.ts).
  define: { __CLI_ZOD_JIT__: 'true' },
  // The page's icons are not the package's.
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'cli/dist',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: { cli: 'src/cli.ts', index: 'src/lib/index.ts' },
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', format: 'es' },
    },
  },
  ssr: { noExternal: true },
});
