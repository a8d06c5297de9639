// Property tests over every check: arbitrary strings and arbitrary (even inconsistent) citations
// and claims never make a check throw, and every finding points inside the answer.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckContext, CheckFinding, Claim } from '../types';
import { checkExists } from './exists';
import { checkFormatted } from './formatted';
import { checkComplete } from './complete';
import { checkQuotes } from './quotes';
import { checkNumbers } from './numbers';
import { checkRelevance } from './relevance';
import { makeContext, spansInside, type CitationSpec } from '../../../tests/factories/checkContext';

const piece = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('[1]', '[2]', '[7]', '[1-3]', '\\cite{a}', '\\cite{}', '\\cite{b', '[ ]', '[doc1]', '【1】', '[^1]', '12,717', '12 717', '3,5 %', '-2.09', '1952–1989', '. ', '? ', '\n- ', '\r\n', ' '),
);
const text = fc.array(piece, { maxLength: 12 }).map((xs) => xs.join(''));
const chunk = fc.record({ id: fc.oneof(fc.constantFrom('1', '2', '3', 'a', 'b', 'doc1'), fc.string({ maxLength: 5 })), text: fc.oneof(text, fc.constant(''), fc.string({ maxLength: 200 })) });
const lang = fc.constantFrom('en' as const, 'cs' as const);
const style = fc.constantFrom('auto' as const, 'latex_cite' as const, 'bracket_number' as const, 'bracket_id' as const);
const offset = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constant(Number.NaN), fc.double({ noNaN: false }));

function runAll(ctx: CheckContext): CheckFinding[] {
  const q = checkQuotes(ctx);
  for (const k of q.verifications.keys()) expect(ctx.citations.some((c) => c.index === k)).toBe(true);
  for (const v of q.verifications.values()) expect(['VERIFIED', 'UNCERTAIN', 'LIKELY_FABRICATED']).toContain(v.status);
  return [...checkExists(ctx), ...checkFormatted(ctx), ...checkComplete(ctx), ...q.findings, ...checkNumbers(ctx), ...checkRelevance(ctx)];
}

describe('checks on arbitrary input', () => {
  it('never throw and keep spans inside the answer (consistent contexts)', () => {
    fc.assert(
      fc.property(text, fc.array(chunk, { maxLength: 5 }), lang, style, (answer, chunks, language, requiredStyle) => {
        const ctx = makeContext({ answer, chunks, language, requiredStyle });
        const fs = runAll(ctx);
        expect(spansInside(ctx, fs)).toBe(true);
        for (const f of fs) expect(f.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('never throw and keep spans inside the answer (arbitrary citations, offsets and claims)', () => {
    const citation = fc.record(
      {
        ref: fc.oneof(fc.constantFrom('1', '2', '0', '99', '-1', 'a'), fc.string({ maxLength: 4 })),
        chunk_id: fc.oneof(fc.constant(null), fc.constantFrom('1', '2', 'a', 'zzz')),
        start: offset,
        end: offset,
        marker: fc.constantFrom('[1]', '\\cite{a}', ''),
        quote: fc.oneof(fc.string({ maxLength: 40 }), text),
        source_start: offset,
        source_end: offset,
      },
      { requiredKeys: ['ref'] },
    );
    const claim = fc.record({
      start: offset,
      end: offset,
      text: fc.string({ maxLength: 30 }),
      needs_citation: fc.boolean(),
      citation_indexes: fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 3 }),
      chunk_ids: fc.array(fc.constantFrom('1', '2', 'a', 'x'), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(text, fc.array(chunk, { maxLength: 4 }), fc.array(citation, { maxLength: 6 }), fc.array(claim, { maxLength: 4 }), lang, (answer, chunks, cits, rawClaims, language) => {
        const claims: Claim[] = rawClaims.map((c, index) => ({ ...c, index, kind: 'sentence' }));
        const ctx = makeContext({ answer, chunks, citations: cits as CitationSpec[], claims, language });
        ctx.citations.forEach((c, i) => (c.claim_index = i % Math.max(1, claims.length)));
        expect(spansInside(ctx, runAll(ctx))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
