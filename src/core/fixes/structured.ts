// Quick fixes of structured answers (issue 13 §4): the Answer editor holds the JSON of a
// structured response, and a fix edits that JSON in place. Three kinds of edit:
// - a citation naming an unknown, out-of-range or empty chunk (or a worse one than a suggested
//   chunk) → the value in the citation's own object that names its chunk (chunk_id, source_id,
//   document_index, an element of an id list, a page …) rewritten to name another chunk, the way
//   the form names chunks (id, 0- or 1-based position, page); a quote it carries must be in that
//   chunk, and offsets it gives are moved to where the quote is;
// - a fix of the answer's own text (a number, a marker in the wrong style, an inline marker naming
//   an unknown chunk; fixes.ts computes them as for plain answers) → the same edit inside the JSON
//   string that holds that part of the answer, escaped as JSON;
// - an uncited claim → one more citation, in the shape of the answer's own (structuredInsertFixes,
//   in fixStructuredInsert.ts).
// Only the edited value changes: the rest of the JSON keeps the user's layout, and the text
// stays valid JSON. Every such fix is checked before it is offered by auditing the case again
// with the fix made: the JSON must still read as the same form, with the answer meant, no new
// problem inside the form, no error code more often than before, the finding's code less often,
// and every other citation naming the chunk it named before.
import { auditCase } from '../audit';
import { parseJson, type JsonParseResult, type JsonPath } from '../parse/json';
import { parseAnswerInput } from '../parse/answer';
import { documentKey } from '../parse/structuredCommon';
import { normalizeStructuredDetailed } from '../parse/structured';
import { PreparedQuote, findQuote, findQuoteIgnoringEdges } from '../text/quoteSearch';
import type { Chunk, Citation, Finding, Report, StructuredCitation, StructuredInput } from '../types';
import { hasText, previewOf, type FixContext, type Fix, type TextEdit } from './context';

/** Chunks tried for one structured citation, at most (each try audits the case once). */
export const MAX_STRUCTURED_TRIES = 12;

/** Keys whose string values are answer text (the answer, a block's text, a message's content). */
const ANSWER_KEYS = new Set(['answer', 'text', 'response', 'content', 'value']);
/** Keys whose values are quoted or answer text, never a chunk's name. */
const TEXT_KEYS = new Set(['text', 'cited_text', 'quote', 'quoted_text', 'snippet', 'answer', 'content', 'value', 'response', 'type']);
/** Pairs of keys holding offsets into the cited chunk. */
const OFFSET_KEYS: [string, string][] = [
  ['start', 'end'],
  ['start_index', 'end_index'],
  ['source_start', 'source_end'],
  ['start_char_index', 'end_char_index'],
];
/** Forms whose citations state offsets into the answer: an edit changing its length would move them. */
const ANSWER_OFFSET_FORMATS = new Set(['cohere-spans', 'openai-annotations']);

// ---------------------------------------------------------------------------------------------
// What is derived once per report: the parsed JSON, its citations with their places, the audit
// of the text as it is.

interface Leaf {
  path: JsonPath;
  offset: number;
  endOffset: number;
}

export interface Derived {
  parse: JsonParseResult;
  structured: StructuredInput | undefined;
  /** Path of each object of the parsed value. */
  paths: Map<object, JsonPath>;
  base: Audited | undefined;
  segments: Segment[] | undefined | null;
}

interface Audited {
  report: Report;
  answer: string;
  parseErrors: number;
}

export function derived(fx: FixContext): Derived | undefined {
  const text = fx.structuredText;
  if (text === undefined || !fx.recheck) return undefined;
  if (fx.structuredCache) return fx.structuredCache as Derived;
  const parse = parseJson(text);
  const paths = new Map<object, JsonPath>();
  const walk = (v: unknown, path: JsonPath, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 64) return;
    paths.set(v, path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i], depth + 1));
    else for (const [k, x] of Object.entries(v)) walk(x, [...path, k], depth + 1);
  };
  if (!parse.error) walk(parse.value, [], 0);
  const structured = parse.error ? undefined : normalizeStructuredDetailed(parse.value, fx.answer, fx.chunks).structured;
  // The report was made from this case with these options: it is the audit of the text as it is.
  const parsed = parseAnswerInput(text, fx.chunks);
  const base = parsed.format === 'json-unknown' || parsed.format === 'plain' ? undefined : { report: fx.report, answer: parsed.answer, parseErrors: parsed.errors.length };
  const d: Derived = { parse, structured, paths, base, segments: null };
  fx.structuredCache = d;
  return d;
}

/** The case audited with the Answer editor holding `text`; undefined when it no longer reads as a structured answer. */
export function audit(fx: FixContext, text: string): Audited | undefined {
  const rc = fx.recheck;
  if (!rc) return undefined;
  const parsed = parseAnswerInput(text, fx.chunks);
  if (parsed.format === 'json-unknown' || parsed.format === 'plain' || !parsed.structured) return undefined;
  const json = parseJson(text);
  if (json.error) return undefined;
  const report = auditCase({ ...rc.case, answer: parsed.answer, structured_citations: json.value }, rc.options);
  return { report, answer: parsed.answer, parseErrors: parsed.errors.length };
}

export const errorCounts = (r: Report) => {
  const m = new Map<string, number>();
  for (const f of r.findings) if (f.severity === 'error') m.set(f.code, (m.get(f.code) ?? 0) + 1);
  return m;
};
export const codeCount = (r: Report, code: string) => r.findings.filter((f) => f.code === code).length;

/**
 * Whether the fix may be offered: the edited text, audited again, reads as a structured answer
 * with the answer `answer`, has no more problems inside the form, no error code more often, the
 * finding's code less often, and its citations name the chunks they named before — but for
 * citations of `from`, which may now name `to`.
 */
export function acceptsEdit(fx: FixContext, f: Finding, edits: readonly TextEdit[], answer: string, swap?: { from: string | null; to: string }): boolean {
  const d = derived(fx);
  if (!d?.base || fx.structuredText === undefined) return false;
  const after = audit(fx, applyAll(fx.structuredText, edits));
  if (!after || after.answer !== answer || after.parseErrors > d.base.parseErrors) return false;
  const before = d.base.report;
  const was = errorCounts(before);
  for (const [code, n] of errorCounts(after.report)) if (n > (was.get(code) ?? 0)) return false;
  if (codeCount(after.report, f.code) >= codeCount(before, f.code)) return false;
  // Citations name what they named: the multisets differ only by `from` → `to`.
  const key = (id: string | null) => (id === null ? '\u0000' : id);
  const counts = new Map<string, number>();
  for (const c of before.citations) counts.set(key(c.chunk_id), (counts.get(key(c.chunk_id)) ?? 0) + 1);
  for (const c of after.report.citations) counts.set(key(c.chunk_id), (counts.get(key(c.chunk_id)) ?? 0) - 1);
  if (before.citations.length !== after.report.citations.length) return false;
  for (const [id, n] of counts) {
    if (n === 0) continue;
    if (!swap) return false;
    if (id === key(swap.from) && n > 0 && counts.get(key(swap.to)) === -n) continue;
    if (id === key(swap.to) && n < 0 && counts.get(key(swap.from)) === -n) continue;
    return false;
  }
  return true;
}

export function applyAll(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Which object of the JSON a report citation comes from

interface Place {
  sc: StructuredCitation;
  /** Path of the citation's object, or of the id itself in an id list. */
  path: JsonPath;
  /** The object (undefined for an id in a list). */
  object?: Record<string, unknown>;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The structured citation a report citation was built from; undefined when none, or several that differ. */
function placeOf(fx: FixContext, d: Derived, c: Citation): Place | undefined {
  if (c.style !== 'structured' || !d.structured) return undefined;
  const matches = d.structured.citations.filter((sc) => {
    if (sc.ref !== c.ref || sc.quote !== c.quote) return false;
    if ((sc.sourceStart ?? undefined) !== c.source_start || (sc.sourceEnd ?? undefined) !== c.source_end) return false;
    if (typeof sc.answerStart === 'number' && typeof sc.answerEnd === 'number') {
      return c.start >= Math.floor(sc.answerStart) && c.end <= Math.ceil(sc.answerEnd);
    }
    return true;
  });
  if (matches.length === 0) return undefined;
  // Several alike (the same id cited twice without a span): any of them means the same.
  const first = matches[0]!;
  if (!matches.every((m) => sameJson(m.raw, first.raw) && m.answerStart === first.answerStart && m.answerEnd === first.answerEnd)) return undefined;
  if (first.raw && typeof first.raw === 'object' && !Array.isArray(first.raw)) {
    const path = d.paths.get(first.raw);
    return path ? { sc: first, path, object: first.raw as Record<string, unknown> } : undefined;
  }
  if (typeof first.raw !== 'string' && typeof first.raw !== 'number') return undefined;
  // An id in a list of ids: the list of plain values holding it, the first occurrence.
  const lists: JsonPath[] = [];
  for (const [v, path] of d.paths) {
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' || typeof x === 'number') && v.some((x) => String(x) === c.ref)) lists.push(path);
  }
  if (lists.length !== 1) return undefined;
  const list = valueAt(d.parse.value, lists[0]!) as unknown[];
  const at = list.findIndex((x) => String(x) === c.ref);
  return at >= 0 ? { sc: first, path: [...lists[0]!, at] } : undefined;
}

export function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

export function leafAt(d: Derived, path: JsonPath): Leaf | undefined {
  const s = d.parse.locate(path);
  return s ? { path, offset: s.offset, endOffset: s.endOffset } : undefined;
}

/** Leaves under `object` (3 levels deep) holding `ref`, outside text keys. */
function refLeaves(object: Record<string, unknown>, base: JsonPath, ref: string): JsonPath[] {
  const out: JsonPath[] = [];
  const walk = (v: unknown, path: JsonPath, key: string | number, depth: number) => {
    if (typeof key === 'string' && TEXT_KEYS.has(key)) return;
    if ((typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) && String(v) === ref) out.push(path);
    else if (v && typeof v === 'object' && depth < 3) {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i], i, depth + 1));
      else for (const [k, x] of Object.entries(v)) walk(x, [...path, k], k, depth + 1);
    }
  };
  for (const [k, x] of Object.entries(object)) walk(x, [...base, k], k, 0);
  return out;
}

export function pageOf(ch: Chunk): number | undefined {
  if (typeof ch.page === 'number' && Number.isInteger(ch.page)) return ch.page;
  const meta = (ch as Record<string, unknown>).metadata;
  const p = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).page_number : undefined;
  return typeof p === 'number' && Number.isInteger(p) ? p : undefined;
}

export interface Documents {
  /** The chunks of each document, by document_index (each document's pages or blocks in order). */
  list: (readonly Chunk[])[];
  /** Each chunk's document_index and, when its document is a list of blocks, its block index. */
  of: Map<Chunk, { index: number; block: number }>;
}

/**
 * The documents of the request as the audit reads an Anthropic citation of `location`
 * (parse/structuredAnthropic.ts): when every chunk names its document (a title, a source) and
 * some share one, a document is those chunks in order — its pages, or the blocks of a custom
 * content document — and document_index counts documents in the order they first appear (the API
 * counts the request's documents, not the pieces they were split into); without such names,
 * chunks with pages are the pages of one document (index 0); else each chunk is a document.
 */
export function documentsOf(fx: FixContext, location: string): Documents {
  const keys = fx.chunks.map(documentKey);
  const of = new Map<Chunk, { index: number; block: number }>();
  if (keys.every((k) => k !== undefined)) {
    const at = new Map<string, number>();
    const list: Chunk[][] = [];
    fx.chunks.forEach((ch, i) => {
      let index = at.get(keys[i]!);
      if (index === undefined) {
        at.set(keys[i]!, (index = list.length));
        list.push([]);
      }
      of.set(ch, { index, block: list[index]!.length });
      list[index]!.push(ch);
    });
    if (list.length < fx.chunks.length) return { list, of };
    of.clear();
  } else if (location === 'page_location') {
    const pages = fx.chunks.filter((ch) => pageOf(ch) !== undefined);
    for (const ch of pages) of.set(ch, { index: 0, block: -1 });
    if (pages.length) return { list: [pages], of };
  }
  fx.chunks.forEach((ch, i) => of.set(ch, { index: i, block: 0 }));
  return { list: fx.chunks.map((ch) => [ch]), of };
}

// ---------------------------------------------------------------------------------------------
// A structured citation naming another chunk

export interface Target {
  id: string;
  preferred: boolean;
}

/**
 * The fixes naming each target chunk instead in the citation's object. `targets` come best first
 * (fixes.ts ranks them by the claim); a citation with a quote is pointed only at chunks holding it.
 */
export function structuredRefFixes(fx: FixContext, f: Finding, targets: readonly Target[], limit = Infinity): Fix[] {
  const d = derived(fx);
  const c = fx.citation(f.citation_index);
  if (!d || !c || c.style !== 'structured' || fx.structuredText === undefined) return [];
  const place = placeOf(fx, d, c);
  if (!place) return [];
  const { sc } = place;
  const quote = sc.quote !== undefined && sc.quote.trim() !== '' ? new PreparedQuote(sc.quote) : undefined;
  const out: Fix[] = [];
  let tries = 0;
  for (const t of targets) {
    if (tries >= MAX_STRUCTURED_TRIES || out.length >= limit) break;
    const chunk = fx.chunk(t.id);
    if (!hasText(chunk) || t.id === c.chunk_id) continue;
    // The quote must be in the new chunk: where it is gives the offsets.
    const found = quote ? (findQuote(quote, chunk.text) ?? findQuoteIgnoringEdges(sc.quote!, chunk.text)) : undefined;
    if (quote && !found) continue;
    const edits = refEdits(fx, d, place, chunk);
    if (!edits) continue;
    if (found && place.object) {
      const off = offsetLeaves(d, place, sc);
      if (off) edits.push({ start: off[0].offset, end: off[0].endOffset, text: String(found.start) }, { start: off[1].offset, end: off[1].endOffset, text: String(found.end) });
    }
    edits.sort((a, b) => a.start - b.start);
    tries++;
    if (!acceptsEdit(fx, f, edits, fx.answer, { from: c.chunk_id, to: chunk.id })) continue;
    const written = edits[0]!.text;
    out.push({ kind: 'replace_ref', target: 'editor', edits, text: written, chunkId: chunk.id, preview: previewOf(chunk.text), ...((t.preferred || quote) && out.length === 0 ? { preferred: true } : {}) });
  }
  return out;
}

/** The edits making the citation's object name `chunk`: its ref value (as the form names chunks), else its page. */
function refEdits(fx: FixContext, d: Derived, place: Place, chunk: Chunk): TextEdit[] | undefined {
  const { sc } = place;
  const text = fx.structuredText!;
  let leaves = place.object ? refLeaves(place.object, place.path, sc.ref) : [place.path];
  // An Anthropic document_index counts the request's documents, not the chunks (documentsOf);
  // another number equal to it (a page, an offset) is not the reference.
  const documentIndex = d.structured?.format === 'anthropic-blocks' && leaves.some((p) => p[p.length - 1] === 'document_index');
  if (documentIndex) leaves = leaves.filter((p) => p[p.length - 1] === 'document_index');
  if (leaves.length > 0) {
    const located = leaves.map((p) => leafAt(d, p));
    if (located.some((l) => !l)) return undefined;
    const pos = fx.position(chunk.id);
    let value = sc.refKind === 'index0' ? String(pos) : sc.refKind === 'index1' ? String(pos + 1) : sc.refKind === 'title' ? chunk.title : chunk.id;
    if (value === undefined || value === '') return undefined;
    if (documentIndex) {
      const docs = documentsOf(fx, sc.location ?? '');
      const doc = docs.of.get(chunk);
      // Character offsets count in the whole document: not rewritten for one of its several chunks.
      if (!doc || (sc.location === 'char_location' && docs.list[doc.index]!.length > 1)) return undefined;
      value = String(doc.index);
    }
    return (located as Leaf[]).map((l) => {
      const old = text.slice(l.offset, l.endOffset);
      // A number stays a number when the new value is one; else the value is a JSON string.
      const literal = !old.startsWith('"') && /^\d{1,15}$/.test(value) ? value : JSON.stringify(value);
      return { start: l.offset, end: l.endOffset, text: literal };
    });
  }
  // Cited by page (a page no chunk has): the page of the chunk.
  const page = pageOf(chunk);
  const o = place.object;
  if (!o || page === undefined || sc.page === undefined) return undefined;
  const edits: TextEdit[] = [];
  for (const [key, v] of [
    ['page', page],
    ['start_page_number', page],
    ['end_page_number', page + 1],
  ] as const) {
    if (typeof o[key] !== 'number') continue;
    const l = leafAt(d, [...place.path, key]);
    if (!l) return undefined;
    edits.push({ start: l.offset, end: l.endOffset, text: String(v) });
  }
  return edits.length ? edits : undefined;
}

/** The object's offset values (start and end) into the cited chunk, when it gives them. */
function offsetLeaves(d: Derived, place: Place, sc: StructuredCitation): [Leaf, Leaf] | undefined {
  const o = place.object;
  if (!o || sc.sourceStart === undefined || sc.sourceEnd === undefined) return undefined;
  const pair = OFFSET_KEYS.find(([a, b]) => o[a] === sc.sourceStart && o[b] === sc.sourceEnd);
  if (!pair) return undefined;
  const s = leafAt(d, [...place.path, pair[0]]);
  const e = leafAt(d, [...place.path, pair[1]]);
  return s && e ? [s, e] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Fixes of the answer's text, made inside the JSON string that holds that text

interface Segment {
  /** Span of the answer this string holds. */
  at: number;
  end: number;
  /** The string literal in the JSON text, quotes included. */
  offset: number;
  endOffset: number;
}

/**
 * The JSON strings the answer is made of, in order: strings under answer-text keys whose values,
 * one after another, are exactly the answer. Null when the answer is not so made.
 */
export function segments(fx: FixContext, d: Derived): Segment[] | undefined {
  if (d.segments !== null) return d.segments;
  const leaves: { value: string; offset: number; endOffset: number }[] = [];
  for (const [v, path] of d.paths) {
    if (Array.isArray(v)) continue;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (!ANSWER_KEYS.has(k) || typeof x !== 'string' || x === '') continue;
      const s = d.parse.locate([...path, k]);
      if (s) leaves.push({ value: x, offset: s.offset, endOffset: s.endOffset });
    }
  }
  leaves.sort((a, b) => a.offset - b.offset);
  const out: Segment[] = [];
  let p = 0;
  for (const l of leaves) {
    if (p < fx.answer.length && fx.answer.startsWith(l.value, p)) {
      out.push({ at: p, end: p + l.value.length, offset: l.offset, endOffset: l.endOffset });
      p += l.value.length;
    }
  }
  d.segments = p === fx.answer.length && out.length > 0 ? out : undefined;
  return d.segments;
}

/** Offsets in the JSON literal of each character of its value (and of its end). */
function literalOffsets(text: string, seg: Segment): number[] {
  const out: number[] = [];
  let j = seg.offset + 1;
  const stop = seg.endOffset - 1;
  while (j < stop) {
    out.push(j);
    j += text[j] === '\\' ? (text[j + 1] === 'u' ? 6 : 2) : 1;
  }
  out.push(stop);
  return out;
}

/**
 * A fix of the answer's text as edits of the JSON, checked by a new audit; undefined when a part
 * of it falls outside the answer's strings, or the form gives answer offsets it would move.
 */
export function intoStructured(fx: FixContext, f: Finding, fix: Fix): Fix | undefined {
  const d = derived(fx);
  const text = fx.structuredText;
  if (!d || text === undefined || fix.target !== 'answer') return undefined;
  const segs = segments(fx, d);
  if (!segs) return undefined;
  const lengthChanges = fix.edits.some((e) => e.text.length !== e.end - e.start);
  if (lengthChanges && d.structured && ANSWER_OFFSET_FORMATS.has(d.structured.format)) return undefined;
  const edits: TextEdit[] = [];
  let answer = fx.answer;
  for (const e of [...fix.edits].sort((a, b) => b.start - a.start)) {
    // An insertion where two strings meet goes at the end of the first: the answer is the same.
    const seg = segs.find((s) => s.at <= e.start && e.end <= s.end);
    if (!seg) return undefined;
    const map = literalOffsets(text, seg);
    const a = map[e.start - seg.at];
    const b = map[e.end - seg.at];
    if (a === undefined || b === undefined) return undefined;
    edits.push({ start: a, end: b, text: JSON.stringify(e.text).slice(1, -1) });
    answer = answer.slice(0, e.start) + e.text + answer.slice(e.end);
  }
  edits.reverse();
  const c = fx.citation(f.citation_index);
  const swap = fix.kind === 'replace_ref' && fix.chunkId !== undefined ? { from: c?.chunk_id ?? null, to: fix.chunkId } : undefined;
  if (!acceptsEdit(fx, f, edits, answer, swap)) return undefined;
  return { ...fix, target: 'editor', edits };
}
