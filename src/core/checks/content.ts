// Content signals without a key (warnings, never a FAIL): differences between a cited claim and
// its cited chunks that overlap of words hides. Each names the missing piece.
//
// - 'entity_absent': a name in the claim (a capitalised run or acronym, see ./entities.ts) that
//   no cited chunk (text or title) contains: its last word, or most of its words, are in none of
//   them. Words are compared by stem, and a word of five letters or more also by its start (all
//   but its last three letters, at least five), so "Argentina" meets "Argentine".
// - 'negation_mismatch': the cited passage that states the claim (a sentence of a cited chunk
//   sharing at least MATCH_SHARE of the claim's words, and MATCH_MIN of them) is negated where the
//   claim is not, or the other way round ("There is no evidence that X causes Y" cited for "X
//   causes Y"); a negation counts only between the passage's first and last shared word or just
//   before them, so "X causes Y, not Z" is no mismatch. A sentence of a cited chunk that states
//   the claim with the claim's own polarity cancels the warning. Pairs of opposite words
//   ("increase" / "decrease") count the same way: the claim has one, the passage the other and
//   not the claim's.
// - 'qualifier_mismatch': the claim uses a word that bounds its scope ("all", "every", "always",
//   "only", "first", "most", and the Czech ones) and no cited chunk has that word or one of its
//   kind: "All citizens can vote" cited to a chunk saying citizens over 18 can vote.
import type { CheckContext, Chunk, CheckFinding, Language } from '../types';
import { messagesFor } from '../report/messages';
import { firstStem } from '../text/words';
import { countBetween, NEGATION_EN, plainWords, sentenceEnd, sentenceStart, sentenceTerms, termsBetween, wordsOf, type TextWords, type Word } from './contentWords';
import { blankSpans, escapeRegExp, foldWord, isBlank, isDigitCode } from '../text/text';
import { entityRuns, type EntityRun } from './entities';
import { nameSource, nameVerdict, type NameRule, type NameSource } from './names';
import { titlePresent, titleSpans } from './nameTitles';
import { OPPOSITES_RAW, opposites, type Opposite } from './oppositeWords';
import { apartFinder } from './together';
import { proseReferences } from './references';
import { citationsByClaim, citedChunksWithText, finding, TextCache } from './util';
import { negationStarts } from './negations';
import { chunkWords, hasPosting, statsFor, type ChunkStats } from './relevance';
import { ANTONYM_WORDS, czechPrefixNegation, hasAntonym, opposedPassage } from './opposed';
import { glossedRuns, lowerCaseTails, splitDemonyms } from './nameShapes';
import { QUALIFIER_IDIOMS, QUALIFIERS, SCOPE_WORDS } from './qualifiers';

export const MATCH_SHARE = 0.6;
export const MATCH_MIN = 3;
/** How many words before the first shared word a negation may stand ("no evidence that X"). */
const NEGATION_LEAD = 4;

// ---------------------------------------------------------------------------------------------
// Chunk data, per chunk text. Everything is
// read on first need: most claims need only the relevance check's term index (names), and
// sentences are read around a negation, or in full for the few claims that need them.

/**
 * A sentence of a chunk, d.text[from, to) (neither end cuts a word: each is an end of the text or
 * stands next to white space). Most sentences are only asked how many of a claim's terms they
 * have (count), and a plain text's sentence answers that from the chunk's words while an audit
 * holds them; its text, terms and words are read on first need.
 */
class Sentence {
  #text: string | undefined;
  #terms: Set<string> | undefined;
  #words: Word[] | undefined;
  constructor(
    readonly d: ChunkData,
    readonly from: number,
    readonly to: number,
    text?: string,
  ) {
    this.#text = text;
  }
  get text(): string {
    return (this.#text ??= this.d.text.slice(this.from, this.to));
  }
  /** The stems of its words (each word's `term`, none left out). */
  get terms(): Set<string> {
    if (this.#terms) return this.#terms;
    const d = this.d;
    const plain = plainOf(d);
    return (this.#terms = plain && d.words ? termsBetween(d.words, this.from, this.to) : sentenceTerms(this.text, d.lang, plain));
  }
  get words(): Word[] {
    return (this.#words ??= wordsOf(this.text, this.d.lang));
  }
  /** How many of `terms` it has (of its `terms`). */
  count(terms: ReadonlySet<string>): number {
    const d = this.d;
    if (!this.#terms && d.words && plainOf(d)) return countBetween(d.words, this.from, this.to, terms);
    const own = this.terms;
    let n = 0;
    for (const t of terms) if (own.has(t)) n++;
    return n;
  }
}
interface ChunkData {
  text: string;
  lang: Language;
  /** Every sentence, in order. */
  sentences?: Sentence[];
  /** Term → the numbers of the sentences that have it, ascending (see sentencesSharing). */
  sentencesByTerm?: Map<string, number[]>;
  /** Whether a claim has asked sentencesSharing already (the index is made for the second). */
  shared?: boolean;
  /** Whether its text is plain (plainWords): its sentences' terms are then its tokens. */
  plain?: boolean;
  /**
   * Its words as this audit's relevance statistics read them, for one audit only (checkContent
   * sets and clears it): a plain text's sentences take their terms from them, not from a second
   * reading.
   */
  words?: TextWords;
  /** Where its negation words start (negationStarts). */
  negations?: number[];
  /** Sentences around each negation word, by their start offset. */
  negated?: Sentence[];
  /** What the name rules read of the chunk (./names.ts), on first need. */
  names?: NameSource;
  /** Whether the chunk has a word of each qualifier kind, by the kind's place in QUALIFIERS. */
  kinds: (boolean | undefined)[];
}
// Kept across audits by text (per language), not by chunk object: the audit receives new chunk
// objects with the same texts on every re-audit (checkContent also keeps each chunk's data for
// the audit by chunk object).
const chunkCache: Record<Language, TextCache<ChunkData>> = { en: new TextCache(4096), cs: new TextCache(4096) };

function dataOf(ch: Chunk, lang: Language): ChunkData {
  return chunkCache[lang].get(ch.text, (text) => ({ text, lang, kinds: [] }));
}

const SENTENCE_END = /(?<=[.!?])\s+|\n+/g;

/** The text's pieces between SENTENCE_END matches, blank ones left out. */
function sentencesOf(d: ChunkData): Sentence[] {
  if (d.sentences) return d.sentences;
  const out: Sentence[] = [];
  const text = d.text;
  SENTENCE_END.lastIndex = 0;
  for (let from = 0; ; ) {
    const m = SENTENCE_END.exec(text);
    const to = m ? m.index : text.length;
    const piece = text.slice(from, to);
    if (!isBlank(piece)) out.push(new Sentence(d, from, to, piece));
    if (!m) break;
    from = SENTENCE_END.lastIndex;
  }
  d.sentences = out;
  return out;
}

/**
 * The sentences of d that have at least MATCH_MIN of the claim's terms, in text order: the only
 * ones matchSentences can keep. The first time, each sentence is asked; from the second on they
 * are read from d's index of sentences by term (built once per chunk text, when more than one
 * claim asks: most chunks are cited once), so a claim touches the sentences that share its terms
 * instead of every sentence.
 */
function sentencesSharing(d: ChunkData, claimTerms: Set<string>): Sentence[] {
  const sentences = sentencesOf(d);
  if (!d.shared) {
    d.shared = true;
    return sentences.filter((s) => s.count(claimTerms) >= MATCH_MIN);
  }
  if (!d.sentencesByTerm) {
    const index = new Map<string, number[]>();
    for (let k = 0; k < sentences.length; k++) {
      for (const t of sentences[k]!.terms) {
        const list = index.get(t);
        if (list) list.push(k);
        else index.set(t, [k]);
      }
    }
    d.sentencesByTerm = index;
  }
  const shared = new Map<number, number>();
  const enough: number[] = [];
  for (const t of claimTerms) {
    for (const k of d.sentencesByTerm.get(t) ?? []) {
      const n = (shared.get(k) ?? 0) + 1;
      shared.set(k, n);
      if (n === MATCH_MIN) enough.push(k);
    }
  }
  return enough.sort((a, b) => a - b).map((k) => sentences[k]!);
}

// A chunk's negations are found by negationStarts (./negations.ts); only the sentences around
// them are read.
function negatedSentencesOf(d: ChunkData): Sentence[] {
  if (d.negated) return d.negated;
  const out: Sentence[] = [];
  const text = d.text;
  let coveredTo = -1;
  for (const at of negationsOf(d)) {
    if (at < coveredTo) continue;
    const from = sentenceStart(text, at);
    const to = sentenceEnd(text, at);
    coveredTo = to;
    out.push(new Sentence(d, from, to));
  }
  d.negated = out;
  return out;
}

const plainOf = (d: ChunkData): boolean => (d.plain ??= plainWords(d.text));
const negationsOf = (d: ChunkData): number[] => (d.negations ??= negationStarts(d.text));

// ---------------------------------------------------------------------------------------------
// The signals

// What stands between a title and its author: the closing quote, "by" / "od" / "autora".
const AUTHOR_AFTER_TITLE = /^\s*["”“»'’]?\s*,?\s*(?:written\s+by|by|od|autor[ae]?m?)\s+/iu;

// Nouns that name the inputs themselves ("Passage ID 1", "Document 2") are not names of things.
const SOURCE_NOUNS = /^(?:passage|document|doc|source|chunk|snippet|excerpt|context|result|reference|id|pasáž|dokument|zdroj|úryvek)$/iu;

/** Whether a word of a name is in one of the chunks at `positions` (by stem, or by its start). */
function wordInChunks(word: string, lang: Language, stats: ChunkStats, positions: number[], data: ChunkData[], titles: string): boolean {
  const ids = stats.vocab.termIds(word);
  if (ids.length === 0) return true;
  if (ids.every((t) => positions.some((p) => hasPosting(stats, t, p)))) return true;
  const f = foldWord(word).replace(/['’]s$/, '');
  if (titles.includes(f)) return true;
  if (lang === 'cs') return czechStemIn(f, data, titles);
  if (f.length < 5) return false;
  const stem = f.slice(0, Math.max(5, f.length - 3));
  return data.some((c) => namesOf(c, lang).folded.includes(stem)) || titles.includes(stem);
}

// Czech names decline with a changed final consonant ("Praha" / "v Praze", "Amerika" / "v
// Americe"): the word's start without its last two letters, the last of them standing for
// each consonant it may alternate with, must open a word of the chunk.
const CZECH_ALTERNATION: Record<string, string> = { z: '[hzg]', c: '[kc]', s: '(?:ch|s)', r: 'r' };

function czechStemIn(f: string, data: ChunkData[], titles: string): boolean {
  if (f.length < 4) return false;
  const base = f.slice(0, Math.max(3, f.length - 2));
  const last = base[base.length - 1]!;
  const body = escapeRegExp(base.slice(0, -1));
  const re = new RegExp(`(?<![\\p{L}])${body}${CZECH_ALTERNATION[last] ?? escapeRegExp(last)}`, 'u');
  return data.some((c) => re.test(namesOf(c, 'cs').folded)) || re.test(titles);
}

/** The chunk's name data, made once: its folded text serves the word checks here too. */
const namesOf = (d: ChunkData, lang: Language): NameSource => (d.names ??= nameSource(d.text, lang));

type Absent = { text: string; start: number; end: number };
type Present = Absent & { rule: NameRule; found: string };

function absentNames(claimText: string, runs: EntityRun[], lang: Language, at: { stats: ChunkStats; positions: number[]; data: ChunkData[]; titles: string; titleSource?: NameSource }, skip: { start: number; end: number }[]): { absent: Absent[]; present: Present[] } {
  const out: Absent[] = [];
  const present: Present[] = [];
  const sources = at.data.map((d) => namesOf(d, lang));
  if (at.titleSource) sources.push(at.titleSource);
  const wordPresent = (w: string) => wordInChunks(w, lang, at.stats, at.positions, at.data, at.titles);
  const absent = runs.map((run) => {
    if (/^\d+$/.test(run.words[0]!.text) && run.words.length === 1) return undefined;
    if (skip.some((s) => run.start < s.end && s.start < run.end)) return undefined;
    // Source nouns, capitalised stopwords ("The Italian…") and initials are not part of a name.
    const named = run.words.filter((w) => !w.initial);
    const words = named.filter((w) => !SOURCE_NOUNS.test(w.text) && firstStem(w.text.toLowerCase(), lang) !== null);
    if (!words.length) return undefined;
    const all = claimText.slice(words[0]!.start, words[words.length - 1]!.end).replace(/(?<![\p{L}])\p{Lu}\.\s*/gu, '').split(/\s+/).filter(Boolean);
    const v = nameVerdict(words.map((w) => w.text), all, lang, sources, wordPresent);
    const head = words[words.length - 1]!;
    const span = { text: claimText.slice(words[0]!.start, head.end), start: words[0]!.start, end: head.end };
    if (v.present) {
      if (v.rule) present.push({ ...span, rule: v.rule, found: v.found ?? '' });
      return undefined;
    }
    return span;
  });
  const seen = new Set<string>();
  for (let i = 0; i < runs.length; i++) {
    const a = absent[i];
    if (!a) continue;
    // A name and its abbreviation in brackets ("Equal Employment Opportunity Commission (EEOC)")
    // are one name: either form in a chunk is enough.
    const prev = runs[i - 1];
    const next = runs[i + 1];
    if (prev && !absent[i - 1] && /^\s*\(\s*$/.test(claimText.slice(prev.end, runs[i]!.start))) continue;
    if (next && !absent[i + 1] && /^\s*\(\s*$/.test(claimText.slice(runs[i]!.end, next.start))) continue;
    // One finding per name per claim, however often the claim names it.
    const key = foldWord(a.text);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return { absent: out, present };
}

interface Match {
  share: number;
  /** The passage's negation near the shared words, or ''. */
  negation: string;
  /** The claim's negation near the words it shares with the passage, or ''. */
  claimNegation: string;
  terms: Set<string>;
}

/**
 * Negation word in words[from, to] (clamped) whose clause takes part in what both sides share,
 * or ''. The clause must hold MATCH_MIN of the shared words (all of them when fewer): "…, this
 * is not a chemical reaction" does not deny "Gold is resistant to most chemical reactions". On
 * the claim's side (`stated`) MATCH_SHARE of the clause's own words must be shared too: a
 * negation in a clause of the claim the passage does not state ("While X does not appear in Y,
 * lenders consider Z" against a passage about lenders) is about something else.
 */
function negationIn(words: Word[], from: number, to: number, shared: Set<string>, stated: boolean): string {
  for (let i = Math.max(0, from); i <= Math.min(to, words.length - 1); i++) {
    const w = words[i]!;
    if (w.negation && clauseShares(words, w.clause, shared, stated)) return w.lower;
  }
  return '';
}

function clauseShares(words: Word[], clause: number, shared: Set<string>, stated: boolean): boolean {
  const own = new Set<string>();
  const common = new Set<string>();
  for (const w of words) {
    if (w.clause !== clause || w.term === null) continue;
    own.add(w.term);
    if (shared.has(w.term)) common.add(w.term);
  }
  return common.size >= Math.min(MATCH_MIN, shared.size) && (!stated || common.size >= MATCH_SHARE * own.size);
}

/**
 * The sentences of the cited chunks that state the claim (share >= MATCH_SHARE of its terms,
 * at least MATCH_MIN), each with the negations of both sides near the words they share: a
 * negation elsewhere in a long claim or passage is about something else.
 */
function matchSentences(claimWords: Word[], claimTerms: Set<string>, sentences: Iterable<Sentence>): Match[] {
  const out: Match[] = [];
  if (claimTerms.size < MATCH_MIN) return out;
  {
    for (const s of sentences) {
      // The shared terms decide first; the sentence's words are read only when they are enough.
      const common = s.count(claimTerms);
      if (common < MATCH_MIN || common / claimTerms.size < MATCH_SHARE) continue;
      let first = -1;
      let last = -1;
      const shared = new Set<string>();
      for (let i = 0; i < s.words.length; i++) {
        const t = s.words[i]!.term;
        if (t !== null && claimTerms.has(t)) {
          shared.add(t);
          if (first < 0) first = i;
          last = i;
        }
      }
      const share = shared.size / claimTerms.size;
      if (shared.size < MATCH_MIN || share < MATCH_SHARE) continue;
      let cFirst = -1;
      let cLast = -1;
      for (let i = 0; i < claimWords.length; i++) {
        const t = claimWords[i]!.term;
        if (t !== null && shared.has(t)) {
          if (cFirst < 0) cFirst = i;
          cLast = i;
        }
      }
      out.push({
        share,
        negation: negationIn(s.words, first - NEGATION_LEAD, last, shared, false),
        claimNegation: negationIn(claimWords, cFirst - NEGATION_LEAD, cLast, shared, true),
        terms: s.terms,
      });
    }
  }
  return out;
}

export function checkContent(ctx: CheckContext): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const lang = ctx.language;
  const out: CheckFinding[] = [];
  const citationsOf = citationsByClaim(ctx);
  const opp = opposites(lang);
  const stats = statsFor(ctx);
  const dataByChunk = new Map<Chunk, ChunkData>();
  // A chunk's words from the statistics, which hold each chunk's text at its position.
  const statsWords = (ch: Chunk): TextWords | undefined => {
    const pos = stats.positionOf.get(String(ch.id));
    return pos !== undefined && ctx.chunks[pos]!.text === ch.text ? chunkWords(stats, pos) : undefined;
  };
  const wordsApart = apartFinder(stats, ctx.chunks, ctx.query ?? '');
  for (const claim of ctx.claims) {
    const citations = citationsOf(claim);
    const chunks = citedChunksWithText(ctx, citations, claim.chunk_ids);
    if (!chunks.length) continue;
    const start = Math.max(0, Math.min(claim.start, ctx.answer.length));
    const end = Math.max(start, Math.min(claim.end, ctx.answer.length));
    // The claim's text with its markers blanked (same length, so offsets hold). A structured
    // citation's span is the cited text itself, not a marker.
    const marks: { start: number; end: number }[] = [];
    for (const c of citations) if (c.style !== 'structured') marks.push({ start: c.start - start, end: c.end - start });
    const text = blankSpans(ctx.answer.slice(start, end), marks);
    const data = chunks.map((ch) => {
      let d = dataByChunk.get(ch);
      if (!d) {
        dataByChunk.set(ch, (d = dataOf(ch, lang)));
        d.words = statsWords(ch);
      }
      return d;
    });
    // The chunks' ids, for the messages and the term index; most claims need neither.
    let ids: string[] | undefined;
    const idsOf = () => (ids ??= chunks.map((ch) => String(ch.id)));
    const base = { severity: 'warning' as const, claim_index: claim.index };

    // Long numbers are the numbers check's business.
    const runs = splitDemonyms(text, entityRuns(text).filter((r) => !isDigitCode(r.words[0]!.text.charCodeAt(0))));
    if (runs.length) {
      const positions = idsOf().map((id) => stats.positionOf.get(id)).filter((p): p is number => p !== undefined);
      const rawTitles = chunks.map((ch) => (typeof ch.title === 'string' ? ch.title : '')).join('\n');
      const titles = foldWord(rawTitles);
      const refs = proseReferences(text, ctx.chunks, ctx.chunkById);
      const titleSource = rawTitles.trim() ? nameSource(rawTitles, lang) : undefined;
      // Titles are checked whole, as titles, not their capitalised words as names.
      const titled = titleSpans(text);
      const sources = data.map((d) => namesOf(d, lang));
      if (titleSource) sources.push(titleSource);
      const absentTitles: Absent[] = [];
      const authors: Absent[] = [];
      for (const t of titled) {
        if (!runs.some((r) => r.start < t.end && t.start < r.end)) continue;
        if (!titlePresent(t.text, lang, sources, (w) => wordInChunks(w, lang, stats, positions, data, titles))) {
          absentTitles.push({ text: t.text, start: t.start, end: t.end });
          continue;
        }
        // The author of a work whose title the chunk holds ("“Attention Is All You Need” by
        // Vaswani et al."): the chunk is that work's page, a reviewer does not ask for the name.
        const by = AUTHOR_AFTER_TITLE.exec(text.slice(t.end, t.end + 20));
        const author = by && runs.find((r) => r.start === t.end + by[0].length);
        if (author) authors.push({ text: text.slice(author.start, author.end), start: author.start, end: author.end });
      }
      const names = absentNames(text, runs, lang, { stats, positions, data, titles, titleSource }, [...refs, ...titled, ...authors, ...glossedRuns(text, runs, sources)]);
      // An absent run that goes on in lower-case words the chunk writes as a name ("FIFA world
      // cup" / "World Cup") is judged once more with them (./nameShapes.ts).
      const longer = names.absent.length ? lowerCaseTails(text, runs.filter((r) => names.absent.some((a) => r.start <= a.start && a.end <= r.end)), sources) : [];
      if (longer.length) {
        const still = absentNames(text, longer, lang, { stats, positions, data, titles, titleSource }, []).absent;
        names.absent = names.absent.filter((a) => !longer.some((r) => r.start <= a.start && a.end <= r.end && !still.some((b) => b.start < r.end && r.start < b.end)));
      }
      names.absent.push(...absentTitles);
      names.absent.sort((a, b) => a.start - b.start);
      for (const name of names.absent) {
        out.push(finding(ctx, { ...base, code: 'entity_absent', start: start + name.start, end: start + name.end, ...m.entityAbsent({ name: name.text, claim: claim.text || text, chunkIds: idsOf() }) }));
      }
      // A name found by a rule rather than by its own words: a note, so a reviewer can check it.
      const noted = new Set<string>();
      for (const name of names.present) {
        if (noted.has(foldWord(name.text))) continue;
        noted.add(foldWord(name.text));
        out.push(finding(ctx, { ...base, severity: 'info', code: 'name_equivalent', start: start + name.start, end: start + name.end, ...m.nameEquivalent({ name: name.text, found: name.found, rule: name.rule, chunkIds: idsOf() }) }));
      }
    }

    const apart = wordsApart(text, chunks);
    if (apart) {
      out.push(finding(ctx, { ...base, severity: 'info', code: 'words_apart', start, end, chunk_id: apart.chunkId, ...m.wordsApart({ claim: claim.text || text, chunkId: apart.chunkId, from: apart.from, to: apart.to, window: apart.window, missing: apart.missing }) }));
    }

    // One pass over the claim's words decides what else is read: sentences of the chunks only
    // when a negation or an opposite word can be at stake (the claim has a negation or a word
    // of an opposite pair, or a cited chunk has a negation), the scope patterns only when the
    // claim has a scope word.
    // (A chunk's negations are read once per chunk; the claim's cue is then not needed.)
    const chunkNegated = data.some(hasNegation);
    // Without words (most claims) nothing below applies.
    const prefixed = lang === 'cs' && czechPrefixNegation(text);
    if (!chunkNegated && !prefixed && !claimCue(lang).test(text)) continue;
    const words = wordsOf(text, lang);
    const terms = new Set<string>();
    let negated = false;
    let opposite = false;
    let scope = false;
    for (const w of words) {
      if (w.term !== null) {
        terms.add(w.term);
        if (!opposite && opp.has(w.term)) opposite = true;
      }
      if (w.negation) negated = true;
      if (!scope && SCOPE_WORDS.has(w.lower)) scope = true;
    }
    if (terms.size >= MATCH_MIN && (negated || opposite || chunkNegated || prefixed || hasAntonym(terms, lang))) {
      const negation = negationFinding(words, terms, data);
      if (negation) {
        out.push(finding(ctx, { ...base, code: 'negation_mismatch', start, end, ...m.negationMismatch({ ...negation, claim: claim.text || text, chunkIds: idsOf() }) }));
      } else if (opposite) {
        const positions = idsOf().map((id) => stats.positionOf.get(id)).filter((p): p is number => p !== undefined);
        const word = oppositeFinding(words, terms, data, opp, stats, positions);
        if (word) out.push(finding(ctx, { ...base, code: 'negation_mismatch', start, end, ...m.oppositeMismatch({ word, claim: claim.text || text, chunkIds: idsOf() }) }));
      }
      // One part of the claim against one of a passage (./opposed.ts), unless the whole claim was.
      const last = out[out.length - 1];
      const opposed = last?.claim_index === claim.index && last.code === 'negation_mismatch' ? undefined : opposedPassage(words, data.map((d, i) => ({ id: idsOf()[i]!, sentences: () => sentencesOf(d), negated: () => negatedSentencesOf(d), hasWord: lang === 'en' && !stats.duplicateIds ? wordIn(stats, stats.positionOf.get(idsOf()[i]!)) : undefined })), lang);
      if (opposed) out.push(finding(ctx, { ...base, code: 'contradicts_passage', start, end, chunk_id: opposed.chunkId, ...m.contradictsPassage({ ...opposed, claim: claim.text || text }) }));
    }

    if (scope) {
      const plain = text.replace(QUALIFIER_IDIOMS, (s) => ' '.repeat(s.length));
      for (let k = 0; k < QUALIFIERS.length; k++) {
        const q = QUALIFIERS[k]!;
        const hit = q.claim.exec(plain);
        if (!hit) continue;
        if (data.some((d) => hasKind(d, k))) continue;
        out.push(finding(ctx, { ...base, code: 'qualifier_mismatch', start: start + hit.index, end: start + hit.index + hit[0].length, ...m.qualifierMismatch({ word: hit[0], claim: claim.text || text, chunkIds: idsOf() }) }));
      }
    }
  }
  // The chunks' data outlives the audit; its statistics need not.
  for (const d of dataByChunk.values()) d.words = undefined;
  return out;
}

// A negation word stands in some sentence, so the chunk has negated sentences exactly when it
// has a negation word: they are read only when a claim compares itself with them.
const hasNegation = (d: ChunkData) => negationsOf(d).length > 0;

/** Whether the chunk at `position` has a word (by its stem), from the relevance index; without a position, always. */
function wordIn(stats: ChunkStats, position: number | undefined): ((lower: string) => boolean) | undefined {
  if (position === undefined) return undefined;
  return (lower) => {
    const id = stats.vocab.termIds(lower)[0];
    return id === undefined || hasPosting(stats, id, position);
  };
}

// A first test for any word the claim side can act on (a negation, a word of an opposite pair,
// a scope word), without Unicode classes so that it costs little on every claim; it may also
// fire where no such word is (the word pass then decides).
const claimCues: Partial<Record<Language, RegExp>> = {};
function claimCue(lang: Language): RegExp {
  let re = claimCues[lang];
  if (!re) {
    const exact = [...NEGATION_EN, 'ne', 'nic', 'bez', 'ani', 'není', 'nejsou', 'nelze', 'nikdy', 'nikdo', ...SCOPE_WORDS];
    const stems = [...OPPOSITES_RAW.flat(), ...ANTONYM_WORDS].map((w) => w.slice(0, Math.max(3, firstStem(w, lang)?.length ?? w.length)));
    // Short words of a pair ("po", "win") are matched whole, longer ones by their stem.
    for (const w of stems) if (w.length <= 4) exact.push(w);
    const prefixes = ['nebyl', 'nebud', 'nemá', 'nemaj', 'nemůž', 'nemoh', 'nesmí', 'žádn', ...stems.filter((w) => w.length > 4)];
    const byLength = (a: string, b: string) => b.length - a.length;
    // ASCII word edges: a word with a non-ASCII first or last letter only fires more often.
    re = claimCues[lang] = new RegExp(
      `n['’]t(?![a-z])|(?:^|[^a-z])(?:(?:${exact.sort(byLength).map(escapeRegExp).join('|')})(?![a-z])|${prefixes.sort(byLength).map(escapeRegExp).join('|')})`,
      'i',
    );
  }
  return re;
}

/** Whether the chunk has a word of the kind at QUALIFIERS[k]. */
function hasKind(d: ChunkData, k: number): boolean {
  let v = d.kinds[k];
  if (v === undefined) d.kinds[k] = v = QUALIFIERS[k]!.source.test(d.text);
  return v;
}

/**
 * The negation on one side only of every passage that states the claim, if so. A claim without
 * a negation is compared with the sentences around the chunks' negations first, and with all
 * sentences only when one of those states it.
 */
function negationFinding(words: Word[], terms: Set<string>, data: ChunkData[]): { word: string; inClaim: boolean } | undefined {
  const claimNegated = words.some((w) => w.negation);
  if (!claimNegated) {
    const candidates = matchSentences(words, terms, data.flatMap(negatedSentencesOf));
    if (!candidates.some((x) => x.negation !== '' && x.claimNegation === '')) return undefined;
  }
  const matches = matchSentences(words, terms, data.flatMap((d) => sentencesSharing(d, terms)));
  if (!matches.length || !matches.every((x) => (x.negation !== '') !== (x.claimNegation !== ''))) return undefined;
  const best = matches.reduce((a, b) => (b.share > a.share ? b : a));
  const inClaim = best.claimNegation !== '';
  return { word: inClaim ? best.claimNegation : best.negation, inClaim };
}

/** A word of the claim whose opposite every passage that states the claim has instead, if any. */
function oppositeFinding(words: Word[], terms: Set<string>, data: ChunkData[], opp: Map<string, Opposite[]>, stats: ChunkStats, positions: number[]): string | undefined {
  // The passages that state the claim, read once for every pair that asks.
  let matches: Match[] | undefined;
  for (const t of terms) {
    for (const pair of opp.get(t) ?? []) {
      const o = pair.term;
      if (terms.has(o)) continue;
      // Only chunks that have the opposite word at all are read by sentence.
      const oid = stats.vocab.termIds(pair.word)[0];
      if (oid === undefined || !positions.some((p) => hasPosting(stats, oid, p))) continue;
      matches ??= matchSentences(words, terms, data.flatMap((d) => sentencesSharing(d, terms)));
      if (matches.length && matches.every((x) => x.terms.has(o) && !x.terms.has(t))) return words.find((x) => x.term === t)!.lower;
    }
  }
  return undefined;
}
