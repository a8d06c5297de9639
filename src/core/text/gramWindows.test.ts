import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { candidateWindows, gramCode, gramSource } from './gramWindows';

/** The window count the sweep stands for: every window's hits counted, leftmost best first. */
function everyWindow(q: Int32Array, h: Int32Array, k: number, count: number): { start: number; hits: number }[] {
  const m = q.length;
  const n = h.length;
  const qGrams = new Set<number>();
  for (let i = 0; i + k <= m; i++) qGrams.add(gramCode(q, i, k));
  if (n <= m) {
    let hits = 0;
    for (let i = 0; i + k <= n; i++) if (qGrams.has(gramCode(h, i, k))) hits++;
    return [{ start: 0, hits }];
  }
  const hitCount = n - k + 1;
  const prefix = new Int32Array(hitCount + 1);
  for (let i = 0; i < hitCount; i++) prefix[i + 1] = prefix[i]! + (qGrams.has(gramCode(h, i, k)) ? 1 : 0);
  const taken: { start: number; hits: number }[] = [];
  for (let c = 0; c < count; c++) {
    let best = -1;
    let bestHits = -1;
    for (let s = 0; s < n - m + 1; s++) {
      const hits = prefix[Math.min(hitCount, s + m - k + 1)]! - prefix[s]!;
      if (hits > bestHits && !taken.some((t) => Math.abs(t.start - s) < m)) {
        best = s;
        bestHits = hits;
      }
    }
    if (best < 0 || (c > 0 && bestHits === 0)) break;
    taken.push({ start: best, hits: bestHits });
  }
  return taken;
}

const syms = (s: string) => Int32Array.from(s, (c) => c.charCodeAt(0));

describe('candidateWindows', () => {
  it('finds the windows a count over every window finds, from a scan or from the gram table', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), minLength: 1, maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), maxLength: 300 }), (q, h) => {
        const [qs, hs] = [syms(q), syms(h)];
        const k = Math.min(3, qs.length);
        const src = gramSource(hs, k);
        const want = everyWindow(qs, hs, k, 3);
        // Five times: the first ones scan, the later ones read the table built after them.
        for (let i = 0; i < 5; i++) expect(candidateWindows(qs, hs, k, 3, () => src).map(({ start, hits }) => ({ start, hits }))).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('takes a window that starts just past a taken one when its only hit came in before', () => {
    const [q, h] = [syms('abcd'), syms('abcdbcdzzzzzz')];
    const src = gramSource(h, 3);
    expect(candidateWindows(q, h, 3, 3, () => src).map((w) => [w.start, w.hits])).toEqual([
      [0, 2],
      [4, 1],
    ]);
    expect(everyWindow(q, h, 3, 3).map((w) => [w.start, w.hits])).toEqual([
      [0, 2],
      [4, 1],
    ]);
  });

  it('past the budget, the windows come from the rarer grams and are counted with all of them', () => {
    const h = syms(`${'the cat sat on the mat. '.repeat(400)}a rare zebra quoted here. ${'the cat sat on the mat. '.repeat(400)}`);
    const q = syms('the rare zebra quoted');
    const src = gramSource(h, 3);
    const [first] = candidateWindows(q, h, 3, 3, () => src);
    const want = everyWindow(q, h, 3, 1)[0]!;
    expect(Math.abs(first!.start - want.start)).toBeLessThan(q.length);
    expect(first!.hits).toBe(want.hits);
  });
});
