#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// In the repository the package is a workspace whose dist/ is built by `npm ci` (prepare);
// the published tarball always holds it.
const built = fileURLToPath(new URL('./dist/cli.mjs', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('citation-audit: the CLI is not built yet; run `npm ci` (or `npm run build:cli`) in the project first.\n');
  process.exit(2);
}
const { main } = await import(built);
process.exitCode = await main(process.argv.slice(2));
