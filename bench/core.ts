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

/** Runs fn until it has run at least `runs` times and for at least `ms` milliseconds (JIT warm-up). */
export function warmUp(fn: () => unknown, ms: number, runs: number): void {
  const t0 = performance.now();
  for (let i = 0; i < runs || performance.now() - t0 < ms; i++) fn();
}

function once(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export function benchCore(): Record<string, number | string> {
  const large = generateLargeCase();
  const bytes = large.answer + large.chunks.map((c) => c.text).join('');
  const re = /\[(\d+)\]|\\cite\{[^}]*\}/g;
  const regexPass = () => {
    let n = 0;
    re.lastIndex = 0;
    while (re.exec(bytes)) n++;
    return n;
  };
  const audit = () => auditCase(large);
  // What a one-shot run (the CLI) pays: the very first audit, before V8 has optimised anything.
  const firstMs = once(() => auditCase(structuredClone(large)));
  // Both sides are warmed up until V8 has optimised them (its optimising compiler runs in the
  // background and, on a loaded machine, takes a second or so to catch up), then timed in
  // alternation, so that a change of load on the shared machine hits both alike; the ratio is
  // of the two medians. The audit is the workbench's re-audit: same case, same chunk objects.
  warmUp(regexPass, 100, 30);
  warmUp(audit, 1500, 20);
  const regexXs: number[] = [];
  const auditXs: number[] = [];
  for (let i = 0; i < 31; i++) {
    regexXs.push(once(regexPass));
    auditXs.push(once(audit));
    regexXs.push(once(regexPass));
  }
  const regexMs = median(regexXs);
  const auditMs = median(auditXs);
  // A case never seen before: other chunk texts (another seed), so nothing kept from an earlier
  // audit applies (the relevance check's chunk statistics are built again: every chunk is
  // tokenised).
  const unseen = Array.from({ length: 11 }, (_, i) => generateLargeCase({ seed: 1000 + i }));
  const coldMs = median(unseen.map((c) => once(() => auditCase(c))));
  // The workbench's keystroke: the editors are parsed again, so the chunks are equal in content
  // but new objects (the statistics are found by content, not rebuilt).
  const reparsedXs: number[] = [];
  for (let i = 0; i < 11; i++) {
    const copy = structuredClone(large);
    reparsedXs.push(once(() => auditCase(copy)));
  }
  const reparsedMs = median(reparsedXs);
  const shared = loadSharedCases();
  const perCase = shared.map(({ c }) => time(() => auditCase(c), 21));
  return {
    'large case: answer chars': large.answer.length,
    'large case: citations': auditCase(large).citations.length,
    'large case: chunk bytes': bytes.length - large.answer.length,
    'regex pass (ms)': +regexMs.toFixed(3),
    'local audit (ms)': +auditMs.toFixed(2),
    'audit / regex (target <= 25x)': +(auditMs / regexMs).toFixed(1),
    'audit of a case never seen, other texts (ms)': +coldMs.toFixed(2),
    'never-seen case / regex': +(coldMs / regexMs).toFixed(1),
    'same chunks in new objects, as after a keystroke (ms)': +reparsedMs.toFixed(2),
    'same chunks in new objects / regex': +(reparsedMs / regexMs).toFixed(1),
    'first audit in the process, unoptimised (ms)': +firstMs.toFixed(1),
    'shared cases': shared.length,
    'median audit over shared cases (ms, target <= 2)': shared.length ? +median(perCase).toFixed(3) : 'missing ../shared/cases',
    'max audit over shared cases (ms)': shared.length ? +Math.max(...perCase).toFixed(3) : '—',
  };
}
