// The class arrays of splitClaims: PLAIN runs found through the coarse map end where a unit by
// unit scan ends them, and arrays reused from the pool start all PLAIN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classArrays, MARKER, PLAIN, plainEnd, setFlags, STRIP, TAG, type Ctx } from './context';

function ctxOf(n: number, spans: readonly [number, number, 1 | 2 | 3][]): Ctx {
  const { flags, coarse } = classArrays(n);
  const ctx: Ctx = { s: ' '.repeat(n), flags, coarse, lang: 'en', defs: [], drafts: [], block: 0, query: undefined, topic: null };
  for (const [a, b, f] of spans) setFlags(ctx, Math.min(a, n), Math.min(b, n), f);
  return ctx;
}

describe('class arrays', () => {
  const caseArb = fc.integer({ min: 0, max: 700 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      spans: fc.array(fc.tuple(fc.nat(n + 3), fc.nat(n + 3), fc.constantFrom(MARKER, TAG, STRIP)), { maxLength: 8 }),
      k: fc.nat(n + 2),
      b: fc.nat(n + 2),
    }),
  );

  it('plainEnd stops at the first unit that is not PLAIN, as a scan of every unit does', () => {
    fc.assert(
      fc.property(caseArb, ({ n, spans, k, b }) => {
        const ctx = ctxOf(n, spans);
        // Callers ask from a unit up to the end of their span: k <= end <= n.
        const end = Math.min(b, n);
        const from = Math.min(k, end);
        let e = from;
        while (e < end && ctx.flags[e] === PLAIN) e++;
        expect(plainEnd(ctx, from, end)).toBe(e);
      }),
      { numRuns: 3000 },
    );
  });

  it('a reused array is all PLAIN again, whatever the run before it left', () => {
    const first = ctxOf(300, [[0, 300, MARKER]]);
    expect(first.flags.every((f) => f === MARKER)).toBe(true);
    const again = ctxOf(200, []);
    expect(again.flags.length).toBe(200);
    expect(again.flags.every((f) => f === PLAIN)).toBe(true);
    expect(plainEnd(again, 0, 200)).toBe(200);
    // Near miss: one marker unit in a long PLAIN stretch is found, in any cell of the coarse map.
    for (const at of [0, 63, 64, 130, 199]) expect(plainEnd(ctxOf(200, [[at, at + 1, MARKER]]), 0, 200)).toBe(at);
  });
});
