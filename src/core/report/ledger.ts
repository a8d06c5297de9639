// The ledger of a model-judged report: every claim says how it was decided (a local check, the
// model, or not at all and why), and the report counts them, so that a claim the model never
// judged can never pass unseen. Pure.
import type { Ledger, ModelResults, Report, ReportClaim, UnjudgedReason } from '../types';

type Decision = Pick<ReportClaim, 'decided_by' | 'unjudged_reason'>;

/**
 * How one claim was decided. `byModel`: the model judged its citations; `byLocal`: a local check
 * judged them (every cited chunk missing); `unreadable`: the chunks or answer could not be read.
 */
export function decisionOf(claim: ReportClaim, results: ModelResults, how: { byModel: boolean; byLocal: boolean; unreadable: boolean }): Decision {
  if (claim.citation_indexes.length === 0) {
    // An uncited claim: the local COMPLETE check decides one that needs a citation, the model's
    // classification one it looked at; the rest need no citation and so no judgement.
    if (results.complete_refinement?.some((r) => r.claim_index === claim.index)) return { decided_by: 'model' };
    return claim.needs_citation ? { decided_by: 'local' } : { decided_by: 'unjudged', unjudged_reason: 'exempt' };
  }
  if (how.byModel) return { decided_by: 'model' };
  if (how.byLocal) return { decided_by: 'local' };
  return { decided_by: 'unjudged', unjudged_reason: unjudgedReason(claim.index, results, how.unreadable) };
}

function unjudgedReason(index: number, results: ModelResults, unreadable: boolean): UnjudgedReason {
  if (unreadable) return 'unreadable';
  if (results.no_verdict?.includes(index)) return 'no_verdict';
  return results.stopped ?? 'no_verdict';
}

/** The counts of claims by how they were decided. */
export function ledgerOf(claims: readonly ReportClaim[]): Ledger {
  const ledger: Ledger = { needing: 0, local: 0, model: 0, unjudged: 0, exempt: 0, judged_share: null, reasons: {} };
  for (const c of claims) {
    if (c.unjudged_reason === 'exempt') {
      ledger.exempt++;
      continue;
    }
    ledger.needing++;
    if (c.decided_by === 'local') ledger.local++;
    else if (c.decided_by === 'model') ledger.model++;
    else {
      ledger.unjudged++;
      const r = c.unjudged_reason ?? 'no_verdict';
      ledger.reasons[r] = (ledger.reasons[r] ?? 0) + 1;
    }
  }
  if (ledger.needing) ledger.judged_share = Math.round(((ledger.local + ledger.model) / ledger.needing) * 10000) / 10000;
  return ledger;
}

/**
 * A report the model judged nothing of (its run failed first): the local report, each claim
 * marked as the ledger would, and the counts in `meta.ledger`.
 */
export function withLedger(report: Report, results: ModelResults): Report {
  const unreadable = !!report.meta.unreadable?.some((u) => u.input === 'chunks' || u.input === 'answer');
  const claims = report.claims.map((cl) => ({ ...cl, ...decisionOf(cl, results, { byModel: false, byLocal: false, unreadable }) }));
  return { ...report, claims, meta: { ...report.meta, ledger: ledgerOf(claims) } };
}

/** Several reports' ledgers as one (a run's counts); `cases`: reports that carried a ledger. */
export interface LedgerSums {
  cases: number;
  needing: number;
  judged: number;
  unjudged: number;
  reasons: Ledger['reasons'];
}

export const emptyLedgerSums = (): LedgerSums => ({ cases: 0, needing: 0, judged: 0, unjudged: 0, reasons: {} });

export function addLedger(into: LedgerSums, l: Ledger | LedgerSums | undefined): void {
  if (!l) return;
  into.cases += 'cases' in l ? l.cases : 1;
  into.needing += l.needing;
  into.judged += 'judged' in l ? l.judged : l.local + l.model;
  into.unjudged += l.unjudged;
  for (const [k, v] of Object.entries(l.reasons) as [keyof Ledger['reasons'], number][]) into.reasons[k] = (into.reasons[k] ?? 0) + v;
}

/** "no verdict 1, cut 2": the unjudged claims by reason, in words for the text outputs. */
export function reasonsText(reasons: Ledger['reasons']): string {
  const words: Record<keyof Ledger['reasons'], string> = { no_verdict: 'no verdict', unparsed: 'reply unreadable', cut: 'run stopped', unreadable: 'input unreadable' };
  return (Object.entries(reasons) as [keyof Ledger['reasons'], number][]).map(([k, v]) => `${words[k]} ${v}`).join(', ');
}
