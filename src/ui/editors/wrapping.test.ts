import { describe, expect, it } from 'vitest';
import { hasLongLine, LARGE_TEXT_CHARS, LONG_LINE_CHARS, wrappingBeforeInsert, wrappingFor } from './wrapping';

describe('editor wrapping', () => {
  it('finds a line longer than the limit wherever it is', () => {
    expect(hasLongLine('abcde', 5)).toBe(false);
    expect(hasLongLine('abcdef', 5)).toBe(true);
    expect(hasLongLine('ab\nabcdef\nab', 5)).toBe(true);
    expect(hasLongLine('ab\nab\nabcdef', 5)).toBe(true);
    expect(hasLongLine('abcde\nabcde\nabcde', 5)).toBe(false);
    expect(hasLongLine('', 5)).toBe(false);
    expect(hasLongLine('\n\n\n', 0)).toBe(false);
  });

  it('wraps by measurement unless a line is very long', () => {
    const para = 'word '.repeat(LONG_LINE_CHARS / 5);
    expect(wrappingFor(`${para}\n${para}`)).toBe('advanced');
    expect(wrappingFor(`${para}x`)).toBe('simple');
    expect(wrappingFor(`short\n${para}x\nshort`)).toBe('simple');
  });
});

describe('wrapping of large texts', () => {
  it('wraps by character count past LARGE_TEXT_CHARS even when every line is short', () => {
    const line = 'Krátká věta, čl. 5 odst. 2.\n';
    const big = line.repeat(Math.ceil((LARGE_TEXT_CHARS + 1) / line.length));
    expect(hasLongLine(big)).toBe(false);
    expect(wrappingFor(big)).toBe('simple');
    expect(wrappingFor(big.slice(0, LARGE_TEXT_CHARS))).toBe('advanced');
  });

  it('switches before a paste that will make the text large, not after', () => {
    const paste = 'a b\n'.repeat(LARGE_TEXT_CHARS / 4);
    expect(wrappingBeforeInsert('advanced', 0, 0, paste)).toBe('advanced');
    expect(wrappingBeforeInsert('advanced', 10, 0, paste)).toBe('simple');
    // Replacing a selection: what is selected goes away.
    expect(wrappingBeforeInsert('advanced', 10, 10, paste)).toBe('advanced');
    expect(wrappingBeforeInsert('advanced', 5, 0, `x${'y'.repeat(LONG_LINE_CHARS)}`)).toBe('simple');
    expect(wrappingBeforeInsert('simple', 0, 0, 'short')).toBe('simple');
  });
});
