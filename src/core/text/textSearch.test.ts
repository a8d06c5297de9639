import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TextSearch } from './textSearch';

const letters = (chars: string[], maxLength: number) => fc.string({ unit: fc.constantFrom(...chars), maxLength });

describe('TextSearch', () => {
  it('answers as indexOf does, before and after its gram table is built, from any start', () => {
    fc.assert(
      fc.property(letters(['a', 'b', 'c', 'é', '\u0001'], 400), fc.array(letters(['a', 'b', 'c', 'é'], 9), { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: -3, max: 420 }), { minLength: 1, maxLength: 5 }), (text, needles, froms) => {
        const s = new TextSearch(text);
        // Enough searches that the table is built part of the way through.
        for (let round = 0; round < 3; round++)
          for (const needle of needles) {
            for (const from of froms) expect(s.indexOf(needle, from)).toBe(text.indexOf(needle, from));
            expect(s.includes(needle)).toBe(text.includes(needle));
          }
      }),
      { numRuns: 200 },
    );
  });

  it('lists the first occurrences in order, overlapping ones included', () => {
    const s = new TextSearch('aaaa'.repeat(50));
    for (let i = 0; i < 400; i++) s.indexOf('aab'); // builds the table
    expect(s.occurrences('aaaaa', 5)).toEqual([0, 1, 2, 3, 4]);
    expect(s.occurrences('aaab')).toEqual([]);
    expect(s.occurrences('')).toEqual([]);
  });

  it('finds a needle that is there after many searches for ones that are not (a quote after fabricated ones)', () => {
    const text = Array.from({ length: 2000 }, (_, k) => `Station ${k} recorded ${(k * 37) % 1000} mm of rain.`).join(' ');
    const s = new TextSearch(text);
    for (let k = 0; k < 20; k++) expect(s.indexOf(`the harbour ${k} froze over`)).toBe(-1);
    expect(s.indexOf('Station 1999 recorded 963 mm')).toBe(text.indexOf('Station 1999 recorded 963 mm'));
    expect(s.indexOf('Station 1999 recorded 964 mm')).toBe(-1);
  });
});
