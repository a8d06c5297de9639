// Property tests: finding markers, resolving them, splitting claims and building citations never
// throw on arbitrary strings, and every span they return lies inside the answer, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarkers } from '../markers/markers';
import { createResolver, resolveMapping } from './mapping';
import { splitClaims } from '../claims/claims';
import { buildCitations } from './citations';
import { detectLanguage } from '../../../tests/factories/language';
import type { Chunk, RefKind, StructuredInput } from '../types';

// Pieces that exercise every syntax and every Markdown rule, glued at random.
const PIECES = [
  '[1]', '[2]', '[1-3]', '[3-1]', '[1,', ']', '[', '[ ]', '[]', '[^1]', '[^1]: doc-a', '[1]: https://x.org', '[doc1]', '[Fe/H]',
  '\\cite{a}', '\\cite{', '\\cite{}', '}', '{', '【1】', '【', '】', '【1†source】', '<cite>', '</cite>', '<cite>[1-2]</cite>',
  '<statement>', '</statement>', '(', ')', '![x](y)', '[x](y)', '`', '```', '~~~', '\n', '\r\n', '\n\n', ' ', '. ', '? ', ': ',
  '- ', '* ', '1. ', '2) ', '# ', '## ', '> ', '| a | b |', '|---|', '---', '**', 'Dr. ', 'e.g. ', 'U.S. ', 'č. ', 'odst. ',
  'Based on the document, I can tell you that:', 'Zákon', 'word', 'Word', '1987', '3.5', 'ě', '\u0000', '\ud800', '🙂',
];
const piecesArb = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 60 }).map((p) => p.join(''));
const answerArb = fc.oneof(piecesArb, fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 }));

const chunksArb: fc.Arbitrary<Chunk[]> = fc.array(
  fc.record({
    id: fc.oneof(fc.constantFrom('1', '2', '0', 'doc1', 'doc-a', 'a', ' A ', ''), fc.string({ maxLength: 8 })),
    text: fc.oneof(fc.constant(''), fc.string({ maxLength: 40 })),
    title: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
  }),
  { maxLength: 6 },
).map((cs) => cs.map((c) => (c.title === undefined ? { id: c.id, text: c.text } : c)));

const refKindArb: fc.Arbitrary<RefKind> = fc.constantFrom('id', 'index0', 'index1', 'title');
const structuredArb: fc.Arbitrary<StructuredInput | undefined> = fc.option(
  fc.record({
    format: fc.constant('offset-citations' as const),
    citations: fc.array(
      fc.record({
        ref: fc.oneof(fc.constantFrom('0', '1', '2', 'doc1', 'a'), fc.string({ maxLength: 6 })),
        refKind: refKindArb,
        answerStart: fc.option(fc.integer({ min: -50, max: 400 }), { nil: undefined }),
        answerEnd: fc.option(fc.integer({ min: -50, max: 400 }), { nil: undefined }),
        quote: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      }),
      { maxLength: 5 },
    ),
  }),
  { nil: undefined },
);

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

describe('properties', () => {
  it('findMarkers: never throws; markers are in bounds, ordered, disjoint and equal their text', () => {
    fc.assert(
      fc.property(answerArb, fc.array(fc.string({ maxLength: 6 }), { maxLength: 4 }), (answer, ids) => {
        const scan = findMarkers(answer, { chunkIds: ids });
        let last = 0;
        scan.markers.forEach((m, i) => {
          expect(m.index).toBe(i);
          expect(m.start).toBeGreaterThanOrEqual(last);
          expect(m.end).toBeGreaterThan(m.start);
          expect(m.end).toBeLessThanOrEqual(answer.length);
          expect(answer.slice(m.start, m.end)).toBe(m.text);
          last = m.end;
        });
        for (const d of [...scan.footnoteDefinitions, ...scan.emptyCites]) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(answer.length);
          expect(d.end).toBeGreaterThanOrEqual(d.start);
        }
      }),
      RUNS,
    );
  });

  it('splitClaims: never throws; claims are in bounds, ordered, non-overlapping and non-empty', () => {
    fc.assert(
      fc.property(answerArb, fc.constantFrom('en' as const, 'cs' as const), (answer, lang) => {
        const scan = findMarkers(answer);
        const claims = splitClaims(answer, scan.markers, lang, { footnoteDefinitions: scan.footnoteDefinitions });
        let last = 0;
        claims.forEach((c, i) => {
          expect(c.index).toBe(i);
          expect(c.start).toBeGreaterThanOrEqual(last);
          expect(c.end).toBeGreaterThan(c.start);
          expect(c.end).toBeLessThanOrEqual(answer.length);
          expect(c.needs_citation).toBe(c.exemption === undefined);
          last = c.end;
        });
      }),
      RUNS,
    );
  });

  it('resolveMapping: never throws and only ever names real chunks', () => {
    fc.assert(
      fc.property(answerArb, chunksArb, structuredArb, (answer, chunks, structured) => {
        const scan = findMarkers(answer, { chunkIds: chunks.map((c) => c.id) });
        const mapping = resolveMapping(scan.markers, chunks, {
          footnoteDefinitions: scan.footnoteDefinitions,
          ...(structured ? { structured } : {}),
        });
        const ids = new Set(chunks.map((c) => c.id));
        for (const e of mapping.entries) if (e.chunk_id !== null) expect(ids.has(e.chunk_id)).toBe(true);
        expect(typeof mapping.description).toBe('string');
        expect(mapping.description.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('buildCitations: never throws; citations are in bounds and ordered; indexes are consistent', () => {
    fc.assert(
      fc.property(answerArb, chunksArb, structuredArb, (answer, chunks, structured) => {
        const scan = findMarkers(answer, { chunkIds: chunks.map((c) => c.id) });
        const { mapping } = createResolver(scan.markers, chunks, {
          footnoteDefinitions: scan.footnoteDefinitions,
          ...(structured ? { structured } : {}),
        });
        const claims0 = splitClaims(answer, scan.markers, detectLanguage(answer), { footnoteDefinitions: scan.footnoteDefinitions });
        const { citations, claims } = buildCitations({ answer, markers: scan.markers, mapping, claims: claims0, chunks, ...(structured ? { structured } : {}) });
        let lastStart = 0;
        citations.forEach((c, i) => {
          expect(c.index).toBe(i);
          expect(c.start).toBeGreaterThanOrEqual(lastStart);
          expect(c.start).toBeGreaterThanOrEqual(0);
          expect(c.end).toBeGreaterThanOrEqual(c.start);
          expect(c.end).toBeLessThanOrEqual(answer.length);
          expect(c.claim_index).toBeGreaterThanOrEqual(-1);
          expect(c.claim_index).toBeLessThan(Math.max(claims.length, 1));
          if (claims.length > 0) expect(c.claim_index).toBeGreaterThanOrEqual(0);
          if (c.exists) expect(c.chunk_id).not.toBeNull();
          lastStart = c.start;
        });
        for (const k of claims) {
          for (const ci of k.citation_indexes) expect(citations[ci]).toBeDefined();
          expect(new Set(k.chunk_ids).size).toBe(k.chunk_ids.length);
        }
      }),
      RUNS,
    );
  });

  it('detectLanguage: never throws', () => {
    fc.assert(
      fc.property(answerArb, (t) => {
        expect(['en', 'cs']).toContain(detectLanguage(t));
      }),
      RUNS,
    );
  });
});
