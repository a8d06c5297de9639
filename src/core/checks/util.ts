// Small helpers shared by the checks: spans clamped into the answer, chunk lookups.
import type { CheckContext, Chunk, Citation, Claim, CheckFinding } from '../types';
import { isAsciiLetterCode, isBlank } from '../text/text';

/** [start, end) clamped into the answer, with start <= end; non-numbers become 0. */
export function clampSpan(ctx: CheckContext, start: number, end: number): { start: number; end: number } {
  const len = ctx.answer.length;
  const s = Number.isFinite(start) ? Math.max(0, Math.min(Math.trunc(start), len)) : 0;
  const e = Number.isFinite(end) ? Math.max(0, Math.min(Math.trunc(end), len)) : s;
  return e >= s ? { start: s, end: e } : { start: s, end: s };
}

/** A finding with its span clamped into the answer. */
export function finding(ctx: CheckContext, f: CheckFinding): CheckFinding {
  return { ...f, ...clampSpan(ctx, f.start, f.end) };
}

/** The chunk a citation points at, if it exists. */
export function chunkOf(ctx: CheckContext, id: string | null | undefined): Chunk | undefined {
  if (id === null || id === undefined) return undefined;
  return ctx.chunkById.get(id);
}

export function hasText(chunk: Chunk | undefined): chunk is Chunk {
  return !!chunk && typeof chunk.text === 'string' && !isBlank(chunk.text);
}

/** Up to this many chunks, a chunk already taken is looked for in the list itself. */
const FEW_CHUNKS = 8;

/**
 * The chunks with text that a claim's citations and then its own chunk ids point at, each once,
 * in that order. A claim cites a chunk or two, so the list itself is searched; a Set is made only
 * past a few (a claim may cite a whole document of chunks).
 */
export function citedChunksWithText(ctx: CheckContext, citations: readonly { chunk_id: string | null }[], ownIds: readonly string[] = []): Chunk[] {
  const out: Chunk[] = [];
  let seen: Set<Chunk> | undefined;
  const n = citations.length + ownIds.length;
  for (let i = 0; i < n; i++) {
    const ch = chunkOf(ctx, i < citations.length ? citations[i]!.chunk_id : ownIds[i - citations.length]);
    if (!hasText(ch)) continue;
    if (seen) {
      if (seen.has(ch)) continue;
      seen.add(ch);
    } else if (out.includes(ch)) continue;
    else if (out.length >= FEW_CHUNKS) seen = new Set(out).add(ch);
    out.push(ch);
  }
  return out;
}

/** Citations by their index field (which need not equal the array position). */
export function citationsByIndex(ctx: CheckContext): Map<number, Citation> {
  const m = new Map<number, Citation>();
  for (const c of ctx.citations) if (!m.has(c.index)) m.set(c.index, c);
  return m;
}

/**
 * The citations attached to each claim (by claim index): its citation_indexes, then any other
 * citation whose claim_index names it. Built once per context (several checks ask) and per
 * claim on first request; the lists returned are shared, so callers only read them.
 */
export function citationsByClaim(ctx: CheckContext): (claim: Claim) => readonly Citation[] {
  const hit = ctx.memo?.get(citationsByClaim) as ClaimCitations | undefined;
  // Reused only while the context still holds the same citation and claim lists.
  if (hit && hit.citations === ctx.citations && hit.count === ctx.citations.length && hit.claims === ctx.claims) return hit.lookup;
  const citations = ctx.citations;
  // Citation by index, and citations by claim_index: arrays while the indexes are small
  // non-negative integers (as auditCase makes them), Maps otherwise.
  const dense = citations.every((c) => isSmallIndex(c.index, citations.length) && isSmallIndex(c.claim_index, ctx.claims.length));
  const byIndexArr: (Citation | undefined)[] = [];
  const byClaimArr: (Citation[] | undefined)[] = [];
  const byIndexMap = dense ? undefined : citationsByIndex(ctx);
  const byClaimMap = dense ? undefined : new Map<number, Citation[]>();
  for (const c of citations) {
    if (dense) {
      if (byIndexArr[c.index] === undefined) byIndexArr[c.index] = c;
      (byClaimArr[c.claim_index] ??= []).push(c);
    } else {
      let list = byClaimMap!.get(c.claim_index);
      if (!list) byClaimMap!.set(c.claim_index, (list = []));
      list.push(c);
    }
  }
  const byIndex = (i: number): Citation | undefined => (dense ? (isSmallIndex(i, byIndexArr.length) ? byIndexArr[i] : undefined) : byIndexMap!.get(i));
  const byClaim = (i: number): Citation[] | undefined => (dense ? (isSmallIndex(i, byClaimArr.length) ? byClaimArr[i] : undefined) : byClaimMap!.get(i));
  // Lists already made, by the claim's position when it sits at ctx.claims[claim.index].
  const atPosition: (readonly Citation[] | undefined)[] = [];
  const elsewhere = new Map<Claim, readonly Citation[]>();
  const lookup = (claim: Claim): readonly Citation[] => {
    const placed = isSmallIndex(claim.index, ctx.claims.length) && ctx.claims[claim.index] === claim;
    const known = placed ? atPosition[claim.index] : elsewhere.get(claim);
    if (known) return known;
    const out: Citation[] = [];
    // Claims cite a handful of sources: a linear scan beats a Set until the list grows long.
    let seen: Set<number> | undefined;
    const indexes = claim.citation_indexes;
    const own = byClaim(claim.index);
    const total = (indexes?.length ?? 0) + (own?.length ?? 0);
    for (let k = 0; k < total; k++) {
      const c = indexes && k < indexes.length ? byIndex(indexes[k]!) : own![k - (indexes?.length ?? 0)]!;
      if (!c) continue;
      if (seen) {
        if (seen.has(c.index)) continue;
        seen.add(c.index);
      } else {
        let dup = false;
        for (let j = 0; j < out.length; j++) {
          if (out[j]!.index === c.index) {
            dup = true;
            break;
          }
        }
        if (dup) continue;
        if (out.length >= 16) seen = new Set(out.map((x) => x.index)).add(c.index);
      }
      out.push(c);
    }
    if (placed) atPosition[claim.index] = out;
    else elsewhere.set(claim, out);
    return out;
  };
  memoOf(ctx).set(citationsByClaim, { citations: ctx.citations, count: ctx.citations.length, claims: ctx.claims, lookup } satisfies ClaimCitations);
  return lookup;
}

function isSmallIndex(i: number, bound: number): boolean {
  return Number.isInteger(i) && i >= 0 && i < bound + 1024;
}

interface ClaimCitations {
  citations: readonly Citation[];
  count: number;
  claims: readonly Claim[];
  lookup: (claim: Claim) => readonly Citation[];
}

/**
 * The context's memo (see CheckContext.memo), created on first use. Per-audit data lives on the
 * context, so it goes when the audit does.
 */
export function memoOf(ctx: CheckContext): Map<object, unknown> {
  return (ctx.memo ??= new Map());
}

/** Span for a finding about a citation: its marker, or its claim when the marker has no extent. */
export function citationSpan(ctx: CheckContext, c: Citation): { start: number; end: number } {
  const s = clampSpan(ctx, c.start, c.end);
  if (s.end > s.start) return s;
  const claim = ctx.claims[c.claim_index]?.index === c.claim_index ? ctx.claims[c.claim_index] : ctx.claims.find((cl) => cl.index === c.claim_index);
  return claim ? clampSpan(ctx, claim.start, claim.end) : s;
}

// ---------------------------------------------------------------------------------------------
// Letters (\p{L}) by code, for scans that walk a text themselves instead of running a Unicode
// regex over it. ASCII is decided by arithmetic; other BMP code units by the regex itself, once
// each (remembered in a table); astral code points (a surrogate pair) by the regex every time.

const LETTER = /^\p{L}$/u;
/** Per BMP code unit: 0 not yet asked, 1 a letter, 2 not. */
const bmpLetters = new Uint8Array(0x10000);

/**
 * The length in code units (1, or 2 for a surrogate pair) of the letter that starts at `at`, or
 * 0 when no letter starts there: what /\p{L}/u matches at that position, read as a regex with
 * the u flag reads the text (a lone surrogate is no letter).
 */
export function letterAt(text: string, at: number): 0 | 1 | 2 {
  const c = text.charCodeAt(at);
  if (c < 0x80) return isAsciiLetterCode(c) ? 1 : 0;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(at + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return LETTER.test(text.slice(at, at + 2)) ? 2 : 0;
  }
  let v = bmpLetters[c]!;
  if (v === 0) bmpLetters[c] = v = LETTER.test(String.fromCharCode(c)) ? 1 : 2;
  return v === 1 ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Data derived from a chunk's text, kept across audits by that text (the page re-audits on every
// edit with the same chunk texts; a dataset repeats passages across cases). Found by a
// fingerprint of the text rather than by the text as a Map key: hashing a whole text as a key
// costs about what a scan of it does, and in a dataset most texts are seen once. Texts with the same fingerprint are told apart by comparing them; a fingerprint
// keeps its last few texts only, so that texts made alike (same length and sampled characters)
// cannot make a lookup grow with their number.

/** The text's length mixed with about 16 of its characters, spread over it. */
function fingerprint(text: string): number {
  const n = text.length;
  const step = (n >> 4) + 1;
  let h = n;
  for (let i = 0; i < n; i += step) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

const SAME_FINGERPRINT_MAX = 4;
/**
 * Characters of text a cache keeps data for, besides its count of texts. What is kept of a text
 * (its words, sentences, name index) is several times its size: a dataset of long pages, each
 * seen once, would otherwise keep thousands of them alive, and the garbage collector would copy
 * and mark them again and again. A case on the page (the 50k case's chunks are 0.6 M) fits.
 */
const TEXT_CHARS_MAX = 1_000_000;

export class TextCache<T> {
  readonly #byPrint = new Map<number, { text: string; value: T }[]>();
  #count = 0;
  #chars = 0;
  constructor(readonly max: number) {}

  /** The value kept for `text`, else make(text), kept. */
  get(text: string, make: (text: string) => T): T {
    const key = fingerprint(text);
    let same = this.#byPrint.get(key);
    if (same) for (const e of same) if (e.text === text) return e.value;
    if (this.#count >= this.max || this.#chars + text.length > TEXT_CHARS_MAX) {
      this.#byPrint.clear();
      this.#count = 0;
      this.#chars = 0;
      same = undefined;
    }
    const e = { text, value: make(text) };
    if (!same) this.#byPrint.set(key, [e]);
    else if (same.length < SAME_FINGERPRINT_MAX) same.push(e);
    else same[same.length - 1] = e;
    this.#count++;
    this.#chars += text.length;
    return e.value;
  }
}
