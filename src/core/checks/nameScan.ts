// What the name rules (./names.ts) can learn about a chunk from its text and folded text alone,
// without its name index (the capitalised runs and the map of every folded word): the index is
// the costly part of a chunk's name data, and most questions are answered without it.
//
// Each answer here is one-sided: "yes, certainly" (a word stands outside every capitalised run)
// or "no, certainly not" (no word of the chunk is a close spelling of this one); when it cannot
// be sure, the caller asks the index, so the verdicts are the index's.
import type { Language } from '../types';
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

/** Characters that keep the folded text's words from being the folded words of its parts: combining marks, the capital sigma. */
const PLAIN_FOLD_BREAKERS = /[\p{M}\u03a3]/u;
/**
 * The code units among which every combining mark and the capital sigma lie (an astral mark is a
 * surrogate pair): not Latin-1, Greek or Cyrillic up to U+0482, nor the punctuation, dashes,
 * quotes and symbols of U+2000–U+2BFF outside the marks for symbols.
 */
const MAY_BREAK_FOLD = /[\u0300-\u036f\u20d0-\u20f0\u0483-\u1fff\u2c00-\uffff\u03a3]/;

/**
 * Whether folding the text (../text/text.ts foldWord) folds it letter by letter: no combining
 * mark that joins two letters' words, no capital sigma whose small form depends on what follows.
 * A text without a unit among those where they lie (most English chunks, curly quotes and dashes
 * included) is not searched for them.
 */
export function foldsPlainly(text: string): boolean {
  return !MAY_BREAK_FOLD.test(text) || !PLAIN_FOLD_BREAKERS.test(text);
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

// ---------------------------------------------------------------------------------------------
// Phrases and words of the folded text, read in place: no spaced copy of the text (its words with
// one space between two) and no string for each word.

const LETTER = /^\p{L}$/u;
/** Per BMP code unit: 0 not yet asked, 1 a letter, 2 not. */
const bmpLetter = new Uint8Array(0x10000);

/** Whether the code point at `at` (its first unit, or a whole pair) is a letter. */
function letterAt(s: string, at: number): boolean {
  const c = s.charCodeAt(at);
  if (c < 0x80) return (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
  if (c >= 0xd800 && c <= 0xdbff) return isPairAt(s, at) && LETTER.test(s.slice(at, at + 2));
  if (c >= 0xdc00 && c <= 0xdfff) return false;
  let v = bmpLetter[c]!;
  if (v === 0) bmpLetter[c] = v = LETTER.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1;
}

/** Where the word (what /[\p{L}\p{N}]+/gu matches) that starts at `at` ends. */
function wordEnd(s: string, at: number): number {
  let e = at;
  while (e < s.length && wordCharAt(s, e)) e += isPairAt(s, e) ? 2 : 1;
  return e;
}

/** Where the next word starts at or after `at`, or s.length. */
function nextWordStart(s: string, at: number): number {
  let i = at;
  while (i < s.length && !wordCharAt(s, i)) i++;
  return i;
}

/**
 * A word of a phrase: `exact`, and in Czech (`czech`, five letters or more) the `stem` that up to
 * four letters may follow (none when it cannot match a whole letter).
 */
interface PhraseWord {
  exact: string;
  stem?: string;
  czech: boolean;
}

/** Whether the word [s, e) of `folded` is w itself. */
const isExactly = (folded: string, s: number, e: number, w: string) => e - s === w.length && folded.startsWith(w, s);

/** Whether the word [s, e) of `folded` is a form of `w` (see phraseIn: plural endings; in Czech, up to four letters of ending). */
function isFormOf(folded: string, s: number, e: number, w: PhraseWord): boolean {
  if (!w.czech) {
    const n = w.exact.length;
    const len = e - s;
    if (len === n + 1 ? folded.charCodeAt(e - 1) !== 0x73 : len === n + 2 ? folded.charCodeAt(e - 2) !== 0x65 || folded.charCodeAt(e - 1) !== 0x73 : len !== n) return false;
    return folded.startsWith(w.exact, s);
  }
  const stem = w.stem;
  if (stem === undefined || e - s < stem.length || !folded.startsWith(stem, s)) return false;
  let letters = 0;
  for (let i = s + stem.length; i < e; i += isPairAt(folded, i) ? 2 : 1) {
    if (++letters > 4 || !letterAt(folded, i)) return false;
  }
  return true;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * Whether the folded words stand one after the other as whole words of the folded text, each
 * written exactly (`exact` the whole phrase so), or each in a form: in English the word or its
 * plural in -s or -es; in Czech a word of five letters or more with its last two letters changed
 * to up to four letters (a case ending), a shorter one as in English. What the regex
 * ` w1(?:s|es)? w2(?:s|es)? ` found over the text's words with one space between two. The words
 * are not empty.
 */
export function phraseInFolded(folded: string, words: readonly string[], lang: Language): boolean {
  if (!words.length) return false;
  const first = phraseWord(words[0]!, lang);
  const key = first.stem ?? first.exact;
  let i = folded.indexOf(key);
  // Most phrases end here, their first word nowhere in the text: the other words' forms are not made.
  if (i < 0) return false;
  const forms = words.map((w, k) => (k === 0 ? first : phraseWord(w, lang)));
  // Every exact spelling is also a form, unless a Czech word's last two units are not letters.
  const exactCovered = forms.every((f) => !f.czech || (f.stem !== undefined && isFormOf(f.exact, 0, f.exact.length, f)));
  for (; i >= 0; i = folded.indexOf(key, i + 1)) {
    if (wordCharBefore(folded, i)) continue;
    if (chainAt(folded, i, forms, false) || (!exactCovered && chainAt(folded, i, forms, true))) return true;
  }
  return false;
}

/** A word of a phrase as phraseInFolded compares it. */
function phraseWord(w: string, lang: Language): PhraseWord {
  if (lang !== 'cs' || w.length < 5) return { exact: w, czech: false };
  const stem = w.slice(0, -2);
  // A stem that cuts a surrogate pair never matches a whole letter of the text.
  return isHigh(stem.charCodeAt(stem.length - 1)) ? { exact: w, czech: true } : { exact: w, stem, czech: true };
}

/** Whether the folded words stand one after the other, exactly so, as whole words of the folded text. */
export function wordsInFolded(folded: string, words: readonly string[]): boolean {
  if (!words.length) return false;
  const forms: PhraseWord[] = words.map((w) => ({ exact: w, czech: false }));
  for (let i = folded.indexOf(words[0]!); i >= 0; i = folded.indexOf(words[0]!, i + 1)) {
    if (!wordCharBefore(folded, i) && chainAt(folded, i, forms, true)) return true;
  }
  return false;
}

/** Whether the phrase's words, each exact or each a form, are the words from `at` on. */
function chainAt(folded: string, at: number, forms: readonly PhraseWord[], exact: boolean): boolean {
  let s = at;
  for (let k = 0; k < forms.length; k++) {
    if (k > 0) {
      s = nextWordStart(folded, s);
      if (s >= folded.length) return false;
    }
    const e = wordEnd(folded, s);
    if (e === s || !(exact ? isExactly(folded, s, e, forms[k]!.exact) : isFormOf(folded, s, e, forms[k]!))) return false;
    s = e;
  }
  return true;
}

/** Whether the folded text has a word that starts with w's first unit and is one edit away from w (`oneEdit`). */
export function closeWordIn(folded: string, w: string, oneEdit: (a: string, b: string) => boolean): boolean {
  const first = w[0]!;
  for (let i = folded.indexOf(first); i >= 0; i = folded.indexOf(first, i + 1)) {
    if (wordCharBefore(folded, i)) continue;
    const e = wordEnd(folded, i);
    if (Math.abs(e - i - w.length) <= 1 && oneEdit(w, folded.slice(i, e))) return true;
  }
  return false;
}

/**
 * Where the letters and digits `squashed` (nothing else) first stand in the folded text with
 * nothing but other characters between two of them (what squashed.includes finds in the folded
 * text's letters and digits run together, or /s[^\p{L}\p{N}]*q…/u finds in the folded text): the
 * match's start and end, or undefined.
 */
export function squashedMatch(folded: string, squashed: string): { start: number; end: number } | undefined {
  if (!squashed) return { start: 0, end: 0 };
  const first = squashed[0]!;
  for (let i = folded.indexOf(first); i >= 0; i = folded.indexOf(first, i + 1)) {
    let j = i;
    let k = 0;
    for (;;) {
      const n = isPairAt(squashed, k) ? 2 : 1;
      if (folded.charCodeAt(j) !== squashed.charCodeAt(k) || (n === 2 && folded.charCodeAt(j + 1) !== squashed.charCodeAt(k + 1))) break;
      j += n;
      k += n;
      if (k >= squashed.length) return { start: i, end: j };
      while (j < folded.length && !wordCharAt(folded, j)) j += isPairAt(folded, j) ? 2 : 1;
      if (j >= folded.length) break;
    }
  }
  return undefined;
}

/**
 * The spans of the capitalised runs, in order, as [start, end) pairs (entityRuns gives them in
 * order and apart): no mask as long as the text.
 */
export function runSpans(runs: readonly { start: number; end: number }[]): Int32Array {
  const spans = new Int32Array(runs.length * 2);
  runs.forEach((r, k) => {
    spans[2 * k] = r.start;
    spans[2 * k + 1] = r.end;
  });
  return spans;
}

/** Whether offset `at` is inside one of the spans (runSpans): the last span starting at or before it, by halving. */
export function inSpans(spans: Int32Array, at: number): boolean {
  let lo = 0;
  let hi = spans.length / 2 - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[2 * mid]! <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && at < spans[2 * found + 1]!;
}

/**
 * Whether no capitalised run (./entities.ts) can go on across offset `p`: the text has a
 * lower-case ASCII letter, then . ! ? ; or :, then a space or a line break at `p` ("…end. Then").
 * No capitalised word holds the space, and the mark stands between the word before and any
 * word after, so a run before it ends there (an initial's dot, which a run takes, follows a
 * capital, not a lower-case letter).
 */
function isSentenceBreak(text: string, p: number): boolean {
  if (p < 2) return false;
  const c = text.charCodeAt(p);
  if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  const m = text.charCodeAt(p - 1);
  if (m !== 0x2e && m !== 0x21 && m !== 0x3f && m !== 0x3b && m !== 0x3a) return false;
  const l = text.charCodeAt(p - 2);
  return l >= 0x61 && l <= 0x7a;
}

/** The part [start, end) of the text around offset `at` between two sentence breaks (isSentenceBreak), or the text's ends. */
export function sentenceAround(text: string, at: number): { start: number; end: number } {
  let start = Math.min(at, text.length);
  while (start > 0 && !isSentenceBreak(text, start)) start--;
  let end = at + 1;
  while (end < text.length && !isSentenceBreak(text, end)) end++;
  return { start, end: Math.min(end, text.length) };
}

// ---------------------------------------------------------------------------------------------
// The folded text's words, and words one edit apart (used by ./names.ts)

export interface FoldedWords {
  /** What /[\p{L}\p{N}]+/gu matches in the folded text, in order. */
  words: string[];
  starts: number[];
}

export function foldedWords(folded: string): FoldedWords {
  const words: string[] = [];
  const starts: number[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(folded); m; m = WORD.exec(folded)) {
    words.push(m[0]);
    starts.push(m.index);
  }
  return { words, starts };
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Whether a and b differ by one edit (insert, delete, substitute, or swap of neighbours). */
export function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
