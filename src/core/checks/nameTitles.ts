// Titles in a claim (a quoted run of mostly capitalised words) and whether a title stands in the
// cited chunks: the content check's name signal reads titles whole, not as names (./content.ts).
import type { Language } from '../types';
import { tokenize } from '../text/words';
import { foldWord } from '../text/text';
import { phraseInFolded } from './nameScan';
import type { NameSource } from './names';

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Spans of the claim that are titles, not names: a quotation of two words or more, most of whose
 * longer words are capitalised ("Substance", "All the Money in the World"), and the title-case
 * words after a colon inside one ("Asymptomatic COVID: Silent, but Maybe Not Harmless").
 */
export function titleSpans(text: string): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  for (const m of text.matchAll(/["“„«]([^"“”„«»\n]{2,200})["”“»]|(?<![\p{L}])['‘]([^'‘’\n]{2,200})['’](?![\p{L}])/gu)) {
    const inner = (m[1] ?? m[2]!).replace(/[\s,.;:!?]+$/u, '');
    const words = inner.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    const long = words.filter((w) => w.length > 3);
    // A quoted sentence is no title: most of its longer words are in lower case.
    if (words.length < 2 || words.length > 14 || !long.length) continue;
    const capitalised = long.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length;
    if (capitalised * 2 <= long.length) continue;
    const start = m.index! + m[0].indexOf(inner);
    out.push({ start, end: start + inner.length, text: inner });
  }
  return out;
}

/** Whether a title is in the sources: its words in order somewhere, or all but one of its content words. */
export function titlePresent(title: string, lang: Language, sources: NameSource[], wordPresent: (w: string) => boolean): boolean {
  const words = (foldWord(title).match(WORD) ?? []).filter((w) => tokenize(w, lang).length > 0);
  if (!words.length) return true;
  if (sources.some((s) => s.hasSquashed(words.join('')) || phraseInFolded(s.folded, words, lang))) return true;
  // Titles are made of common words: all but one of them (three in four at least) must be there.
  const found = words.filter((w) => wordPresent(w)).length;
  return found >= words.length - 1 && found * 4 >= words.length * 3;
}
