// Small factories for store and share tests (not imported by the app).
import { auditCase } from '../core/audit';
import type { AuditCase } from '../core/types';
import type { SaveInput } from './history';

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
