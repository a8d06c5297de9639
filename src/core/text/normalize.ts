// Normalisation for matching, with a map from each normalised character back to its original
// offsets. Pure TypeScript; every function accepts any string without throwing.
import { isJsSpace, MARK_RE } from './text';

export interface NormalizedText {
  /** NFKC, lower-cased, quotes/dashes unified, control chars and \r dropped, whitespace runs → one space. */
  text: string;
  /**
   * map[i] is the offset in the original string of the character that produced text[i];
   * map has text.length + 1 entries, the last one being the original length. Non-decreasing.
   * (A typed array of numbers: long chunks are mapped without boxing every offset.)
   */
  map: Int32Array;
  /** ends[i] is the exclusive end, in the original, of the unit that produced text[i]. */
  ends: Int32Array;
}

// Characters unified after NFKC and lower-casing. NFKC already turns … into "..." and most
// typographic spaces into U+0020; these are the ones it leaves alone.
const FOLD: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u02BC': "'", '`': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\uFE58': '-', '\uFE63': '-', '\u2026': '...', '\u00DF': 'ss', '\u03C2': '\u03C3',
};

// Dropped entirely: C0/C1 controls except tab/newline/vertical tab/form feed (those are
// whitespace), \r, soft hyphen, zero-width characters and the BOM. PDF extraction leaves these.
function isDropped(c: number): boolean {
  return (
    (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0b && c !== 0x0c) ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    (c >= 0x200b && c <= 0x200d) ||
    c === 0x2060 ||
    c === 0xfeff
  );
}


/** Normalise for matching; see {@link NormalizedText}. Never throws. */
export function normalizeForMatch(s: string): NormalizedText {
  const n = s.length;
  // NFKC can expand a character (ﬁ → fi, … → ...), so the buffers grow when needed.
  let buf = new NormBuffer(n + 16);
  let codes = buf.codes;
  let map = buf.map;
  let ends = buf.ends;
  let len = 0;
  let lastSpace = false;
  let surrogates = false;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && !(i + 1 < n && s.charCodeAt(i + 1) >= 0x300 && MARK_RE.test(s[i + 1]!))) {
      // ASCII fast path (not when a combining mark follows: "e" + U+0301 must compose).
      let out = -1;
      if (c === 0x20 || (c >= 0x09 && c <= 0x0c)) {
        if (!lastSpace) out = 0x20;
      } else if (!isDropped(c)) out = c >= 0x41 && c <= 0x5a ? c + 32 : c === 0x60 ? 0x27 : c;
      if (out >= 0) {
        if (len >= codes.length) {
          buf = buf.grown(len);
          ({ codes, map, ends } = buf);
        }
        codes[len] = out;
        map[len] = i;
        ends[len] = i + 1;
        len++;
        lastSpace = out === 0x20;
      }
      i++;
      continue;
    }
    // A unit is one code point plus any combining marks that follow it, so that NFKC can
    // compose "e" + U+0301 into "é" and the result maps back to the whole unit.
    const start = i;
    const cp = s.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    while (i < n) {
      const d = s.charCodeAt(i);
      if (d < 0x300) break;
      const next = s.codePointAt(i)!;
      const ch = String.fromCodePoint(next);
      if (!MARK_RE.test(ch)) break;
      i += ch.length;
    }
    if (i - start === 1 && isDropped(c)) continue;
    const folded = foldUnit(s.slice(start, i));
    for (let k = 0; k < folded.length; k++) {
      const code = folded.charCodeAt(k);
      if (code >= 0xd800 && code <= 0xdfff) surrogates = true;
      if (code === 0x20) {
        if (lastSpace) continue;
        lastSpace = true;
      } else lastSpace = false;
      if (len >= codes.length) {
        buf = buf.grown(len);
        ({ codes, map, ends } = buf);
      }
      codes[len] = code;
      map[len] = start;
      ends[len] = i;
      len++;
    }
  }
  map[len] = n;
  return { text: codesToString(codes, len, surrogates), map: map.subarray(0, len + 1), ends: ends.subarray(0, len) };
}

class NormBuffer {
  readonly codes: Uint16Array;
  readonly map: Int32Array;
  readonly ends: Int32Array;
  constructor(cap: number) {
    this.codes = new Uint16Array(cap);
    this.map = new Int32Array(cap + 1);
    this.ends = new Int32Array(cap);
  }
  grown(used: number): NormBuffer {
    const b = new NormBuffer(this.codes.length * 2);
    b.codes.set(this.codes.subarray(0, used));
    b.map.set(this.map.subarray(0, used));
    b.ends.set(this.ends.subarray(0, used));
    return b;
  }
}

/** One non-ASCII unit → its normalised text: NFKC, lower case, folds; spaces as U+0020, drops removed. */
function foldUnit(unit: string): string {
  let u = unit;
  try {
    u = u.normalize('NFKC');
  } catch {
    // A lone surrogate normalises to itself; keep the raw unit if an engine throws on it.
  }
  u = u.toLowerCase();
  let out = '';
  for (const ch of u) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && isDropped(code)) continue;
    // \r never gets here (dropped above), so isJsSpace is the whitespace kept as a space.
    if (ch.length === 1 && isJsSpace(code)) out += ' ';
    else out += FOLD[ch] ?? ch;
  }
  return out;
}

// TextDecoder turns the code buffer into a string natively; it would replace lone surrogates,
// so it is only used when there are none (String.fromCharCode keeps them).
const UTF16 = typeof TextDecoder === 'function' ? new TextDecoder('utf-16le') : undefined;

function codesToString(codes: Uint16Array, len: number, surrogates: boolean): string {
  const view = codes.subarray(0, len);
  if (UTF16 && !surrogates) return UTF16.decode(view);
  const parts: string[] = [];
  for (let i = 0; i < len; i += 8192) parts.push(String.fromCharCode.apply(null, view.subarray(i, Math.min(len, i + 8192)) as unknown as number[]));
  return parts.join('');
}

/** Original span of the normalised span [start, end) of `norm`. */
export function toOriginalSpan(norm: NormalizedText, start: number, end: number): { start: number; end: number } {
  const len = norm.text.length;
  const s = Math.max(0, Math.min(start, len));
  const e = Math.max(s, Math.min(end, len));
  const os = norm.map[s]!;
  const oe = e > s ? norm.ends[e - 1]! : os;
  return { start: os, end: Math.max(os, oe) };
}
