import { describe, expect, it } from 'vitest';
import { hasLongLine, LONG_LINE_CHARS, wrappingFor } from './wrapping';

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
