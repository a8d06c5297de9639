// Words for lexical overlap: stop words and light stemmers (en/cs), a tokenizer over folded
// character codes, and a vocabulary that interns stems as integers.
import { LETTER_OR_DIGIT_RE, MARK_RE } from './text';
import type { Language } from './types';

// Our own short lists of function words; content words, numbers and names are what overlap
// should count.
const STOP_EN = new Set(
  ('a an the and or but nor so yet if then than that this these those there here of in on at to ' +
    'for from by with within without about into onto upon over under between among through during ' +
    'before after across along toward towards via per ' +
    'above below up down out off again further once is are was were be been being am do does did ' +
    'doing done have has had having i me my mine we us our ours you your yours he him his she her ' +
    'hers it its they them their theirs what which who whom whose when where why how all any both ' +
    'each few more most other some such no not only own same too very can could will would shall ' +
    'should may might must also just as because while until s t also however therefore thus ' +
    'based according document documents source sources chunk')
    .split(' '),
);
// Czech, written without diacritics because tokens are compared folded.
const STOP_CS = new Set(
  ('a i o u v ve k ke s se z ze na do od po pro pri pres pred za nad pod mezi bez krom kolem ' +
    'a ani ale nebo i jak jako ze aby kdyz pokud protoze proto tak take tez jen jiz uz jeste ' +
    'je jsou byl byla bylo byli byly bude budou jsem jsi jsme jste byt by bych bychom ' +
    'to ten ta ty tento tato toto tyto tomto tomu toho tech temto tim teto tuto tu ti ' +
    'ktery ktera ktere kteri kterou kterych kterym kterymi jenz coz co kdo kde kdy jak proc ' +
    'jeho jeji jejich jim jej ji mu ho nam vam nas vas se si sebe svuj sva sve svych svym ' +
    'on ona ono oni my vy ja ty tam zde tady vsak take rovnez dale podle dokumentu dokument ' +
    'zdroj zdroje uryvek velmi vice mene')
    .split(' '),
);

const CS_SUFFIXES = [
  'atech', 'etech', 'ovych', 'ovymi', 'ovani', 'enim', 'ovou', 'ovym', 'ovem', 'atum', 'etem',
  'ovat', 'ich', 'ych', 'ymi', 'imi', 'ami', 'emi', 'ach', 'ech', 'eho', 'iho', 'emu', 'imu', 'ymu',
  'ove', 'ova', 'ovy', 'ani', 'eni', 'ost', 'ou', 'um', 'em', 'ho', 'mu', 'ym', 'im', 'ej', 'at',
  'et', 'it', 'a', 'e', 'i', 'o', 'u', 'y',
];
const CS_STEM_MIN = 3;
const CS_PREFIX_LEN = 6;

/**
 * Czech light stemmer on a diacritic-free lower-case word: strip the longest listed case or
 * derivation ending that leaves at least 3 characters, then keep at most the first 6 characters.
 * The prefix cut merges forms whose stems alternate late in the word (zaměstnanců / zaměstnance
 * → "zamest"); it over-merges a little, which is harmless for an overlap hint.
 */
function stemCs(w: string): string {
  if (/^\d/.test(w)) return w;
  for (const suf of CS_SUFFIXES) {
    if (w.length - suf.length >= CS_STEM_MIN && w.endsWith(suf)) {
      w = w.slice(0, w.length - suf.length);
      break;
    }
  }
  return w.length > CS_PREFIX_LEN ? w.slice(0, CS_PREFIX_LEN) : w;
}

const EN_PREFIX_LEN = 7;

/**
 * English light stemmer: possessive, plural, -ing, -ed, a final "e", then at most the first 7
 * characters ("vote" / "voting" / "voted" → "vot"; "Argentina" / "Argentines" → "argenti").
 */
function stemEn(w: string): string {
  if (/^\d/.test(w)) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  w = w.replace(/'/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w.length > EN_PREFIX_LEN ? w.slice(0, EN_PREFIX_LEN) : w;
}

// Per UTF-16 unit: 0 = not part of a word, 1 = combining mark (skipped inside a word), else the
// folded code (lower case, diacritics removed: "Č" → "c"). ASCII is filled here, the rest on
// first sight; UNKNOWN marks "not computed yet", so one table read serves every code unit.
const UNKNOWN = 0xffff;
const FOLD_CODE = new Uint16Array(65536).fill(UNKNOWN);
for (let c = 0; c < 128; c++) {
  FOLD_CODE[c] = c >= 0x41 && c <= 0x5a ? c + 32 : (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) ? c : 0;
}

/** foldCode for a code unit not seen before (the regexes run once per distinct unit). */
function foldFirstSight(c: number): number {
  let r = 0;
  if (c >= 0xd800 && c <= 0xdfff) r = 0; // astral characters are not word material here
  else {
    const ch = String.fromCharCode(c);
    if (MARK_RE.test(ch)) r = 1;
    else if (LETTER_OR_DIGIT_RE.test(ch)) {
      const b = ch.toLowerCase().normalize('NFD').charCodeAt(0);
      r = Number.isNaN(b) || b < 2 || b === 0xffff ? c : b;
    }
  }
  FOLD_CODE[c] = r;
  return r;
}

function foldCode(c: number): number {
  const f = FOLD_CODE[c]!;
  return f !== UNKNOWN ? f : foldFirstSight(c);
}

// Takes a folded code (foldCode), unlike text.ts isLetterCode, which takes a raw one.
const isFoldedLetter = (f: number) => f > 1 && !(f >= 0x30 && f <= 0x39);

function stemOfFolded(w: string, lang: Language): string | null {
  if (STOP_EN.has(w) || STOP_CS.has(w)) return null;
  if (w.length === 1 && !(w >= '0' && w <= '9')) return null;
  return lang === 'cs' ? stemCs(w) : stemEn(w);
}

// Folds by foldCode and keeps only word characters, unlike language.ts foldWord (case and
// diacritics only).
function foldWordCodes(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x27 || c === 0x2019) out += "'";
    else {
      const f = foldCode(c);
      if (f > 1) out += String.fromCharCode(f);
    }
  }
  return out;
}

// Raw word → its stem (null for a dropped word), per language, shared by all audits: most words
// recur, and folding and stemming them again costs more than one lookup. Emptied when it grows
// large, so memory stays bounded over a long dataset run.
const STEM_MEMO_MAX = 200_000;
const STEM_MEMO: Record<Language, Map<string, string | null>> = { en: new Map(), cs: new Map() };

function stemOf(raw: string, language: Language): string | null {
  const memo = STEM_MEMO[language];
  let stem = memo.get(raw);
  if (stem === undefined) {
    stem = stemOfFolded(foldWordCodes(raw), language);
    if (memo.size >= STEM_MEMO_MAX) memo.clear();
    memo.set(raw, stem);
  }
  return stem;
}

/**
 * Calls `add` with the stem of each word of `text`, in order, dropped words left out. Words are
 * found by a single pass over folded character codes: a word starts at a letter or digit, keeps
 * the marks inside it and an apostrophe between letters ("don't", "Brian's").
 */
function eachStem(text: string, language: Language, add: (stem: string) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (foldCode(text.charCodeAt(i)) <= 1) {
      i++;
      continue;
    }
    const start = i;
    for (i++; i < n; i++) {
      const c = text.charCodeAt(i);
      if (foldCode(c) !== 0) continue;
      const apostrophe = (c === 0x27 || c === 0x2019) && i + 1 < n && isFoldedLetter(foldCode(text.charCodeAt(i + 1)));
      if (!apostrophe) break;
    }
    const stem = stemOf(text.slice(start, i), language);
    if (stem !== null) add(stem);
  }
}

/**
 * Interns the stems of one audit as small integers (term ids, 0, 1, 2, … in order of first
 * sight), so lexical statistics work on numbers and can be indexed by term.
 */
export class Vocabulary {
  readonly language: Language;
  /** Term strings by id. */
  readonly terms: string[] = [];
  readonly #ids = new Map<string, number>();
  constructor(language: Language) {
    this.language = language;
  }

  /** Term ids of the words of `text`, in order, stopwords removed (appended to `out`). */
  termIds(text: string, out: number[] = []): number[] {
    this.termIdsInto(text, out, out.length);
    return out;
  }

  /**
   * termIds written into `buf` from index `at` on, leaving what follows the last one in place;
   * returns the index after the last id (a buffer reused this way is not reallocated).
   */
  termIdsInto(text: string, buf: number[], at: number): number {
    eachStem(text, this.language, (stem) => {
      let id = this.#ids.get(stem);
      if (id === undefined) {
        id = this.terms.push(stem) - 1;
        this.#ids.set(stem, id);
      }
      buf[at++] = id;
    });
    return at;
  }
}

/**
 * Lower-case word tokens (letters and digits; an apostrophe between letters stays in the word)
 * with diacritics removed, stopwords of both languages dropped (answers mix them), and a light
 * stem by the language's rule (stemEn / stemCs above), so "lékařské" and "lekarske" meet.
 */
export function tokenize(s: string, lang: Language): string[] {
  const stems: string[] = [];
  eachStem(s, lang === 'cs' ? 'cs' : 'en', (stem) => stems.push(stem));
  return stems;
}
