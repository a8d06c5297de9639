// `npm run bench`: prints every benchmark's figures; ratios are against baselines measured in the
// same run, because these machines are shared and noisy.
import { benchCore, loadSharedCases } from './core';
import { benchModelRequests } from './model';

function print(title: string, figures: Record<string, number | string>): void {
  console.log(`\n## ${title}`);
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(width)}  ${v}`);
}

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('core')) print('Local audit (core)', benchCore());
if (want('model')) print('Model requests per audit vs one request per claim with all chunks', await benchModelRequests(loadSharedCases().map((x) => x.c)));
