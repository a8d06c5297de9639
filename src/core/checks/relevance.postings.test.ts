// The chunk statistics' postings (one Int32Array for all terms, see relevance.ts buildPostings)
// checked against the plain reading of what they mean: chunk p contains term t when tokenising
// chunk p's text gives t.
import { describe, expect, it } from 'vitest';
import type { Chunk, Language } from '../types';
import { tokenize } from '../text/words';
import { buildChunkStats, chunkCount, hasPosting } from './relevance';
import { random } from '../../../tests/factories/random';

// Few words, so that terms repeat inside a chunk and across chunks; forms of one stem
// ("river", "rivers"); stopwords and a blank chunk that give no terms.
const WORDS = 'river rivers bridge castle market tower harbour garden meadow valley the of and 1999 42 Žižkov naïve'.split(' ');
const BLANKS = ['', '  \n', '\u00a0', 'the of and'];

function chunksOf(rnd: () => number): Chunk[] {
  const chunks: Chunk[] = [];
  const count = 1 + Math.floor(rnd() * 12);
  for (let c = 0; c < count; c++) {
    let text: string;
    const kind = rnd();
    if (kind < 0.1) text = BLANKS[Math.floor(rnd() * BLANKS.length)]!;
    else if (c > 0 && kind < 0.2) text = chunks[c - 1]!.text;
    else {
      const ws: string[] = [];
      for (let k = 1 + Math.floor(rnd() * 20); k > 0; k--) ws.push(WORDS[Math.floor(rnd() * WORDS.length)]!);
      text = ws.join(rnd() < 0.5 ? ' ' : ', ');
    }
    chunks.push({ id: String(rnd() < 0.05 ? 1 : c + 1), text });
  }
  return chunks;
}

describe('chunk statistics postings', () => {
  it('hold exactly the chunks whose words give a term, over varied chunk lists', () => {
    const rnd = random(34);
    let multi = 0;
    for (let trial = 0; trial < 400; trial++) {
      const chunks = chunksOf(rnd);
      const lang: Language = rnd() < 0.3 ? 'cs' : 'en';
      const stats = buildChunkStats(chunks, lang);
      // Plainly: each chunk's set of stems, by tokenize (the shared stemmer, no vocabulary).
      const stemsOf = chunks.map((ch) => new Set(tokenize(ch.text, lang)));
      const terms = stats.vocab.terms;
      expect(new Set(terms)).toEqual(new Set(stemsOf.flatMap((s) => [...s])));
      for (let t = 0; t < terms.length; t++) {
        const want = chunks.map((_, p) => p).filter((p) => stemsOf[p]!.has(terms[t]!));
        expect(chunks.map((_, p) => p).filter((p) => hasPosting(stats, t, p)), `trial ${trial}, term ${terms[t]}`).toEqual(want);
        expect(chunkCount(stats, t)).toBe(want.length);
        if (want.length > 1) multi++;
      }
      // A term the chunks do not have (a claim's word, added to the vocabulary later) has none.
      const known = terms.length;
      const extra = stats.vocab.termIds('copper lantern')[0]!;
      expect(extra).toBe(known);
      expect(chunkCount(stats, extra)).toBe(0);
      expect(chunks.some((_, p) => hasPosting(stats, extra, p))).toBe(false);
    }
    // Terms in several chunks are common enough for the search to be tried.
    expect(multi).toBeGreaterThan(500);
  });
});
