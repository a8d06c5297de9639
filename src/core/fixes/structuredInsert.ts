// Quick fixes of structured answers, the third kind (issue 13 §4; fixStructured.ts has the other
// two and the re-check they share): an uncited claim gets one more structured citation, in the
// shape the answer's own citations have.
import type { JsonPath } from '../parse/json';
import type { Chunk, Citation, Claim, Finding, StructuredCitation } from '../types';
import { hasText, previewOf, type FixContext, type Fix, type TextEdit } from './context';
import { applyAll, audit, codeCount, derived, documentsOf, errorCounts, leafAt, pageOf, segments, valueAt, type Derived, type Documents } from './structured';
/** Keys of a citation object holding the quoted text of the chunk. */
const QUOTE_KEYS = ['quote', 'cited_text', 'quoted_text', 'snippet'];

/**
 * The fixes citing `claim` with each chunk of `ids` (best first, each covering the claim), written
 * as the answer's citations are written:
 * - answer spans (Cohere {start, end, text, document_ids | sources}): a citation of the claim's span;
 * - citations carrying a quote ({chunk_id, quote[, start, end]}): a citation of the chunk with its
 *   sentence that best matches the claim, verbatim (and its offsets, when the others give them);
 * - Anthropic content blocks: the claim's text block (one without citations) gets a citations list
 *   with one char_location or page_location like the other blocks', cited_text from the chunk, or
 *   a content_block_location of the chunk as one block when the others show the chunks are blocks.
 * Nothing for forms whose citations place no claim (ids alone, marker spans, OpenAI annotations).
 * Each is audited again: the new citation must land on this claim and name this chunk.
 */
export function structuredInsertFixes(fx: FixContext, f: Finding, claim: Claim, ids: readonly string[]): Fix[] {
  const d = derived(fx);
  const text = fx.structuredText;
  if (!d?.structured || text === undefined || d.structured.citations.length === 0) return [];
  const format = d.structured.format;
  const out: Fix[] = [];
  for (const id of ids) {
    const chunk = fx.chunk(id);
    if (!hasText(chunk)) continue;
    const built = format === 'anthropic-blocks' ? anthropicInsert(fx, d, claim, chunk) : listInsert(fx, d, claim, chunk);
    if (!built) continue;
    if (!acceptsInsert(fx, d, f, built.edits, chunk.id, claim.index)) continue;
    out.push({ kind: 'insert_citation', target: 'editor', edits: built.edits, text: built.shown, chunkId: chunk.id, preview: previewOf(chunk.text), ...(out.length === 0 ? { preferred: true } : {}) });
  }
  return out;
}

/** The case audited with the edits: one citation more (or its parts), every new one naming `chunkId` for `claimIndex`. */
function acceptsInsert(fx: FixContext, d: Derived, f: Finding, edits: TextEdit[], chunkId: string, claimIndex: number): boolean {
  if (!d.base) return false;
  const after = audit(fx, applyAll(fx.structuredText!, edits));
  if (!after || after.answer !== fx.answer || after.parseErrors > d.base.parseErrors) return false;
  const before = d.base.report;
  const was = errorCounts(before);
  for (const [code, n] of errorCounts(after.report)) if (n > (was.get(code) ?? 0)) return false;
  if (codeCount(after.report, f.code) >= codeCount(before, f.code)) return false;
  const sig = (c: Citation) => `${c.chunk_id ?? ''}\u0000${c.claim_index}\u0000${c.start}\u0000${c.end}`;
  const left = new Map<string, number>();
  for (const c of after.report.citations) left.set(sig(c), (left.get(sig(c)) ?? 0) + 1);
  for (const c of before.citations) {
    const n = left.get(sig(c)) ?? 0;
    if (n === 0) return false;
    left.set(sig(c), n - 1);
  }
  let added = 0;
  for (const [k, n] of left) {
    if (n === 0) continue;
    const [id, claim] = k.split('\u0000');
    if (id !== chunkId || claim !== String(claimIndex)) return false;
    added += n;
  }
  return added > 0;
}

/** The chunk's sentence (or line) sharing most weighted words with the claim, trimmed: [start, end). */
function bestSentence(fx: FixContext, claimText: string, chunkText: string): [number, number] | undefined {
  const want = new Set(fx.stats.vocab.termIds(claimText));
  let best: [number, number] | undefined;
  let bestScore = 0;
  const re = /[^.!?\n]+(?:[.!?]+(?=\s|$)|$)?/g;
  for (let m = re.exec(chunkText); m; m = re.exec(chunkText)) {
    if (m[0] === '') {
      re.lastIndex++;
      continue;
    }
    let s = m.index;
    let e = m.index + m[0].length;
    while (s < e && /\s/.test(chunkText[s]!)) s++;
    while (e > s && /\s/.test(chunkText[e - 1]!)) e--;
    if (e <= s) continue;
    let score = 0;
    for (const t of new Set(fx.stats.vocab.termIds(chunkText.slice(s, e)))) if (want.has(t)) score++;
    if (score > bestScore) {
      bestScore = score;
      best = [s, e];
    }
  }
  return best;
}

const claimTextOf = (fx: FixContext, claim: Claim) => claim.text || fx.answer.slice(claim.start, claim.end);

/** The claim's span without the spaces at its ends. */
function claimSpan(fx: FixContext, claim: Claim): [number, number] | undefined {
  let s = Math.max(0, claim.start);
  let e = Math.min(fx.answer.length, claim.end);
  while (s < e && /\s/.test(fx.answer[s]!)) s++;
  while (e > s && /\s/.test(fx.answer[e - 1]!)) e--;
  return e > s ? [s, e] : undefined;
}

/** How the form names `chunk` where the template wrote `old` (a number stays a number). */
function refValue(fx: FixContext, sc: StructuredCitation, chunk: Chunk, old: unknown): unknown {
  const pos = fx.position(chunk.id);
  const v = sc.refKind === 'index0' ? String(pos) : sc.refKind === 'index1' ? String(pos + 1) : sc.refKind === 'title' ? chunk.title : chunk.id;
  if (v === undefined || v === '') return undefined;
  return typeof old === 'number' && /^\d{1,15}$/.test(v) ? Number(v) : v;
}

const REF_KEY_SET = new Set(['chunk_id', 'source_id', 'id', 'doc_id', 'document_id', 'docid', 'source']);

/** A new citation in a list of citation objects, modelled on the list's last one. */
function listInsert(fx: FixContext, d: Derived, claim: Claim, chunk: Chunk): { edits: TextEdit[]; shown: string } | undefined {
  const s = d.structured!;
  const template = [...s.citations].reverse().find((c) => c.raw && typeof c.raw === 'object' && !Array.isArray(c.raw));
  if (!template) return undefined;
  const raw = template.raw as Record<string, unknown>;
  const path = d.paths.get(raw);
  if (!path || typeof path[path.length - 1] !== 'number') return undefined;
  const listPath = path.slice(0, -1);
  const list = valueAt(d.parse.value, listPath);
  if (!Array.isArray(list)) return undefined;
  const claimText = claimTextOf(fx, claim);
  const span = claimSpan(fx, claim);
  const o: Record<string, unknown> = {};
  let shown: string;
  if (s.format === 'cohere-spans' && template.location === 'answer_span') {
    // Offsets of an answer with characters beyond the BMP may count code points: not written.
    if (!span || /[\uD800-\uDFFF]/.test(fx.answer)) return undefined;
    for (const [k, v] of Object.entries(raw)) {
      if (k === 'start') o.start = span[0];
      else if (k === 'end') o.end = span[1];
      else if (k === 'text' && typeof v === 'string') o.text = fx.answer.slice(span[0], span[1]);
      else if (k === 'document_ids' && Array.isArray(v)) o.document_ids = [chunk.id];
      else if (k === 'sources' && Array.isArray(v)) {
        const first = v[0];
        o.sources = [first && typeof first === 'object' && typeof (first as Record<string, unknown>).type === 'string' ? { type: (first as Record<string, unknown>).type, id: chunk.id } : { id: chunk.id }];
      } else if (k === 'type' && typeof v === 'string') o.type = v;
      else return undefined; // a key whose meaning here is not known: not guessed
    }
    if (o.start === undefined || o.end === undefined || (o.document_ids === undefined && o.sources === undefined)) return undefined;
    shown = `${span[0]}–${span[1]}`;
  } else if (s.format === 'id-list' || s.format === 'offset-citations') {
    // Without an answer span the quote is what places the citation: only forms whose citations carry one.
    const quoteKey = QUOTE_KEYS.find((k) => typeof raw[k] === 'string') ?? (s.format === 'offset-citations' && typeof raw.text === 'string' ? 'text' : undefined);
    if (!quoteKey || template.quote === undefined) return undefined;
    const at = bestSentence(fx, claimText, chunk.text);
    if (!at) return undefined;
    const quote = chunk.text.slice(at[0], at[1]);
    for (const [k, v] of Object.entries(raw)) {
      if (k === quoteKey) o[k] = quote;
      else if (REF_KEY_SET.has(k) && (typeof v === 'string' || typeof v === 'number')) {
        const value = refValue(fx, template, chunk, v);
        if (value === undefined) return undefined;
        o[k] = value;
      } else if (s.format === 'offset-citations' && k === 'start') o.start = at[0];
      else if (s.format === 'offset-citations' && k === 'end') o.end = at[1];
      else if (k === 'page' && typeof v === 'number') {
        const p = pageOf(chunk);
        if (p === undefined) return undefined;
        o.page = p;
      } else if (k === 'type' && typeof v === 'string') o.type = v;
      else return undefined;
    }
    shown = `“${previewOf(quote, 6)}”`;
  } else return undefined;
  const edit = appendToList(fx.structuredText!, d, listPath, list.length, o);
  return edit ? { edits: [edit], shown } : undefined;
}

/** The edit appending `value` to the non-empty list at `listPath`, laid out as its last item is. */
function appendToList(text: string, d: Derived, listPath: JsonPath, length: number, value: unknown): TextEdit | undefined {
  if (length === 0) return undefined;
  const last = leafAt(d, [...listPath, length - 1]);
  if (!last) return undefined;
  let sep: string;
  let indent = '';
  if (length > 1) {
    const prev = leafAt(d, [...listPath, length - 2]);
    if (!prev) return undefined;
    const between = text.slice(prev.endOffset, last.offset);
    if (!/^\s*,\s*$/.test(between)) return undefined;
    sep = between;
  } else {
    const open = text.lastIndexOf('[', last.offset);
    const before = open >= 0 ? text.slice(open + 1, last.offset) : '';
    sep = /^\s*$/.test(before) && before.includes('\n') ? `,${before}` : ', ';
  }
  const nl = sep.lastIndexOf('\n');
  if (nl >= 0) indent = sep.slice(nl + 1);
  return { start: last.endOffset, end: last.endOffset, text: sep + layoutLike(text.slice(last.offset, last.endOffset), value, indent) };
}

/** `value` as JSON laid out as `like` is: on one line, or one key a line with its indentation. */
function layoutLike(like: string, value: unknown, indent: string): string {
  if (!like.includes('\n')) return JSON.stringify(value).replace(/":/g, like.includes('": ') ? '": ' : '":').replace(/,"/g, like.includes(', "') ? ', "' : ',"');
  const second = like.split('\n')[1] ?? '';
  const inner = /^\s*/.exec(second)![0];
  const unit = inner.startsWith(indent) && inner.length > indent.length ? inner.slice(indent.length) : '  ';
  return JSON.stringify(value, null, unit).split('\n').join(`\n${indent}`);
}

const squeezed = (t: string) => t.replace(/\s+/g, '');

/**
 * A content_block_location citation whose document (`docs`) has the blocks it cites and whose
 * cited_text is their text: evidence that the chunks are the blocks, without which no block index
 * is written.
 */
function blocksAreChunks(docs: Documents, raw: Record<string, unknown>): boolean {
  const { document_index: d, start_block_index: s, end_block_index: e, cited_text: cited } = raw;
  if (typeof cited !== 'string' || typeof d !== 'number' || typeof s !== 'number' || typeof e !== 'number' || !Number.isInteger(s) || s < 0 || !(e > s)) return false;
  const range = docs.list[d]?.slice(s, e) ?? [];
  return range.length === e - s && squeezed(range.map((ch) => ch.text).join('')) === squeezed(cited);
}

/** The claim's text block, when it lies within one block without citations: a citations list for it. */
function anthropicInsert(fx: FixContext, d: Derived, claim: Claim, chunk: Chunk): { edits: TextEdit[]; shown: string } | undefined {
  const s = d.structured!;
  const span = claimSpan(fx, claim);
  if (!span) return undefined;
  const isTemplate = (c: StructuredCitation, kinds: readonly string[]) => c.raw && typeof c.raw === 'object' && kinds.includes(c.location ?? '');
  // A char or page location as the model; else a block location whose blocks are the chunks.
  let template = s.citations.find((c) => isTemplate(c, ['char_location', 'page_location']));
  if (!template) {
    const blocks = documentsOf(fx, 'content_block_location');
    template = s.citations.find((c) => isTemplate(c, ['content_block_location']) && blocksAreChunks(blocks, c.raw as Record<string, unknown>));
  }
  if (!template) return undefined;
  const raw = template.raw as Record<string, unknown>;
  const location = template.location!;
  const docs = documentsOf(fx, location);
  const doc = docs.of.get(chunk);
  if (!doc) return undefined;
  const segs = segments(fx, d);
  const seg = segs?.find((g) => g.at <= span[0] && span[1] <= g.end);
  if (!seg) return undefined;
  // The block whose text literal this is.
  let blockPath: JsonPath | undefined;
  for (const [v, p] of d.paths) {
    if (Array.isArray(v)) continue;
    const l = d.parse.locate([...p, 'text']);
    if (l && l.offset === seg.offset) blockPath = p;
  }
  if (!blockPath) return undefined;
  const block = valueAt(d.parse.value, blockPath) as Record<string, unknown>;
  if (block.citations !== undefined && !(Array.isArray(block.citations) && block.citations.length === 0)) return undefined;
  // A block location cites the whole block; the others the chunk's sentence that best matches the claim.
  const at: [number, number] | undefined = location === 'content_block_location' ? [0, chunk.text.length] : bestSentence(fx, claimTextOf(fx, claim), chunk.text);
  if (!at) return undefined;
  // Character offsets count in the whole document: within one of its several chunks they are not known.
  if (location === 'char_location' && docs.list[doc.index]!.length > 1) return undefined;
  const quote = chunk.text.slice(at[0], at[1]);
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'type') o.type = v;
    else if (k === 'cited_text') o.cited_text = quote;
    else if (k === 'document_index' && typeof v === 'number') o.document_index = doc.index;
    else if (k === 'document_title') {
      if (typeof chunk.title === 'string' && chunk.title !== '') o.document_title = chunk.title;
      else if (v === null) o.document_title = null;
    } else if (k === 'start_char_index' && location === 'char_location') o.start_char_index = at[0];
    else if (k === 'end_char_index' && location === 'char_location') o.end_char_index = at[1];
    else if ((k === 'start_page_number' || k === 'end_page_number') && location === 'page_location') {
      const p = pageOf(chunk);
      if (p === undefined) return undefined;
      o[k] = k === 'start_page_number' ? p : p + 1;
    } else if ((k === 'start_block_index' || k === 'end_block_index') && location === 'content_block_location' && doc.block >= 0) {
      o[k] = k === 'start_block_index' ? doc.block : doc.block + 1;
    } else if (k === 'file_id' && v === null) o.file_id = null;
    else return undefined;
  }
  if (o.cited_text === undefined) return undefined;
  const text = fx.structuredText!;
  const blockAt = leafAt(d, blockPath);
  if (!blockAt) return undefined;
  const keys = Object.keys(block);
  const lastKey = keys[keys.length - 1]!;
  const lastVal = d.parse.locate([...blockPath, lastKey]);
  const firstKey = d.parse.locate([...blockPath, keys[0]!], 'key');
  if (!lastVal || !firstKey) return undefined;
  // Laid out as the block is: one key a line (with the first key's indentation) or on one line.
  const lead = text.slice(blockAt.offset + 1, firstKey.offset);
  const multi = lead.includes('\n');
  const indent = multi ? lead.slice(lead.lastIndexOf('\n') + 1) : '';
  const templateAt = d.paths.get(raw);
  const like = templateAt ? text.slice(leafAt(d, templateAt)?.offset ?? 0, leafAt(d, templateAt)?.endOffset ?? 0) : '';
  if (block.citations !== undefined) {
    const list = d.parse.locate([...blockPath, 'citations']);
    if (!list) return undefined;
    return { edits: [{ start: list.offset, end: list.endOffset, text: `[${layoutLike(like, o, indent)}]` }], shown: `“${previewOf(quote, 6)}”` };
  }
  const written = multi ? `,\n${indent}"citations": [${layoutLike(like, o, indent)}]` : `, "citations": [${layoutLike(like, o, '')}]`;
  return { edits: [{ start: lastVal.endOffset, end: lastVal.endOffset, text: written }], shown: `“${previewOf(quote, 6)}”` };
}
