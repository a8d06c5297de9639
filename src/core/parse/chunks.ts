// Chunks as users paste them (SPEC §2): JSON lists and maps in the shapes retrieval libraries print,
// JSON Lines, or plain text blocks as prompts render them (read in chunkText.ts). The detected
// format is reported, and every problem is positioned; nothing here throws.
import { parseJson, type JsonParseResult, type JsonPath } from './json';
import { LineIndex, makeParseError } from '../text/positions';
import type { Chunk, ChunkFormat, ParseError } from '../types';
import { parseTextBlocks, type ParseChunksResult } from './chunkText';
import {
  describeType,
  firstContentIndex,
  isRecord,
  issueText,
  looksLikeJson,
  nonBlankLines,
  positionIssue,
  type PathIssue,
} from './issues';

/** Keys that hold a chunk's text, in order of preference. */
export const TEXT_KEYS = ['text', 'content', 'page_content', 'pageContent', 'chunk', 'passage', 'snippet'] as const;
/** Keys that hold a chunk's id, in order of preference (LlamaIndex nodes write `id_` or `node_id`). */
export const ID_KEYS = ['id', 'chunk_id', 'doc_id', 'source_id', 'document_id', 'docid', 'id_', 'node_id'] as const;
/**
 * Keys that name a chunk's file rather than the chunk: they identify a chunk only when no two
 * chunks of the list share them (a vector store returns several chunks of one file).
 */
export const FILE_ID_KEYS = ['file_id'] as const;
/**
 * Objects that wrap the chunk itself, with a score or a rank beside it: LlamaIndex NodeWithScore
 * `{node: {id_, text}, score}`, `{document: {...}, score}` from search libraries, Cohere's
 * `{id, data: {title, snippet}}` documents, LangChain's serialised `{lc, type: 'constructor', id:
 * [class path], kwargs: {page_content, metadata}}` (whose id names the class, not the chunk).
 */
export const WRAPPER_KEYS = ['node', 'document', 'doc', 'chunk', 'passage', 'payload', 'data', 'kwargs'] as const;
/** Object keys that hold a list of chunks when a whole wrapper object is pasted. */
export const LIST_KEYS = [
  'chunks',
  'documents',
  'docs',
  'contexts',
  'context',
  'passages',
  'sources',
  'source_nodes',
  'source_documents',
  'nodes',
  'ctxs',
  'citations',
  'matches',
  'hits',
  'results',
  'data',
] as const;

export interface ChunkListResult {
  chunks: Chunk[];
  /** For each chunk, the index of the list element it came from. */
  indexes: number[];
  errors: PathIssue[];
  warnings: PathIssue[];
}

function idFrom(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The chunk object a list element stands for: a wrapper (`{node: {...}, score}`) is opened, its
 * own fields (score, rank) kept beside the inner ones; anything else is returned as it is.
 */
function unwrapChunk(item: Record<string, unknown>): Record<string, unknown> {
  if (TEXT_KEYS.some((k) => typeof item[k] === 'string')) return item;
  for (const key of WRAPPER_KEYS) {
    const inner = item[key];
    if (!isRecord(inner) || !TEXT_KEYS.some((k) => inner[k] !== undefined)) continue;
    const outer: Record<string, unknown> = { ...item };
    delete outer[key];
    if (key === 'kwargs') {
      delete outer.lc;
      delete outer.type;
      delete outer.id;
    }
    return { ...outer, ...inner };
  }
  return item;
}

/**
 * Text given as a list of content parts, as OpenAI vector store search results carry it
 * (`content: [{type: 'text', text}]`): the parts' texts joined by line breaks; undefined when the
 * value is not such a list.
 */
function partsText(v: unknown): string | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const texts: string[] = [];
  for (const part of v) {
    if (typeof part === 'string') texts.push(part);
    else if (isRecord(part) && typeof part.text === 'string' && (part.type === undefined || part.type === 'text')) texts.push(part.text);
    else return undefined;
  }
  return texts.join('\n');
}

// Azure OpenAI "On Your Data" citations carry a chunk_id that is the chunk's index inside its file
// (often "0" for every citation); the answer cites them as [docN] by position instead.
function isAzureCitation(item: Record<string, unknown>): boolean {
  return typeof item.content === 'string' && 'filepath' in item && 'chunk_id' in item && (item.id === null || item.id === undefined);
}

/**
 * A chunk that normalizeChunkObject would give back with the same keys and values (only their
 * order differs): a plain object with a non-empty string id and a string text, whose title and
 * url are strings and page a finite number when it has them, and without the keys a title or url
 * is otherwise read from. Nothing else is looked at: other fields are kept either way.
 */
function isPlainChunk(item: unknown): boolean {
  if (!isRecord(item) || Object.getPrototypeOf(item) !== Object.prototype) return false;
  if (typeof item.text !== 'string' || typeof item.id !== 'string' || item.id === '') return false;
  for (const key of Object.keys(item)) {
    const v = item[key];
    if (key === 'title' || key === 'url') {
      if (typeof v !== 'string') return false;
    } else if (key === 'page') {
      if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    } else if (key === 'metadata' || key === 'filename' || key === 'file_name') return false;
  }
  return true;
}

/**
 * Normalise one list of chunk-like values (objects in any of the known shapes, or plain strings)
 * to Chunks. Missing ids become positions ("1".."n"), null or missing text becomes '' with a
 * warning, alias keys are folded into id/text, other fields are kept. Paths are relative to `base`.
 * `copied`: the caller writes every chunk anew (CaseSchema does, in the schema's key order), so a
 * list of plain chunks (isPlainChunk) is given back as it is instead of copied twice.
 */
export function normalizeChunkList(items: readonly unknown[], base: JsonPath = [], copied = false): ChunkListResult {
  const errors: PathIssue[] = [];
  const warnings: PathIssue[] = [];
  if (copied && items.every(isPlainChunk)) {
    const chunks = items as Chunk[];
    const seen = new Map<string, number>();
    chunks.forEach((chunk, k) => {
      const first = seen.get(chunk.id);
      if (first === undefined) seen.set(chunk.id, k);
      else errors.push({ path: [...base, k, 'id'], message: `duplicate chunk id '${chunk.id}' (chunk ${first + 1} has it too)` });
    });
    return { chunks: [...chunks], indexes: chunks.map((_, k) => k), errors, warnings };
  }
  const chunks: Chunk[] = [];
  const indexes: number[] = [];
  const idPaths: JsonPath[] = [];

  items = items.map((item) => {
    // (document, score) pairs, as LangChain's similarity_search_with_score returns them.
    if (Array.isArray(item) && item.length === 2 && isRecord(item[0]) && typeof item[1] === 'number') item = { ...item[0], score: item[1] };
    return isRecord(item) ? unwrapChunk(item) : item;
  });
  // metadata.source and file_id name a file or page; they identify a chunk only when no two
  // chunks share them.
  const sourceCounts = new Map<string, number>();
  for (const item of items) {
    const src = isRecord(item) && isRecord(item.metadata) ? idFrom(item.metadata.source) : undefined;
    if (src !== undefined) sourceCounts.set(src, (sourceCounts.get(src) ?? 0) + 1);
    for (const k of FILE_ID_KEYS) {
      const f = isRecord(item) ? idFrom(item[k]) : undefined;
      if (f !== undefined) sourceCounts.set(`${k}\u0000${f}`, (sourceCounts.get(`${k}\u0000${f}`) ?? 0) + 1);
    }
  }
  // File ids name chunks only when every chunk has its own: results mixing "file-a" and
  // positions would be harder to read than positions throughout.
  for (const k of FILE_ID_KEYS) {
    const shared = [...sourceCounts].some(([key, n]) => key.startsWith(`${k}\u0000`) && n > 1);
    if (shared) for (const key of [...sourceCounts.keys()]) if (key.startsWith(`${k}\u0000`)) sourceCounts.set(key, 2);
  }
  const azure = items.length > 0 && items.every((item) => isRecord(item) && isAzureCitation(item));
  // A chunk without an id takes its position, unless another chunk already uses that as its id
  // (`[{id: ""}, {id: "1"}]`): then it gets a name no chunk has, instead of a duplicate.
  const explicit = new Set<string>();
  for (const item of items) {
    if (!isRecord(item)) continue;
    const key = ID_KEYS.find((k) => item[k] !== undefined && item[k] !== null);
    const id = key === undefined ? undefined : idFrom(item[key]);
    if (id) explicit.add(id);
  }
  const positionalId = (i: number): string => {
    let id = String(i + 1);
    for (let n = 1; explicit.has(id); n++) id = `chunk-${i + 1}${n > 1 ? `-${n}` : ''}`;
    return id;
  };

  items.forEach((item, i) => {
    const path = [...base, i];
    const positional = positionalId(i);
    if (typeof item === 'string') {
      chunks.push({ id: positional, text: item });
      indexes.push(i);
      idPaths.push(path);
      return;
    }
    if (!isRecord(item)) {
      errors.push({ path, message: `expected a chunk object with an id and a text, or a string; found ${describeType(item)}` });
      return;
    }
    const r = normalizeChunkObject(item, path, azure ? `doc${i + 1}` : undefined, positional, sourceCounts);
    errors.push(...r.errors);
    warnings.push(...r.warnings);
    if (r.chunk) {
      chunks.push(r.chunk);
      indexes.push(i);
      idPaths.push(r.idPath);
    }
  });

  const seen = new Map<string, number>();
  chunks.forEach((chunk, k) => {
    const first = seen.get(chunk.id);
    if (first === undefined) seen.set(chunk.id, k);
    else errors.push({ path: idPaths[k] ?? base, message: `duplicate chunk id '${chunk.id}' (chunk ${first + 1} has it too)` });
  });
  return { chunks, indexes, errors, warnings };
}

/** One chunk object. `forcedId` (map key, Azure position) wins over any id field. */
export function normalizeChunkObject(
  item: Record<string, unknown>,
  path: JsonPath,
  forcedId: string | undefined,
  positional: string,
  sourceCounts: ReadonlyMap<string, number> = new Map(),
): { chunk?: Chunk; idPath: JsonPath; errors: PathIssue[]; warnings: PathIssue[] } {
  const errors: PathIssue[] = [];
  const warnings: PathIssue[] = [];
  const rest: Record<string, unknown> = { ...item };
  const metadata = isRecord(item.metadata) ? item.metadata : undefined;

  // Text: a text key, else the text a vector store keeps in the metadata (Pinecone matches).
  let text = '';
  const textKey = TEXT_KEYS.find((k) => item[k] !== undefined);
  const metaTextKey = textKey === undefined && metadata ? TEXT_KEYS.find((k) => typeof metadata[k] === 'string') : undefined;
  if (metaTextKey !== undefined && metadata) {
    text = metadata[metaTextKey] as string;
  } else if (textKey === undefined) {
    warnings.push({ path, message: `no text (expected one of ${TEXT_KEYS.slice(0, 4).join(', ')}); treated as empty` });
  } else {
    const v = item[textKey];
    delete rest[textKey];
    const parts = typeof v === 'string' || v === null ? undefined : partsText(v);
    if (typeof v === 'string') text = v;
    else if (parts !== undefined) text = parts;
    else if (v === null) warnings.push({ path: [...path, textKey], message: 'text is null; treated as empty' });
    else {
      errors.push({ path: [...path, textKey], message: `expected a string, found ${describeType(v)}` });
      return { idPath: path, errors, warnings };
    }
  }

  // Id.
  let id: string | undefined = forcedId;
  let idPath: JsonPath = path;
  if (id === undefined) {
    const idKey = ID_KEYS.find((k) => item[k] !== undefined && item[k] !== null);
    if (idKey !== undefined) {
      const v = item[idKey];
      id = idFrom(v);
      idPath = [...path, idKey];
      if (id === undefined) {
        errors.push({ path: idPath, message: `expected a string or a number, found ${describeType(v)}` });
        return { idPath, errors, warnings };
      }
      if (idKey !== 'id') delete rest[idKey];
    } else {
      const metaKey = metadata ? ID_KEYS.find((k) => idFrom(metadata[k]) !== undefined) : undefined;
      const src = metadata ? idFrom(metadata.source) : undefined;
      const fileKey = FILE_ID_KEYS.find((k) => idFrom(item[k]) !== undefined && sourceCounts.get(`${k}\u0000${idFrom(item[k])}`) === 1);
      if (metadata && metaKey !== undefined) {
        id = idFrom(metadata[metaKey]);
        idPath = [...path, 'metadata', metaKey];
      } else if (fileKey !== undefined) {
        id = idFrom(item[fileKey]);
        idPath = [...path, fileKey];
      } else if (src !== undefined && sourceCounts.get(src) === 1) {
        id = src;
        idPath = [...path, 'metadata', 'source'];
      }
    }
    if (id === '') {
      warnings.push({ path: idPath, message: `empty id; using its position '${positional}'` });
      id = undefined;
    }
    if (id === undefined) {
      if (item.id === null) delete rest.id;
      id = positional;
      if (idKey === undefined && idPath.length === path.length) {
        warnings.push({ path, message: `no id; using its position '${positional}'` });
      }
    }
  }

  // Known optional fields: drop nulls, coerce what is unambiguous, move the rest aside. A file
  // name stands in for a missing title (OpenAI `filename`, LlamaIndex `metadata.file_name`).
  const title = item.title ?? metadata?.title ?? item.filename ?? item.file_name ?? metadata?.file_name ?? metadata?.filename;
  delete rest.title;
  if (typeof title === 'string') rest.title = title;
  else if (typeof title === 'number') rest.title = String(title);
  else if (title !== undefined && title !== null) warnings.push({ path: [...path, 'title'], message: `title should be a string, found ${describeType(title)}; ignored` });

  const metaSource = metadata ? idFrom(metadata.source) : undefined;
  const url = item.url ?? metadata?.url ?? (metaSource !== undefined && /^https?:\/\//i.test(metaSource) ? metaSource : undefined);
  delete rest.url;
  if (typeof url === 'string') rest.url = url;
  else if (url !== undefined && url !== null) warnings.push({ path: [...path, 'url'], message: `url should be a string, found ${describeType(url)}; ignored` });

  const page = item.page;
  delete rest.page;
  if (typeof page === 'number' && Number.isFinite(page)) rest.page = page;
  else if (typeof page === 'string' && /^\s*\d+\s*$/.test(page)) rest.page = Number(page);
  else if (page !== undefined && page !== null) warnings.push({ path: [...path, 'page'], message: `page should be a number, found ${describeType(page)}; ignored` });

  return { chunk: { ...rest, id, text } as Chunk, idPath, errors, warnings };
}

/** An object map id → text (or id → chunk object). */
export function normalizeChunkMap(map: Record<string, unknown>, base: JsonPath = []): ChunkListResult {
  const errors: PathIssue[] = [];
  const warnings: PathIssue[] = [];
  const chunks: Chunk[] = [];
  const indexes: number[] = [];
  Object.keys(map).forEach((key, i) => {
    const v = map[key];
    const path = [...base, key];
    if (typeof v === 'string') {
      chunks.push({ id: key, text: v });
      indexes.push(i);
    } else if (v === null) {
      warnings.push({ path, message: 'text is null; treated as empty' });
      chunks.push({ id: key, text: '' });
      indexes.push(i);
    } else if (isRecord(v)) {
      const r = normalizeChunkObject(v, path, key, String(i + 1));
      errors.push(...r.errors);
      warnings.push(...r.warnings);
      if (r.chunk) {
        chunks.push(r.chunk);
        indexes.push(i);
      }
    } else errors.push({ path, message: `expected the chunk's text or a chunk object, found ${describeType(v)}` });
  });
  return { chunks, indexes, errors, warnings };
}

function isSingleChunkObject(v: Record<string, unknown>): boolean {
  return TEXT_KEYS.some((k) => typeof v[k] === 'string');
}

// ---------------------------------------------------------------------------------------------

export function parseChunks(text: string): ParseChunksResult {
  const start = firstContentIndex(text);
  if (start >= text.length) return { chunks: [], format: 'empty', errors: [], warnings: [], ranges: [] };
  if (looksLikeJson(text) || isJsonNonString(text, start)) return parseJsonChunks(text);
  return parseTextBlocks(text);
}

/**
 * Text that is JSON as a whole but not a string: `null`, `42`, `[null, {...}]`, `[1, 2]`. It is
 * read as JSON, so it gets the error that says why it is not chunks (and which element), rather
 * than standing as one plain-text chunk. Prose that merely starts with a digit or a bracket
 * ("1. First", "[1] Paris") is not JSON and stays text; so does a quoted sentence.
 */
function isJsonNonString(text: string, start: number): boolean {
  try {
    return typeof JSON.parse(text.slice(start)) !== 'string';
  } catch {
    return false;
  }
}

function parseJsonChunks(text: string): ParseChunksResult {
  const index = new LineIndex(text);
  const parsed = parseJson(text);
  if (parsed.error) {
    const lines = jsonLines(text, parsed);
    if (lines) return parseJsonlChunks(text, lines, index);
    const format: ChunkFormat = text[firstContentIndex(text)] === '[' ? 'json-array' : 'json-map';
    const e = parsed.error;
    return { chunks: [], format, errors: [makeParseError(text, e.message, e.offset, e.endOffset, 'chunks', index)], warnings: [], ranges: [] };
  }
  const value = parsed.value;
  const position = (issues: PathIssue[]): ParseError[] => issues.map((i) => positionIssue(i, text, parsed, 'chunks', index));
  const rangesOf = (paths: JsonPath[]): { start: number; end: number }[] =>
    paths.map((p) => {
      const s = parsed.locate(p);
      return s ? { start: s.offset, end: s.endOffset } : { start: 0, end: 0 };
    });
  // The chunks a list or map gave, its issues placed in the text, and the span of each chunk.
  // The spans are found when first read: valid JSON then costs JSON.parse alone (the
  // position-keeping parse runs only for a caller that asks where a chunk stands).
  const resultOf = (format: ChunkFormat, r: { chunks: Chunk[]; errors: PathIssue[]; warnings: PathIssue[] }, paths: JsonPath[]): ParseChunksResult => {
    let ranges: { start: number; end: number }[] | undefined;
    return {
      chunks: r.chunks,
      format,
      errors: position(r.errors),
      warnings: position(r.warnings),
      get ranges() {
        return (ranges ??= rangesOf(paths));
      },
    };
  };

  if (Array.isArray(value)) {
    const r = normalizeChunkList(value);
    return resultOf('json-array', r, r.indexes.map((i) => [i]));
  }
  if (isRecord(value)) {
    if (isSingleChunkObject(value)) {
      const r = normalizeChunkList([value]);
      // Paths of a one-element list are re-rooted at the object itself.
      const reroot = (issues: PathIssue[]): PathIssue[] => issues.map((i) => ({ ...i, path: i.path.slice(1) }));
      return resultOf('json-array', { chunks: r.chunks, errors: reroot(r.errors), warnings: reroot(r.warnings) }, r.chunks.map(() => []));
    }
    const columns = chromaColumns(value);
    if (columns) {
      const r = normalizeChunkList(columns.items, []);
      const note: PathIssue = { path: ['documents'], message: `took the chunks from the parallel 'ids' and 'documents' lists of the pasted object`, target: 'key' };
      const at = (issue: PathIssue): PathIssue => ({ ...issue, path: typeof issue.path[0] === 'number' ? [...columns.prefix, issue.path[0]] : ['documents'] });
      return resultOf('json-array', { chunks: r.chunks, errors: r.errors.map(at), warnings: [note, ...r.warnings.map(at)] }, r.indexes.map((i) => [...columns.prefix, i]));
    }
    const listKey = LIST_KEYS.find((k) => Array.isArray(value[k]));
    if (listKey !== undefined) {
      const list = value[listKey] as unknown[];
      const r = normalizeChunkList(list, [listKey]);
      const note: PathIssue = { path: [listKey], message: `took the chunks from the '${listKey}' list of the pasted object`, target: 'key' };
      return resultOf('json-array', { chunks: r.chunks, errors: r.errors, warnings: [note, ...r.warnings] }, r.indexes.map((i) => [listKey, i]));
    }
    const r = normalizeChunkMap(value);
    return resultOf('json-map', r, r.chunks.map((c) => [c.id]));
  }
  const e = parsed.locate([]) ?? { offset: 0, endOffset: text.length };
  return {
    chunks: [],
    format: 'json-array',
    errors: [makeParseError(text, `Expected a JSON array of chunks or an object mapping ids to texts, found ${describeType(value)}`, e.offset, e.endOffset, 'chunks', index)],
    warnings: [],
    ranges: [],
  };
}

/**
 * A column-wise query result (Chroma: `{ids: [[...]], documents: [[...]], metadatas: [[...]]}`,
 * one inner list per query, or flat lists): the rows as chunk objects, when ids and documents
 * are lists of equal length. Only the first query's results are read.
 */
function chromaColumns(value: Record<string, unknown>): { items: Record<string, unknown>[]; prefix: JsonPath } | undefined {
  const nested = Array.isArray(value.ids) && Array.isArray(value.ids[0]);
  const column = (key: string): unknown[] | undefined => {
    const v = value[key];
    if (!Array.isArray(v)) return undefined;
    if (!nested) return v;
    return Array.isArray(v[0]) ? (v[0] as unknown[]) : undefined;
  };
  const ids = column('ids');
  const docs = column('documents');
  if (!ids || !docs || ids.length !== docs.length || ids.length === 0) return undefined;
  if (!docs.every((d) => typeof d === 'string' || d === null)) return undefined;
  const metas = column('metadatas');
  const distances = column('distances');
  const items = ids.map((id, k) => {
    const item: Record<string, unknown> = { id, text: docs[k] };
    const meta = metas?.[k];
    if (isRecord(meta)) item.metadata = meta;
    if (typeof distances?.[k] === 'number') item.distance = distances[k];
    return item;
  });
  return { items, prefix: nested ? ['documents', 0] : ['documents'] };
}

/**
 * JSON Lines when a whole-text parse fails and the text has the shape of one JSON value per line:
 * the first non-blank line parses on its own, every non-blank line is a braced object, or at least
 * half of the lines (two at least) are each a JSON object on its own. The shape, not the first
 * line alone: a damaged first line must not make the good lines after it one broken document.
 * Returns the lines.
 */
export function jsonLines(text: string, whole: JsonParseResult): { start: number; end: number }[] | undefined {
  if (!whole.error) return undefined;
  const lines = nonBlankLines(text);
  if (lines.length < 2) return undefined;
  const first = lines[0];
  if (!first) return undefined;
  if (!parseJson(text.slice(first.start, first.end)).error) return lines;
  const braced = lines.every((l) => {
    const s = text.slice(l.start, l.end).trim();
    return s.startsWith('{') && s.endsWith('}');
  });
  if (braced) return lines;
  // A text opening with '[' is a JSON list with a mistake in it, whatever its lines look like.
  if (text.slice(first.start, first.end).trimStart().startsWith('[')) return undefined;
  return objectLines(lines.map((l) => text.slice(l.start, l.end))) ? lines : undefined;
}

/** Whether most of these lines (more than half, two at least) are each a JSON object on its own. */
export function objectLines(lines: readonly string[]): boolean {
  let objects = 0;
  for (const l of lines) {
    const s = l.trim();
    if (!s.startsWith('{') || !s.endsWith('}')) continue;
    const v = parseJson(s);
    if (!v.error && v.value !== null && typeof v.value === 'object' && !Array.isArray(v.value)) objects++;
  }
  return objects >= 2 && objects * 2 > lines.length;
}

function parseJsonlChunks(text: string, lines: { start: number; end: number }[], index: LineIndex): ParseChunksResult {
  const errors: ParseError[] = [];
  const warnings: ParseError[] = [];
  const items: unknown[] = [];
  const itemLines: { start: number; end: number; parsed: JsonParseResult }[] = [];
  for (const line of lines) {
    const slice = text.slice(line.start, line.end);
    const parsed = parseJson(slice, { firstLine: index.position(line.start).line });
    if (parsed.error) {
      const e = parsed.error;
      errors.push(makeParseError(text, e.message, line.start + e.offset, line.start + e.endOffset, 'chunks', index));
      continue;
    }
    items.push(parsed.value);
    itemLines.push({ ...line, parsed });
  }
  const r = normalizeChunkList(items);
  const place = (issue: PathIssue): ParseError => {
    const k = typeof issue.path[0] === 'number' ? issue.path[0] : 0;
    const line = itemLines[k];
    if (!line) return makeParseError(text, issueText(issue), 0, 0, 'chunks', index);
    // Inside a line the item is the root, so the list index is dropped from the path.
    const local = { ...issue, path: issue.path.slice(1) };
    const e = positionIssue(local, text, line.parsed, 'chunks', index, line.start);
    return { ...e, message: issueText(issue) };
  };
  errors.push(...r.errors.map(place));
  warnings.push(...r.warnings.map(place));
  const ranges = r.indexes.map((k) => ({ start: itemLines[k]?.start ?? 0, end: itemLines[k]?.end ?? 0 }));
  return { chunks: r.chunks, format: 'jsonl', errors, warnings, ranges };
}
