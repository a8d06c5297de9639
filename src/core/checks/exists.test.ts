import { describe, expect, it } from 'vitest';
import { checkExists } from './exists';
import { makeContext, spansInside } from '../../../tests/factories/checkContext';

const codes = (fs: { code: string }[]) => fs.map((f) => f.code);

describe('checkExists', () => {
  it('passes citations whose chunks exist and have text', () => {
    const ctx = makeContext({ answer: 'Grass is green [1]. Sky is blue [2].', chunks: ['Grass is green.', 'Sky is blue.'] });
    expect(checkExists(ctx)).toEqual([]);
  });

  it('fails a well-formed id that is not among the chunks', () => {
    const ctx = makeContext({
      answer: 'Grass is green \\cite{doc_7}.',
      chunks: [{ id: 'doc_1', text: 'Grass is green.' }],
    });
    const fs = checkExists(ctx);
    expect(codes(fs)).toEqual(['unknown_chunk']);
    expect(fs[0]).toMatchObject({ severity: 'error', citation_index: 0 });
    expect(ctx.answer.slice(fs[0]!.start, fs[0]!.end)).toBe('\\cite{doc_7}');
    expect(fs[0]!.message).toContain('doc_7');
  });

  it('fails an empty chunk, including whitespace-only text', () => {
    const ctx = makeContext({ answer: 'A [1]. B [2].', chunks: ['', '  \n '] });
    expect(codes(checkExists(ctx))).toEqual(['empty_chunk', 'empty_chunk']);
  });

  it('fails every citation when there are no chunks at all', () => {
    const ctx = makeContext({ answer: 'A [1]. B [2][3].', chunks: [] });
    const fs = checkExists(ctx);
    expect(codes(fs)).toEqual(['no_chunks', 'no_chunks', 'no_chunks']);
    expect(spansInside(ctx, fs)).toBe(true);
  });

  it('says when a positional reference is beyond the chunk count', () => {
    const ctx = makeContext({ answer: 'A [1]. B [7].', chunks: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }] });
    expect(ctx.mapping.kind).toBe('index1');
    const fs = checkExists(ctx);
    expect(codes(fs)).toEqual(['ref_out_of_range']);
    expect(fs[0]!.message).toMatch(/7.*only 2 chunks/);
  });

  it('uses the structured form’s 0-based references', () => {
    const ctx = makeContext({
      answer: 'A. B.',
      chunks: [{ id: 'x', text: 'A' }],
      citations: [{ ref: '3', chunk_id: null, start: 0, end: 2 }],
      structured: { format: 'anthropic-blocks', citations: [{ ref: '3', refKind: 'index0' }] },
    });
    const fs = checkExists(ctx);
    expect(codes(fs)).toEqual(['ref_out_of_range']);
    expect(fs[0]!.message).toContain('0-based');
  });

  it('writes Czech messages for Czech cases', () => {
    const ctx = makeContext({ answer: 'Tráva je zelená \\cite{x}.', chunks: [{ id: 'y', text: 'Tráva' }], language: 'cs' });
    expect(checkExists(ctx)[0]!.message).toBe('\\cite{x} cituje „x“, který mezi úryvky není.');
  });
});
