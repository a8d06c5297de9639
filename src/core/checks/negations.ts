// Where a text has negation words ("not", "never", "don't", "nikdy", "žádný"), and where its
// clauses part: the content check reads a chunk's sentences around the negations to compare a
// claim with the passage that states it.
import { letterAt } from './util';
import { NEGATION_WORDS } from '../text/wordLists';

// What counts: a word of NEGATION_WORDS, or a contraction ending in n't, as a whole word
// (content.test.ts holds the plain pattern for it, one global scan, as the oracle). That pattern is
// slow to run over a whole chunk (its lookbehind and its \p{L}+n't alternative leave the regex
// engine no first letter to skip to), so negationStarts walks the chunk's words itself and asks
// the patterns below only about the few words that can match.
const CONTRACTION = "\\p{L}+n['’]t";
// The words and the contraction, tried at a word's start only (where the lookbehind holds).
const NEGATION_WORD_AT = new RegExp(`(?:${NEGATION_WORDS.join('|')})(?![\\p{L}])`, 'iuy');
const CONTRACTION_AT = new RegExp(`${CONTRACTION}(?![\\p{L}])`, 'iuy');
// Which two ASCII letters a word of NEGATION_WORDS can start with (every entry starts with two
// plain letters; either case, as the i flag reads them), by (first - 'a') * 26 + (second - 'a'):
// a word of two other ASCII letters is passed over without the pattern.
const NEGATION_PAIRS = new Uint8Array(26 * 26);
{
  const pair = new RegExp(`^(?:${NEGATION_WORDS.map((w) => w.slice(0, 2)).join('|')})$`, 'iu');
  for (let a = 0; a < 26; a++) for (let b = 0; b < 26; b++) NEGATION_PAIRS[a * 26 + b] = pair.test(String.fromCharCode(0x61 + a, 0x61 + b)) ? 1 : 0;
}

/**
 * The offsets where the plain pattern (content.test.ts) matches in `text`, in order. Every match starts at a word's
 * start (a letter after a non-letter) and is either the whole word (a NEGATION_WORDS entry) or
 * the word followed by an apostrophe and "t" (a contraction): so each word is tried once, at its
 * start, by the pattern's own alternatives, and only when its first two letters or the
 * apostrophe after it allow a match.
 */
export function negationStarts(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const first = letterAt(text, i);
    if (first === 0) {
      i++;
      continue;
    }
    const start = i;
    i += first;
    while (i < n) {
      const l = letterAt(text, i);
      if (l === 0) break;
      i += l;
    }
    const c0 = text.charCodeAt(start);
    const c1 = text.charCodeAt(start + 1);
    let hit = false;
    if (i - start >= 2 && (c0 >= 0x80 || c1 >= 0x80 || NEGATION_PAIRS[((c0 | 0x20) - 0x61) * 26 + ((c1 | 0x20) - 0x61)] === 1)) {
      NEGATION_WORD_AT.lastIndex = start;
      hit = NEGATION_WORD_AT.test(text);
    }
    // An apostrophe after the word: maybe a contraction ("don't").
    if (!hit && i < n) {
      const after = text.charCodeAt(i);
      if (after === 0x27 || after === 0x2019) {
        CONTRACTION_AT.lastIndex = start;
        hit = CONTRACTION_AT.test(text);
      }
    }
    if (hit) out.push(start);
  }
  return out;
}

// What parts a sentence into clauses: a comma, semicolon, colon, bracket or dash between two
// words (breaksClause), or a contrasting conjunction. A negation speaks of its own clause ("X dissolves in
// mercury, and this is not a chemical reaction" denies nothing of "X is resistant").
/** Whether text[from, to) (the gap between two words) parts clauses; read by code, no slice. */
export function breaksClause(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    // , ; : ( ) – —, or a hyphen between spaces.
    if (c === 0x2c || c === 0x3b || c === 0x3a || c === 0x28 || c === 0x29 || c === 0x2013 || c === 0x2014) return true;
    if (c === 0x2d && k > from && k + 1 < to && text.charCodeAt(k - 1) === 0x20 && text.charCodeAt(k + 1) === 0x20) return true;
  }
  return false;
}
export const CLAUSE_WORDS = new Set(['but', 'whereas', 'although', 'though', 'while', 'ale', 'avšak', 'však', 'zatímco', 'ačkoli', 'přestože']);
