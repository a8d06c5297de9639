// The stability of a judge asked K times (issue 33): which of K verdicts stands under the chosen
// rule, which (claim, chunk) pairs got verdicts that differ, and how often a report's (or a run's)
// repeated verdicts agreed. Pure.
import type { ReportClaim, RepeatRule, Stability, SupportJudgement, SupportVerdict } from '../types';

const RANK: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };

/**
 * The verdict that stands among `verdicts` (at least one): the lowest under 'stricter'; the most
 * frequent under 'majority', a tie going to the stricter of the tied ones. Under 'stricter' a
 * pair whose verdicts differ is never fully supported; under 'majority' only when most said so.
 */
export function ruleVerdict(verdicts: readonly SupportVerdict[], rule: RepeatRule): SupportVerdict {
  if (rule === 'stricter') return verdicts.reduce((a, b) => (RANK[b] < RANK[a] ? b : a));
  const counts = new Map<SupportVerdict, number>();
  for (const v of verdicts) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: SupportVerdict | undefined;
  for (const [v, n] of counts) {
    const m = best === undefined ? -1 : counts.get(best)!;
    if (n > m || (n === m && RANK[v] < RANK[best!])) best = v;
  }
  return best!;
}

/** A pair judged at least twice whose verdicts differ. */
export const isUnstable = (j: Pick<SupportJudgement, 'verdicts'>): boolean => !!j.verdicts && j.verdicts.length >= 2 && j.verdicts.some((v) => v !== j.verdicts![0]);

/** Of every two of `verdicts`, the share that agree (1 for fewer than two). */
function pairwise(verdicts: readonly SupportVerdict[]): number {
  const n = verdicts.length;
  if (n < 2) return 1;
  let agree = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (verdicts[i] === verdicts[j]) agree++;
  return agree / ((n * (n - 1)) / 2);
}

const round4 = (x: number): number => Math.round(x * 10000) / 10000;

/** A report's stability from its claims' recorded verdicts. */
export function stabilityOf(claims: readonly ReportClaim[], k: number, rule: RepeatRule): Stability {
  const sums = emptyStabilitySums();
  for (const c of claims) for (const j of c.support ?? []) addPair(sums, j.verdicts);
  return { k, rule, ...shares(sums) };
}

/** Several reports' pairs as one (a run's stability): each pair counts once, wherever it is. */
export interface StabilitySums {
  /** Reports that carried a stability. */
  cases: number;
  n: number;
  unstable: number;
  /** The sum over the pairs of their pairwise agreement. */
  pairwise: number;
}

export const emptyStabilitySums = (): StabilitySums => ({ cases: 0, n: 0, unstable: 0, pairwise: 0 });

function addPair(into: StabilitySums, verdicts: readonly SupportVerdict[] | undefined): void {
  if (!verdicts || verdicts.length < 2) return;
  into.n++;
  if (verdicts.some((v) => v !== verdicts[0])) into.unstable++;
  into.pairwise += pairwise(verdicts);
}

export function addStability(into: StabilitySums, s: Stability | StabilitySums | undefined): void {
  if (!s) return;
  if ('cases' in s) {
    into.cases += s.cases;
    into.pairwise += s.pairwise;
  } else {
    into.cases++;
    into.pairwise += (s.pairwise_agreement ?? 0) * s.n;
  }
  into.n += s.n;
  into.unstable += s.unstable;
}

/** The shares of a sum of pairs (null when no pair was judged twice). */
export function shares(s: Pick<StabilitySums, 'n' | 'unstable' | 'pairwise'>): Pick<Stability, 'n' | 'unstable' | 'agreeing_share' | 'pairwise_agreement'> {
  return {
    n: s.n,
    unstable: s.unstable,
    agreeing_share: s.n ? round4((s.n - s.unstable) / s.n) : null,
    pairwise_agreement: s.n ? round4(s.pairwise / s.n) : null,
  };
}

/** The unstable pairs of a report's claims, in order: claim index, chunk id, the verdicts and the one kept. */
export function unstablePairs(claims: readonly ReportClaim[]): { claim: number; chunk: string; verdicts: SupportVerdict[]; kept: SupportVerdict }[] {
  const out: { claim: number; chunk: string; verdicts: SupportVerdict[]; kept: SupportVerdict }[] = [];
  for (const c of claims) for (const j of c.support ?? []) if (isUnstable(j)) out.push({ claim: c.index, chunk: j.chunk_id, verdicts: j.verdicts!, kept: j.verdict });
  return out;
}

const SHORT: Record<SupportVerdict, string> = { fully_supported: 'fully', partially_supported: 'partially', not_supported: 'not' };

/** "fully, partially, fully": a pair's verdicts in short words, for the text outputs. */
export const verdictsText = (verdicts: readonly SupportVerdict[]): string => verdicts.map((v) => SHORT[v]).join(', ');

/**
 * "stability: 5 of 6 citations judged 3 times got the same verdict every time (0.8333; mean
 * pairwise agreement 0.9444)": a report's or a run's stability in one line of the text outputs.
 */
export function stabilityLine(s: Stability | StabilitySums): string {
  const sh = 'cases' in s ? shares(s) : s;
  const times = 'k' in s ? `${s.k} times` : 'repeatedly';
  if (!sh.n) return `stability: no citation was judged ${times === 'repeatedly' ? 'more than once' : times}`;
  return `stability: ${sh.n - sh.unstable} of ${sh.n} ${sh.n === 1 ? 'citation' : 'citations'} judged ${times} got the same verdict every time (${sh.agreeing_share}; mean pairwise agreement ${sh.pairwise_agreement})`;
}
