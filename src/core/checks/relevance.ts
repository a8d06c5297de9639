// Relevance hint (SPEC §4): lexical overlap between a claim and its cited chunks, and a better
// chunk to cite when one stands out. A hint only: overlap is not support (the model judges that).
// Claims and chunks are compared as sets of distinct tokens (see tokenize in ../text).
//
// - share(claim, chunk) = |claim tokens in the chunk| / |claim tokens|, unweighted.
//   'low_overlap' (warning): a cited chunk has share < LOW_OVERLAP for a claim with at least
//   MIN_TERMS tokens (shorter claims say too little to judge).
// - coverage(claim, chunk) = Σ idf(t) over claim tokens in the chunk / Σ idf(t) over the claim
//   tokens that occur in some chunk, idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)) over the N
//   chunks with text: rare words decide which chunk fits best, and words no chunk has (names the
//   answer added, typos) do not dilute the comparison.
//   'better_chunk' (info): an uncited chunk shares at least BETTER_MIN_SHARED tokens, has
//   coverage >= BETTER_FLOOR, >= BETTER_RATIO × the best cited chunk's, and at least
//   BETTER_MARGIN more in absolute terms. The floor keeps two weak matches from being compared;
//   the margin keeps 0.5 against 0.24 from counting as "much better" on the ratio alone; the
//   shared-token minimum keeps one matching word from deciding. The suggested chunk must also
//   contain every name of the claim (see ./entities.ts) that some chunk contains, so a chunk
//   about another person is never proposed for a claim about one; and a claim that names its
//   source in prose ("according to passage 3") gets no suggestion at all.
//
// Cost: chunk statistics are built once per audit (an inverted index term → chunk positions);
// each claim then touches only the postings of its own tokens (very common ones excepted). The
// cited chunks are scored first, by a search in those postings; every other chunk is scored only
// when a better chunk is still possible (the best cited coverage leaves room for BETTER_RATIO ×
// and BETTER_MARGIN more below the maximum coverage of 1) — an exact bound, not a shortcut.
import type { CheckContext, Chunk, Citation, Claim, CheckFinding, Language } from '../types';
import { citationLabel, messagesFor } from '../report/messages';
import { Vocabulary } from '../text/words';
import { citationsByClaim, citationSpan, finding } from './util';
import { entityRuns } from './entities';
import { proseReferences } from './references';
import type { TextWords } from './contentWords';

export const BETTER_FLOOR = 0.5;
export const BETTER_RATIO = 2;
export const BETTER_MARGIN = 0.25;
export const LOW_OVERLAP = 0.1;
export const MIN_TERMS = 3;
export const BETTER_MIN_SHARED = 2;
// A term in at least 90 % of 20+ chunks weighs under a tenth of a rare one; it is counted as
// present everywhere instead of being added chunk by chunk (the error is at most its small
// weight for the few chunks that lack it), which keeps large audits linear in claim size.
const COMMON_SHARE = 0.9;
const COMMON_MIN_CHUNKS = 20;

export interface ChunkStats {
  language: Language;
  /** Chunk ids by position in the chunk list. */
  ids: string[];
  hasText: boolean[];
  /** The audit's terms; claims are tokenised with it too. */
  vocab: Vocabulary;
  /**
   * Term id → ascending positions of the chunks that contain it, all terms in one array: term
   * t's are postings[postingStart[t], postingStart[t + 1]). Read them with {@link chunkCount} and
   * {@link hasPosting} (a term the chunks do not have, such as a claim's word added to the
   * vocabulary later, has none).
   */
  postingStart: Int32Array;
  postings: Int32Array;
  /** Number of chunks with text. */
  n: number;
  /** Chunk id → its first position. */
  positionOf: Map<string, number>;
  /** Whether some id occurs at two positions (then "uncited" is decided by id, not position). */
  duplicateIds: boolean;
  /** idf by document frequency (0..n): it depends on nothing else. NaN until first used. */
  idf: number[];
  /**
   * Every chunk's words as term ids, in text order, chunk after chunk (stopwords left out), and
   * each word's offset in its chunk's text; chunk p's words end at wordEnd[p]. Read again by
   * the co-location hint (./together.ts), so that no chunk is tokenised twice.
   */
  words: Int32Array;
  wordStarts: Int32Array;
  wordEnd: Int32Array;
}

/**
 * The words of the chunk at position `pos` as the statistics read them (see ./contentWords.ts
 * TextWords), so that another check reads them instead of tokenising the chunk again.
 */
export function chunkWords(stats: ChunkStats, pos: number): TextWords {
  return { ids: stats.words, starts: stats.wordStarts, from: pos > 0 ? stats.wordEnd[pos - 1]! : 0, to: stats.wordEnd[pos]!, terms: stats.vocab.terms };
}

/** Token statistics of all chunks; build once per audit and pass to {@link checkRelevance}. */
export function buildChunkStats(chunks: readonly Chunk[], language: Language): ChunkStats {
  const vocab = new Vocabulary(language);
  const ids: string[] = [];
  const hasTextArr: boolean[] = [];
  const positionOf = new Map<string, number>();
  // Every chunk's term ids, one after another (chunk p's run ends at wordEnd[p]).
  const tokens = tokenBuffer;
  const wordEnd = new Int32Array(chunks.length);
  let count = 0;
  let n = 0;
  for (let pos = 0; pos < chunks.length; pos++) {
    const ch = chunks[pos]!;
    const id = String(ch.id);
    ids.push(id);
    if (!positionOf.has(id)) positionOf.set(id, pos);
    const text = typeof ch.text === 'string' ? ch.text : '';
    // Same as text.trim() !== '' (\s is trim's set), without copying the text.
    const has = NOT_BLANK.test(text);
    hasTextArr.push(has);
    if (has) {
      n++;
      count = vocab.termIdsInto(text, tokens, count, startBuffer);
    }
    wordEnd[pos] = count;
  }
  const words = new Int32Array(count);
  const wordStarts = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    words[k] = tokens[k]!;
    wordStarts[k] = startBuffer[k]!;
  }
  if (tokens.length > TOKEN_BUFFER_KEEP) tokens.length = startBuffer.length = 0;
  const { postingStart, postings } = buildPostings(words, wordEnd, vocab.terms.length);
  return {
    language,
    ids,
    hasText: hasTextArr,
    vocab,
    postingStart,
    postings,
    n,
    positionOf,
    duplicateIds: positionOf.size < ids.length,
    idf: new Array<number>(n + 1).fill(NaN),
    words,
    wordStarts,
    wordEnd,
  };
}

/**
 * The postings of `terms` term ids from the chunks' words (chunk p's end at wordEnd[p]): a count
 * per term, their running sums as each term's start, then one pass that writes each chunk's
 * position once per term. Positions arrive in order, so a repeat in a chunk is always the last
 * position its term has so far.
 */
function buildPostings(words: Int32Array, wordEnd: Int32Array, terms: number): { postingStart: Int32Array; postings: Int32Array } {
  const postingStart = new Int32Array(terms + 1);
  const last = lastChunkOf(terms);
  for (let pos = 0, k = 0; pos < wordEnd.length; pos++) {
    for (const end = wordEnd[pos]!; k < end; k++) {
      const t = words[k]!;
      if (last[t] === pos) continue;
      last[t] = pos;
      postingStart[t + 1]!++;
    }
  }
  for (let t = 0; t < terms; t++) postingStart[t + 1]! += postingStart[t]!;
  const postings = new Int32Array(postingStart[terms]!);
  // Now each term's next free place: its start, moved on by each position written.
  const next = last;
  next.set(postingStart.subarray(0, terms));
  for (let pos = 0, k = 0; pos < wordEnd.length; pos++) {
    for (const end = wordEnd[pos]!; k < end; k++) {
      const t = words[k]!;
      const at = next[t]!;
      if (at > postingStart[t]! && postings[at - 1] === pos) continue;
      postings[at] = pos;
      next[t] = at + 1;
    }
  }
  return { postingStart, postings };
}

/** Scratch for buildPostings, per term: the last chunk seen (−1 before any), then the next free place. */
let lastChunk = new Int32Array(1024);
function lastChunkOf(terms: number): Int32Array {
  if (lastChunk.length < terms) lastChunk = new Int32Array(Math.max(terms, lastChunk.length * 2));
  lastChunk.fill(-1, 0, terms);
  return lastChunk;
}

/** Number of chunks that contain term t (0 for a term no chunk has). */
export function chunkCount(stats: ChunkStats, t: number): number {
  const start = stats.postingStart;
  return t + 1 < start.length ? start[t + 1]! - start[t]! : 0;
}

/** Whether the chunk at position `pos` contains term t: a binary search in t's postings. */
export function hasPosting(stats: ChunkStats, t: number, pos: number): boolean {
  const start = stats.postingStart;
  if (t + 1 >= start.length) return false;
  const list = stats.postings;
  let lo = start[t]!;
  let hi = start[t + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!;
    if (v === pos) return true;
    if (v < pos) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

// Scratch for buildChunkStats (one build at a time): the term ids of all chunks; and for the
// term ids of one claim (Scorer.prepare) while no build runs. Reused, not shortened, so that it
// stops allocating once it is long enough (unless a large audit made it longer than is worth
// keeping).
const tokenBuffer: number[] = [];
/** The words' offsets in their chunks, beside tokenBuffer (buildChunkStats only). */
const startBuffer: number[] = [];
const TOKEN_BUFFER_KEEP = 1 << 16;

const NOT_BLANK = /\S/;

// The last few statistics, found by content: checkRelevance and checkContent of one audit share
// them, and the workbench parses the Chunks editor again on every keystroke in any editor (and
// the worker receives copies), so equal chunks arrive as new objects. Comparing the texts costs
// far less than tokenising them again (the same text is the same string: one pointer compare).
const RECENT_MAX = 4;
// Each with its chunks' texts as they were (the caller may change its array or objects later;
// the ids are the statistics' own).
const recent: { texts: unknown[]; stats: ChunkStats }[] = [];

function sameContent(r: { texts: unknown[]; stats: ChunkStats }, chunks: readonly Chunk[]): boolean {
  if (r.texts.length !== chunks.length) return false;
  for (let i = 0; i < chunks.length; i++) {
    const ch = chunks[i]!;
    if (r.texts[i] !== ch.text || r.stats.ids[i] !== String(ch.id)) return false;
  }
  return true;
}

export function statsFor(ctx: CheckContext): ChunkStats {
  const i = recent.findIndex((r) => r.stats.language === ctx.language && sameContent(r, ctx.chunks));
  if (i >= 0) {
    const entry = recent[i]!;
    if (i > 0) {
      recent.splice(i, 1);
      recent.unshift(entry);
    }
    return entry.stats;
  }
  const s = buildChunkStats(ctx.chunks, ctx.language);
  recent.unshift({ texts: ctx.chunks.map((c) => c.text), stats: s });
  if (recent.length > RECENT_MAX) recent.pop();
  return s;
}

function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** Accumulates idf weights per chunk for one claim at a time, touching only matching chunks. */
class Scorer {
  readonly #stats: ChunkStats;
  readonly #acc: Float64Array;
  readonly #count: Int32Array;
  #touched: number[] = [];
  #matchable = 0;
  #terms = 0;
  #base = 0;
  #baseCount = 0;
  /** The claim's distinct terms that are in some chunk but not common, in first-seen order, and their weights. */
  #rare: number[] = [];
  #rareWeight: number[] = [];
  #rareCount = 0;
  constructor(stats: ChunkStats) {
    this.#stats = stats;
    this.#acc = new Float64Array(stats.ids.length);
    this.#count = new Int32Array(stats.ids.length);
  }
  /** Reads the claim's terms and their weights; no chunk is scored yet. Returns the number of distinct terms. */
  prepare(text: string): number {
    this.#reset();
    const ids = tokenBuffer;
    const idCount = this.#stats.vocab.termIdsInto(text, ids, 0);
    const stats = this.#stats;
    const n = stats.n;
    const rare = this.#rare;
    const rareWeight = this.#rareWeight;
    let rareCount = 0;
    // Distinct terms in first-seen order: a term is new when its stamp is not this claim's.
    const stamp = nextStamp(this.#stats.vocab.terms.length);
    const seen = seenStamps;
    let distinct = 0;
    let matchable = 0;
    let base = 0;
    let baseCount = 0;
    const common = n >= COMMON_MIN_CHUNKS ? n * COMMON_SHARE : Infinity;
    for (let k = 0; k < idCount; k++) {
      const t = ids[k]!;
      if (seen[t] === stamp) continue;
      seen[t] = stamp;
      distinct++;
      const df = chunkCount(stats, t);
      if (df === 0) continue;
      const w = this.#weight(df, n);
      matchable += w;
      if (df >= common) {
        base += w;
        baseCount++;
        continue;
      }
      rare[rareCount] = t;
      rareWeight[rareCount] = w;
      rareCount++;
    }
    this.#rareCount = rareCount;
    this.#matchable = matchable;
    this.#terms = distinct;
    this.#base = base;
    this.#baseCount = baseCount;
    return distinct;
  }
  /** idf of a term in df chunks, computed once per df. */
  #weight(df: number, n: number): number {
    const cache = this.#stats.idf;
    let w = cache[df]!;
    if (w !== w) cache[df] = w = idf(df, n);
    return w;
  }
  /** Scores every chunk that shares a term with the claim; returns those chunks' positions. */
  accumulate(): readonly number[] {
    this.#reset();
    const acc = this.#acc;
    const count = this.#count;
    const touched = this.#touched;
    const start = this.#stats.postingStart;
    const postings = this.#stats.postings;
    const rare = this.#rare;
    const rareWeight = this.#rareWeight;
    for (let k = 0; k < this.#rareCount; k++) {
      const t = rare[k]!;
      const w = rareWeight[k]!;
      for (let i = start[t]!, end = start[t + 1]!; i < end; i++) {
        const p = postings[i]!;
        if (count[p] === 0) touched.push(p);
        acc[p]! += w;
        count[p]!++;
      }
    }
    return touched;
  }
  /**
   * Scores chunk p alone (the same sums, in the same order, as accumulate would give it):
   * a binary search in each term's postings instead of walking them all.
   */
  scoreOne(p: number): void {
    const acc = this.#acc;
    const count = this.#count;
    if (count[p] !== 0) return;
    const stats = this.#stats;
    const rare = this.#rare;
    const rareWeight = this.#rareWeight;
    for (let k = 0; k < this.#rareCount; k++) {
      if (!hasPosting(stats, rare[k]!, p)) continue;
      if (count[p] === 0) this.#touched.push(p);
      acc[p]! += rareWeight[k]!;
      count[p]!++;
    }
  }
  #reset(): void {
    const touched = this.#touched;
    for (let i = 0; i < touched.length; i++) {
      this.#acc[touched[i]!] = 0;
      this.#count[touched[i]!] = 0;
    }
    touched.length = 0;
  }
  /** Raw accumulated weights by chunk position (valid for positions touched by the last score). */
  get raw(): Float64Array {
    return this.#acc;
  }
  /** idf-weighted share of the claim's matchable tokens that chunk p has. */
  coverage(p: number): number {
    return this.#matchable > 0 ? (this.#acc[p]! + this.#base) / this.#matchable : 0;
  }
  /** Number of the claim's distinct tokens that chunk p has. */
  shared(p: number): number {
    return this.#count[p]! + this.#baseCount;
  }
  /** Unweighted share of the claim's tokens that chunk p has. */
  share(p: number): number {
    return this.#terms > 0 ? this.shared(p) / this.#terms : 0;
  }
}

// Per term id, the stamp of the last claim that had it; shared by all scorers (one claim is read
// at a time, and each reading takes a new stamp), so no audit allocates its own.
let seenStamps = new Int32Array(1024);
let lastStamp = 0;

/** A stamp no term carries yet, with room for `terms` term ids. */
function nextStamp(terms: number): number {
  if (seenStamps.length < terms) seenStamps = new Int32Array(Math.max(terms, seenStamps.length * 2));
  if (lastStamp === 0x7fffffff) {
    seenStamps.fill(0);
    lastStamp = 0;
  }
  return ++lastStamp;
}

/** Term ids of the words of the claim's names that occur in some chunk. */
function nameTerms(claim: string, stats: ChunkStats): number[] {
  const out: number[] = [];
  for (const run of entityRuns(claim)) {
    for (const w of run.words) {
      if (w.initial) continue;
      for (const t of stats.vocab.termIds(w.text)) if (chunkCount(stats, t) > 0 && !out.includes(t)) out.push(t);
    }
  }
  return out;
}

// A coverage is a sum of some of the claim's weights over the sum of all of them: at most 1,
// give or take rounding. A better chunk needs BETTER_RATIO × and BETTER_MARGIN more than the
// best cited one; when even a coverage of 1 (plus this slack) would not be enough, no chunk
// needs to be scored beyond the cited ones.
const COVERAGE_MAX = 1 + 1e-9;

export function checkRelevance(ctx: CheckContext, stats: ChunkStats = statsFor(ctx)): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const out: CheckFinding[] = [];
  if (stats.n === 0) return out;
  const citationsOf = citationsByClaim(ctx);
  const scorer = new Scorer(stats);
  // Cited chunk positions with text, each with the first citation that cites it (in citation
  // order); `citedMark[p] === claim number + 1` marks p as cited by the current claim.
  const citedPos: number[] = [];
  const citedBy: Citation[] = [];
  const citedMark = new Int32Array(stats.ids.length);
  // What both findings say of the citation they are about: where it stands, and its chunk.
  const aboutCitation = (severity: CheckFinding['severity'], code: string, claim: Claim, c: Citation, pos: number) => ({
    severity,
    code,
    ...citationSpan(ctx, c),
    citation_index: c.index,
    claim_index: claim.index,
    chunk_id: stats.ids[pos]!,
  });
  let claimNo = 0;
  for (const claim of ctx.claims) {
    const citations = citationsOf(claim);
    const mark = ++claimNo;
    let citedCount = 0;
    for (const c of citations) {
      const pos = c.chunk_id === null ? undefined : stats.positionOf.get(c.chunk_id);
      if (pos !== undefined && stats.hasText[pos] && citedMark[pos] !== mark) {
        citedMark[pos] = mark;
        citedPos[citedCount] = pos;
        citedBy[citedCount] = c;
        citedCount++;
      }
    }
    if (citedCount === 0) continue;
    const claimText = claim.text || ctx.answer.slice(claim.start, claim.end);
    const terms = scorer.prepare(claimText);
    if (terms < 2) continue;
    for (let k = 0; k < citedCount; k++) scorer.scoreOne(citedPos[k]!);

    let bestCited = 0;
    let weakest: [number, Citation, number] | undefined;
    for (let k = 0; k < citedCount; k++) {
      const pos = citedPos[k]!;
      const c = citedBy[k]!;
      const cov = scorer.coverage(pos);
      bestCited = Math.max(bestCited, cov);
      if (!weakest || cov < weakest[2]) weakest = [pos, c, cov];
      if (terms >= MIN_TERMS && scorer.share(pos) < LOW_OVERLAP) {
        out.push(
          finding(ctx, {
            ...aboutCitation('warning', 'low_overlap', claim, c, pos),
            ...m.lowOverlap({ marker: citationLabel(c), claim: claimText, chunkId: stats.ids[pos]! }),
          }),
        );
      }
    }

    if (BETTER_RATIO * bestCited > COVERAGE_MAX || bestCited + BETTER_MARGIN > COVERAGE_MAX || BETTER_FLOOR > COVERAGE_MAX) continue;

    // A claim that names its own passage is not told to cite another one.
    if (proseReferences(claimText, ctx.chunks, ctx.chunkById).length) continue;
    // The claim's names that some chunk has; the suggested chunk must have each of them.
    const names = nameTerms(claimText, stats);

    // Best uncited chunk: find the top raw score first, convert to coverage once.
    const touched = scorer.accumulate();
    let bestOther = -1;
    let bestRaw = 0;
    const citedIds = stats.duplicateIds ? new Set(citedPos.slice(0, citedCount).map((p) => stats.ids[p]!)) : undefined;
    const raw = scorer.raw;
    for (let i = 0; i < touched.length; i++) {
      const p = touched[i]!;
      const r = raw[p]!;
      if (r < bestRaw || (r === bestRaw && p > bestOther) || scorer.shared(p) < BETTER_MIN_SHARED) continue;
      if (citedMark[p] === mark || citedIds?.has(stats.ids[p]!)) continue;
      if (!names.every((t) => hasPosting(stats, t, p))) continue;
      bestRaw = r;
      bestOther = p;
    }
    const bestOtherCov = bestOther >= 0 ? scorer.coverage(bestOther) : 0;
    if (bestOther >= 0 && weakest && bestOtherCov >= BETTER_FLOOR && bestOtherCov >= BETTER_RATIO * bestCited && bestOtherCov - bestCited >= BETTER_MARGIN) {
      const [pos, c] = weakest;
      const suggested = stats.ids[bestOther]!;
      out.push(
        finding(ctx, {
          ...aboutCitation('info', 'better_chunk', claim, c, pos),
          suggested_chunk_id: suggested,
          ...m.betterChunk({ marker: citationLabel(c), claim: claimText, chunkId: stats.ids[pos]!, suggested }),
        }),
      );
    }
  }
  return out;
}
