// The content check reads a chunk sentence's terms by the tokeniser in one pass when the text is
// plain (contentWords.ts sentenceTerms); the terms must be those of its words, each read on its own.
import { describe, expect, it } from 'vitest';
import type { Language } from '../types';
import { firstStem } from '../text/words';
import { countBetween, plainWords, sentenceTerms, termsBetween } from './contentWords';
import { buildChunkStats, chunkWords } from './relevance';
import { random } from '../../../tests/factories/random';

/** The terms as the content check's words have them: each word's first stem, lower case, closing quotes off. */
function wordTerms(text: string, lang: Language): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu)) {
    const t = firstStem(m[0].toLowerCase().replace(/['’]+$/, ''), lang);
    if (t !== null) out.add(t);
  }
  return out;
}

// Pieces that read alike both ways, and pieces that do not: a combining mark inside a word, an
// astral letter, "İ", an apostrophe before a digit or another apostrophe, a Greek final sigma
// (lower case by its place in the word).
const PLAIN = ['the', 'river', 'Crossed', 'Müller', 'ŠKODA', 'naïve', "don't", 'dogs’', "90's", '²', 'x1', 'ǅemal', 'and', 'Bridges', 'it'];
const GAPS = [' ', ', ', '. ', ' — ', '\n', ' “', '” ', ' (', ') ', "'", '’ ', ' → ', ' € ', ' 😀 ', ' ™ '];
const ODD = ['nai\u0308ve', '𝐀lpha', 'İstanbul', "rock'9", "rock''roll", 'word’’play', 'gx\u0301yz', 'ΟΔΟΣ', 'ΟΔΟΣ’s'];

describe('sentenceTerms', () => {
  it('gives the terms of the words of any text, plain or not', () => {
    const rnd = random(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    let odd = 0;
    for (let trial = 0; trial < 600; trial++) {
      let text = '';
      for (let k = 3 + Math.floor(rnd() * 10); k > 0; k--) text += (rnd() < 0.08 ? pick(ODD) : pick(PLAIN)) + pick(GAPS);
      if (ODD.some((o) => text.includes(o))) odd++;
      for (const lang of ['en', 'cs'] as const) expect(sentenceTerms(text, lang), `${lang}: ${text}`).toEqual(wordTerms(text, lang));
    }
    expect(odd).toBeGreaterThan(100);
  });

  it('reads each odd piece word by word: the one-pass reading would differ there (an astral letter, İ and a sigma before an apostrophe, read alike both ways here, aside)', () => {
    for (const piece of ODD.filter((o) => o !== '𝐀lpha' && o !== 'İstanbul' && o !== 'ΟΔΟΣ’s')) {
      const text = `The ${piece} stood there.`;
      expect(sentenceTerms(text, 'en'), piece).toEqual(wordTerms(text, 'en'));
      // The tokeniser's one pass, forced, does not give the words' terms for these.
      expect(sentenceTerms(text, 'en', true), piece).not.toEqual(wordTerms(text, 'en'));
    }
  });
});

describe('termsBetween', () => {
  it('gives the terms sentenceTerms reads from any stretch that cuts no word, from one reading of the chunk', () => {
    const rnd = random(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    // Sentence ends and line breaks too, so that the stretches are sentences as the check cuts them.
    const gaps = [...GAPS, '. ', '! ', '?\n', '\n\n', ' \t'];
    let stretches = 0;
    for (let trial = 0; trial < 300; trial++) {
      const make = () => {
        let text = '';
        for (let k = 1 + Math.floor(rnd() * 12); k > 0; k--) text += (rnd() < 0.05 ? pick(ODD) : pick(PLAIN)) + pick(gaps);
        return rnd() < 0.5 ? text.trimEnd() : text;
      };
      // The chunk read is the second one, so that its words do not start at 0.
      const chunks = [{ id: 'a', text: make() }, { id: 'b', text: make() }];
      const text = chunks[1]!.text;
      if (!plainWords(text)) continue;
      const cuts = [0, ...[...text].flatMap((_, i) => (i > 0 && /\s/.test(text[i - 1]!) ? [i] : []))];
      const ends = [...[...text].flatMap((_, i) => (/\s/.test(text[i]!) ? [i] : [])), text.length];
      for (const lang of ['en', 'cs'] as const) {
        const words = chunkWords(buildChunkStats(chunks, lang), 1);
        for (const from of cuts) {
          for (const to of ends) {
            if (to < from) continue;
            stretches++;
            expect([...termsBetween(words, from, to)], `${lang} [${from}, ${to}): ${text}`).toEqual([...sentenceTerms(text.slice(from, to), lang, true)]);
          }
        }
      }
    }
    expect(stretches).toBeGreaterThan(5000);
  });
});

describe('countBetween', () => {
  it('counts the wanted terms of any stretch that cuts no word, each once, from one reading of the chunk', () => {
    const rnd = random(23);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    // Few distinct words, so that stretches repeat terms; wanted sets hold terms of the stretch,
    // of the other chunk and of no chunk.
    const words = ['river', 'rivers', 'bridge', 'crossed', 'the', 'tower', 'towers', 'Market', 'x1', "don't"];
    const gaps = [' ', ', ', '. ', '\n', ' — '];
    let counted = 0;
    let repeats = 0;
    for (let trial = 0; trial < 200; trial++) {
      const make = () => {
        let text = '';
        for (let k = 1 + Math.floor(rnd() * 16); k > 0; k--) text += pick(words) + pick(gaps);
        return text.trimEnd();
      };
      const chunks = [{ id: 'a', text: make() }, { id: 'b', text: make() }];
      const text = chunks[1]!.text;
      const lang = rnd() < 0.5 ? 'en' : 'cs';
      const stats = buildChunkStats(chunks, lang);
      const read = chunkWords(stats, 1);
      const cuts = [0, ...[...text].flatMap((_, i) => (i > 0 && /\s/.test(text[i - 1]!) ? [i] : []))];
      const ends = [...[...text].flatMap((_, i) => (/\s/.test(text[i]!) ? [i] : [])), text.length];
      for (let q = 0; q < 20; q++) {
        const from = pick(cuts);
        const to = pick(ends.filter((e) => e >= from));
        const wanted = new Set<string>();
        for (let k = Math.floor(rnd() * 6); k > 0; k--) wanted.add(rnd() < 0.2 ? 'absent' + k : pick(stats.vocab.terms));
        const have = sentenceTerms(text.slice(from, to), lang);
        const expected = [...wanted].filter((t) => have.has(t)).length;
        if (read.to - read.from > have.size) repeats++;
        counted++;
        expect(countBetween(read, from, to, wanted), `${lang} [${from}, ${to}) ${[...wanted]}: ${text}`).toBe(expected);
      }
    }
    expect(counted).toBe(4000);
    expect(repeats).toBeGreaterThan(1000);
  });
});
