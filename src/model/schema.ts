// The judgement the model returns, as a zod schema: the single source of truth for validation and
// for the JSON schema we send as the structured-output format.
import { z } from '../core/zod';

export const SupportVerdictSchema = z.enum(['fully_supported', 'partially_supported', 'not_supported']);

export const PairJudgementSchema = z.strictObject({
  chunk_id: z.string().describe('A chunk id from the claim\u2019s cited_chunk_ids, exactly as written.'),
  supporting_phrase: z
    .string()
    .describe('The shortest passage of the chunk that supports the claim, copied verbatim; "" when nothing supports it.'),
  missing_or_extra: z.string().describe('At most 20 words: what the claim asserts that the chunk does not; "" when fully supported.'),
  decision_basis: z.string().describe('One sentence of at most 30 words explaining the label.'),
  verdict: SupportVerdictSchema,
});

export const ClaimJudgementSchema = z.strictObject({
  claim_index: z.number().int().describe('claim_index as given in the claims list.'),
  judgements: z.array(PairJudgementSchema).describe('One judgement per cited chunk id of the claim.'),
  joint_verdict: SupportVerdictSchema.describe('Support of the claim by all its cited chunks taken together.'),
});

export const UncitedJudgementSchema = z.strictObject({
  claim_index: z.number().int(),
  is_factual_claim: z.boolean(),
  reason: z.string().describe('At most 20 words.'),
});

export const AnswerEvaluationSchema = z.strictObject({
  verdict: z.enum(['CORRECT', 'PARTIALLY_CORRECT', 'INCORRECT']),
  missing_information: z.array(z.string()),
  correctness_score: z.number().min(0).max(1),
  explanation: z.string(),
});

/** Key order matters: claims stream first, so progress shows while the summary is still coming. */
export const JudgementOutputSchema = z.strictObject({
  claims: z.array(ClaimJudgementSchema),
  uncited: z.array(UncitedJudgementSchema),
  answer_evaluation: AnswerEvaluationSchema.nullable(),
  summary: z.string(),
  recommendations: z.array(z.string()),
});

export type ClaimJudgement = z.output<typeof ClaimJudgementSchema>;
export type UncitedJudgement = z.output<typeof UncitedJudgementSchema>;
export type JudgementOutput = z.output<typeof JudgementOutputSchema>;

// ---------------------------------------------------------------------------------------------
// JSON schema for the API

type Json = { [k: string]: unknown };

// What structured outputs accept; every other keyword (numeric bounds, lengths) is moved into the
// description so the model still reads it, and zod enforces it after the reply.
const KEEP = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', 'anyOf', 'description', 'additionalProperties', '$defs', '$ref']);
const SAFE_INT_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

function strictify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictify);
  if (!node || typeof node !== 'object') return node;
  const src = node as Json;
  const out: Json = {};
  const notes: string[] = [];
  for (const [k, v] of Object.entries(src)) {
    if (k === '$schema') continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, strictify(s)]));
    } else if (k === '$defs' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, strictify(s)]));
    } else if (k === 'items' || k === 'anyOf') {
      out[k] = strictify(v);
    } else if (k === 'oneOf') {
      out.anyOf = strictify(v);
    } else if (KEEP.has(k)) {
      out[k] = v;
    } else if ((k === 'minimum' || k === 'maximum') && SAFE_INT_BOUNDS.has(v as number)) {
      // zod's int() bounds: meaningless for the model.
    } else {
      notes.push(`${k}: ${JSON.stringify(v)}`);
    }
  }
  if (out.type === 'object') out.additionalProperties = false;
  if (notes.length) out.description = [out.description, `{${notes.join(', ')}}`].filter(Boolean).join(' ');
  return out;
}

/** The JSON schema sent as output_config.format.schema (and as the fallback tool's input_schema). */
export function judgementJsonSchema(): Json {
  return strictify(z.toJSONSchema(JudgementOutputSchema, { target: 'draft-2020-12' })) as Json;
}
