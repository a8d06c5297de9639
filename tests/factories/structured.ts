// Structured citations read as the audit reads them (parse/case.ts): the normalised form, and
// each problem as "path: what is wrong".
import { issueText } from '../../src/core/parse/issues';
import { normalizeStructuredDetailed } from '../../src/core/parse/structured';
import type { Chunk, StructuredInput } from '../../src/core/types';

export function normalizeStructured(value: unknown, answer: string, chunks: readonly Chunk[]): { structured?: StructuredInput; errors: string[] } {
  const r = normalizeStructuredDetailed(value, answer, chunks);
  return { ...(r.structured ? { structured: r.structured } : {}), errors: r.issues.map(issueText) };
}
