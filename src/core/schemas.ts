// zod shapes of core types that cross a boundary (history rows, backups, share links): what a
// model run adds, human labels, token use. Here rather than in store/ because share/ validates
// links with them too and both sit above core.
import { z } from './zod';
import type { ModelResults } from './types';

export const SupportVerdictSchema = z.enum(['fully_supported', 'partially_supported', 'not_supported']);

export const UsageSchema = z.object({
  input_tokens: z.number().nonnegative(),
  output_tokens: z.number().nonnegative(),
  cache_read_input_tokens: z.number().nonnegative().optional(),
  cache_creation_input_tokens: z.number().nonnegative().optional(),
  requests: z.number().nonnegative(),
  estimated: z.boolean().optional(),
});
export type Usage = z.output<typeof UsageSchema>;

/**
 * One human label of a (claim, cited chunk) pair by one annotator (SPEC §8, issue 6). Loose so
 * the annotation feature can add fields without a schema change here.
 */
export const AnnotationLabelSchema = z.looseObject({
  /** Which case: see caseKeyOf in store/labels.ts. */
  caseKey: z.string().min(1).max(1000),
  claimIndex: z.number().int().nonnegative(),
  /** The cited chunk, or "" for a claim judged without a chunk. */
  chunkId: z.string().max(1000),
  annotator: z.string().min(1).max(200),
  label: SupportVerdictSchema,
  note: z.string().max(20_000).optional(),
  /** The claim's text when labelled, to notice that the answer changed since. */
  claimText: z.string().max(20_000).optional(),
  /** Epoch milliseconds of the last change. */
  updated: z.number(),
  /** A label of the reserved rater `gold`: who settled it (the lead's name), and how. */
  settledBy: z.string().max(200).optional(),
  settledHow: z.enum(['unanimous', 'majority', 'by_hand']).optional(),
});
export type AnnotationLabel = z.output<typeof AnnotationLabelSchema>;

const SupportJudgementSchema = z.looseObject({
  chunk_id: z.string(),
  verdict: SupportVerdictSchema,
  supporting_phrase: z.string(),
  missing_or_extra: z.string(),
  decision_basis: z.string(),
  phrase_verified: z.boolean().optional(),
  capped_by_numbers: z.boolean().optional(),
});

const AnswerEvaluationSchema = z.looseObject({
  verdict: z.enum(['CORRECT', 'PARTIALLY_CORRECT', 'INCORRECT']),
  missing_information: z.array(z.string()),
  correctness_score: z.number().min(0).max(1),
  explanation: z.string().optional(),
});

/** What a model run adds to a local audit (core/types ModelResults); the report is derived from it. */
export const ModelResultsSchema = z.object({
  model: z.string().max(200),
  judgements: z.array(
    z.object({
      claim_index: z.number().int().nonnegative(),
      support: z.array(SupportJudgementSchema),
      joint_verdict: SupportVerdictSchema.optional(),
    }),
  ),
  complete_refinement: z
    .array(z.object({ claim_index: z.number().int().nonnegative(), is_factual_claim: z.boolean(), reason: z.string().optional() }))
    .optional(),
  answer_evaluation: AnswerEvaluationSchema.optional(),
  summary: z.string().optional(),
  recommendations: z.array(z.string()).optional(),
  strict: z.boolean().optional(),
  usage: UsageSchema.optional(),
}) satisfies z.ZodType<ModelResults, unknown>;
