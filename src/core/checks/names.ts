// Whether a name of a claim is in its cited chunks, read as a careful reviewer reads it. Used by
// the entity signal (./content.ts). A name is present when:
//
// - its words stand together in a chunk, ignoring case, hyphens and spaces ("SARS-CoV-2" /
//   "SARSCoV2", "Bristly Bellflowers" / "Bristly bell flower"): no rule to report, unless only
//   the squashed spelling matched ('spelling');
// - a form of the same thing is there ('alias'): a country, its abbreviation or demonym ("United
//   Kingdom" / "UK" / "British"), a wider place a reviewer accepts ("England" / "British soil"),
//   a part that places it ("Denmark" / "Copenhagen", "Nordic" / "Danish"),
//   a shortened word ("St." / "Saint") — tables in ../text/nameTables.ts, English and Czech;
// - it is an acronym of a name in the chunk, or the chunk has its acronym ('acronym': "WHO" /
//   "World Health Organization");
// - a word missing from it is one edit away from a word of the chunk (six letters or more:
//   "Arniko" / "Araniko") or is a word of the chunk with a derivational ending ("Nazism" / "Nazi-")
//   ('spelling');
// - its distinctive word (the last one that does not just say what kind of thing it is:
//   "Langa" of "Langa Township") is a name of its own in the chunk ('head');
// - its last word and most of its words are in the chunk (the older rule), where a word found
//   only inside another name ("Eden" of "Anthony Eden" for "Mey Eden") does not count: the words
//   of a name scattered over other names do not make it present.
import type { Language } from '../types';
import { KIND_WORDS, WORD_ABBREVIATIONS } from '../text/nameTables';
import { aliasIn } from './nameAliases';
import { tokenize } from '../text/words';
import { escapeRegExp, foldWord } from '../text/text';
import { entityRuns, type EntityRun } from './entities';
import { certainlyProse, closeWordIn, foldedWords, foldsPlainly, oneEdit, type FoldedWords, dottedWords, inSpans, phraseInFolded, runSpans, sentenceAround, squashedMatch, wordIndexOf, wordsInFolded } from './nameScan';

export type NameRule = 'alias' | 'acronym' | 'spelling' | 'head';

export interface NameVerdict {
  present: boolean;
  /** The rule that made the name present when its own words did not. */
  rule?: NameRule;
  /** What the chunk has instead (the alias, the close spelling, the head). */
  found?: string;
}

/** The capitalised runs of a text, its acronyms and which of its offsets the runs cover; see NameSource. */
interface NameRuns {
  runs: NameRun[];
  acronyms: Set<string>;
  /** The runs' spans (./nameScan.ts runSpans). */
  spans: Int32Array;
}

/** Where a folded word occurs: outside the capitalised runs (prose), and in which runs. */
interface WordPlaces {
  prose: boolean;
  runs: number[];
}

/**
 * What a chunk (or the chunks' titles) offers the name rules, one per text. Each part is read on
 * first need and kept: most names are found by their words alone (the relevance check's index) or
 * as a phrase, and never ask for the runs and the word map, the costly part.
 */
export class NameSource {
  private foldedText?: string;
  private wordList?: FoldedWords;
  private named?: NameRuns;
  private wordMap?: Map<string, WordPlaces>;
  private dotted?: string[];
  private plain?: boolean;
  private local?: boolean;
  private sentences?: Map<number, NameRun[]>;

  constructor(
    readonly text: string,
    private readonly lang: Language,
  ) {}

  /** The text folded (./names.ts fold). */
  get folded(): string {
    return (this.foldedText ??= foldWord(this.text));
  }
  /** The folded text's words (letters and digits), in order, and where each starts in it. */
  get words(): FoldedWords {
    return (this.wordList ??= foldedWords(this.folded));
  }
  /** Whether the folded words stand in the text one after the other, as whole words. */
  hasWords(words: readonly string[]): boolean {
    return wordsInFolded(this.folded, words);
  }
  /** Whether the folded letters and digits `squashed` stand in the text with nothing but other marks between (./nameScan.ts squashedMatch). */
  hasSquashed(squashed: string): boolean {
    return squashedMatch(this.folded, squashed) !== undefined;
  }
  /** The text's capitalised runs, as folded words (initials left out), and their text. */
  get runs(): NameRuns['runs'] {
    return this.nameRuns.runs;
  }
  /** Folded word → whether it occurs outside the capitalised runs, and the runs it occurs in. */
  get where(): Map<string, WordPlaces> {
    return (this.wordMap ??= wordMap(this.nameRuns, this.words));
  }
  /** where.get(w), without the map of every word when it is not built: w's places in the folded text and the runs. */
  placesOf(w: string): WordPlaces | undefined {
    if (this.wordMap) return this.wordMap.get(w);
    const { runs, spans } = this.nameRuns;
    const folded = this.folded;
    let prose = false;
    for (let i = wordIndexOf(folded, w, 0); i >= 0 && !prose; i = wordIndexOf(folded, w, i + 1)) prose = !inSpans(spans, i);
    const inRuns: number[] = [];
    for (let k = 0; k < runs.length; k++) for (const x of runs[k]!.words) if (x === w) inRuns.push(k);
    return prose || inRuns.length ? { prose, runs: inRuns } : undefined;
  }
  private get nameRuns(): NameRuns {
    return (this.named ??= nameRuns(this.text, this.lang));
  }

  /**
   * placesOf(w) with the runs themselves, for onlyInOtherNames; `prose` is told as soon as one
   * place outside the runs is seen (the runs found up to there are then all it gives). Without
   * the index, the runs are read only in the sentences that hold the word (sentenceAround in
   * ./nameScan.ts): a run holding w as a word holds it as a whole word of the folded text where
   * folding keeps every offset (letter by letter, no surrogate, same length) and w is no part of
   * a dotted word ("us" of "U.S."); otherwise the index is asked. With `enough`, the reading
   * stops at the first run found that satisfies it (the runs given then end with it): the
   * caller's question is answered, and the sentences after it are not read.
   */
  placesNear(w: string, enough?: (run: NameRun) => boolean): { prose: boolean; runs: NameRun[] } | undefined {
    if (this.named || !this.readsLocally || this.dottedParts.includes(w)) {
      const e = this.placesOf(w);
      return e && { prose: e.prose, runs: [...new Set(e.runs)].map((k) => this.runs[k]!) };
    }
    const folded = this.folded;
    const runs: NameRun[] = [];
    for (let i = wordIndexOf(folded, w, 0); i >= 0; i = wordIndexOf(folded, w, i + 1)) {
      const around = this.sentenceRuns(i);
      let inside = false;
      for (const r of around) {
        if (r.start <= i && i < r.end) inside = true;
        if (r.words.includes(w) && !runs.includes(r)) {
          runs.push(r);
          if (enough?.(r)) return { prose: false, runs };
        }
      }
      if (!inside) return { prose: true, runs };
    }
    return runs.length ? { prose: false, runs } : undefined;
  }
  /**
   * The runs, in text order, that may hold one of the folded words (not empty); every run that
   * holds one is among them. Without the index, the runs of the sentences around the words'
   * places (as placesNear reads them), on the same conditions; otherwise every run.
   */
  runsWithAny(words: readonly string[]): NameRun[] {
    if (this.named || !this.readsLocally || words.some((w) => this.dottedParts.includes(w))) return this.runs;
    const folded = this.folded;
    const out: NameRun[] = [];
    for (const w of words) {
      for (let i = wordIndexOf(folded, w, 0); i >= 0; i = wordIndexOf(folded, w, i + 1)) {
        for (const r of this.sentenceRuns(i)) if (r.words.includes(w) && !out.includes(r)) out.push(r);
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }
  private get readsLocally(): boolean {
    return (this.local ??= this.foldsPlainly && this.folded.length === this.text.length && !SURROGATE.test(this.text));
  }
  /** The runs of the sentence around offset `at`, kept by the sentence's start. */
  private sentenceRuns(at: number): NameRun[] {
    const { start, end } = sentenceAround(this.text, at);
    this.sentences ??= new Map();
    let runs = this.sentences.get(start);
    if (!runs) this.sentences.set(start, (runs = nameRuns(this.text, this.lang, start, end).runs));
    return runs;
  }
  /**
   * Whether the acronym is written in the text (as written, dots dropped: "U.S." is "US"). A text
   * without its letters in order, with nothing but dots between them, cannot have it: no index
   * is built for that question.
   */
  hasAcronym(a: string): boolean {
    if (!this.named && !this.text.includes(a) && !(mayBeDotted(this.text, a) && dottedRegex(a).test(this.text))) return false;
    return this.nameRuns.acronyms.has(a);
  }

  /**
   * Whether the folded word stands outside the capitalised runs (where(w).prose). Without the
   * index, from its places in the folded text: false also when no place is certain (./nameScan.ts).
   */
  inProse(w: string): boolean {
    if (this.named) return this.placesOf(w)?.prose === true;
    const folded = this.folded;
    for (let i = wordIndexOf(folded, w, 0); i >= 0; i = wordIndexOf(folded, w, i + 1)) if (certainlyProse(this.text, i)) return true;
    return false;
  }

  /**
   * Whether the index may have the folded word (where.has(w)); false is certain. Its words are
   * the folded text's and the parts of its dotted capitalised words ("us" of "U.S."), as long as
   * folding the text is folding it letter by letter: no combining mark that joins two letters'
   * words, no capital sigma whose small form depends on what follows.
   */
  mayHave(w: string): boolean {
    if (this.named) return this.placesOf(w) !== undefined;
    if (!this.foldsPlainly) return true;
    return wordIndexOf(this.folded, w, 0) >= 0 || this.dottedParts.includes(w);
  }

  /** Whether the index may have a word with the first letter of `w` one edit away from it (oneEdit); false is certain. */
  mayHaveCloseWord(w: string): boolean {
    if (this.wordMap) {
      for (const v of this.wordMap.keys()) if (v[0] === w[0] && oneEdit(w, v)) return true;
      return false;
    }
    if (!this.foldsPlainly) return true;
    if (closeWordIn(this.folded, w, oneEdit)) return true;
    return this.dottedParts.some((v) => v[0] === w[0] && oneEdit(w, v));
  }

  private get foldsPlainly(): boolean {
    return (this.plain ??= foldsPlainly(this.text));
  }
  private get dottedParts(): string[] {
    return (this.dotted ??= dottedWords(this.text).flatMap((t) => foldWord(stripPossessive(t).replace(/\./g, '')).match(WORD) ?? []));
  }
}


/** The letters of `a` in order with any dots between them ("U.S" for "US"); each acronym's pattern is made once. */
function dottedRegex(a: string): RegExp {
  let re = dottedAcronyms.get(a);
  if (!re) {
    if (dottedAcronyms.size > 5_000) dottedAcronyms.clear();
    dottedAcronyms.set(a, (re = new RegExp([...a].map(escapeRegExp).join('\\.*'), 'u')));
  }
  return re;
}
const dottedAcronyms = new Map<string, RegExp>();

/**
 * Whether the text may hold `a` with dots between its letters (dottedRegex), read with two
 * searches: such a text has the first letter followed by a dot or by the second letter.
 */
function mayBeDotted(text: string, a: string): boolean {
  const [first, second] = a;
  if (!first || !second) return text.includes('.');
  return text.includes(`${first}.`) || text.includes(first + second);
}

const WORD = /[\p{L}\p{N}]+/gu;
const isAcronym = (w: string) => w.length >= 2 && /^[\p{Lu}\p{N}&]+$/u.test(w) && /\p{Lu}.*\p{Lu}/u.test(w);
const stripPossessive = (w: string) => w.replace(/['’]s?$/, '');

const isStopword = (w: string, lang: Language) => tokenize(w, lang).length === 0;

export function nameSource(text: string, lang: Language): NameSource {
  return new NameSource(text, lang);
}

/** A word of a run as the index reads it: its acronym form, its folded parts that are not stopwords. */
interface RunWord {
  acronym?: string;
  parts: string[];
  /** Whether the word as written, folded, is a stopword; on first need. */
  stopword?: boolean;
}

function runWord(written: string, lang: Language): RunWord {
  const plain = stripPossessive(written).replace(/\./g, '');
  const parts = (foldWord(plain).match(WORD) ?? []).filter((part) => !isStopword(part, lang));
  return isAcronym(plain) ? { acronym: plain, parts } : { parts };
}

// Pages repeat their names, and so do the chunks of one corpus: each word as written is read once
// (per language), whatever text it is in; the table is emptied when it grows past RUN_WORDS_MAX.
const runWords: Record<Language, Map<string, RunWord>> = { en: new Map(), cs: new Map() };
const RUN_WORDS_MAX = 50_000;

function readRunWord(written: string, lang: Language): RunWord {
  const read = runWords[lang];
  let w = read.get(written);
  if (!w) {
    if (read.size > RUN_WORDS_MAX) read.clear();
    read.set(written, (w = runWord(written, lang)));
  }
  return w;
}

/** A capitalised run as the name rules read it: its folded words (initials and stopwords left out), its text on need. */
class NameRun {
  private shown?: string;
  private firstLetters?: string;
  constructor(
    readonly words: string[],
    private readonly source: string,
    private readonly run: EntityRun,
    private readonly lang: Language,
  ) {}
  get start(): number {
    return this.run.start;
  }
  get end(): number {
    return this.run.end;
  }
  /** The first letters of its words but the joiners, in capitals ("WHO" of "World Health Organization"), for ./names.ts acronymIn. */
  get initials(): string {
    return (this.firstLetters ??= this.words.filter((x) => !JOINER_WORDS.has(x)).map((x) => x[0]!.toUpperCase()).join(''));
  }
  /** The run's text from its first word that is not a stopword ("Langa", not "The Langa"). */
  get text(): string {
    if (this.shown === undefined) {
      const first = this.run.words.find((w) => {
        if (w.initial) return false;
        const x = readRunWord(w.text, this.lang);
        return !(x.stopword ??= isStopword(foldWord(w.text), this.lang));
      });
      this.shown = this.source.slice(first?.start ?? this.run.start, this.run.end);
    }
    return this.shown;
  }
}

function nameRuns(text: string, lang: Language, from = 0, to = text.length): NameRuns {
  const runs: NameRun[] = [];
  const acronyms = new Set<string>();
  const found = entityRuns(text, from, to);
  for (const r of found) {
    const words: string[] = [];
    for (const w of r.words) {
      if (w.initial) continue;
      const { acronym, parts } = readRunWord(w.text, lang);
      if (acronym) acronyms.add(acronym);
      for (const part of parts) words.push(part);
    }
    runs.push(new NameRun(words, text, r, lang));
  }
  return { runs, acronyms, spans: runSpans(found) };
}

/** Every folded word of the text and its places: the runs' words first, in order, then the others. */
function wordMap({ runs, spans }: NameRuns, folded: FoldedWords): Map<string, WordPlaces> {
  const where = new Map<string, WordPlaces>();
  for (let k = 0; k < runs.length; k++) for (const w of runs[k]!.words) entry(where, w).runs.push(k);
  for (let k = 0; k < folded.words.length; k++) {
    // Offsets of the folded text are the text's only while folding keeps lengths; an NFD letter
    // with a mark folds to one letter too, so the check of the first letter is close enough.
    if (!inSpans(spans, folded.starts[k]!)) entry(where, folded.words[k]!).prose = true;
  }
  return where;
}

function entry(m: Map<string, WordPlaces>, w: string): WordPlaces {
  let e = m.get(w);
  if (!e) m.set(w, (e = { prose: false, runs: [] }));
  return e;
}

/** Whether two folded words are one word in another form (plural, possessive, a case ending). */
export function sameWord(a: string, b: string, lang: Language): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (lang === 'en') return (l === `${s}s` || l === `${s}es`) && s.length >= 3;
  if (s.length < 4) return false;
  return l.startsWith(s.slice(0, Math.max(3, s.length - 2))) && l.length - s.length <= 3;
}

/** Whether every word of `a` is a word of `b` (by sameWord; "Oxford University" is in "University of Oxford"). */
function within(a: string[], b: string[], lang: Language): boolean {
  return a.every((w) => b.some((x) => sameWord(w, x, lang)));
}

/** Whether the phrase (folded words) stands in a source as whole words, with plural/case endings (./nameScan.ts). */
function phraseIn(words: string[], src: NameSource, lang: Language): boolean {
  return phraseInFolded(src.folded, words, lang);
}

// ---------------------------------------------------------------------------------------------
// Spelling

const DERIVED = /(?:ism|ist|ists|ian|ians|ese|ic|ics)$/;

/** A word of the sources that is a close spelling or another form of `w`, if any. */
function closeSpelling(w: string, sources: NameSource[]): string | undefined {
  const base = w.replace(DERIVED, '');
  // Most words have none: the folded texts say so without the index.
  if (!sources.some((s) => (base !== w && base.length >= 4 && s.mayHave(base)) || (w.length >= 6 && s.mayHaveCloseWord(w)))) return undefined;
  for (const s of sources) {
    if (base !== w && base.length >= 4 && s.where.has(base)) return base;
    if (w.length < 6) continue;
    for (const v of s.where.keys()) if (v[0] === w[0] && oneEdit(w, v)) return v;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The verdict

/**
 * Whether the name is in the sources. `words` are the name's words as written (the ones the check
 * weighs: no initials, stopwords or source nouns); `all` every word of the run but the initials
 * ("Bank of England"); `wordPresent` the older word test (by stem, by start).
 */
export function nameVerdict(words: string[], all: string[], lang: Language, sources: NameSource[], wordPresent: (w: string) => boolean): NameVerdict {
  // A name of one word is most often found by that word: nothing else is read then.
  if (words.length === 1 && wordPresent(words[0]!)) return { present: true };
  const folded = words.map((w) => nameWord(w).folded);
  const name = all.join(' ');
  const aliasOf = () => aliasIn(name, sources, lang) ?? (words.length !== all.length ? aliasIn(words.join(' '), sources, lang) : undefined);

  const allFolded: string[] = [];
  for (const w of all) for (const part of nameWord(w).parts) allFolded.push(part);
  const squashed = allFolded.join('');
  const squashedIn = () => squashed.length >= 6 && sources.some((s) => s.hasSquashed(squashed) || (squashed.endsWith('s') && s.hasSquashed(squashed.slice(0, -1))));

  if (words.length === 1) {
    if (allFolded.length > 1 && squashedIn()) return { present: true, rule: 'spelling', found: squashedFound(squashed, sources) ?? squashedFound(squashed.slice(0, -1), sources) ?? name };
    const alias = aliasOf();
    if (alias) return { present: true, rule: 'alias', found: alias };
    const acr = acronymIn(words[0]!, sources);
    if (acr) return { present: true, rule: 'acronym', found: acr };
    const close = closeSpelling(folded[0]!, sources);
    if (close) return { present: true, rule: 'spelling', found: close };
    return { present: false };
  }

  // The name's words as written are most often all its words: that phrase is searched once.
  const sameWords = allFolded.length === folded.length && allFolded.every((w, i) => w === folded[i]);
  if (sources.some((s) => phraseIn(allFolded, s, lang) || (!sameWords && phraseIn(folded, s, lang)))) return { present: true };
  if (squashedIn()) {
    return { present: true, rule: 'spelling', found: squashedFound(squashed, sources) ?? squashedFound(squashed.slice(0, -1), sources) ?? name };
  }
  const alias = aliasOf();
  if (alias) return { present: true, rule: 'alias', found: alias };
  const initials = folded.map((w) => w[0]!.toUpperCase()).join('');
  if (initials.length >= 3 && sources.some((s) => s.hasAcronym(initials))) return { present: true, rule: 'acronym', found: initials };

  // Word by word: a word found only inside other names does not count. A word the chunks
  // spell otherwise is compared in their spelling.
  const present = folded.map((w, i) => wordPresent(words[i]!));
  const close = folded.map((w, i) => (present[i] ? undefined : closeSpelling(w, sources)));
  const asWritten = folded.map((w, i) => close[i] ?? w);
  // A word after "of" ("Duke of Cambridge", "Bank of England") names a place or a field that
  // other names share; it counts wherever it is.
  const afterJoiner = new Set<string>();
  for (let i = 1; i < allFolded.length; i++) if (JOINER_WORDS.has(allFolded[i - 1]!)) afterJoiner.add(allFolded[i]!);
  /** Whether the i-th word counts: 'own' by its own spelling (or an abbreviation's), 'close' by the chunks' spelling. */
  const counts = (i: number): 'own' | 'close' | undefined => {
    const w = folded[i]!;
    const abbr = WORD_ABBREVIATIONS.get(w);
    if (present[i] && (afterJoiner.has(w) || !onlyInOtherNames(w, asWritten, sources, lang))) return 'own';
    if (abbr && sources.some((s) => s.mayHave(abbr) && s.placesOf(abbr))) return 'own';
    const c = close[i];
    return c && !onlyInOtherNames(c, asWritten, sources, lang) ? 'close' : undefined;
  };
  // The last word must count and at most half the words may not: the last word is read first, and
  // the reading stops as soon as the name cannot count (onlyInOtherNames reads the chunks' runs).
  const last = folded.length - 1;
  const counted: ('own' | 'close' | undefined)[] = [];
  let missing = 0;
  counted[last] = counts(last);
  for (let i = 0; i < last && counted[last] && missing * 2 <= folded.length; i++) if (!(counted[i] = counts(i))) missing++;
  if (counted[last] && missing * 2 <= folded.length) {
    // The first word, in the name's order, counted in the chunks' spelling.
    const spelled = close[counted.indexOf('close')];
    return spelled ? { present: true, rule: 'spelling', found: spelled } : { present: true };
  }

  // The distinctive word, as a name of its own: a run of the chunk made of the name's words only.
  let d = folded.length - 1;
  while (d > 0 && (KIND_WORDS.has(folded[d]!) || afterJoiner.has(folded[d]!))) d--;
  const head = asWritten[d]!;
  // The words a run would need (sameWord in English): a source with none of them has no such run.
  const forms = lang === 'en' ? [head, `${head}s`, `${head}es`, head.slice(0, -1), head.slice(0, -2)] : undefined;
  for (const s of sources) {
    if (forms && !forms.some((f) => f && s.mayHave(f))) continue;
    // In English a run with a word sameWord to the head holds one of the forms: only those runs are read.
    for (const r of forms ? s.runsWithAny(forms.filter((f) => f)) : s.runs) {
      if (r.words.length && r.words.some((w) => sameWord(w, head, lang)) && within(r.words, asWritten, lang)) return { present: true, rule: 'head', found: r.text };
    }
  }
  return { present: false };
}

/** A word of a claim's name as the rules read it: folded without a possessive ending or dots, and that form's letter and digit runs. */
interface NameWord {
  folded: string;
  parts: string[];
}

// Claims name the same things again and again, and a re-audit asks the same words: each word as
// written is read once (emptied past NAME_WORDS_MAX, as the runs' words are).
const nameWords = new Map<string, NameWord>();
const NAME_WORDS_MAX = 20_000;

function nameWord(written: string): NameWord {
  let w = nameWords.get(written);
  if (!w) {
    if (nameWords.size > NAME_WORDS_MAX) nameWords.clear();
    const folded = foldWord(stripPossessive(written)).replace(/\./g, '');
    nameWords.set(written, (w = { folded, parts: folded.match(WORD) ?? [] }));
  }
  return w;
}

/** The text of a source that squashes to `squashed` (the chunk's own spelling of the name). */
function squashedFound(squashed: string, sources: NameSource[]): string | undefined {
  // A pattern made unit by unit never matches a letter of two units: the older search kept for those.
  const re = SURROGATE.test(squashed) ? new RegExp(squashed.split('').map(escapeRegExp).join('[^\\p{L}\\p{N}]*'), 'u') : undefined;
  for (const s of sources) {
    const folded = s.folded;
    let start: number;
    let end: number;
    if (re) {
      const m = re.exec(folded);
      if (!m) continue;
      [start, end] = [m.index, m.index + m[0].length];
    } else {
      const m = squashedMatch(folded, squashed);
      if (!m) continue;
      ({ start, end } = m);
    }
    return folded.length === s.text.length ? s.text.slice(start, end) : folded.slice(start, end);
  }
  return undefined;
}
const SURROGATE = /[\ud800-\udfff]/;

/** Whether the word occurs in the sources only inside names that are not this one. */
function onlyInOtherNames(w: string, name: string[], sources: NameSource[], lang: Language): boolean {
  // Found in prose in one source: no need to read the runs of any.
  if (sources.some((s) => s.inProse(w))) return false;
  let seen = false;
  const holds = ({ words: r }: NameRun) => within(r, name, lang) || within(name, r, lang);
  for (const s of sources) {
    // A source without the word (mayHave says so for certain) has no places: its runs are not read.
    const placesOf = (x: string) => (s.mayHave(x) ? s.placesNear(x, holds) : undefined);
    const e = placesOf(w) ?? (lang === 'en' ? (placesOf(`${w}s`) ?? placesOf(w.replace(/e?s$/, ''))) : undefined);
    if (!e) continue;
    seen = true;
    if (e.prose) return false;
    if (e.runs.some(holds)) return false;
  }
  // A word the older test found by stem or start only: no place to judge, so it counts.
  return seen;
}

/** A name of the sources whose initials are the acronym `w`, if any ("World Health Organization" for "WHO"). */
function acronymIn(w: string, sources: NameSource[]): string | undefined {
  if (!isAcronym(w) || w.length < 3) return undefined;
  for (const s of sources) {
    for (const r of s.runs) {
      const initials = r.initials;
      if (initials === w || (initials[0] === 'T' && initials.slice(1) === w)) return r.text;
    }
  }
  return undefined;
}

const JOINER_WORDS = new Set(['of', 'de', 'da', 'di', 'del', 'van', 'von', 'der', 'den', 'la', 'le', 'du', 'and', 'for', 'the', 'a']);
