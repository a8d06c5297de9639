import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex, lineIndexOf, makeParseError } from './positions';

/** The obvious O(n) reference: count line breaks before the offset. */
function naive(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

describe('LineIndex', () => {
  it('maps offsets to 1-based line and column across \\n, \\r\\n and \\r', () => {
    const text = 'ab\ncd\r\nef\rgh';
    const idx = new LineIndex(text);
    expect(idx.lineCount).toBe(4);
    expect(idx.position(0)).toEqual({ line: 1, column: 1 });
    expect(idx.position(2)).toEqual({ line: 1, column: 3 }); // the \n itself ends line 1
    expect(idx.position(3)).toEqual({ line: 2, column: 1 });
    expect(idx.position(5)).toEqual({ line: 2, column: 3 }); // the \r of \r\n
    expect(idx.position(7)).toEqual({ line: 3, column: 1 });
    expect(idx.position(10)).toEqual({ line: 4, column: 1 });
    expect(idx.position(12)).toEqual({ line: 4, column: 3 }); // end of text
  });

  it('clamps offsets outside the text', () => {
    const idx = new LineIndex('abc\nd');
    expect(idx.position(-5)).toEqual({ line: 1, column: 1 });
    expect(idx.position(99)).toEqual({ line: 2, column: 2 });
    expect(idx.position(Number.NaN)).toEqual({ line: 1, column: 1 });
  });

  it('maps line and column back to offsets, stopping at the line end', () => {
    const text = 'ab\r\ncd\nef';
    expect(lineIndexOf(text).offset(2, 1)).toBe(4);
    expect(lineIndexOf(text).offset(2, 99)).toBe(6);
    expect(lineIndexOf(text).offset(1, 99)).toBe(2);
    expect(lineIndexOf(text).offset(9, 1)).toBe(7);
    const idx = new LineIndex(text);
    expect(idx.lineEnd(1)).toBe(2);
    expect(idx.lineEnd(3)).toBe(9);
  });

  it('agrees with a naive count on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', ' ', 'é', '😀') }), fc.nat(), (text, n) => {
        const offset = text.length === 0 ? 0 : n % (text.length + 1);
        const pos = lineIndexOf(text).position(offset);
        expect(pos).toEqual(naive(text, offset));
        // The \n of a \r\n pair sits inside one line break and has no column of its own.
        if (!(text[offset - 1] === '\r' && text[offset] === '\n')) expect(lineIndexOf(text).offset(pos.line, pos.column)).toBe(offset);
      }),
    );
  });
});

describe('makeParseError', () => {
  it('orders and clamps the span and positions it', () => {
    const e = makeParseError('one\ntwo', 'bad', 5, 2, 'chunks');
    expect(e).toEqual({ message: 'bad', line: 2, column: 2, offset: 5, endOffset: 5, source: 'chunks' });
    const f = makeParseError('x', 'bad', -3, 99, 'case');
    expect(f).toMatchObject({ offset: 0, endOffset: 1, line: 1, column: 1 });
  });
});
