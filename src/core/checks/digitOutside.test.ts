import { describe, expect, it } from 'vitest';
import { hasDigitOutside } from './digitOutside';
import { random } from '../../../tests/factories/random';

// The definition: some ASCII digit at an index that no span [start, end) contains.
function reference(s: string, spans: readonly { start: number; end: number }[]): boolean {
  for (let i = 0; i < s.length; i++) {
    if (!/[0-9]/.test(s[i]!)) continue;
    if (!spans.some((sp) => sp.start <= i && i < sp.end)) return true;
  }
  return false;
}

describe('hasDigitOutside', () => {
  it('agrees with the definition on random texts and spans (unsorted, overlapping, empty, reversed, NaN, fractional)', () => {
    const next = random(7);
    const rnd = (n: number) => Math.floor(next() * n);
    const alphabet = '0123456789a [],.\u0660\uFF11';
    const odd = [NaN, -Infinity, Infinity, 0.5, -1];
    let outsideSeen = 0;
    for (let t = 0; t < 5000; t++) {
      const len = rnd(24);
      let s = '';
      for (let i = 0; i < len; i++) s += alphabet[rnd(alphabet.length)];
      const spans: { start: number; end: number }[] = [];
      for (let j = rnd(6); j > 0; j--) {
        const a = rnd(8) === 0 ? odd[rnd(odd.length)]! : rnd(len + 2) + (rnd(4) === 0 ? 0.5 : 0);
        const b = rnd(8) === 0 ? odd[rnd(odd.length)]! : a + rnd(6) - 1;
        spans.push({ start: a, end: b });
      }
      const want = reference(s, spans);
      if (want) outsideSeen++;
      expect(hasDigitOutside(s, spans), JSON.stringify({ s, spans })).toBe(want);
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(outsideSeen).toBeGreaterThan(500);
    expect(outsideSeen).toBeLessThan(4500);
  });

  it('a digit just past a span, or between two spans, is outside', () => {
    expect(hasDigitOutside('[1]2', [{ start: 0, end: 3 }])).toBe(true);
    expect(hasDigitOutside('[1]2[3]', [{ start: 4, end: 7 }, { start: 0, end: 3 }])).toBe(true);
    expect(hasDigitOutside('[1][3]', [{ start: 3, end: 6 }, { start: 0, end: 3 }])).toBe(false);
    // A long span started earlier still covers a digit after a short one ends.
    expect(hasDigitOutside('a12345', [{ start: 1, end: 6 }, { start: 2, end: 3 }])).toBe(false);
  });
});
