import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languageVotes } from './languageVotes';

// The vote as it was first written: the text with URLs, e-mail addresses and markers replaced by a
// space, then /\p{L}+/gu over it, each word lower-cased and looked up. The scan must count the same.
const CS_WORDS = new Set('je se na ve že pro jako které který která kteří jsou byl byla bylo byli podle není také ale nebo jak při za tak si jeho její jejich tento tato toto tyto mají lze jsem jste jsme více však již už když pokud aby od do po ze z v s k u též jen nebo ani'.split(' '));
const EN_WORDS = new Set('the and of is in that for it with as was on are be by this from or an which have has not were at can you they their these there would will been its he she we our your what when who how'.split(' '));
function votesByRegex(text: string): { cs: number; en: number } {
  const head = text.slice(0, 20_000);
  const url = head.includes('://') ? [String.raw`\b[a-z][a-z0-9+.-]{1,15}:\/\/\S+`] : [];
  const mail = head.includes('@') ? [String.raw`\S+@\S+\.\w+`] : [];
  const gaps = new RegExp([...url, String.raw`\bwww\.\S+`, ...mail, String.raw`\[[^\]\n]{0,40}\]|\\cite\{[^}]*\}`].join('|'), 'gi');
  const sample = head.replace(gaps, ' ');
  let cs = 0;
  let en = 0;
  for (const m of sample.matchAll(/\p{L}+/gu)) {
    const tok = m[0];
    const after = sample[m.index + tok.length];
    if (after === '.' && (tok.length === 1 || (tok.length <= 5 && tok[0] !== tok[0]!.toLowerCase()))) continue;
    const w = tok.toLowerCase();
    if (w === tok) cs += 2 * [...w].filter((ch) => 'ěščřžůťďň'.includes(ch)).length;
    if (CS_WORDS.has(w)) cs += 1;
    else if (EN_WORDS.has(w)) en += 1;
  }
  return { cs, en };
}

describe('languageVotes', () => {
  // Words of both languages in both cases, Czech letters, initials, markers, addresses, letters
  // outside the BMP, letters whose lower case is longer (İ) or depends on context (Σ), marks.
  const PIECES = [
    'the', 'The', 'THE', 'je', 'Je', 'že', 'Že', 'kteří', 'KTEŘÍ', 'řízení', 'Řízení', 'ěšč', 'and', 'jejich', 'which', 'whichever',
    'A.', 'Netw.', 'pp.', 'Abcdef.', 'x', '.', ' ', '\n', ',', "'", '-', '[1]', '[', ']', '[doc 2]', '\\cite{a}', 'www.x.cz', 'WWW.', 'https://x.cz/ř',
    'ftp://a', '://', '@', 'a@b.cz', 'ř@ú.cz', '𝐀', '𝐚', '𐐀', '𐐨', '\ud835', '\udc00', 'İ', 'Σ', 'ς', 'e\u0301', '\u02b0', 'ǅ', 'ß', '1', '٣', 'ÿ', 'K',
  ];
  const textArb = fc.oneof(
    fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join('')),
    fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 30 }).map((p) => p.join('')),
    fc.string({ unit: 'binary', maxLength: 80 }),
  );

  it('counts what the regex definition counts, on any text', () => {
    fc.assert(fc.property(textArb, (t) => {
        expect(languageVotes(t)).toEqual(votesByRegex(t));
      }), { numRuns: 3000 });
  });

  it('counts what the regex definition counts on ASCII texts of 32 characters or more', () => {
    const ascii = PIECES.filter((p) => /^[\x00-\x7f]*$/.test(p));
    const asciiText = fc.array(fc.oneof(fc.constantFrom(...ascii), fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 4 })), { minLength: 1, maxLength: 40 });
    fc.assert(fc.property(asciiText, (p) => {
        const t = p.join('').padEnd(32, p[0]!.length % 2 ? ' ' : '[1]');
        expect(languageVotes(t)).toEqual(votesByRegex(t));
      }), { numRuns: 3000 });
    // A bracket of 40 characters is a marker, one of 41 or with a line break is not.
    for (const inner of ['the '.repeat(10), `${'the '.repeat(10)}x`, `the\n${'the '.repeat(5)}`]) {
      const t = `The [${inner}] and the [1] or [2`;
      expect(languageVotes(t)).toEqual(votesByRegex(t));
    }
  });

  it('counts words, letters and leaves out what is not prose', () => {
    // "the" and "and": 2 English; "ř" in a lower-case word: 2 Czech; "A." an initial; [the] a marker.
    expect(languageVotes('The cat and A. dog [the] řeka')).toEqual({ cs: 2, en: 2 });
    // A capitalised word votes by its function-word status only; its Czech letters do not count.
    expect(languageVotes('Řeka je')).toEqual({ cs: 1, en: 0 });
    // Near miss: a word glued to a marker still counts.
    expect(languageVotes('the[1]')).toEqual({ cs: 0, en: 1 });
  });
});
