// Anthropic Citations API content blocks (text blocks with citations of documents), and which
// of the pasted chunks a citation of a document points at. Read from structured.ts.
import type { JsonPath } from './json';
import { PreparedQuote, PreparedText, TextCorpus, elidedParts, findElidedQuote, findQuote, findQuoteIgnoringEdges, trimQuoteEdges } from '../text/quoteSearch';
import type { Chunk, RefKind, StructuredCitation, StructuredInput } from '../types';
import { describeType, isRecord } from './issues';
import { chunkIndex, documentKey, fold, isInt, issue, num, pageOf, prepared, str, type Ctx, type DocumentIndex } from './structuredCommon';
import { lastAtOrBelow } from '../text/sorted';

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

function documentIndex(ctx: Ctx, doc: readonly Chunk[]): DocumentIndex {
  const documents = chunkIndex(ctx).documents;
  let d = documents.get(doc);
  if (!d) documents.set(doc, (d = {}));
  return d;
}

/** The chunks of `doc` whose page is in [from, to), in the document's order; null when none of them has a page. */
function pagesIn(ctx: Ctx, doc: readonly Chunk[], from: number, to: number): Chunk[] | null {
  const d = documentIndex(ctx, doc);
  if (d.pages === undefined) {
    const withPage = doc.map((chunk, at) => ({ page: pageOf(chunk), at, chunk })).filter((x): x is { page: number; at: number; chunk: Chunk } => x.page !== undefined);
    // A page that is not a number (NaN) is in no range.
    d.pages = withPage.length ? withPage.filter((x) => !Number.isNaN(x.page)).sort((a, b) => a.page - b.page || a.at - b.at) : null;
  }
  const list = d.pages;
  if (!list) return null;
  const first = (p: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.page < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const hits = list.slice(first(from), Math.max(first(from), first(to)));
  return hits.sort((a, b) => a.at - b.at).map((x) => x.chunk);
}

/** The chunks of the cited document, in order; undefined when the chunks do not say. */
function documentChunks(c: Record<string, unknown>, sc: StructuredCitation, ctx: Ctx): readonly Chunk[] | undefined {
  const chunks = ctx.chunks;
  if (chunks.length === 0) return undefined;
  const index = chunkIndex(ctx);
  if (sc.documentTitle !== undefined) {
    const titled = index.byTitle.get(fold(sc.documentTitle));
    if (titled) return titled;
  }
  if (isInt(c.document_index) && index.order && index.groups) {
    // Documents in the order their first chunk appears.
    const order = index.order;
    // Only when the titles group the chunks into fewer documents than chunks: else each chunk
    // is a document and the index is a plain position.
    // Titles can repeat across documents too (two search results titled alike): when the chunk at
    // the plain position holds the cited text, or there are fewer titles than the index, the
    // index is read as that position.
    if (!(order.length < chunks.length && c.document_index < order.length)) return undefined;
    const plain = chunks[c.document_index];
    const quote = sc.quote;
    const plainHolds =
      sc.location !== 'page_location' && plain !== undefined && quote !== undefined && quote.trim() !== '' && (findQuote(quote, prepared(ctx, plain)) ?? findQuoteIgnoringEdges(quote, prepared(ctx, plain))) !== undefined;
    return plainHolds ? undefined : index.groups.get(order[c.document_index]!);
  }
  // No titles: paged chunks of a single cited document.
  if (sc.location === 'page_location' && (c.document_index === undefined || c.document_index === 0) && index.paged.length > 0) return index.paged;
  return undefined;
}

function placeInDocument(sc: StructuredCitation, c: Record<string, unknown>, ctx: Ctx): StructuredCitation {
  const doc = documentChunks(c, sc, ctx);
  if (doc === undefined) return sc;
  let candidates: readonly Chunk[];
  if (sc.location === 'page_location' && sc.page !== undefined) {
    const from = sc.page;
    const to = sc.pageEnd ?? from + 1;
    // Chunks without page numbers: one chunk per page, in order.
    candidates = pagesIn(ctx, doc, from, to) ?? doc.slice(Math.max(0, from - 1), Math.max(0, to - 1));
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
  const { chosen, credited } = candidates === doc ? placeInWhole(ctx, doc, sc) : { chosen: chooseByQuote(ctx, candidates, sc.quote), credited: candidates };
  const out: StructuredCitation = { ...sc, ref: chosen.id, refKind: 'id', chunkIds: credited.map((ch) => ch.id) };
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
function chooseByQuote(ctx: Ctx, candidates: readonly Chunk[], quote: string | undefined): Chunk {
  if (candidates.length === 1 || quote === undefined || quote.trim() === '') return candidates[0]!;
  const pq = new PreparedQuote(quote);
  for (const ch of candidates) if (findQuote(pq, prepared(ctx, ch)) ?? findQuoteIgnoringEdges(quote, prepared(ctx, ch))) return ch;
  // A quote across a page break: the chunk holding its beginning.
  const head = quote.trim().slice(0, 60);
  if (head.length >= 12) for (const ch of candidates) if (findQuote(head, prepared(ctx, ch))) return ch;
  return candidates[0]!;
}

/**
 * A citation of a whole document of several chunks (a char_location, whose offsets count in the
 * whole document; a location naming no part of it): the chunk holding the cited text, chosen as
 * chooseByQuote chooses it but without trying the chunks one by one (the document's chunks are
 * searched together), and the chunks it credits — those the cited text lies in, not the whole
 * document, which for n citations of an n-chunk document would be n × n chunks to list and to
 * check. A quote across a chunk break credits the chunks it runs over (read in order, as the
 * quotes check reads them); a quote found nowhere credits where a char_location's offsets fall
 * in the chunks read in order, else the chosen chunk alone.
 */
function placeInWhole(ctx: Ctx, doc: readonly Chunk[], sc: StructuredCitation): { chosen: Chunk; credited: readonly Chunk[] } {
  const quote = sc.quote;
  const d = documentIndex(ctx, doc);
  if (quote !== undefined && quote.trim() !== '') {
    const pq = new PreparedQuote(quote);
    const corpus = (d.corpus ??= new TextCorpus(doc.map((ch) => prepared(ctx, ch))));
    // The quote as findQuote or findQuoteIgnoringEdges may find it: itself, without its edges,
    // and the first part of those edges' rest when it has elisions.
    const forms = [pq];
    const core = trimQuoteEdges(quote);
    if (core !== quote && core.replace(/\s/g, '').length >= 4) {
      forms.push(new PreparedQuote(core));
      const parts = elidedParts(core);
      if (parts) forms.push(new PreparedQuote(parts[0]!));
    }
    const holds = (ch: Chunk) => (findQuote(pq, prepared(ctx, ch)) ?? findQuoteIgnoringEdges(quote, prepared(ctx, ch))) !== undefined;
    const hit = firstConfirmed(corpus, forms, doc, holds);
    if (hit) return { chosen: hit, credited: [hit] };
    // A quote across a chunk break: the chunk holding its beginning, and the chunks it runs over.
    const joined = joinedDocument(d, doc);
    const head = quote.trim().slice(0, 60);
    const start = head.length >= 12 ? firstConfirmed(corpus, [new PreparedQuote(head)], doc, (ch) => findQuote(head, prepared(ctx, ch)) !== undefined) : undefined;
    if (start) {
      const near = joined.starts[joined.position.get(start) ?? -1];
      const m = findQuote(pq, joined.text, near) ?? findQuoteIgnoringEdges(quote, joined.text, near);
      const over = m ? chunksOver(joined, m.start, m.end) : [];
      return { chosen: start, credited: over.includes(start) ? over : [start] };
    }
    // In no chunk, nor from the beginning of one: the chunks read in order may still hold it
    // (a quote with elisions whose parts lie in different chunks).
    const m = findQuote(pq, joined.text) ?? findElidedQuote(quote, joined.text.raw) ?? findQuoteIgnoringEdges(quote, joined.text);
    if (m) {
      const over = chunksOver(joined, m.start, m.end);
      if (over.length > 0) return { chosen: over[0]!, credited: over };
    }
  }
  if (sc.location === 'char_location' && sc.sourceStart !== undefined && sc.sourceEnd !== undefined) {
    const over = chunksOver(joinedDocument(d, doc), sc.sourceStart, Math.max(sc.sourceStart + 1, sc.sourceEnd));
    if (over.length > 0) return { chosen: over[0]!, credited: over };
  }
  return { chosen: doc[0]!, credited: [doc[0]!] };
}

/** The first chunk (in order) that one of the forms may be in and `holds` confirms. */
function firstConfirmed(corpus: TextCorpus, forms: readonly PreparedQuote[], doc: readonly Chunk[], holds: (ch: Chunk) => boolean): Chunk | undefined {
  for (let from = 0; from < doc.length; ) {
    let next: number | undefined;
    for (const f of forms) {
      const at = corpus.firstFrom(f, from);
      if (at !== undefined && (next === undefined || at < next)) next = at;
    }
    if (next === undefined) return undefined;
    if (holds(doc[next]!)) return doc[next];
    from = next + 1;
  }
  return undefined;
}

function joinedDocument(d: DocumentIndex, doc: readonly Chunk[]): NonNullable<DocumentIndex['joined']> {
  if (d.joined) return d.joined;
  const chunks = doc.filter((ch) => typeof ch.text === 'string' && ch.text.trim() !== '');
  const starts: number[] = [];
  let at = 0;
  for (const ch of chunks) {
    starts.push(at);
    at += ch.text.length + 1;
  }
  const position = new Map(chunks.map((ch, k) => [ch, k] as const));
  return (d.joined = { text: new PreparedText(chunks.map((ch) => ch.text).join('\n')), starts, chunks, position });
}

/** The chunks of the joined document that [start, end) overlaps, in order. */
function chunksOver(joined: NonNullable<DocumentIndex['joined']>, start: number, end: number): Chunk[] {
  const { starts, chunks } = joined;
  const out: Chunk[] = [];
  // The last chunk starting at or before `start`, then each next one starting before `end`.
  for (let k = lastAtOrBelow(starts, start); k < chunks.length && starts[k]! < end; k++) {
    if (start < starts[k]! + chunks[k]!.text.length) out.push(chunks[k]!);
  }
  return out;
}
