// A claim that says the opposite of its cited passage (issue 32 §7): one proposition of the claim
// and one of a cited chunk's sentences have the same words and opposite polarity, by a negation
// ("do not affect credit scores" / "can affect your credit score") or by a pair of opposite words
// (../text/antonyms.ts: "increased" / "decreased"). The content check (./content.ts) asks this
// when its negation signal, which weighs the claim as a whole, found nothing, and words the
// warning with both sentences.
//
// A proposition is a part of a sentence between clause breaks (./negations.ts breaksClause and
// CLAUSE_WORDS) and coordinators ("and", "or", "a", "nebo"): the ELI5 answer "Repayments do not
// appear in credit history and do not affect credit scores" holds two, and a passage may state the
// first with the claim's polarity and go against the second. The passage's part must hold every
// content word of the claim's part (at least MIN_TERMS of them), and most of its own words must be
// the claim's: a shared word is not a shared proposition. What keeps it quiet:
// - any part of a cited chunk that states the claim's part with the claim's polarity (a passage
//   with both polarities does not contradict the claim);
// - a negation in another part of the sentence (it is about something else);
// - a part whose polarity is unclear: it has no negation of its own but follows a negated part of
//   its clause ("do not affect scores and rates"), so it may carry that negation;
// - a question ("Does Jupiter have a solid surface?"), and a negation that hedges rather than
//   denies ("it is not clear whether", "no doubt").
import type { Language } from '../types';
import { tokenize } from '../text/words';
import { ANTONYM_PAIRS } from '../text/antonyms';

/** A word as the content check reads it (./content.ts Word). */
interface OpposedWord {
  lower: string;
  term: string | null;
  negation: boolean;
  clause: number;
}
/** A sentence of a cited chunk as the content check reads it. */
interface OpposedSentence {
  text: string;
  words: OpposedWord[];
  /** How many of `terms` the stems of its words (`term` of each, none left out) hold. */
  count(terms: ReadonlySet<string>): number;
}
/** A cited chunk: its id, its sentences and, cheaper, only those around its negations. */
interface OpposedChunk {
  id: string;
  sentences: () => OpposedSentence[];
  negated: () => OpposedSentence[];
  /**
   * Whether the chunk has the word (by stem, as its terms are read), from the relevance index:
   * a chunk lacking two content words of a claim's part, or one that no opposite word can stand
   * for, has no sentence that states or opposes it, and is not read by sentence for it.
   */
  hasWord?: (lower: string) => boolean;
}
interface Opposed {
  chunkId: string;
  /** The chunk's sentence that says the opposite. */
  passage: string;
  /** What differs: the negation, or the two opposite words ("increased / decreased"). */
  word: string;
  /** Whose negation `word` is, or 'pair' for two opposite words. */
  side: 'claim' | 'passage' | 'pair';
}

/** Every word of the table, for the content check's first test of a claim. */
export const ANTONYM_WORDS: readonly string[] = ANTONYM_PAIRS.flat();

/** Content words a proposition of the claim needs before its polarity is compared. */
const MIN_TERMS = 3;
/** How much of the passage part's own content words the claim must share. */
const PART_SHARE = 0.4;

const COORDINATORS = new Set(['and', 'or', 'a', 'i', 'nebo', 'či']);
// A negation followed by one of these hedges or affirms ("not clear whether", "no doubt that").
const NOT_DENYING = new Set(['clear', 'known', 'certain', 'sure', 'necessarily', 'doubt', 'question', 'surprisingly', 'jasné', 'jisté', 'známo', 'pochyb', 'pochybnosti', 'nutně']);

interface Part {
  terms: Set<string>;
  /** A claim's part: each term's word as written (lower case), for OpposedChunk.hasWord. */
  words?: Map<string, string>;
  /** 1 negated, 0 not, -1 unclear. */
  polarity: number;
  /** The first negation of the part, as written (for the message). */
  negation: string;
}

// Czech negates a verb or an adjective by the prefix "ne" ("neovlivňují", "nelegální"): such a
// word counts as a negation of the word without it. "nej" opens a superlative, not a negation.
const CZECH_PREFIXED = /(?<![\p{L}])ne(?!j)\p{L}{3}/iu;
/** Whether a Czech text has a word that may be negated by its prefix (a cue for the content check). */
export const czechPrefixNegation = (text: string) => CZECH_PREFIXED.test(text);
const czechBareCache = new Map<string, string | null>();
/** The stem of a Czech word without its negating prefix, or null when it has none. */
function czechBare(lower: string): string | null {
  if (lower.length < 5 || !lower.startsWith('ne') || lower.startsWith('nej') || COORDINATORS.has(lower)) return null;
  let t = czechBareCache.get(lower);
  if (t === undefined) {
    t = tokenize(lower.slice(2), 'cs')[0] ?? null;
    if (czechBareCache.size > 20_000) czechBareCache.clear();
    czechBareCache.set(lower, t);
  }
  return t;
}

function partsOf(words: OpposedWord[], lang: Language, keepWords = false): Part[] {
  const parts: Part[] = [];
  const fresh = (): Part => (keepWords ? { terms: new Set(), words: new Map(), polarity: 0, negation: '' } : { terms: new Set(), polarity: 0, negation: '' });
  let cur: Part = fresh();
  let negations = 0;
  let clause = words[0]?.clause ?? 0;
  let clauseNegated = false;
  const close = () => {
    cur.polarity = negations % 2;
    if (negations === 0 && clauseNegated) cur.polarity = -1;
    if (negations > 0) clauseNegated = true;
    if (cur.terms.size) parts.push(cur);
    cur = fresh();
    negations = 0;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.clause !== clause) {
      close();
      clause = w.clause;
      clauseNegated = false;
    } else if (COORDINATORS.has(w.lower) && i > 0) {
      close();
      continue;
    }
    if (w.negation) {
      if (!NOT_DENYING.has(words[i + 1]?.lower ?? '')) {
        negations++;
        if (!cur.negation) cur.negation = w.lower;
      }
      continue;
    }
    const bare = lang === 'cs' ? czechBare(w.lower) : null;
    if (bare !== null) {
      negations++;
      if (!cur.negation) cur.negation = w.lower;
      cur.terms.add(bare);
      continue;
    }
    if (w.term !== null) {
      cur.terms.add(w.term);
      if (cur.words && !cur.words.has(w.term)) cur.words.set(w.term, w.lower);
    }
  }
  close();
  return parts;
}

/**
 * Whether a chunk may hold a sentence part with every term of `p`, or with all but one whose
 * opposite stands for it (what the search below asks), judged by its words alone.
 */
function mayHold(p: Part, has: (lower: string) => boolean, opp: Antonyms): boolean {
  if (!p.words || p.words.size !== p.terms.size) return true;
  let missing: string | undefined;
  for (const [term, lower] of p.words) {
    if (has(lower)) continue;
    if (missing !== undefined) return false;
    missing = term;
  }
  return missing === undefined || opp.has(missing);
}

type Antonyms = Map<string, { term: string }[]>;
const antonymCache: Partial<Record<Language, Antonyms>> = {};
/** Stem → the stems of its opposites. */
function antonyms(lang: Language): Antonyms {
  let m = antonymCache[lang];
  if (m) return m;
  m = new Map();
  for (const [a, b] of ANTONYM_PAIRS) {
    const ta = tokenize(a, lang)[0];
    const tb = tokenize(b, lang)[0];
    if (!ta || !tb || ta === tb) continue;
    for (const [x, y] of [[ta, tb], [tb, ta]] as const) {
      const list = m.get(x) ?? [];
      if (!list.some((o) => o.term === y)) list.push({ term: y });
      m.set(x, list);
    }
  }
  return (antonymCache[lang] = m);
}

/** Whether one of the terms has an opposite in ../text/antonyms.ts (the content check's cue). */
export function hasAntonym(terms: Set<string>, lang: Language): boolean {
  const opp = antonyms(lang);
  for (const t of terms) if (opp.has(t)) return true;
  return false;
}

const containsAll = (big: Set<string>, small: Iterable<string>, except?: string) => {
  for (const t of small) if (t !== except && !big.has(t)) return false;
  return true;
};

function sharesMost(part: Part, claimTerms: Set<string>): boolean {
  let n = 0;
  for (const t of part.terms) if (claimTerms.has(t)) n++;
  return n >= PART_SHARE * part.terms.size;
}

const isQuestion = (s: OpposedSentence) => /\?\s*["”’)]*\s*$/.test(s.text);

/** How many of `terms` the sentence lacks. */
const lacking = (s: OpposedSentence, terms: Set<string>): number => terms.size - s.count(terms);

// A sentence's parts, kept with the sentence (the content check keeps its chunks' sentences
// across claims and audits): each sentence is parted once, not once per claim that reads it.
const partsBySentence: Record<Language, WeakMap<OpposedSentence, Part[]>> = { en: new WeakMap(), cs: new WeakMap() };

/**
 * The cited sentence that says the opposite of a proposition of the claim, if one does and no
 * part of the cited chunks states that proposition with the claim's polarity.
 */
export function opposedPassage(claimWords: OpposedWord[], chunks: OpposedChunk[], lang: Language): Opposed | undefined {
  const claimTerms = new Set<string>();
  for (const w of claimWords) if (w.term !== null) claimTerms.add(w.term);
  const opp = antonyms(lang);
  const claimParts = partsOf(claimWords, lang, true).filter((p) => p.polarity >= 0 && p.terms.size >= MIN_TERMS);
  if (!claimParts.length) return undefined;
  // Without a negation or an opposite word in the claim, only a negated passage can oppose it.
  const claimCue = claimParts.some((p) => p.polarity === 1 || [...p.terms].some((t) => opp.has(t)));
  const partCache = partsBySentence[lang];
  const partsOfSentence = (s: OpposedSentence) => {
    let v = partCache.get(s);
    if (!v) partCache.set(s, (v = partsOf(s.words, lang)));
    return v;
  };
  // A part's terms are terms of its sentence's words, but for the Czech stems without their
  // negating prefix: in English a sentence that lacks two of a claim part's terms (one, for the
  // guard) has no part that could state or oppose it, and is passed over unparted.
  const sifts = lang === 'en';

  for (const p of claimParts) {
    let found: Opposed | undefined;
    // Opposite words: the claim's word and the passage's opposite, the rest of the part the same.
    const flips: { term: string; opposite: string; word: string }[] = [];
    for (const t of p.terms) for (const o of opp.get(t) ?? []) if (!p.terms.has(o.term)) flips.push({ term: t, opposite: o.term, word: claimWords.find((w) => w.term === t)?.lower ?? t });
    for (const ch of chunks) {
      if (ch.hasWord && !mayHold(p, ch.hasWord, opp)) continue;
      const sentences = claimCue ? ch.sentences() : ch.negated();
      for (const s of sentences) {
        if ((sifts && lacking(s, p.terms) > 1) || isQuestion(s)) continue;
        for (const q of partsOfSentence(s)) {
          if (q.polarity < 0 || !sharesMost(q, claimTerms)) continue;
          if (containsAll(q.terms, p.terms)) {
            if (q.polarity !== p.polarity) found ??= { chunkId: ch.id, passage: s.text.trim(), word: p.polarity ? p.negation : q.negation, side: p.polarity ? 'claim' : 'passage' };
            continue;
          }
          if (p.polarity || q.polarity) continue;
          const flip = flips.find((f) => q.terms.has(f.opposite) && !q.terms.has(f.term) && containsAll(q.terms, p.terms, f.term));
          if (flip) found ??= { chunkId: ch.id, passage: s.text.trim(), word: `${flip.word} / ${s.words.find((w) => w.term === flip.opposite)?.lower ?? flip.opposite}`, side: 'pair' };
        }
      }
    }
    if (!found) continue;
    // The guard: a part of any cited sentence that states the proposition with the claim's
    // polarity (or an unclear one) cancels it.
    if (!chunks.some((ch) => ch.sentences().some((s) => !(sifts && lacking(s, p.terms) > 0) && !isQuestion(s) && partsOfSentence(s).some((q) => q.polarity !== (p.polarity ^ 1) && containsAll(q.terms, p.terms))))) return found;
  }
  return undefined;
}
