import { describe, expect, it } from 'vitest';
import { buildChunkStats, checkRelevance } from './relevance';
import { makeContext, spansInside } from '../../../tests/factories/checkContext';

const CHUNKS = [
  'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.',
  'Returns: items can be returned within 30 days for a full refund to the original payment method.',
  'Password reset: open account settings and choose change password.',
];

describe('checkRelevance', () => {
  it('stays quiet when the cited chunk matches', () => {
    const ctx = makeContext({ answer: 'Items can be returned within 30 days for a full refund [2].', chunks: CHUNKS });
    expect(checkRelevance(ctx)).toEqual([]);
  });

  it('suggests a much better uncited chunk and warns about a cited chunk with no overlap', () => {
    const ctx = makeContext({ answer: 'Items can be returned within 30 days for a full refund [3].', chunks: CHUNKS });
    const fs = checkRelevance(ctx);
    expect(spansInside(ctx, fs)).toBe(true);
    const better = fs.find((f) => f.code === 'better_chunk')!;
    expect(better).toMatchObject({ severity: 'info', chunk_id: '3', suggested_chunk_id: '2', citation_index: 0, claim_index: 0 });
    expect(ctx.answer.slice(better.start, better.end)).toBe('[3]');
    expect(better.message).toContain('cite chunk "2" instead');
    expect(fs.find((f) => f.code === 'low_overlap')).toMatchObject({ severity: 'warning', chunk_id: '3' });
  });

  it('does not suggest when the other chunk is only somewhat better', () => {
    const chunks = ['Items can be returned within 30 days.', 'Items can be returned within 30 days for a refund.'];
    const ctx = makeContext({ answer: 'Items can be returned within 30 days for a refund [1].', chunks });
    expect(checkRelevance(ctx).filter((f) => f.code === 'better_chunk')).toEqual([]);
  });

  it('ignores empty chunks, uncited claims and very short claims', () => {
    const chunks = ['', ...CHUNKS];
    expect(checkRelevance(makeContext({ answer: 'Items can be returned within 30 days [1].', chunks }))).toEqual([]);
    expect(checkRelevance(makeContext({ answer: 'Items can be returned within 30 days.', chunks: CHUNKS }))).toEqual([]);
    expect(checkRelevance(makeContext({ answer: 'Yes [3].', chunks: CHUNKS }))).toEqual([]);
  });

  it('does not let words absent from every chunk, or words every chunk has, hide real overlap', () => {
    const chunks = [
      'The minimum voting age in Argentina is 16.',
      'Voting age: Argentina, Austria and Brazil allow voting at 16.',
      'Argentines aged 16 to 18 may vote optionally.',
    ];
    const ctx = makeContext({ answer: 'In November 2012 the government passed a law letting Argentines aged 16 vote optionally [1].', chunks });
    const fs = checkRelevance(ctx);
    expect(fs.filter((f) => f.code === 'low_overlap')).toEqual([]);
    expect(fs.find((f) => f.code === 'better_chunk')).toMatchObject({ suggested_chunk_id: '3' });
  });

  it('works on Czech with inflected forms', () => {
    const chunks = ['Kuřákům ostravská huť zaplatí dvě třetiny nákladů na odvykací kúru.', 'V Třineckých železárnách spustili kurzy.'];
    const ctx = makeContext({ answer: 'Huť zaplatí kuřákům odvykací kúry [2].', chunks, language: 'cs' });
    const fs = checkRelevance(ctx);
    const better = fs.find((f) => f.code === 'better_chunk');
    expect(better).toMatchObject({ suggested_chunk_id: '1' });
    expect(better!.message).toContain('necitovat raději');
  });

  it('builds reusable chunk statistics, and scores by the statistics it is given', () => {
    const stats = buildChunkStats(CHUNKS.map((text, i) => ({ id: String(i + 1), text })), 'en');
    expect(stats.n).toBe(3);
    // Four terms, all in chunk 2 and none in chunk 3: chunk 3 shares nothing, chunk 2 is suggested.
    const short = (id: string) => makeContext({ answer: `A full refund within 30 days [${id}].`, chunks: CHUNKS });
    expect(checkRelevance(short('3'), stats)).toMatchObject([
      { code: 'low_overlap', chunk_id: '3' },
      { code: 'better_chunk', chunk_id: '3', suggested_chunk_id: '2' },
    ]);
    expect(checkRelevance(short('2'), stats)).toEqual([]);
    // Statistics of other chunks (chunk 3 is the returns text there) decide, not the context's.
    const swapped = buildChunkStats([CHUNKS[0]!, CHUNKS[2]!, CHUNKS[1]!].map((text, i) => ({ id: String(i + 1), text })), 'en');
    expect(checkRelevance(short('3'), swapped)).toEqual([]);
    const ctx = makeContext({ answer: 'Items can be returned within 30 days for a full refund [3].', chunks: CHUNKS });
    expect(checkRelevance(ctx, stats).map((f) => f.code).sort()).toEqual(['better_chunk', 'low_overlap']);
  });

  it('reuses statistics for equal chunks in new objects, and never for changed ones', () => {
    const answer = 'Items can be returned within 30 days for a full refund [3].';
    const first = checkRelevance(makeContext({ answer, chunks: CHUNKS }));
    expect(first.map((f) => f.code).sort()).toEqual(['better_chunk', 'low_overlap']);
    // Equal content, new arrays and objects (the workbench parses its editors again): same result.
    expect(checkRelevance(makeContext({ answer, chunks: CHUNKS.map((t) => `${t}`) }))).toEqual(first);
    // Chunk 3 now says what the claim says, at the same chunk count: nothing stale is reused.
    const changed = [CHUNKS[0]!, CHUNKS[1]!, 'Items can be returned within 30 days for a full refund to the card.'];
    const ctx = makeContext({ answer, chunks: changed });
    expect(checkRelevance(ctx)).toEqual(checkRelevance(ctx, buildChunkStats(ctx.chunks, ctx.language)));
    expect(checkRelevance(ctx)).toEqual([]);
    // Changed ids alone are a change too: with the same texts, "3" now names the returns chunk.
    const swapped = makeContext({ answer, chunks: [{ id: '1', text: CHUNKS[0]! }, { id: '3', text: CHUNKS[1]! }, { id: '2', text: CHUNKS[2]! }] });
    expect(checkRelevance(swapped)).toEqual([]);
  });

  it('reads a chunk list changed in place afresh, and one chunk at a time', () => {
    const answer = 'Items can be returned within 30 days for a full refund [3].';
    const ctx = makeContext({ answer, chunks: CHUNKS });
    expect(checkRelevance(ctx).map((f) => f.code).sort()).toEqual(['better_chunk', 'low_overlap']);
    // The same array and the same chunk object, its text now the claim's: no stale statistics.
    const third = ctx.chunks[2]!;
    third.text = 'Items can be returned within 30 days for a full refund to the card.';
    expect(checkRelevance(ctx)).toEqual([]);
    // A chunk whose text is only whitespace (any kind trim removes) has no text; one letter has.
    const blank = makeContext({ answer: 'Items can be returned within 30 days for a full refund [1].', chunks: ['\u00a0\u2028\t \ufeff', ...CHUNKS] });
    expect(buildChunkStats(blank.chunks, 'en').n).toBe(3);
    expect(checkRelevance(blank)).toEqual([]);
    expect(buildChunkStats([{ id: '1', text: ' \u00a0x\u2028' }], 'en').n).toBe(1);
  });
});
