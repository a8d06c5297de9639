// The passage of a chunk that shares the most with a claim: a reading aid for annotators facing a
// long chunk with no quoted span. Lexical only (stemmed words, stopwords dropped), so it says where
// to look, never whether the chunk supports the claim.
import { sentenceRanges } from '../claims/sentences';
import { tokenize } from './words';
import type { Language } from '../types';

export interface Passage {
  /** JS string offsets into the chunk text, end exclusive, without surrounding whitespace. */
  start: number;
  end: number;
  /** Distinct claim words found in the passage, and their share of the claim's distinct words. */
  shared: number;
  coverage: number;
}

/** Fewer shared words than this (or than the claim has, if fewer) is no passage. */
export const PASSAGE_MIN_SHARED = 2;
/** Share of the claim's words a passage must hold. */
export const PASSAGE_MIN_COVERAGE = 0.3;
/** A second sentence joins the best one only when it brings at least this many new claim words. */
export const PASSAGE_JOIN_GAIN = 2;

/**
 * The sentence of `text` (or two adjacent sentences, when the second brings enough of the claim's
 * words the first lacks) that holds the most of `claim`'s words, weighting words that occur in few
 * sentences of the chunk above words that occur in most. Null when nothing holds enough of the
 * claim to be worth pointing at. `ignore` lists strings of the claim to leave out (its markers).
 */
export function closestPassage(claim: string, text: string, lang: Language, ignore: readonly string[] = []): Passage | null {
  let c = claim;
  for (const s of ignore) if (s) c = c.split(s).join(' ');
  const want = new Set(tokenize(c, lang));
  if (want.size === 0 || text.trim() === '') return null;

  const ranges = sentenceRanges(text, lang);
  const found: Set<string>[] = ranges.map(([a, b]) => {
    const got = new Set<string>();
    for (const t of tokenize(text.slice(a, b), lang)) if (want.has(t)) got.add(t);
    return got;
  });
  const df = new Map<string, number>();
  for (const got of found) for (const t of got) df.set(t, (df.get(t) ?? 0) + 1);
  const n = ranges.length;
  const weight = (t: string) => 1 + Math.log(n / (df.get(t) ?? n));
  const score = (ts: Iterable<string>) => {
    let s = 0;
    for (const t of ts) s += weight(t);
    return s;
  };

  let best = -1;
  let bestScore = 0;
  for (let i = 0; i < n; i++) {
    const s = score(found[i]!);
    if (s > bestScore) {
      best = i;
      bestScore = s;
    }
  }
  if (best < 0) return null;

  let first = best;
  let last = best;
  let words = new Set(found[best]);
  // One neighbour may join: the one that adds the most of what the best sentence lacks.
  let join: { at: number; gain: number } | null = null;
  for (const j of [best - 1, best + 1]) {
    if (j < 0 || j >= n) continue;
    let gain = 0;
    for (const t of found[j]!) if (!words.has(t)) gain++;
    if (gain >= PASSAGE_JOIN_GAIN && (!join || gain > join.gain)) join = { at: j, gain };
  }
  if (join) {
    first = Math.min(first, join.at);
    last = Math.max(last, join.at);
    words = new Set([...words, ...found[join.at]!]);
  }

  const shared = words.size;
  const coverage = shared / want.size;
  if (shared < Math.min(PASSAGE_MIN_SHARED, want.size) || coverage < PASSAGE_MIN_COVERAGE) return null;

  let start = ranges[first]![0];
  let end = ranges[last]![1];
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end, shared, coverage };
}
