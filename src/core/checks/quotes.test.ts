import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkQuotes, FUZZY_THRESHOLD } from './quotes';
import { makeContext, spansInside, type CitationSpec } from '../../../tests/factories/checkContext';
import type { Chunk } from '../types';

const CHUNK = 'The grass is green. The sky is blue.';
function run(citations: CitationSpec[], chunks: (string | Chunk)[] = [CHUNK], language: 'en' | 'cs' = 'en') {
  const ctx = makeContext({ answer: 'Grass is green. Sky is blue.', chunks, citations, language });
  const r = checkQuotes(ctx);
  expect(spansInside(ctx, r.findings)).toBe(true);
  return r;
}

describe('checkQuotes', () => {
  it('verifies an exact quote at its offsets, trailing space kept', () => {
    const r = run([{ ref: '1', quote: 'The grass is green. ', source_start: 0, source_end: 20, start: 0, end: 15 }]);
    expect(r.findings).toEqual([]);
    expect(r.verifications.get(0)).toEqual({ status: 'VERIFIED', method: 'exact', found_start: 0, found_end: 20, chunk_id: '1' });
  });

  it('verifies after normalisation: trailing spaces, \\r\\n, control characters, curly quotes', () => {
    const pdf = 'Article 5\r\nThe operator shall \u0002ensure “safety”.  ';
    const chunk = 'Article 5 The operator shall ensure "safety".';
    const r = run([{ ref: '1', quote: pdf, source_start: 0, source_end: chunk.length }], [chunk]);
    expect(r.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'normalized' });
    expect(r.findings).toEqual([]);
    const trailing = run([{ ref: '1', quote: 'The sky is blue.   ', source_start: 20, source_end: 36 }]);
    expect(trailing.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'normalized' });
  });

  it('verifies an elided quote and a PDF line-end hyphenation, without a finding', () => {
    const elided = run([{ ref: '1', quote: 'The grass … The sky is blue.' }]);
    expect(elided.verifications.get(0)).toMatchObject({ status: 'VERIFIED', found_start: 0, found_end: CHUNK.length });
    expect(elided.findings).toEqual([]);
    const pdf = 'The proce-\ndure takes two weeks.';
    const hyphen = run([{ ref: '1', quote: 'The procedure takes two weeks.', source_start: 0, source_end: pdf.length }], [pdf]);
    expect(hyphen.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'normalized', found_start: 0, found_end: pdf.length });
    expect(hyphen.findings).toEqual([]);
  });

  it('accepts a quote that differs from the text at its offsets only in spacing', () => {
    const chunk = 'Ostrava 19. října ( ČTK ) - V Třineckých železárnách , které';
    const start = chunk.indexOf('(');
    const r = run([{ ref: '1', quote: '(ČTK) - V Třineckých železárnách, které', source_start: start, source_end: chunk.length }], [chunk], 'cs');
    expect(r.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'normalized', found_start: start, found_end: chunk.length });
    expect(r.findings).toEqual([]);
  });

  it('relocates a quote at wrong offsets and reports where it is', () => {
    const r = run([{ ref: '1', quote: 'The sky is blue.', source_start: 0, source_end: 16, start: 16, end: 28 }]);
    expect(r.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'relocated', found_start: 20, found_end: 36 });
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ code: 'offsets_wrong', severity: 'warning', chunk_start: 20, chunk_end: 36 });
    expect(r.findings[0]!.message).toContain('20–36');
  });

  it('relocates a quote whose offsets are out of bounds or inverted', () => {
    const out = run([{ ref: '1', quote: 'The sky is blue.', source_start: 30, source_end: 99 }]);
    expect(out.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'relocated', found_start: 20 });
    expect(out.verifications.get(0)!.offset_problem).toMatch(/out of bounds/);
    const inv = run([{ ref: '1', quote: 'The sky is blue.', source_start: 36, source_end: 20 }]);
    expect(inv.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'relocated', offset_problem: 'start is not before end' });
  });

  it('finds a quote without offsets and reports its position', () => {
    const r = run([{ ref: '1', quote: 'the sky IS blue' }]);
    expect(r.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'normalized', found_start: 20, found_end: 35 });
    expect(r.findings).toEqual([]);
  });

  it('rates a close paraphrase UNCERTAIN with its similarity', () => {
    const chunk = "Once your order ships, you'll receive an email with a tracking number. To track your package, log in.";
    const r = run([{ ref: '1', quote: "Once your order ships, you will receive an email with the tracking number." }], [chunk]);
    const v = r.verifications.get(0)!;
    expect(v.status).toBe('UNCERTAIN');
    expect(v.method).toBe('fuzzy');
    expect(v.similarity).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
    expect(v.similarity).toBeLessThan(1);
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['quote_uncertain', 'warning']]);
  });

  it('rates an invented quote LIKELY_FABRICATED', () => {
    const r = run([{ ref: '1', quote: 'Refunds are processed within ten business days.', source_start: 0, source_end: 20 }]);
    const v = r.verifications.get(0)!;
    expect(v.status).toBe('LIKELY_FABRICATED');
    expect(v.similarity).toBeLessThan(FUZZY_THRESHOLD);
    const codes = r.findings.map((f) => f.code);
    expect(codes).toContain('quote_not_found');
    expect(r.findings.find((f) => f.code === 'quote_not_found')).toMatchObject({ severity: 'error' });
  });

  it('says when the quote is verbatim in another chunk', () => {
    const r = run([{ ref: '1', quote: 'Returns are free within 30 days.' }], ['Shipping takes 3-5 days.', 'Returns are free within 30 days. Exchanges too.']);
    expect(r.verifications.get(0)!.status).toBe('LIKELY_FABRICATED');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ code: 'quote_in_other_chunk', severity: 'error', suggested_chunk_id: '2', chunk_id: '1' });
  });

  it('fails a quote whose cited chunk is empty or missing, pointing elsewhere when it can', () => {
    const empty = run([{ ref: '1', quote: 'The sky is blue.' }], ['', CHUNK]);
    expect(empty.verifications.get(0)).toMatchObject({ status: 'LIKELY_FABRICATED', method: 'none' });
    expect(empty.findings[0]).toMatchObject({ code: 'quote_in_other_chunk', suggested_chunk_id: '2' });
    const missing = run([{ ref: '9', chunk_id: '9', quote: 'Nothing like this anywhere.' }]);
    expect(missing.verifications.get(0)).toMatchObject({ status: 'LIKELY_FABRICATED', chunk_id: '9' });
    expect(missing.findings[0]!.code).toBe('quote_not_found');
    expect(missing.findings[0]!.message).toContain('has no text');
  });

  it('checks bounds only for offsets without a quote', () => {
    const ok = run([{ ref: '1', source_start: 4, source_end: 9 }]);
    expect(ok.verifications.get(0)).toMatchObject({ status: 'VERIFIED', found_start: 4, found_end: 9 });
    expect(ok.findings).toEqual([]);
    const oob = run([{ ref: '1', source_start: 10, source_end: 500 }]);
    expect(oob.verifications.get(0)!.status).toBe('LIKELY_FABRICATED');
    expect(oob.findings.map((f) => [f.code, f.severity])).toEqual([['offsets_out_of_bounds', 'error']]);
    const neg = run([{ ref: '1', source_start: -1, source_end: 5 }]);
    expect(neg.findings[0]!.code).toBe('offsets_out_of_bounds');
    const inv = run([{ ref: '1', source_start: 9, source_end: 9 }]);
    expect(inv.findings.map((f) => f.code)).toEqual(['offsets_inverted']);
  });

  it('ignores citations with neither quote nor offsets', () => {
    const r = run([{ ref: '1' }, { ref: '1', quote: '  ' }]);
    expect(r.verifications.size).toBe(0);
    expect(r.findings).toEqual([]);
  });

  it('writes Czech messages', () => {
    const r = run([{ ref: '1', quote: 'Vrácení zboží je zdarma do 30 dnů.' }], ['Doprava trvá 3 až 5 dní.'], 'cs');
    expect(r.findings[0]!.message).toMatch(/pravděpodobně je vymyšlený/);
  });
});

// ---------------------------------------------------------------------------------------------
// Real Anthropic Citations API outputs from ../shared/cases: every quote must verify.

const CASES = resolve(process.cwd(), '../shared/cases');
const haveCases = existsSync(CASES);
if (!haveCases && process.env.CI === 'true') {
  it('has the shared cases in CI', () => {
    throw new Error(`../shared/cases is missing (looked in ${CASES})`);
  });
}

interface RawBlock {
  text: string;
  citations?: { cited_text: string; document_index?: number; document_title?: string; start_char_index?: number; end_char_index?: number }[];
}
function blocksOf(sc: unknown): RawBlock[] {
  if (Array.isArray(sc)) return sc as RawBlock[];
  const o = sc as { blocks?: RawBlock[]; content?: RawBlock[] };
  return o.blocks ?? o.content ?? [];
}

describe.skipIf(!haveCases)('checkQuotes on shared Anthropic cases', () => {
  for (const name of [
    'anthropic_cookbook_citations_plaintext_helpcenter',
    'anthropic_cookbook_citations_custom_content_helpcenter',
    'anthropic_char_location_grass_sky_langchainjs_docs',
  ]) {
    it(`${name}: every citation is VERIFIED`, () => {
      const c = JSON.parse(readFileSync(resolve(CASES, `${name}.json`), 'utf8')) as { answer: string; chunks: Chunk[]; structured_citations: unknown };
      const specs: CitationSpec[] = [];
      let at = 0;
      for (const b of blocksOf(c.structured_citations)) {
        for (const cit of b.citations ?? []) {
          const byTitle = cit.document_title !== undefined ? c.chunks.find((ch) => ch.title === cit.document_title) : undefined;
          const chunkId = byTitle?.id ?? String(cit.document_index);
          const spec: CitationSpec = { ref: chunkId, chunk_id: chunkId, quote: cit.cited_text, start: at, end: at + b.text.length };
          if (cit.start_char_index !== undefined) spec.source_start = cit.start_char_index;
          if (cit.end_char_index !== undefined) spec.source_end = cit.end_char_index;
          specs.push(spec);
        }
        at += b.text.length;
      }
      expect(at).toBe(c.answer.length);
      expect(specs.length).toBeGreaterThan(0);
      const ctx = makeContext({ answer: c.answer, chunks: c.chunks, citations: specs });
      const r = checkQuotes(ctx);
      expect(r.verifications.size).toBe(specs.length);
      for (const [, v] of r.verifications) expect(v.status).toBe('VERIFIED');
      expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    });
  }
});

describe('checkQuotes: many quotes against long chunks (searched through an index after the first ones)', () => {
  const station = (k: number) => `Station ${k} recorded ${(k * 37) % 1000} mm of rain in the year ${1900 + (k % 120)}.`;
  const long = (c: number) => Array.from({ length: 400 }, (_, k) => station(k * 3 + c)).join(' ');
  const chunks = [long(0), long(1), long(2)];
  const quotes: [string, string][] = [
    ...Array.from({ length: 12 }, (_, k): [string, string] => [String((k % 3) + 1), `the harbour ${k} froze over in winter`]),
    ['1', station(300)], // verbatim, in its chunk
    ['1', station(301)], // verbatim, but in chunk 2
    ['2', station(304).replace('rain', 'snow')], // one word changed: a near miss
    ['3', station(305).replace(/\d+ mm/, '999 mm')], // the figure changed
    ['3', `${station(302).slice(0, 30)} … in the year ${1900 + (302 % 120)}.`], // elided, there
  ];
  const citations = quotes.map(([ref, quote]) => ({ ref, quote }));

  it('gives every quote the verdict it gets alone, and still flags the near misses', () => {
    const all = run(citations, chunks);
    quotes.forEach((_, i) => {
      const alone = run([citations[i]!], chunks);
      expect(all.verifications.get(i), `quote ${i}`).toEqual(alone.verifications.get(0));
      const codes = (r: typeof all, index: number) => r.findings.filter((f) => f.citation_index === index).map((f) => f.code);
      expect(codes(all, i)).toEqual(codes(alone, 0));
    });
    for (let i = 0; i < 12; i++) expect(all.verifications.get(i)).toMatchObject({ status: 'LIKELY_FABRICATED' });
    expect(all.verifications.get(12)).toMatchObject({ status: 'VERIFIED', method: 'exact' });
    expect(all.verifications.get(13)!.status).not.toBe('VERIFIED');
    expect(all.findings.filter((f) => f.citation_index === 13 && f.code === 'quote_in_other_chunk').map((f) => f.suggested_chunk_id)).toEqual(['2']);
    for (const i of [14, 15]) {
      const v = all.verifications.get(i)!;
      expect(v.status, `near miss ${i}`).toBe('UNCERTAIN');
      expect(v.similarity).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
      expect(v.similarity).toBeLessThan(1);
    }
    expect(all.verifications.get(16)).toMatchObject({ status: 'VERIFIED' });
  });
});
