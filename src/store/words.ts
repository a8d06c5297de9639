// Words for the full-text index: lower case, without diacritics (so "prilis" finds "příliš"),
// split on anything that is not a letter or a digit. Search matches word prefixes.
import type { SliceOptions } from './hash';
import { foldWord } from '../core/text/text';

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

/**
 * Characters a text is cut at to index it in pieces: each stands for itself under NFD, is no
 * letter, digit or combining mark, and is not case-ignorable (so a Greek final sigma before it
 * lowers the same way), hence the pieces' words are exactly the whole text's.
 */
const CUT_CHARS = ' \t\n\r\f\v,;!?()[]{}<>"/\\|-=+*&%$#@~';
const IS_CUT = new Uint8Array(128);
for (const c of CUT_CHARS) IS_CUT[c.charCodeAt(0)] = 1;

/**
 * What a code unit is to a cut inside a run (between two code units, neither a CUT character):
 * BOUNDARY where the text may be cut on either side of it; MARK where it normalises to combining
 * marks only (they are removed, so the cut looks past them to the code unit before); NO
 * otherwise. A BOUNDARY is no surrogate (pairs stay whole), and once normalised it starts and
 * ends with a character that is not case-ignorable and is no capital sigma, so a final sigma
 * lowers by the same neighbours in a piece as in the whole text (lower-casing has no other
 * context; NFD decomposes each character on its own and reorders only combining marks, which
 * are removed, so it needs nothing more). That is every letter of every script (Latin, Greek,
 * Cyrillic, Han, Hangul, ...) and digit, but for the modifier letters (case-ignorable, like the
 * Japanese long vowel mark) and the capital sigma; most punctuation that is no CUT character is
 * case-ignorable ('.', ':', the apostrophe), so a run of that alone is still one piece.
 * Exported, with MARK, for the tests.
 */
export const BOUNDARY = 1;
export const MARK = 2;
const NO = 3;

/** cutKind of each code unit, worked out the first time it is asked for (0: not yet). */
let cutKinds: Uint8Array | null = null;

function kindOf(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return NO;
  const nfd = String.fromCharCode(c).normalize('NFD');
  const base = nfd.replace(/\p{M}+/gu, '');
  if (base.length === 0) return MARK;
  const edge = (ch: string) => ch !== '\u03a3' && !/\p{Case_Ignorable}/u.test(ch);
  return edge(base[0]!) && edge(base[base.length - 1]!) ? BOUNDARY : NO;
}

/**
 * BOUNDARY, MARK or NO for a code unit (see BOUNDARY).
 * @testSeam only tests import this directly (tests/unit/unused-exports.test.ts).
 */
export function cutKind(c: number): number {
  cutKinds ??= new Uint8Array(0x10000);
  let k = cutKinds[c]!;
  if (k === 0) k = cutKinds[c] = kindOf(c);
  return k;
}

/**
 * Whether a run may be cut before text[i], in a piece that starts at `from`: text[i] is a
 * BOUNDARY, and so is the code unit before it, or before the marks that end the piece (they are
 * removed, so the final sigma looks past them). The word the cut splits is joined back (see
 * pieceWords).
 */
function mayCutBefore(text: string, i: number, from: number): boolean {
  if (cutKind(text.charCodeAt(i)) !== BOUNDARY) return false;
  for (let j = i - 1; j >= from; j--) {
    const k = cutKind(text.charCodeAt(j));
    if (k !== MARK) return k === BOUNDARY;
  }
  return false;
}

/** Characters per piece, about (a piece ends at the next cut after this many). */
const PIECE_CHARS = 16_384;

/**
 * tokens() of a piece that may start and end inside a word. `carry` is the start of the word
 * the previous piece ended in (cut to MAX_WORD_LENGTH: no more of it can reach the index), and
 * is glued to this piece's first word; with `open`, the last word is held back as the next carry.
 * Such a cut changes no character's normalised lower-case form (see BOUNDARY), so the glued
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
        if (c < 128 && IS_CUT[c] === 1) {
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
