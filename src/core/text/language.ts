// Language detection (English / Czech) and the small word helpers the claim splitter and the
// citation builder share. Detection is a vote over real words, in the first 20,000 characters:
// Czech-only letters (ě š č ř ž ů ť ď ň) in lower-case words and Czech function words against
// English function words. Names (capitalised words carry no vote by their letters), initials and
// abbreviations ("A. M.", "P.", "Netw."), URLs and bracketed markers are left out, so a list of
// references full of Czech names or one-letter initials does not make an English answer Czech.
// When the vote is thin the caller's fallback decides (the interface language in the page).
import type { Language } from '../types';
import { STOPWORDS } from './wordLists';
import { foldWord } from './text';
import { languageVotes } from './languageVotes';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Lower-cased word tokens (letters and digits, inner apostrophes and hyphens kept). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Fewer votes than this, or a lead smaller than MIN_LEAD, is too thin to decide on. */
const MIN_VOTES = 3;
const MIN_LEAD = 2;

/**
 * The language the text's words vote for, or undefined when the vote is too thin to decide
 * (then {@link detectLanguage} returns its fallback).
 */
export function languageVote(text: string): Language | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  const { cs, en } = languageVotes(text);
  if (cs + en < MIN_VOTES || Math.abs(cs - en) < MIN_LEAD) return undefined;
  return cs > en ? 'cs' : 'en';
}

/** Content words of a text: lower-cased, diacritics folded, no function words, at least 3 characters or a number. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const f of foldWord(text, 'latin').match(WORD) ?? []) {
    if (f.length < 3 && !/\d/.test(f)) continue;
    if (STOPWORDS.has(f)) continue;
    out.push(f);
  }
  return out;
}
