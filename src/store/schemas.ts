// zod schemas for what history rows, backups and share links carry beside the case (the case
// itself always goes through core's restoreCase). Pure: no Dexie here, so share/ can use them.
import { z } from '../core/zod';
import type { ModelResults, Report } from '../core/types';

export const SupportVerdictSchema = z.enum(['fully_supported', 'partially_supported', 'not_supported']);
const RequiredStyleSchema = z.enum(['auto', 'latex_cite', 'bracket_number', 'bracket_id', 'footnote', 'fullwidth', 'longcite']);

/**
 * The settings an audit ran with. z.object drops unknown keys, so whatever else a caller passes
 * (an API key above all) never reaches a row, a backup or a link.
 */
export const AuditSettingsSchema = z.object({
  requiredStyle: RequiredStyleSchema.catch('auto'),
  language: z.enum(['auto', 'en', 'cs']).catch('auto'),
  uiLanguage: z.enum(['en', 'cs']).optional().catch(undefined),
  /** Absent in rows saved before the setting existed: 'sentence'. */
  citationScope: z.enum(['sentence', 'paragraph']).optional().catch(undefined),
  model: z.string().max(200).optional().catch(undefined),
  strict: z.boolean().optional().catch(undefined),
});
export type AuditSettings = z.output<typeof AuditSettingsSchema>;
export const DEFAULT_SETTINGS: AuditSettings = { requiredStyle: 'auto', language: 'auto' };

export const UsageSchema = z.object({
  input_tokens: z.number().nonnegative(),
  output_tokens: z.number().nonnegative(),
  cache_read_input_tokens: z.number().nonnegative().optional(),
  requests: z.number().nonnegative(),
});
export type Usage = z.output<typeof UsageSchema>;

/** Durations in milliseconds by name ("local", "model", ...). */
export const TimingsSchema = z.record(z.string().max(50), z.number().nonnegative());
export type Timings = z.output<typeof TimingsSchema>;

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

const StatusSchema = z.enum(['PASS', 'FAIL', 'NOT_CHECKED']);
const DimensionSchema = z.looseObject({ status: StatusSchema, issues: z.array(z.string()) });

/**
 * The shape of a stored report: enough to show it and list it, loose everywhere else so reports of
 * newer tool versions (more fields) still load.
 */
export const ReportShapeSchema = z.looseObject({
  verdict: z.enum(['PASS', 'FAIL', 'INCOMPLETE']),
  dimensions: z.looseObject({ exists: DimensionSchema, accurate: DimensionSchema, complete: DimensionSchema, formatted: DimensionSchema }),
  summary: z.string(),
  recommendations: z.array(z.string()),
  citations: z.array(z.looseObject({})),
  claims: z.array(z.looseObject({})),
  scores: z.looseObject({}),
  findings: z.array(z.looseObject({})).catch([]),
  markers: z.array(z.looseObject({})).catch([]),
  mapping: z.looseObject({}).catch({ kind: 'none', description: '', entries: [] }),
  meta: z.looseObject({
    tool_version: z.string(),
    checked_by: z.enum(['local', 'model']),
    model: z.string().optional(),
    language: z.enum(['en', 'cs']),
  }),
});

/** A report checked for shape (its inner arrays are trusted as written by this tool). */
export function restoreReport(value: unknown): { value?: Report; errors: string[] } {
  const r = ReportShapeSchema.safeParse(value);
  if (r.success) return { value: r.data as unknown as Report, errors: [] };
  return { errors: r.error.issues.map((i) => `report.${i.path.join('.')}: ${i.message}`) };
}
