import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentWords, languageVote, languageVotes, wordsOf } from './language';
import { detectLanguage } from '../../../tests/factories/language';

describe('detectLanguage', () => {
  it('recognises Czech by its letters and function words', () => {
    expect(detectLanguage('Městská knihovna v Olomouci rozšíří otevírací dobu pro studenty.')).toBe('cs');
    expect(detectLanguage('Jak vyhláška upravuje ochranu před hlukem?')).toBe('cs');
    // Without diacritics, function words still decide.
    expect(detectLanguage('Zakon je platny a podle nej se postupuje, ale neni to jednoduche.')).toBe('cs');
  });

  it('recognises English, including English text with Czech names in it', () => {
    expect(detectLanguage('Which lake is the deepest on earth?')).toBe('en');
    expect(detectLanguage('The Škoda works in Plzeň were founded in 1859 and they employ many people.')).toBe('en');
  });

  it('decides on real words: initials, Czech names and abbreviations of a reference list do not make English Czech', () => {
    const refs =
      'Graph networks generalise convolutions [1].\n\n' +
      '[1] V. K. Dvořák, J. Šťastný, Z. Kříž, and S. Černý, "Graph nets," Sb. Věd. Pr. Vys. Šk. Báň., vol. 3, pp. 1-9, 2019.\n' +
      '[2] M. Růžička, P. Ďurica, "Learning on graphs," Acta Polytech., vol. 5, 2020. [Online]. Available: https://example.cz/š';
    expect(detectLanguage(refs)).toBe('en');
    // The same list under a Czech sentence is Czech.
    expect(detectLanguage(refs.replace('Graph networks generalise convolutions [1].', 'Grafové sítě zobecňují konvoluce na nepravidelné struktury, které se používají v chemii [1].'))).toBe('cs');
  });

  it('falls back to the given language when the evidence is thin', () => {
    expect(detectLanguage('Smith, A. M. (2019). Graphs. J. Netw., 12(3).', 'cs')).toBe('cs');
    expect(detectLanguage('Smith, A. M. (2019). Graphs. J. Netw., 12(3).')).toBe('en');
    expect(detectLanguage('', 'cs')).toBe('cs');
    // Enough real words decide whatever the fallback.
    expect(detectLanguage('Which lake is the deepest on earth and how deep is it?', 'cs')).toBe('en');
    expect(detectLanguage('Které jezero je nejhlubší na světě a jak je hluboké?', 'en')).toBe('cs');
  });

  it('defaults to English for empty or odd input', () => {
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 [1] []')).toBe('en');
    expect(detectLanguage(undefined as unknown as string)).toBe('en');
  });
});

describe('word helpers', () => {
  it('splits words', () => {
    expect(wordsOf("Anna's height is 5'7\" — TRS-80.")).toEqual(["anna's", 'height', 'is', "5'7", 'trs-80']);
  });

  it('keeps content words only', () => {
    expect(contentWords('The river is wide and the bridge is old in 2024')).toEqual(['river', 'wide', 'bridge', 'old', '2024']);
    expect(contentWords('Zákon je platný pro lékařské ozáření')).toEqual(['zakon', 'platny', 'lekarske', 'ozareni']);
  });
});

describe('languageVote', () => {
  it('leaves addresses and e-mail addresses out of the vote, with or without the other kind in the text', () => {
    // Lower-case Czech letters in an address would otherwise outvote two English words.
    const mail = 'Write to the office: řízení.účtů.ěščř@úřad.cz';
    expect(languageVote(mail)).toBe(undefined);
    expect(languageVote(`${mail} or see https://úřad.cz/žádosti`)).toBe(undefined);
    expect(languageVote('See the page https://úřad.cz/řízení-žádostí-ěščř for it')).toBe('en');
    // Near miss: an "@" that is no address leaves the Czech word after it in the vote.
    expect(languageVote('the @ řízení žádostí')).toBe('cs');
    expect(languageVote('Městská knihovna v Olomouci rozšíří otevírací dobu pro studenty.')).toBe('cs');
  });
  it('is undefined when the vote is thin, where detectLanguage takes the fallback', () => {
    expect(languageVote('12345 [1]')).toBe(undefined);
    expect(detectLanguage('12345 [1]', 'cs')).toBe('cs');
    expect(languageVote('Which lake is the deepest on earth?')).toBe('en');
  });
});

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
