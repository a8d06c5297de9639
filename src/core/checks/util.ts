// Small helpers shared by the checks: spans clamped into the answer, chunk lookups.
import type { CheckContext, Chunk, Citation, Claim, Finding } from '../types';

/** [start, end) clamped into the answer, with start <= end; non-numbers become 0. */
export function clampSpan(ctx: CheckContext, start: number, end: number): { start: number; end: number } {
  const len = ctx.answer.length;
  const s = Number.isFinite(start) ? Math.max(0, Math.min(Math.trunc(start), len)) : 0;
  const e = Number.isFinite(end) ? Math.max(0, Math.min(Math.trunc(end), len)) : s;
  return e >= s ? { start: s, end: e } : { start: s, end: s };
}

/** A finding with its span clamped into the answer. */
export function finding(ctx: CheckContext, f: Finding): Finding {
  return { ...f, ...clampSpan(ctx, f.start, f.end) };
}

/** The chunk a citation points at, if it exists. */
export function chunkOf(ctx: CheckContext, id: string | null | undefined): Chunk | undefined {
  if (id === null || id === undefined) return undefined;
  return ctx.chunkById.get(id);
}

export function hasText(chunk: Chunk | undefined): chunk is Chunk {
  return !!chunk && typeof chunk.text === 'string' && chunk.text.trim() !== '';
}

/** Citations by their index field (which need not equal the array position). */
export function citationsByIndex(ctx: CheckContext): Map<number, Citation> {
  const m = new Map<number, Citation>();
  for (const c of ctx.citations) if (!m.has(c.index)) m.set(c.index, c);
  return m;
}

/**
 * The citations attached to each claim (by claim index): its citation_indexes, then any other
 * citation whose claim_index names it. Built once per check, so looking claims up is cheap.
 */
export function citationsByClaim(ctx: CheckContext): (claim: Claim) => Citation[] {
  const byIndex = citationsByIndex(ctx);
  const byClaim = new Map<number, Citation[]>();
  for (const c of ctx.citations) {
    let list = byClaim.get(c.claim_index);
    if (!list) byClaim.set(c.claim_index, (list = []));
    list.push(c);
  }
  return (claim) => {
    const out: Citation[] = [];
    const seen = new Set<number>();
    for (const i of claim.citation_indexes ?? []) {
      const c = byIndex.get(i);
      if (c && !seen.has(c.index)) {
        seen.add(c.index);
        out.push(c);
      }
    }
    for (const c of byClaim.get(claim.index) ?? []) {
      if (!seen.has(c.index)) {
        seen.add(c.index);
        out.push(c);
      }
    }
    return out;
  };
}

/** Span for a finding about a citation: its marker, or its claim when the marker has no extent. */
export function citationSpan(ctx: CheckContext, c: Citation): { start: number; end: number } {
  const s = clampSpan(ctx, c.start, c.end);
  if (s.end > s.start) return s;
  const claim = ctx.claims[c.claim_index]?.index === c.claim_index ? ctx.claims[c.claim_index] : ctx.claims.find((cl) => cl.index === c.claim_index);
  return claim ? clampSpan(ctx, claim.start, claim.end) : s;
}
