// What the readers of structured citation forms share (structured.ts and the structured*.ts
// files beside it): the context problems are collected in, small value readers, the keys that
// name a chunk, and how a list of refs is meant.
import type { JsonPath } from '../json';
import type { Chunk, RefKind } from '../types';
import type { PathIssue } from './issues';

/** Keys under which citation objects name their chunk, in order of preference. */
export const REF_KEYS = ['chunk_id', 'source_id', 'id', 'doc_id', 'document_id', 'docid', 'source'] as const;

/** One reading: the answer and chunks given beside the value, and the problems found (paths under `base`). */
export interface Ctx {
  answer: string;
  chunks: readonly Chunk[];
  issues: PathIssue[];
  base: JsonPath;
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
