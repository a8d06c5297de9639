// The same sentence said again (issue 32 §6): HAGRID answers repeat one sentence several times. A
// warning under FORMATTED on each repeat, naming the claim that said it first. Claims are compared
// by their words (case, punctuation and markers aside); only claims of at least MIN_WORDS words
// count, so a list of short items ("Paris", "Yes.") is never a repeat.
import type { CheckContext, CheckFinding } from '../types';
import { messagesFor } from '../report/messages';
import { finding } from './util';

/** Words a sentence needs before saying it twice is a repeat rather than a list's item. */
export const MIN_WORDS = 8;

const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Words of a key (words joined by single spaces), counted up to MIN_WORDS. */
function wordCount(key: string): number {
  if (!key) return 0;
  let n = 1;
  for (let i = key.indexOf(' '); i >= 0 && n < MIN_WORDS; i = key.indexOf(' ', i + 1)) n++;
  return n;
}

export function checkRepeats(ctx: CheckContext): CheckFinding[] {
  const out: CheckFinding[] = [];
  if (ctx.claims.length < 2) return out;
  const m = messagesFor(ctx.language);
  const first = new Map<string, number>();
  for (let i = 0; i < ctx.claims.length; i++) {
    const claim = ctx.claims[i]!;
    // The claim's words joined by one space: one replace, no array of words.
    const key = claim.text.toLowerCase().replace(NOT_WORD, ' ').trim();
    if (wordCount(key) < MIN_WORDS) continue;
    const seen = first.get(key);
    if (seen === undefined) {
      first.set(key, i);
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
