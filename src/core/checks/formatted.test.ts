import { describe, expect, it } from 'vitest';
import { checkFormatted } from './formatted';
import { makeContext } from '../../../tests/factories/checkContext';
import type { CitationMarker } from '../types';

const codes = (fs: { code: string }[]) => fs.map((f) => f.code);

describe('checkFormatted', () => {
  it('accepts one consistent style', () => {
    expect(checkFormatted(makeContext({ answer: 'A [1]. B [2][3].', chunks: ['a', 'b', 'c'] }))).toEqual([]);
  });

  it('fails malformed markers', () => {
    const ctx = makeContext({ answer: 'A \\cite{}. B [ ]. C \\cite{a', chunks: [{ id: 'a', text: 'x' }] });
    const fs = checkFormatted(ctx);
    expect(fs.filter((f) => f.code === 'malformed_marker')).toHaveLength(3);
    expect(fs.every((f) => f.severity === 'error')).toBe(true);
    expect(ctx.answer.slice(fs[0]!.start, fs[0]!.end)).toBe('\\cite{}');
  });

  it('points mixed styles at the minority markers', () => {
    const ctx = makeContext({ answer: 'A \\cite{a}. B \\cite{b}. C [chunk_3].', chunks: [{ id: 'a', text: 'x' }, { id: 'b', text: 'y' }, { id: 'chunk_3', text: 'z' }] });
    const fs = checkFormatted(ctx);
    expect(codes(fs)).toEqual(['mixed_styles']);
    expect(ctx.answer.slice(fs[0]!.start, fs[0]!.end)).toBe('[chunk_3]');
    expect(fs[0]!.message).toContain('\\cite{…}');
  });

  it('enforces a required style', () => {
    const ctx = makeContext({ answer: 'A [chunk_3]. B \\cite{a}.', chunks: [{ id: 'a', text: 'x' }, { id: 'chunk_3', text: 'z' }], requiredStyle: 'latex_cite' });
    const fs = checkFormatted(ctx);
    expect(codes(fs)).toEqual(['wrong_style']);
    expect(ctx.answer.slice(fs[0]!.start, fs[0]!.end)).toBe('[chunk_3]');
  });

  it('fails a consistent answer that is not in the required style', () => {
    const ctx = makeContext({ answer: 'A [1]. B [2].', chunks: ['a', 'b'], requiredStyle: 'latex_cite' });
    expect(codes(checkFormatted(ctx))).toEqual(['wrong_style', 'wrong_style']);
  });

  it('exempts structured citations from style rules', () => {
    const marker: CitationMarker = { index: 0, text: '', start: 0, end: 0, style: 'structured', refs: ['0'] };
    const ctx = makeContext({ answer: 'A [1].', chunks: ['a'], markers: [marker, { index: 1, text: '[1]', start: 2, end: 5, style: 'bracket_number', refs: ['1'] }] });
    expect(checkFormatted(ctx)).toEqual([]);
    expect(checkFormatted({ ...ctx, requiredStyle: 'bracket_number' })).toEqual([]);
  });
});
