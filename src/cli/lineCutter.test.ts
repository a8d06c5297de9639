import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemsOf } from './cases';
import { LineCutter } from './lineCutter';

// What the reader did when it decoded the input first: the whole text, cut at LF, one trailing CR
// dropped from each line, lines blank by trim() skipped, lines numbered from 1.
function reference(bytes: Uint8Array): { texts: string[]; lines: number[]; braced: number } {
  const texts: string[] = [];
  const lines: number[] = [];
  let braced = 0;
  Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .forEach((raw, i) => {
      const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (l.startsWith('{')) braced++;
      if (l.trim() === '') return;
      texts.push(l);
      lines.push(i + 1);
    });
  return { texts, lines, braced };
}

// Bytes that hit every branch: line breaks, CR, ASCII and Unicode white space (NBSP, BOM, ideographic
// space), a brace, multi-byte letters, and broken UTF-8 (lone lead and continuation bytes).
const piece = fc.constantFrom([0x0a], [0x0d], [0x0d, 0x0a], [0x20], [0x09], [0x0b], [0x7b], [0x61], [0xc2, 0xa0], [0xef, 0xbb, 0xbf], [0xe3, 0x80, 0x80], [0xc3, 0xa1], [0xe2, 0x86, 0x92], [0xf0, 0x9f, 0x98, 0x80], [0xff], [0x80], [0xe2, 0x82], [0xf0, 0x9f]);

describe('LineCutter: lines cut as bytes are the lines the decoded text had', () => {
  it('same texts, line numbers, positions and braced count, however the input is chunked and batched', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 6 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 40 }), (pieces, cuts, batchLines, batchChars) => {
        const bytes = new Uint8Array(pieces.flat());
        const want = reference(bytes);
        const cutter = new LineCutter('f', { batchLines, batchChars }, 7);
        const got: { text?: string; line: number; index: number }[] = [];
        let at = 0;
        for (const c of [...cuts.map((n) => Math.min(n, bytes.length)).sort((a, b) => a - b), bytes.length]) {
          const final = c === bytes.length && at <= c;
          for (const ev of cutter.take(bytes.subarray(at, Math.max(at, c)), false)) if (ev.kind === 'lines') got.push(...itemsOf(ev.batch));
          at = Math.max(at, c);
          if (final) break;
        }
        for (const ev of cutter.take(new Uint8Array(0), true)) if (ev.kind === 'lines') got.push(...itemsOf(ev.batch));
        expect(got.map((g) => g.text)).toEqual(want.texts);
        expect(got.map((g) => g.line)).toEqual(want.lines);
        expect(got.map((g) => g.index)).toEqual(want.texts.map((_, k) => 7 + k));
        expect(cutter.index).toBe(7 + want.texts.length);
        expect(cutter.braced).toBe(want.braced);
      }),
      { numRuns: 1000 },
    );
  });

  it('a batch holds at most batchLines lines and closes once it reaches batchChars bytes', () => {
    const cutter = new LineCutter('f', { batchLines: 3, batchChars: 10 }, 0);
    const sizes = [...cutter.take(Buffer.from('a\nb\nc\nd\n0123456789\ne\n'), true)].map((ev) => (ev.kind === 'lines' ? ev.batch.ends.length : -1));
    expect(sizes).toEqual([3, 2, 1]);
  });
});
