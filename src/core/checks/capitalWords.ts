// The words a name can start with, read unit by unit for ./entities.ts (entityRuns), and the
// letter tests behind them that ./nameScan.ts shares: whether a code point is a letter or digit,
// a capital, the first unit of a surrogate pair.

// Words that start with a capital letter, and long numbers: the only places a name can start,
// what /(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}\p{N}'’.-]*|\d{3,}(?![\p{L}\p{N}]))/gu matches. START
// finds the places its first character allows (an ASCII capital or digit; past ASCII, a capital
// by isUpperAt, or a surrogate pair) and capitalWordAt reads the word there, unit by unit: no
// match object and no Unicode-class pattern run at each capital of the text.
const START = /[A-Z0-9\u0080-\uffff]/g;

const UPPER = /^\p{Lu}$/u;
/** Per BMP code unit: 0 not yet asked, 1 a capital (\p{Lu}), 2 not. */
const bmpUpper = new Uint8Array(0x10000);

/** Whether a capital letter (\p{Lu}) starts at `at`; c is its code unit (a pair is read whole). */
export function isUpperAt(s: string, at: number, c: number): boolean {
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  if (c >= 0xd800 && c <= 0xdbff) return UPPER.test(s.slice(at, at + 2));
  let v = bmpUpper[c]!;
  if (v === 0) bmpUpper[c] = v = UPPER.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1;
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Per BMP code unit: 0 not yet asked, 1 a letter or digit, 2 not. */
const bmpWord = new Uint8Array(0x10000);

/** Whether the code point at `at` (its first unit, or a whole pair) is a letter or a digit. */
export function wordCharAt(s: string, at: number): boolean {
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
export function wordCharBefore(s: string, at: number): boolean {
  if (at <= 0) return false;
  const c = s.charCodeAt(at - 1);
  if (c >= 0xdc00 && c <= 0xdfff && at >= 2) {
    const h = s.charCodeAt(at - 2);
    if (h >= 0xd800 && h <= 0xdbff) return wordCharAt(s, at - 2);
  }
  return wordCharAt(s, at - 1);
}

/** Whether the code unit at `at` is the first of a surrogate pair. */
export const isPairAt = (s: string, at: number) => {
  const c = s.charCodeAt(at);
  const d = s.charCodeAt(at + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
};

/** Whether the code unit c (not ASCII) at `at` may start a capitalised word. */
function mayStartAt(text: string, at: number, c: number): boolean {
  if (c >= 0xd800 && c <= 0xdfff) {
    // A search never starts inside a pair; a pair or a lone surrogate is left to capitalWordAt.
    const prev = text.charCodeAt(at - 1);
    return !(c >= 0xdc00 && prev >= 0xd800 && prev <= 0xdbff);
  }
  return isUpperAt(text, at, c);
}

/**
 * Where the capitalised word or long number that starts at `at` ends, or -1 when none starts
 * there: after no letter or digit, a capital and then letters, digits and ' ’ . - ; or three
 * digits or more and then no letter or digit.
 */
function capitalWordAt(text: string, at: number): number {
  if (wordCharBefore(text, at)) return -1;
  const c = text.charCodeAt(at);
  if (isDigit(c)) {
    let e = at + 1;
    while (isDigit(text.charCodeAt(e))) e++;
    return e - at >= 3 && !wordCharAt(text, e) ? e : -1;
  }
  if (!isUpperAt(text, at, c)) return -1;
  let e = at + (isPairAt(text, at) ? 2 : 1);
  for (;;) {
    const d = text.charCodeAt(e);
    if (d === 0x27 || d === 0x2019 || d === 0x2e || d === 0x2d) e++;
    else if (wordCharAt(text, e)) e += isPairAt(text, e) ? 2 : 1;
    else return e;
  }
}

/**
 * The next capitalised word at or after `from`, as a global search from there finds it: its
 * start, its end in `found.end`; -1 when none.
 */
export function nextCapitalWord(text: string, from: number, found: { end: number }): number {
  START.lastIndex = from;
  while (START.test(text)) {
    const at = START.lastIndex - 1;
    const c = text.charCodeAt(at);
    if (c >= 0x80 && !mayStartAt(text, at, c)) continue;
    const end = capitalWordAt(text, at);
    if (end < 0) continue;
    found.end = end;
    return at;
  }
  return -1;
}


const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
