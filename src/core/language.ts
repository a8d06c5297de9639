// Language detection (English / Czech) and the small word helpers the claim splitter and the
// citation builder share. Detection is a vote over real words, in the first 20,000 characters:
// Czech-only letters (ě š č ř ž ů ť ď ň) in lower-case words and Czech function words against
// English function words. Names (capitalised words carry no vote by their letters), initials and
// abbreviations ("A. M.", "P.", "Netw."), URLs and bracketed markers are left out, so a list of
// references full of Czech names or one-letter initials does not make an English answer Czech.
// When the vote is thin the caller's fallback decides (the interface language in the page).
import type { Language } from './types';

const SAMPLE = 20_000;

// Function words that are frequent in one language and absent from the other (no "a", "i", "to").
const CS_MARKERS = new Set(
  'je se na ve že pro jako které který která kteří jsou byl byla bylo byli podle není také ale nebo jak při za tak si jeho její jejich tento tato toto tyto mají lze jsem jste jsme více však již už když pokud aby od do po ze z v s k u též jen nebo ani'.split(
    ' ',
  ),
);
const EN_MARKERS = new Set(
  'the and of is in that for it with as was on are be by this from or an which have has not were at can you they their these there would will been its he she we our your what when who how'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower-cased word tokens (letters and digits, inner apostrophes and hyphens kept). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Fewer votes than this, or a lead smaller than MIN_LEAD, is too thin to decide on. */
const MIN_VOTES = 3;
const MIN_LEAD = 2;
// What is not prose: URLs, e-mail addresses, bracketed markers, \cite{…}. The address and e-mail
// alternatives are the costly ones (`\S+@` tries every start inside every word), and neither can
// match a text without "://" or "@": for such a text the same pattern without them finds exactly
// the same matches, so one of four variants, built once, is used.
const URL_PART = String.raw`\b[a-z][a-z0-9+.-]{1,15}:\/\/\S+`;
const WWW_PART = String.raw`\bwww\.\S+`;
const MAIL_PART = String.raw`\S+@\S+\.\w+`;
const MARK_PART = String.raw`\[[^\]\n]{0,40}\]|\\cite\{[^}]*\}`;
const URLISH = [false, true].map((url) => [false, true].map((mail) => new RegExp([...(url ? [URL_PART] : []), WWW_PART, ...(mail ? [MAIL_PART] : []), MARK_PART].join('|'), 'gi')));
const TOKEN = /\p{L}+/gu;
// Czech-only letters by code (ě š č ř ž ů ť ď ň): a lower-case word's count of them is a vote.
const CS_ONLY_CODES = new Set([...'ěščřžůťďň'].map((ch) => ch.charCodeAt(0)));

function csOnlyLetters(w: string): number {
  let n = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c > 0x7f && CS_ONLY_CODES.has(c)) n++;
  }
  return n;
}

/**
 * The language the text's words vote for, or undefined when the vote is too thin to decide
 * (then {@link detectLanguage} returns its fallback).
 */
export function languageVote(text: string): Language | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  const head = text.slice(0, SAMPLE);
  const sample = head.replace(URLISH[head.includes('://') ? 1 : 0]![head.includes('@') ? 1 : 0]!, ' ');
  let cs = 0;
  let en = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(sample); m; m = TOKEN.exec(sample)) {
    const tok = m[0];
    const after = sample[m.index + tok.length];
    // Initials and abbreviations ("A.", "Netw.", "pp.") are not words of either language.
    if (after === '.' && (tok.length === 1 || (tok.length <= 5 && tok[0] !== tok[0]!.toLowerCase()))) continue;
    const w = tok.toLowerCase();
    if (w === tok) cs += 2 * csOnlyLetters(w);
    if (CS_MARKERS.has(w)) cs += 1;
    else if (EN_MARKERS.has(w)) en += 1;
  }
  if (cs + en < MIN_VOTES || Math.abs(cs - en) < MIN_LEAD) return undefined;
  return cs > en ? 'cs' : 'en';
}

/** @testSeam the audit takes {@link languageVote} once and applies its fallback itself; tests ask this. */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  return languageVote(text) ?? (fallback === 'cs' ? 'cs' : 'en');
}

/** Lower-cases and removes diacritics: "Třinec" → "trinec". */
export function foldWord(w: string): string {
  const low = w.toLowerCase();
  return NON_ASCII.test(low) ? low.normalize('NFD').replace(/[\u0300-\u036f]+/g, '') : low;
}

/** Function words of both languages, diacritics folded; used to find a text's content words. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    // English
    'a an the of on in to at by for from with without about into onto over under through during before after above below up down out off ' +
    'and or but nor so yet if then than as because while until although though whether either neither both ' +
    'is are was were be been being am do does did done doing have has had having ' +
    'can could will would shall should may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs ' +
    'this that these those there here what which who whom whose why how when where ' +
    'not no only just also too very more most much many some any all each every few other another such same own ' +
    "don't doesn't didn't isn't aren't wasn't weren't can't cannot won't it's that's there's i'm i've you're " +
    'one ones something anything everything nothing else again further once ' +
    // Czech
    'a i o u v ve z ze s se k ke na do od po pro pri za pred pod nad mezi bez krom skrz ' +
    'je jsou byt byl byla bylo byli byly bude budou jsem jsi jsme jste by bych bychom aby abych kdyby ' +
    'to ten ta ty tento tato toto tyto tech tem ti tu tom tim toho tomu tomto ' +
    'ze co jak proc kde kdy ktery ktera ktere kteri kterou kterych kterym ' +
    'ale nebo ani vsak take tak jen jiz uz jeste tez pak proto tedy totiz ' +
    'ja ty on ona ono my vy oni ony mi me mne mu ho ji jej jeho jeji jejich nas vas vam nam si sebe sve svuj sva svym ' +
    'muze mohou mohu muzu lze musi musim mel mela melo nejaky nejaka nejake neco vse vsechno vsechny kazdy jiny jina jine'
  ).split(/\s+/),
);

/** Content words of a text: lower-cased, diacritics folded, no function words, at least 3 characters or a number. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const f of foldWord(text).match(WORD) ?? []) {
    if (f.length < 3 && !/\d/.test(f)) continue;
    if (STOPWORDS.has(f)) continue;
    out.push(f);
  }
  return out;
}
