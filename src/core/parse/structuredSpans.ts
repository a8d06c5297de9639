// Citations as spans of the answer: Cohere citations ({start, end, sources}) and lists of marker
// spans (Liu et al. 2023), with the placing of a span whose offsets are off (or count code
// points) that the OpenAI annotations use too. Read from structured.ts.
import type { JsonPath } from './json';
import type { StructuredCitation, StructuredInput } from '../types';
import { normalizeChunkList } from './chunks';
import { isRecord } from './issues';
import { isInt, issue, refKindFor, refOf, str, type Ctx } from './structuredCommon';

// ---------------------------------------------------------------------------------------------
// Spans into the answer: Cohere citations, and lists of marker spans (Liu et al. 2023)

/**
 * Checks a span against the answer: when the span's own text sits elsewhere (an answer edited
 * by a few characters), the span is moved to the nearest occurrence; when it cannot be placed
 * it is dropped with a message.
 */
export function placeSpan(
  answer: string | undefined,
  start: number,
  end: number,
  expected: string | undefined,
  ctx: Ctx,
  cp: JsonPath,
): { answerStart: number; answerEnd: number } | undefined {
  if (answer === undefined) return start >= 0 && end >= start ? { answerStart: start, answerEnd: end } : undefined;
  const inBounds = start >= 0 && end >= start && end <= answer.length;
  if (expected === undefined || expected === '') {
    if (inBounds) return { answerStart: start, answerEnd: end };
    issue(ctx, cp, `span ${start}–${end} is outside the answer (${answer.length} characters)`);
    return undefined;
  }
  if (inBounds && answer.slice(start, end) === expected) return { answerStart: start, answerEnd: end };
  // Nearest occurrence (the earlier on a tie). Spans are usually off by a few characters: look
  // around the offsets first, so that many of them do not each search the answer from its start;
  // an occurrence within the window is nearer than any outside it.
  const lo = Math.max(0, Math.min(answer.length, start) - SPAN_WINDOW);
  const near = nearestOccurrence(answer.slice(lo, Math.min(answer.length, start + SPAN_WINDOW + expected.length)), expected, start - lo);
  let best = near >= 0 ? lo + near : -1;
  if (best < 0 || Math.abs(best - start) > SPAN_WINDOW) best = nearestOccurrence(answer, expected, start);
  if (best >= 0) {
    issue(ctx, cp, `span ${start}–${end} does not hold ${quoteForMessage(expected)}; moved to ${best}–${best + expected.length}, where it is`);
    return { answerStart: best, answerEnd: best + expected.length };
  }
  issue(ctx, cp, `the answer has no ${quoteForMessage(expected)} at ${start}–${end} or elsewhere`);
  return inBounds ? { answerStart: start, answerEnd: end } : undefined;
}

/** How far around its offsets a span's text is looked for before the whole answer is searched. */
const SPAN_WINDOW = 2048;

/** The occurrence of needle in text nearest to position `to` (the earlier on a tie), or -1. */
function nearestOccurrence(text: string, needle: string, to: number): number {
  let best = -1;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (best < 0 || Math.abs(at - to) < Math.abs(best - to)) best = at;
    if (at > to) break;
  }
  return best;
}

/**
 * Offsets into the answer counted in Unicode code points (as Python, and so most RAG services,
 * count them) differ from JavaScript's UTF-16 offsets after any emoji or other astral character.
 * Decided once per list, from the data: the spans' own texts when they have them, else which
 * reading puts more span edges on word boundaries. Returns a converter, or undefined when the
 * offsets are UTF-16 already (or the answer has no astral character, where both agree).
 */
function codePointOffsets(answer: string | undefined, spans: { start: number; end: number; text?: string | undefined }[]): ((n: number) => number) | undefined {
  if (answer === undefined || !/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(answer)) return undefined;
  const units: number[] = [];
  for (let k = 0; k < answer.length; k++) {
    units.push(k);
    const c = answer.charCodeAt(k);
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < answer.length) k++;
  }
  units.push(answer.length);
  const convert = (n: number): number => units[n] ?? n + (answer.length - (units.length - 1));
  let utf16 = 0;
  let points = 0;
  const withText = spans.filter((sp) => typeof sp.text === 'string' && sp.text !== '');
  if (withText.length > 0) {
    for (const sp of withText) {
      if (answer.slice(sp.start, sp.end) === sp.text) utf16++;
      if (sp.end < units.length && answer.slice(convert(sp.start), convert(sp.end)) === sp.text) points++;
    }
  } else {
    const edge = (a: number): boolean => a <= 0 || a >= answer.length || !(/[\p{L}\p{N}]/u.test(answer[a - 1]!) && /[\p{L}\p{N}]/u.test(answer[a]!));
    for (const sp of spans) {
      utf16 += Number(edge(sp.start)) + Number(edge(sp.end));
      if (sp.end < units.length) points += Number(edge(convert(sp.start))) + Number(edge(convert(sp.end)));
    }
  }
  return points > utf16 ? convert : undefined;
}

function quoteForMessage(text: string): string {
  return JSON.stringify(text.length > 60 ? text.slice(0, 57) + '...' : text);
}

export function cohereSpans(
  list: Record<string, unknown>[],
  ctx: Ctx,
  path: JsonPath,
  ownAnswer: string | undefined,
  documents: unknown[] | undefined,
): StructuredInput {
  const answer = ownAnswer ?? (ctx.answer !== '' ? ctx.answer : undefined);
  const citations: StructuredCitation[] = [];
  const docs: unknown[] = [];
  const docIds = new Set<string>();
  const addDoc = (d: unknown): void => {
    if (!isRecord(d)) return;
    const id = refOf(d.id);
    const text = str(d.text) ?? str(d.snippet) ?? str(d.content);
    if (id === undefined || text === undefined || docIds.has(id)) return;
    docIds.add(id);
    docs.push({ ...d, id, text });
  };
  documents?.forEach(addDoc);

  const points = codePointOffsets(
    answer,
    list.filter((c) => isInt(c.start) && isInt(c.end)).map((c) => ({ start: c.start as number, end: c.end as number, text: str(c.text) })),
  );
  if (points) issue(ctx, path, 'the span offsets count Unicode code points (as Python does), not JavaScript string units; they were converted');

  list.forEach((c, i) => {
    const cp = [...path, i];
    if (!isInt(c.start) || !isInt(c.end)) {
      issue(ctx, cp, 'a span needs integer start and end');
      return;
    }
    const span = points ? placeSpan(answer, points(c.start), points(c.end), str(c.text), ctx, cp) : placeSpan(answer, c.start, c.end, str(c.text), ctx, cp);
    const refs: string[] = [];
    if (Array.isArray(c.sources)) {
      for (const s of c.sources) {
        if (!isRecord(s)) continue;
        const doc = isRecord(s.document) ? s.document : undefined;
        const id = refOf(s.id) ?? refOf(doc?.id);
        if (id !== undefined) refs.push(id);
        if (doc) addDoc({ ...doc, id: refOf(doc.id) ?? id });
      }
    }
    if (Array.isArray(c.document_ids)) for (const d of c.document_ids) if (refOf(d) !== undefined) refs.push(refOf(d) as string);
    if (Array.isArray(c.documents)) {
      for (const d of c.documents) {
        const id = refOf(d) ?? (isRecord(d) ? refOf(d.id) : undefined);
        if (id !== undefined) refs.push(id);
        addDoc(d);
      }
    }
    if (refs.length === 0) {
      issue(ctx, cp, 'the span names no source (expected sources[].id or document_ids)');
      return;
    }
    for (const ref of [...new Set(refs)]) {
      const out: StructuredCitation = { ref, refKind: 'id', location: 'answer_span', raw: c };
      if (span) {
        out.answerStart = span.answerStart;
        out.answerEnd = span.answerEnd;
      }
      citations.push(out);
    }
  });
  const chunks = docs.length > 0 ? normalizeChunkList(docs).chunks : undefined;
  return { format: 'cohere-spans', ...(ownAnswer !== undefined ? { answer: ownAnswer } : {}), citations, ...(chunks ? { chunks } : {}) };
}

/** `[{text: "[1]", start_index, end_index, link_target}]`: where each marker sits in the answer. */
export function markerSpans(list: Record<string, unknown>[], ctx: Ctx, path: JsonPath, ownAnswer: string | undefined): StructuredInput {
  const answer = ownAnswer ?? (ctx.answer !== '' ? ctx.answer : undefined);
  const refs = list.map((c) => {
    const t = str(c.text) ?? '';
    const inner = /^\s*[[【(]?\s*([^\]】)]*?)\s*[\]】)]?\s*$/.exec(t)?.[1] ?? t;
    return inner;
  });
  const refKind = refKindFor(refs.filter((r) => r !== ''), ctx.chunks);
  const citations: StructuredCitation[] = [];
  const points = codePointOffsets(answer, list.map((c) => ({ start: c.start_index as number, end: c.end_index as number, text: str(c.text) })));
  if (points) issue(ctx, path, 'the span offsets count Unicode code points (as Python does), not JavaScript string units; they were converted');
  const at = points ?? ((n: number) => n);
  list.forEach((c, i) => {
    const cp = [...path, i];
    const ref = refs[i] ?? '';
    if (ref === '') {
      issue(ctx, cp, 'the marker span has no marker text (expected text like "[1]")');
      return;
    }
    const span = placeSpan(answer, at(c.start_index as number), at(c.end_index as number), str(c.text), ctx, cp);
    const out: StructuredCitation = { ref, refKind, location: 'marker_span', raw: c };
    if (span) {
      out.answerStart = span.answerStart;
      out.answerEnd = span.answerEnd;
    }
    citations.push(out);
  });
  return { format: 'cohere-spans', ...(ownAnswer !== undefined ? { answer: ownAnswer } : {}), citations };
}
