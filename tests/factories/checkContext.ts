// Test factory for CheckContext: a few fields in, a consistent context out. It carries its own
// tiny marker scanner and sentence splitter so the checks can be tested without the real
// marker/claim modules; tests that need exact shapes pass markers, citations or claims directly.
import type { CheckContext, Chunk, Citation, CitationMarker, CitationStyle, Claim, IdMapping, Language, RequiredStyle, StructuredInput } from '../../src/core/types';

export interface CitationSpec {
  ref: string;
  /** Defaults to resolving ref through the context's mapping. */
  chunk_id?: string | null;
  /** Span in the answer; defaults to the first occurrence of `marker`, else 0..0. */
  start?: number;
  end?: number;
  marker?: string;
  style?: CitationStyle;
  quote?: string;
  source_start?: number;
  source_end?: number;
}

export interface ContextSpec {
  answer: string;
  query?: string;
  /** Strings get ids "1", "2", ... (or their position when ids: 'index0'). */
  chunks?: (string | (Partial<Chunk> & { text: string }))[];
  ids?: 'index1' | 'index0';
  language?: Language;
  requiredStyle?: RequiredStyle;
  markers?: CitationMarker[];
  /** When given, used instead of citations derived from the markers. */
  citations?: CitationSpec[];
  claims?: Claim[];
  mapping?: IdMapping;
  structured?: StructuredInput;
}

const MARKER_RE = /\\cite\{([^}]*)\}|\\cite\{([^}]*)$|【(\d+)】|\[(\^?)([^\]]*)\]/g;

/** A test-only scanner for the common inline markers. */
export function scanMarkers(answer: string): CitationMarker[] {
  const out: CitationMarker[] = [];
  MARKER_RE.lastIndex = 0;
  for (let m = MARKER_RE.exec(answer); m; m = MARKER_RE.exec(answer)) {
    const base = { index: out.length, text: m[0], start: m.index, end: m.index + m[0].length };
    if (m[1] !== undefined || m[2] !== undefined) {
      const body = m[1] ?? m[2]!;
      const refs = body.split(',').map((r) => r.trim()).filter(Boolean);
      const mk: CitationMarker = { ...base, style: 'latex_cite', refs };
      if (m[2] !== undefined) mk.malformed = 'unclosed \\cite{';
      else if (refs.length === 0) mk.malformed = 'empty \\cite{}';
      out.push(mk);
    } else if (m[3] !== undefined) {
      out.push({ ...base, style: 'fullwidth', refs: [m[3]] });
    } else {
      const body = m[5]!.trim();
      if (m[4]) {
        out.push({ ...base, style: 'footnote', refs: [body] });
      } else if (body === '') {
        out.push({ ...base, style: 'bracket_number', refs: [], malformed: 'empty brackets' });
      } else if (/^\d+(?:\s*[-–,]\s*\d+)*$/.test(body)) {
        const refs: string[] = [];
        for (const part of body.split(',')) {
          const r = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(part);
          if (r) for (let i = +r[1]!; i <= +r[2]! && refs.length < 100; i++) refs.push(String(i));
          else refs.push(part.trim());
        }
        out.push({ ...base, style: 'bracket_number', refs });
      } else {
        out.push({ ...base, style: 'bracket_id', refs: [body] });
      }
    }
  }
  return out;
}

/** Sentences ending in . ! ? with the markers that follow the end mark kept in the sentence. */
export function splitClaims(answer: string, markers: CitationMarker[]): Claim[] {
  const claims: Claim[] = [];
  // A sentence ends at . ! ? followed by whitespace or the end ("2.09" and "12.717" stay whole).
  const re = /(?:[^.!?\n]|[.!?](?=[^\s.!?]))+(?:[.!?]+|$)(?:\s*(?:\[[^\]]*\]|\\cite\{[^}]*\}|【\d+】))*/g;
  for (let m = re.exec(answer); m; m = re.exec(answer)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const lead = /^\s*/.exec(m[0])![0].length;
    const start = m.index + lead;
    const end = m.index + m[0].length;
    if (end <= start) continue;
    let text = answer.slice(start, end);
    for (const mk of markers) if (mk.start >= start && mk.end <= end) text = text.replace(mk.text, '');
    text = text.replace(/\s+/g, ' ').replace(/\s+([.!?,;:])/g, '$1').trim();
    if (!text) continue;
    const question = text.endsWith('?');
    const claim: Claim = { index: claims.length, text, start, end, kind: question ? 'question' : 'sentence', chunk_ids: [], citation_indexes: [], needs_citation: !question };
    if (question) claim.exemption = { rule: 'question', reason: 'a question asserts nothing' };
    claims.push(claim);
  }
  return claims;
}

function defaultMapping(chunks: Chunk[], markers: CitationMarker[], ids: ContextSpec['ids']): IdMapping {
  const numericIds = chunks.length > 0 && chunks.every((c) => /^\d+$/.test(c.id));
  const kind: IdMapping['kind'] = ids === 'index0' ? 'index0' : numericIds || chunks.length === 0 ? 'id' : markers.some((m) => m.style === 'bracket_number') ? 'index1' : 'id';
  const entries: IdMapping['entries'] = [];
  for (const mk of markers) {
    for (const ref of mk.refs) {
      entries.push({ ref, chunk_id: resolve(ref, kind, chunks, mk.style) });
    }
  }
  return { kind, description: `test mapping (${kind})`, entries };
}

function resolve(ref: string, kind: IdMapping["kind"], chunks: Chunk[], style: CitationStyle): string | null {
  if (style === 'bracket_number' && (kind === 'index1' || kind === 'index0')) {
    const n = Number(ref) - (kind === 'index1' ? 1 : 0);
    return chunks[n]?.id ?? null;
  }
  return ref;
}

/** Build a CheckContext from a spec. */
export function makeContext(spec: ContextSpec): CheckContext {
  const chunks: Chunk[] = (spec.chunks ?? []).map((c, i) => {
    const id = String(spec.ids === 'index0' ? i : i + 1);
    return typeof c === 'string' ? { id, text: c } : { ...c, id: c.id ?? id, text: c.text };
  });
  const chunkById = new Map<string, Chunk>();
  for (const c of chunks) if (!chunkById.has(c.id)) chunkById.set(c.id, c);
  const markers = spec.markers ?? scanMarkers(spec.answer);
  const mapping = spec.mapping ?? defaultMapping(chunks, markers, spec.ids);
  const claims = (spec.claims ?? splitClaims(spec.answer, markers)).map((c) => ({ ...c, chunk_ids: [...c.chunk_ids], citation_indexes: [...c.citation_indexes] }));
  const claimAt = (pos: number) => {
    const c = claims.find((cl) => pos >= cl.start && pos < cl.end) ?? claims.find((cl) => pos === cl.end);
    return c ? c.index : -1;
  };

  const citations: Citation[] = [];
  const add = (c: Omit<Citation, 'index' | 'exists' | 'claim_index'>) => {
    const chunk = c.chunk_id === null ? undefined : chunkById.get(c.chunk_id);
    const citation: Citation = { ...c, index: citations.length, exists: !!chunk && chunk.text.trim() !== '', claim_index: claimAt(c.start) };
    citations.push(citation);
    const claim = claims.find((cl) => cl.index === citation.claim_index);
    if (claim && spec.claims === undefined) {
      claim.citation_indexes.push(citation.index);
      if (c.chunk_id !== null && !claim.chunk_ids.includes(c.chunk_id)) claim.chunk_ids.push(c.chunk_id);
    }
  };

  if (spec.citations) {
    for (const cs of spec.citations) {
      const at = cs.marker ? spec.answer.indexOf(cs.marker) : -1;
      const start = cs.start ?? (at >= 0 ? at : 0);
      const end = cs.end ?? (at >= 0 ? at + cs.marker!.length : start);
      const style = cs.style ?? (cs.marker ? scanMarkers(cs.marker)[0]?.style ?? 'structured' : 'structured');
      const chunk_id = cs.chunk_id !== undefined ? cs.chunk_id : chunkById.has(cs.ref) ? cs.ref : resolve(cs.ref, mapping.kind, chunks, style);
      const c: Omit<Citation, 'index' | 'exists' | 'claim_index'> = { marker: cs.marker ?? '', marker_index: null, ref: cs.ref, chunk_id, start, end, style };
      if (cs.quote !== undefined) c.quote = cs.quote;
      if (cs.source_start !== undefined) c.source_start = cs.source_start;
      if (cs.source_end !== undefined) c.source_end = cs.source_end;
      add(c);
    }
  } else {
    for (const mk of markers) {
      for (const ref of mk.refs) {
        const entry = mapping.entries.find((e) => e.ref === ref);
        add({ marker: mk.text, marker_index: mk.index, ref, chunk_id: entry ? entry.chunk_id : ref, start: mk.start, end: mk.end, style: mk.style });
      }
    }
  }

  const ctx: CheckContext = {
    answer: spec.answer,
    query: spec.query ?? '',
    chunks,
    chunkById,
    markers,
    citations,
    claims,
    mapping,
    language: spec.language ?? 'en',
    requiredStyle: spec.requiredStyle ?? 'auto',
  };
  if (spec.structured) ctx.structured = spec.structured;
  return ctx;
}

/** Every finding span lies inside the answer and is ordered. */
export function spansInside(ctx: CheckContext, findings: { start: number; end: number }[]): boolean {
  return findings.every((f) => Number.isInteger(f.start) && Number.isInteger(f.end) && 0 <= f.start && f.start <= f.end && f.end <= ctx.answer.length);
}
