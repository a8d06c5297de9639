// A dataset on the page: import (parsed and audited in the dataset worker), the local checks'
// progress with cancel and continue, the table (sort, filter, pages), metrics, exports, and what
// the annotation view and the model run need from it. Everything survives a reload: the worker
// writes each batch to the dataset database before reporting it, and the page reads it back.
import { datasetMetrics, datasetRowsToCsv, datasetRowsToJsonl, filterRows, sortRows, type DatasetRow, type RowFilter, type SortKey } from '../../core/eval/dataset';
import { pairKey } from '../../core/eval/labels';
import { storedReferenceLabel } from '../../core/eval/referenceLabels';
import type { AuditCase, ModelResults, SupportVerdict } from '../../core/types';
import type { AnnotationLabel } from '../../store/schemas';
import type { AppDb } from '../../store/db';
import { caseAt, clearSlot, currentMeta, putResult, readResults, type DatasetMeta, type ModelRecord, type ResultRecord } from '../../store/datasets';
import type { JobReply, JobRequest, LocalSettings } from './datasetRunJob';

/** What the run needs of a worker (a real Worker, or an in-process stand-in in tests). */
export interface WorkerLike {
  postMessage(msg: JobRequest): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<JobReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export type LocalStatus = 'empty' | 'parsing' | 'running' | 'done' | 'stopped' | 'error';

/** One (claim, chunk) pair of the dataset, in annotation order. */
export interface DatasetTarget {
  caseIndex: number;
  caseKey: string;
  caseId: string | null;
  claimIndex: number;
  chunkId: string;
  cited: boolean;
  key: string;
}

export interface DatasetRunHost {
  /** The local-audit settings to run with (the workbench's). */
  settings(): LocalSettings;
  /** Open a case in the workbench (and show it), with the model's results when it judged the case. */
  openCase(c: AuditCase, origin: string, model: ModelResults | null): void;
  /** Store reference labels that came with the dataset (the labels table). */
  storeLabels(labels: AnnotationLabel[]): Promise<void>;
}

export interface DatasetRunOptions {
  db: AppDb;
  createWorker: () => WorkerLike;
  host: DatasetRunHost;
  now?: () => number;
  pageSize?: number;
  /**
   * While the local checks stream in, the page takes their batches in at most this often (ms);
   * batches that arrive sooner wait and go in together. Default 200.
   */
  applyEveryMs?: number;
  /** Runs `fn` after `ms`; returns what cancels it (tests pass a manual clock). */
  schedule?: (fn: () => void, ms: number) => () => void;
}

const defaultSchedule = (fn: () => void, ms: number): (() => void) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

const newId = () => `ds-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export class DatasetRun {
  #meta = $state.raw<DatasetMeta | null>(null);
  /** Result records by case index (holes while the local checks are still running). */
  #results = $state.raw<(ResultRecord | undefined)[]>([]);
  #status = $state<LocalStatus>('empty');
  #progress = $state.raw<{ done: number; total: number }>({ done: 0, total: 0 });
  #error = $state<string | null>(null);
  #stats = $state.raw<{ audited: number; workerMs: number; wallMs: number } | null>(null);
  #restored = $state(false);

  // The table: bound by its controls.
  sortKey = $state<SortKey>('index');
  sortDir = $state<'asc' | 'desc'>('asc');
  filter = $state<Required<RowFilter>>({ text: '', verdict: 'ANY', failing: 'ANY', checkedBy: 'ANY' });
  page = $state(0);
  readonly pageSize: number;

  readonly #db: AppDb;
  readonly #createWorker: () => WorkerLike;
  readonly #host: DatasetRunHost;
  readonly #now: () => number;
  readonly #applyEveryMs: number;
  readonly #schedule: (fn: () => void, ms: number) => () => void;
  #worker: WorkerLike | null = null;
  #runId = 0;
  #startedAt = 0;
  #restoring: Promise<void> | null = null;
  /**
   * Batches received but not yet shown, and the progress that goes with them. Every batch that
   * goes in copies the result list and makes the table, the metrics and the rest be worked out
   * again over all rows and the page be laid out and painted again; taking batches in together
   * keeps that work, which the page does while the worker keeps its own core busy, to a few
   * times a second.
   */
  #pending: ResultRecord[] = [];
  #pendingProgress: { done: number; total: number } | null = null;
  #lastApplied = -Infinity;
  #cancelApply: (() => void) | null = null;

  constructor(opts: DatasetRunOptions) {
    this.#db = opts.db;
    this.#createWorker = opts.createWorker;
    this.#host = opts.host;
    this.#now = opts.now ?? (() => performance.now());
    this.pageSize = opts.pageSize ?? 25;
    this.#applyEveryMs = opts.applyEveryMs ?? 200;
    this.#schedule = opts.schedule ?? defaultSchedule;
  }

  // --- what the page shows -------------------------------------------------------------------

  get meta(): DatasetMeta | null {
    return this.#meta;
  }
  get status(): LocalStatus {
    return this.#status;
  }
  get progress(): { done: number; total: number } {
    return this.#progress;
  }
  get error(): string | null {
    return this.#error;
  }
  /** Throughput of the last local run: cases audited, worker time and wall time (ms). */
  get stats(): { audited: number; workerMs: number; wallMs: number } | null {
    return this.#stats;
  }
  get restored(): boolean {
    return this.#restored;
  }
  get running(): boolean {
    return this.#status === 'parsing' || this.#status === 'running';
  }
  get datasetId(): string | null {
    return this.#meta?.id ?? null;
  }

  /** Every audited case's row: the model's when it has judged the case, else the local one. */
  rows: DatasetRow[] = $derived(this.#results.filter((r): r is ResultRecord => r !== undefined).map((r) => r.model?.row ?? r.row));

  metrics = $derived(datasetMetrics(this.rows));

  /**
   * Rows after filter and sort (the table pages through these). The filter is copied into a plain
   * object first: read through its state proxy, each field would be looked up once per row.
   */
  tableRows: DatasetRow[] = $derived(sortRows(filterRows(this.rows, { ...this.filter }), this.sortKey, this.sortDir));

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.tableRows.length / this.pageSize));
  }

  pageRows: DatasetRow[] = $derived.by(() => {
    const p = Math.min(this.page, Math.max(0, Math.ceil(this.tableRows.length / this.pageSize) - 1));
    return this.tableRows.slice(p * this.pageSize, (p + 1) * this.pageSize);
  });

  /** The pairs to label over the whole dataset, in case order then answer order. */
  targets: DatasetTarget[] = $derived.by(() => {
    const out: DatasetTarget[] = [];
    for (const r of this.#results) {
      if (!r) continue;
      for (const p of r.pairs) {
        out.push({ caseIndex: r.index, caseKey: r.caseKey, caseId: r.row.case_id, claimIndex: p.claimIndex, chunkId: p.chunkId, cited: p.cited, key: pairKey(r.caseKey, p.claimIndex, p.chunkId) });
      }
    }
    return out;
  });

  /** The model's verdict per pair key, over the cases the model has judged. */
  modelVerdicts: ReadonlyMap<string, SupportVerdict> = $derived.by(() => {
    const m = new Map<string, SupportVerdict>();
    for (const r of this.#results) for (const [claim, chunk, v] of r?.model?.verdicts ?? []) m.set(pairKey(r!.caseKey, claim, chunk), v);
    return m;
  });

  /** Case keys of the dataset (to load their labels). */
  caseKeys: string[] = $derived([...new Set(this.#results.filter((r) => r !== undefined).map((r) => r!.caseKey))]);

  resultAt(index: number): ResultRecord | undefined {
    return this.#results[index];
  }

  lineOf(index: number): number {
    return this.#results[index]?.row.line ?? index + 1;
  }

  /** Indexes of audited cases the model has not judged yet (what a model run or its resume does). */
  pendingModel(): number[] {
    // A case whose run failed part-way keeps what was judged and its error: it is still pending.
    return this.#results.filter((r): r is ResultRecord => r !== undefined && (!r.model || r.modelError !== undefined) && r.row.error === null).map((r) => r.index);
  }

  /**
   * Cases the model has judged whole. A case whose run failed part-way keeps its verdicts (and
   * counts in the metrics' checked_by) but is still pending, so it is not among them.
   */
  modelJudgedCount(): number {
    return this.#results.filter((r) => r !== undefined && r.model && r.modelError === undefined).length;
  }

  /**
   * What the model-run button offers: a first run over the cases, the rest of an earlier run, or
   * nothing once the model has judged every case (a "resume" of nothing is no offer).
   */
  modelOffer(): { kind: 'run' | 'resume'; cases: number } | { kind: 'done' } {
    const cases = this.pendingModel().length;
    const judged = this.metrics.checkedByModel;
    if (judged > 0 && cases === 0) return { kind: 'done' };
    return { kind: judged > 0 ? 'resume' : 'run', cases };
  }

  /** The results a failed run of this case kept, for the next run to complete. */
  partialModel(index: number): ModelResults | null {
    const r = this.#results[index];
    return r?.model && r.modelError !== undefined ? r.model.results : null;
  }

  // --- table controls ------------------------------------------------------------------------

  sortBy(key: SortKey): void {
    if (this.sortKey === key) this.sortDir = this.sortDir === 'asc' ? 'desc' : 'asc';
    else {
      this.sortKey = key;
      this.sortDir = key === 'index' || key === 'case_id' ? 'asc' : 'desc';
    }
    this.page = 0;
  }

  setFilter(patch: Partial<RowFilter>): void {
    this.filter = { ...this.filter, ...patch } as Required<RowFilter>;
    this.page = 0;
  }

  goPage(p: number): void {
    this.page = Math.min(Math.max(0, p), this.pageCount - 1);
  }

  // --- lifecycle -----------------------------------------------------------------------------

  /** Reads the stored dataset back (once); a run stopped by a reload can then be continued. */
  restore(): Promise<void> {
    this.#restoring ??= this.#restore();
    return this.#restoring;
  }

  async #restore(): Promise<void> {
    try {
      const meta = await currentMeta(this.#db);
      if (!meta || this.#meta) return;
      const results: (ResultRecord | undefined)[] = new Array<ResultRecord | undefined>(meta.size);
      await readResults(this.#db, meta.id, (page) => {
        for (const r of page) if (r.index < meta.size) results[r.index] = r;
      });
      if (this.#meta) return; // an import started meanwhile
      this.#meta = meta;
      this.#results = results;
      const done = results.filter(Boolean).length;
      this.#progress = { done, total: meta.size };
      this.#status = done < meta.size ? 'stopped' : 'done';
    } catch (e) {
      this.#error = e instanceof Error ? e.message : String(e);
    } finally {
      this.#restored = true;
    }
  }

  /** Parse and audit a dataset in the worker; replaces the current dataset. */
  importText(name: string, text: string): void {
    this.#import(name, { text });
  }

  /** The same for a file: the worker reads it (a File is passed as a handle, not copied). */
  importFile(file: File): void {
    this.#import(file.name, { file });
  }

  #import(name: string, content: { text?: string; file?: Blob }): void {
    const datasetId = newId();
    this.#resetTo(null);
    this.#status = 'parsing';
    this.#start({ type: 'import', runId: ++this.#runId, datasetId, name, ...content, settings: this.#host.settings() });
  }

  /** Audit the cases the last run did not reach. */
  continueLocal(): void {
    const meta = this.#meta;
    if (!meta || this.running) return;
    this.#status = 'running';
    this.#start({ type: 'audit', runId: ++this.#runId, datasetId: meta.id, settings: this.#host.settings(), mode: 'missing' });
  }

  /** Audit every case again with the current settings (model results are dropped with the old rows). */
  rerunLocal(): void {
    const meta = this.#meta;
    if (!meta || this.running) return;
    this.#results = new Array<ResultRecord | undefined>(meta.size);
    this.#progress = { done: 0, total: meta.size };
    this.#status = 'running';
    this.#start({ type: 'audit', runId: ++this.#runId, datasetId: meta.id, settings: this.#host.settings(), mode: 'all' });
  }

  /**
   * Stop the local checks now; what was done is kept and can be continued. The worker may have
   * stored a batch it could not report any more: the results are read back so the page shows
   * exactly what is stored.
   */
  async cancelLocal(): Promise<void> {
    if (!this.running) return;
    this.#applyPending();
    this.#stopWorker();
    const runId = ++this.#runId;
    const meta = this.#meta;
    if (!meta) {
      this.#status = 'empty';
      return;
    }
    const results = new Array<ResultRecord | undefined>(meta.size);
    try {
      await readResults(this.#db, meta.id, (page) => {
        for (const r of page) if (r.index < meta.size) results[r.index] = r;
      });
    } catch {
      // Reading back failed: keep what the page already shows.
      if (runId === this.#runId) this.#status = 'stopped';
      return;
    }
    if (runId !== this.#runId) return;
    this.#results = results;
    this.#progress = { done: results.filter(Boolean).length, total: meta.size };
    this.#status = 'stopped';
  }

  /** Forget the dataset (its labels stay in the labels table). */
  async close(): Promise<void> {
    this.#stopWorker();
    this.#runId++;
    this.#resetTo(null);
    await clearSlot(this.#db);
  }

  dispose(): void {
    this.#stopWorker();
  }

  #resetTo(meta: DatasetMeta | null): void {
    this.#stopWorker();
    this.#meta = meta;
    this.#results = [];
    this.#progress = { done: 0, total: meta?.size ?? 0 };
    this.#status = meta ? 'stopped' : 'empty';
    this.#error = null;
    this.#stats = null;
    this.page = 0;
  }

  #start(req: JobRequest): void {
    this.#stopWorker();
    // A run's first batch is shown as soon as it arrives.
    this.#lastApplied = -Infinity;
    this.#error = null;
    this.#startedAt = this.#now();
    let w: WorkerLike;
    try {
      w = this.#createWorker();
    } catch (e) {
      this.#status = 'error';
      this.#error = e instanceof Error ? e.message : String(e);
      return;
    }
    this.#worker = w;
    const runId = req.runId;
    w.onmessage = (e) => this.#onReply(runId, e.data);
    w.onerror = (e) => {
      if (runId !== this.#runId) return;
      // What arrived before the failure is stored: show it.
      this.#applyPending();
      this.#status = 'error';
      this.#error = e.message || 'The dataset worker failed.';
      this.#stopWorker();
    };
    w.postMessage(req);
  }

  #stopWorker(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#dropPending();
  }

  /** Show the batches that are waiting (at once, whatever the time since the last ones). */
  #applyPending(): void {
    this.#cancelApply?.();
    this.#cancelApply = null;
    const records = this.#pending;
    const progress = this.#pendingProgress;
    this.#pending = [];
    this.#pendingProgress = null;
    if (records.length) {
      const next = this.#results.slice();
      for (const rec of records) next[rec.index] = rec;
      this.#results = next;
    }
    if (progress) this.#progress = progress;
    this.#lastApplied = this.#now();
  }

  #dropPending(): void {
    this.#cancelApply?.();
    this.#cancelApply = null;
    this.#pending = [];
    this.#pendingProgress = null;
  }

  #onReply(runId: number, r: JobReply): void {
    if (runId !== this.#runId) return;
    switch (r.type) {
      case 'parsed':
        this.#meta = r.meta;
        this.#results = new Array<ResultRecord | undefined>(r.meta.size);
        this.#progress = { done: 0, total: r.meta.size };
        this.#status = r.meta.size ? 'running' : 'done';
        return;
      case 'results': {
        const reference: AnnotationLabel[] = [];
        const now = Date.now();
        for (const rec of r.records) {
          this.#pending.push(rec);
          for (const l of rec.reference) reference.push(storedReferenceLabel(rec.caseKey, l, now));
        }
        this.#pendingProgress = { done: r.done, total: r.total };
        // The reference labels are stored at once: they are not what the page shows.
        if (reference.length) void this.#host.storeLabels(reference).catch((e: unknown) => (this.#error = e instanceof Error ? e.message : String(e)));
        // The first batch goes in at once; later ones at most every applyEveryMs (a batch that
        // arrives sooner waits for the rest of that time, with whatever else arrives meanwhile).
        const wait = this.#lastApplied + this.#applyEveryMs - this.#now();
        if (wait <= 0) this.#applyPending();
        else
          this.#cancelApply ??= this.#schedule(() => {
            this.#cancelApply = null;
            if (runId === this.#runId) this.#applyPending();
          }, wait);
        return;
      }
      case 'done':
        this.#applyPending();
        this.#stats = { audited: r.audited, workerMs: r.ms, wallMs: this.#now() - this.#startedAt };
        this.#status = 'done';
        this.#stopWorker();
        return;
      case 'error':
        this.#applyPending();
        this.#status = 'error';
        this.#error = r.message;
        this.#stopWorker();
        return;
    }
  }

  // --- cases ---------------------------------------------------------------------------------

  async caseAt(index: number): Promise<AuditCase | null> {
    const meta = this.#meta;
    if (!meta) return null;
    return (await caseAt(this.#db, meta.id, index))?.case ?? null;
  }

  /** Open a case of the dataset in the workbench. */
  async openCase(index: number): Promise<boolean> {
    const c = await this.caseAt(index);
    const meta = this.#meta;
    if (!c || !meta) return false;
    const r = this.#results[index];
    const line = r?.row.line ?? index + 1;
    this.#host.openCase(c, `dataset:${meta.name}#${line}`, r?.model?.results ?? null);
    return true;
  }

  /** Store a model result (or a failure) of one case, and show it. */
  async saveModel(index: number, model: ModelRecord | null, error?: string): Promise<void> {
    const meta = this.#meta;
    const current = this.#results[index];
    if (!meta || !current) return;
    const patch: Partial<ResultRecord> = model ? { model } : {};
    const next: ResultRecord = { ...current, ...patch };
    if (error !== undefined) next.modelError = error;
    else delete next.modelError;
    await putResult(this.#db, next);
    if (this.#meta?.id !== meta.id) return;
    const copy = this.#results.slice();
    copy[index] = next;
    this.#results = copy;
  }

  // --- exports -------------------------------------------------------------------------------

  /** Rows in dataset order (the file's order), whatever the table's sort. */
  exportRows(): DatasetRow[] {
    return [...this.rows].sort((a, b) => a.index - b.index);
  }

  resultsJsonl(): string {
    return datasetRowsToJsonl(this.exportRows());
  }

  resultsCsv(): string {
    // A BOM so that spreadsheet programs read UTF-8 (Czech) text correctly.
    return '\ufeff' + datasetRowsToCsv(this.exportRows());
  }

  exportName(ext: string): string {
    const base = (this.#meta?.name ?? 'dataset').replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'dataset';
    return `${base}-results.${ext}`;
  }
}
