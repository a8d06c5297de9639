// Backup files: everything in the history (audits and labels) as one versioned JSON file, and the
// import that merges a backup back without duplicates. A backup is input like any other: it is
// validated with zod, every case goes through restoreCase, and a bad entry is reported and skipped
// without stopping the others.
import { z } from '../core/zod';
import { restoreCase } from '../core/parse/case';
import { BACKUP_FORMAT, BACKUP_VERSION } from './constants';
import { findDamaged, isDamaged } from './damaged';
import { packBody, summarize, unpackBody, type AuditBody, type AuditRow, type AppDb, type StoredBody } from './db';
import { defaultTitle, newAuditId } from './history';
import {
  AnnotationLabelSchema,
  AuditSettingsSchema,
  ModelResultsSchema,
  restoreReport,
  TimingsSchema,
  UsageSchema,
  type AnnotationLabel,
} from './schemas';
import { redactSecrets } from './secrets';

/** One audit in a backup file: its list fields that are not derived, and its body. */
export interface BackupAudit {
  id: string;
  title: string;
  created: string;
  updated: string;
  case: unknown;
  report: unknown;
  model_results?: unknown;
  labels: AnnotationLabel[];
  settings: unknown;
  usage?: unknown;
  timings?: unknown;
}

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exported_at: string;
  audits: BackupAudit[];
  /** Annotation labels of the labels table (by case, claim, chunk and annotator). */
  labels: AnnotationLabel[];
  /**
   * Damaged entries left out (rows not what this app writes, or without a readable body); the
   * history panel lists them and exports their raw content. Absent when there were none.
   */
  skipped_damaged?: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

function toBackupAudit(row: AuditRow, body: AuditBody): BackupAudit {
  return {
    id: row.id,
    title: row.title,
    created: iso(row.created),
    updated: iso(row.updated),
    case: body.case,
    report: body.report,
    ...(body.modelResults ? { model_results: body.modelResults } : {}),
    labels: body.labels ?? [],
    settings: body.settings,
    ...(body.usage ? { usage: body.usage } : {}),
    ...(body.timings ? { timings: body.timings } : {}),
  };
}

export interface ExportOptions {
  /** Audits not in the database (a draft that could not be saved because the disk is full). */
  extra?: { row: AuditRow; body: AuditBody }[];
  secrets?: readonly string[];
  now?: number;
}

/**
 * A stored body the backup can carry, in the form the backup writes (the report as an object):
 * an object with a case object, and a report that could be read when it was stored as JSON.
 */
async function readableBody(stored: StoredBody | undefined): Promise<AuditBody | null> {
  if (!stored || typeof stored !== 'object') return null;
  const { body, errors } = await unpackBody(stored);
  return body.case && typeof body.case === 'object' && errors.length === 0 ? body : null;
}

/**
 * The whole history (trash excluded) as a backup file value. Damaged entries are left out and
 * counted (`skipped_damaged`): those the list's index does not hold, and listed rows that are not
 * what this app writes or whose body is missing or unreadable.
 */
export async function exportBackup(db: AppDb, opts: ExportOptions = {}): Promise<BackupFile> {
  const audits: BackupAudit[] = [];
  let labels: AnnotationLabel[] = [];
  let skipped = 0;
  const read: { row: AuditRow; stored: StoredBody | undefined }[] = [];
  await db.transaction('r', db.audits, db.bodies, db.labels, async () => {
    // In batches, oldest first, so a large history is not read in one request.
    const ids = (await db.audits.where('[trashed+updated]').between([0, -Infinity], [0, Infinity], true, true).primaryKeys()) as string[];
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      const [rows, bodies] = await Promise.all([db.audits.bulkGet(slice), db.bodies.bulkGet(slice)]);
      rows.forEach((row, k) => {
        if (row) read.push({ row, stored: bodies[k] });
      });
    }
    labels = await db.labels.toArray();
  });
  // Reports stored as Blobs are read after the transaction (waiting on a Blob inside it would end it).
  for (const { row, stored } of read) {
    const body = await readableBody(stored);
    if (isDamaged(row) || !body) skipped++;
    else audits.push(toBackupAudit(row, body));
  }
  skipped += (await findDamaged(db, 0)).count;
  for (const e of opts.extra ?? []) if (!audits.some((a) => a.id === e.row.id)) audits.push(toBackupAudit(e.row, e.body));
  const file: BackupFile = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: iso(opts.now ?? Date.now()),
    audits,
    labels,
    ...(skipped > 0 ? { skipped_damaged: skipped } : {}),
  };
  return redactSecrets(file, opts.secrets ?? []);
}

export function backupFileName(now = new Date()): string {
  return `citation-auditor-backup-${now.toISOString().slice(0, 10)}.json`;
}

// ---------------------------------------------------------------------------------------------
// Import

const dateLike = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a date' });
    return z.NEVER;
  }
  return ms;
});

const BackupAuditSchema = z.object({
  id: z.string().min(1).max(200),
  title: z.string().max(2000).catch(''),
  created: dateLike,
  updated: dateLike,
  case: z.unknown(),
  report: z.unknown(),
  model_results: ModelResultsSchema.optional().catch(undefined),
  labels: z.array(AnnotationLabelSchema).catch([]),
  settings: AuditSettingsSchema.catch({ requiredStyle: 'auto', language: 'auto' }),
  usage: UsageSchema.optional().catch(undefined),
  timings: TimingsSchema.optional().catch(undefined),
});

const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  audits: z.array(z.unknown()),
  labels: z.array(z.unknown()).optional(),
});

export interface ImportResult {
  /** New audits added. */
  added: number;
  /** Audits already present (same id and content, or same content under another id). */
  duplicates: number;
  /** Audits whose id was taken by a different audit: added under a new id. */
  renamed: number;
  /** Entries that could not be read; each is explained in errors. */
  invalid: number;
  labelsAdded: number;
  labelsUpdated: number;
  errors: string[];
}

/** Why a file is refused: not JSON, not a backup, or a backup of a newer version (the UI words it). */
export type BackupProblem = 'not-json' | 'not-backup' | 'newer-version';

export class BackupError extends Error {
  constructor(
    readonly problem: BackupProblem,
    message: string,
    /** The backup's version, for `newer-version`. */
    readonly version?: number,
  ) {
    super(message);
  }
}

/** Parses and checks a backup file's text; throws BackupError with a sentence for the user. */
export function parseBackup(text: string): { audits: unknown[]; labels: unknown[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('not-json', 'The file is not a Citation Auditor backup: it is not valid JSON.');
  }
  const header = BackupHeaderSchema.safeParse(json);
  if (!header.success) throw new BackupError('not-backup', 'The file is not a Citation Auditor backup (its "format" field is missing or different).');
  if (header.data.version > BACKUP_VERSION) {
    throw new BackupError('newer-version', `The backup was made by a newer version of Citation Auditor (backup version ${header.data.version}); update the app to import it.`, header.data.version);
  }
  return { audits: header.data.audits, labels: header.data.labels ?? [] };
}

const MAX_ERRORS = 50;

/**
 * Merges a backup into the database. Duplicates (same content hash) are skipped; an id that is
 * taken by a different audit gets a new id, so nothing on either side is lost. Labels merge by
 * their key, the newer change winning.
 */
export async function importBackup(db: AppDb, text: string, opts: { secrets?: readonly string[]; now?: number } = {}): Promise<ImportResult> {
  const parsed = parseBackup(text);
  const result: ImportResult = { added: 0, duplicates: 0, renamed: 0, invalid: 0, labelsAdded: 0, labelsUpdated: 0, errors: [] };
  const note = (msg: string) => {
    if (result.errors.length < MAX_ERRORS) result.errors.push(msg);
  };

  const candidates: { row: AuditRow; body: AuditBody }[] = [];
  parsed.audits.forEach((raw, i) => {
    const entry = BackupAuditSchema.safeParse(raw);
    if (!entry.success) {
      result.invalid++;
      note(`audit ${i + 1}: ${entry.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
      return;
    }
    const e = entry.data;
    const restored = restoreCase(e.case);
    if (!restored.value) {
      result.invalid++;
      note(`audit ${i + 1} (${e.title || e.id}): ${restored.errors.join('; ')}`);
      return;
    }
    let report = null;
    if (e.report !== null && e.report !== undefined) {
      const r = restoreReport(e.report);
      if (!r.value) {
        result.invalid++;
        note(`audit ${i + 1} (${e.title || e.id}): ${r.errors.slice(0, 3).join('; ')}`);
        return;
      }
      report = r.value;
    }
    const body: AuditBody = redactSecrets(
      {
        id: e.id,
        case: restored.value,
        report,
        ...(e.model_results ? { modelResults: e.model_results as AuditBody['modelResults'] } : {}),
        labels: e.labels,
        settings: e.settings,
        ...(e.usage ? { usage: e.usage } : {}),
        ...(e.timings ? { timings: e.timings } : {}),
      },
      opts.secrets ?? [],
    );
    const row = summarize(body, { title: e.title || defaultTitle(restored.value), created: e.created, updated: e.updated });
    candidates.push({ row, body });
  });

  const labels: AnnotationLabel[] = [];
  parsed.labels.forEach((raw, i) => {
    const l = AnnotationLabelSchema.safeParse(raw);
    if (l.success) labels.push(l.data);
    else {
      result.invalid++;
      note(`label ${i + 1}: ${l.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    }
  });

  await db.transaction('rw', db.audits, db.bodies, db.labels, async () => {
    for (const { row, body } of candidates) {
      const twin = await db.audits.where('hash').equals(row.hash).first();
      if (twin) {
        // Already here; if it was in the trash, the backup brings it back.
        if (twin.trashed) await db.audits.update(twin.id, { trashed: 0, trashedAt: undefined });
        result.duplicates++;
        continue;
      }
      let target = row;
      let targetBody = body;
      if (await db.audits.get(row.id)) {
        const id = newAuditId();
        target = { ...row, id };
        targetBody = { ...body, id };
        result.renamed++;
      }
      await db.bodies.put(packBody(targetBody));
      await db.audits.put(target);
      result.added++;
    }
    for (const l of labels) {
      const key: [string, number, string, string] = [l.caseKey, l.claimIndex, l.chunkId, l.annotator];
      const existing = await db.labels.get(key);
      if (!existing) {
        await db.labels.put(l);
        result.labelsAdded++;
      } else if (l.updated > existing.updated) {
        await db.labels.put(l);
        result.labelsUpdated++;
      }
    }
  });
  return result;
}
