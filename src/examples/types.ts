// Built-in example audits: small cases written for this project to show each citation style
// and each kind of problem the local checks find.
import type { AuditCase, Language } from '../core/types';

export interface Example {
  /** Stable id, used in the draft origin and in tests. */
  id: string;
  language: Language;
  /** The citation style as people write it, e.g. "\\cite{}" or "[n]". */
  style: string;
  /** What the example shows, per UI language. */
  title: { en: string; cs: string };
  /** Whether the local audit is expected to fail (a problem is planted) or only lack the model. */
  expect: 'FAIL' | 'INCOMPLETE';
  case: AuditCase;
}

/** Offsets of `quote` inside `text` (0-based, end exclusive); throws if the example is wrong. */
export function spanOf(text: string, quote: string, from = 0): { start: number; end: number } {
  const start = text.indexOf(quote, from);
  if (start < 0) throw new Error(`example quote not found: ${quote}`);
  return { start, end: start + quote.length };
}
