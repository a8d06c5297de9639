// What the steps of splitClaims share: the answer with one class byte per UTF-16 unit, the
// drafts (spans that become claims) and the options of the run.
import { isSpace } from './text';
import type { Language } from './types';

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
  flags: Uint8Array;
  lang: Language;
  defs: readonly { start: number; end: number }[];
  drafts: Draft[];
  block: number;
  query: string | undefined;
  topic: Set<string> | null;
}

/** End of a span without trailing spaces, tags or Markdown syntax (trailing markers are kept). */
export function trimEndIdx(ctx: Ctx, a: number, b: number): number {
  let e = b;
  while (e > a && (isSpace(ctx.s, e - 1) || ctx.flags[e - 1] === TAG || ctx.flags[e - 1] === STRIP)) e--;
  return e;
}
