// Which fields of a case the audit reads. A link leaves the others out unless asked (they are
// "kept and ignored" by the audit, SPEC §2), because they can double a link's length.
import type { AuditCase } from '../core/types';

const CASE_FIELDS = new Set(['id', 'query', 'answer', 'chunks', 'gold_answer', 'structured_citations', 'language']);
const CHUNK_FIELDS = new Set(['id', 'text', 'title', 'url', 'page']);

/** The case without fields the audit ignores (case-level extras and unknown chunk metadata). */
export function auditFieldsOnly(c: AuditCase): AuditCase {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (CASE_FIELDS.has(k)) out[k] = v;
  out.chunks = c.chunks.map((ch) => {
    const x: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(ch)) if (CHUNK_FIELDS.has(k)) x[k] = v;
    return x;
  });
  return out as AuditCase;
}

/** True when the case has fields the audit ignores. */
export function hasExtraFields(c: AuditCase): boolean {
  return (
    Object.keys(c).some((k) => !CASE_FIELDS.has(k)) || c.chunks.some((ch) => Object.keys(ch).some((k) => !CHUNK_FIELDS.has(k)))
  );
}
