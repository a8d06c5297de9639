// Bounded fuzzy alignment of a quote against a haystack: candidate windows by shared grams,
// then edit distance (character by character for short quotes, word by word for long ones).
import { toOriginalSpan } from './normalize';
import { PreparedQuote, PreparedText } from './quoteSearch';

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

function wordSymbols(t: string, dict: Map<string, number>): Symbols {
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
  return { sym: Int32Array.from(sym), from: Int32Array.from(from), to: Int32Array.from(to) };
}

// Gram codes: k consecutive symbols folded into one number (collisions only cost precision of
// the candidate search, never correctness of the final alignment).
function gramCode(sym: Int32Array, i: number, k: number): number {
  let h = 0;
  for (let j = 0; j < k; j++) h = (Math.imul(h, 0x01000193) ^ (sym[i + j]! + 1)) >>> 0;
  return h;
}

/** Up to `count` best non-overlapping window starts by shared-gram count. */
function candidateWindows(q: Int32Array, h: Int32Array, k: number, count: number): { start: number; hits: number; grams: number }[] {
  const m = q.length;
  const n = h.length;
  const qGrams = new Set<number>();
  for (let i = 0; i + k <= m; i++) qGrams.add(gramCode(q, i, k));
  const grams = Math.max(1, m - k + 1);
  if (n <= m) {
    let hits = 0;
    for (let i = 0; i + k <= n; i++) if (qGrams.has(gramCode(h, i, k))) hits++;
    return [{ start: 0, hits, grams }];
  }
  const hitCount = n - k + 1;
  const prefix = new Int32Array(hitCount + 1);
  for (let i = 0; i < hitCount; i++) prefix[i + 1] = prefix[i]! + (qGrams.has(gramCode(h, i, k)) ? 1 : 0);
  const windows = n - m + 1;
  const span = m - k + 1;
  const taken: { start: number; hits: number; grams: number }[] = [];
  for (let c = 0; c < count; c++) {
    let best = -1;
    let bestHits = -1;
    for (let s = 0; s < windows; s++) {
      const e = Math.min(hitCount, s + span);
      const hits = prefix[e]! - prefix[s]!;
      if (hits > bestHits && !taken.some((t) => Math.abs(t.start - s) < m)) {
        best = s;
        bestHits = hits;
      }
    }
    if (best < 0 || (c > 0 && bestHits === 0)) break;
    taken.push({ start: best, hits: bestHits, grams });
  }
  return taken;
}

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
 * around it. Work is linear in the haystack plus a capped alignment, so a 2 KB quote against a
 * 100 KB chunk stays in the low milliseconds.
 */
export function bestFuzzyMatch(quote: string | PreparedQuote, haystack: string | PreparedText): FuzzyMatch {
  const hay = typeof haystack === 'string' ? new PreparedText(haystack) : haystack;
  const q = (typeof quote === 'string' ? new PreparedQuote(quote) : quote).norm;
  const norm = hay.norm;
  const h = norm.text;
  if (!q || !h.trim()) return { start: 0, end: 0, similarity: 0 };
  const at = h.indexOf(q);
  if (at >= 0) return { ...toOriginalSpan(norm, at, at + q.length), similarity: 1 };

  const wordMode = q.length > CHAR_MODE_MAX;
  let qs: Symbols;
  let hs: Symbols;
  if (wordMode) {
    const dict = new Map<string, number>();
    qs = wordSymbols(q, dict);
    hs = wordSymbols(h, dict);
  } else {
    qs = charSymbols(q);
    hs = charSymbols(h);
  }
  const m = qs.sym.length;
  const n = hs.sym.length;
  if (m === 0 || n === 0) return { start: 0, end: 0, similarity: 0 };
  const k = wordMode ? 1 : Math.min(3, m);
  const slack = Math.ceil(m / 4) + k;
  let best: FuzzyMatch = { start: 0, end: 0, similarity: 0 };
  let bestSim = -1;
  for (const cand of candidateWindows(qs.sym, hs.sym, k, CANDIDATES)) {
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
      const r = alignInWindow(qs.sym, hs.sym, lo, hi);
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
