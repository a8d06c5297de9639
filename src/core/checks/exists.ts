// EXISTS (SPEC §4): every citation resolves to a chunk that has text. A well-formed id that is
// not among the chunks is as much a failure as a malformed one.
import type { CheckContext, Citation, CheckFinding, StructuredCitation } from '../types';
import { citationLabel, messagesFor } from '../report/messages';
import { chunkOf, citationSpan, finding } from './util';
import { isBlank } from '../text/text';

/** 0 or 1 when the citation's reference is a chunk position, undefined when it is an id or a title. */
function positionalBase(ctx: CheckContext, c: Citation, structuredByRef: () => Map<string, StructuredCitation>): 0 | 1 | undefined {
  if (c.style === 'structured') {
    const sc = structuredByRef().get(c.ref);
    if (sc?.refKind === 'index0') return 0;
    if (sc?.refKind === 'index1') return 1;
    return undefined;
  }
  if (ctx.mapping.kind === 'index1') return 1;
  if (ctx.mapping.kind === 'index0') return 0;
  return undefined;
}

export function checkExists(ctx: CheckContext): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const out: CheckFinding[] = [];
  const count = ctx.chunks.length;
  // The first structured citation of each ref, built when a first one fails: a lookup per failing
  // citation instead of a search through all of them.
  let byRef: Map<string, StructuredCitation> | undefined;
  const structuredByRef = (): Map<string, StructuredCitation> => {
    if (!byRef) {
      byRef = new Map();
      for (const sc of ctx.structured?.citations ?? []) if (!byRef.has(sc.ref)) byRef.set(sc.ref, sc);
    }
    return byRef;
  };
  for (const c of ctx.citations) {
    const chunk = count === 0 ? undefined : chunkOf(ctx, c.chunk_id);
    // A citation of a chunk with text is fine: nothing to build.
    if (chunk && typeof chunk.text === 'string' && !isBlank(chunk.text)) continue;
    const marker = citationLabel(c);
    const base = { severity: 'error', citation_index: c.index, ...citationSpan(ctx, c) } as const;
    if (count === 0) {
      out.push(finding(ctx, { ...base, code: 'no_chunks', ...m.noChunks({ marker }) }));
      continue;
    }
    if (!chunk) {
      const ref = c.chunk_id ?? c.ref;
      const pos = positionalBase(ctx, c, structuredByRef);
      const n = /^\s*-?\d+\s*$/.test(c.ref) ? Number(c.ref) : NaN;
      if (pos !== undefined && Number.isInteger(n) && (n < pos || n > count - 1 + pos)) {
        out.push(finding(ctx, { ...base, code: 'ref_out_of_range', ...m.refOutOfRange({ marker, ref: c.ref.trim(), count, base: pos }) }));
      } else if (c.style === 'structured' && c.source_document?.pages !== undefined) {
        // A page the document has but the pasted chunks do not: said by the document's name.
        out.push(finding(ctx, { ...base, code: 'unknown_chunk', ...m.locationMissing({ marker }) }));
      } else {
        const f: CheckFinding = { ...base, code: 'unknown_chunk', ...m.unknownChunk({ marker, ref }) };
        if (c.chunk_id) f.chunk_id = c.chunk_id;
        out.push(finding(ctx, f));
      }
      continue;
    }
    out.push(finding(ctx, { ...base, code: 'empty_chunk', chunk_id: chunk.id, ...m.emptyChunk({ marker, chunkId: chunk.id }) }));
  }
  return out;
}
