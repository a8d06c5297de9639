// How the judgements of several requests become one: strict mode's two passes over the same
// claims (the stricter label wins), and the parts a long audit is split into (concatenated).
import type { SupportVerdict } from '../core/types';
import type { ClaimJudgement, JudgementOutput } from './schema';

/** Labels from weakest to strongest support. */
export const VERDICT_RANK: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };
const stricter = (a: SupportVerdict, b: SupportVerdict): SupportVerdict => (VERDICT_RANK[b] < VERDICT_RANK[a] ? b : a);

/** Strict mode: per (claim, chunk) the lower label wins, with its own phrase and basis. */
export function mergeStricter(first: ClaimJudgement, second: ClaimJudgement): ClaimJudgement {
  const other = new Map(second.judgements.map((j) => [j.chunk_id, j]));
  return {
    claim_index: first.claim_index,
    judgements: first.judgements.map((j) => {
      const o = other.get(j.chunk_id);
      return o && VERDICT_RANK[o.verdict] < VERDICT_RANK[j.verdict] ? o : j;
    }),
    joint_verdict: stricter(first.joint_verdict, second.joint_verdict),
  };
}

/** The outputs of the parts of a batch as one output. */
export function mergeOutputs(outs: JudgementOutput[]): JudgementOutput {
  return {
    claims: outs.flatMap((o) => o.claims),
    uncited: outs.flatMap((o) => o.uncited),
    answer_evaluation: outs.find((o) => o.answer_evaluation)?.answer_evaluation ?? null,
    summary: outs.map((o) => o.summary).find((t) => t.trim()) ?? '',
    recommendations: outs.flatMap((o) => o.recommendations),
  };
}
