// Where the index of a text's words (words.ts) may cut the text into pieces, to work it out in
// slices: at a cut character, or inside a run between two code units that normalise and lower the
// same in a piece as in the whole text.

/**
 * Characters a text is cut at to index it in pieces: each stands for itself under NFD, is no
 * letter, digit or combining mark, and is not case-ignorable (so a Greek final sigma before it
 * lowers the same way), hence the pieces' words are exactly the whole text's.
 */
const CUT_CHARS = ' \t\n\r\f\v,;!?()[]{}<>"/\\|-=+*&%$#@~';
const IS_CUT = new Uint8Array(128);
for (const c of CUT_CHARS) IS_CUT[c.charCodeAt(0)] = 1;

/** Whether the code unit is one of CUT_CHARS. */
export function isCutChar(c: number): boolean {
  return c < 128 && IS_CUT[c] === 1;
}

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
 * pieceWords in words.ts).
 */
export function mayCutBefore(text: string, i: number, from: number): boolean {
  if (cutKind(text.charCodeAt(i)) !== BOUNDARY) return false;
  for (let j = i - 1; j >= from; j--) {
    const k = cutKind(text.charCodeAt(j));
    if (k !== MARK) return k === BOUNDARY;
  }
  return false;
}
