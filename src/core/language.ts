// Language detection (English / Czech) and the small word helpers the claim splitter and the
// citation builder share. Detection is a vote: Czech-only letters (ě š č ř ž ů ť ď ň) and Czech
// function words against English function words, over the first 20,000 characters.
import type { Language } from './types';

const SAMPLE = 20_000;

const CS_ONLY_LETTERS_G = /[ěščřžůťďň]/g;

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

export function detectLanguage(text: string): Language {
  if (typeof text !== 'string' || text === '') return 'en';
  const sample = text.slice(0, SAMPLE).toLowerCase();
  // Czech-only letters are a strong signal on their own; count them without tokenising.
  let cs = 2 * (sample.match(CS_ONLY_LETTERS_G)?.length ?? 0);
  let en = 0;
  for (const w of sample.split(/[^\p{L}]+/u)) {
    if (CS_MARKERS.has(w)) cs += 1;
    else if (EN_MARKERS.has(w)) en += 1;
  }
  return cs > en ? 'cs' : 'en';
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
