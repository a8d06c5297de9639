// The same sentence said again (issue 32 §6): HAGRID answers repeat one sentence several times. A
// warning under FORMATTED on each repeat, naming the claim that said it first. Claims are compared
// by their words (case, punctuation and markers aside); only claims of at least MIN_WORDS words
// count, so a list of short items ("Paris", "Yes.") is never a repeat.
import type { CheckContext, CheckFinding } from '../types';
import { messagesFor } from '../report/messages';
import { finding } from './util';

/** Words a sentence needs before saying it twice is a repeat rather than a list's item. */
export const MIN_WORDS = 8;

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Per code unit of the Basic Multilingual Plane: 0 not asked yet, 1 letter or digit, 2 neither. */
const BMP_CLASS = new Uint8Array(0x10000);

function isLetterOrDigit(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  // A lone surrogate is neither (what the u-flagged class reads it as).
  if (c > 0xffff) return LETTER_OR_DIGIT.test(String.fromCodePoint(c));
  let k = BMP_CLASS[c]!;
  if (k === 0) BMP_CLASS[c] = k = LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? 1 : 2;
  return k === 1;
}

/**
 * A claim's key: its words (runs of letters and digits, lower case) joined by single spaces.
 * `sketch` reads the same words without building the key: their number (up to MIN_WORDS) and a
 * hash of the key's code units, so only claims whose hashes meet have their keys built.
 */
const keyOf = (text: string): string => text.toLowerCase().replace(NOT_WORD, ' ').trim();
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

function sketch(lower: string): { words: number; hash: number } {
  let words = 0;
  let hash = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i < lower.length; ) {
    const c = lower.codePointAt(i)!;
    const size = c > 0xffff ? 2 : 1;
    if (isLetterOrDigit(c)) {
      if (!inWord) {
        if (words > 0) hash = Math.imul(hash ^ 0x20, 0x01000193);
        words++;
        inWord = true;
      }
      hash = Math.imul(hash ^ lower.charCodeAt(i), 0x01000193);
      if (size === 2) hash = Math.imul(hash ^ lower.charCodeAt(i + 1), 0x01000193);
    } else inWord = false;
    i += size;
  }
  return { words, hash };
}

export function checkRepeats(ctx: CheckContext): CheckFinding[] {
  const out: CheckFinding[] = [];
  if (ctx.claims.length < 2) return out;
  const m = messagesFor(ctx.language);
  // Claims by the hash of their key, each list holding the first claim of each key met.
  const byHash = new Map<number, number[]>();
  const keys = new Map<number, string>();
  const key = (i: number): string => {
    let k = keys.get(i);
    if (k === undefined) keys.set(i, (k = keyOf(ctx.claims[i]!.text)));
    return k;
  };
  for (let i = 0; i < ctx.claims.length; i++) {
    const claim = ctx.claims[i]!;
    const { words, hash } = sketch(claim.text.toLowerCase());
    if (words < MIN_WORDS) continue;
    const firsts = byHash.get(hash);
    if (firsts === undefined) {
      byHash.set(hash, [i]);
      continue;
    }
    const seen = firsts.find((j) => key(j) === key(i));
    if (seen === undefined) {
      firsts.push(i);
      continue;
    }
    const earlier = ctx.claims[seen]!;
    out.push(
      finding(ctx, {
        severity: 'warning',
        code: 'repeated_sentence',
        start: claim.start,
        end: claim.end,
        claim_index: claim.index,
        ...m.repeatedSentence({ claim: claim.text, first: earlier.index }),
      }),
    );
  }
  return out;
}
