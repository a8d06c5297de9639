import { describe, expect, it } from 'vitest';
import { clipText, firstRows, markersToShow } from './rowLimit';

describe('row limits', () => {
  it('keeps the first rows and counts the rest', () => {
    const xs = Array.from({ length: 12_345 + 200 }, (_, i) => i);
    const r = firstRows(xs, 200);
    expect(r.shown).toHaveLength(200);
    expect(r.shown[199]).toBe(199);
    expect(r.more).toBe(12_345);
    // At the limit nothing is left out, and the same array is kept (no copy per render).
    const small = xs.slice(0, 200);
    expect(firstRows(small, 200)).toEqual({ shown: small, more: 0 });
    expect(firstRows(small, 200).shown).toBe(small);
    expect(firstRows(small, 199).more).toBe(1);
  });

  it('clips long texts with an ellipsis, never splitting a surrogate pair', () => {
    expect(clipText('abc', 3)).toBe('abc');
    expect(clipText('abcd', 3)).toBe('abc…');
    const emoji = 'ab😀cd';
    expect(clipText(emoji, 3)).toBe('ab…');
    expect(clipText(emoji, 4)).toBe('ab😀…');
  });

  it('keeps the most severe markers first when there are too many', () => {
    const ds = [
      ...Array.from({ length: 5 }, (_, i) => ({ severity: 'info', i })),
      ...Array.from({ length: 3 }, (_, i) => ({ severity: 'warning', i })),
      ...Array.from({ length: 2 }, (_, i) => ({ severity: 'error', i })),
    ];
    const r = markersToShow(ds, 4);
    expect(r.shown.map((d) => d.severity)).toEqual(['error', 'error', 'warning', 'warning']);
    expect(r.more).toBe(6);
    expect(markersToShow(ds, 10)).toEqual({ shown: ds, more: 0 });
  });
});
