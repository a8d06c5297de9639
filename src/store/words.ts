// Words for the full-text index: lower case, without diacritics (so "prilis" finds "příliš"),
// split on anything that is not a letter or a digit. Search matches word prefixes.
import type { SliceOptions } from './hash';
import { foldWord } from '../core/text/text';
import { isCutChar, mayCutBefore } from './wordCuts';

/** At most this many distinct words per audit go into the index (long answers stay bounded). */
export const MAX_INDEXED_WORDS = 2_000;
/** Longer tokens are cut: nobody types them, and keys stay small. */
const MAX_WORD_LENGTH = 40;

function tokens(text: string): string[] {
  return foldWord(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 || /\d/.test(w))
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** Adds the words of a text to `seen`; false once the cap is reached. */
function addWords(seen: Set<string>, words: Iterable<string>): boolean {
  for (const w of words) {
    if (w.length === 0) continue;
    seen.add(w);
    if (seen.size >= MAX_INDEXED_WORDS) return false;
  }
  return true;
}

/** The distinct index words of some texts, in order of first appearance, capped. */
export function indexWords(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const t of texts) if (!addWords(seen, tokens(t))) break;
  return [...seen];
}

/**
 * indexWords(title, ...texts) from the title and `words`, the index words of the texts
 * (indexWords(...texts), capped the same way): the title's words first, then those.
 */
export function indexWordsWithTitle(title: string, words: readonly string[]): string[] {
  const seen = new Set<string>();
  if (addWords(seen, tokens(title))) addWords(seen, words);
  return [...seen];
}

/** Characters per piece, about (a piece ends at the next cut after this many). */
const PIECE_CHARS = 16_384;

/**
 * tokens() of a piece that may start and end inside a word. `carry` is the start of the word
 * the previous piece ended in (cut to MAX_WORD_LENGTH: no more of it can reach the index), and
 * is glued to this piece's first word; with `open`, the last word is held back as the next carry.
 * Such a cut changes no character's normalised lower-case form (see wordCuts.ts), so the glued
 * word is the whole text's word (or an empty one, dropped, where the cut falls between two
 * characters that are no letters or digits).
 */
function pieceWords(piece: string, carry: string | null, open: boolean): { words: string[]; carry: string | null } {
  const parts = foldWord(piece).split(/[^\p{L}\p{N}]+/u);
  if (carry !== null) parts[0] = carry + parts[0];
  const held = open ? (parts.pop() ?? '').slice(0, MAX_WORD_LENGTH) : null;
  const words = parts.filter((w) => w.length >= 2 || /\d/.test(w)).map((w) => w.slice(0, MAX_WORD_LENGTH));
  return { words, carry: held };
}

/**
 * indexWords(...texts), worked out in slices of about `sliceMs` with a pause between them (the
 * answer of a pasted megabyte takes ~100 ms in one go). A piece ends at a CUT character, or
 * inside a run where mayCutBefore allows it (between two letters of any script), whichever comes
 * first after `pieceChars`; a run with neither is one piece.
 */
export async function indexWordsInSlices(texts: readonly string[], opts: Omit<SliceOptions, 'onString'> = {}, pieceChars = PIECE_CHARS): Promise<string[]> {
  const sliceMs = opts.sliceMs ?? 8;
  const pause = opts.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const now = opts.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
  const seen = new Set<string>();
  let until = now() + sliceMs;
  for (const text of texts) {
    let at = 0;
    let carry: string | null = null;
    while (at < text.length) {
      let end = text.length;
      let open = false;
      for (let i = at + Math.max(1, pieceChars); i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (isCutChar(c)) {
          end = i + 1;
          break;
        }
        if (mayCutBefore(text, i, at)) {
          end = i;
          open = true;
          break;
        }
      }
      const piece = pieceWords(text.slice(at, end), carry, open);
      if (!addWords(seen, piece.words)) return [...seen];
      carry = piece.carry;
      at = end;
      if (now() >= until) {
        await pause();
        until = now() + sliceMs;
      }
    }
  }
  return [...seen];
}

/** The words of a search box text; each must prefix some indexed word of a hit. */
export function queryWords(text: string): string[] {
  return [...new Set(tokens(text).filter((w) => w.length > 0))];
}
