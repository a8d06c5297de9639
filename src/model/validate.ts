// Validation of a reply against the schema and against what this request asked for (every
// listed claim, every cited chunk, no invented ids). Problems are phrased so that they can be
// sent back to the model in the repair round and shown to the user.
import type { z } from '../core/zod';
import { ClaimJudgementSchema, JudgementOutputSchema, type ClaimJudgement, type JudgementOutput } from './schema';
import { completedArrayItems, jsonObjectsIn, parseJsonReply } from './partial-json';

export interface BatchExpectation {
  /** claim_index → cited chunk ids the model must judge. */
  claims: Map<number, string[]>;
  uncited: Set<number>;
  wantsCorrectness: boolean;
}

/** `notJson`: the reply holds no JSON object that could be the output (prose only, or broken JSON). */
export type Validation =
  | { ok: true; value: JudgementOutput }
  | {
      ok: false;
      problems: string[];
      notJson?: true;
      /**
       * Set when the only fault is claims left out: the output without them, and which they are.
       * After the repair round the run keeps it and marks those claims unjudged (no verdict).
       */
      without?: { value: JudgementOutput; missing: number[] };
    };

const MAX_PROBLEMS = 12;

function zodProblems(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
}

export function limitWords(text: string, max: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length <= max ? text.trim() : `${words.slice(0, max).join(' ')}\u2026`;
}

/** Problems of one claim entry against the request; [] when it is usable. */
export function claimProblems(claim: ClaimJudgement, exp: BatchExpectation): string[] {
  const wanted = exp.claims.get(claim.claim_index);
  if (!wanted) return [`claim_index ${claim.claim_index} was not in the claims list`];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const j of claim.judgements) {
    if (!wanted.includes(j.chunk_id)) problems.push(`claim ${claim.claim_index}: chunk id "${j.chunk_id}" is not one of its cited chunks (${wanted.join(', ')})`);
    else if (seen.has(j.chunk_id)) problems.push(`claim ${claim.claim_index}: chunk "${j.chunk_id}" judged twice`);
    seen.add(j.chunk_id);
  }
  for (const id of wanted) if (!seen.has(id)) problems.push(`claim ${claim.claim_index}: no judgement for cited chunk "${id}"`);
  return problems;
}

function normaliseClaim(claim: ClaimJudgement): ClaimJudgement {
  return {
    ...claim,
    judgements: claim.judgements.map((j) => ({
      ...j,
      // The rubric asks for "" when fully supported; a stray note there is dropped, not failed.
      missing_or_extra: j.verdict === 'fully_supported' ? '' : limitWords(j.missing_or_extra, 20),
      decision_basis: limitWords(j.decision_basis, 30),
      supporting_phrase: j.supporting_phrase,
    })),
  };
}

/**
 * The output in a reply's text. Bare JSON as structured output gives it; otherwise (a server that
 * ignored output_config) the first object in the text that has the output's shape: in a code
 * fence, or followed or preceded by prose. An object with a `claims` key that fails the schema
 * is still the model's attempt, and its problems go to the repair round.
 */
function outputIn(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const parsed = parseJsonReply(text);
  if (parsed.ok) return parsed;
  let attempt: Record<string, unknown> | undefined;
  for (const candidate of jsonObjectsIn(text)) {
    if (JudgementOutputSchema.safeParse(candidate).success) return { ok: true, value: candidate };
    if (!attempt && 'claims' in candidate) attempt = candidate;
  }
  return attempt ? { ok: true, value: attempt } : parsed;
}

export function validateReply(raw: unknown, exp: BatchExpectation): Validation {
  let value = raw;
  if (typeof raw === 'string') {
    const found = outputIn(raw);
    if (!found.ok) return { ok: false, problems: [`the reply is not valid JSON (${found.error})`], notJson: true };
    value = found.value;
  }
  const result = JudgementOutputSchema.safeParse(value);
  if (!result.success) return { ok: false, problems: zodProblems(result.error).slice(0, MAX_PROBLEMS) };
  const out = result.data;
  const problems: string[] = [];
  const judged = new Set<number>();
  for (const claim of out.claims) {
    if (judged.has(claim.claim_index)) problems.push(`claim ${claim.claim_index} appears twice`);
    judged.add(claim.claim_index);
    problems.push(...claimProblems(claim, exp));
  }
  const missing = [...exp.claims.keys()].filter((i) => !judged.has(i));
  if (missing.length) problems.push(`claims not judged: ${missing.join(', ')}`);
  const classified = new Set(out.uncited.map((u) => u.claim_index));
  const strayUncited = out.uncited.filter((u) => !exp.uncited.has(u.claim_index)).map((u) => u.claim_index);
  if (strayUncited.length) problems.push(`uncited entries for sentences that were not listed: ${strayUncited.join(', ')}`);
  const unclassified = [...exp.uncited].filter((i) => !classified.has(i));
  if (unclassified.length) problems.push(`uncited sentences not classified: ${unclassified.join(', ')}`);
  if (exp.wantsCorrectness && out.answer_evaluation === null) problems.push('answer_evaluation is required: a reference answer was given');
  const judgement: JudgementOutput = {
    ...out,
    claims: out.claims.map(normaliseClaim),
    uncited: out.uncited.map((u) => ({ ...u, reason: limitWords(u.reason, 20) })),
    answer_evaluation: exp.wantsCorrectness ? out.answer_evaluation : null,
  };
  if (problems.length === 1 && missing.length) return { ok: false, problems, without: { value: judgement, missing } };
  if (problems.length) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  return { ok: true, value: judgement };
}

/** Claims already complete and valid in a reply that is still streaming (or was cut off). */
export function judgedSoFar(text: string, exp: BatchExpectation): ClaimJudgement[] {
  const out: ClaimJudgement[] = [];
  const seen = new Set<number>();
  for (const item of completedArrayItems(text, 'claims')) {
    const r = ClaimJudgementSchema.safeParse(item);
    if (!r.success || seen.has(r.data.claim_index) || claimProblems(r.data, exp).length) continue;
    seen.add(r.data.claim_index);
    out.push(normaliseClaim(r.data));
  }
  return out;
}
