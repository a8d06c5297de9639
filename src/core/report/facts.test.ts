import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { claimFacts } from './facts';
import type { Citation, Claim } from '../types';

/** Each claim's citation indexes as a Set collects them, sorted: what claimFacts must list. */
function bySets(claims: readonly Claim[], citations: readonly Citation[]): number[][] {
  const position = new Map<number, number>();
  claims.forEach((c, k) => {
    if (!position.has(c.index)) position.set(c.index, k);
  });
  const sets = claims.map((c) => new Set(Array.isArray(c.citation_indexes) ? c.citation_indexes : []));
  for (const c of citations) {
    const k = position.get(c.claim_index);
    if (k !== undefined) sets[k]!.add(c.index);
  }
  return sets.map((s) => [...s].sort((a, b) => a - b));
}

describe('claimFacts', () => {
  it('lists each claim’s citations once, sorted, however many and repeated (short and long lists)', () => {
    const index = fc.oneof(fc.integer({ min: -2, max: 40 }), fc.constantFrom(Number.NaN, 0.5, -0));
    const claim = fc.record({ index: fc.integer({ min: 0, max: 6 }), citation_indexes: fc.option(fc.array(index, { maxLength: 40 }), { nil: undefined }), needs_citation: fc.boolean() });
    const citation = fc.record({ index, claim_index: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(claim, { maxLength: 6 }), fc.array(citation, { maxLength: 60 }), (cs, cits) => {
        const claims = cs.map((c) => ({ ...c, text: '', start: 0, end: 0 }) as unknown as Claim);
        const citations = cits as unknown as Citation[];
        expect(claimFacts(claims, citations).citationsOf).toEqual(bySets(claims, citations));
      }),
      { numRuns: 1000 },
    );
  });
});
