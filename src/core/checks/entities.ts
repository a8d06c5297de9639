// Named entities of a claim, found by shape: runs of capitalised words ("Neil Alden Armstrong",
// "Mantova Literary Festival"), acronyms ("EHCP"), and long numbers (years, ids). A
// capitalised word that opens a sentence or a list item is a name only when the run goes on
// ("Roger Federer won…") or the word is an acronym; "Evolution occurs…" has no name. Month and
// weekday names and the pronoun "I" are not names (dates are left to the numbers check).
//
// Used by the relevance hint (a better chunk must cover them) and the entity signal (./content.ts).

export interface EntityRun {
  /** Span of the run in the text. */
  start: number;
  end: number;
  /** The run's words, each with its span; `initial` marks a middle initial ("O." of "William O. Douglas"). */
  words: { text: string; start: number; end: number; initial?: boolean }[];
}

const NOT_NAMES = new Set(
  (
    'i january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday ' +
    'leden únor březen duben květen červen červenec srpen září říjen listopad prosinec ' +
    'pondělí úterý středa čtvrtek pátek sobota neděle'
  ).split(' '),
);

const isAcronym = (w: string) => w.length >= 2 && /^[\p{Lu}\p{N}&]+$/u.test(w) && /\p{Lu}.*\p{Lu}/u.test(w);

/** Whether the word at `at` opens a sentence, a line or a list item (nothing but marks before it). */
function opensSentence(text: string, at: number): boolean {
  let i = at - 1;
  // Opening quotes and brackets and list bullets/numbers do not count.
  while (i >= 0 && /[\s"“„'‘(«*•\-–—#>]/.test(text[i]!)) i--;
  if (i < 0) return true;
  const ch = text[i]!;
  if (/[.!?:;\n]/.test(ch)) return true;
  // "1." / "2)" list enumerators: digits then punctuation were skipped only up to the punctuation.
  if (/[)\]]/.test(ch)) {
    let j = i - 1;
    while (j >= 0 && /[\d\s^]/.test(text[j]!)) j--;
    return j < 0 || text[j] === '[' || text[j] === '\n';
  }
  return false;
}

// Short lower-case words that may join the parts of one name ("Bank of England", "Leonardo da Vinci").
export const JOINERS = new Set(['of', 'de', 'da', 'di', 'del', 'van', 'von', 'der', 'den', 'la', 'le', 'du']);

// Words that start with a capital letter, and long numbers: the only places a name can start.
// The pattern is tried only where it can match: its Unicode classes and lookbehind make it slow
// to search a text with, so START finds the places its first character allows (an ASCII capital
// or digit; past ASCII, a capital by isUpperAt, or a surrogate pair) and the pattern is tried
// at each (sticky) until it matches: the same leftmost matches as a search with it.
const CAPITAL_WORD = /(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}\p{N}'’.-]*|\d{3,}(?![\p{L}\p{N}]))/uy;
const START = /[A-Z0-9\u0080-\uffff]/g;

const UPPER = /^\p{Lu}$/u;
/** Per BMP code unit: 0 not yet asked, 1 a capital (\p{Lu}), 2 not. */
const bmpUpper = new Uint8Array(0x10000);

/** Whether the code unit c (not ASCII) at `at` may start a CAPITAL_WORD match. */
function mayStartAt(text: string, at: number, c: number): boolean {
  if (c >= 0xd800 && c <= 0xdfff) {
    // A search never starts inside a pair; a pair or a lone surrogate is left to the pattern.
    const prev = text.charCodeAt(at - 1);
    return !(c >= 0xdc00 && prev >= 0xd800 && prev <= 0xdbff);
  }
  let v = bmpUpper[c]!;
  if (v === 0) bmpUpper[c] = v = UPPER.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1;
}

/** The next CAPITAL_WORD match at or after `from`, as a global search from there finds it. */
function nextCapitalWord(text: string, from: number): RegExpExecArray | null {
  START.lastIndex = from;
  while (START.test(text)) {
    const at = START.lastIndex - 1;
    const c = text.charCodeAt(at);
    if (c >= 0x80 && !mayStartAt(text, at, c)) continue;
    CAPITAL_WORD.lastIndex = at;
    const m = CAPITAL_WORD.exec(text);
    if (m) return m;
  }
  return null;
}

/**
 * Capitalised runs, acronyms and long numbers of `text` that look like names; with `from` and
 * `to`, those whose first word starts in [from, to), read as the whole text's scan reads them
 * when no run crosses the two offsets (../checks/nameScan.ts sentenceAround).
 */
export function entityRuns(text: string, from = 0, to = text.length): EntityRun[] {
  const out: EntityRun[] = [];
  let run: EntityRun | undefined;
  for (let m = nextCapitalWord(text, from); m && m.index < to; m = nextCapitalWord(text, m.index + m[0].length)) {
    // Without its trailing marks (as /[.'’-]+$/ would cut them; the first character is never one).
    let end = m.index + m[0].length;
    while (isTrailingMark(text.charCodeAt(end - 1))) end--;
    const w = end === m.index + m[0].length ? m[0] : text.slice(m.index, end);
    const word = { text: w, start: m.index, end };
    if (isDigit(w.charCodeAt(0))) {
      closeRun(text, run, out);
      run = undefined;
      out.push({ start: word.start, end: word.end, words: [word] });
      continue;
    }
    // An initial with its dot ("O." in "William O. Douglas", "J. R. R. Tolkien", "T. G. Masaryk")
    // belongs to the name around it: the run goes on over it and the check skips it.
    if (w.length === 1 && text.charCodeAt(end) === 0x2e && nextIsCapitalised(text, end + 1)) {
      // The run's end takes the dot, so that the next word follows after spaces only.
      if (run && spacesOnly(text, run.end, word.start)) {
        run.words.push({ ...word, initial: true });
        run.end = end + 1;
      } else {
        closeRun(text, run, out);
        run = { start: word.start, end: end + 1, words: [{ ...word, initial: true }] };
      }
      continue;
    }
    if (w.length < 2 || NOT_NAMES.has(w.toLowerCase())) {
      closeRun(text, run, out);
      run = undefined;
      continue;
    }
    // A run continues over spaces and joiners only ("Bank of England"), not over other words
    // or punctuation.
    if (run) {
      if (joinedBy(text, run.end, word.start)) {
        run.words.push(word);
        run.end = word.end;
        continue;
      }
    }
    closeRun(text, run, out);
    run = { start: word.start, end: word.end, words: [word] };
  }
  closeRun(text, run, out);
  return out;
}

/** Whether a capitalised word follows `at` after spaces only. */
function nextIsCapitalised(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && (text[i] === ' ' || text[i] === '\u00A0')) i++;
  return i > at && /\p{Lu}/u.test(text[i] ?? '');
}

const isTrailingMark = (c: number) => c === 0x2e || c === 0x27 || c === 0x2019 || c === 0x2d; // . ' ’ -

/** Adds a finished run to `out` unless it is one ordinary word opening a sentence. */
function closeRun(text: string, run: EntityRun | undefined, out: EntityRun[]): void {
  if (!run) return;
  // Initials alone are no name.
  if (run.words.every((w) => w.initial)) return;
  const first = run.words[0]!;
  if (run.words.length > 1 || isAcronym(first.text) || !opensSentence(text, first.start)) out.push(run);
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** Per BMP code unit: 0 not yet asked, 1 a space (\s), 2 not. */
const bmpSpace = new Uint8Array(0x10000);
const SPACE = /\s/;
function isSpaceCode(c: number): boolean {
  let v = bmpSpace[c]!;
  if (v === 0) bmpSpace[c] = v = SPACE.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1;
}

/** Whether text[from, to) is one space or more and nothing else. */
function spacesOnly(text: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (!isSpaceCode(text.charCodeAt(i))) return false;
  return true;
}

/** The longest joiner word: a longer part of a gap is none (lower-casing never shortens a word). */
const JOINER_MAX = Math.max(...[...JOINERS].map((j) => j.length));

/**
 * Whether the gap text[from, to) between two words holds only spaces and joiner words, starting
 * and ending with a space; read in place, the first part that is no joiner ends the walk.
 */
function joinedBy(text: string, from: number, to: number): boolean {
  if (from >= to || !isSpaceCode(text.charCodeAt(from)) || !isSpaceCode(text.charCodeAt(to - 1))) return false;
  for (let i = from; i < to; ) {
    if (isSpaceCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let e = i;
    while (e < to && !isSpaceCode(text.charCodeAt(e))) e++;
    if (e - i > JOINER_MAX || !JOINERS.has(text.slice(i, e).toLowerCase())) return false;
    i = e;
  }
  return true;
}
