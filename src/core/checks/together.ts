// The hint 'words_apart' (severity info): a claim whose words are nowhere together in its cited
// chunks. The overlap check (./relevance.ts) looks at a whole chunk, so on a long page every
// word of a claim may be somewhere and the claim still be stated nowhere. Here the claim's
// content words (stems, no stop words, none from the query) are looked for in every window of
// WINDOW consecutive sentences of each cited chunk of at least MIN_SENTENCES sentences; when the
// best window holds under a third of them, the hint names that window and the words it lacks.
// A hint, not a warning: a page may state a claim across paragraphs.
//
// Cost: the chunk's words come from the relevance check's statistics (./relevance.ts), already
// tokenised. Most claims are settled before the chunk is cut into sentences (the costly part):
// a claim of too few words at once, and a claim whose words stand together anyway by a cheap
// bound (enoughTogether: three stretches between possible sentence ends hold a third of them).
// Only the rest read the chunk's sentences: each such chunk gets, once per statistics, the
// sentence of each of its words, and a claim then counts its words per window in one pass over
// them (no window is tested on its own, nothing is sorted).
import type { Chunk, Language } from '../types';
import { sentenceRanges, windowCuts } from '../claims/sentences';
import { isSpaceChar } from '../text/text';
import { chunkWords, hasPosting, type ChunkStats } from './relevance';
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

/** A chunk's sentences that have a letter or digit, and whether a word may cross their edges. */
interface Sentences {
  ranges: [number, number][];
  /**
   * Whether every edge of every sentence has on one side a character no word holds, so that no
   * word crosses it: the chunk's words then fall into its sentences as each sentence's own
   * tokenising would give them.
   */
  clean: boolean;
}

const sentenceCache: Record<Language, TextCache<Sentences>> = { en: new TextCache(1024), cs: new TextCache(1024) };

const WORD_PART = /[\p{L}\p{N}\p{M}]/u;
/**
 * Whether the UTF-16 unit may be part of a word of the statistics (../text/words.ts): a letter,
 * digit or mark (half a surrogate pair is none), or an apostrophe, which stays inside a word
 * between two letters.
 */
function mayBeInWord(c: number): boolean {
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x27;
  return c === 0x2019 || (!(c >= 0xd800 && c <= 0xdfff) && WORD_PART.test(String.fromCharCode(c)));
}

function sentencesOf(text: string, lang: Language): Sentences {
  return sentenceCache[lang].get(text, (t) => {
    const all = sentenceRanges(t, lang);
    const edgeIsClean = (x: number) => x === 0 || x === t.length || !mayBeInWord(t.charCodeAt(x - 1)) || !mayBeInWord(t.charCodeAt(x));
    return { ranges: all.filter(([a, b]) => hasLetterOrDigit(t, a, b)), clean: all.every(([a, b]) => edgeIsClean(a) && edgeIsClean(b)) };
  });
}

const LETTER_OR_DIGIT_AT = /[\p{L}\p{N}]/uy;
/** Whether text[from, to) has a letter or digit, read in place (no copy of the sentence). */
function hasLetterOrDigit(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x80) {
      if ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)) return true;
      continue;
    }
    // A pair of surrogates counts only whole inside the range, as in a copy of it.
    if ((c >= 0xdc00 && c <= 0xdfff) || (c >= 0xd800 && c <= 0xdbff && k + 1 >= to)) continue;
    LETTER_OR_DIGIT_AT.lastIndex = k;
    if (LETTER_OR_DIGIT_AT.test(text)) return true;
  }
  return false;
}

/**
 * A cited chunk read by sentence: its words in text order (terms[from, to), term ids of the
 * statistics' vocabulary) and, per word, the number of the sentence it stands in (-1: none).
 */
interface ChunkWords {
  text: string;
  ranges: [number, number][];
  terms: ArrayLike<number>;
  from: number;
  /** sentence[k - from]: the sentence of word k, ascending along the words. */
  sentence: number[];
}

/** A word as the claim writes it (the hint names the missing ones so). */
const CLAIM_WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const HAS_MARK = /\p{M}/u;

/**
 * What the hint keeps with a statistics (a re-audit with the same chunks, a keystroke in the
 * answer, reuses it), made on its first claim: the answers for one query, and by chunk position
 * the chunk read by sentence and its stretches (null: the bound is not used there).
 */
interface Kept {
  stats: ChunkStats;
  query: string;
  answers: Map<string, WordsApart | null>;
  words: (ChunkWords | undefined)[];
  stretches: (Stretches | null | undefined)[];
}
/** Kept for the last few statistics, the latest first (relevance.ts statsFor keeps as many). */
const recent: Kept[] = [];
const RECENT_MAX = 4;
/** Answers kept per statistics before they are dropped all at once (a long session of typing). */
const ANSWERS_KEPT = 4096;

const scratch: number[] = [];

/** The words of `text` by sentence, the chunk at position `pos` of the statistics (else one they do not hold). */
function wordsBySentence(stats: ChunkStats, text: string, pos: number | undefined): ChunkWords {
  const { ranges, clean } = sentencesOf(text, stats.language);
  const n = ranges.length;
  if (clean && pos !== undefined) {
    // The chunk's words as the statistics hold them; each goes to the sentence its start lies in.
    const { from, to } = chunkWords(stats, pos);
    const sentence: number[] = [];
    for (let k = from, j = 0; k < to; k++) {
      const at = stats.wordStarts[k]!;
      while (j < n && at >= ranges[j]![1]) j++;
      sentence.push(j < n && at >= ranges[j]![0] ? j : -1);
    }
    return { text, ranges, terms: stats.words, from, sentence };
  }
  // A chunk the statistics do not hold, or one where a word may cross a sentence's edge (a text
  // without spaces cut into windows, "x.Y" read as two sentences): each sentence is tokenised on
  // its own.
  const terms: number[] = [];
  const sentence: number[] = [];
  for (let j = 0; j < n; j++) {
    const words = stats.vocab.termIdsInto(text.slice(ranges[j]![0], ranges[j]![1]), scratch, 0);
    for (let k = 0; k < words; k++) {
      terms.push(scratch[k]!);
      sentence.push(j);
    }
  }
  return { text, ranges, terms, from: 0, sentence };
}

// ---------------------------------------------------------------------------------------------
// The bound that spares most claims the sentences
//
// A sentence ends only just after a sentence terminator (with the closing quotes, spaces and
// marks that follow it), after a line or paragraph separator, or where sentenceRanges cuts a
// long text into windows: every rule of the segmenter (UAX #29, ICU, the plain fallback) ends
// one so. So between two words in different sentences stands one of those ends at least, one
// per sentence: words with at most two such ends between the first and the last of them lie in
// at most three consecutive sentences, that is in one window. If such a stretch holds SHARE of
// the claim's words, the best window does too and the hint is quiet, sentences unread.
// None of those characters is part of a word (no letter, digit or mark), so no word of the
// statistics crosses a sentence's edge, and each sentence's own tokenising gives the same words.

/** Characters after which a sentence may end (the Unicode terminators, "…", separators). */
const MAY_END = /[\p{Sentence_Terminal}\u2024\ufe52\uff0e\u2026\n\r\u000b\u000c\u0085\u2028\u2029]/u;
// Per UTF-16 unit, whether a sentence may end after it, on first sight: 0 = not yet known,
// 1 = no, 2 = yes. Either half of a pair of surrogates counts as yes (an extra place only makes
// the bound weaker, never wrong).
const ENDS_AFTER = new Uint8Array(65536);

function mayEndAfter(c: number): boolean {
  let k = ENDS_AFTER[c]!;
  if (k === 0) ENDS_AFTER[c] = k = (c >= 0xd800 && c <= 0xdfff) || MAY_END.test(String.fromCharCode(c)) ? 2 : 1;
  return k === 2;
}
/** Letters that ICU attaches to what goes before them (Grapheme_Extend): a sentence may end after one. */
const EXTENDING_LETTER = /[\uff9e\uff9f]/;

/**
 * Per word of a chunk (stats.words[from, to)), how many places where a sentence may end come
 * before its start: worked out as far as a claim asks (the first words so far), since a claim
 * stated early in a long page needs no more.
 */
interface Stretches {
  text: string;
  /** The chunk's words are stats.words[from, to). */
  from: number;
  to: number;
  cuts: number[];
  /** stretch[k]: the stretch of the chunk's word k, for its first words so far. */
  stretch: number[];
  /** Where the count stands: the text read up to `at`, `ends` places so far, cuts[0, cut) passed. */
  at: number;
  ends: number;
  cut: number;
}

/**
 * The stretches of the chunk at position `pos`, none read yet; undefined when the text is cut
 * into windows inside a word (a window of sentenceRanges with no space in its second half) or
 * has a letter ICU attaches to a terminator: the bound is not used there.
 */
function stretchesOf(stats: ChunkStats, text: string, pos: number): Stretches | undefined {
  if (EXTENDING_LETTER.test(text)) return undefined;
  const cuts = windowCuts(text);
  for (const c of cuts) if (!isSpaceChar(text[c - 1])) return undefined;
  const { from, to } = chunkWords(stats, pos);
  return { text, from, to, cuts, stretch: [], at: 0, ends: 0, cut: 0 };
}

/** The stretch of the chunk's word `k` (counted from the chunk's first), read on up to it. */
function stretchAt(s: Stretches, starts: Int32Array, k: number): number {
  while (s.stretch.length <= k) {
    const word = starts[s.from + s.stretch.length]!;
    // A sentence may end just after a terminator before the word, or at a cut at or before it.
    let { at, ends } = s;
    for (; at < word; at++) if (mayEndAfter(s.text.charCodeAt(at))) ends++;
    while (s.cut < s.cuts.length && s.cuts[s.cut]! <= word) {
      ends++;
      s.cut++;
    }
    s.at = at;
    s.ends = ends;
    s.stretch.push(ends);
  }
  return s.stretch[k]!;
}

// Per term id, the claim's own number for it (valid where `claimMark` holds the current claim).
let claimMark = new Int32Array(1024);
let claimSlot = new Int32Array(1024);
let claimSerial = 0;
const occStretch: number[] = [];
const occWord: number[] = [];
let perWord = new Int32Array(64);

/** A new mark for a claim's words in claimMark, which holds every term id of `stats`. */
function newClaimMark(stats: ChunkStats): number {
  const size = stats.vocab.terms.length;
  if (claimMark.length < size) {
    claimMark = new Int32Array(Math.max(size, claimMark.length * 2));
    claimSlot = new Int32Array(claimMark.length);
    claimSerial = 0;
  }
  if (claimSerial === 0x7fffffff) {
    claimMark.fill(0);
    claimSerial = 0;
  }
  return ++claimSerial;
}

/**
 * Whether some three consecutive stretches of the chunk hold SHARE of the claim's `size` words
 * (marked `serial`): then a window of its sentences does. Reads the chunk's words in order and
 * stops at the first such stretch.
 */
function enoughTogether(stats: ChunkStats, stretches: Stretches, serial: number, size: number): boolean {
  if (perWord.length < size) perWord = new Int32Array(size * 2);
  perWord.fill(0, 0, size);
  // The claim's words in the chunk, in order, each with its stretch; the window slides over
  // them, holding the words whose stretch is at most two before the newest one's.
  const { from, to } = stretches;
  const words = stats.words;
  let count = 0;
  let lo = 0;
  let distinct = 0;
  for (let k = from; k < to; k++) {
    const t = words[k]!;
    if (claimMark[t] !== serial) continue;
    const here = stretchAt(stretches, stats.wordStarts, k - from);
    const slot = claimSlot[t]!;
    occStretch[count] = here;
    occWord[count++] = slot;
    if (perWord[slot]!++ === 0) distinct++;
    while (occStretch[lo]! < here - (WINDOW - 1)) if (--perWord[occWord[lo++]!]! === 0) distinct--;
    if (distinct / size >= SHARE) return true;
  }
  return false;
}

/** Whether a term is digits only (a number, never a content word here). */
function isNumber(term: string): boolean {
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return term.length > 0;
}

/**
 * The words_apart search over one audit's chunks: the query's terms read once per case, each
 * cited chunk indexed once per statistics (`stats` are those of `chunks`).
 */
export function apartFinder(stats: ChunkStats, chunks: readonly Chunk[], query: string): (claim: string, cited: readonly Chunk[]) => WordsApart | undefined {
  const vocab = stats.vocab;
  // Made on the first claim: many audits search for none.
  let kept: Kept | undefined;
  let fromQuery: Set<number> | undefined;
  // A chunk the statistics do not hold at its id's position (a repeated id): only for this audit.
  let others: Map<Chunk, ChunkWords> | undefined;
  const keptNow = (): Kept => {
    if (kept) return kept;
    const i = recent.findIndex((k) => k.stats === stats);
    if (i < 0) {
      recent.unshift((kept = { stats, query, answers: new Map(), words: [], stretches: [] }));
      if (recent.length > RECENT_MAX) recent.pop();
      return kept;
    }
    kept = recent[i]!;
    if (i > 0) recent.unshift(...recent.splice(i, 1));
    // Earlier answers hold for the same query only.
    if (kept.query !== query) {
      kept.query = query;
      kept.answers = new Map();
    }
    return kept;
  };
  /** The position of `ch` in the statistics, if they hold it there. */
  const positionOf = (ch: Chunk): number | undefined => {
    const pos = stats.positionOf.get(String(ch.id));
    return pos !== undefined && chunks[pos] === ch ? pos : undefined;
  };
  /** Whether the bound shows a window of `ch` with SHARE of the claim's words (never for a chunk the statistics do not hold). */
  const together = (ch: Chunk, terms: readonly number[], serial: number): boolean => {
    const pos = positionOf(ch);
    if (pos === undefined) return false;
    // The chunk must have SHARE of the words at all (the statistics know which it has).
    let present = 0;
    for (const t of terms) if (hasPosting(stats, t, pos)) present++;
    if (present / terms.length < SHARE) return false;
    const all = keptNow().stretches;
    let stretches = all[pos];
    if (stretches === undefined) all[pos] = stretches = stretchesOf(stats, ch.text, pos) ?? null;
    return stretches !== null && enoughTogether(stats, stretches, serial, terms.length);
  };
  const sentenceWordsOf = (ch: Chunk): ChunkWords => {
    const pos = positionOf(ch);
    if (pos !== undefined) return (keptNow().words[pos] ??= wordsBySentence(stats, ch.text, pos));
    others ??= new Map();
    let d = others.get(ch);
    if (!d) others.set(ch, (d = wordsBySentence(stats, ch.text, undefined)));
    return d;
  };
  return (claim, cited) => {
    // Earlier answers, for chunks the statistics hold, by their positions: a re-audit with the
    // same chunks asks again for every claim it did not change. The key: the cited positions,
    // then the claim (digits and commas before the first NUL).
    let key: string | undefined = '';
    for (const ch of cited) {
      const pos = positionOf(ch);
      if (pos === undefined) {
        key = undefined;
        break;
      }
      key += `${pos},`;
    }
    if (key === undefined) return search(claim, cited) ?? undefined;
    key += `\u0000${claim}`;
    const answers = keptNow().answers;
    let found = answers.get(key);
    if (found === undefined) {
      found = search(claim, cited);
      if (answers.size >= ANSWERS_KEPT) answers.clear();
      answers.set(key, found);
    }
    return copied(found);
  };

  /** The hint for the claim, or null. */
  function search(claim: string, cited: readonly Chunk[]): WordsApart | null {
    // Tokenising may add terms to the vocabulary: the query and the claim are read before the
    // claim's words are marked.
    fromQuery ??= new Set(vocab.termIds(query));
    const marked = HAS_MARK.test(claim);
    // The claim's words: scratch[0, count), and with marks the CLAIM_WORD match each is read in.
    let count = 0;
    let matchOf: string[] | undefined;
    if (marked) {
      matchOf = [];
      for (const w of claim.match(CLAIM_WORD) ?? []) for (const end = vocab.termIdsInto(w, scratch, count); count < end; count++) matchOf.push(w);
    } else {
      // Without a mark no word of the tokeniser crosses the edge of a CLAIM_WORD match (each
      // holds whole runs of letters and digits, and apostrophes only inside them): the claim's
      // words are the matches' words, in the same order, read in one pass.
      count = vocab.termIdsInto(claim, scratch, 0);
    }
    // Each content word once (marked `serial`, its place in claimSlot), with the first way the
    // claim writes it (read only for a hint).
    const serial = newClaimMark(stats);
    const terms: number[] = [];
    const written: string[] = [];
    for (let k = 0; k < count; k++) {
      const t = scratch[k]!;
      if (claimMark[t] === serial || fromQuery.has(t) || isNumber(vocab.terms[t]!)) continue;
      claimMark[t] = serial;
      claimSlot[t] = terms.length;
      terms.push(t);
      written.push(matchOf ? matchOf[k]! : '');
    }
    if (terms.length < MIN_WORDS) return null;
    // Each of these ends the search with no hint, so either may come first; the bound costs a
    // pass over the chunk's words, the sentences far more.
    for (const ch of cited) if (together(ch, terms, serial)) return null;
    // A short chunk is one window: nothing to add to the overlap check.
    for (const ch of cited) if (sentencesOf(ch.text, stats.language).ranges.length < MIN_SENTENCES) return null;
    const data = cited.map(sentenceWordsOf);
    // The first window with the most words, over the chunks in order; none as soon as a window
    // holds SHARE of them.
    let best: { id: string; at: number; hits: number; d: ChunkWords } | undefined;
    for (let c = 0; c < data.length; c++) {
      const d = data[c]!;
      const { at, most } = bestWindow(d, serial, terms.length);
      if (most / terms.length >= SHARE) return null;
      if (!best || most > best.hits) best = { id: String(cited[c]!.id), at, hits: most, d };
    }
    if (!best) return null;
    const { d, at } = best;
    const inWindow = windowTerms(d, serial, terms.length, at);
    if (!marked) writtenAs(claim, serial, written);
    return {
      chunkId: best.id,
      from: at + 1,
      to: at + WINDOW,
      window: d.text.slice(d.ranges[at]![0], d.ranges[at + WINDOW - 1]![1]).trim(),
      missing: written.filter((_, i) => !inWindow[i]),
      share: best.hits / terms.length,
    };
  }

  /** Each word the claim marked `serial` as the claim first writes it: the CLAIM_WORD match it is first read in. */
  function writtenAs(claim: string, serial: number, written: string[]): void {
    for (const w of claim.match(CLAIM_WORD) ?? []) {
      const count = vocab.termIdsInto(w, scratch, 0);
      for (let k = 0; k < count; k++) {
        const t = scratch[k]!;
        if (claimMark[t] === serial && written[claimSlot[t]!] === '') written[claimSlot[t]!] = w;
      }
    }
  }
}

// Per window of the chunk being read, how many of the claim's words it has (zero again after
// each chunk), the windows that have any, and per word of the claim the last window counted.
const hits: number[] = [];
const touched: number[] = [];
let counted = new Int32Array(64);

/**
 * The first window of `d` with the most of the claim's words (marked `serial` in claimMark,
 * `size` of them), read in one pass over the chunk's words; it stops once a window holds SHARE
 * of them. A word counts once per window, in every window that holds one of its sentences.
 */
function bestWindow(d: ChunkWords, serial: number, size: number): { at: number; most: number } {
  const last = d.ranges.length - WINDOW;
  if (counted.length < size) counted = new Int32Array(size * 2);
  counted.fill(-1, 0, size);
  let enough = false;
  for (let k = 0; k < d.sentence.length && !enough; k++) {
    const t = d.terms[d.from + k]!;
    const s = d.sentence[k]!;
    if (claimMark[t] !== serial || s < 0) continue;
    // Sentences only grow along the words: the windows up to `counted` have this word already.
    const slot = claimSlot[t]!;
    const to = Math.min(s, last);
    for (let i = Math.max(s - WINDOW + 1, counted[slot]! + 1); i <= to; i++) {
      const h = hits[i] ?? 0;
      if (h === 0) touched.push(i);
      hits[i] = h + 1;
      if ((h + 1) / size >= SHARE) enough = true;
    }
    if (to > counted[slot]!) counted[slot] = to;
  }
  // Windows no word is in have none: the first of them is window 0 when no window has any.
  let at = 0;
  let most = 0;
  for (const i of touched) {
    if (hits[i]! > most || (hits[i] === most && i < at)) {
      at = i;
      most = hits[i]!;
    }
    hits[i] = 0;
  }
  touched.length = 0;
  return { at, most };
}

/** Per word of the claim (by its place in claimSlot), whether the window at `at` of `d` has it. */
function windowTerms(d: ChunkWords, serial: number, size: number, at: number): boolean[] {
  const has = new Array<boolean>(size).fill(false);
  for (let k = 0; k < d.sentence.length; k++) {
    const t = d.terms[d.from + k]!;
    const s = d.sentence[k]!;
    if (claimMark[t] === serial && s >= at && s < at + WINDOW) has[claimSlot[t]!] = true;
  }
  return has;
}

/** An answer for the caller: its own list of missing words (the kept one is never handed out). */
const copied = (a: WordsApart | null): WordsApart | undefined => (a ? { ...a, missing: [...a.missing] } : undefined);

