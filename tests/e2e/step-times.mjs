#!/usr/bin/env node
// Sums the lines of tests/e2e/step-times.reporter.ts (E2E_STEP_TIMES=file.jsonl) by kind of
// step: `node tests/e2e/step-times.mjs file.jsonl [--tests|--loads]` (--tests: each test's own
// steps too; --loads: the loads of the app each test made, most first).
import { readFileSync } from 'node:fs';

const [file, flag] = process.argv.slice(2);
const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const kinds = new Map();
const add = (k, ms) => {
  const v = kinds.get(k) ?? { n: 0, ms: 0 };
  v.n++;
  v.ms += ms;
  kinds.set(k, v);
};
let total = 0;
for (const l of lines) {
  total += l.ms;
  for (const s of l.steps) {
    if (s.depth === 0) add(s.cat === 'hook' ? s.title : `${s.cat}: ${s.title.replace(/\(.*$|".*$|'.*$/, '').trim()}`, s.ms);
    else if (s.cat === 'fixture') add(`  fixture ${s.title}`, s.ms);
  }
  if (flag === '--tests') {
    console.log(`\n${(l.ms / 1000).toFixed(1)} s  ${l.file} › ${l.title}`);
    for (const s of l.steps) if (s.ms >= 300) console.log(`  ${'  '.repeat(s.depth)}${(s.ms / 1000).toFixed(2)} ${s.cat} ${s.title}`);
  }
}
const loads = lines.reduce((n, l) => n + (l.loads ?? 0), 0);
if (flag === '--loads')
  for (const l of [...lines].sort((a, b) => (b.loads ?? 0) - (a.loads ?? 0) || b.ms - a.ms))
    console.log(`${String(l.loads ?? '?').padStart(3)} loads ${(l.ms / 1000).toFixed(1).padStart(6)} s  ${l.file} › ${l.title}`);
console.log(`\n${lines.length} tests, ${(total / 1000).toFixed(1)} s of test time, ${loads} loads of the app (the worker's tab and context; a browser of a test's own not counted)`);
for (const [k, v] of [...kinds].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40))
  console.log(`${(v.ms / 1000).toFixed(1).padStart(7)} s ${String(v.n).padStart(4)}×  ${k}`);
