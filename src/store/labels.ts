// Annotation labels (issue 6): one row per (case, claim, cited chunk, annotator) in the labels
// table. The annotation feature owns the workflow; these are the storage primitives.
import type { AuditCase } from '../core/types';
import type { AppDb, LabelRow } from './db';
import { contentHash } from './hash';
import { AnnotationLabelSchema, type AnnotationLabel } from './schemas';

/**
 * The key that ties labels to a case: its id when it has one (dataset cases do), else a hash of
 * its query, answer and chunks, so labels follow the content and not a history row.
 */
export function caseKeyOf(c: AuditCase): string {
  if (c.id !== undefined && String(c.id) !== '') return `id:${c.id}`;
  return `h:${contentHash({ q: c.query, a: c.answer, c: c.chunks.map((ch) => [ch.id, ch.text]) })}`;
}

/** Stores a label (validated); a label with the same key is replaced. */
export async function putLabel(db: AppDb, label: AnnotationLabel): Promise<void> {
  await db.labels.put(AnnotationLabelSchema.parse(label));
}

export async function labelsForCase(db: AppDb, caseKey: string): Promise<LabelRow[]> {
  return db.labels.where('caseKey').equals(caseKey).toArray();
}

export async function deleteLabel(db: AppDb, key: Pick<AnnotationLabel, 'caseKey' | 'claimIndex' | 'chunkId' | 'annotator'>): Promise<void> {
  await db.labels.delete([key.caseKey, key.claimIndex, key.chunkId, key.annotator]);
}
