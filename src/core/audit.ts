// Placeholder until the lead integrates parse, citations and checks: keeps the signature stable.
import type { AuditCase, AuditOptions, Report } from './types';

export function auditCase(_c: AuditCase, _opts: AuditOptions = {}): Report {
  throw new Error('auditCase is not implemented yet');
}
