// Chunks pasted as text (SPEC §2): labelled or bracketed blocks as prompts render them ("Document
// 1: …", "[1] …", "Source 2 (report.pdf):"), documents in XML-like tags as prompts for Claude wrap
// them, and LongCite's "<C0>…<C1>…". The JSON forms and the detection of the format are in
// chunks.ts. Nothing here throws: every problem is positioned.
import { LineIndex, makeParseError } from '../text/positions';
import type { Chunk, ChunkFormat, ParseError } from '../types';
import { firstContentIndex } from './issues';

/** What reading the Chunks input gives, whatever its format. */
export interface ParseChunksResult {
  chunks: Chunk[];
  format: ChunkFormat;
  errors: ParseError[];
  warnings: ParseError[];
  /** Where each chunk came from in the text (parallel to chunks; offsets, end exclusive). */
  ranges: { start: number; end: number }[];
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
// "Document 1: text", "Source 2:", "Document [1](Title: T): text" (ALCE), "Passage #3 - text",
// "Source 1 (report.pdf, page 3):" (the parenthesis is the title).
const LABEL_HEAD = `^[ \\t]*(?:#+[ \\t]*)?(?:\\*\\*)?(?:${LABELS})[ \\t]*(?:#|no\\.)?[ \\t]*`;
const LABEL_RE = new RegExp(
  `${LABEL_HEAD}(?:\\[([^\\]\\r\\n]{1,80})\\]|([A-Za-z0-9](?:[\\w.\\-/]*[A-Za-z0-9_])?))(?:\\*\\*)?[ \\t]*(?:\\((?:Title:[ \\t]*)?(.*?)\\))?[ \\t]*(?:[:\\-–—][ \\t]*|$)`,
  'i',
);
// "Document [2] Paris" with the text on the following lines: the rest of the line is a title.
const LABEL_BRACKET_TITLE_RE = new RegExp(`${LABEL_HEAD}\\[([^\\]\\r\\n]{1,80})\\](?:\\*\\*)?[ \\t]+(?=\\S)`, 'i');
// "[1] Title", "[doc1] text", "[1](Title: T): text"; not a Markdown link "[text](url)".
const BRACKET_RE = /^[ \t]*\[([^\]\r\n,]{1,80})\](?:\(Title:[ \t]*(.*?)\)[ \t]*:?)?(?!\()[ \t]*/;

function matchHeader(style: 'label' | 'bracket', text: string, lineStart: number, lineEnd: number): Header | undefined {
  const line = text.slice(lineStart, lineEnd);
  let m = (style === 'label' ? LABEL_RE : BRACKET_RE).exec(line);
  let titleRest = style === 'bracket';
  if (!m && style === 'label') {
    m = LABEL_BRACKET_TITLE_RE.exec(line);
    titleRest = true;
  }
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
    restIsTitle: titleRest && title === undefined,
  };
}

/** A line that only separates blocks: `---`, `***`, `___`, `===`. */
const SEPARATOR_LINE = /^[ \t]*(?:-{3,}|\*{3,}|_{3,}|={3,})[ \t]*$/;

/** All lines with offsets; separator lines count as blank. */
function allLines(text: string): { start: number; end: number; blank: boolean }[] {
  const out: { start: number; end: number; blank: boolean }[] = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const m = re.exec(text);
    const end = m ? m.index : text.length;
    const line = text.slice(start, end);
    out.push({ start, end, blank: !/\S/.test(line) || SEPARATOR_LINE.test(line) });
    if (!m) break;
    start = m.index + m[0].length;
  }
  return out;
}

/** Offsets of `text[start, end)` without surrounding whitespace and separator lines. */
function trimSpan(text: string, start: number, end: number): [number, number] {
  for (;;) {
    while (start < end && /\s/.test(text[start] ?? '')) start++;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    // Separator lines are rare: look for them only when the span starts or ends with one's characters.
    const c0 = text[start];
    const c1 = text[end - 1];
    if (!(c0 === '-' || c0 === '*' || c0 === '_' || c0 === '=' || c1 === '-' || c1 === '*' || c1 === '_' || c1 === '=')) return [start, end];
    const firstBreak = text.slice(start, end).search(/[\r\n]/);
    let lastBreak = end - 1;
    while (lastBreak >= start && text[lastBreak] !== '\n' && text[lastBreak] !== '\r') lastBreak--;
    if (firstBreak >= 0 && SEPARATOR_LINE.test(text.slice(start, start + firstBreak))) start += firstBreak;
    else if (lastBreak >= start && SEPARATOR_LINE.test(text.slice(lastBreak + 1, end))) end = lastBreak;
    else if (firstBreak < 0 && SEPARATOR_LINE.test(text.slice(start, end))) return [start, start];
    else return [start, end];
  }
}

export function parseTextBlocks(text: string): ParseChunksResult {
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
  const xml = XML_OPEN.exec(text.slice(firstContentIndex(text), firstContentIndex(text) + 200));
  if (xml) {
    const r = parseXmlBlocks(text, index, xml[1]!.toLowerCase());
    if (r) return r;
  }

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

// Documents in XML-like tags, as prompts for Claude wrap them: <document index="1"><source>…
// </source><document_content>…</document_content></document>, or <doc id="a">text</doc>.
const XML_TAGS = 'document|doc|chunk|passage|context|source|search_result|result';
const XML_OPEN = new RegExp(`^(?:<documents>\\s*)?<(${XML_TAGS})(?=[\\s>])[^>]*>`, 'i');
const XML_ID_ATTRS = ['id', 'index', 'doc_id', 'chunk_id', 'source_id', 'key', 'name'];
const XML_TEXT_TAGS = ['document_content', 'content', 'text', 'page_content', 'passage', 'snippet'];
const XML_TITLE_TAGS = ['title', 'source', 'document_title', 'filename'];

function xmlAttr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function xmlEntities(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] ?? _);
}

/** The element <tag>…</tag> inside inner, as offsets of its content; the first one only. */
function xmlChild(inner: string, tags: readonly string[]): { tag: string; start: number; end: number } | undefined {
  for (const tag of tags) {
    const open = new RegExp(`<${tag}(?:\\s[^>]*)?>`, 'i').exec(inner);
    if (!open) continue;
    const start = open.index + open[0].length;
    const close = inner.toLowerCase().indexOf(`</${tag}>`, start);
    if (close < 0) continue;
    return { tag, start, end: close };
  }
  return undefined;
}

function parseXmlBlocks(text: string, index: LineIndex, tag: string): ParseChunksResult | undefined {
  const chunks: Chunk[] = [];
  const ranges: { start: number; end: number }[] = [];
  const errors: ParseError[] = [];
  const warnings: ParseError[] = [];
  const re = new RegExp(`<${tag}((?:\\s[^>]*)?)>([\\s\\S]*?)</${tag}\\s*>`, 'gi');
  const seen = new Map<string, number>();
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const attrs = m[1] ?? '';
    const inner = m[2] ?? '';
    const innerStart = m.index + tag.length + attrs.length + 2; // after "<", the tag, its attributes and ">"
    const idAttr = XML_ID_ATTRS.map((a) => xmlAttr(attrs, a)).find((v) => v !== undefined && v.trim() !== '');
    const id = idAttr !== undefined ? xmlEntities(idAttr.trim()) : String(chunks.length + 1);
    const body = xmlChild(inner, XML_TEXT_TAGS);
    const titleEl = xmlChild(inner, XML_TITLE_TAGS.filter((t) => t !== body?.tag));
    let [s, e] = body ? [innerStart + body.start, innerStart + body.end] : [innerStart, innerStart + inner.length];
    [s, e] = trimSpan(text, s, e);
    const raw = text.slice(s, e);
    const chunk: Chunk = { id, text: /&(?:lt|gt|quot|apos|amp);/.test(raw) ? xmlEntities(raw) : raw };
    const title = titleEl && body ? xmlEntities(inner.slice(titleEl.start, titleEl.end).trim()) : xmlAttr(attrs, 'title');
    if (title) chunk.title = title;
    const first = seen.get(id);
    if (first !== undefined) errors.push(makeParseError(text, `duplicate chunk id '${id}' (chunk ${first + 1} has it too)`, m.index, m.index + m[0].indexOf('>') + 1, 'chunks', index));
    else seen.set(id, chunks.length);
    if (chunk.text.trim() === '') warnings.push(makeParseError(text, `chunk '${id}' has no text`, m.index, m.index + m[0].indexOf('>') + 1, 'chunks', index));
    chunks.push(chunk);
    ranges.push({ start: m.index, end: m.index + m[0].length });
  }
  if (chunks.length === 0) return undefined;
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
