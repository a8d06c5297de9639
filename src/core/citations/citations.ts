// Builds the citation list — one entry per (marker, reference) — and ties citations to claims.
//
// - Inline markers: one Citation per ref, with the marker's span. Its claim is the claim whose
//   span contains the marker (claims keep the markers that follow their period); a marker outside
//   every claim goes to the claim on the same line before it, else the one on the same line after
//   it, else the nearest one before, else the nearest after.
// - Structured citations with an answer span (Anthropic blocks, Cohere spans, offset forms): one
//   Citation with that span; its marker is the cited answer text, cut to 40 characters for
//   display. When the span is exactly an inline marker (liu2023 lists its "[1]" markers with
//   offsets), no second citation is made: the inline one gains the quote and source offsets.
//   A span over several claims stays one citation (the answer cited once): its claim_index is
//   the claim whose words best match the quote or the cited chunk, and every claim it covers at
//   least half of lists it in citation_indexes, because such a span cites all the text it
//   covers. claims[].citation_indexes is therefore the full truth of what a claim cites;
//   claim_index names one claim per citation.
// - Structured citations without a span (id lists, id + quote lists) belong to the claim they
//   support: the only claim needing a citation if there is one, else the claim needing a
//   citation whose content words best overlap the quote (or the cited chunk's text); ties go to
//   the earlier claim. Their span is that claim's span and their marker is the ref as written.
//   A spanless citation of a chunk that an inline marker already cites only lends it its quote.
// - exists = the ref resolved to a chunk AND that chunk has text (after trimming).
import type {
  Chunk,
  Citation,
  CitationMarker,
  CitationStyle,
  Claim,
  IdMapping,
  RefKind,
  StructuredCitation,
  StructuredInput,
} from '../types';
import { mappingKey } from './mapping';
import { contentWords } from '../text/language';
import { isBlank } from '../text/text';
import { lowerBound } from '../text/sorted';

export interface BuildCitationsInput {
  answer: string;
  markers: readonly CitationMarker[];
  mapping: IdMapping;
  claims: readonly Claim[];
  chunks: readonly Chunk[];
  structured?: StructuredInput;
}

export interface BuiltCitations {
  citations: Citation[];
  claims: Claim[];
}

const MARKER_DISPLAY_MAX = 40;

/** The alsoClaims of a citation that covers no further claim (never written to). */
const NO_CLAIMS: readonly number[] = [];

interface Pending {
  citation: Omit<Citation, 'index' | 'claim_index'>;
  claim: number;
  /** Further claims the citation covers (structured spans over several claims). */
  alsoClaims: readonly number[];
  order: number;
}

export function buildCitations(input: BuildCitationsInput): BuiltCitations {
  const answer = typeof input.answer === 'string' ? input.answer : '';
  const inputClaims: readonly Claim[] = Array.isArray(input.claims) ? input.claims : [];
  const claims: Claim[] = [];
  for (const c of inputClaims) if (c && Number.isFinite(c.start) && Number.isFinite(c.end)) claims.push({ ...c, chunk_ids: [], citation_indexes: [] });
  const markers = Array.isArray(input.markers) ? input.markers.filter((m) => m && Array.isArray(m.refs)) : [];
  const structured = input.structured && Array.isArray(input.structured.citations) ? input.structured : undefined;

  const chunkById = new Map<string, Chunk>();
  for (const list of [Array.isArray(input.chunks) ? input.chunks : [], structured?.chunks ?? []]) {
    for (const c of list) {
      if (!c || typeof c !== 'object') continue;
      const id = String((c as { id?: unknown }).id ?? '');
      if (!chunkById.has(id)) chunkById.set(id, c);
    }
  }
  const entries = new Map<string, string | null>();
  for (const e of input.mapping?.entries ?? []) if (e && typeof e.ref === 'string' && !entries.has(e.ref)) entries.set(e.ref, e.chunk_id ?? null);
  const lookup = (ref: string, kind?: RefKind | CitationStyle): string | null => {
    const key = mappingKey(ref, kind);
    if (entries.has(key)) return entries.get(key) ?? null;
    return chunkById.has(ref) ? ref : null;
  };
  const existing = new Map<string, boolean>();
  const exists = (id: string | null): boolean => {
    if (id === null) return false;
    let e = existing.get(id);
    if (e === undefined) {
      const c = chunkById.get(id);
      e = !!c && typeof c.text === 'string' && !isBlank(c.text);
      existing.set(id, e);
    }
    return e;
  };

  const pending: Pending[] = [];
  let order = 0;
  // Citations by marker, needed only to merge structured citations into inline ones.
  const hasStructured = !!structured && structured.citations.length > 0;
  const byMarker = new Map<number, Pending[]>();

  // Inline markers.
  for (const m of markers) {
    const kind = m.style === 'footnote' ? 'footnote' : undefined;
    const list: Pending[] | undefined = hasStructured ? [] : undefined;
    // One claim per marker (its span decides), looked up once for all its refs.
    let claim: number | undefined;
    for (const ref of m.refs) {
      if (typeof ref !== 'string') continue;
      const chunkId = lookup(ref, kind);
      const p: Pending = {
        citation: {
          marker: m.text,
          marker_index: m.index,
          ref,
          chunk_id: chunkId,
          start: m.start,
          end: m.end,
          exists: exists(chunkId),
          style: m.style,
        },
        claim: (claim ??= claimForSpan(answer, claims, m.start, m.end)),
        alsoClaims: NO_CLAIMS,
        order: order++,
      };
      pending.push(p);
      list?.push(p);
    }
    if (list) byMarker.set(m.index, list);
  }
  const markerBySpan = new Map<string, CitationMarker>();
  if (structured && structured.citations.length > 0) for (const m of markers) markerBySpan.set(`${m.start}:${m.end}`, m);

  // Structured citations.
  let claimWordsCache: Set<string>[] | null = null;
  const claimWords = (): Set<string>[] => (claimWordsCache ??= claims.map((c) => new Set(contentWords(c.text))));
  // The first inline citation of each chunk (in marker order), kept up to date as structured
  // citations fill in the chunk of an inline one: one lookup per citation, not a search.
  const firstInline = new Map<string, Pending>();
  const noteInline = (p: Pending): void => {
    const id = p.citation.chunk_id;
    if (id === null) return;
    const known = firstInline.get(id);
    if (!known || p.order < known.order) firstInline.set(id, p);
  };
  if (hasStructured) for (const p of pending) noteInline(p);
  // Claims a spanless citation may belong to, and the best of them for each source, found once.
  let spanless: { candidates: number[]; index: ClaimIndex | null } | null = null;
  const bestByChunk = new Map<string, number>();
  const chunkSources = new Map<string, Set<string>>();
  for (const sc of structured?.citations ?? []) {
    if (!sc || typeof sc.ref !== 'string') continue;
    const kind: RefKind = sc.refKind === 'index0' || sc.refKind === 'index1' || sc.refKind === 'title' ? sc.refKind : 'id';
    const chunkId = lookup(sc.ref, kind);
    const source = (): Set<string> => {
      if (typeof sc.quote === 'string' && sc.quote.trim() !== '') return sourceWords(sc, chunkId, chunkById);
      // A chunk's words are the same for every citation of it.
      const key = chunkId ?? '';
      let words = chunkSources.get(key);
      if (!words) chunkSources.set(key, (words = sourceWords(sc, chunkId, chunkById)));
      return words;
    };
    const span = answerSpan(sc, answer.length);

    if (span) {
      const marker = inlineMarkerAt(answer, markerBySpan, span[0], span[1]);
      if (marker) {
        const merged = mergeIntoInline(byMarker.get(marker.index) ?? [], sc, chunkId, exists);
        if (merged) noteInline(merged);
        continue;
      }
      const overlapped = claimsOverlapping(claims, span[0], span[1]);
      let claim: number;
      if (overlapped.length === 0) claim = claimForSpan(answer, claims, span[0], span[1]);
      else if (overlapped.length === 1) claim = overlapped[0] ?? -1;
      else claim = bestClaim(overlapped, claimWords(), source()) ?? overlapped[0] ?? -1;
      // A span over several claims (one API text block of three sentences) cites each claim it
      // covers at least half of, but it is still one citation of the answer: it sits in the
      // claim whose words best match it and every covered claim lists it, so counts and
      // precision see it once while each claim is credited with it.
      pending.push({
        citation: withSource(
          {
            marker: spanDisplay(answer, span[0], span[1]),
            marker_index: null,
            ref: sc.ref,
            chunk_id: chunkId,
            start: span[0],
            end: span[1],
            exists: exists(chunkId),
            style: 'structured',
          },
          sc,
        ),
        claim,
        alsoClaims: overlapped.filter((k) => k !== claim && coveredHalf(claims[k] as Claim, span[0], span[1])),
        order: order++,
      });
      continue;
    }

    // No span. When inline markers already cite this chunk, it adds nothing: enrich, do not double-count.
    const inlineSame = chunkId !== null ? firstInline.get(chunkId) : undefined;
    if (inlineSame) {
      if (inlineSame.citation.quote === undefined) inlineSame.citation = withSource(inlineSame.citation, sc);
      continue;
    }
    // Otherwise it belongs to the claim it supports.
    if (!spanless) {
      const needing = claims.map((_, k) => k).filter((k) => claims[k]?.needs_citation);
      const candidates = needing.length > 0 ? needing : claims.map((_, k) => k);
      spanless = { candidates, index: candidates.length > 1 ? indexClaims(candidates, claimWords()) : null };
    }
    const { candidates } = spanless;
    let claim = -1;
    if (candidates.length === 1) claim = candidates[0] ?? -1;
    else if (spanless.index) {
      // Without a quote the source is the chunk's text: the same answer for every such citation.
      const byChunk = typeof sc.quote === 'string' && sc.quote.trim() !== '' ? null : (chunkId ?? '');
      const known = byChunk !== null ? bestByChunk.get(byChunk) : undefined;
      if (known !== undefined) claim = known;
      else {
        claim = bestIndexedClaim(spanless.index, source()) ?? candidates[0] ?? -1;
        if (byChunk !== null) bestByChunk.set(byChunk, claim);
      }
    }
    const target = claims[claim];
    const start = target ? target.start : 0;
    const end = target ? target.end : answer.length;
    pending.push({
      citation: withSource(
        { marker: sc.ref, marker_index: null, ref: sc.ref, chunk_id: chunkId, start, end, exists: exists(chunkId), style: 'structured' },
        sc,
      ),
      claim,
      alsoClaims: NO_CLAIMS,
      order: order++,
    });
  }

  pending.sort((a, b) => a.citation.start - b.citation.start || a.citation.end - b.citation.end || a.order - b.order);
  const citations: Citation[] = [];
  // chunk_ids started empty and grows only in attach: it is the set of ids seen for its claim
  // (searched directly while short; claims citing many chunks get a Set).
  const manyIds = new Map<number, Set<string>>();
  const attach = (k: number, index: number, id: string | null): void => {
    const c = claims[k];
    if (!c) return;
    c.citation_indexes.push(index);
    attachChunk(k, id);
  };
  const attachChunk = (k: number, id: string | null): void => {
    const c = claims[k];
    if (!c || id === null) return;
    const ids = c.chunk_ids;
    if (ids.length < 32) {
      if (!ids.includes(id)) ids.push(id);
      return;
    }
    let seen = manyIds.get(k);
    if (!seen) manyIds.set(k, (seen = new Set(ids)));
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  };
  for (let index = 0; index < pending.length; index++) {
    const p = pending[index] as Pending;
    const c = p.citation;
    const citation: Citation = {
      index,
      marker: c.marker,
      marker_index: c.marker_index,
      ref: c.ref,
      chunk_id: c.chunk_id,
      start: c.start,
      end: c.end,
      exists: c.exists,
      claim_index: p.claim,
      style: c.style,
    };
    if (c.quote !== undefined) citation.quote = c.quote;
    if (c.source_start !== undefined) citation.source_start = c.source_start;
    if (c.source_end !== undefined) citation.source_end = c.source_end;
    if (c.source_chunk_ids !== undefined) citation.source_chunk_ids = c.source_chunk_ids;
    if (c.source_document !== undefined) citation.source_document = c.source_document;
    citations.push(citation);
    attach(p.claim, index, c.chunk_id);
    for (const k of p.alsoClaims) attach(k, index, c.chunk_id);
    // A location over several chunks (pages 3–4) cites each of them for the claim's other checks.
    if (c.source_chunk_ids) for (const k of [p.claim, ...p.alsoClaims]) for (const id of c.source_chunk_ids) if (id !== c.chunk_id) attachChunk(k, id);
  }
  for (const c of claims) c.citation_indexes.sort(ascending);
  return { citations, claims };
}

const ascending = (a: number, b: number): number => a - b;

function answerSpan(sc: StructuredCitation, length: number): [number, number] | null {
  const a = sc.answerStart;
  const b = sc.answerEnd;
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  const start = Math.max(0, Math.min(length, Math.floor(a)));
  const end = Math.max(start, Math.min(length, Math.floor(b)));
  return [start, end];
}

/** The inline marker the structured span is exactly (after trimming spaces), if any. */
function inlineMarkerAt(answer: string, bySpan: Map<string, CitationMarker>, a: number, b: number): CitationMarker | null {
  let s = a;
  let e = b;
  while (s < e && /\s/.test(answer[s] ?? '')) s++;
  while (e > s && /\s/.test(answer[e - 1] ?? '')) e--;
  return bySpan.get(`${s}:${e}`) ?? null;
}

/** Returns the inline citation that took the structured one in. */
function mergeIntoInline(list: Pending[], sc: StructuredCitation, chunkId: string | null, exists: (id: string | null) => boolean): Pending | undefined {
  const target = list.find((p) => chunkId !== null && p.citation.chunk_id === chunkId) ?? list[0];
  if (!target) return undefined;
  if (target.citation.chunk_id === null && chunkId !== null) {
    target.citation.chunk_id = chunkId;
    target.citation.exists = exists(chunkId);
  }
  target.citation = withSource(target.citation, sc);
  return target;
}

function withSource<T extends Omit<Citation, 'index' | 'claim_index'>>(c: T, sc: StructuredCitation): T {
  const out = { ...c };
  if (typeof sc.quote === 'string') out.quote = sc.quote;
  if (typeof sc.sourceStart === 'number' && Number.isFinite(sc.sourceStart)) out.source_start = sc.sourceStart;
  if (typeof sc.sourceEnd === 'number' && Number.isFinite(sc.sourceEnd)) out.source_end = sc.sourceEnd;
  if (Array.isArray(sc.chunkIds) && sc.chunkIds.length > 1) out.source_chunk_ids = [...sc.chunkIds];
  const doc: NonNullable<Citation['source_document']> = {};
  if (typeof sc.documentTitle === 'string' && sc.documentTitle !== '') doc.title = sc.documentTitle;
  if (typeof sc.page === 'number' && Number.isFinite(sc.page)) doc.pages = [sc.page, typeof sc.pageEnd === 'number' && sc.pageEnd > sc.page ? sc.pageEnd : sc.page + 1];
  if (doc.title !== undefined || doc.pages !== undefined) out.source_document = doc;
  return out;
}

/**
 * displayText of answer[a, b), reading no more of the span than the shown text needs: n spans
 * from one sentence start to n points in it would otherwise each copy the sentence so far.
 */
function spanDisplay(answer: string, a: number, b: number): string {
  for (let w = 4 * MARKER_DISPLAY_MAX; ; w *= 2) {
    if (a + w >= b) return displayText(answer.slice(a, b));
    // Whitespace runs shrink to one space: a head that is still longer than what is shown says
    // all that the whole span would.
    const head = answer.slice(a, a + w);
    if (head.replace(/\s+/g, ' ').trim().length > MARKER_DISPLAY_MAX + 1) return displayText(head);
  }
}

function displayText(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= MARKER_DISPLAY_MAX) return t;
  const cut = t.slice(0, MARKER_DISPLAY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MARKER_DISPLAY_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function sourceWords(sc: StructuredCitation, chunkId: string | null, chunks: Map<string, Chunk>): Set<string> {
  if (typeof sc.quote === 'string' && sc.quote.trim() !== '') return new Set(contentWords(sc.quote));
  const c = chunkId !== null ? chunks.get(chunkId) : undefined;
  return new Set(contentWords(typeof c?.text === 'string' ? c.text.slice(0, 20_000) : ''));
}

/** The candidate claim whose content words are most often found in the source; null when none match. */
function bestClaim(candidates: readonly number[], claimWords: readonly Set<string>[], source: Set<string>): number | null {
  let best: number | null = null;
  let bestScore = 0;
  for (const k of candidates) {
    const words = claimWords[k];
    if (!words || words.size === 0) continue;
    let hit = 0;
    for (const w of words) if (source.has(w)) hit++;
    const score = hit / words.size;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

/** Candidate claims by content word, for bestIndexedClaim. */
interface ClaimIndex {
  candidates: readonly number[];
  /** Position in candidates → the claim's word count. */
  sizes: number[];
  /** Word → positions in candidates of the claims holding it. */
  postings: Map<string, number[]>;
}

function indexClaims(candidates: readonly number[], claimWords: readonly Set<string>[]): ClaimIndex {
  const postings = new Map<string, number[]>();
  const sizes: number[] = [];
  candidates.forEach((k, pos) => {
    const words = claimWords[k];
    sizes.push(words?.size ?? 0);
    for (const w of words ?? []) {
      const list = postings.get(w);
      if (list) list.push(pos);
      else postings.set(w, [pos]);
    }
  });
  return { candidates, sizes, postings };
}

/**
 * bestClaim over an index: the work is the source's words and the claims holding them, not every
 * claim for every citation. Same result: highest share of the claim's words found in the
 * source, the earlier claim on a tie; null when none match.
 */
function bestIndexedClaim(index: ClaimIndex, source: Set<string>): number | null {
  const hits = new Map<number, number>();
  for (const w of source) {
    const list = index.postings.get(w);
    if (list) for (const pos of list) hits.set(pos, (hits.get(pos) ?? 0) + 1);
  }
  let best = -1;
  let bestScore = 0;
  for (const [pos, hit] of hits) {
    const score = hit / (index.sizes[pos] as number);
    if (score > bestScore || (score === bestScore && pos < best)) {
      bestScore = score;
      best = pos;
    }
  }
  return best >= 0 ? (index.candidates[best] ?? null) : null;
}

/** Claims overlapping [a, b); claims are in answer order and do not overlap, so binary search. */
function claimsOverlapping(claims: readonly Claim[], a: number, b: number): number[] {
  let lo = 0;
  let hi = claims.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((claims[mid] as Claim).end <= a) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let k = lo; k < claims.length; k++) {
    const c = claims[k] as Claim;
    if (c.start >= b) break;
    if (a < c.end) out.push(k);
  }
  return out;
}

function coveredHalf(c: Claim, a: number, b: number): boolean {
  const len = c.end - c.start;
  if (len <= 0) return false;
  const overlap = Math.min(b, c.end) - Math.max(a, c.start);
  return overlap * 2 >= len;
}

/**
 * The claim a span belongs to: the one containing it; else the claim on the same line before it,
 * else on the same line after it, else the nearest before, else the nearest after; -1 if none.
 */
export function claimForSpan(answer: string, claims: readonly Claim[], a: number, b: number): number {
  let lo = 0;
  let hi = claims.length - 1;
  let before = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = claims[mid] as Claim;
    if (c.start <= a) {
      before = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const prev = before >= 0 ? (claims[before] as Claim) : undefined;
  if (prev && a < prev.end && b <= prev.end) return before;
  if (prev && a < prev.end) return before;
  const after = before + 1 < claims.length ? before + 1 : -1;
  const next = after >= 0 ? (claims[after] as Claim) : undefined;
  if (prev && !hasNewline(answer, prev.end, a)) return before;
  if (next && !hasNewline(answer, b, next.start)) return after;
  if (prev) return before;
  return after;
}

// The line breaks of the last answer looked at: markers far from any claim would otherwise each
// scan the text between them and the claim.
let newlinesOf: { answer: string; at: number[] } | null = null;

/** Whether answer[a, b) holds a line break (binary search over the answer's line breaks). */
function hasNewline(answer: string, a: number, b: number): boolean {
  if (b - a <= 64) return answer.slice(a, b).includes('\n');
  if (newlinesOf?.answer !== answer) {
    const at: number[] = [];
    for (let k = answer.indexOf('\n'); k >= 0; k = answer.indexOf('\n', k + 1)) at.push(k);
    newlinesOf = { answer, at };
  }
  const at = newlinesOf.at;
  const lo = lowerBound(at, a);
  return lo < at.length && (at[lo] as number) < b;
}
