// The hint 'words_apart' (severity info): a claim whose words are nowhere together in its cited
// chunks. The overlap check (./relevance.ts) looks at a whole chunk, so on a long page every
// word of a claim may be somewhere and the claim still be stated nowhere. Here the claim's
// content words (stems, no stop words, none from the query) are looked for in every window of
// WINDOW consecutive sentences of each cited chunk of at least MIN_SENTENCES sentences; when the
// best window holds under a third of them, the hint names that window and the words it lacks.
// A hint, not a warning: a page may state a claim across paragraphs.
import type { Language } from '../types';
import { tokenize } from '../text/words';
import { sentenceRanges } from '../claims/sentences';
import { TextCache } from './util';

export const WINDOW = 3;
/** Chunks with fewer sentences are one window: the overlap check already covers them. */
export const MIN_SENTENCES = 4;
/** Claims with fewer content words say too little to judge. */
export const MIN_WORDS = 4;
export const SHARE = 1 / 3;

export interface WordsApart {
  /** The chunk and its best window (sentence numbers from 1, inclusive). */
  chunkId: string;
  from: number;
  to: number;
  /** The window's text, for the message. */
  window: string;
  /** The claim's words the window lacks, as the claim writes them. */
  missing: string[];
  share: number;
}

interface ChunkSentences {
  ranges: [number, number][];
  terms: Set<string>[];
}

const chunkCache: Record<Language, TextCache<ChunkSentences>> = { en: new TextCache(1024), cs: new TextCache(1024) };

function sentencesOf(text: string, lang: Language): ChunkSentences {
  return chunkCache[lang].get(text, (t) => {
    const ranges = sentenceRanges(t, lang).filter(([a, b]) => /[\p{L}\p{N}]/u.test(t.slice(a, b)));
    return { ranges, terms: ranges.map(([a, b]) => new Set(tokenize(t.slice(a, b), lang))) };
  });
}

/** The claim's best window over the chunks, when it holds under SHARE of the claim's words. */
export function wordsApart(claim: string, query: string, chunks: { id: string; text: string }[], lang: Language): WordsApart | undefined {
  const fromQuery = new Set(tokenize(query, lang));
  // Each content word once, with the first way the claim writes it.
  const words = new Map<string, string>();
  for (const m of claim.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    for (const t of tokenize(m[0], lang)) if (!fromQuery.has(t) && !/^\d+$/.test(t) && !words.has(t)) words.set(t, m[0]);
  }
  if (words.size < MIN_WORDS) return undefined;
  let best: { id: string; text: string; at: number; hits: number; d: ChunkSentences } | undefined;
  for (const ch of chunks) {
    const d = sentencesOf(ch.text, lang);
    // A short chunk is one window: nothing to add to the overlap check.
    if (d.ranges.length < MIN_SENTENCES) return undefined;
    for (let i = 0; i + WINDOW <= d.ranges.length; i++) {
      let hits = 0;
      for (const t of words.keys()) if (d.terms[i]!.has(t) || d.terms[i + 1]!.has(t) || d.terms[i + 2]!.has(t)) hits++;
      if (!best || hits > best.hits) best = { id: ch.id, text: ch.text, at: i, hits, d };
    }
  }
  if (!best || best.hits / words.size >= SHARE) return undefined;
  const { d, at } = best;
  const inWindow = (t: string) => d.terms[at]!.has(t) || d.terms[at + 1]!.has(t) || d.terms[at + 2]!.has(t);
  return {
    chunkId: best.id,
    from: at + 1,
    to: at + WINDOW,
    window: best.text.slice(d.ranges[at]![0], d.ranges[at + WINDOW - 1]![1]).trim(),
    missing: [...words].filter(([t]) => !inWindow(t)).map(([, w]) => w),
    share: best.hits / words.size,
  };
}
