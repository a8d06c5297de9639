import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uaxSentences } from './uaxSentences';

describe('sentence boundaries without ICU', () => {
  // uaxSentences applies the Unicode sentence rules itself to text it knows every character of;
  // it must cut exactly where Intl.Segmenter (ICU) cuts.
  const pieces = [
    'a', 'b', 'x', 'A', 'Z', 'é', 'Č', 'ř', 'ß', '1', '2', '.', '.', '!', '?', ' ', ' ', '\n', '\r', '\r\n', '\t', '\u00a0',
    '"', "'", '(', ')', '[', ']', ',', '-', ':', '#', '%', '\u2013', '\u2014', '\u2019', '\u201c', '\u201d', '\u201e', '\u00ab',
    '\u00bb', '\u00b0', 'e.g.', 'U.S.', 'Dr. ', '. ', '.) ', '." ', '? ', '... ', 'Hello', ' world', ' The', '3.5', ';', '\u2026', '\u0301',
  ];
  const text = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 40 }).map((xs) => xs.join(''));

  it('cuts where Intl.Segmenter cuts, or declines', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('en', 'cs'), (t, lang) => {
        const ours: [number, number][] = [];
        if (!uaxSentences(t, 3, ours)) {
          expect(ours).toEqual([]);
          return;
        }
        const icu = [...new Intl.Segmenter(lang, { granularity: 'sentence' }).segment(t)].map((p): [number, number] => [3 + p.index, 3 + p.index + p.segment.length]);
        expect(ours).toEqual(icu);
      }),
      { numRuns: 3000 },
    );
  });

  it('declines text with characters it does not classify', () => {
    expect(uaxSentences('Ahoj; svete.', 0, [])).toBe(false);
    expect(uaxSentences('Привет. Мир.', 0, [])).toBe(false);
    const out: [number, number][] = [];
    expect(uaxSentences('It rained. Then it stopped.', 0, out)).toBe(true);
    expect(out).toEqual([[0, 11], [11, 27]]);
  });
});
