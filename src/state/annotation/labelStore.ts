// Where the annotation state keeps its labels: the store's labels table (live across tabs through
// Dexie's liveQuery), or an in-memory one in tests.
import { liveQuery } from 'dexie';
import type { AppDb } from '../../store/db';
import { deleteLabel, putLabel } from '../../store/labels';
import { AnnotationLabelSchema, type AnnotationLabel } from '../../store/schemas';

/** Storage of labels (the labels table of the store; an in-memory one in tests). */
export interface LabelStore {
  /** Every label of these cases, now and whenever they change (also from other tabs). */
  watch(caseKeys: readonly string[], onLabels: (labels: AnnotationLabel[]) => void): () => void;
  put(label: AnnotationLabel): Promise<void>;
  putMany(labels: AnnotationLabel[]): Promise<void>;
  remove(key: Pick<AnnotationLabel, 'caseKey' | 'claimIndex' | 'chunkId' | 'annotator'>): Promise<void>;
}

/** The labels table of the store as a LabelStore (live across tabs through Dexie's liveQuery). */
export function storeLabelStore(db: AppDb): LabelStore {
  return {
    watch(caseKeys, onLabels) {
      const keys = [...caseKeys];
      const sub = liveQuery(() => db.labels.where('caseKey').anyOf(keys).toArray()).subscribe({
        next: (rows) => onLabels(rows),
        error: () => onLabels([]),
      });
      return () => sub.unsubscribe();
    },
    put: (label) => putLabel(db, label),
    putMany: async (labels) => {
      if (labels.length) await db.labels.bulkPut(labels.map((l) => AnnotationLabelSchema.parse(l)));
    },
    remove: (key) => deleteLabel(db, key),
  };
}
