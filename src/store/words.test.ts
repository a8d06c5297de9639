import { describe, expect, it } from 'vitest';
import { indexWords, indexWordsInSlices, indexWordsWithTitle, MAX_INDEXED_WORDS } from './words';

const noPause = { sliceMs: 0, pause: () => Promise.resolve() };

describe('the index words worked out in slices', () => {
  const czech = 'Příliš žluťoučký kůň úpěl ďábelské ódy, (viz čl. 5 odst. 2) a SOUD rozhodl; ';
  const cases: Record<string, string> = {
    'Czech prose': czech.repeat(40),
    // A run of letters far longer than a piece: never cut inside.
    'a long unbroken run across the boundary': `start ${'Ábc'.repeat(300)}déf end, ${'x1'.repeat(100)} tail`,
    // Cut characters next to combining marks (a lone mark after a space belongs to no word).
    'combining marks by the cuts': `cafe\u0301 (nai\u0308ve) -\u0301word e\u0301\u0301 ${'ab '.repeat(50)}`,
    // The final sigma lowers by what follows it; '.' and ':' are not cut characters.
    'Greek sigmas': 'ΟΔΟΣ.ΚΑΙ ΟΔΟΣ:ΚΑΙ ΟΔΟΣ ΚΑΙ (ΟΔΟΣ)ΚΑΙ '.repeat(30),
    'no cut character at all': 'abcdefghij'.repeat(200),
    'surrogate pairs': '𝐀𝐁𝐂 word 😀 ʻokina '.repeat(40),
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`gives the one-pass words: ${name}`, async () => {
      for (const piece of [1, 7, 64, 1_000_000]) {
        expect(await indexWordsInSlices(['the query', text], noPause, piece), `piece ${piece}`).toEqual(indexWords('the query', text));
      }
    });
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
