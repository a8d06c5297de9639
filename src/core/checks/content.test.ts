// The content check's own scans against the patterns they stand in for.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { negationStarts } from './negations';
import { NEGATION_WORDS } from '../text/wordLists';

/** The plain definition of a negation: a word of the list or an n't contraction, as a whole word. */
const NEGATION_SCAN = new RegExp(`(?<![\\p{L}])(?:${NEGATION_WORDS.slice(0, 12).join('|')}|\\p{L}+n['’]t|${NEGATION_WORDS.slice(12).join('|')})(?![\\p{L}])`, 'giu');

/** Where NEGATION_SCAN matches, as the check used to read a chunk (one global scan). */
function byRegex(text: string): number[] {
  const out: number[] = [];
  NEGATION_SCAN.lastIndex = 0;
  for (let m = NEGATION_SCAN.exec(text); m; m = NEGATION_SCAN.exec(text)) out.push(m.index);
  return out;
}

// Pieces of text near the pattern: its words in several cases, their starts and stems with
// letters after them, contractions with both apostrophes, letters that case-fold onto ASCII ones
// (Kelvin sign, long s), Czech letters, an astral letter, a lone surrogate, digits, marks.
const piece = fc.oneof(
  fc.constantFrom(
    'not', 'No', 'NEVER', 'none', 'nobody', 'nothing', 'neither', 'nor', 'without', 'cannot', 'lack', 'lacks', 'lacK', 'lacKſ', 'unable',
    'ne', 'Ne', 'není', 'NENÍ', 'nejsou', 'nebylo', 'nebude', 'nemá', 'nemají', 'nelze', 'nemůže', 'nemohl', 'nesmí', 'nikdy', 'nikdo', 'nic', 'žádný', 'Žádná', 'bez', 'ani', 'Ani',
    "don't", 'don’t', "can't", "DON'T", "n't", "'t", 'n', 'N', 't', 'T', 'nota', 'known', 'anion', 'bezpečný', 'ninety', 'cannon',
    'á', 'č', 'ř', 'ů', 'Ž', '𝐀', '𝐧', '\uD835', '\uDC00', '\u0301', 'ß', 'ſ', '\u212A', 'İ',
    "'", '’', ' ', '  ', '\n', '.', ', ', '-', '1', '42', '_', '(', ')',
  ),
  fc.string({ maxLength: 4 }),
);

describe('negationStarts', () => {
  it('finds exactly what NEGATION_SCAN finds (random texts of its words and their near misses)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(negationStarts(text)).toEqual(byRegex(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds what the regex finds in ASCII texts of 32 characters or more', () => {
    const ascii = piece.filter((p) => /^[\x00-\x7f]*$/.test(p));
    fc.assert(
      fc.property(fc.array(ascii, { minLength: 1, maxLength: 40 }), (pieces) => {
        const text = pieces.join('').padEnd(32, pieces[0]!.length % 2 ? ' ' : 'n');
        expect(negationStarts(text)).toEqual(byRegex(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds the negations of plain sentences and passes over look-alikes', () => {
    const text = "Nobody knew. It isn't known; the anion is not a cannon, nikdy ne. Žádný nebyl bez vady, ani jeden. Notably none-such.";
    expect(negationStarts(text).map((at) => text.slice(at, at + 6))).toEqual(['Nobody', "isn't ", 'not a ', 'nikdy ', 'ne. Žá', 'Žádný ', 'nebyl ', 'bez va', 'ani je', 'none-s']);
    expect(negationStarts(text)).toEqual(byRegex(text));
  });
});
