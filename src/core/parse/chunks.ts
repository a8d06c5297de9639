// Chunks as users paste them (SPEC §2): JSON lists and maps in the shapes retrieval libraries print,
// JSON Lines, or plain text blocks as prompts render them. The detected format is reported, and
// every problem is positioned; nothing here throws.
import { parseJson, type JsonParseResult, type JsonPath } from '../json';
import { LineIndex, makeParseError } from '../positions';
import type { Chunk, ChunkFormat, ParseError } from '../types';
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
export const TEXT_KEYS = ['text', 'content', 'page_content', 'pageContent', 'chunk', 'passage'] as const;
/** Keys that hold a chunk's id, in order of preference. */
export const ID_KEYS = ['id', 'chunk_id', 'doc_id', 'source_id', 'document_id', 'docid'] as const;
/** Object keys that hold a list of chunks when a whole wrapper object is pasted. */
const LIST_KEYS = ['chunks', 'documents', 'docs', 'contexts', 'passages', 'sources', 'ctxs', 'citations'] as const;

export interface ChunkListResult {
  chunks: Chunk[];
  /** For each chunk, the index of the list element it came from. */
  indexes: number[];
  errors: PathIssue[];
  warnings: PathIssue[];
}

export interface ParseChunksResult {
  chunks: Chunk[];
  format: ChunkFormat;
  errors: ParseError[];
  warnings: ParseError[];
  /** Where each chunk came from in the text (parallel to chunks; offsets, end exclusive). */
  ranges: { start: number; end: number }[];
}

function idFrom(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

// Azure OpenAI "On Your Data" citations carry a chunk_id that is the chunk's index inside its file
// (often "0" for every citation); the answer cites them as [docN] by position instead.
function isAzureCitation(item: Record<string, unknown>): boolean {
  return typeof item.content === 'string' && 'filepath' in item && 'chunk_id' in item && (item.id === null || item.id === undefined);
}

/**
 * Normalise one list of chunk-like values (objects in any of the known shapes, or plain strings)
 * to Chunks. Missing ids become positions ("1".."n"), null or missing text becomes '' with a
 * warning, alias keys are folded into id/text, other fields are kept. Paths are relative to `base`.
 */
export function normalizeChunkList(items: readonly unknown[], base: JsonPath = []): ChunkListResult {
  const errors: PathIssue[] = [];
  const warnings: PathIssue[] = [];
  const chunks: Chunk[] = [];
  const indexes: number[] = [];
  const idPaths: JsonPath[] = [];

  // metadata.source names a file or page; it identifies a chunk only when no two chunks share it.
  const sourceCounts = new Map<string, number>();
  for (const item of items) {
    const src = isRecord(item) && isRecord(item.metadata) ? idFrom(item.metadata.source) : undefined;
    if (src !== undefined) sourceCounts.set(src, (sourceCounts.get(src) ?? 0) + 1);
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

  // Text.
  let text = '';
  const textKey = TEXT_KEYS.find((k) => item[k] !== undefined);
  if (textKey === undefined) {
    warnings.push({ path, message: `no text (expected one of ${TEXT_KEYS.slice(0, 4).join(', ')}); treated as empty` });
  } else {
    const v = item[textKey];
    delete rest[textKey];
    if (typeof v === 'string') text = v;
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
    } else if (metadata) {
      const metaKey = ID_KEYS.find((k) => idFrom(metadata[k]) !== undefined);
      const src = idFrom(metadata.source);
      if (metaKey !== undefined) {
        id = idFrom(metadata[metaKey]);
        idPath = [...path, 'metadata', metaKey];
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
      if (idKey === undefined && !(metadata && idPath.length > path.length)) {
        warnings.push({ path, message: `no id; using its position '${positional}'` });
      }
    }
  }

  // Known optional fields: drop nulls, coerce what is unambiguous, move the rest aside.
  const title = item.title ?? metadata?.title;
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
  if (looksLikeJson(text)) return parseJsonChunks(text);
  return parseTextBlocks(text);
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

  if (Array.isArray(value)) {
    const r = normalizeChunkList(value);
    return {
      chunks: r.chunks,
      format: 'json-array',
      errors: position(r.errors),
      warnings: position(r.warnings),
      ranges: rangesOf(r.indexes.map((i) => [i])),
    };
  }
  if (isRecord(value)) {
    if (isSingleChunkObject(value)) {
      const r = normalizeChunkList([value]);
      // Paths of a one-element list are re-rooted at the object itself.
      const reroot = (issues: PathIssue[]): PathIssue[] => issues.map((i) => ({ ...i, path: i.path.slice(1) }));
      const warnings = position(reroot(r.warnings));
      return { chunks: r.chunks, format: 'json-array', errors: position(reroot(r.errors)), warnings, ranges: rangesOf(r.chunks.map(() => [])) };
    }
    const listKey = LIST_KEYS.find((k) => Array.isArray(value[k]));
    if (listKey !== undefined) {
      const list = value[listKey] as unknown[];
      const r = normalizeChunkList(list, [listKey]);
      const note: PathIssue = { path: [listKey], message: `took the chunks from the '${listKey}' list of the pasted object`, target: 'key' };
      return {
        chunks: r.chunks,
        format: 'json-array',
        errors: position(r.errors),
        warnings: position([note, ...r.warnings]),
        ranges: rangesOf(r.indexes.map((i) => [listKey, i])),
      };
    }
    const r = normalizeChunkMap(value);
    return {
      chunks: r.chunks,
      format: 'json-map',
      errors: position(r.errors),
      warnings: position(r.warnings),
      ranges: rangesOf(r.chunks.map((c) => [c.id])),
    };
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
 * JSON Lines when a whole-text parse fails and the text is one JSON value per line: the first
 * non-blank line parses on its own, or every non-blank line is a braced object. Returns the lines.
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
  return braced ? lines : undefined;
}

function parseJsonlChunks(text: string, lines: { start: number; end: number }[], index: LineIndex): ParseChunksResult {
  const errors: ParseError[] = [];
  const warnings: ParseError[] = [];
  const items: unknown[] = [];
  const itemLines: { start: number; end: number; parsed: JsonParseResult }[] = [];
  for (const line of lines) {
    const slice = text.slice(line.start, line.end);
    const parsed = parseJson(slice);
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

// ---------------------------------------------------------------------------------------------
// Plain text blocks

interface Header {
  /** Offset of the header line's start and of the text that follows the id (same line). */
  lineStart: number;
  restStart: number;
  lineEnd: number;
  id: string;
  idStart: number;
  idEnd: number;
  title?: string;
  /** The rest of the header line is a title when more lines follow ("[1] Title\ntext"). */
  restIsTitle: boolean;
}

const LABELS = 'document|doc|source|passage|chunk|context|reference|result|search result|dokument|zdroj|pasáž';
// "Document 1: text", "Source 2:", "Document [1](Title: T): text" (ALCE), "Passage #3 - text".
const LABEL_RE = new RegExp(
  `^[ \\t]*(?:#+[ \\t]*)?(?:\\*\\*)?(?:${LABELS})[ \\t]*(?:#|no\\.)?[ \\t]*(?:\\[([^\\]\\r\\n]{1,80})\\]|([A-Za-z0-9](?:[\\w.\\-/]*[A-Za-z0-9_])?))(?:\\*\\*)?[ \\t]*(?:\\(Title:[ \\t]*(.*?)\\))?[ \\t]*(?:[:\\-–—][ \\t]*|$)`,
  'i',
);
// "[1] Title", "[doc1] text", "[1](Title: T): text"; not a Markdown link "[text](url)".
const BRACKET_RE = /^[ \t]*\[([^\]\r\n,]{1,80})\](?:\(Title:[ \t]*(.*?)\)[ \t]*:?)?(?!\()[ \t]*/;

function matchHeader(style: 'label' | 'bracket', text: string, lineStart: number, lineEnd: number): Header | undefined {
  const line = text.slice(lineStart, lineEnd);
  const m = (style === 'label' ? LABEL_RE : BRACKET_RE).exec(line);
  if (!m) return undefined;
  const rawId = style === 'label' ? (m[1] ?? m[2] ?? '') : (m[1] ?? '');
  const id = rawId.trim();
  if (id === '') return undefined;
  const title = style === 'label' ? m[3] : m[2];
  const idStart = lineStart + line.indexOf(rawId, style === 'label' ? 0 : line.indexOf('[') + 1) + (rawId.length - rawId.trimStart().length);
  return {
    lineStart,
    restStart: lineStart + m[0].length,
    lineEnd,
    id,
    idStart,
    idEnd: idStart + id.length,
    ...(title !== undefined && title.trim() !== '' ? { title: title.trim() } : {}),
    restIsTitle: style === 'bracket' && title === undefined,
  };
}

/** All lines with offsets, blank or not. */
function allLines(text: string): { start: number; end: number; blank: boolean }[] {
  const out: { start: number; end: number; blank: boolean }[] = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const m = re.exec(text);
    const end = m ? m.index : text.length;
    out.push({ start, end, blank: !/\S/.test(text.slice(start, end)) });
    if (!m) break;
    start = m.index + m[0].length;
  }
  return out;
}

/** Offsets of `text[start, end)` without surrounding whitespace. */
function trimSpan(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return [start, end];
}

function parseTextBlocks(text: string): ParseChunksResult {
  const index = new LineIndex(text);
  const lines = allLines(text);
  const firstLine = lines.find((l) => !l.blank);
  const chunks: Chunk[] = [];
  const ranges: { start: number; end: number }[] = [];
  const errors: ParseError[] = [];
  const warnings: ParseError[] = [];
  if (!firstLine) return { chunks, format: 'empty', errors, warnings, ranges };

  const longCite = /<C\d+>/y;
  longCite.lastIndex = firstContentIndex(text);
  if (longCite.test(text)) return parseLongCiteBlocks(text, index);

  const style = matchHeader('label', text, firstLine.start, firstLine.end)
    ? 'label'
    : matchHeader('bracket', text, firstLine.start, firstLine.end)
      ? 'bracket'
      : undefined;

  if (style === undefined) {
    // Blank-line separated blocks with positional ids.
    let blockStart = -1;
    let blockEnd = -1;
    const flush = (): void => {
      if (blockStart < 0) return;
      const [s, e] = trimSpan(text, blockStart, blockEnd);
      chunks.push({ id: String(chunks.length + 1), text: text.slice(s, e) });
      ranges.push({ start: s, end: e });
      blockStart = -1;
    };
    for (const l of lines) {
      if (l.blank) flush();
      else {
        if (blockStart < 0) blockStart = l.start;
        blockEnd = l.end;
      }
    }
    flush();
    return { chunks, format: 'text-blocks', errors, warnings, ranges };
  }

  // Header lines start blocks. A header-looking line inside a block ("[233] ..." in a Wikipedia
  // passage) only counts after a blank line, right after another header line, or when it
  // continues the numbering (n+1).
  const headers: Header[] = [];
  let prevBlank = true;
  let prevWasHeader = false;
  let lastNumber: number | undefined;
  for (const l of lines) {
    if (l.blank) {
      prevBlank = true;
      prevWasHeader = false;
      continue;
    }
    const h = matchHeader(style, text, l.start, l.end);
    const num = h && /^\d+$/.test(h.id) ? Number(h.id) : undefined;
    if (h && (prevBlank || prevWasHeader || headers.length === 0 || (num !== undefined && lastNumber !== undefined && num === lastNumber + 1))) {
      headers.push(h);
      lastNumber = num;
      prevWasHeader = true;
    } else prevWasHeader = false;
    prevBlank = false;
  }

  const seen = new Map<string, number>();
  headers.forEach((h, k) => {
    const next = headers[k + 1];
    const blockEnd = next ? next.lineStart : text.length;
    let title = h.title;
    let [s, e] = trimSpan(text, h.restStart, blockEnd);
    if (h.restIsTitle) {
      const restOfLine = text.slice(h.restStart, h.lineEnd).trim();
      const [ms, me] = trimSpan(text, h.lineEnd, blockEnd);
      if (restOfLine !== '' && ms < me) {
        title = restOfLine;
        [s, e] = [ms, me];
      }
    }
    const chunk: Chunk = { id: h.id, text: text.slice(s, e), ...(title !== undefined ? { title } : {}) };
    const first = seen.get(h.id);
    if (first !== undefined) {
      errors.push(makeParseError(text, `duplicate chunk id '${h.id}' (chunk ${first + 1} has it too)`, h.idStart, h.idEnd, 'chunks', index));
    } else seen.set(h.id, k);
    if (chunk.text === '') warnings.push(makeParseError(text, `chunk '${h.id}' has no text`, h.idStart, h.idEnd, 'chunks', index));
    chunks.push(chunk);
    ranges.push({ start: h.lineStart, end: e });
  });

  // Text before the first header (an introduction line) is not a chunk; say so.
  const firstHeader = headers[0];
  if (firstHeader && firstHeader.lineStart > firstLine.start) {
    warnings.push(makeParseError(text, 'text before the first chunk header is ignored', firstLine.start, firstLine.end, 'chunks', index));
  }
  return { chunks, format: 'text-blocks', errors, warnings, ranges };
}

/** LongCite: the document pre-split as "<C0>sentence <C1>sentence ...", ids = the numbers. */
function parseLongCiteBlocks(text: string, index: LineIndex): ParseChunksResult {
  const chunks: Chunk[] = [];
  const ranges: { start: number; end: number }[] = [];
  const errors: ParseError[] = [];
  const re = /<C(\d+)>/g;
  const marks: { id: string; start: number; end: number }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) marks.push({ id: m[1] ?? '', start: m.index, end: m.index + m[0].length });
  const seen = new Set<string>();
  marks.forEach((mark, k) => {
    const end = marks[k + 1]?.start ?? text.length;
    if (seen.has(mark.id)) errors.push(makeParseError(text, `duplicate chunk id '${mark.id}'`, mark.start, mark.end, 'chunks', index));
    seen.add(mark.id);
    chunks.push({ id: mark.id, text: text.slice(mark.end, end) });
    ranges.push({ start: mark.start, end });
  });
  return { chunks, format: 'text-blocks', errors, warnings: [], ranges };
}
