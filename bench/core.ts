// Local audit speed: the large generated case against one regex pass over the same bytes,
// and the median audit time over the shared cases.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { auditCase } from '../src/core/audit';
import { parseCaseText } from '../src/core/parse/case';
import type { AuditCase } from '../src/core/types';
import { generateLargeCase } from './generate';

export const SHARED_CASES = join(process.cwd(), '..', 'shared', 'cases');

export function loadSharedCases(): { name: string; c: AuditCase }[] {
  if (!existsSync(SHARED_CASES)) return [];
  return readdirSync(SHARED_CASES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const r = parseCaseText(readFileSync(join(SHARED_CASES, f), 'utf8'));
      if (!r.value) throw new Error(`${f}: ${r.errors.map((e) => e.message).join('; ')}`);
      return { name: f.replace(/\.json$/, ''), c: r.value };
    });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median wall time of fn over runs after warm-up, in milliseconds. */
export function time(fn: () => unknown, runs: number, warmup = 3): number {
  for (let i = 0; i < warmup; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

export function benchCore(): Record<string, number | string> {
  const large = generateLargeCase();
  const bytes = large.answer + large.chunks.map((c) => c.text).join('');
  const re = /\[(\d+)\]|\\cite\{[^}]*\}/g;
  const regexMs = time(() => {
    let n = 0;
    re.lastIndex = 0;
    while (re.exec(bytes)) n++;
    return n;
  }, 31);
  const auditMs = time(() => auditCase(large), 11, 2);
  const shared = loadSharedCases();
  const perCase = shared.map(({ c }) => time(() => auditCase(c), 21));
  return {
    'large case: answer chars': large.answer.length,
    'large case: citations': auditCase(large).citations.length,
    'large case: chunk bytes': bytes.length - large.answer.length,
    'regex pass (ms)': +regexMs.toFixed(3),
    'local audit (ms)': +auditMs.toFixed(2),
    'audit / regex (target <= 25x)': +(auditMs / regexMs).toFixed(1),
    'shared cases': shared.length,
    'median audit over shared cases (ms, target <= 2)': shared.length ? +median(perCase).toFixed(3) : 'missing ../shared/cases',
    'max audit over shared cases (ms)': shared.length ? +Math.max(...perCase).toFixed(3) : '—',
  };
}
