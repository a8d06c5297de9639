// Unicode sentence boundaries (UAX #29) for text made only of characters whose Sentence_Break
// class is known here: ASCII, NBSP, Latin-1 and Latin Extended-A letters, typographic quotes
// and dashes. Intl.Segmenter (ICU) implements the same rules; for such text both give the same
// ranges, and this costs a pass over the text instead of an ICU iterator per window. Anything
// else (other scripts, combining marks, controls, ';' whose class changed between Unicode
// versions) leaves the window to ICU.

const SB_OTHER = 1;
const SB_SP = 2;
const SB_LOWER = 3;
const SB_UPPER = 4;
const SB_NUMERIC = 5;
const SB_ATERM = 6;
const SB_STERM = 7;
const SB_CLOSE = 8;
const SB_SCONTINUE = 9;
const SB_CR = 10;
const SB_LF = 11;
const SB_LIMIT = 0x2020;

/** Sentence_Break class by code unit below SB_LIMIT; 0 = not handled here. */
const SB_CLASS = ((): Uint8Array => {
  const t = new Uint8Array(SB_LIMIT);
  for (let c = 0x21; c < 0x7f; c++) t[c] = SB_OTHER;
  for (const c of [0x09, 0x0b, 0x0c, 0x20, 0xa0]) t[c] = SB_SP;
  t[0x0a] = SB_LF;
  t[0x0d] = SB_CR;
  for (let c = 0x30; c <= 0x39; c++) t[c] = SB_NUMERIC;
  for (let c = 0x41; c <= 0x5a; c++) t[c] = SB_UPPER;
  for (let c = 0x61; c <= 0x7a; c++) t[c] = SB_LOWER;
  t[0x2e] = SB_ATERM;
  t[0x21] = SB_STERM;
  t[0x3f] = SB_STERM;
  for (const c of [0x22, 0x27, 0x28, 0x29, 0x5b, 0x5d, 0x7b, 0x7d, 0xab, 0xbb, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e]) t[c] = SB_CLOSE;
  for (const c of [0x2c, 0x2d, 0x3a, 0x2013, 0x2014]) t[c] = SB_SCONTINUE;
  t[0x3b] = 0;
  for (const c of [0xa7, 0xb0, 0xd7, 0xf7]) t[c] = SB_OTHER;
  for (let c = 0xc0; c <= 0x17f; c++) {
    const ch = String.fromCharCode(c);
    if (/\p{Lu}/u.test(ch)) t[c] = SB_UPPER;
    else if (/\p{Ll}/u.test(ch)) t[c] = SB_LOWER;
  }
  return t;
})();

/** Any code unit SB_CLASS does not handle (built from the table, so the two always agree). */
const SB_UNHANDLED = ((): RegExp => {
  const ranges: string[] = [];
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  for (let c = 0; c < SB_LIMIT; c++) {
    if (SB_CLASS[c] === 0) continue;
    let e = c;
    while (e + 1 < SB_LIMIT && SB_CLASS[e + 1] !== 0) e++;
    ranges.push(e > c ? `${hex(c)}-${hex(e)}` : hex(c));
    c = e;
  }
  return new RegExp(`[^${ranges.join('')}]`);
})();
/** Where a sentence can end: a terminator or a paragraph separator. */
const SB_ENDS = /[.!?\r\n]/g;

const sbClassAt = (text: string, i: number): number => SB_CLASS[text.charCodeAt(i)] ?? 0;

/**
 * Pushes the sentence ranges of `text` (plus offset) to `out` and returns true, or returns false
 * without pushing anything when `text` holds a character outside SB_CLASS. Exported for tests.
 */
export function uaxSentences(text: string, offset: number, out: [number, number][]): boolean {
  if (SB_UNHANDLED.test(text)) return false;
  const n = text.length;
  let start = 0;
  let i = 0;
  // Only terminators and paragraph separators can end a sentence: the regex engine finds them.
  for (;;) {
    SB_ENDS.lastIndex = i;
    if (!SB_ENDS.test(text)) break;
    i = SB_ENDS.lastIndex - 1;
    const k = sbClassAt(text, i);
    if (k === SB_CR || k === SB_LF) {
      // SB3 CR × LF; SB4 ParaSep ÷
      const e = k === SB_CR && i + 1 < n && text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
      if (e < n) {
        out.push([offset + start, offset + e]);
        start = e;
      }
      i = e;
      continue;
    }
    // SATerm Close* Sp*: no break inside (SB9, SB10); j is where one may come.
    let j = i + 1;
    while (j < n && sbClassAt(text, j) === SB_CLOSE) j++;
    while (j < n && sbClassAt(text, j) === SB_SP) j++;
    if (j >= n) break; // SB2: the end of the text ends the sentence anyway
    const c = sbClassAt(text, j);
    if (c !== SB_CR && c !== SB_LF && !sbContinues(text, i, j, k, c)) {
      out.push([offset + start, offset + j]); // SB11
      start = j;
    }
    i = j; // a terminator or paragraph separator at j is looked at next
  }
  out.push([offset + start, offset + n]);
  return true;
}

/** After the terminator at t (class k), Close* Sp* up to j whose class is c: does the sentence go on? */
function sbContinues(text: string, t: number, j: number, k: number, c: number): boolean {
  if (k === SB_ATERM && j === t + 1) {
    if (c === SB_NUMERIC) return true; // SB6: ATerm × Numeric
    if (c === SB_UPPER && t > 0) {
      const before = sbClassAt(text, t - 1);
      if (before === SB_UPPER || before === SB_LOWER) return true; // SB7: (Upper | Lower) ATerm × Upper
    }
  }
  if (k === SB_ATERM) {
    // SB8: ATerm Close* Sp* × (¬(OLetter | Upper | Lower | ParaSep | SATerm))* Lower
    const n = text.length;
    let m = j;
    let d = 0;
    while (m < n) {
      d = sbClassAt(text, m);
      if (d === SB_UPPER || d === SB_LOWER || d === SB_CR || d === SB_LF || d === SB_ATERM || d === SB_STERM) break;
      m++;
    }
    if (m < n && d === SB_LOWER) return true;
  }
  return c === SB_SCONTINUE || c === SB_ATERM || c === SB_STERM; // SB8a
}
