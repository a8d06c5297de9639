// What the content check (./content.ts) counts as a word: a claim's or a sentence's words with
// their terms, clauses and negations, and the terms of a cited sentence (the stems of its words,
// read in one pass by the tokeniser where that gives the same stems), and a sentence's bounds.
import type { Language } from '../types';
import { firstStem, tokenize } from '../text/words';
import { breaksClause, CLAUSE_WORDS } from './negations';
import { isJsSpace } from '../text/text';

/** A word of the content check: a letter or digit, then letters, digits and apostrophes. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’]*/gu;
/** A closing quote glued to a word is no part of it: "'fear nothing'" holds the word "nothing". */
const TRAILING_QUOTES = /['’]+$/;

// A text whose letters, digits and marks all lie in U+0000–U+024F, but "İ" (whose lower case
// is two characters), and with no apostrophe before a digit or another apostrophe: there each
// WORD match (lower case, closing quotes off) is one word of the tokeniser, so the text's terms
// are its tokens, read in one pass without a string per word. (Any other character ends a word
// both ways.)
const NOT_PLAIN = /(?![\u0000-\u024f])[\p{L}\p{N}\p{M}]|\u0130|['’][\d'’]/u;

/** Whether the terms of `text`, and of any part of it, may be read by the tokeniser. */
export const plainWords = (text: string): boolean => !NOT_PLAIN.test(text);

/**
 * The terms of a sentence's words (each WORD match's first stem, lower case, closing quotes
 * off), without the words; by the tokeniser when `plain` (plainWords of the text or of a text
 * holding it).
 */
export function sentenceTerms(text: string, lang: Language, plain = plainWords(text)): Set<string> {
  if (plain) return new Set(tokenize(text, lang));
  const terms = new Set<string>();
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const term = firstStem(m[0].toLowerCase().replace(TRAILING_QUOTES, ''), lang);
    if (term !== null) terms.add(term);
  }
  return terms;
}

/**
 * A text's words as the tokeniser read them once for the whole text (the relevance check's
 * statistics, ./relevance.ts chunkWords): term ids in text order, each word's offset in the
 * text, and the terms by id. The text's words are ids[from, to).
 */
export interface TextWords {
  ids: ArrayLike<number>;
  starts: ArrayLike<number>;
  from: number;
  to: number;
  terms: readonly string[];
}

/** The first of `words` that starts at or after `start` (starts ascend). */
function firstFrom(words: TextWords, start: number): number {
  const starts = words.starts;
  let lo = words.from;
  let hi = words.to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * sentenceTerms(text.slice(start, end), lang, true) for a text whose words `words` holds, when
 * neither end cuts a word (each is an end of the text or stands next to white space): the terms
 * of the words that start in [start, end), in order, without reading the sentence again.
 */
export function termsBetween(words: TextWords, start: number, end: number): Set<string> {
  const { ids, starts, terms, to } = words;
  const out = new Set<string>();
  for (let k = firstFrom(words, start); k < to && starts[k]! < end; k++) out.add(terms[ids[k]!]!);
  return out;
}

// Per term id, the count that last met it (countBetween's serial).
let metBy = new Int32Array(1024);
let counts = 0;

/**
 * How many of `wanted` termsBetween(words, start, end) holds, read from the words without
 * building that set: each term id once, by the count that last met it.
 */
export function countBetween(words: TextWords, start: number, end: number, wanted: ReadonlySet<string>): number {
  const { ids, starts, terms, to } = words;
  if (metBy.length < terms.length) {
    metBy = new Int32Array(Math.max(terms.length, metBy.length * 2));
    counts = 0;
  }
  if (counts === 0x7fffffff) {
    metBy.fill(0);
    counts = 0;
  }
  const serial = ++counts;
  let n = 0;
  for (let k = firstFrom(words, start); k < to && starts[k]! < end; k++) {
    const id = ids[k]!;
    if (metBy[id] === serial) continue;
    metBy[id] = serial;
    if (wanted.has(terms[id]!)) n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// A claim's or a sentence's words, each with its term, clause and whether it negates

export const NEGATION_EN = new Set(['not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'without', 'cannot', 'lack', 'lacks', 'unable']);
const NEGATION_CS = /^(?:ne|není|nejsou|nebyl\p{L}*|nebud\p{L}*|nemá\p{L}*|nemaj\p{L}*|nelze|nemůž\p{L}*|nemoh\p{L}*|nesmí\p{L}*|nikdy|nikdo|nic|žádn\p{L}*|bez|ani)$/u;

// "not only … but also" and "not limited to" add, they do not deny; "Not-so-successful" hedges.
const NOT_ADDING = new Set(['only', 'just', 'merely', 'limited', 'restricted', 'confined', 'exclusive', 'so', 'least']);

function isNegation(lower: string, next: string | undefined): boolean {
  if (lower.endsWith("n't") || lower.endsWith('n’t')) return true;
  if (lower === 'not' && next !== undefined && NOT_ADDING.has(next)) return false;
  if (NEGATION_EN.has(lower)) return true;
  // The Czech forms all start with one of these letters; most words are decided here.
  const c = lower.charCodeAt(0);
  return (c === 0x6e || c === 0x17e || c === 0x62 || c === 0x61) && NEGATION_CS.test(lower); // n ž b a
}

export interface Word {
  lower: string;
  term: string | null;
  negation: boolean;
  /** The clause the word stands in, counted from 0 (see breaksClause). */
  clause: number;
}

export function wordsOf(text: string, lang: Language): Word[] {
  const words: Word[] = [];
  let clause = 0;
  let prevEnd = 0;
  WORD.lastIndex = 0;
  // A closing quote glued to a word is no part of it: "'fear nothing'" holds the word "nothing".
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const lower = m[0].toLowerCase().replace(TRAILING_QUOTES, '');
    if (words.length && (breaksClause(text, prevEnd, m.index) || CLAUSE_WORDS.has(lower))) clause++;
    prevEnd = m.index + m[0].length;
    words.push({ lower, term: firstStem(lower, lang), negation: false, clause });
  }
  // Whether a word negates depends on the word after it.
  for (let i = 0; i < words.length; i++) words[i]!.negation = isNegation(words[i]!.lower, words[i + 1]?.lower);
  return words;
}

// A cited sentence's bounds in its chunk (./content.ts reads a negated sentence by them).

/** Whether the UTF-16 unit is '.', '!' or '?'. */
const isStop = (c: number) => c === 0x2e || c === 0x21 || c === 0x3f;

/** Where the sentence around `at` starts: after a line break, or after a space or tab that follows [.!?]. */
export function sentenceStart(text: string, at: number): number {
  for (let i = at - 1; i > 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return i + 1;
    if ((c === 0x20 || c === 0x09) && isStop(text.charCodeAt(i - 1))) return i + 1;
  }
  return 0;
}

/** Where the sentence around `at` ends: at a line break, or after [.!?] before white space (\s) or the end. */
export function sentenceEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return i;
    if (isStop(c) && (i + 1 === text.length || isJsSpace(text.charCodeAt(i + 1)))) return i + 1;
  }
  return text.length;
}
