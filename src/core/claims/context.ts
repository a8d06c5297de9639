// What the steps of splitClaims share: the answer with one class byte per UTF-16 unit, the
// drafts (spans that become claims) and the options of the run.
import { isSpace } from '../text/text';
import type { Language } from '../types';

export type DraftKind = 'sentence' | 'list_item' | 'heading';

export interface Draft {
  start: number;
  end: number;
  kind: DraftKind;
  block: number;
  emptyCite: boolean;
  /** claimText of the span, once computed. */
  text: string | null;
}

export function draft(start: number, end: number, kind: DraftKind, block: number): Draft {
  return { start, end, kind, block, emptyCite: false, text: null };
}

// Character classes of the answer, one byte per UTF-16 unit.
export const PLAIN = 0;
export const MARKER = 1;
export const TAG = 2; // LongCite <statement>, </statement>, <cite>…</cite>
export const STRIP = 3; // Markdown syntax that is not text: blockquote '>' prefixes

export interface Ctx {
  s: string;
  /** One class byte per UTF-16 unit of s: written only through setFlags. */
  flags: Uint8Array;
  /** Per cell of 16 units of s, 1 when any of them is not PLAIN (setFlags keeps it): PLAIN text is skipped a cell at a time. */
  coarse: Uint8Array;
  lang: Language;
  defs: readonly { start: number; end: number }[];
  drafts: Draft[];
  block: number;
  query: string | undefined;
  topic: Set<string> | null;
}

// The class arrays of the answers are views on buffers kept between runs: a new typed array of
// an answer's length, every time, cost more than the rest of the run's setup. Larger answers get
// their own arrays (and do not keep a large buffer alive).
const POOL_MAX = 1 << 16;
/** log2 of the units per cell of the coarse map. */
const CELL = 4;
let flagPool = new Uint8Array(1024);
let coarsePool = new Uint8Array(1024 >> CELL);

/** Class arrays for a text of n units, all PLAIN. */
export function classArrays(n: number): { flags: Uint8Array; coarse: Uint8Array } {
  const blocks = (n >> CELL) + 1;
  if (n > POOL_MAX) return { flags: new Uint8Array(n), coarse: new Uint8Array(blocks) };
  if (flagPool.length < n) {
    flagPool = new Uint8Array(Math.min(POOL_MAX, Math.max(n, 2 * flagPool.length)));
    coarsePool = new Uint8Array((flagPool.length >> CELL) + 1);
  }
  const flags = flagPool.subarray(0, n);
  const coarse = coarsePool.subarray(0, blocks);
  flags.fill(PLAIN);
  coarse.fill(0);
  return { flags, coarse };
}

/** Gives the units [a, b) the class f (never PLAIN: a class once set stays set). */
export function setFlags(ctx: Pick<Ctx, 'flags' | 'coarse'>, a: number, b: number, f: typeof MARKER | typeof TAG | typeof STRIP): void {
  if (b <= a) return;
  ctx.flags.fill(f, a, b);
  for (let i = a >> CELL; i <= (b - 1) >> CELL; i++) ctx.coarse[i] = 1;
}

/** Where the run of PLAIN units that starts at k ends, at most b. */
export function plainEnd(ctx: Ctx, k: number, b: number): number {
  const { flags, coarse } = ctx;
  let e = k;
  while (e < b) {
    if (coarse[e >> CELL] === 0) e = ((e >> CELL) + 1) << CELL;
    else if (flags[e] !== PLAIN) return e;
    else e++;
  }
  return b;
}

/** End of a span without trailing spaces, tags or Markdown syntax (trailing markers are kept). */
export function trimEndIdx(ctx: Ctx, a: number, b: number): number {
  let e = b;
  while (e > a && (isSpace(ctx.s, e - 1) || ctx.flags[e - 1] === TAG || ctx.flags[e - 1] === STRIP)) e--;
  return e;
}
