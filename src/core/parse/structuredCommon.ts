// What the readers of structured citation forms share (structured.ts and the structured*.ts
// files beside it): the context problems are collected in, small value readers, the keys that
// name a chunk, and how a list of refs is meant.
import type { JsonPath } from './json';
import { PreparedText, type TextCorpus } from '../text/quoteSearch';
import type { Chunk, RefKind } from '../types';
import { isRecord, type PathIssue } from './issues';

/** Keys under which citation objects name their chunk, in order of preference. */
export const REF_KEYS = ['chunk_id', 'source_id', 'id', 'doc_id', 'document_id', 'docid', 'source'] as const;

/** One reading: the answer and chunks given beside the value, and the problems found (paths under `base`). */
export interface Ctx {
  answer: string;
  chunks: readonly Chunk[];
  issues: PathIssue[];
  base: JsonPath;
  /** What is read from the chunks once for every citation that needs it (see chunkIndex). */
  index?: ChunkIndex;
}

// ---------------------------------------------------------------------------------------------
// The chunks by document, title and page, and each chunk's text prepared for quote searches:
// read once per structured value, so that n citations of a document of n chunks cost about n
// (plus what each one cites), not n × n.

export interface ChunkIndex {
  keys: (string | undefined)[];
  /** Folded document key → its chunks, in order. */
  byTitle: Map<string, Chunk[]>;
  /** When every chunk has a document key: documents in the order their first chunk appears. */
  order?: string[];
  groups?: Map<string, Chunk[]>;
  /** The chunks with a page (pageOf), in order. */
  paged: Chunk[];
  /** Chunk.page → its chunks, in order (offset citations naming only a page). */
  byPage: Map<number, Chunk[]>;
  /** Whether any chunk has a page field at all. */
  anyPage: boolean;
  prepared: Map<Chunk, PreparedText>;
  /** Per document (a list of chunks): what its citations look up in it, built on first need. */
  documents: WeakMap<readonly Chunk[], DocumentIndex>;
}

export interface DocumentIndex {
  /** Its chunks with a page, by page ascending (position breaks ties); null when none has one. */
  pages?: { page: number; at: number; chunk: Chunk }[] | null;
  /** Its chunks' texts searched together: which of them holds a quote. */
  corpus?: TextCorpus;
  /** Its chunks with text joined by line breaks (as the quotes check reads a location over several chunks), and where each starts. */
  joined?: { text: PreparedText; starts: number[]; chunks: Chunk[]; position: Map<Chunk, number> };
}

export const fold = (t: string): string => t.trim().toLowerCase();

/** The name of the document a chunk belongs to (its title, or a file name in its metadata). */
export function documentKey(ch: Chunk): string | undefined {
  const rec = ch as Record<string, unknown>;
  const meta = isRecord(rec.metadata) ? rec.metadata : undefined;
  for (const v of [ch.title, rec.document_title, rec.source, meta?.document_title, meta?.title, meta?.source, meta?.file_name, meta?.filename]) {
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return undefined;
}

export function pageOf(ch: Chunk): number | undefined {
  if (typeof ch.page === 'number') return ch.page;
  const meta = (ch as Record<string, unknown>).metadata;
  return isRecord(meta) && isInt(meta.page_number) ? meta.page_number : undefined;
}

export function chunkIndex(ctx: Ctx): ChunkIndex {
  if (ctx.index) return ctx.index;
  const chunks = ctx.chunks;
  const keys = chunks.map(documentKey);
  const byTitle = new Map<string, Chunk[]>();
  const paged: Chunk[] = [];
  const byPage = new Map<number, Chunk[]>();
  let anyPage = false;
  chunks.forEach((ch, k) => {
    if (ch.page !== undefined) anyPage = true;
    const key = keys[k];
    if (key !== undefined) push(byTitle, fold(key), ch);
    if (pageOf(ch) !== undefined) paged.push(ch);
    if (typeof ch.page === 'number') push(byPage, ch.page, ch);
  });
  const index: ChunkIndex = { keys, byTitle, paged, byPage, anyPage, prepared: new Map(), documents: new WeakMap() };
  if (keys.every((k) => k !== undefined)) {
    const order: string[] = [];
    const groups = new Map<string, Chunk[]>();
    chunks.forEach((ch, k) => {
      const key = keys[k]!;
      if (!groups.has(key)) order.push(key);
      push(groups, key, ch);
    });
    index.order = order;
    index.groups = groups;
  }
  return (ctx.index = index);
}

function push<K>(m: Map<K, Chunk[]>, key: K, ch: Chunk): void {
  const list = m.get(key);
  if (list) list.push(ch);
  else m.set(key, [ch]);
}

/** The chunk's text prepared for quote searches, once per structured value. */
export function prepared(ctx: Ctx, ch: Chunk): PreparedText {
  const cache = chunkIndex(ctx).prepared;
  let p = cache.get(ch);
  if (!p) cache.set(ch, (p = new PreparedText(ch.text)));
  return p;
}

export function issue(ctx: Ctx, path: JsonPath, message: string): void {
  ctx.issues.push({ path: [...ctx.base, ...path], message });
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function refOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
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
