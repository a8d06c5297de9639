// Words for the full-text index: lower case, without diacritics (so "prilis" finds "příliš"),
// split on anything that is not a letter or a digit. Search matches word prefixes.
import type { SliceOptions } from './hash';

/** At most this many distinct words per audit go into the index (long answers stay bounded). */
export const MAX_INDEXED_WORDS = 2_000;
/** Longer tokens are cut: nobody types them, and keys stay small. */
const MAX_WORD_LENGTH = 40;

export function normalizeWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

function tokens(text: string): string[] {
  return normalizeWord(text)
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

/**
 * Characters a text is cut at to index it in pieces: each stands for itself under NFD, is no
 * letter, digit or combining mark, and is not case-ignorable (so a Greek final sigma before it
 * lowers the same way), hence the pieces' words are exactly the whole text's.
 */
const CUT = /[ \t\n\r\f\v,;!?()[\]{}<>"/\\|\-=+*&%$#@~]/g;

/** Characters per piece, about (a piece ends at the next CUT character after this many). */
const PIECE_CHARS = 16_384;

/**
 * indexWords(...texts), worked out in slices of about `sliceMs` with a pause between them (the
 * answer of a pasted megabyte takes ~100 ms in one go). A run with no CUT character is one piece.
 */
export async function indexWordsInSlices(texts: readonly string[], opts: Omit<SliceOptions, 'onString'> = {}, pieceChars = PIECE_CHARS): Promise<string[]> {
  const sliceMs = opts.sliceMs ?? 8;
  const pause = opts.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const now = opts.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
  const seen = new Set<string>();
  let until = now() + sliceMs;
  for (const text of texts) {
    let at = 0;
    while (at < text.length) {
      let end = text.length;
      if (text.length - at > pieceChars) {
        CUT.lastIndex = at + pieceChars;
        const m = CUT.exec(text);
        if (m) end = m.index + 1;
      }
      if (!addWords(seen, tokens(text.slice(at, end)))) return [...seen];
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
