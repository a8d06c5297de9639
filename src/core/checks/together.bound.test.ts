// The words_apart hint settles most claims before it reads a chunk's sentences (the bound in
// together.ts). Checked here against a plain reading of what the hint means: cut each chunk into
// sentences, take every window of WINDOW of them, count the claim's words in each.
import { describe, expect, it, vi } from 'vitest';
import type { Chunk, Language } from '../types';
import * as sentences from '../claims/sentences';
import { tokenize } from '../text/words';
import { buildChunkStats } from './relevance';
import { apartFinder, MIN_SENTENCES, MIN_WORDS, SHARE, WINDOW, type WordsApart } from './together';
import { random } from '../../../tests/factories/random';

vi.mock('../claims/sentences', async (original) => {
  const real = await original<typeof import('../claims/sentences')>();
  return { ...real, sentenceRanges: vi.fn(real.sentenceRanges) };
});
const split = vi.mocked(sentences.sentenceRanges);

/** The hint read plainly: every chunk split, every window tokenised, the first best one. */
function reference(claim: string, query: string, chunks: Chunk[], lang: Language): WordsApart | undefined {
  const fromQuery = new Set(tokenize(query, lang));
  const words = new Map<string, string>();
  for (const w of claim.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
    for (const t of tokenize(w, lang)) if (!fromQuery.has(t) && !words.has(t) && !/^\d+$/.test(t)) words.set(t, w);
  }
  const read = chunks.map((ch) => {
    const ranges = sentences.sentenceRanges(ch.text, lang).filter(([a, b]) => /[\p{L}\p{N}]/u.test(ch.text.slice(a, b)));
    return { ch, ranges, stems: ranges.map(([a, b]) => new Set(tokenize(ch.text.slice(a, b), lang))) };
  });
  if (read.some((r) => r.ranges.length < MIN_SENTENCES) || words.size < MIN_WORDS) return undefined;
  let best: { r: (typeof read)[number]; at: number; has: Set<string> } | undefined;
  for (const r of read) {
    for (let at = 0; at + WINDOW <= r.ranges.length; at++) {
      const has = new Set([...words.keys()].filter((t) => r.stems.slice(at, at + WINDOW).some((s) => s.has(t))));
      if (has.size / words.size >= SHARE) return undefined;
      if (!best || has.size > best.has.size) best = { r, at, has };
    }
  }
  const { r, at, has } = best!;
  return {
    chunkId: String(r.ch.id),
    from: at + 1,
    to: at + WINDOW,
    window: r.ch.text.slice(r.ranges[at]![0], r.ranges[at + WINDOW - 1]![1]).trim(),
    missing: [...words].filter(([t]) => !has.has(t)).map(([, w]) => w),
    share: has.size / words.size,
  };
}

// A small vocabulary, so that claims and chunks share words, and every way a sentence may end
// or seem to: terminators with and without space, quotes, abbreviations, decimals, line breaks,
// Unicode terminators and letters that send the text to ICU.
const WORDS = 'river bridge castle market tower harbour garden meadow valley forest village mountain'.split(' ');
/** Words no chunk has: a claim with several of them is spread thin. */
const ELSEWHERE = 'copper lantern saddle violin pepper glacier'.split(' ');
const ENDS = ['. ', '! ', '? ', '… ', '.\n', '\n', '.” ', '." ', '.Then ', '; ', ', ', ' e.g. ', ' Mr. ', ' 3.5 ', '。', '! ¡', '\u2029', ' — ', '?! ', '.) ', ' != ', '.|\n|', '.[1] ', '.(', '?x', ".'", "’"];
const SPICE = ['', '', '', '', 'σ ', 'Ω ', '© ', 'ﾞ', '。 ', 'naïve '];

function chunkText(rnd: () => number, sentencesWanted: number, long: boolean): string {
  let text = '';
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  for (let s = 0; s < sentencesWanted; s++) {
    const n = 2 + Math.floor(rnd() * 5);
    const ws: string[] = [];
    for (let k = 0; k < n; k++) ws.push(rnd() < 0.5 ? pick(WORDS) : 'the');
    ws[0] = ws[0]![0]!.toUpperCase() + ws[0]!.slice(1);
    text += pick(SPICE) + ws.join(' ') + pick(ENDS);
  }
  // Long texts are cut into windows; a run without spaces makes a cut fall inside a word.
  if (long) text = text.repeat(Math.ceil(2600 / text.length)) + (rnd() < 0.5 ? 'x'.repeat(1200) + ' tail.' : '');
  return text;
}

describe('words_apart before the sentences are read', () => {
  it('agrees with every window read plainly, over varied chunks and claims', () => {
    const rnd = random(34);
    let quiet = 0;
    let found = 0;
    for (let trial = 0; trial < 800; trial++) {
      const chunks: Chunk[] = [];
      const count = rnd() < 0.2 ? 2 : 1;
      for (let c = 0; c < count; c++) chunks.push({ id: String(c + 1), text: chunkText(rnd, 3 + Math.floor(rnd() * 9), rnd() < 0.1) });
      const claimWords: string[] = [];
      for (let k = 4 + Math.floor(rnd() * 5); k > 0; k--) {
        const from = rnd() < 0.35 ? ELSEWHERE : WORDS;
        claimWords.push(from[Math.floor(rnd() * from.length)]!);
      }
      const claim = claimWords.join(' ');
      const query = rnd() < 0.2 ? WORDS[0]! : '';
      const lang: Language = rnd() < 0.2 ? 'cs' : 'en';
      const want = reference(claim, query, chunks, lang);
      expect(apartFinder(buildChunkStats(chunks, lang), chunks, query)(claim, chunks), `trial ${trial}: ${JSON.stringify({ claim, chunks })}`).toEqual(want);
      if (want) found++;
      else quiet++;
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(found).toBeGreaterThan(80);
    expect(quiet).toBeGreaterThan(80);
  });

  it('reads each chunk by sentence once and answers every later claim as the plain reading does', () => {
    // One audit: many claims over the same chunks, so the words each chunk keeps by sentence
    // serve claim after claim; the third chunk repeats an id, so the statistics do not hold it.
    const rnd = random(3407);
    const pick = (xs: readonly string[]) => xs[Math.floor(rnd() * xs.length)]!;
    let found = 0;
    for (let audit = 0; audit < 40; audit++) {
      const chunks: Chunk[] = [1, 2, 2].map((id) => ({ id: String(id), text: chunkText(rnd, 4 + Math.floor(rnd() * 10), rnd() < 0.15) }));
      const lang: Language = rnd() < 0.3 ? 'cs' : 'en';
      const finder = apartFinder(buildChunkStats(chunks, lang), chunks, '');
      for (let c = 0; c < 25; c++) {
        const claim = Array.from({ length: 4 + Math.floor(rnd() * 6) }, () => pick(rnd() < 0.3 ? ELSEWHERE : WORDS)).join(' ');
        const cited = [chunks[Math.floor(rnd() * 3)]!, ...(rnd() < 0.3 ? [chunks[Math.floor(rnd() * 3)]!] : [])];
        const want = reference(claim, '', cited, lang);
        expect(finder(claim, cited), `audit ${audit}, claim ${c}: ${JSON.stringify({ claim, cited })}`).toEqual(want);
        if (want) found++;
      }
    }
    expect(found).toBeGreaterThan(50);
  });

  it('names the missing words as the claim writes them, whatever stands around them', () => {
    // Apostrophes, hyphens, digits, letters beyond U+FFFF and combining marks around the words:
    // the claim's words read in one pass must be the words of its matches, each written as the
    // first match that holds it.
    const rnd = random(77);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const odd = ["river's", 'castle’s', 'tower-market', "'garden'", 'bridge\u0301s', 'naïve', '\u{1d400}valley', 'forest\u{1d400}lantern', '3', 'x3.5', 'meadow2', "copper'n'pepper", '-saddle', "violin'", 'glacier\u0327', 'Village', 'RIVER'];
    let found = 0;
    for (let trial = 0; trial < 400; trial++) {
      const chunks: Chunk[] = [{ id: '1', text: chunkText(rnd, 5 + Math.floor(rnd() * 8), false) }];
      const lang: Language = rnd() < 0.3 ? 'cs' : 'en';
      const claim = Array.from({ length: 4 + Math.floor(rnd() * 6) }, () => pick(rnd() < 0.4 ? odd : rnd() < 0.4 ? ELSEWHERE : WORDS)).join(pick([' ', ', ', ' - ', '; ']));
      const query = rnd() < 0.2 ? 'the river' : '';
      const want = reference(claim, query, chunks, lang);
      expect(apartFinder(buildChunkStats(chunks, lang), chunks, query)(claim, chunks), `trial ${trial}: ${JSON.stringify({ claim, chunks })}`).toEqual(want);
      if (want) found++;
    }
    expect(found).toBeGreaterThan(60);
  });

  it('marks the claim\'s words after reading them, when they grow the vocabulary past the marks', () => {
    // Each claim word is new to the audit's terms and written twice: were the marks made before
    // the claim is read, the words numbered past their end would count twice.
    const chunks: Chunk[] = [{ id: '1', text: chunkText(random(5), 8, false) }];
    const letters = 'bcdfghjkmnpqrtvwxz';
    const made = (i: number) => 'zq' + [0, 1, 2].map((k) => letters[Math.floor(i / letters.length ** k) % letters.length]).join('');
    for (const size of [300, 3000]) {
      const fresh = Array.from({ length: size }, (_, i) => made(i));
      const claim = ['river', ...fresh, 'castle', ...fresh].join(' ');
      const want = reference(claim, '', chunks, 'en');
      expect(want?.missing.length).toBeGreaterThan(size / 2);
      expect(apartFinder(buildChunkStats(chunks, 'en'), chunks, '')(claim, chunks)).toEqual(want);
    }
  });

  it('counts every place a sentence may end: line breaks, and the cuts of a long text into windows', () => {
    const claim = 'river castle copper lantern';
    // Two of the four words are needed in one window; river and castle are four sentences apart,
    // with two terminators between them: the third edge is a line break, or a window's cut.
    const lines = 'Stone fell.\nWood burnt\nThe river ran\nGold shone\nLead sank\nA castle stood\nRain fell';
    const head = 'Stone fell. Wood burnt. The river ran. Gold shone. ';
    const filler = (to: number) => head + 'Lorem ' + 'lorem '.repeat(Math.floor((to - head.length) / 6) - 1) + 'x'.repeat((to - head.length) % 6 || 6).slice(0, (to - head.length) % 6) + ((to - head.length) % 6 ? ' ' : '');
    // sentenceRanges cuts this text just before "castle" (no sentence end in the window's second half).
    const cutBefore = filler(1990) + 'castle' + ','.repeat(30) + ' then it ended. Quiet came. Rain fell.';
    expect(sentences.windowCuts(cutBefore)).toContain(cutBefore.indexOf('castle'));
    // A window with no space at all in its second half is cut inside a word ("cas|tle").
    const cutInside = head + 'Y' + 'y'.repeat(2000 - 3 - head.length - 2) + ',castle, then it ended. Quiet came. Rain fell.';
    expect(sentences.windowCuts(cutInside)).toContain(cutInside.indexOf('castle') + 3);
    for (const text of [lines, cutBefore, cutInside]) {
      const chunks = [{ id: '1', text }];
      const want = reference(claim, '', chunks, 'en');
      expect(want, text.slice(0, 40)).toBeDefined();
      expect(apartFinder(buildChunkStats(chunks, 'en'), chunks, '')(claim, chunks)).toEqual(want);
    }
  });

  it('does not cut a chunk into sentences when a few neighbouring sentences hold the claim', () => {
    const text = 'Ann crossed the river. She saw the castle and the tower. The market was busy! Later it rained. Nobody came. The night fell.';
    const chunks = [{ id: '1', text }];
    const finder = apartFinder(buildChunkStats(chunks, 'en'), chunks, '');
    split.mockClear();
    expect(finder('The river, the castle, the tower and the market.', chunks)).toBeUndefined();
    expect(split).not.toHaveBeenCalled();
    // Words four sentences apart: the sentences are read, and the hint stays quiet only if they say so.
    expect(finder('Ann crossed the river, then night fell and nobody came, it rained.', chunks)).toEqual(reference('Ann crossed the river, then night fell and nobody came, it rained.', '', chunks, 'en'));
    expect(split).toHaveBeenCalled();
  });
});
