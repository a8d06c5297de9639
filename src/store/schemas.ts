// The app database's table types and the zod schemas of what history rows and backups carry
// beside the case (the case itself always goes through core's restoreCase; shapes of core types
// are in core/schemas.ts). Pure: no Dexie here, so db.ts, datasets.ts and the worker share it.
import { z } from '../core/zod';
import { SHOWN_REPORT_FIELDS } from '../core/reportShape';
import type { DatasetRow } from '../core/eval/dataset';
import type { PairRef } from '../core/eval/labels';
import type { ReferenceLabel } from '../core/eval/referenceLabels';
import { AnnotationLabelSchema, ModelResultsSchema, UsageSchema, type AnnotationLabel, type Usage } from '../core/schemas';
import type { AuditCase, ModelResults, ParseError, Report, SupportVerdict, Verdict } from '../core/types';

export { AnnotationLabelSchema, ModelResultsSchema, UsageSchema, type AnnotationLabel, type Usage };

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

/** Durations in milliseconds by name ("local", "model", ...). */
export const TimingsSchema = z.record(z.string().max(50), z.number().nonnegative());
export type Timings = z.output<typeof TimingsSchema>;

/**
 * The shape of a stored report: enough to show it and list it, loose everywhere else so reports of
 * newer tool versions (more fields) still load.
 */
export const ReportShapeSchema = z.looseObject({
  ...SHOWN_REPORT_FIELDS,
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

// ---- Table types of the app database (db.ts) ------------------------------------------------

/** The verdict column: a report's verdict, or NONE for an audit stored without a report. */
export type RowVerdict = Verdict | 'NONE';

/** A list row (v2): everything the history list shows and filters on, nothing heavy. */
export interface AuditRow {
  id: string;
  title: string;
  /** Epoch milliseconds. */
  created: number;
  updated: number;
  verdict: RowVerdict;
  checkedBy: 'local' | 'model' | 'none';
  model?: string;
  language?: 'en' | 'cs';
  caseId?: string;
  queryPreview: string;
  answerPreview: string;
  chunkCount: number;
  claimCount: number;
  citationCount: number;
  labelCount: number;
  /** Approximate size of the body in characters of JSON. */
  bytes: number;
  /** Full-text index (multi-entry): see words.ts. */
  words: string[];
  /** Content hash of case, report and labels: equal audits are one row. */
  hash: string;
  /** 1 while in the trash (deleted, undo still possible); numbers because booleans are not keys. */
  trashed: 0 | 1;
  trashedAt?: number;
}

/**
 * A list row as read back from IndexedDB: the fields the list shows, sorts, filters and indexes,
 * with their types. A row that fails it (written by hand, by another program, or damaged) is
 * listed as damaged instead of being shown as if it were whole (damaged.ts).
 */
export const AuditRowSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  created: z.number(),
  updated: z.number(),
  verdict: z.enum(['PASS', 'FAIL', 'INCOMPLETE', 'NONE']),
  checkedBy: z.enum(['local', 'model', 'none']),
  model: z.string().optional(),
  language: z.string().optional(),
  caseId: z.string().optional(),
  queryPreview: z.string(),
  answerPreview: z.string(),
  chunkCount: z.number(),
  claimCount: z.number(),
  citationCount: z.number(),
  labelCount: z.number(),
  bytes: z.number(),
  words: z.array(z.string()),
  hash: z.string(),
  trashed: z.union([z.literal(0), z.literal(1)]),
  trashedAt: z.number().optional(),
});

/** What is wrong with a damaged row, and its primary key as stored (maybe not even a string). */
export interface Damage {
  key: unknown;
  problems: string[];
}

/** A row of the history list; `damage` is set on a row that failed AuditRowSchema. */
export type ListedRow = AuditRow & { damage?: Damage };

/** The heavy part of an audit (v2), one row per list row, same id. */
export interface AuditBody {
  id: string;
  case: AuditCase;
  report: Report | null;
  /** What a model run added, when there was one: lets a reopened audit be re-derived exactly. */
  modelResults?: ModelResults;
  labels: AnnotationLabel[];
  settings: AuditSettings;
  usage?: Usage;
  timings?: Timings;
}

/**
 * A body as written since the report is stored as JSON: `reportBlob` holds JSON.stringify(report)
 * (UTF-8), made in slices before the write (json.ts), in place of the report object. IndexedDB
 * stores a Blob by reference, where a report of a million small objects took a long synchronous
 * clone. Bodies written before (with `report`) are read as they are (db.ts unpackBody).
 */
export interface PackedAuditBody extends Omit<AuditBody, 'report'> {
  reportBlob: Blob;
}

/** A row of the bodies table: either form. */
export type StoredBody = AuditBody | PackedAuditBody;

/** A v1 row: list fields and body together. Kept as a type for the upgrade and its test. */
export interface AuditRowV1 {
  id: string;
  title: string;
  created: number;
  updated: number;
  verdict: RowVerdict;
  model?: string;
  words: string[];
  case: AuditCase;
  report: Report | null;
  labels: AnnotationLabel[];
  settings: AuditSettings;
  usage?: Usage;
  timings?: Timings;
}

export type LabelRow = AnnotationLabel;

// The dataset slot (datasets.ts, schema v3).

export interface DatasetMeta {
  /** Always 'current': the one slot. */
  slot: 'current';
  /** Random per import: writes of an older run that arrive late are recognised and dropped. */
  id: string;
  name: string;
  created: number;
  size: number;
  /** The first parse errors of lines that could not be read (capped), and how many there were. */
  errors: ParseError[];
  errorCount: number;
  /** The local-audit settings the rows were computed with. */
  settings: { requiredStyle: string; language: string };
  toolVersion: string;
}

export interface CaseRecord {
  datasetId: string;
  index: number;
  /** 1-based line in the file. */
  line: number;
  case: AuditCase;
}

export interface ModelRecord {
  results: ModelResults;
  row: DatasetRow;
  /** The model's verdict per (claim, chunk) after the merge (phrase check, numbers cap). */
  verdicts: [number, string, SupportVerdict][];
  at: number;
}

export interface ResultRecord {
  datasetId: string;
  index: number;
  caseKey: string;
  row: DatasetRow;
  pairs: (PairRef & { cited: boolean })[];
  reference: ReferenceLabel[];
  model?: ModelRecord;
  /** The last model failure of this case (it is retried on resume). */
  modelError?: string;
}
