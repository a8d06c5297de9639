import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';

// Builds src/cli.ts into one Node ESM file so `npx citation-audit` runs without a TS loader.
export default defineConfig({
  // Node has no CSP: zod may compile its object parsers here (see src/core/zod.ts).
  define: { __CLI_ZOD_JIT__: 'true' },
  build: {
    ssr: 'src/cli.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { entryFileNames: 'cli.mjs', format: 'es' },
    },
  },
  ssr: { noExternal: true },
});
