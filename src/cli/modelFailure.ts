// A model audit that failed, as the report states it: what was judged before the failure folded
// into the local report, and the failure's kind, words and counts for the report's meta. The CLI
// and the library (src/lib/judge.ts) say a failure the same way; each brings its own words.
import { applyModelResults } from '../core/report/report';
import { withLedger } from '../core/report/ledger';
import type { AuditCase, ModelResults, Report } from '../core/types';
import { ModelError } from '../model/errors';
import { withUsage } from '../model/usage';

export type ModelErrorMeta = NonNullable<Report['meta']['model_error']>;

export interface ModelFailure {
  /** The local report with every claim judged before the failure. */
  report: Report;
  error: ModelErrorMeta;
  /** Claims (by index) the run was to judge and did not, when the run got as far as judging. */
  unjudged: number[];
}

export function modelFailure(err: unknown, c: AuditCase, local: Report, message: string): ModelFailure {
  const known = err instanceof ModelError ? err : undefined;
  const partial = (err as { partial?: ModelResults } | null)?.partial;
  // The claims the run never reached are unjudged, and the ledger says why.
  const stopped: ModelResults['stopped'] = known?.kind === 'invalid_output' ? 'unparsed' : known?.kind === 'refusal' ? undefined : 'cut';
  const results: ModelResults | undefined = partial ? { ...partial, ...(stopped ? { stopped } : {}) } : undefined;
  const report = results && results.judgements.length ? applyModelResults(local, results, c) : withLedger(local, results ?? { model: known?.model ?? '', judgements: [], ...(stopped ? { stopped } : {}) });
  const judged = known?.claimsJudged ?? partial?.judgements.length ?? 0;
  const total = known?.claimsTotal;
  const left = known?.unjudged ? known.unjudged.length : total !== undefined ? total - judged : undefined;
  const error: ModelErrorMeta = { kind: known ? known.kind : 'unexpected', message, claims_judged: judged, ...(left !== undefined ? { claims_left: left } : {}) };
  // What the failed run paid for stays in the report too.
  const usage = known?.usage ?? partial?.usage;
  const model = partial?.model ?? known?.model;
  return { report: model ? withUsage(report, model, usage) : report, error, unjudged: partial ? (known?.unjudged ?? []) : [] };
}
