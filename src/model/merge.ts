// How the judgements of several requests become one: the K repeated judgements of the same claims
// (strict mode is K = 2 under the stricter rule; the rule picks the verdict that stands, every
// verdict is kept for the stability figures), and the parts a long audit is split into
// (concatenated).
import type { ModelResults, RepeatRule, SupportJudgement, SupportVerdict } from '../core/types';
import { ruleVerdict } from '../core/report/stability';
import type { ClaimJudgement, JudgementOutput } from './schema';

/** Labels from weakest to strongest support. */
export const VERDICT_RANK: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };

/**
 * One claim's judgements from the repeats that judged it (in the order they were made) as the
 * judgement that stands: per (claim, chunk) the rule's verdict, with the phrase and basis of the
 * first repeat that gave it, and every verdict in `verdicts` when there was more than one repeat.
 */
export function mergeRepeats(index: number, repeats: readonly ClaimJudgement[], rule: RepeatRule, k: number): ModelResults['judgements'][number] {
  const first = repeats[0]!;
  const support = first.judgements.map((j): SupportJudgement => {
    const all = repeats.map((r) => r.judgements.find((x) => x.chunk_id === j.chunk_id)).filter((x): x is NonNullable<typeof x> => !!x);
    const verdicts = all.map((x) => x.verdict);
    const kept = ruleVerdict(verdicts, rule);
    const p = all.find((x) => x.verdict === kept) ?? j;
    return {
      chunk_id: p.chunk_id,
      verdict: kept,
      supporting_phrase: p.supporting_phrase,
      missing_or_extra: p.missing_or_extra,
      decision_basis: p.decision_basis,
      ...(k >= 2 ? { verdicts } : {}),
    };
  });
  return { claim_index: index, support, joint_verdict: ruleVerdict(repeats.map((r) => r.joint_verdict), rule) };
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
