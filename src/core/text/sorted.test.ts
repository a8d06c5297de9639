import { describe, expect, it } from 'vitest';
import { lastAtOrBelow, lowerBound } from './sorted';

describe('lowerBound', () => {
  const xs = Int32Array.from([1, 3, 3, 3, 7]);

  it('finds the first value not below x, the first of equal ones', () => {
    expect(lowerBound(xs, 3)).toBe(1);
    expect(lowerBound(xs, 4)).toBe(4);
    expect(lowerBound(xs, 0)).toBe(0);
  });

  it('answers the length past the last value, and 0 in an empty list', () => {
    expect(lowerBound(xs, 8)).toBe(5);
    expect(lowerBound([], 1)).toBe(0);
  });

  it('searches only inside [lo, hi)', () => {
    expect(lowerBound(xs, 3, 2)).toBe(2);
    expect(lowerBound(xs, 0, 2)).toBe(2);
    expect(lowerBound(xs, 7, 0, 3)).toBe(3);
  });

  it('agrees with a linear scan on plain arrays', () => {
    const list = [0, 2, 2, 5, 9, 9, 12];
    for (let x = -1; x <= 13; x++) expect(lowerBound(list, x)).toBe(list.findIndex((v) => v >= x) === -1 ? list.length : list.findIndex((v) => v >= x));
  });
});

describe('lastAtOrBelow', () => {
  it('finds the last value not above x, the last of equal ones, and 0 when none is', () => {
    const list = [0, 2, 2, 5, 9, 9, 12];
    for (let x = -1; x <= 13; x++) {
      let want = 0;
      list.forEach((v, i) => {
        if (v <= x) want = i;
      });
      expect(lastAtOrBelow(list, x)).toBe(want);
    }
    expect(lastAtOrBelow([], 3)).toBe(0);
    expect(lastAtOrBelow([4, 8], 1)).toBe(0);
  });
});
