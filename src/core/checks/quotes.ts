// Quote and offset verification (SPEC §4): for every citation that carries a quote and/or
// source offsets, is the quoted text really in the cited chunk, and where?
//
// Order of evidence, strongest first:
//   1. the text at the given offsets equals the quote            → VERIFIED, method 'exact'
//   2. ... equals it after normalisation (case, Unicode, quotes,
//      dashes, \r\n and control chars, whitespace runs, edges)   → VERIFIED, 'normalized'
//   3. the quote is elsewhere in the chunk (verbatim/normalised,
//      each part of an elided quote "a … b" in order, or its
//      words without the punctuation at its edges)               → VERIFIED, 'relocated' and
//      a warning with the corrected offsets (or, when no offsets were given, the method of 1–2)
//   4. a fuzzy match with similarity >= FUZZY_THRESHOLD          → UNCERTAIN, 'fuzzy'
//   5. otherwise                                                  → LIKELY_FABRICATED
//      (with a pointer to another chunk when the quote is verbatim there)
// Citations with offsets but no quote: bounds only (VERIFIED when in bounds). A cited chunk
// without text confirms nothing: LIKELY_FABRICATED (EXISTS reports the chunk itself).
import type { CheckContext, Chunk, Citation, CheckFinding, SourceVerification } from '../types';
import { citationLabel, messagesFor } from '../report/messages';
import { bestFuzzyMatch } from '../text/fuzzy';
import { PreparedQuote, PreparedText, TextCorpus, equalNormalized, findElidedQuote, findQuote, findQuoteIgnoringEdges, trimQuoteEdges } from '../text/quoteSearch';
import { chunkOf, citationSpan, finding, hasText } from './util';

/**
 * Minimum similarity (1 − edit distance / length, on normalised text) for a quote that is not
 * verbatim to count as UNCERTAIN rather than LIKELY_FABRICATED. 0.8 allows one edit in five
 * characters: enough for OCR/PDF damage, a changed article or tense, a dropped word in a long
 * quote; a sentence written from the topic rather than copied scores well below (typically
 * 0.3–0.6), and so does a real quote checked against the wrong chunk.
 */
export const FUZZY_THRESHOLD = 0.8;

export interface QuoteCheckResult {
  findings: CheckFinding[];
  /** Keyed by Citation.index. */
  verifications: Map<number, SourceVerification>;
}

type OffsetState =
  | { kind: 'none'; problem?: string }
  | { kind: 'valid'; start: number; end: number }
  | { kind: 'problem'; problem: string; code: 'offsets_out_of_bounds' | 'offsets_inverted'; start: number; end: number };

function offsetState(c: Citation, text: string | undefined): OffsetState {
  const s = c.source_start;
  const e = c.source_end;
  if (s === undefined && e === undefined) return { kind: 'none' };
  // Half a span locates nothing; the quote (if any) is then searched as if no offsets were given.
  if (typeof s !== 'number' || typeof e !== 'number') return { kind: 'none', problem: typeof s !== 'number' ? 'end given without start' : 'start given without end' };
  if (!Number.isInteger(s) || !Number.isInteger(e)) return { kind: 'problem', problem: 'offsets are not whole numbers', code: 'offsets_out_of_bounds', start: s, end: e };
  if (text !== undefined && (s < 0 || e < 0 || s > text.length || e > text.length)) {
    return { kind: 'problem', problem: `out of bounds (chunk length ${text.length})`, code: 'offsets_out_of_bounds', start: s, end: e };
  }
  if (s >= e) return { kind: 'problem', problem: 'start is not before end', code: 'offsets_inverted', start: s, end: e };
  return { kind: 'valid', start: s, end: e };
}

/** The citation's quote, unless it has none or only blanks. */
function quoteOf(c: Citation): string | undefined {
  return typeof c.quote === 'string' && c.quote.trim() !== '' ? c.quote : undefined;
}

/** Whether the citation says what it cites in the source: a quote, or offsets into the chunk. */
function hasSource(c: Citation): boolean {
  return quoteOf(c) !== undefined || c.source_start !== undefined || c.source_end !== undefined;
}

/**
 * The quote found in the citation's chunks joined in order (a quote over a page break); the span
 * is given in the cited chunk, from where the quote starts in it (or from its start).
 */
function acrossChunks(ctx: CheckContext, c: Citation, quote: string, chunk: Chunk): { found_start: number; found_end: number } | undefined {
  const ids = c.source_chunk_ids;
  if (!ids || ids.length < 2) return undefined;
  const parts = ids.map((id) => chunkOf(ctx, id)).filter(hasText);
  if (parts.length < 2) return undefined;
  let joined = '';
  let at = -1;
  for (const p of parts) {
    if (joined) joined += '\n';
    if (p === chunk) at = joined.length;
    joined += p.text;
  }
  const m = findQuote(quote, joined) ?? findElidedQuote(quote, joined) ?? findQuoteIgnoringEdges(quote, joined);
  if (!m) return undefined;
  if (at < 0) return undefined;
  const s = Math.max(0, Math.min(chunk.text.length, m.start - at));
  const e = Math.max(s, Math.min(chunk.text.length, m.end - at));
  return { found_start: s, found_end: e };
}

export function checkQuotes(ctx: CheckContext): QuoteCheckResult {
  // Inline markers carry no quote and no source offsets, and most answers cite by markers only:
  // such a case has nothing to verify, and the lookups below need not be set up for it.
  if (!ctx.citations.some(hasSource)) return { findings: [], verifications: new Map() };
  const m = messagesFor(ctx.language);
  const findings: CheckFinding[] = [];
  const verifications = new Map<number, SourceVerification>();
  const prepared = new Map<Chunk, PreparedText>();
  const prep = (ch: Chunk) => {
    let p = prepared.get(ch);
    if (!p) prepared.set(ch, (p = new PreparedText(ch.text)));
    return p;
  };
  const checked = new Map<string, SourceVerification>();
  // Chunks with text, searched together when a quote is not in its own chunk.
  const withText = ctx.chunks.filter(hasText);
  let corpus: TextCorpus | undefined;
  /** Another chunk (with text) that holds the quote verbatim or after normalisation. */
  const searched = new Map<string, Chunk | undefined>();
  let positionOf: Map<Chunk, number> | undefined;
  const elsewhere = (quote: PreparedQuote, except: Chunk | undefined): Chunk | undefined => {
    // A lookup, not a search of the chunk list, for each quote that is not where it should be.
    if (!positionOf) {
      positionOf = new Map();
      for (let k = 0; k < withText.length; k++) if (!positionOf.has(withText[k]!)) positionOf.set(withText[k]!, k);
    }
    const exceptAt = except ? (positionOf.get(except) ?? -1) : -1;
    const key = `${exceptAt}\u0000${quote.raw}`;
    if (searched.has(key)) return searched.get(key);
    corpus ??= new TextCorpus(withText.map(prep));
    const at = corpus.find(quote, exceptAt >= 0 ? exceptAt : undefined);
    const found = at === undefined ? undefined : withText[at];
    searched.set(key, found);
    return found;
  };

  for (const c of ctx.citations) {
    if (!hasSource(c)) continue;
    const quote = quoteOf(c);

    // The same structured quote of the same place (two blocks citing one passage) is checked
    // once: it gets the same verdict, and its findings are not repeated.
    const key = JSON.stringify([c.chunk_id, c.quote ?? null, c.source_start ?? null, c.source_end ?? null, c.source_chunk_ids ?? null]);
    const same = c.style === 'structured' ? checked.get(key) : undefined;
    if (same) {
      verifications.set(c.index, { ...same });
      continue;
    }

    const chunk = chunkOf(ctx, c.chunk_id);
    const text = hasText(chunk) ? chunk.text : undefined;
    const marker = citationLabel(c);
    const chunkId = chunk?.id ?? c.chunk_id ?? null;
    const span = citationSpan(ctx, c);
    const base = { citation_index: c.index, ...span } as const;
    const withChunk = (f: CheckFinding): CheckFinding => (chunkId !== null ? { ...f, chunk_id: chunkId } : f);
    const off = offsetState(c, text);
    const verification: SourceVerification = { status: 'LIKELY_FABRICATED', method: 'none', chunk_id: chunkId };
    if ('problem' in off && off.problem) verification.offset_problem = off.problem;
    if (!quote && off.kind === 'none') continue;
    verifications.set(c.index, verification);
    if (c.style === 'structured') checked.set(key, verification);

    const offsetFinding = (severity: 'error' | 'warning'): CheckFinding | undefined => {
      if (off.kind !== 'problem' || text === undefined) return undefined;
      const words =
        off.code === 'offsets_inverted'
          ? m.offsetsInverted({ marker, chunkId: chunkId ?? '', start: off.start, end: off.end })
          : m.offsetsOutOfBounds({ marker, chunkId: chunkId ?? '', start: off.start, end: off.end, length: text.length });
      return withChunk({ ...base, severity, code: off.code, ...words });
    };

    // Without text in the cited chunk nothing can be confirmed; EXISTS reports the chunk itself.
    if (text === undefined) {
      if (!quote) continue; // nothing to point into: stays LIKELY_FABRICATED, EXISTS says why
      const other = elsewhere(new PreparedQuote(quote), chunk);
      if (other) {
        findings.push(finding(ctx, withChunk({ ...base, severity: 'error', code: 'quote_in_other_chunk', suggested_chunk_id: other.id, ...m.quoteInOtherChunk({ marker, chunkId, quote, otherChunkId: other.id }) })));
      } else {
        findings.push(finding(ctx, withChunk({ ...base, severity: 'error', code: 'quote_not_found', ...m.quoteNotFound({ marker, chunkId, quote, similarity: 0, sourceMissing: true }) })));
      }
      continue;
    }

    if (!quote) {
      if (off.kind === 'valid') {
        Object.assign(verification, { status: 'VERIFIED', method: 'exact', found_start: off.start, found_end: off.end });
      } else {
        const f = offsetFinding('error');
        if (f) findings.push(finding(ctx, f));
      }
      continue;
    }

    // 1–2: at the given offsets.
    if (off.kind === 'valid') {
      const slice = text.slice(off.start, off.end);
      if (slice === quote || equalNormalized(slice, quote)) {
        Object.assign(verification, { status: 'VERIFIED', method: slice === quote ? 'exact' : 'normalized', found_start: off.start, found_end: off.end });
        continue;
      }
    }

    // 3: elsewhere in the cited chunk.
    const pt = prep(chunk!);
    const near = off.kind === 'valid' ? off.start : undefined;
    const pq = new PreparedQuote(quote);
    // A quote with elisions ("The tower … was completed") counts when every part is there, in
    // order; one that differs only in the punctuation or elision marks at its edges ("…for
    // speed." where the chunk goes on "…for speed, including") is as verbatim as the words are.
    const found = findQuote(pq, pt, near) ?? findElidedQuote(quote, text, near) ?? findQuoteIgnoringEdges(quote, pt, near);
    if (found) {
      Object.assign(verification, { status: 'VERIFIED', found_start: found.start, found_end: found.end });
      // Found inside the given span with only whitespace around it (e.g. tokenised "( ČTK )"
      // against "(ČTK)"): the offsets were right, the text differs only in spacing.
      // Same for punctuation the quote left off at an edge.
      const atGiven =
        off.kind === 'valid' && found.start >= off.start && found.end <= off.end && trimQuoteEdges(text.slice(off.start, found.start)) === '' && trimQuoteEdges(text.slice(found.end, off.end)) === '';
      if (atGiven) {
        Object.assign(verification, { method: 'normalized', found_start: off.start, found_end: off.end });
      } else if (off.kind === 'none') {
        verification.method = found.method;
      } else {
        verification.method = 'relocated';
        const given = off.kind === 'valid' ? off : { start: off.start, end: off.end };
        findings.push(
          finding(ctx, withChunk({ ...base, severity: 'warning', code: 'offsets_wrong', chunk_start: found.start, chunk_end: found.end, ...m.offsetsWrong({ marker, chunkId: chunkId ?? '', start: given.start, end: given.end, foundStart: found.start, foundEnd: found.end }) })),
        );
      }
      continue;
    }

    // A location over several chunks (pages 3–4 of a PDF split per page): the quote may run
    // across the break. Verbatim in the pages read in order is verbatim.
    const across = acrossChunks(ctx, c, quote, chunk!);
    if (across) {
      Object.assign(verification, { status: 'VERIFIED', method: 'normalized', ...across });
      continue;
    }

    // 4–5: fuzzy, then other chunks.
    const fuzzy = bestFuzzyMatch(pq, pt);
    const similarity = Math.round(fuzzy.similarity * 1000) / 1000;
    const other = elsewhere(pq, chunk);
    Object.assign(verification, { method: 'fuzzy', similarity, found_start: fuzzy.start, found_end: fuzzy.end });
    const offF = offsetFinding('warning');
    if (offF) findings.push(finding(ctx, offF));
    if (similarity >= FUZZY_THRESHOLD) {
      verification.status = 'UNCERTAIN';
      findings.push(finding(ctx, withChunk({ ...base, severity: 'warning', code: 'quote_uncertain', chunk_start: fuzzy.start, chunk_end: fuzzy.end, ...m.quoteUncertain({ marker, chunkId: chunkId ?? '', quote, similarity }) })));
      if (other) {
        findings.push(finding(ctx, withChunk({ ...base, severity: 'warning', code: 'quote_in_other_chunk', suggested_chunk_id: other.id, ...m.quoteInOtherChunk({ marker, chunkId, quote, otherChunkId: other.id }) })));
      }
      continue;
    }
    verification.status = 'LIKELY_FABRICATED';
    if (other) {
      findings.push(finding(ctx, withChunk({ ...base, severity: 'error', code: 'quote_in_other_chunk', suggested_chunk_id: other.id, ...m.quoteInOtherChunk({ marker, chunkId, quote, otherChunkId: other.id }) })));
    } else {
      findings.push(finding(ctx, withChunk({ ...base, severity: 'error', code: 'quote_not_found', chunk_start: fuzzy.start, chunk_end: fuzzy.end, ...m.quoteNotFound({ marker, chunkId, quote, similarity, sourceMissing: false }) })));
    }
  }
  return { findings, verifications };
}
