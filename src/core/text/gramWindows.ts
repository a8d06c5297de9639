// The candidate search of the fuzzy alignment (fuzzy.ts): where in a haystack a quote's grams
// gather, so that the edit distance runs over a few windows and not the whole haystack.
import { lowerBound } from './sorted';

// Gram codes: k consecutive symbols folded into one number (collisions only cost precision of
// the candidate search, never correctness of the final alignment).
export function gramCode(sym: Int32Array, i: number, k: number): number {
  let h = 0;
  for (let j = 0; j < k; j++) h = (Math.imul(h, 0x01000193) ^ (sym[i + j]! + 1)) >>> 0;
  return h;
}

// ---------------------------------------------------------------------------------------------
// Candidate windows. A window is `m` symbols of the haystack; its hits are the haystack positions
// in it whose gram is one of the quote's. The best windows are found from the positions of the
// quote's grams (a sweep over them, not over every window), which come from a scan of the
// haystack's gram codes or, once a haystack has been scanned BUILD_AFTER times for quotes, from a
// table of each gram's positions built once. When the quote's grams occur more than
// hitBudget(m) times in all, only the rarest of them are used (rarest first, as many as fit):
// the windows are then those where the quote's rarer grams gather, and each quote costs about
// its own length whatever the haystack's. Under the budget the windows are exactly those of a
// count over every window.

/** How many lengths of the haystack the scans for quotes may walk before its gram table is built. */
const BUILD_AFTER = 4;

/** Most gram positions a quote of m symbols looks at. */
function hitBudget(m: number): number {
  return 16 * m + 256;
}

export interface GramSource {
  /** The gram code at each haystack position (hitCount of them). */
  codes: Uint32Array;
  scanned: number;
  table?: Map<number, Int32Array>;
}

/** The gram codes of a haystack, before any quote has been looked for in it. */
export function gramSource(h: Int32Array, k: number): GramSource {
  const count = Math.max(0, h.length - k + 1);
  const codes = new Uint32Array(count);
  for (let i = 0; i < count; i++) codes[i] = gramCode(h, i, k);
  return { codes, scanned: 0 };
}

/**
 * The positions of each of the quote's grams in the haystack (absent ones left out), rarest
 * first (then by code: the same order whether they come from a scan or from the table).
 */
function positionsOf(src: GramSource, qGrams: Set<number>): Int32Array[] {
  const found: { code: number; at: Int32Array }[] = [];
  if (src.table) {
    for (const g of qGrams) {
      const p = src.table.get(g);
      if (p) found.push({ code: g, at: p });
    }
  } else {
    scanPositions(src, qGrams, found);
  }
  return found.sort((a, b) => a.at.length - b.at.length || a.code - b.code).map((x) => x.at);
}

function scanPositions(src: GramSource, qGrams: Set<number>, found: { code: number; at: Int32Array }[]): void {
  const codes = src.codes;
  const lists = new Map<number, number[]>();
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (!qGrams.has(c)) continue;
    const l = lists.get(c);
    if (l) l.push(i);
    else lists.set(c, [i]);
  }
  for (const [code, l] of lists) found.push({ code, at: Int32Array.from(l) });
  src.scanned += codes.length + 1;
  if (src.scanned >= BUILD_AFTER * (codes.length + 1)) {
    const all = new Map<number, number[]>();
    for (let i = 0; i < codes.length; i++) {
      const l = all.get(codes[i]!);
      if (l) l.push(i);
      else all.set(codes[i]!, [i]);
    }
    src.table = new Map();
    for (const [c, l] of all) src.table.set(c, Int32Array.from(l));
  }
}

/**
 * Up to `count` best non-overlapping window starts by shared-gram count: the first window (the
 * leftmost of the most hits), then the best at least m away from those taken.
 */
export function candidateWindows(q: Int32Array, h: Int32Array, k: number, count: number, src: () => GramSource): { start: number; hits: number; grams: number }[] {
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
  const lists = positionsOf(src(), qGrams);
  let total = 0;
  for (const l of lists) total += l.length;
  const budget = hitBudget(m);
  let used = lists;
  if (total > budget) {
    let sum = 0;
    let j = 0;
    while (j < lists.length && sum + lists[j]!.length <= budget) sum += lists[j++]!.length;
    used = lists.slice(0, j);
    // Even the rarest gram is everywhere: every so many of its positions.
    if (!j && lists.length) used = [lists[0]!.filter((_, i) => i % Math.ceil(lists[0]!.length / budget) === 0)];
  }
  let size = 0;
  for (const l of used) size += l.length;
  const hitsAt = new Int32Array(size);
  let w = 0;
  for (const l of used) {
    hitsAt.set(l, w);
    w += l.length;
  }
  hitsAt.sort();
  const windows = n - m + 1;
  const span = m - k + 1;
  const inWindow = (at: Int32Array, s: number) => lowerBound(at, s + span) - lowerBound(at, s);
  const taken: { start: number; hits: number; grams: number }[] = [];
  for (let c = 0; c < count; c++) {
    let best = -1;
    let bestHits = -1;
    // The leftmost best start is where a window starts (0, or just past a taken one) or where
    // it takes in a hit (a hit at its last gram).
    const consider = (s: number, hits: number) => {
      if (s < 0 || s >= windows) return;
      for (const t of taken) if (Math.abs(t.start - s) < m) return;
      if (hits > bestHits || (hits === bestHits && s < best)) {
        best = s;
        bestHits = hits;
      }
    };
    consider(0, inWindow(hitsAt, 0));
    for (const t of taken) consider(t.start + m, inWindow(hitsAt, t.start + m));
    // A window whose last gram is hit i holds hits lo..i: lo only moves forward.
    let lo = 0;
    for (let i = 0; i < hitsAt.length; i++) {
      const s = hitsAt[i]! - span + 1;
      if (s <= 0) continue;
      while (hitsAt[lo]! < s) lo++;
      consider(s, i + 1 - lo);
    }
    if (best < 0 || (c > 0 && bestHits === 0)) break;
    taken.push({ start: best, hits: bestHits, grams });
  }
  // Windows chosen by the rarer grams alone are given the count of all the quote's grams.
  if (used !== lists) {
    for (const t of taken) {
      t.hits = 0;
      for (const l of lists) t.hits += inWindow(l, t.start);
    }
  }
  return taken;
}
