// What the annotation view labels: the pairs of the open dataset, or of the case in the
// workbench when no dataset is open. Both give the same thing: a list of targets (pairs in
// order), the model's verdicts by pair, and the full case behind a target on demand. And where
// its labels are kept: the store's labels table (live across tabs through Dexie's liveQuery), or
// an in-memory one in tests.
import { liveQuery } from 'dexie';
import { auditCase } from '../../core/audit';
import { citedPairs, modelPairVerdicts, pairKey } from '../../core/eval/labels';
import { referenceLabels, type ReferenceLabel } from '../../core/eval/referenceLabels';
import { prepareCase } from '../../core/parse/case';
import { applyModelResults } from '../../core/report/report';
import type { AuditCase, Chunk, Report, SupportVerdict } from '../../core/types';
import type { AppDb } from '../../store/db';
import { caseKeyOf, deleteLabel, putLabel } from '../../store/labels';
import { AnnotationLabelSchema, type AnnotationLabel } from '../../store/schemas';
import type { DatasetRun, DatasetTarget } from '../dataset/datasetRun.svelte';
import type { LocalSettings } from '../dataset/datasetRunJob';

export type AnnotationTarget = DatasetTarget;

export interface LoadedCase {
  caseIndex: number;
  caseKey: string;
  caseId: string | null;
  case: AuditCase;
  /** The answer the report's offsets point into. */
  answer: string;
  chunks: Chunk[];
  /** Merged with the model's judgements when the model judged the case. */
  report: Report;
}

export interface AnnotationSource {
  readonly kind: 'dataset' | 'workbench';
  /** Changes when the set of pairs is a different one (another dataset, another case). */
  readonly id: string;
  readonly name: string;
  readonly targets: readonly AnnotationTarget[];
  readonly modelVerdicts: ReadonlyMap<string, SupportVerdict>;
  readonly caseKeys: readonly string[];
  /** Reference labels the source brings for `caseKey` (stored once by the annotation state). */
  readonly reference: { caseKey: string; labels: ReferenceLabel[] } | null;
  /** Changes when what load(caseIndex) gives changes (a model result arrived, the case was edited). */
  revisionOf(caseIndex: number): string;
  load(caseIndex: number): Promise<LoadedCase | null>;
}

/** The pairs of the open dataset. */
export class DatasetSource implements AnnotationSource {
  readonly kind = 'dataset';
  readonly #run: DatasetRun;
  readonly #settings: () => LocalSettings;
  #cache: { key: string; value: LoadedCase } | null = null;

  constructor(run: DatasetRun, settings: () => LocalSettings) {
    this.#run = run;
    this.#settings = settings;
  }

  get id(): string {
    return `dataset:${this.#run.datasetId ?? ''}`;
  }
  get name(): string {
    return this.#run.meta?.name ?? '';
  }
  get targets(): readonly AnnotationTarget[] {
    return this.#run.targets;
  }
  get modelVerdicts(): ReadonlyMap<string, SupportVerdict> {
    return this.#run.modelVerdicts;
  }
  get caseKeys(): readonly string[] {
    return this.#run.caseKeys;
  }
  get reference(): null {
    // The dataset run stores its reference labels itself as the worker finds them.
    return null;
  }

  revisionOf(caseIndex: number): string {
    return String(this.#run.resultAt(caseIndex)?.model?.at ?? 0);
  }

  async load(caseIndex: number): Promise<LoadedCase | null> {
    const rec = this.#run.resultAt(caseIndex);
    if (!rec) return null;
    const cacheKey = `${this.id}:${caseIndex}:${rec.model?.at ?? 0}`;
    if (this.#cache?.key === cacheKey) return this.#cache.value;
    const c = await this.#run.caseAt(caseIndex);
    if (!c) return null;
    const local = auditCase(c, this.#settings());
    const report = rec.model ? applyModelResults(local, rec.model.results, c) : local;
    const { answer, chunks } = prepareCase(c);
    const value: LoadedCase = { caseIndex, caseKey: rec.caseKey, caseId: rec.row.case_id, case: c, answer, chunks, report };
    this.#cache = { key: cacheKey, value };
    return value;
  }
}

/** What the workbench source reads (the Workbench class satisfies it). */
export interface WorkbenchView {
  readonly auditCase: AuditCase | null;
  readonly localReport: Report | null;
  readonly report: Report | null;
}

/** The pairs of the case in the workbench. */
export class WorkbenchSource implements AnnotationSource {
  readonly kind = 'workbench';
  readonly #workbench: WorkbenchView;

  constructor(workbench: WorkbenchView) {
    this.#workbench = workbench;
  }

  #state = $derived.by(() => {
    const c = this.#workbench.auditCase;
    const local = this.#workbench.localReport;
    const report = this.#workbench.report ?? local;
    if (!c || !local || !report) return null;
    const caseKey = caseKeyOf(c);
    const reference = referenceLabels(c, local).labels;
    const caseId = c.id !== undefined ? String(c.id) : null;
    const targets = citedPairs(report, reference).map((p) => ({ caseIndex: 0, caseKey, caseId, ...p, key: pairKey(caseKey, p.claimIndex, p.chunkId) }));
    const modelVerdicts = new Map<string, SupportVerdict>();
    for (const [k, v] of modelPairVerdicts(report)) {
      const [claim, ...chunk] = k.split('\u0000');
      modelVerdicts.set(pairKey(caseKey, Number(claim), chunk.join('\u0000')), v);
    }
    const { answer, chunks } = prepareCase(c);
    const loaded: LoadedCase = { caseIndex: 0, caseKey, caseId, case: c, answer, chunks, report };
    return { caseKey, targets, modelVerdicts, reference, loaded };
  });

  get id(): string {
    return `workbench:${this.#state?.caseKey ?? ''}`;
  }
  get name(): string {
    const c = this.#workbench.auditCase;
    return c ? (c.id !== undefined ? String(c.id) : c.query.slice(0, 80)) : '';
  }
  get targets(): readonly AnnotationTarget[] {
    return this.#state?.targets ?? [];
  }
  get modelVerdicts(): ReadonlyMap<string, SupportVerdict> {
    return this.#state?.modelVerdicts ?? new Map();
  }
  get caseKeys(): readonly string[] {
    return this.#state ? [this.#state.caseKey] : [];
  }
  get reference(): { caseKey: string; labels: ReferenceLabel[] } | null {
    const s = this.#state;
    return s && s.reference.length ? { caseKey: s.caseKey, labels: s.reference } : null;
  }

  #revisions = new WeakMap<object, number>();
  #next = 0;

  revisionOf(): string {
    const s = this.#state;
    if (!s) return '';
    let r = this.#revisions.get(s);
    if (r === undefined) this.#revisions.set(s, (r = ++this.#next));
    return String(r);
  }

  async load(caseIndex: number): Promise<LoadedCase | null> {
    return caseIndex === 0 ? (this.#state?.loaded ?? null) : null;
  }
}

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
