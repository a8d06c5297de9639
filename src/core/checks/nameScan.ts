// What the name rules (./names.ts) can learn about a chunk from its text and folded text alone,
// without its name index (the capitalised runs and the map of every folded word): the index is
// the costly part of a chunk's name data, and most questions are answered without it.
//
// Each answer here is one-sided: "yes, certainly" (a word stands outside every capitalised run)
// or "no, certainly not" (no word of the chunk is a close spelling of this one); when it cannot
// be sure, the caller asks the index, so the verdicts are the index's.
import { JOINERS } from './entities';

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Per BMP code unit: 0 not yet asked, 1 a letter or digit, 2 not. */
const bmpWord = new Uint8Array(0x10000);

/** Whether the code point at `at` (its first unit, or a whole pair) is a letter or a digit. */
function wordCharAt(s: string, at: number): boolean {
  const c = s.charCodeAt(at);
  if (Number.isNaN(c)) return false;
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = s.charCodeAt(at + 1);
    return d >= 0xdc00 && d <= 0xdfff && WORD_CHAR.test(s.slice(at, at + 2));
  }
  if (c >= 0xdc00 && c <= 0xdfff) return false;
  let v = bmpWord[c]!;
  if (v === 0) bmpWord[c] = v = WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1;
}

/** Whether the code point that ends just before `at` is a letter or a digit. */
function wordCharBefore(s: string, at: number): boolean {
  if (at <= 0) return false;
  const c = s.charCodeAt(at - 1);
  if (c >= 0xdc00 && c <= 0xdfff && at >= 2) {
    const h = s.charCodeAt(at - 2);
    if (h >= 0xd800 && h <= 0xdbff) return wordCharAt(s, at - 2);
  }
  return wordCharAt(s, at - 1);
}

/**
 * Where the folded word `w` next stands whole in `folded` (what /[\p{L}\p{N}]+/gu would match
 * there), at or after `from`; -1 when nowhere.
 */
export function wordIndexOf(folded: string, w: string, from: number): number {
  for (let i = folded.indexOf(w, from); i >= 0; i = folded.indexOf(w, i + 1)) {
    if (!wordCharBefore(folded, i) && !wordCharAt(folded, i + w.length)) return i;
  }
  return -1;
}

const UPPER = /^\p{Lu}$/u;
/** Per BMP code unit: 0 not yet asked, 1 a capital, 2 not. */
const bmpUpper = new Uint8Array(0x10000);

/** Whether a capital letter (\p{Lu}) starts at `at`; c is its code unit. */
function isUpperAt(s: string, at: number, c: number): boolean {
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  if (c >= 0xd800 && c <= 0xdbff) return UPPER.test(s.slice(at, at + 2));
  let v = bmpUpper[c]!;
  if (v === 0) bmpUpper[c] = v = UPPER.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1;
}

const isDigitCode = (c: number) => c >= 0x30 && c <= 0x39;

/** Characters a capitalised word may hold (./entities.ts CAPITAL_WORD): letters, digits, ' ’ . - */
function tokenCharAt(s: string, at: number): boolean {
  const c = s.charCodeAt(at);
  return c === 0x27 || c === 0x2019 || c === 0x2e || c === 0x2d || wordCharAt(s, at);
}

const isPairAt = (s: string, at: number) => {
  const c = s.charCodeAt(at);
  const d = s.charCodeAt(at + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
};

/** The length (1, or 2 for a pair) of the capitalised word's character that ends before `at`, or 0. */
function tokenCharBefore(s: string, at: number): 0 | 1 | 2 {
  if (at <= 0) return 0;
  if (at >= 2 && isPairAt(s, at - 2)) return wordCharAt(s, at - 2) ? 2 : 0;
  return tokenCharAt(s, at - 1) ? 1 : 0;
}

const SPACE = /\s/;

/**
 * Whether the offset `q` of the text is certainly outside every capitalised run of it
 * (./entities.ts entityRuns): past its end; or on a character that is no space, no capital and
 * no digit (no run's word starts there), after one that no capitalised word holds (no word
 * started earlier covers it), and not in a joiner word ("of", "de") that may join two words of a
 * run. False when it cannot tell (a surrogate, a capital, a joiner).
 */
export function certainlyProse(text: string, q: number): boolean {
  if (q >= text.length) return true;
  const c = text.charCodeAt(q);
  if ((c >= 0xd800 && c <= 0xdfff) || SPACE.test(text[q]!) || isDigitCode(c) || isUpperAt(text, q, c)) return false;
  if (q > 0) {
    const p = text.charCodeAt(q - 1);
    if ((p >= 0xd800 && p <= 0xdfff) || tokenCharAt(text, q - 1)) return false;
    // After a mark that is not a space, the text's part here is no joiner word.
    if (!SPACE.test(text[q - 1]!)) return true;
  }
  // A word of ASCII letters alone up to a space or the end may be a joiner inside a run.
  let e = q;
  while (e < text.length && ((text.charCodeAt(e) | 0x20) >= 0x61 && (text.charCodeAt(e) | 0x20) <= 0x7a)) e++;
  if (e === q || (e < text.length && !SPACE.test(text[e]!))) return true;
  return !JOINERS.has(text.slice(q, e).toLowerCase());
}

/**
 * The capitalised words of the text with a dot inside before a letter or digit ("U.S", "Ph.D"),
 * as the name index would read them (trailing marks cut), and every later start in such a word
 * that might begin a capitalised word of its own: the words whose folded parts, the dots dropped,
 * may be no word of the folded text ("us" of "U.S."). Usually none.
 */
export function dottedWords(text: string): string[] {
  const out: string[] = [];
  let lastEnd = -1;
  for (let d = text.indexOf('.'); d >= 0; d = text.indexOf('.', d + 1)) {
    if (d < lastEnd || !tokenCharBefore(text, d) || !wordCharAt(text, d + 1)) continue;
    let a = d;
    for (let n = tokenCharBefore(text, a); n; n = tokenCharBefore(text, a)) a -= n;
    let b = d + 1;
    while (b < text.length && tokenCharAt(text, b)) b += isPairAt(text, b) ? 2 : 1;
    lastEnd = b;
    let end = b;
    while (end > a && isTrailingMark(text.charCodeAt(end - 1))) end--;
    for (let p = a; p < end; p++) {
      const c = text.charCodeAt(p);
      if (isUpperAt(text, p, c) && !wordCharBefore(text, p)) out.push(text.slice(p, end));
    }
  }
  return out;
}

const isTrailingMark = (c: number) => c === 0x2e || c === 0x27 || c === 0x2019 || c === 0x2d; // . ' ’ -
