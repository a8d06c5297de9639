// Bounded fuzzy alignment of a quote against a haystack: candidate windows by shared grams,
// then edit distance (character by character for short quotes, word by word for long ones).
import { toOriginalSpan } from './normalize';
import { PreparedQuote, PreparedText } from './quoteSearch';
import { candidateWindows, gramSource, type GramSource } from './gramWindows';

export interface FuzzyMatch {
  /** Span in the haystack (original offsets, end exclusive) of the best-matching window. */
  start: number;
  end: number;
  /** 1 − edit distance / max(quote length, window length), in 0..1. */
  similarity: number;
}

// Quotes up to this many normalised characters are aligned character by character; longer ones
// word by word (a 2 KB quote is ~350 words), which keeps the alignment a few hundred thousand
// cells at most.
const CHAR_MODE_MAX = 400;
// Alignment work cap per candidate window (cells); above it the gram overlap stands in.
const MAX_CELLS = 1_500_000;
const CANDIDATES = 3;

interface Symbols {
  /** Symbol codes. */
  sym: Int32Array;
  /** Normalised start / end (exclusive) of each symbol. */
  from: Int32Array;
  to: Int32Array;
}

function charSymbols(t: string): Symbols {
  const n = t.length;
  const sym = new Int32Array(n);
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    sym[i] = t.charCodeAt(i);
    from[i] = i;
    to[i] = i + 1;
  }
  return { sym, from, to };
}

/** The haystack's words as symbols, with the dictionary of their codes. */
function hayWords(t: string): { syms: Symbols; dict: Map<string, number> } {
  const dict = new Map<string, number>();
  const sym: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const re = /[^ ]+/g;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    let id = dict.get(m[0]);
    if (id === undefined) {
      id = dict.size;
      dict.set(m[0], id);
    }
    sym.push(id);
    from.push(m.index);
    to.push(m.index + m[0].length);
  }
  return { syms: { sym: Int32Array.from(sym), from: Int32Array.from(from), to: Int32Array.from(to) }, dict };
}

/** A quote's words as symbols in the haystack's dictionary (a word it lacks gets a code of its own). */
function quoteWords(t: string, dict: Map<string, number>): Int32Array {
  const own = new Map<string, number>();
  const sym: number[] = [];
  const re = /[^ ]+/g;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    let id = dict.get(m[0]) ?? own.get(m[0]);
    if (id === undefined) {
      id = dict.size + own.size;
      own.set(m[0], id);
    }
    sym.push(id);
  }
  return Int32Array.from(sym);
}

/** What is kept per prepared haystack between quotes: its symbols, and its gram codes by mode and gram length. */
interface HayData {
  blank: boolean;
  chars?: Symbols;
  words?: { syms: Symbols; dict: Map<string, number> };
  grams: Map<string, GramSource>;
}
const hayData = new WeakMap<PreparedText, HayData>();

/**
 * Semi-global edit distance: the whole of q against any substring of h[lo, hi).
 * Returns the distance and the symbol span of the best substring.
 */
function alignInWindow(q: Int32Array, h: Int32Array, lo: number, hi: number): { dist: number; start: number; end: number } {
  const m = q.length;
  const w = hi - lo;
  let prev = new Int32Array(w + 1);
  let cur = new Int32Array(w + 1);
  let prevStart = new Int32Array(w + 1);
  let curStart = new Int32Array(w + 1);
  for (let j = 0; j <= w; j++) prevStart[j] = j; // free start anywhere in the window
  for (let i = 1; i <= m; i++) {
    const qi = q[i - 1]!;
    cur[0] = i;
    curStart[0] = 0;
    for (let j = 1; j <= w; j++) {
      let best = prev[j - 1]! + (qi === h[lo + j - 1]! ? 0 : 1);
      let st = prevStart[j - 1]!;
      const del = prev[j]! + 1;
      if (del < best) {
        best = del;
        st = prevStart[j]!;
      }
      const ins = cur[j - 1]! + 1;
      if (ins < best) {
        best = ins;
        st = curStart[j - 1]!;
      }
      cur[j] = best;
      curStart[j] = st;
    }
    [prev, cur] = [cur, prev];
    [prevStart, curStart] = [curStart, prevStart];
  }
  let bestJ = 0;
  for (let j = 1; j <= w; j++) if (prev[j]! < prev[bestJ]!) bestJ = j;
  return { dist: prev[bestJ]!, start: lo + prevStart[bestJ]!, end: lo + bestJ };
}

/**
 * The window of `haystack` most similar to `quote`, in haystack offsets. Both sides are
 * normalised first. Candidate windows come from shared character trigrams (or words, for quotes
 * over 400 characters), then each of the best three is aligned by edit distance with some slack
 * around it. A haystack prepared once (PreparedText) keeps its symbols and, once searched by a
 * few quotes, a table of its grams: each further quote then costs about its own length (see
 * hitBudget) plus a capped alignment, not the haystack's length, so many quotes that are not in
 * a long chunk cost about what the chunk and the quotes measure.
 */
export function bestFuzzyMatch(quote: string | PreparedQuote, haystack: string | PreparedText): FuzzyMatch {
  const hay = typeof haystack === 'string' ? new PreparedText(haystack) : haystack;
  const q = (typeof quote === 'string' ? new PreparedQuote(quote) : quote).norm;
  const norm = hay.norm;
  const h = norm.text;
  if (!q) return { start: 0, end: 0, similarity: 0 };
  // What is learnt of the haystack is kept with it for the next quote.
  let kept = hayData.get(hay);
  if (!kept) hayData.set(hay, (kept = { blank: !h.trim(), grams: new Map() }));
  if (kept.blank) return { start: 0, end: 0, similarity: 0 };
  const at = hay.normSearch.indexOf(q);
  if (at >= 0) return { ...toOriginalSpan(norm, at, at + q.length), similarity: 1 };

  const wordMode = q.length > CHAR_MODE_MAX;
  let qs: Int32Array;
  let hs: Symbols;
  if (wordMode) {
    const words = (kept.words ??= hayWords(h));
    qs = quoteWords(q, words.dict);
    hs = words.syms;
  } else {
    qs = charSymbols(q).sym;
    hs = kept.chars ??= charSymbols(h);
  }
  const m = qs.length;
  const n = hs.sym.length;
  if (m === 0 || n === 0) return { start: 0, end: 0, similarity: 0 };
  const k = wordMode ? 1 : Math.min(3, m);
  const grams = kept.grams;
  const key = `${wordMode ? 'w' : 'c'}${k}`;
  const src = () => {
    let g = grams.get(key);
    if (!g) grams.set(key, (g = gramSource(hs.sym, k)));
    return g;
  };
  const slack = Math.ceil(m / 4) + k;
  let best: FuzzyMatch = { start: 0, end: 0, similarity: 0 };
  let bestSim = -1;
  for (const cand of candidateWindows(qs, hs.sym, k, CANDIDATES, src)) {
    const lo = Math.max(0, cand.start - slack);
    const hi = Math.min(n, cand.start + m + slack);
    let symStart: number;
    let symEnd: number;
    let similarity: number;
    if (m * (hi - lo) > MAX_CELLS) {
      // Too big to align: the share of quote grams present in the window is a fair stand-in.
      symStart = cand.start;
      symEnd = Math.min(n, cand.start + m);
      similarity = cand.hits / cand.grams;
    } else {
      const r = alignInWindow(qs, hs.sym, lo, hi);
      symStart = r.start;
      symEnd = r.end;
      similarity = 1 - r.dist / Math.max(m, r.end - r.start);
    }
    similarity = Math.max(0, Math.min(1, similarity));
    if (similarity > bestSim) {
      bestSim = similarity;
      const ns = hs.from[symStart] ?? norm.text.length;
      const ne = symEnd > symStart ? hs.to[symEnd - 1]! : ns;
      best = { ...toOriginalSpan(norm, ns, ne), similarity };
    }
  }
  return best;
}
