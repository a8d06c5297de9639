// Importing teammates' label files into the Annotate view: each file is read (core/eval/labelFiles),
// its labels matched to the open pairs and merged with those stored, the newer change winning
// (core/eval/labelImport). A name two people seem to share is asked about before anything is
// written; the report says what was added, replaced, left unchanged and not matched. The last
// import can be undone.
import { readLabelFile, type LabelFileError, type LabelFileRead } from '../../core/eval/labelFiles';
import { importLabels, type DatasetPair, type LabelImport, type LabelRename, type NameClash } from '../../core/eval/labelImport';
import { pairKey } from '../../core/eval/labels';
import type { AnnotationLabel } from '../../store/schemas';
import type { Annotation, LabelKey } from './annotation.svelte';

/** A file to import (a browser File satisfies it). */
export interface LabelFile {
  readonly name: string;
  text(): Promise<string>;
}

export interface ImportReport {
  files: { file: string; kind: LabelFileRead['kind']; labels: number }[];
  result: LabelImport;
  errors: LabelFileError[];
}

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'reading'; files: number }
  | { kind: 'ask'; clashes: NameClash[] }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'no-pairs' }
  | { kind: 'failed'; message: string }
  | { kind: 'undone' };

const MAX_FILE_BYTES = 200 * 1024 * 1024;

export class LabelImporter {
  readonly #a: Annotation;
  #state = $state.raw<ImportState>({ kind: 'idle' });
  #reads: LabelFileRead[] = [];
  #undo = $state.raw<{ put: AnnotationLabel[]; remove: LabelKey[] } | null>(null);

  constructor(annotation: Annotation) {
    this.#a = annotation;
  }

  get state(): ImportState {
    return this.#state;
  }
  get canUndo(): boolean {
    return this.#undo !== null;
  }
  dismiss(): void {
    this.#state = { kind: 'idle' };
  }

  /** Reads the files and imports their labels, or asks about clashing names first. */
  async importFiles(files: readonly LabelFile[]): Promise<void> {
    if (!files.length) return;
    if (this.#a.targets.length === 0) {
      this.#state = { kind: 'no-pairs' };
      return;
    }
    this.#state = { kind: 'reading', files: files.length };
    const reads: LabelFileRead[] = [];
    for (const f of files) {
      try {
        const text = await f.text();
        reads.push(text.length > MAX_FILE_BYTES ? { file: f.name, kind: 'unknown', labels: [], errors: [{ file: f.name, line: 0, message: 'too large' }] } : readLabelFile(f.name, text));
      } catch (e) {
        reads.push({ file: f.name, kind: 'unknown', labels: [], errors: [{ file: f.name, line: 0, message: e instanceof Error ? e.message : String(e) }] });
      }
    }
    this.#reads = reads;
    await this.#run([]);
  }

  /** The lead's answer about the clashing names: for each, the same person (to = from) or another name. */
  async answer(renames: readonly LabelRename[]): Promise<void> {
    if (this.#state.kind !== 'ask') return;
    await this.#run(renames);
  }

  cancel(): void {
    this.#reads = [];
    this.#state = { kind: 'idle' };
  }

  /** Takes back the last import: the labels it replaced come back, those it added go. */
  async undo(): Promise<void> {
    const u = this.#undo;
    if (!u) return;
    this.#undo = null;
    if (await this.#a.applyMany(u.put, u.remove)) this.#state = { kind: 'undone' };
  }

  async #run(renames: readonly LabelRename[]): Promise<void> {
    const reads = this.#reads;
    let pairs: DatasetPair[] = this.#a.targets.map((t) => ({ caseKey: t.caseKey, caseId: t.caseId, claimIndex: t.claimIndex, chunkId: t.chunkId }));
    let result = importLabels(pairs, this.#a.labels, reads, { renames, currentAnnotator: this.#a.annotator, now: this.#a.stamp() });
    // Labels not matched by case may match by their claim's text: load the claims and try again.
    if (result.unmatched.byReason['no-case'] > 0 && reads.some((r) => r.labels.some((l) => l.claim))) {
      pairs = await this.#pairsWithClaims();
      result = importLabels(pairs, this.#a.labels, reads, { renames, currentAnnotator: this.#a.annotator, now: this.#a.stamp() });
    }
    if (result.clashes.length) {
      this.#state = { kind: 'ask', clashes: result.clashes };
      return;
    }
    const stored = new Map(this.#a.labels.map((l) => [`${pairKey(l.caseKey, l.claimIndex, l.chunkId)}\u0000${l.annotator}`, l]));
    const put: AnnotationLabel[] = [];
    const remove: LabelKey[] = [];
    for (const l of result.put) {
      const before = stored.get(`${pairKey(l.caseKey, l.claimIndex, l.chunkId)}\u0000${l.annotator}`);
      if (before) put.push(before);
      else remove.push({ caseKey: l.caseKey, claimIndex: l.claimIndex, chunkId: l.chunkId, annotator: l.annotator });
    }
    const report: ImportReport = {
      files: reads.map((r) => ({ file: r.file, kind: r.kind, labels: r.labels.length })),
      result,
      errors: reads.flatMap((r) => r.errors),
    };
    this.#reads = [];
    if (result.put.length && !(await this.#a.applyMany(result.put))) {
      this.#state = { kind: 'failed', message: 'save-failed' };
      return;
    }
    // Undo takes back this import: after one that changed nothing there is nothing to take back
    // (the one before is not offered under this import's report).
    this.#undo = result.put.length ? { put, remove } : null;
    this.#state = { kind: 'done', report };
  }

  /** The pairs with their claims' and chunks' text (each case loaded once). */
  async #pairsWithClaims(): Promise<DatasetPair[]> {
    const out: DatasetPair[] = [];
    const source = this.#a.source;
    let loaded: Awaited<ReturnType<typeof source.load>> = null;
    for (const t of this.#a.targets) {
      if (loaded?.caseIndex !== t.caseIndex) loaded = await source.load(t.caseIndex);
      const claim = loaded?.report.claims.find((c) => c.index === t.claimIndex)?.text;
      const chunk = loaded?.chunks.find((c) => String(c.id) === t.chunkId)?.text;
      out.push({ caseKey: t.caseKey, caseId: t.caseId, claimIndex: t.claimIndex, chunkId: t.chunkId, ...(claim ? { claim } : {}), ...(chunk !== undefined ? { chunkText: chunk } : {}) });
    }
    return out;
  }
}
