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

/** Tower i's two-claim case (a height and a year, citing chunks 1 and 2), with the id `${prefix}${i}`. */
export function towerCase(i: number, prefix = 't'): AuditCase {
  return {
    id: `${prefix}${i}`,
    query: `How tall is tower ${i}?`,
    answer: `Tower ${i} is ${100 + i} metres tall [1]. It was built in ${1900 + i} [2].`,
    chunks: numberedChunks(`Tower ${i} stands ${100 + i} metres above the square.`, `Work on tower ${i} ended in ${1900 + i}.`),
  };
}

/** Chunks with the ids '1', '2', … in the order of the texts given. */
export function numberedChunks(...texts: string[]): Chunk[] {
  return texts.map((text, i) => ({ id: String(i + 1), text }));
}

/** A case whose chunks are the texts given, with the ids '1', '2', … in order. */
export function numberedCase(c: { id?: string; query: string; answer: string }, ...texts: string[]): AuditCase {
  return { ...c, chunks: numberedChunks(...texts) };
}
