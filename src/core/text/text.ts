// Character classes and small string helpers shared by the core: what `\s` matches, letters and
// marks by Unicode property, blank tests, one-line excerpts for messages. Every function accepts
// any string without throwing.

export const MARK_RE = /\p{M}/u;

/** Control characters but tab and line feed (ESC, NUL, CR, C1) and the bidirectional controls. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with its control characters (ESC, NUL, CR, C1) and bidirectional controls written as
 * visible `\u001B` escapes; tabs and line breaks stay. Whatever quotes text from outside (an input,
 * a server's error body) on a terminal, in a report or on the page goes through it, so that no
 * colour or cursor sequence acts and no right-to-left override reorders what is read.
 */
export function visibleControls(s: string): string {
  return s.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

export const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;

/**
 * A one-line excerpt of at most about `max` characters for messages: whitespace runs collapsed
 * and the ends trimmed, cut at the last space past 60 % of `max`, without half a surrogate pair
 * or trailing spaces and , . ; : before the ellipsis.
 */
export function excerpt(s: string, max = 60): string {
  // The first `max` characters of s with white space collapsed and trimmed (what
  // s.replace(/\s+/g, ' ').trim() starts with), read word by word: a long claim is not copied whole.
  let cut = '';
  let longer = false;
  const n = s.length;
  let i = 0;
  while (i < n && isJsSpace(s.charCodeAt(i))) i++;
  while (i < n) {
    let j = i;
    while (j < n && !isJsSpace(s.charCodeAt(j))) j++;
    const room = max - cut.length;
    if (j - i > room) {
      cut += s.slice(i, i + room);
      longer = true;
      break;
    }
    cut += s.slice(i, j);
    while (j < n && isJsSpace(s.charCodeAt(j))) j++;
    if (j === n) break;
    if (cut.length >= max) {
      longer = true;
      break;
    }
    cut += ' ';
    i = j;
  }
  if (!longer) return cut;
  const sp = cut.lastIndexOf(' ');
  const body = sp > max * 0.6 ? cut.slice(0, sp) : cut;
  const safe = /[\ud800-\udbff]$/.test(body) ? body.slice(0, -1) : body;
  return `${safe.replace(/[\s,.;:]+$/, '')}…`;
}

/** What `\s` matches and trim() removes: WhiteSpace and LineTerminator code units. */
export function isJsSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether the text's last character before trailing white space is ':' or '：' (what /[:：]\s*$/ tests). */
export function endsWithColon(text: string): boolean {
  let e = text.length;
  while (e > 0 && isJsSpace(text.charCodeAt(e - 1))) e--;
  const c = text.charCodeAt(e - 1);
  return c === 0x3a || c === 0xff1a;
}

/** True when s.trim() === '', without building the trimmed string. */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isJsSpace(s.charCodeAt(i))) return false;
  return true;
}

/**
 * Letters by code: ASCII letters and everything from U+00C0 to U+1FFF except × and ÷ (Latin
 * with diacritics, Greek, Cyrillic, …). A fast stand-in for \p{L} in hot loops.
 */
export function isLetterCode(c: number): boolean {
  const low = c | 0x20;
  if (low >= 0x61 && low <= 0x7a) return true;
  return c >= 0xc0 && c < 0x2000 && c !== 0xd7 && c !== 0xf7;
}

/** An ASCII letter A–Z or a–z by code. */
export function isAsciiLetterCode(c: number): boolean {
  return ((c | 0x20) - 0x61) >>> 0 < 26;
}

/** An ASCII digit 0–9 by code. */
export function isDigitCode(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** isJsSpace for one character (undefined, past the end, is not a space). */
export function isSpaceChar(c: string | undefined): boolean {
  return c !== undefined && isJsSpace(c.charCodeAt(0));
}

/** isJsSpace of the code unit at k (past the end is not a space). */
export function isSpace(s: string, k: number): boolean {
  return isJsSpace(s.charCodeAt(k));
}

/**
 * `text` with each span [start, end) replaced by as many spaces (same length, so offsets hold),
 * in one pass however many spans there are: spans may come in any order and overlap, and are
 * clamped to the text.
 */
export function blankSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  const cut: [number, number][] = [];
  for (const sp of spans) {
    const s = Math.max(0, Math.min(sp.start, text.length));
    const e = Math.max(s, Math.min(sp.end, text.length));
    if (e > s) cut.push([s, e]);
  }
  if (!cut.length) return text;
  cut.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [s, e] of cut) {
    if (e <= at) continue;
    const from = Math.max(s, at);
    out += text.slice(at, from) + ' '.repeat(e - from);
    at = e;
  }
  return out + text.slice(at);
}

const NON_ASCII = /[^\x00-\x7f]/;
const ANY_MARKS = /\p{M}+/gu;
const LATIN_MARKS = /[\u0300-\u036f]+/g;

/**
 * Lower case without diacritics: "Třinec" → "trinec" (lower-cased, decomposed, marks removed).
 * `marks: 'latin'` removes only the Latin combining diacritics (U+0300–U+036F) and keeps other
 * scripts' marks: the claim splitter's word lists and the citation builder's word overlap have
 * always folded so, and keep doing it so that their output does not change.
 */
export function foldWord(s: string, marks: 'all' | 'latin' = 'all'): string {
  const low = s.toLowerCase();
  // ASCII has nothing to decompose (a letter that lower-cases into ASCII, like the Kelvin sign, neither).
  if (!NON_ASCII.test(low)) return low;
  return low.normalize('NFD').replace(marks === 'all' ? ANY_MARKS : LATIN_MARKS, '');
}

/**
 * The length of s in UTF-8 bytes, as TextEncoder would encode it (a lone surrogate becomes
 * U+FFFD, three bytes), without encoding it.
 */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** `s` with every character a regular expression gives a meaning escaped, to match it as written. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
