// Text for the run bar, computed from the model state (kept out of the .svelte file).
import { formatUSD } from '../format';
import type { AuditEstimate } from '../../model/estimate';
import type { RunProgress } from '../../model/run';
import { formatCount, type ModelStrings } from './strings';

export function estimateLines(est: AuditEstimate, s: ModelStrings, lang: 'en' | 'cs'): string[] {
  const lines = [s.estimate(formatCount(est.inputTokens, lang), est.requests)];
  if (est.cachedTokens > 0) lines[0] += ` (${s.estimateCached(formatCount(est.cachedTokens, lang))})`;
  lines.push(est.usd !== null ? s.estimateCost(est.usd) : s.estimateNoPrice(est.model));
  return lines;
}

export function runLabel(est: AuditEstimate | null, s: ModelStrings): string {
  return est && est.usd !== null ? s.runWithCost(formatUSD(est.usd)) : s.run;
}

export function progressLines(p: RunProgress, s: ModelStrings): string[] {
  const lines: string[] = [];
  let head = s.phase[p.phase];
  if (p.phase === 'waiting' && p.waitMs !== undefined) head = s.waitFor(p.waitMs / 1000);
  if (p.phase === 'tool' && p.chunkId) head = s.lookup(p.chunkId);
  lines.push(head);
  let count = s.judged(p.claimsJudged, p.claimsTotal);
  if (p.batches > 1) count += ` · ${s.part(p.batch + 1, p.batches)}`;
  lines.push(count);
  if (p.pass > 0) lines.push(s.secondPass);
  return lines;
}
