// Every structured citation form of SPEC §3, normalised to StructuredInput. Refs stay as the form
// writes them; refKind says how they are meant (an id, a 0- or 1-based position, a title), and the
// citations helper resolves them to chunk ids. Each citation keeps the form's own object as raw.
import { parseJson, type JsonPath } from '../json';
import { PreparedQuote, findQuote, findQuoteIgnoringEdges } from '../quoteSearch';
import type { Chunk, RefKind, StructuredCitation, StructuredInput } from '../types';
import { normalizeChunkList } from './chunks';
import { describeType, isRecord, issueText, type PathIssue } from './issues';

export interface NormalizeResult {
  structured?: StructuredInput;
  errors: string[];
}

export interface NormalizeDetailedResult {
  structured?: StructuredInput;
  /** Problems with paths relative to the value given (plus `base`). */
  issues: PathIssue[];
}

const EXPECTED =
  'expected Anthropic content blocks (a list, {content: [...]} or {blocks: [...]}), {answer, citations: [...]} ' +
  '(offsets, ids or ids with quotes), Cohere spans ({start, end, sources}), an Azure OpenAI On Your Data response ' +
  '(messages with a JSON string of citations), an OpenAI response with annotations or a list of marker spans ({text: "[1]", start_index, end_index})';

/** Keys under which citation objects name their chunk, in order of preference. */
const REF_KEYS = ['chunk_id', 'source_id', 'id', 'doc_id', 'document_id', 'docid', 'source'] as const;

/** @testSeam only tests import this directly (tests/unit/unused-exports.test.ts). */
export function normalizeStructured(value: unknown, answer: string, chunks: readonly Chunk[]): NormalizeResult {
  const r = normalizeStructuredDetailed(value, answer, chunks);
  return { ...(r.structured ? { structured: r.structured } : {}), errors: r.issues.map(issueText) };
}

export function normalizeStructuredDetailed(
  value: unknown,
  answer: string,
  chunks: readonly Chunk[],
  base: JsonPath = [],
): NormalizeDetailedResult {
  const ctx: Ctx = { answer, chunks, issues: [], base };
  let structured: StructuredInput | undefined;
  try {
    structured = detect(value, ctx, [], 0);
  } catch (e) {
    // A bug here must not take the page down with it; it becomes an explained problem instead.
    ctx.issues.push({ path: base, message: `could not read the structured citations (${e instanceof Error ? e.message : String(e)})` });
    structured = undefined;
  }
  return { ...(structured ? { structured } : {}), issues: ctx.issues };
}

interface Ctx {
  answer: string;
  chunks: readonly Chunk[];
  issues: PathIssue[];
  base: JsonPath;
}

function issue(ctx: Ctx, path: JsonPath, message: string): void {
  ctx.issues.push({ path: [...ctx.base, ...path], message });
}

const MAX_ENCODING_DEPTH = 3;

function detect(value: unknown, ctx: Ctx, path: JsonPath, encodings: number): StructuredInput | undefined {
  if (typeof value === 'string') {
    // Doubly encoded: the structured value was itself serialised to a JSON string.
    const t = value.trim();
    if ((t.startsWith('{') || t.startsWith('[') || (t.startsWith('"') && t.endsWith('"') && t.length > 1)) && encodings < MAX_ENCODING_DEPTH) {
      const parsed = parseJson(t);
      if (parsed.error) {
        issue(ctx, path, `a string that looks like JSON but does not parse: ${parsed.error.message} (at character ${parsed.error.offset + 1})`);
        return undefined;
      }
      // Problems inside the encoded string can only be pointed at the string itself.
      const inner: Ctx = { ...ctx, issues: [] };
      const r = detect(parsed.value, inner, [], encodings + 1);
      ctx.issues.push(...inner.issues.map((i) => ({ ...i, path: [...ctx.base, ...path], message: `inside the JSON string: ${issueText({ ...i, path: i.path.slice(ctx.base.length) })}` })));
      return r;
    }
    issue(ctx, path, `found a string; ${EXPECTED}`);
    return undefined;
  }
  if (Array.isArray(value)) return detectList(value, ctx, path, undefined);
  if (isRecord(value)) return detectObject(value, ctx, path);
  issue(ctx, path, `found ${describeType(value)}; ${EXPECTED}`);
  return undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function refOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Shape tests

const isLiuSpan = (e: unknown): boolean => isRecord(e) && isInt(e.start_index) && isInt(e.end_index);
const isCohereSpan = (e: unknown): boolean =>
  isRecord(e) && isInt(e.start) && isInt(e.end) && (Array.isArray(e.sources) || Array.isArray(e.document_ids) || Array.isArray(e.documents));
const ANTHROPIC_BLOCK_TYPES = new Set(['text', 'thinking', 'redacted_thinking', 'tool_use', 'server_tool_use', 'web_search_tool_result', 'tool_result', 'image', 'document', 'search_result']);
const isAnthropicBlock = (e: unknown): boolean =>
  isRecord(e) &&
  (typeof e.type === 'string' ? ANTHROPIC_BLOCK_TYPES.has(e.type) : typeof e.text === 'string') &&
  !('start' in e) &&
  !('start_index' in e);
const isOffsetCitation = (e: unknown): boolean => isRecord(e) && isInt(e.start) && isInt(e.end);
const hasRefKey = (e: unknown): boolean => isRecord(e) && REF_KEYS.some((k) => refOf(e[k]) !== undefined);
const isAzureCitation = (e: unknown): boolean => isRecord(e) && typeof e.content === 'string' && !('start' in e);
const isPrimitiveRef = (e: unknown): boolean => typeof e === 'string' || (typeof e === 'number' && Number.isFinite(e));

function detectList(list: unknown[], ctx: Ctx, path: JsonPath, answer: string | undefined): StructuredInput | undefined {
  if (list.length === 0) return { format: 'id-list', ...(answer !== undefined ? { answer } : {}), citations: [] };
  if (list.every(isPrimitiveRef)) return idList(list, ctx, path, answer);
  if (list.every(isLiuSpan)) return markerSpans(list as Record<string, unknown>[], ctx, path, answer);
  if (list.every(isCohereSpan)) return cohereSpans(list as Record<string, unknown>[], ctx, path, answer, undefined);
  if (list.every(isRecord) && list.some((e) => isRecord(e) && e.type === 'text') && list.every(isAnthropicBlock)) {
    return anthropicBlocks(list, ctx, path);
  }
  if (list.every(isRecord) && list.every((e) => isRecord(e) && typeof e.text === 'string' && !('start' in e) && !('start_index' in e)) && list.some((e) => isRecord(e) && Array.isArray(e.citations))) {
    return anthropicBlocks(list, ctx, path);
  }
  if (list.every(isOffsetCitation)) return offsetCitations(list as Record<string, unknown>[], ctx, path, answer);
  if (list.every(hasRefKey)) return idQuoteList(list as Record<string, unknown>[], ctx, path, answer);
  if (list.every(isAzureCitation)) return azure(list as Record<string, unknown>[], ctx, path, answer);
  const seen = [...new Set(list.flatMap((e) => (isRecord(e) ? Object.keys(e) : [describeType(e)])))].slice(0, 8);
  issue(ctx, path, `a list whose items are not of one known kind (keys: ${seen.join(', ') || 'none'}); ${EXPECTED}`);
  return undefined;
}

function detectObject(o: Record<string, unknown>, ctx: Ctx, path: JsonPath): StructuredInput | undefined {
  // OpenAI: text parts with annotations (Responses API, Chat Completions, Assistants messages).
  const openai = findOpenAiParts(o, path);
  if (openai) return openAiAnnotations(openai, ctx);

  // A single Anthropic text block on its own.
  if (o.type === 'text' && typeof o.text === 'string') return anthropicBlocks([o], ctx, path, true);

  // Anthropic: a whole Message ({content: [...]}) or the cookbook printer's {blocks: [...]}.
  for (const key of ['content', 'blocks'] as const) {
    const v = o[key];
    if (Array.isArray(v) && v.length > 0 && v.every(isRecord) && v.every(isAnthropicBlock)) return anthropicBlocks(v, ctx, [...path, key]);
  }

  // Azure OpenAI On Your Data: a tool message whose content is a JSON string with citations.
  const az = findAzure(o, path);
  if (az) return azure(az.citations, ctx, az.citationsPath, az.answer);

  // Cohere v2 response: {message: {content: [{type: 'text', text}], citations: [...]}}.
  const msg = o.message;
  if (isRecord(msg) && Array.isArray(msg.citations)) {
    const text = textOfContent(msg.content);
    return cohereSpans(msg.citations.filter(isRecord), ctx, [...path, 'message', 'citations'], text, undefined);
  }

  const answerKey = (['answer', 'text', 'response'] as const).find((k) => typeof o[k] === 'string');
  const answer = answerKey ? (o[answerKey] as string) : undefined;
  let citations = o.citations ?? o.sources ?? o.references;
  // XML read as a tree (xmltodict and the like): <citations><citation>…</citation></citations>
  // is {citations: {citation: [...]}}, or {citation: {...}} for one.
  if (isRecord(citations) && Object.keys(citations).length === 1) {
    const only = Object.values(citations)[0];
    if (Array.isArray(only)) citations = only;
    else if (isRecord(only)) citations = [only];
  }
  const citationsKey = o.citations !== undefined ? 'citations' : o.sources !== undefined ? 'sources' : 'references';
  if (Array.isArray(citations)) {
    // Cohere v1: {text, citations: [{start, end, text, document_ids}], documents: [{id, text}]}.
    if (citations.length > 0 && citations.every(isCohereSpan)) {
      return cohereSpans(citations as Record<string, unknown>[], ctx, [...path, citationsKey], answer, Array.isArray(o.documents) ? o.documents : undefined);
    }
    return detectList(citations, ctx, [...path, citationsKey], answer);
  }
  if (answer !== undefined && citations === undefined && ('citations' in o || 'sources' in o)) {
    return { format: 'id-list', answer, citations: [] };
  }
  if (typeof o.query === 'string' && typeof o.answer === 'string' && 'chunks' in o) {
    issue(ctx, path, 'this is a whole audit case (query, answer, chunks), not structured citations');
    return undefined;
  }
  // LangChain's XMLOutputParser: every element is a list of one-key objects, one per child
  // ({cited_answer: [{answer}, {citations: [{citation: [{source_id}, {quote}]}]}]}).
  const keys = Object.keys(o);
  const wrapped = keys.length === 1 ? o[keys[0]!] : undefined;
  if (isRecord(wrapped) && typeof wrapped.answer === 'string' && ('citations' in wrapped || 'sources' in wrapped)) return zeroBased(detectObject(wrapped, ctx, [...path, keys[0]!]));
  if (keys.length === 1 && isXmlChildren(o[keys[0]!])) {
    const inner = fromXmlChildren(o[keys[0]!], keys[0]!);
    if (isRecord(inner) && (typeof inner.answer === 'string' || Array.isArray(inner.citations))) return zeroBased(detectObject(inner, ctx, [...path, keys[0]!]));
  }
  issue(ctx, path, `an object of unknown shape (keys: ${Object.keys(o).slice(0, 8).join(', ') || 'none'}); ${EXPECTED}`);
  return undefined;
}

/**
 * LangChain's XML prompting numbers the sources it shows the model from 0 (<source id="0">), so
 * numeric ids that are not chunk ids are 0-based positions even when no 0 is cited.
 */
function zeroBased(r: StructuredInput | undefined): StructuredInput | undefined {
  if (!r) return r;
  return { ...r, citations: r.citations.map((c) => (c.refKind === 'index1' ? { ...c, refKind: 'index0' } : c)) };
}

/** A list of objects with one key each: how LangChain's XMLOutputParser writes an element's children. */
function isXmlChildren(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.length > 0 && v.every((e) => isRecord(e) && Object.keys(e).length === 1);
}

/**
 * The parser's children as a plain value: distinct child names make an object; one name repeated
 * (or a single child named as the singular of its parent, <citations><citation>) makes a list.
 */
function fromXmlChildren(v: unknown, parent: string): unknown {
  if (!isXmlChildren(v)) return v;
  const names = v.map((e) => Object.keys(e)[0]!);
  const same = names.every((n) => n === names[0]);
  if (same && (names.length > 1 || parent === `${names[0]}s`)) return v.map((e) => fromXmlChildren(e[names[0]!], names[0]!));
  if (new Set(names).size !== names.length) return v;
  const out: Record<string, unknown> = {};
  v.forEach((e, k) => (out[names[k]!] = fromXmlChildren(e[names[k]!], names[k]!)));
  return out;
}

function textOfContent(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((b): b is Record<string, unknown> => isRecord(b) && typeof b.text === 'string').map((b) => b.text as string);
  return texts.length > 0 ? texts.join('') : undefined;
}

// ---------------------------------------------------------------------------------------------
// How a numeric or textual ref list is meant, from the data: chunk ids when they match (or when
// chunk ids are numbers themselves), else positions — 0-based only when a 0 appears (SPEC §3).

export function refKindFor(refs: readonly string[], chunks: readonly Chunk[]): RefKind {
  if (chunks.length === 0 || refs.length === 0) return 'id';
  const ids = new Set(chunks.map((c) => c.id));
  if (refs.every((r) => ids.has(r))) return 'id';
  if (!refs.every((r) => /^\d+$/.test(r))) return 'id';
  if (chunks.every((c) => /^\d+$/.test(c.id))) return 'id';
  return refs.some((r) => Number(r) === 0) ? 'index0' : 'index1';
}

// ---------------------------------------------------------------------------------------------
// Anthropic Citations API content blocks

function anthropicBlocks(blocks: unknown[], ctx: Ctx, path: JsonPath, single = false): StructuredInput {
  let answer = '';
  const citations: StructuredCitation[] = [];
  blocks.forEach((block, i) => {
    const bp = single ? path : [...path, i];
    if (!isRecord(block)) {
      issue(ctx, bp, `expected a content block object, found ${describeType(block)}`);
      return;
    }
    if (block.type !== undefined && block.type !== 'text') return; // thinking, tool use: not answer text
    if (typeof block.text !== 'string') {
      issue(ctx, [...bp, 'text'], `expected the block's text as a string, found ${describeType(block.text)}`);
      return;
    }
    const answerStart = answer.length;
    answer += block.text;
    const answerEnd = answer.length;
    const list = block.citations;
    if (list === undefined || list === null) return;
    if (!Array.isArray(list)) {
      issue(ctx, [...bp, 'citations'], `expected a list of citations, found ${describeType(list)}`);
      return;
    }
    list.forEach((c, j) => {
      const cp = [...bp, 'citations', j];
      if (!isRecord(c)) {
        issue(ctx, cp, `expected a citation object, found ${describeType(c)}`);
        return;
      }
      const cit = anthropicCitation(c, ctx, cp);
      if (cit) citations.push({ ...cit, answerStart, answerEnd });
    });
  });
  return { format: 'anthropic-blocks', answer, citations };
}

function anthropicCitation(c: Record<string, unknown>, ctx: Ctx, cp: JsonPath): StructuredCitation | undefined {
  const location =
    str(c.type) ??
    ('start_char_index' in c
      ? 'char_location'
      : 'start_page_number' in c
        ? 'page_location'
        : 'search_result_index' in c
          ? 'search_result_location'
          : 'start_block_index' in c
            ? 'content_block_location'
            : 'url' in c
              ? 'web_search_result_location'
              : undefined);
  let ref: string;
  let refKind: RefKind;
  if (isInt(c.document_index) && c.document_index >= 0) {
    ref = String(c.document_index);
    refKind = 'index0';
  } else if (isInt(c.search_result_index) && c.search_result_index >= 0) {
    ref = String(c.search_result_index);
    refKind = 'index0';
  } else if (typeof c.document_title === 'string' && c.document_title !== '') {
    ref = c.document_title;
    refKind = 'title';
  } else if (typeof c.title === 'string' && c.title !== '') {
    ref = c.title;
    refKind = 'title';
  } else if (typeof c.url === 'string' && c.url !== '') {
    ref = c.url;
    refKind = 'id';
  } else {
    issue(ctx, cp, 'the citation names no document (expected document_index or document_title)');
    return undefined;
  }
  const out: StructuredCitation = { ref, refKind, raw: c };
  if (location !== undefined) out.location = location;
  if (typeof c.cited_text === 'string') out.quote = c.cited_text;
  const title = str(c.document_title) ?? str(c.title);
  if (title !== undefined && title !== '') out.documentTitle = title;
  if (location === 'char_location') {
    const s = num(c.start_char_index);
    const e = num(c.end_char_index);
    if (s !== undefined && e !== undefined) {
      out.sourceStart = s;
      out.sourceEnd = e;
    } else issue(ctx, cp, 'a char_location needs numeric start_char_index and end_char_index');
  } else if (location === 'page_location') {
    const p = num(c.start_page_number);
    if (p !== undefined) {
      out.page = p;
      const e = num(c.end_page_number);
      out.pageEnd = e !== undefined && e > p ? e : p + 1;
    } else issue(ctx, cp, 'a page_location needs a numeric start_page_number');
  } else if (location === 'content_block_location') {
    const s = num(c.start_block_index);
    const e = num(c.end_block_index);
    if (s !== undefined) {
      out.blockStart = s;
      out.blockEnd = e !== undefined && e > s ? e : s + 1;
    }
  }
  return placeInDocument(out, c, ctx);
}

// ---------------------------------------------------------------------------------------------
// Which chunk(s) an Anthropic citation points at. The API cites a *document* (document_index,
// document_title) and a location inside it; the chunks pasted beside the answer are often that
// document split up — a PDF with one chunk per page, all titled alike. A location is resolved
// to the chunks of that document it covers (pages start_page_number..end_page_number, blocks
// start_block_index..end_block_index, end exclusive as the API counts), and when several are
// candidates the cited text decides. A document that is one chunk keeps the plain resolution.

/** The name of the document a chunk belongs to (its title, or a file name in its metadata). */
function documentKey(ch: Chunk): string | undefined {
  const rec = ch as Record<string, unknown>;
  const meta = isRecord(rec.metadata) ? rec.metadata : undefined;
  for (const v of [ch.title, rec.document_title, rec.source, meta?.document_title, meta?.title, meta?.source, meta?.file_name, meta?.filename]) {
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return undefined;
}

function pageOf(ch: Chunk): number | undefined {
  if (typeof ch.page === 'number') return ch.page;
  const meta = (ch as Record<string, unknown>).metadata;
  return isRecord(meta) && isInt(meta.page_number) ? meta.page_number : undefined;
}

/** The chunks of the cited document, in order; undefined when the chunks do not say. */
function documentChunks(c: Record<string, unknown>, sc: StructuredCitation, chunks: readonly Chunk[]): Chunk[] | undefined {
  if (chunks.length === 0) return undefined;
  const keys = chunks.map(documentKey);
  const fold = (t: string): string => t.trim().toLowerCase();
  if (sc.documentTitle !== undefined) {
    const want = fold(sc.documentTitle);
    const titled = chunks.filter((_, k) => keys[k] !== undefined && fold(keys[k]!) === want);
    if (titled.length > 0) return titled;
  }
  if (isInt(c.document_index) && keys.every((k) => k !== undefined)) {
    // Documents in the order their first chunk appears.
    const order: string[] = [];
    const groups = new Map<string, Chunk[]>();
    chunks.forEach((ch, k) => {
      const key = keys[k]!;
      let g = groups.get(key);
      if (!g) {
        groups.set(key, (g = []));
        order.push(key);
      }
      g.push(ch);
    });
    // Only when the titles group the chunks into fewer documents than chunks: else each chunk
    // is a document and the index is a plain position.
    // Titles can repeat across documents too (two search results titled alike): when the chunk at
    // the plain position holds the cited text, or there are fewer titles than the index, the
    // index is read as that position.
    const plain = chunks[c.document_index];
    const quote = sc.quote;
    const plainHolds = plain !== undefined && quote !== undefined && quote.trim() !== '' && (findQuote(quote, plain.text) ?? findQuoteIgnoringEdges(quote, plain.text)) !== undefined;
    if (order.length < chunks.length && c.document_index < order.length && !(plainHolds && sc.location !== 'page_location')) {
      return groups.get(order[c.document_index]!);
    }
    return undefined;
  }
  // No titles: paged chunks of a single cited document.
  if (sc.location === 'page_location' && (c.document_index === undefined || c.document_index === 0) && chunks.some((ch) => pageOf(ch) !== undefined)) {
    return chunks.filter((ch) => pageOf(ch) !== undefined);
  }
  return undefined;
}

function placeInDocument(sc: StructuredCitation, c: Record<string, unknown>, ctx: Ctx): StructuredCitation {
  const doc = documentChunks(c, sc, ctx.chunks);
  if (doc === undefined) return sc;
  let candidates: Chunk[];
  if (sc.location === 'page_location' && sc.page !== undefined) {
    const from = sc.page;
    const to = sc.pageEnd ?? from + 1;
    const paged = doc.some((ch) => pageOf(ch) !== undefined);
    // Chunks without page numbers: one chunk per page, in order.
    candidates = paged ? doc.filter((ch) => pageOf(ch)! >= from && pageOf(ch)! < to) : doc.slice(Math.max(0, from - 1), Math.max(0, to - 1));
  } else if (sc.location === 'content_block_location' && sc.blockStart !== undefined && doc.length > 1) {
    candidates = doc.slice(sc.blockStart, sc.blockEnd ?? sc.blockStart + 1);
  } else {
    candidates = doc;
  }
  if (candidates.length === 0) {
    // The document is there but not the cited part of it: a citation of chunks that are not among
    // the chunks, which EXISTS reports under the document's own name.
    const where = sc.page !== undefined ? pagesText(sc.page, sc.pageEnd) : sc.blockStart !== undefined ? `block ${sc.blockStart}` : '';
    const name = sc.documentTitle ?? (doc.length > 0 ? documentKey(doc[0]!) : undefined) ?? `document ${sc.ref}`;
    return { ...sc, ref: where ? `${name}, ${where}` : name, refKind: 'id' };
  }
  if (candidates.length === 1 && doc.length === 1 && sc.location !== 'page_location') return sc;
  const chosen = chooseByQuote(candidates, sc.quote);
  const out: StructuredCitation = { ...sc, ref: chosen.id, refKind: 'id', chunkIds: candidates.map((ch) => ch.id) };
  // Character offsets count in the whole document; in one of its chunks they mean nothing.
  if (doc.length > 1 && sc.location === 'char_location') {
    delete out.sourceStart;
    delete out.sourceEnd;
  }
  return out;
}

function pagesText(from: number, to: number | undefined): string {
  return to === undefined || to <= from + 1 ? `page ${from}` : `pages ${from}–${to - 1}`;
}

/** The candidate holding the quote (verbatim, normalised, or but for its edges); else the first. */
function chooseByQuote(candidates: readonly Chunk[], quote: string | undefined): Chunk {
  if (candidates.length === 1 || quote === undefined || quote.trim() === '') return candidates[0]!;
  const pq = new PreparedQuote(quote);
  for (const ch of candidates) if (findQuote(pq, ch.text) ?? findQuoteIgnoringEdges(quote, ch.text)) return ch;
  // A quote across a page break: the chunk holding its beginning.
  const head = quote.trim().slice(0, 60);
  for (const ch of candidates) if (head.length >= 12 && findQuote(head, ch.text)) return ch;
  return candidates[0]!;
}

// ---------------------------------------------------------------------------------------------
// {answer, citations: [...]}: offsets, ids, ids with quotes

function offsetCitations(list: Record<string, unknown>[], ctx: Ctx, path: JsonPath, answer: string | undefined): StructuredInput {
  const refs = list.map((c) => refOf(REF_KEYS.map((k) => c[k]).find((v) => refOf(v) !== undefined)));
  const kind = refKindFor(refs.filter((r): r is string => r !== undefined), ctx.chunks);
  const citations: StructuredCitation[] = [];
  list.forEach((c, i) => {
    const cp = [...path, i];
    const start = c.start as number;
    const end = c.end as number;
    let ref = refs[i];
    let refKind: RefKind = kind;
    const page = num(c.page);
    if (ref === undefined) {
      if (page === undefined) {
        issue(ctx, cp, 'the citation names no chunk (expected chunk_id or page)');
        return;
      }
      const onPage = ctx.chunks.filter((ch) => ch.page === page);
      if (onPage.length > 0) {
        // Only a page, and the chunks carry pages: the chunk of that page (the one holding the
        // quote when the page has several).
        const quote = str(c.quote) ?? str(c.text);
        ref = (onPage.find((ch) => quote !== undefined && quote !== '' && ch.text.includes(quote)) ?? onPage[0]!).id;
        refKind = 'id';
      } else if (ctx.chunks.some((ch) => ch.page !== undefined)) {
        // The chunks carry pages, none this one: a page that is not there.
        ref = `page ${page}`;
        refKind = 'id';
      } else {
        // Only a page: the page number is taken as the 1-based position of the chunk (one chunk per page).
        ref = String(page);
        refKind = 'index1';
      }
    }
    const out: StructuredCitation = { ref, refKind, sourceStart: start, sourceEnd: end, location: 'offsets', raw: c };
    if (typeof c.quote === 'string') out.quote = c.quote;
    else if (typeof c.text === 'string') out.quote = c.text;
    if (page !== undefined) out.page = page;
    if (start > end || start < 0) issue(ctx, cp, `start ${start} and end ${end} do not make a span`);
    citations.push(out);
  });
  return { format: 'offset-citations', ...(answer !== undefined ? { answer } : {}), citations };
}

function idList(list: unknown[], ctx: Ctx, path: JsonPath, answer: string | undefined): StructuredInput {
  const refs = list.map((v) => refOf(v) ?? '');
  const refKind = refKindFor(refs, ctx.chunks);
  const citations = refs.map((ref, i): StructuredCitation => ({ ref, refKind, location: 'id', raw: list[i] }));
  refs.forEach((r, i) => {
    if (r === '') issue(ctx, [...path, i], 'an empty id');
  });
  return { format: 'id-list', ...(answer !== undefined ? { answer } : {}), citations: citations.filter((c) => c.ref !== '') };
}

function idQuoteList(list: Record<string, unknown>[], ctx: Ctx, path: JsonPath, answer: string | undefined): StructuredInput {
  const refs = list.map((c) => refOf(REF_KEYS.map((k) => c[k]).find((v) => refOf(v) !== undefined)) ?? '');
  const refKind = refKindFor(refs, ctx.chunks);
  const citations: StructuredCitation[] = [];
  list.forEach((c, i) => {
    if (refs[i] === '' || refs[i] === undefined) {
      issue(ctx, [...path, i], 'the citation names no chunk (expected id, source_id or chunk_id)');
      return;
    }
    const out: StructuredCitation = { ref: refs[i] ?? '', refKind, location: 'id', raw: c };
    const quote = str(c.quote) ?? str(c.cited_text) ?? str(c.snippet);
    if (quote !== undefined) out.quote = quote;
    citations.push(out);
  });
  return { format: 'id-list', ...(answer !== undefined ? { answer } : {}), citations };
}

// ---------------------------------------------------------------------------------------------
// Spans into the answer: Cohere citations, and lists of marker spans (Liu et al. 2023)

/**
 * Checks a span against the answer: when the span's own text sits elsewhere (an answer edited
 * by a few characters), the span is moved to the nearest occurrence; when it cannot be placed
 * it is dropped with a message.
 */
function placeSpan(
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

function cohereSpans(
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
function markerSpans(list: Record<string, unknown>[], ctx: Ctx, path: JsonPath, ownAnswer: string | undefined): StructuredInput {
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

// ---------------------------------------------------------------------------------------------
// OpenAI: answer text with annotations
//
// - Responses API: output[] items of type 'message', content parts {type: 'output_text', text,
//   annotations}: file_citation {index, file_id, filename} (a point in the text after the cited
//   words), url_citation {start_index, end_index, url, title}.
// - Chat Completions: choices[0].message {content, annotations: [{type: 'url_citation',
//   url_citation: {start_index, end_index, url, title}}]}.
// - Assistants: content [{type: 'text', text: {value, annotations: [{type: 'file_citation', text:
//   '【4:0†source】', start_index, end_index, file_citation: {file_id, quote?}}]}}].

interface OpenAiPart {
  text: string;
  annotations: unknown[];
  path: JsonPath;
}

function openAiPart(part: unknown, path: JsonPath): OpenAiPart | undefined {
  if (!isRecord(part)) return undefined;
  // Assistants: text is {value, annotations}.
  if (isRecord(part.text) && typeof part.text.value === 'string') {
    return { text: part.text.value, annotations: Array.isArray(part.text.annotations) ? part.text.annotations : [], path: [...path, 'text', 'annotations'] };
  }
  if ((part.type === 'output_text' || part.type === 'text' || part.type === undefined) && typeof part.text === 'string' && Array.isArray(part.annotations)) {
    return { text: part.text, annotations: part.annotations, path: [...path, 'annotations'] };
  }
  return undefined;
}

/** The text parts of an OpenAI response, in order; undefined when o is not one. */
function findOpenAiParts(o: Record<string, unknown>, path: JsonPath): OpenAiPart[] | undefined {
  const fromContent = (content: unknown, at: JsonPath): OpenAiPart[] => {
    if (!Array.isArray(content)) return [];
    return content.map((p, k) => openAiPart(p, [...at, k])).filter((p): p is OpenAiPart => p !== undefined);
  };
  const single = openAiPart(o, path);
  if (single && o.type === 'output_text') return [single];
  if (Array.isArray(o.output)) {
    const parts: OpenAiPart[] = [];
    o.output.forEach((item, k) => {
      if (isRecord(item) && item.type === 'message') parts.push(...fromContent(item.content, [...path, 'output', k, 'content']));
    });
    if (parts.length > 0) return parts;
  }
  const choices = o.choices;
  const message = Array.isArray(choices) && isRecord(choices[0]) && isRecord(choices[0].message) ? choices[0].message : o.role === 'assistant' ? o : undefined;
  if (message && typeof message.content === 'string' && Array.isArray(message.annotations)) {
    const at = message === o ? path : [...path, 'choices', 0, 'message'];
    return [{ text: message.content, annotations: message.annotations, path: [...at, 'annotations'] }];
  }
  // Assistants message: content parts whose text is {value, annotations}.
  if (Array.isArray(o.content) && o.content.some((p) => isRecord(p) && isRecord(p.text) && typeof p.text.value === 'string')) {
    return fromContent(o.content, [...path, 'content']);
  }
  return undefined;
}

/** Start of the words a point citation follows: after the previous sentence end or line break. */
function sentenceStartBefore(text: string, index: number): number {
  let k = Math.min(index, text.length);
  while (k > 0 && /[\s.!?]/.test(text[k - 1]!)) k--;
  for (; k > 0; k--) {
    const c = text[k - 1]!;
    if (c === '\n' || ((c === '.' || c === '!' || c === '?') && /\s/.test(text[k] ?? ''))) break;
  }
  while (k < index && /\s/.test(text[k]!)) k++;
  return k;
}

function openAiAnnotations(parts: OpenAiPart[], ctx: Ctx): StructuredInput {
  let answer = '';
  const citations: StructuredCitation[] = [];
  for (const part of parts) {
    const offset = answer.length;
    answer += part.text;
    part.annotations.forEach((a, j) => {
      const cp = [...part.path, j];
      if (!isRecord(a)) {
        issue(ctx, cp, `expected an annotation object, found ${describeType(a)}`);
        return;
      }
      const inner = isRecord(a.url_citation) ? a.url_citation : isRecord(a.file_citation) ? a.file_citation : undefined;
      const field = (k: string): unknown => a[k] ?? inner?.[k];
      const type = str(a.type) ?? (isRecord(a.url_citation) ? 'url_citation' : isRecord(a.file_citation) ? 'file_citation' : undefined);
      if (type !== 'file_citation' && type !== 'url_citation') return; // file paths, container files: not citations
      const ref = type === 'url_citation' ? str(field('url')) : refOf(field('file_id'));
      if (ref === undefined || ref === '') {
        issue(ctx, cp, type === 'url_citation' ? 'the url_citation has no url' : 'the file_citation has no file_id');
        return;
      }
      const out: StructuredCitation = { ref, refKind: 'id', location: type, raw: a };
      const s = field('start_index');
      const e = field('end_index');
      const index = field('index');
      if (isInt(s) && isInt(e)) {
        // Assistants annotations carry the marker text they replace: the span is checked against it.
        const span = placeSpan(part.text, s, e, str(a.text), ctx, cp);
        if (span) {
          out.answerStart = offset + span.answerStart;
          out.answerEnd = offset + span.answerEnd;
        }
      } else if (isInt(index) && index >= 0 && index <= part.text.length) {
        out.answerStart = offset + sentenceStartBefore(part.text, index);
        out.answerEnd = offset + index;
      } else if (index !== undefined) {
        issue(ctx, cp, `the annotation's index ${String(index)} is outside its text (${part.text.length} characters)`);
      }
      const quote = str(field('quote'));
      if (quote !== undefined && quote !== '') out.quote = quote;
      citations.push(out);
    });
  }
  return { format: 'openai-annotations', answer, citations };
}

// ---------------------------------------------------------------------------------------------
// Azure OpenAI "On Your Data"

interface AzureFound {
  citations: Record<string, unknown>[];
  citationsPath: JsonPath;
  answer?: string;
}

/** Looks in the places the On Your Data API versions put the tool message / citations. */
function findAzure(o: Record<string, unknown>, path: JsonPath): AzureFound | undefined {
  const candidates: { holder: unknown; at: JsonPath }[] = [
    { holder: o, at: path },
    { holder: o.context, at: [...path, 'context'] },
  ];
  const choices = o.choices;
  if (Array.isArray(choices) && isRecord(choices[0])) {
    const c0 = choices[0];
    candidates.push({ holder: c0, at: [...path, 'choices', 0] });
    if (isRecord(c0.message)) {
      candidates.push({ holder: c0.message, at: [...path, 'choices', 0, 'message'] });
      candidates.push({ holder: c0.message.context, at: [...path, 'choices', 0, 'message', 'context'] });
    }
  }
  let answer: string | undefined;
  for (const { holder } of candidates) {
    if (!isRecord(holder)) continue;
    if (holder.role === 'assistant' && typeof holder.content === 'string' && answer === undefined) {
      answer = holder.content;
    }
    const messages = holder.messages;
    if (!Array.isArray(messages)) continue;
    messages.forEach((m) => {
      if (isRecord(m) && m.role === 'assistant' && typeof m.content === 'string' && answer === undefined) {
        answer = m.content;
      }
    });
  }
  for (const { holder, at } of candidates) {
    if (!isRecord(holder)) continue;
    const messages = holder.messages;
    if (Array.isArray(messages)) {
      for (let k = 0; k < messages.length; k++) {
        const m = messages[k];
        if (!isRecord(m) || (m.role !== undefined && m.role !== 'tool')) continue;
        let content: unknown = m.content;
        if (typeof content === 'string') {
          const parsed = parseJson(content.trim());
          if (parsed.error) continue;
          content = parsed.value;
        }
        if (isRecord(content) && Array.isArray(content.citations) && content.citations.every(isAzureCitation)) {
          return { citations: content.citations as Record<string, unknown>[], citationsPath: [...at, 'messages', k, 'content'], ...(answer !== undefined ? { answer } : {}) };
        }
      }
    }
    // Newer API versions: context.citations is a list of objects, not a string.
    if (holder !== o && Array.isArray(holder.citations) && holder.citations.length > 0 && holder.citations.every(isAzureCitation)) {
      return { citations: holder.citations as Record<string, unknown>[], citationsPath: [...at, 'citations'], ...(answer !== undefined ? { answer } : {}) };
    }
  }
  return undefined;
}

function azure(list: Record<string, unknown>[], ctx: Ctx, path: JsonPath, ownAnswer: string | undefined): StructuredInput {
  // Citations are cited as [docN] by their 1-based position; their own chunk_id is not an id.
  const docs = list.map((c, i) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(c)) if (v !== null && k !== 'content' && k !== 'id') out[k] = v;
    return { ...out, id: `doc${i + 1}`, text: c.content as string };
  });
  const chunks = normalizeChunkList(docs).chunks;
  const answer = ownAnswer ?? ctx.answer;
  const useIds = ctx.chunks.length === 0 || ctx.chunks.some((c) => /^doc\d+$/.test(c.id));
  const citations: StructuredCitation[] = [];
  const re = /\[doc(\d+)\]/g;
  for (let m = re.exec(answer); m; m = re.exec(answer)) {
    const n = Number(m[1]);
    const raw = list[n - 1];
    const out: StructuredCitation = useIds
      ? { ref: `doc${m[1]}`, refKind: 'id' }
      : { ref: String(n), refKind: 'index1' };
    out.answerStart = m.index;
    out.answerEnd = m.index + m[0].length;
    out.location = 'doc_marker';
    if (raw !== undefined) out.raw = raw;
    else issue(ctx, path, `the answer cites [doc${m[1]}] but there are only ${list.length} citations`);
    citations.push(out);
  }
  return { format: 'azure-on-your-data', ...(ownAnswer !== undefined ? { answer: ownAnswer } : {}), citations, chunks };
}
