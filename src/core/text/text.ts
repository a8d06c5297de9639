// Character classes and small string helpers shared by the core: what `\s` matches, letters and
// marks by Unicode property, blank tests, one-line excerpts for messages, and a sort that skips
// arrays already in order. Every function accepts any string without throwing.

export const MARK_RE = /\p{M}/u;
export const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;

/** A one-line excerpt of at most about `max` characters, cut at a word boundary, for messages. */
export function excerpt(s: string, max = 60): string {
  if (!Number.isInteger(max) || max < 0) return excerptOf(s.replace(/\s+/g, ' ').trim(), max);
  // The text with whitespace runs collapsed to one space and trimmed (`\s` and trim() mean the
  // same characters), built only as far as it is shown: max + 1 characters say it is too long.
  const n = s.length;
  const cap = max + 1;
  // Most texts need no collapsing in what is shown: no space at the start, and within the
  // first max + 1 characters only single plain spaces with more text after them. Those
  // characters are then the collapsed text's own, taken in one slice.
  if (!(n > 0 && isJsSpace(s.charCodeAt(0)))) {
    const lim = n < cap ? n : cap;
    let k = 0;
    for (; k < lim; k++) {
      const c = s.charCodeAt(k);
      if ((c <= 0x20 || c >= 0xa0) && isJsSpace(c) && (c !== 0x20 || k + 1 >= n || isJsSpace(s.charCodeAt(k + 1)))) break;
    }
    if (k === lim) return excerptOf(lim === n ? s : s.slice(0, lim), max);
  }
  let t = '';
  let i = 0;
  while (i < n && isJsSpace(s.charCodeAt(i))) i++;
  while (i < n && t.length < cap) {
    let j = i;
    while (j < n && !isJsSpace(s.charCodeAt(j))) j++;
    t += s.slice(i, Math.min(j, i + cap - t.length));
    i = j;
    while (i < n && isJsSpace(s.charCodeAt(i))) i++;
    if (i < n && t.length < cap) t += ' ';
  }
  return excerptOf(t, max);
}

/** The excerpt of `t`, already collapsed and trimmed (or at least max + 1 characters of it). */
function excerptOf(t: string, max: number): string {
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(' ');
  const body = sp > max * 0.6 ? cut.slice(0, sp) : cut;
  // Do not end on half of a surrogate pair.
  const last = body.charCodeAt(body.length - 1);
  const safe = last >= 0xd800 && last <= 0xdbff ? body.slice(0, -1) : body;
  // Without trailing spaces and , . ; : (what /[\s,.;:]+$/ would remove).
  let e = safe.length;
  for (;;) {
    const c = safe.charCodeAt(e - 1);
    if (e > 0 && (isJsSpace(c) || c === 0x2c || c === 0x2e || c === 0x3b || c === 0x3a)) e--;
    else break;
  }
  return `${e < safe.length ? safe.slice(0, e) : safe}…`;
}

/** What `\s` matches and trim() removes: WhiteSpace and LineTerminator code units. */
export function isJsSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** True when s.trim() === '', without building the trimmed string. */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isJsSpace(s.charCodeAt(i))) return false;
  return true;
}

/**
 * arr.sort(cmp), skipped when V8's sort would find the array already in order: it makes one
 * pass comparing each element with the one before (cmp(next, previous) < 0 starts a change),
 * and a single non-descending run leaves the array as it is. Most lists here arrive sorted,
 * and Array.prototype.sort allocates its work space even for a handful of elements.
 */
export function sortInPlace<T>(arr: T[], cmp: (a: T, b: T) => number): T[] {
  for (let i = 1; i < arr.length; i++) if (cmp(arr[i]!, arr[i - 1]!) < 0) return arr.sort(cmp);
  return arr;
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

export function isSpaceChar(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\u00a0' || c === '\f' || c === '\v' || c === '\u2028' || c === '\u2029';
}

/** isSpaceChar by code (NaN, past the end, is not a space). */
export function isSpaceCode(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x2028 || c === 0x2029;
}

export function isSpace(s: string, k: number): boolean {
  return isSpaceCode(s.charCodeAt(k));
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
  sortInPlace(cut, (a, b) => a[0] - b[0]);
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

// A text's characters as bytes, for texts that are all ASCII (the common case): TextEncoder
// (browsers and Node alike) copies a string into a reused byte array at a small fraction of what
// reading it back code unit by code unit costs, and a scan over bytes is cheaper than one over
// charCodeAt. ASCII is exactly the text whose UTF-8 has one byte per code unit.
const ENCODER = new TextEncoder();
let asciiScratch = new Uint8Array(1024);
/**
 * Texts from 32 units (an encodeInto call costs about as much as reading 20 code units, so single
 * words and short names stay on the unit path) to 64 K units (larger ones are rare pastes: no
 * byte array of their size, and no encoding of a long non-ASCII prefix only to discard it).
 */
const ASCII_MIN = 32;
const ASCII_MAX = 1 << 16;

/**
 * `text` as bytes followed by a 0 (at index text.length), or null when it is not all ASCII (or
 * its length is outside ASCII_MIN..ASCII_MAX). One array is reused by every caller (words.ts
 * tokenizing, content's negation walk, the language vote): it holds the text until the next
 * call, so a scan reads it before calling anything that may ask for bytes too.
 */
export function asciiBytes(text: string): Uint8Array | null {
  const n = text.length;
  if (n < ASCII_MIN || n >= ASCII_MAX) return null;
  if (asciiScratch.length <= n) asciiScratch = new Uint8Array(Math.min(Math.max(n + 1, asciiScratch.length * 2), ASCII_MAX));
  const bytes = asciiScratch;
  // A non-ASCII unit takes 2-3 bytes (a surrogate pair 4 for its two units, a lone one 3).
  const r = ENCODER.encodeInto(text, bytes);
  if (r.read !== n || r.written !== n) return null;
  bytes[n] = 0;
  return bytes;
}
