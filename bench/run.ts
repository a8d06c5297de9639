// `npm run bench`: prints every benchmark's figures; ratios are against baselines measured in the
// same run, because these machines are shared and noisy.
import { benchCore, loadSharedCases } from './core';
import { benchBatchTokens, benchModelRequests } from './model';
import { benchHistory, benchHistoryChromium, benchShareLinks } from './history';
import { benchDataset } from './dataset';
import { benchUi } from './ui';
import { benchPathological } from './pathological';
import { benchCli } from './cli';
import { benchRefs, buildRefPages } from './refs';

function print(title: string, figures: Record<string, number | string>): void {
  console.log(`\n## ${title}`);
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(width)}  ${v}`);
}

const only = process.argv.slice(2);
// The build the Chromium benchmarks load (BENCH_DIST=dist-x, for a build of one's own).
const dist = process.env.BENCH_DIST || 'dist';
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('core')) print('Local audit (core)', benchCore());
if (want('pathological')) print('Pathological inputs: time at 1×, 2×, 4× and growth per doubling (target <= 2.2)', benchPathological());
if (want('model')) print('Model requests per audit vs one request per claim with all chunks', await benchModelRequests(loadSharedCases().map((x) => x.c)));
if (want('model')) print('Model input tokens per case: batch path vs interactive path (local fake API)', await benchBatchTokens(loadSharedCases().map((x) => x.c)));
if (want('share')) print('Share links (characters) vs plain deflate+base64url', benchShareLinks());
if (want('history')) print('History: 10,000 audits (fake-indexeddb in Node) vs raw IndexedDB reads', await benchHistory());
if (want('history-chromium')) print('History: 10,000 audits in Chromium vs raw IndexedDB reads', await benchHistoryChromium({ dist }));
if (want('dataset')) print('Dataset: 1,000 cases in the worker (Chromium)', await benchDataset({ dist }));
if (want('ui')) {
  // BENCH_REF=<commit or built dir>[,…]: the same figures for those builds, interleaved with this one's.
  const refs = buildRefPages(benchRefs());
  try {
    print('Workbench UI', await benchUi({ dist, refs: refs.builds }));
  } finally {
    refs.cleanup();
  }
}
if (want('cli')) print('CLI: local audit of a generated 100,000-case JSONL vs a parse-only pass', await benchCli());
