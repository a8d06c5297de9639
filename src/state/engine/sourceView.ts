// What the "Cited source" panel shows for one citation: the chunk it resolves to, split into
// plain and highlighted segments (the quote where it was found, else the model's supporting
// phrase, else the passage that shares the most words with the claim).
import { findQuote } from '../../core/text/quoteSearch';
import { tokenize } from '../../core/text/words';
import type { Chunk, Citation, Language, Report, SourceVerification } from '../../core/types';

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Why the highlighted passage is highlighted. 'quote' only for a quote the quote check VERIFIED;
 * 'similar' for the closest passage to an UNCERTAIN quote; a quote the check did not find is
 * never shown as found (the panel then highlights the model's phrase or the best passage, and
 * quoteStatus says the quote was not found). Both come from the citation's source_verification,
 * the quote check's own result, so the panel and the report cannot disagree.
 */
export type HighlightReason = 'quote' | 'similar' | 'phrase' | 'match' | 'none';

export interface SourceView {
  citation: Citation;
  claimText: string | null;
  chunk: Chunk | null;
  segments: Segment[];
  reason: HighlightReason;
  /** The quote check's verdict on the citation's quote, when it has one. */
  quoteStatus?: SourceVerification['status'];
  /** Its similarity, for an UNCERTAIN quote. */
  similarity?: number;
}

/** Sentence-ish passages of a text: split after . ! ? … and at line breaks. */
export function passages(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /[^.!?…\n]*(?:[.!?…]+["”’)\]]*|\n|$)/gu;
  for (let m = re.exec(text); m && m.index < text.length; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const trail = raw.length - raw.trimEnd().length;
    if (raw.trim()) out.push({ start: m.index + lead, end: m.index + raw.length - trail });
  }
  return out;
}

/** The passage of `chunkText` sharing the most (stemmed) words with `claim`, or null. */
export function bestPassage(chunkText: string, claim: string, lang: Language): { start: number; end: number } | null {
  const wanted = new Set(tokenize(claim, lang));
  if (wanted.size === 0) return null;
  let best: { start: number; end: number; score: number } | null = null;
  for (const p of passages(chunkText)) {
    const words = new Set(tokenize(chunkText.slice(p.start, p.end), lang));
    let shared = 0;
    for (const w of words) if (wanted.has(w)) shared++;
    const score = shared / Math.sqrt(Math.max(words.size, 1));
    if (shared > 0 && (!best || score > best.score)) best = { ...p, score };
  }
  return best ? { start: best.start, end: best.end } : null;
}

export function segment(text: string, span: { start: number; end: number } | null): Segment[] {
  if (!span || span.end <= span.start) return [{ text, mark: false }];
  const s = Math.max(0, Math.min(span.start, text.length));
  const e = Math.max(s, Math.min(span.end, text.length));
  return [
    { text: text.slice(0, s), mark: false },
    { text: text.slice(s, e), mark: true },
    { text: text.slice(e), mark: false },
  ].filter((x) => x.text.length > 0);
}

export function sourceView(report: Report, chunks: readonly Chunk[], citationIndex: number): SourceView | null {
  const citation = report.citations[citationIndex];
  if (!citation) return null;
  const claim = report.claims.find((c) => c.index === citation.claim_index) ?? null;
  const chunkId = citation.source_verification?.chunk_id ?? citation.chunk_id;
  const chunk = chunkId === null ? null : (chunks.find((c) => c.id === chunkId) ?? null);
  const v = citation.source_verification;
  const base = {
    citation,
    claimText: claim?.text ?? null,
    chunk,
    ...(v && typeof citation.quote === 'string' ? { quoteStatus: v.status } : {}),
    ...(v?.status === 'UNCERTAIN' && v.similarity !== undefined ? { similarity: v.similarity } : {}),
  };
  if (!chunk || !chunk.text) return { ...base, segments: chunk ? [] : [], reason: 'none' };

  if (v && v.found_start !== undefined && v.found_end !== undefined && v.status !== 'LIKELY_FABRICATED') {
    return { ...base, segments: segment(chunk.text, { start: v.found_start, end: v.found_end }), reason: v.status === 'VERIFIED' ? 'quote' : 'similar' };
  }
  const phrase = claim?.support?.find((s) => s.chunk_id === chunk.id)?.supporting_phrase;
  if (phrase) {
    const found = findQuote(phrase, chunk.text);
    if (found) return { ...base, segments: segment(chunk.text, found), reason: 'phrase' };
  }
  const match = claim ? bestPassage(chunk.text, claim.text, report.meta.language) : null;
  return { ...base, segments: segment(chunk.text, match), reason: match ? 'match' : 'none' };
}
