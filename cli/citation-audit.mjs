#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist-cli/cli.mjs', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('citation-audit: the CLI is not built yet; run `npm ci` (or `npm run build:cli`) in the project first.\n');
  process.exit(2);
}
const { main } = await import(built);
process.exitCode = await main(process.argv.slice(2));
