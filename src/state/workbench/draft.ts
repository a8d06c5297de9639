// The draft: exactly what the editors hold plus what a loaded case carried beside them, stored
// as a versioned payload so that a reload (or a crash) never loses input.
import { z } from '../../core/zod';
import { SHOWN_REPORT_FIELDS } from '../../core/reportShape';
import type { Report } from '../../core/types';
import { DRAFT_VERSION } from '../constants';

export const InputsSchema = z.object({
  query: z.string().catch(''),
  answerText: z.string().catch(''),
  chunksText: z.string().catch(''),
  goldText: z.string().catch(''),
});
export type Inputs = z.output<typeof InputsSchema>;

/** What a loaded case carries that has no editor: structured citations, id, language, extra fields. */
export const AttachedSchema = z.object({
  structured: z.unknown().optional(),
  caseId: z.string().optional(),
  language: z.enum(['en', 'cs']).optional(),
  extras: z.record(z.string(), z.unknown()).optional(),
  /** Where the inputs came from: "example:<id>", "file:<name>", "paste". */
  origin: z.string().optional(),
});
export type Attached = z.output<typeof AttachedSchema>;

/** The audit settings a report was made under: it is shown again only under the same ones. */
const AuditSettingsSchema = z.object({
  requiredStyle: z.string(),
  language: z.string(),
  citationScope: z.string(),
});
export type AuditSettings = z.output<typeof AuditSettingsSchema>;

/**
 * The shape of a judged report in a draft: what the page needs to show it. A draft is written by
 * this page, but localStorage is anyone's to edit; a report that does not pass is dropped (the
 * inputs stay) and the local audit shows instead.
 */
const JudgedReportSchema = z.looseObject({
  ...SHOWN_REPORT_FIELDS,
  findings: z.array(z.looseObject({})),
  markers: z.array(z.looseObject({})),
  mapping: z.looseObject({}),
  meta: z.looseObject({ tool_version: z.string(), checked_by: z.literal('model'), language: z.enum(['en', 'cs']) }),
});

/** The model's report on exactly these inputs, and the settings it was made under. */
const JudgedSchema = z.object({ report: JudgedReportSchema, settings: AuditSettingsSchema });
export interface Judged {
  report: Report;
  settings: AuditSettings;
}

const DraftV1Schema = z.object({
  v: z.literal(1),
  inputs: InputsSchema,
  attached: AttachedSchema.catch({}),
  judged: JudgedSchema.optional().catch(undefined),
  savedAt: z.string().optional(),
});

export interface Draft {
  inputs: Inputs;
  attached: Attached;
  /**
   * The model's last report on these inputs: a reload shows the verdicts it paid for. Never the
   * key (a report holds none); left out when the draft would not fit with it.
   */
  judged?: Judged;
}

export const EMPTY_INPUTS: Inputs = { query: '', answerText: '', chunksText: '', goldText: '' };

/**
 * The stored payload. `at` (save time, epoch ms) and `tab` (the writing tab) come first, so the
 * newest of several drafts is found from the start of each without parsing megabytes.
 */
export function encodeDraft(d: Draft, meta: { at?: number; tab?: string } = {}): string {
  const at = meta.at ?? Date.now();
  return JSON.stringify({
    v: DRAFT_VERSION,
    at,
    ...(meta.tab !== undefined ? { tab: meta.tab } : {}),
    inputs: d.inputs,
    attached: d.attached,
    ...(d.judged ? { judged: d.judged } : {}),
    savedAt: new Date(at).toISOString(),
  });
}

/** When a stored payload was saved (epoch ms), or null when it does not say. */
export function draftSavedAt(raw: string): number | null {
  const m = /^\{"v":\d+,"at":(\d+)[,}]/.exec(raw.slice(0, 40));
  if (m) return Number(m[1]);
  // Payloads of earlier versions carry only the ISO time, at the end.
  try {
    const v = JSON.parse(raw) as { savedAt?: unknown };
    const ms = typeof v.savedAt === 'string' ? Date.parse(v.savedAt) : NaN;
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/** A stored draft, or null when there is none or it cannot be read. */
export function decodeDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = DraftV1Schema.safeParse(json);
  if (!parsed.success) return null;
  const { inputs, attached, judged } = parsed.data;
  return judged ? { inputs, attached, judged: judged as unknown as Judged } : { inputs, attached };
}

export function isEmptyInputs(i: Inputs): boolean {
  return !i.query.trim() && !i.answerText.trim() && !i.chunksText.trim() && !i.goldText.trim();
}

export function sameInputs(a: Inputs, b: Inputs): boolean {
  return a.query === b.query && a.answerText === b.answerText && a.chunksText === b.chunksText && a.goldText === b.goldText;
}
