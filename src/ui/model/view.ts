// Text for the run bar, computed from the model state (kept out of the .svelte file).
import { formatUSD } from '../../core/report/format';
import type { AuditEstimate } from '../../model/estimate';
import type { RetryInfo, RunProgress } from '../../model/run';
import { formatCount, type ModelStrings } from './strings';

export function estimateLines(est: AuditEstimate, s: ModelStrings, lang: 'en' | 'cs'): string[] {
  const lines = [s.estimate(formatCount(est.inputTokens, lang), est.requests)];
  if (est.cachedTokens > 0) lines[0] += ` (${s.estimateCached(formatCount(est.cachedTokens, lang))})`;
  if (est.approximate) lines[0] += ` (${s.estimateApprox})`;
  lines.push(est.usd !== null ? s.estimateCost(est.usd) : s.estimateNoPrice(est.model));
  // Repeats: K× the requests, and what the prompt cache takes off that.
  if (est.repeat && est.repeat > 1) {
    const saving = est.usd !== null && est.uncachedUsd != null && est.uncachedUsd > est.usd ? formatUSD(est.uncachedUsd - est.usd) : null;
    lines.push(s.estimateRepeat(est.repeat, saving));
  }
  return lines;
}

export function runLabel(est: AuditEstimate | null, s: ModelStrings): string {
  return est && est.usd !== null ? s.runWithCost(formatUSD(est.usd)) : s.run;
}

/** Why a request is tried again, in a few words: "API overloaded (529)", "Network unreachable". */
function retryReason(r: RetryInfo, s: ModelStrings): string {
  const words = r.kind in s.retryReason ? s.retryReason[r.kind as keyof ModelStrings['retryReason']] : s.retryReason.other;
  return r.status !== undefined ? `${words} (${r.status})` : words;
}

export function progressLines(p: RunProgress, s: ModelStrings): string[] {
  const lines: string[] = [];
  let head = s.phase[p.phase];
  if (p.retry) head = s.retrying(retryReason(p.retry, s), p.retry.attempt, p.retry.attempts, p.phase === 'waiting' ? p.retry.waitMs / 1000 : null);
  if (p.phase === 'tool' && p.chunkId) head = s.lookup(p.chunkId);
  lines.push(head);
  let count = s.judged(p.claimsJudged, p.claimsTotal);
  if (p.batches > 1) count += ` · ${s.part(p.batch + 1, p.batches)}`;
  lines.push(count);
  if (p.passes > 2) lines.push(s.repeatPass(p.pass + 1, p.passes));
  else if (p.pass > 0) lines.push(s.secondPass);
  return lines;
}
