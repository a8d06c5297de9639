import { describe, expect, it } from 'vitest';
import { indexWords, indexWordsInSlices, indexWordsWithTitle, MAX_INDEXED_WORDS } from './words';

const noPause = { sliceMs: 0, pause: () => Promise.resolve() };

describe('the index words worked out in slices', () => {
  const czech = 'Příliš žluťoučký kůň úpěl ďábelské ódy, (viz čl. 5 odst. 2) a SOUD rozhodl; ';
  const cases: Record<string, string> = {
    'Czech prose': czech.repeat(40),
    // A run of letters far longer than a piece, with a cut character ahead.
    'a long unbroken run across the boundary': `start ${'Ábc'.repeat(300)}déf end, ${'x1'.repeat(100)} tail`,
    // Cut characters next to combining marks (a lone mark after a space belongs to no word).
    'combining marks by the cuts': `cafe\u0301 (nai\u0308ve) -\u0301word e\u0301\u0301 ${'ab '.repeat(50)}`,
    // The final sigma lowers by what follows it; '.' and ':' are not cut characters.
    'Greek sigmas': 'ΟΔΟΣ.ΚΑΙ ΟΔΟΣ:ΚΑΙ ΟΔΟΣ ΚΑΙ (ΟΔΟΣ)ΚΑΙ '.repeat(30),
    'no cut character at all': 'abcdefghij'.repeat(200),
    'surrogate pairs': '𝐀𝐁𝐂 word 😀 ʻokina '.repeat(40),
    // Runs with no cut character: cut between two plain letters and the word glued back.
    'a long ASCII run': 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(60),
    'a long Czech run': 'příliššžluťoučkýkůňúpělďábelskéódyPŘÍLIŠ'.repeat(40),
    'a run with combining marks': 'cafe\u0301nai\u0308veE\u0301\u0301x\u0327\u0301y'.repeat(60),
    'a run with surrogate pairs': 'ab𝐀c😀dé𝐁'.repeat(120),
    'a run with Greek sigmas': 'ΟΔΟΣabΣΟΣcdΣ'.repeat(80),
    // Short words inside the run ('.', ':' and the apostrophe are no cut characters).
    'short words in a run': "ab.c:1.23'ef.x9.g'hij:k.".repeat(80),
    // Letters of other scripts, in prose and in long runs, cut like the Latin ones.
    'Greek prose': 'Η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο. ΟΔΟΣ, ΟΔΟΣ; άρθρο 5 (Ά) '.repeat(40),
    'Cyrillic prose': 'Съешь же ещё этих мягких французских булок, да выпей чаю (ст. 5). ЁЖИК; Йод '.repeat(40),
    'a long Greek run with sigmas': 'ΑΒΓΔΕάέήίΣσςΟΔΟΣκαιΪΫΰΐ'.repeat(80),
    'a long Cyrillic run': 'съешьжеещёэтихмягкихЁЖИКЙйЇїҐґ'.repeat(80),
    'runs of other scripts': '汉字漢字かなカナーひらがな한국어조선글हिन्दीभाषाไทยภาษาעִבְרִיתالعَرَبِيَّةـــԱրմեն'.repeat(60),
    // Marks on every letter (decomposed text) and case-ignorable letters by the sigmas.
    'a run with a mark on every letter': 'α\u0301Σ\u0301β\u0308Σ\u0342\u0301ο\u0301ж\u0306'.repeat(100),
    'sigmas by modifier letters and marks': 'ΑΣʹΒΣʼΣΑΣ\u0301ʹΒΣ\u0301ΣʰΑΣ'.repeat(100),
    'runs of exactly the word limit and one more': ['a'.repeat(40), 'B'.repeat(41), 'ř'.repeat(40), 'Ž'.repeat(41), 'é'.repeat(39) + 'ab', `${'c'.repeat(39)}😀d`, `${'9'.repeat(40)}x`, `${'z'.repeat(41)}y`].join('.'),
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`gives the one-pass words: ${name}`, async () => {
      for (const piece of [1, 2, 7, 39, 40, 41, 64, 1_000_000]) {
        expect(await indexWordsInSlices(['the query', text], noPause, piece), `piece ${piece}`).toEqual(indexWords('the query', text));
      }
    });
  }

  it('keeps each slice small on a long run with no cut character', async () => {
    const text = 'příliššžluťoučkýkůňúpělďábelskéódy'.repeat(3000);
    let pieces = 0;
    const words = await indexWordsInSlices([text], { sliceMs: 0, pause: () => (pieces++, Promise.resolve()) }, 1000);
    expect(words).toEqual(indexWords(text));
    expect(pieces).toBeGreaterThan(90);
  });

  // A long run with no cut character (a pasted blob): every piece is at least `pieceChars` long,
  // so with about as many pieces as a cut at every `pieceChars` gives, no piece is much longer.
  // 1 MB gives some 60 pieces, enough to see an uncut run (1 piece); the 5 MB of the benchmark
  // only made the test five times slower.
  for (const [script, unit] of [
    ['Greek', 'ΑΒΓΔΕάέήίΣσςΟΔΟΣκαιΪΫΰΐ'],
    ['Cyrillic', 'съешьжеещёэтихмягкихЁЖИКЙйЇїҐґ'],
  ] as const) {
    it(`keeps each slice small on a 1 MB ${script} run`, async () => {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const piece = 16_384;
      let pieces = 0;
      const words = await indexWordsInSlices([text], { sliceMs: 0, pause: () => (pieces++, Promise.resolve()) }, piece);
      expect(words).toEqual(indexWords(text));
      expect(pieces).toBeGreaterThanOrEqual(Math.floor(text.length / (piece + 4)));
    }, 60_000);
  }

  it('pauses between slices, and stops at the cap like the one pass', async () => {
    const many = Array.from({ length: MAX_INDEXED_WORDS + 500 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    let pauses = 0;
    let clock = 0;
    const words = await indexWordsInSlices(['', many], { sliceMs: 1, now: () => clock++, pause: () => (pauses++, Promise.resolve()) }, 100);
    expect(words).toEqual(indexWords('', many));
    expect(words).toHaveLength(MAX_INDEXED_WORDS);
    expect(pauses).toBeGreaterThan(10);
  });

  it('adds the title first, as the one pass over the title and the texts does', () => {
    const many = Array.from({ length: MAX_INDEXED_WORDS + 10 }, (_, i) => `v${i}`).join(' ');
    for (const [title, query, answer] of [
      ['Returns policy', 'how do returns work', 'Returns take 30 days, policy says.'],
      ['v5 and brand new words', 'q', many],
      ['', '', ''],
    ] as const) {
      expect(indexWordsWithTitle(title, indexWords(query, answer))).toEqual(indexWords(title, query, answer));
    }
  });
});
