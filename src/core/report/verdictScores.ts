// What a support verdict counts for: its score in the report's numbers and its NLI label in
// exports. A module of its own so that exports (loaded with the page) need not bring the report
// builder and its catalogues with them.
import type { SupportJudgement, SupportVerdict } from '../types';

export const SUPPORT_SCORE: Record<SupportVerdict, number> = {
  fully_supported: 1,
  partially_supported: 0.5,
  not_supported: 0,
};

export const NLI_LABEL: Record<SupportVerdict, 'ENTAILMENT' | 'NEUTRAL' | 'CONTRADICTION'> = {
  fully_supported: 'ENTAILMENT',
  partially_supported: 'NEUTRAL',
  not_supported: 'CONTRADICTION',
};

/** Claim-level support from its per-chunk judgements: the best single chunk, or the model's joint view. */
export function claimSupport(support: SupportJudgement[] | undefined, joint?: SupportVerdict): SupportVerdict | null {
  if (joint) return joint;
  if (!support || support.length === 0) return null;
  let best: SupportVerdict = 'not_supported';
  for (const j of support) if (SUPPORT_SCORE[j.verdict] > SUPPORT_SCORE[best]) best = j.verdict;
  return best;
}
