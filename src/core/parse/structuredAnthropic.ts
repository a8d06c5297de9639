// Anthropic Citations API content blocks (text blocks with citations of documents), and which
// of the pasted chunks a citation of a document points at. Read from structured.ts.
import type { JsonPath } from '../json';
import { PreparedQuote, findQuote, findQuoteIgnoringEdges } from '../quoteSearch';
import type { Chunk, RefKind, StructuredCitation, StructuredInput } from '../types';
import { describeType, isRecord } from './issues';
import { isInt, issue, num, str, type Ctx } from './structuredCommon';

// ---------------------------------------------------------------------------------------------
// Anthropic Citations API content blocks

export function anthropicBlocks(blocks: unknown[], ctx: Ctx, path: JsonPath, single = false): StructuredInput {
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
