// Small factories of audit cases and history saves for store and state tests.
import { auditCase } from '../../src/core/audit';
import type { AuditCase, Chunk } from '../../src/core/types';
import type { SaveInput } from '../../src/store/history';

let serial = 0;

export function makeCase(over: Partial<AuditCase> = {}): AuditCase {
  serial++;
  return {
    query: `How tall is tower ${serial}?`,
    answer: `Tower ${serial} is ${100 + serial} metres tall [1].`,
    chunks: [{ id: '1', title: `Tower ${serial}`, text: `Tower ${serial} stands ${100 + serial} metres above the square.` }],
    ...over,
  };
}

export function makeSave(over: Partial<SaveInput> = {}): SaveInput {
  const c = over.case ?? makeCase();
  return { case: c, report: auditCase(c), settings: { requiredStyle: 'auto', language: 'auto' }, ...over };
}

/** Chunks with the ids '1', '2', … in the order of the texts given. */
export function numberedChunks(...texts: string[]): Chunk[] {
  return texts.map((text, i) => ({ id: String(i + 1), text }));
}
