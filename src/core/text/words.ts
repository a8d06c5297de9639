// Words for lexical overlap: stop words and light stemmers (en/cs), a tokenizer over folded
// character codes, and a vocabulary that interns stems as integers.
import { LETTER_OR_DIGIT_RE, MARK_RE } from './text';
import type { Language } from '../types';
import { OVERLAP_STOP_CS, OVERLAP_STOP_EN } from './wordLists';

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
  if (OVERLAP_STOP_EN.has(w) || OVERLAP_STOP_CS.has(w)) return null;
  if (w.length === 1 && !(w >= '0' && w <= '9')) return null;
  return lang === 'cs' ? stemCs(w) : stemEn(w);
}

// Folds by foldCode and keeps only word characters, unlike text.ts foldWord (case and
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

/** What {@link WordTable.get} answers for a word it does not hold. */
const ABSENT = -2;

/**
 * Word → a number, looked up by two independent 32-bit hashes of the word's folded codes (a
 * 64-bit key: for the at most 200,000 words a cache holds, two different words share a key with
 * a chance of about one in 10^9), so that reading a word seen before makes no string and
 * touches one slot. Open addressing over one typed array: each slot holds the two hashes and the
 * value; a first hash of 0 is stored as 1 so that 0 marks an empty slot (the second hash still
 * tells those words apart).
 */
class WordTable {
  /** Per slot: first hash (0: empty), second hash, value. */
  #slots = new Int32Array(3 << 12);
  #mask = (1 << 12) - 1;
  size = 0;
  /** The value of the word with hashes h1 (never 0, see keyOf) and h2, or ABSENT. */
  get(h1: number, h2: number): number {
    const slots = this.#slots;
    for (let s = h1 & this.#mask; ; s = (s + 1) & this.#mask) {
      const key = slots[3 * s]!;
      if (key === 0) return ABSENT;
      if (key === h1 && slots[3 * s + 1] === h2) return slots[3 * s + 2]!;
    }
  }
  /** Adds a word that get() found absent. */
  add(h1: number, h2: number, value: number): void {
    if (++this.size * 2 > this.#mask + 1) this.#grow();
    this.#put(h1, h2, value);
  }
  #put(h1: number, h2: number, value: number): void {
    const slots = this.#slots;
    let s = h1 & this.#mask;
    while (slots[3 * s] !== 0) s = (s + 1) & this.#mask;
    slots[3 * s] = h1;
    slots[3 * s + 1] = h2;
    slots[3 * s + 2] = value;
  }
  /** Twice the slots, every word entered again. */
  #grow(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(old.length * 2);
    this.#mask = this.#mask * 2 + 1;
    for (let at = 0; at < old.length; at += 3) if (old[at] !== 0) this.#put(old[at]!, old[at + 1]!, old[at + 2]!);
  }
}

// The two hashes stemsInto computes while it reads a word, one folded code at a time (the word
// as foldWordCodes writes it, whose stem is the word's): FNV-1a (its low bits pick the slot) and
// the polynomial hash × 31. FNV-1a's offset basis is written as a signed 32-bit integer, the
// value Math.imul reads anyway.
const H1_START = 0x811c9dc5 | 0;
const h1Step = (h: number, c: number) => Math.imul(h ^ c, 0x01000193);
const h2Step = (h: number, c: number) => (Math.imul(h, 31) + c) | 0;
/** The first hash as the table takes it: never 0 (0 marks an empty slot). */
const keyOf = (h1: number) => (h1 === 0 ? 1 : h1);

// Word → stem number (-1 for a dropped word), and the stems by number: shared by all audits
// and started afresh, in a new era, when it grows large. A text is read within one era (the size
// is checked before it is read), so its stem numbers all belong to one cache.
const STEM_CACHE_MAX = 200_000;
interface StemCache {
  language: Language;
  /** Which cache this is (of all started so far): a vocabulary keeps this, not the cache itself. */
  era: number;
  /** Word as written → stem number (-1 for a dropped word). */
  words: WordTable;
  stems: string[];
  numberOf: Map<string, number>;
  /**
   * Per stem number: the serial of the vocabulary whose term id for it is in `termOf`. A word
   * then costs one lookup (here) and two array reads, where a hash table of each
   * vocabulary's own (built afresh every audit) cost a probe per word and three more plus two
   * insertions per new word. One vocabulary at a time, the claimant, has all its terms entered;
   * another one enters its own again when it is next used (see Vocabulary.#claim). Doubles: a
   * serial never wraps around.
   */
  owner: Float64Array;
  termOf: Int32Array;
  claimant: number;
}
let eras = 0;
const newStemCache = (language: Language): StemCache => ({
  language,
  era: ++eras,
  words: new WordTable(),
  stems: [],
  numberOf: new Map(),
  owner: new Float64Array(1024),
  termOf: new Int32Array(1024),
  claimant: 0,
});
const STEM_CACHE: Record<Language, StemCache> = { en: newStemCache('en'), cs: newStemCache('cs') };

/** The language's stem cache, started afresh first when it holds too many words. */
function stemCache(language: Language): StemCache {
  let cache = STEM_CACHE[language];
  if (cache.words.size >= STEM_CACHE_MAX) cache = STEM_CACHE[language] = newStemCache(language);
  return cache;
}

function stemNumber(cache: StemCache, stem: string): number {
  let s = cache.numberOf.get(stem);
  if (s === undefined) {
    s = cache.stems.push(stem) - 1;
    cache.numberOf.set(stem, s);
    if (s === cache.owner.length) {
      const owner = new Float64Array(s * 2);
      owner.set(cache.owner);
      cache.owner = owner;
      const termOf = new Int32Array(s * 2);
      termOf.set(cache.termOf);
      cache.termOf = termOf;
    }
  }
  return s;
}

/**
 * The stem number (-1 for a dropped word) of the word text[start, end), whose hashes are h1 and
 * h2 as the table takes them (see keyOf).
 */
function wordStem(cache: StemCache, text: string, start: number, end: number, h1: number, h2: number): number {
  const s = cache.words.get(h1, h2);
  return s === ABSENT ? addWord(cache, text.slice(start, end), h1, h2) : s;
}

/** Stems a word not in the cache yet and enters it; returns its stem number (-1: dropped). */
function addWord(cache: StemCache, word: string, h1: number, h2: number): number {
  const stem = stemOfFolded(foldWordCodes(word), cache.language);
  const s = stem === null ? -1 : stemNumber(cache, stem);
  cache.words.add(h1, h2, s);
  return s;
}

/**
 * The stem numbers in `cache` of the words of `text`, in order, dropped words left out, written
 * into `buf` from index `at` on; returns the index after the last one. Words are found by a
 * single pass over character codes, which also hashes each word's folded codes; each distinct
 * folded word ("The", "the" and "THE" are one) is stemmed once (across audits, while the cache
 * holds it) and found by its hashes afterwards, without a copy of it. With `starts`, each word's offset in `text` goes to the same index of
 * `starts`.
 */
function stemsInto(cache: StemCache, text: string, buf: number[], at: number, starts?: number[]): number {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let f0 = FOLD_CODE[text.charCodeAt(i)]!;
    if (f0 === UNKNOWN) f0 = foldFirstSight(text.charCodeAt(i));
    if (f0 <= 1) {
      i++;
      continue;
    }
    const start = i;
    let h1 = H1_START;
    let h2 = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      let f = FOLD_CODE[c]!;
      if (f === UNKNOWN) f = foldFirstSight(c);
      if (f === 0) {
        // An apostrophe between letters stays inside the word: "don't", "Brian's".
        if ((c === 0x27 || c === 0x2019) && i + 1 < n && isFoldedLetter(foldCode(text.charCodeAt(i + 1)))) f = 0x27;
        else break;
      }
      // Hashed as foldWordCodes writes it (marks left out): "The" and "the" are one entry.
      if (f !== 1) {
        h1 = h1Step(h1, f);
        h2 = h2Step(h2, f);
      }
      i++;
    }
    const s = wordStem(cache, text, start, i, keyOf(h1), h2);
    if (s >= 0) {
      if (starts) starts[at] = start;
      buf[at++] = s;
    }
  }
  return at;
}

let serials = 0;

/**
 * Interns the stems of one audit as small integers (term ids, 0, 1, 2, … in order of first
 * sight), so lexical statistics work on numbers and can be indexed by term.
 */
export class Vocabulary {
  readonly language: Language;
  /** Term strings by id. */
  readonly terms: string[] = [];
  /** Stem numbers in the stem cache of era #era by term id. */
  readonly #stems: number[] = [];
  /**
   * The era of the stem cache that #stems are numbers in (a number, so that a vocabulary kept
   * after its cache was replaced does not keep the old cache's tables alive).
   */
  #era: number;
  readonly #serial = ++serials;
  constructor(language: Language) {
    this.language = language;
    this.#era = STEM_CACHE[language].era;
  }

  /** Term ids of the words of `text`, in order, stopwords removed (appended to `out`). */
  termIds(text: string, out: number[] = []): number[] {
    this.termIdsInto(text, out, out.length);
    return out;
  }

  /**
   * termIds written into `buf` from index `at` on, leaving what follows the last one in place;
   * returns the index after the last id. A buffer reused this way (never shortened) stops
   * allocating once it is long enough: `length = 0` would drop its storage each time. With
   * `starts`, each word's offset in `text` is written at the same index of `starts`.
   */
  termIdsInto(text: string, buf: number[], at: number, starts?: number[]): number {
    const cache = stemCache(this.language);
    const end = stemsInto(cache, text, buf, at, starts);
    if (cache.claimant !== this.#serial) this.#claim(cache);
    // Read after the stems: adding stems may have grown the arrays.
    const owner = cache.owner;
    const termOf = cache.termOf;
    const serial = this.#serial;
    for (let k = at; k < end; k++) {
      const s = buf[k]!;
      if (owner[s] !== serial) {
        owner[s] = serial;
        termOf[s] = this.terms.length;
        this.terms.push(cache.stems[s]!);
        this.#stems.push(s);
      }
      buf[k] = termOf[s]!;
    }
    return end;
  }

  /**
   * Makes this vocabulary the cache's claimant: its terms entered again (another vocabulary may
   * have taken their entries since), numbered first in the cache's era if that is new to it.
   */
  #claim(cache: StemCache): void {
    const stems = this.#stems;
    if (this.#era !== cache.era) {
      for (let id = 0; id < stems.length; id++) stems[id] = stemNumber(cache, this.terms[id]!);
      this.#era = cache.era;
    }
    const owner = cache.owner;
    const termOf = cache.termOf;
    for (let id = 0; id < stems.length; id++) {
      owner[stems[id]!] = this.#serial;
      termOf[stems[id]!] = id;
    }
    cache.claimant = this.#serial;
  }
}

/**
 * Lower-case word tokens (letters and digits; an apostrophe between letters stays in the word)
 * with diacritics removed, stopwords of both languages dropped (answers mix them), and a light
 * stem by the language's rule (stemEn / stemCs above), so "lékařské" and "lekarske" meet.
 */
export function tokenize(s: string, lang: Language): string[] {
  const cache = stemCache(lang === 'cs' ? 'cs' : 'en');
  const stems: number[] = [];
  stemsInto(cache, s, stems, 0);
  return stems.map((n) => cache.stems[n]!);
}

// Scratch for firstStem: the stem numbers of one short text.
const firstStems: number[] = [];

/**
 * tokenize(s, lang)[0] ?? null, without the list: the stem of the first kept word of `s`, or null
 * when every word is dropped. Meant for one word at a time (the content check's words): a word
 * the shared cache holds costs its hashes and one lookup.
 */
export function firstStem(s: string, lang: Language): string | null {
  const cache = stemCache(lang === 'cs' ? 'cs' : 'en');
  const end = stemsInto(cache, s, firstStems, 0);
  if (firstStems.length > 64) firstStems.length = 0;
  return end > 0 ? cache.stems[firstStems[0]!]! : null;
}
