import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { firstStem, tokenize, Vocabulary } from './words';
import type { Language } from '../types';

// Characters the tokenizer treats differently: ASCII (the prefilled fast path), Czech and Greek
// letters in both cases (folded on first sight), combining marks (skipped inside a word, never
// start one), lone and paired surrogates (never word material), ASCII and non-ASCII digits,
// both apostrophes (inside a word only before a letter), hyphens, spaces and punctuation.
const UNITS = [
  ...'aAzZbkqQ019 .,-‐–\'’"(/',
  ...'ěščřžýáíéůúťďňóĚŠČŘŽÝÁÍÉŮÚ',
  ...'αβγδσςΣΩάέήίόύώΆΈ',
  '\u0301', '\u030C', '\u0308', '\u0661', '\u0969', '\u00A0', '\u00DF', '\u0130',
  '\uD835', '\uDC00', '\uD83D\uDE00', '\uD835\uDC00',
];
const text = fc.array(fc.constantFrom(...UNITS), { maxLength: 60 }).map((a) => a.join(''));
const lang = fc.constantFrom<Language>('en', 'cs');

/**
 * The words of `s` by the general rule, written with Unicode regexes: a letter or digit, then
 * letters, digits and combining marks, and an apostrophe when a letter (not an ASCII digit, not a
 * mark) follows. Surrogates are not word material, so they are blanked first.
 */
function referenceWords(s: string): string[] {
  const units = s.replace(/[\uD800-\uDFFF]/g, ' ');
  return units.match(/[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}]|['’](?=[\p{L}\p{N}])(?![0-9]))*/gu) ?? [];
}

/** A word folded by the general rule: lower case, first unit of its NFD form, marks dropped. */
function referenceFold(w: string): string {
  let out = '';
  for (const ch of w) {
    if (ch === "'" || ch === '’') out += "'";
    else if (!/\p{M}/u.test(ch)) out += ch.toLowerCase().normalize('NFD')[0]!;
  }
  return out;
}

describe('tokenize against the general rule', () => {
  it('property: finds the same words as the Unicode regexes, and folds them as they do', () => {
    fc.assert(
      fc.property(text, lang, (s, l) => {
        const words = referenceWords(s);
        const tokens = tokenize(s, l);
        // Word by word: the same segmentation, and each word's stem does not depend on its neighbours.
        expect(tokens).toEqual(words.flatMap((w) => tokenize(w, l)));
        // A folded word stems as the raw one: the table-driven folding matches the general one.
        expect(tokens).toEqual(words.flatMap((w) => tokenize(referenceFold(w), l)));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps letters around marks and apostrophes in one word, and splits at hyphens and surrogates', () => {
    expect(tokenize('Ne\u0301ho\u0301da', 'en')).toEqual(tokenize('nehoda', 'en'));
    expect(tokenize('rock’n’roll', 'en')).toEqual(['rocknro']);
    expect(tokenize('well-known', 'en')).toEqual(['well', 'known']);
    expect(tokenize('abc\uD83D\uDE00def', 'en')).toEqual(['abc', 'def']);
    expect(tokenize("it'9 x'", 'en')).toEqual(['9']);
  });
});

describe('reading a long text', () => {
  // One pass over the code units finds the words, each unit read once, and the last word ends
  // where the text does: a long text must read as its words one by one, each at its own offset.
  // Joined by a word, the parts make at least 300 words however short they are.
  const long = fc.array(text, { minLength: 300, maxLength: 900 }).map((parts) => parts.join(' ab '));

  it('property: gives each word’s stem and offset as reading the words one by one does', () => {
    fc.assert(
      fc.property(long, lang, (s, l) => {
        const expected: number[] = [];
        const v = new Vocabulary(l);
        const plain = new Vocabulary(l);
        const ids: number[] = [];
        for (const m of s.replace(/[\uD800-\uDFFF]/g, ' ').matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}]|['’](?=[\p{L}\p{N}])(?![0-9]))*/gu)) {
          for (const id of plain.termIds(m[0])) {
            ids.push(id);
            expected.push(m.index);
          }
        }
        const buf: number[] = [];
        const starts: number[] = [];
        const end = v.termIdsInto(s, buf, 0, starts);
        expect(buf.slice(0, end).map((id) => v.terms[id])).toEqual(ids.map((id) => plain.terms[id]));
        expect(starts.slice(0, end)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});

describe('Vocabulary', () => {
  it('keeps an apostrophe between letters at the end of a long text', () => {
    const s = `${"Don't x1 ".repeat(300)}rock'`;
    expect(tokenize(s, 'en').slice(-3)).toEqual(['dont', 'x1', 'rock']);
  });

  it('gives one id per stem however many words it holds', () => {
    const v = new Vocabulary('en');
    const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}q`);
    const first = v.termIds(words.join(' '));
    expect(first).toHaveLength(words.length);
    expect(new Set(first).size).toBe(new Set(first.map((id) => v.terms[id])).size);
    expect(v.termIds(words.reverse().join(' '))).toEqual([...first].reverse());
    expect(first.map((id) => v.terms[id])).toEqual(tokenize(words.reverse().join(' '), 'en'));
  });

  it('property: gives the ids a plain Map of stems in order of first sight gives, vocabularies used in turn', () => {
    // The plain definition: each vocabulary numbers the stems tokenize finds, 0, 1, 2, … as first seen.
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), text), { maxLength: 12 }), lang, (turns, l) => {
        const vocabularies = [new Vocabulary(l), new Vocabulary(l), new Vocabulary(l)];
        const plain = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
        for (const [k, s] of turns) {
          const ids = plain[k]!;
          const expected = tokenize(s, l).map((stem) => ids.get(stem) ?? ids.set(stem, ids.size).size - 1);
          expect(vocabularies[k]!.termIds(s)).toEqual(expected);
          expect(vocabularies[k]!.terms).toEqual([...ids.keys()]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the ids of each when several are used in turn', () => {
    // The stem cache holds one vocabulary's ids at a time; the other enters its own again.
    const a = new Vocabulary('en');
    const b = new Vocabulary('en');
    expect(a.termIds('alpha beta gamma')).toEqual([0, 1, 2]);
    expect(b.termIds('gamma delta alpha')).toEqual([0, 1, 2]);
    expect(a.termIds('gamma alpha epsilon beta')).toEqual([2, 0, 3, 1]);
    expect(b.termIds('alpha epsilon delta')).toEqual([2, 3, 1]);
    expect(a.terms).toEqual(['alpha', 'beta', 'gamma', 'epsilon']);
    expect(b.terms).toEqual(['gamma', 'delta', 'alpha', 'epsilon']);
  });

  it('keeps its ids when the shared stem cache starts afresh', () => {
    const v = new Vocabulary('cs');
    const before = v.termIds('Zaměstnanci nemocnice 2016');
    // More distinct words than the shared cache holds: it starts afresh in between.
    const other = new Vocabulary('cs');
    for (let k = 0; k < 21; k++) other.termIds(Array.from({ length: 10_000 }, (_, i) => `x${k}y${i}`).join(' '));
    expect(v.termIds('zaměstnanců nemocnici 2016 nemocnice')).toEqual([...before, before[1]]);
    expect(v.terms).toHaveLength(3);
  });
});

describe('reading words seen before', () => {
  it('copies no word out of the text once the shared cache holds it', () => {
    const text = 'The Court held that the court’s ruling on Ovid’s poems stood; the ruling stood. Zaměstnanci 2016.';
    const v = new Vocabulary('en');
    const first = v.termIds(text);
    const slice = vi.spyOn(String.prototype, 'slice');
    const substring = vi.spyOn(String.prototype, 'substring');
    try {
      expect(v.termIds(`${text} ${text}`)).toEqual([...first, ...first]);
      expect(slice).not.toHaveBeenCalled();
      expect(substring).not.toHaveBeenCalled();
    } finally {
      slice.mockRestore();
      substring.mockRestore();
    }
  });
});

describe('stemming each word once', () => {
  it('stems a word once however it is written in case, diacritics and apostrophes', () => {
    const v = new Vocabulary('cs');
    const first = v.termIds('Zkouškového řízení, Dohody o’Neilla');
    const slice = vi.spyOn(String.prototype, 'slice');
    try {
      expect(v.termIds('ZKOUŠKOVÉHO Řízení dohody O’NEILLA zkouskoveho rizeni DOHODY o\'neilla')).toEqual([...first, ...first]);
      expect(slice).not.toHaveBeenCalled();
    } finally {
      slice.mockRestore();
    }
  });
});

describe('firstStem', () => {
  it('property: is the first of tokenize’s stems, or null', () => {
    fc.assert(
      fc.property(text, lang, (s, l) => {
        expect(firstStem(s, l)).toBe(tokenize(s, l)[0] ?? null);
      }),
      { numRuns: 2000 },
    );
    expect(firstStem('the', 'en')).toBeNull();
    expect(firstStem('Voting', 'en')).toBe('vot');
    expect(firstStem("it'9 x'", 'en')).toBe('9');
  });
});
