// The logical content of a share link, version 1: the case, the settings that change its audit,
// and optionally what a model run added and the human labels. The report itself is not carried:
// the receiver recomputes it (the local audit is deterministic and core/report/report.ts folds the model
// results in), so verdicts and scores are always computed in code, never taken from a link.
import { z } from '../core/zod';
import { restoreCase } from '../core/parse/case';
import { CITATION_SCOPES, LanguageSchema, REQUIRED_STYLES, type AuditCase, type ModelResults } from '../core/types';
import { AnnotationLabelSchema, ModelResultsSchema, type AnnotationLabel } from '../core/schemas';

export const SHARE_ENVELOPE_VERSION = 1;

export const ShareSettingsSchema = z.object({
  requiredStyle: z.enum(REQUIRED_STYLES).optional(),
  language: z.enum(['auto', ...LanguageSchema.options]).optional(),
  /** Absent: 'sentence'. */
  citationScope: z.enum(CITATION_SCOPES).optional(),
});
export type ShareSettings = z.output<typeof ShareSettingsSchema>;

export interface ShareEnvelope {
  v: typeof SHARE_ENVELOPE_VERSION;
  case: AuditCase;
  settings?: ShareSettings;
  model?: ModelResults;
  labels?: AnnotationLabel[];
}

const EnvelopeSchema = z.object({
  v: z.literal(SHARE_ENVELOPE_VERSION),
  case: z.unknown(),
  settings: ShareSettingsSchema.optional(),
  model: ModelResultsSchema.optional(),
  labels: z.array(AnnotationLabelSchema).max(100_000).optional(),
});

/** Validates a decoded envelope; the case goes through the one restore step every input takes. */
export function restoreEnvelope(value: unknown): { value?: ShareEnvelope; errors: string[] } {
  const parsed = EnvelopeSchema.safeParse(value);
  if (!parsed.success) {
    return { errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'link'}: ${i.message}`) };
  }
  const restored = restoreCase(parsed.data.case);
  if (!restored.value) return { errors: restored.errors.map((e) => `case: ${e}`) };
  const { settings, model, labels } = parsed.data;
  return {
    value: {
      v: SHARE_ENVELOPE_VERSION,
      case: restored.value,
      ...(settings && Object.keys(settings).length ? { settings } : {}),
      ...(model ? { model: model as ModelResults } : {}),
      ...(labels && labels.length ? { labels } : {}),
    },
    errors: [],
  };
}
