// Every structured citation form of SPEC §3, normalised to StructuredInput. Refs stay as the form
// writes them; refKind says how they are meant (an id, a 0- or 1-based position, a title), and the
// citations helper resolves them to chunk ids. Each citation keeps the form's own object as raw.
// The readers of each family of forms are beside this file: structuredAnthropic.ts,
// structuredSpans.ts (Cohere, marker spans), structuredOpenAi.ts (OpenAI, Azure On Your Data).
import { parseJson, type JsonPath } from './json';
import type { Chunk, RefKind, StructuredCitation, StructuredInput } from '../types';
import { describeType, isRecord, issueText, type PathIssue } from './issues';
import { anthropicBlocks } from './structuredAnthropic';
import { REF_KEYS, chunkIndex, isInt, issue, num, refKindFor, refOf, str, type Ctx } from './structuredCommon';
import { azure, findAzure, findOpenAiParts, isAzureCitation, openAiAnnotations } from './structuredOpenAi';
import { cohereSpans, markerSpans } from './structuredSpans';

export interface NormalizeDetailedResult {
  structured?: StructuredInput;
  /** Problems with paths relative to the value given (plus `base`). */
  issues: PathIssue[];
}

const EXPECTED =
  'expected Anthropic content blocks (a list, {content: [...]} or {blocks: [...]}), {answer, citations: [...]} ' +
  '(offsets, ids or ids with quotes), Cohere spans ({start, end, sources}), an Azure OpenAI On Your Data response ' +
  '(messages with a JSON string of citations), an OpenAI response with annotations or a list of marker spans ({text: "[1]", start_index, end_index})';

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
      const onPage = chunkIndex(ctx).byPage.get(page) ?? [];
      if (onPage.length > 0) {
        // Only a page, and the chunks carry pages: the chunk of that page (the one holding the
        // quote when the page has several).
        const quote = str(c.quote) ?? str(c.text);
        ref = (onPage.find((ch) => quote !== undefined && quote !== '' && ch.text.includes(quote)) ?? onPage[0]!).id;
        refKind = 'id';
      } else if (chunkIndex(ctx).anyPage) {
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
