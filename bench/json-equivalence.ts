// parseJson (JSON.parse first, spans on demand) against the position-keeping parse alone
// (parseWithPositions), as issue 34 asks: 83,000 inputs must give the same value, or the same
// error message, offset and end offset. The inputs: 60,000 random strings over JSON's own
// characters, 3,000 JSON values from fast-check, and 20,000 shared and labelled cases
// (../shared/cases) damaged at a random place (a character deleted, doubled or replaced).
//
//   node --import tsx bench/json-equivalence.ts
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parseJson } from '../src/core/parse/json';
import { parseWithPositions } from '../src/core/parse/jsonPositions';
import { rng } from './generate';

const random = rng(34);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const CHARS = [...'{}[]":,  \n\t0123456789-+.eEtrufalsn\\/ubx', '\u00e9', '\u2028', '\ufeff', '\u0001', '\ud83d', '\ude00'];

const inputs: string[] = [];
for (let i = 0; i < 60_000; i++) inputs.push(Array.from({ length: Math.floor(random() * 40) }, () => pick(CHARS)).join(''));
for (const v of fc.sample(fc.json(), { numRuns: 3_000, seed: 34 })) inputs.push(v);

const dir = join(import.meta.dirname, '../../shared/cases');
const texts: string[] = [];
try {
  for (const f of readdirSync(dir)) if (f.endsWith('.json')) texts.push(readFileSync(join(dir, f), 'utf8'));
  for (const f of readdirSync(join(dir, 'labelled'))) if (f.endsWith('.jsonl')) texts.push(...readFileSync(join(dir, 'labelled', f), 'utf8').split('\n').filter((l) => l.trim()).slice(0, 200));
} catch {
  console.log(`(no ${dir}: the damaged cases are left out)`);
}
for (let i = 0; texts.length && i < 20_000; i++) {
  const t = pick(texts);
  const at = Math.floor(random() * t.length);
  const how = random();
  inputs.push(how < 0.2 ? t : how < 0.5 ? t.slice(0, at) + t.slice(at + 1) : how < 0.75 ? t.slice(0, at) + t[at] + t.slice(at) : t.slice(0, at) + pick(CHARS) + t.slice(at + 1));
}

let same = 0;
let valid = 0;
const differ: string[] = [];
for (const text of inputs) {
  const a = parseJson(text);
  const b = parseWithPositions(text);
  const equal = a.error || b.error ? isDeepStrictEqual(a.error, b.error) : isDeepStrictEqual(a.value, b.value) && isDeepStrictEqual(a.locateNearest(['chunks', 0, 'text']), b.locateNearest(['chunks', 0, 'text']));
  if (!a.error) valid++;
  if (equal) same++;
  else if (differ.length < 5) differ.push(JSON.stringify(text.slice(0, 80)));
}
console.log(`${inputs.length} inputs (${valid} valid JSON): ${same} the same, ${inputs.length - same} different`);
for (const d of differ) console.log(`  differs: ${d}`);
if (same !== inputs.length) process.exitCode = 1;
