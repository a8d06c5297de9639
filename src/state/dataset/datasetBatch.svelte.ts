// The Dataset view's model run as a Message Batch, at half the price: the cases left to judge go
// out as one batch (model/batch.ts), whose id is kept in localStorage with the dataset's id, so
// a reload (or a closed laptop) resumes polling it. Progress comes from the batch's request
// counts; cancel asks the API to stop and keeps what was done; each result is merged and stored
// like an interactive one. Where the browser is refused (CORS, or a 4xx on the batches endpoint)
// the message says so and gives the CLI command that runs the same batch. The key is read when
// needed and never stored here.
import { auditCase } from '../../core/audit';
import { applyModelResults } from '../../core/report';
import { z } from '../../core/zod';
import { BATCH_PRICE_FACTOR } from '../../model/constants';
import type { BatchCase, BatchConnection, BatchCounts, BatchState } from '../../model/batch';
import type { ModelErrorKind } from '../../model/errors';
import { addUsage, emptyUsage, usageCost, type Usage } from '../../model/usage';
import { makeNonce } from '../../model/wrap';
import { pool, record, type ModelConnectionSource, type ModelRunHost } from './datasetRunModel.svelte';
import type { LocalSettings } from './datasetRunJob';
import type { KeyValueStore } from '../storage';

type BatchEngine = typeof import('../../model/batch');

export const BATCH_STORE_KEY = 'citation-auditor:dataset-batch';

export type BatchRunStatus = 'idle' | 'creating' | 'waiting' | 'cancelling' | 'merging' | 'done' | 'refused' | 'failed';

export interface DatasetBatchOptions {
  host: ModelRunHost;
  connection: ModelConnectionSource;
  localSettings: () => LocalSettings;
  store: KeyValueStore;
  /** The dataset's file name, for the CLI command offered when the browser is refused. */
  datasetName: () => string | null;
  /** Test seams: the engine, and the waits between polls. */
  engine?: () => Promise<BatchEngine>;
  sleep?: BatchConnection['sleep'];
}

// What the page keeps: the dataset it belongs to, the cases (by index) it covers, the batch state.
const storedSchema = z.object({
  datasetId: z.string(),
  keys: z.array(z.number().int().nonnegative()),
  state: z.unknown(),
});

// Refusals of the batches endpoint that mean "not from this browser" rather than a problem of
// the run (a 404 there names no model: batch entries are checked only when processed).
const REFUSED: ReadonlySet<ModelErrorKind> = new Set(['cors_blocked', 'network', 'not_found', 'model_not_found', 'permission', 'bad_request', 'bad_response']);

interface ErrorLike {
  kind?: ModelErrorKind;
  message?: string;
}

export class DatasetBatchRun {
  #status = $state<BatchRunStatus>('idle');
  #counts = $state.raw<BatchCounts | null>(null);
  #requests = $state(0);
  #cases = $state(0);
  #merged = $state(0);
  #failed = $state(0);
  #message = $state<string | null>(null);
  #cliCommand = $state<string | null>(null);
  #ids = $state.raw<string[]>([]);
  #usage = $state.raw<Required<Usage>>(emptyUsage());
  #waiting = $state(false);

  readonly #opts: DatasetBatchOptions;
  #controller: AbortController | null = null;
  #generation = 0;

  constructor(opts: DatasetBatchOptions) {
    this.#opts = opts;
  }

  get status(): BatchRunStatus {
    return this.#status;
  }
  /** A batch is on its way (created, polled, or being merged): the interactive run waits. */
  get active(): boolean {
    return this.#status === 'creating' || this.#status === 'waiting' || this.#status === 'cancelling' || this.#status === 'merging';
  }
  get counts(): BatchCounts | null {
    return this.#counts;
  }
  get requests(): number {
    return this.#requests;
  }
  get cases(): number {
    return this.#cases;
  }
  get merged(): number {
    return this.#merged;
  }
  get failed(): number {
    return this.#failed;
  }
  get batchIds(): string[] {
    return this.#ids;
  }
  get message(): string | null {
    return this.#message;
  }
  /** When the browser was refused: the command that runs the same batch from a terminal. */
  get cliCommand(): string | null {
    return this.#cliCommand;
  }
  /** A stored batch for the open dataset waits for a key to be polled. */
  get waitingForKey(): boolean {
    return this.#waiting;
  }
  /** Following the stored batch failed (the API unreachable for long): it can be followed again. */
  get resumable(): boolean {
    return this.#status === 'failed' && this.#stored()?.datasetId === this.#opts.host.datasetId;
  }
  get usage(): Required<Usage> {
    return this.#usage;
  }
  /** The batch's tokens at the batch price, and the same tokens interactive. */
  usageCost(model: string): { usd: number | null; interactiveUsd: number | null } | null {
    if (this.#usage.requests === 0) return null;
    const { usd } = usageCost(model, this.#usage);
    return { usd: usd === null ? null : usd * BATCH_PRICE_FACTOR, interactiveUsd: usd };
  }
  /** An interactive price as a batch price. */
  batchUsd(usd: number): number {
    return usd * BATCH_PRICE_FACTOR;
  }

  async #engine(): Promise<BatchEngine> {
    return this.#opts.engine ? this.#opts.engine() : import('../../model/batch');
  }

  #conn(signal: AbortSignal): BatchConnection {
    const s = this.#opts.connection.settings;
    return { apiKey: this.#opts.connection.apiKey(), baseURL: s.baseURL, signal, ...(this.#opts.sleep ? { sleep: this.#opts.sleep } : {}) };
  }

  #stored(): { datasetId: string; keys: number[]; state: BatchState } | null {
    const raw = this.#opts.store.get(BATCH_STORE_KEY);
    if (!raw) return null;
    try {
      const r = storedSchema.safeParse(JSON.parse(raw));
      if (!r.success) return null;
      return { datasetId: r.data.datasetId, keys: r.data.keys, state: r.data.state as BatchState };
    } catch {
      return null;
    }
  }

  async #casesFor(keys: readonly number[], resume: boolean): Promise<BatchCase[] | null> {
    const settings = this.#opts.localSettings();
    const out: BatchCase[] = [];
    for (const key of keys) {
      const c = await this.#opts.host.caseAt(key);
      if (!c) return null;
      const before = resume ? this.#opts.host.partialModel?.(key) : null;
      out.push({ key, c, report: auditCase(c, settings), ...(before ? { resume: before } : {}) });
    }
    return out;
  }

  /** The cases left to judge, sent as one batch (split where the API's limits require). */
  async run(): Promise<void> {
    if (this.active) return;
    const datasetId = this.#opts.host.datasetId;
    const keys = this.#opts.host.pendingModel();
    if (!datasetId || keys.length === 0) return;
    if (!this.#opts.connection.apiKey()) {
      this.#message = 'no_key';
      return;
    }
    const gen = this.#begin('creating');
    this.#cases = keys.length;
    try {
      const engine = await this.#engine();
      const cases = await this.#casesFor(keys, true);
      if (!cases || gen !== this.#generation) return;
      const s = this.#opts.connection.settings;
      const prepared = engine.prepareBatch(cases, { model: s.model, strict: s.strict, nonce: makeNonce() });
      this.#requests = prepared.requests;
      const state = await engine.createBatches(prepared, this.#conn(this.#controller!.signal), null, (st) => {
        this.#opts.store.set(BATCH_STORE_KEY, JSON.stringify({ datasetId, keys, state: st }));
        this.#ids = st.batches.map((b) => b.id);
      });
      await this.#follow(engine, state, cases, datasetId, gen);
    } catch (e) {
      this.#fail(e, gen);
    }
  }

  /** After a reload: picks the stored batch of the open dataset up again. Idempotent. */
  async restore(): Promise<void> {
    if (this.active) return;
    const stored = this.#stored();
    const datasetId = this.#opts.host.datasetId;
    if (!stored || !datasetId) return;
    if (stored.datasetId !== datasetId) return;
    if (!this.#opts.connection.apiKey()) {
      this.#waiting = true;
      return;
    }
    this.#waiting = false;
    const gen = this.#begin('waiting');
    this.#cases = stored.keys.length;
    this.#ids = stored.state.batches?.map((b) => b.id) ?? [];
    try {
      const engine = await this.#engine();
      const parsed = engine.parseBatchState(stored.state);
      if (!('state' in parsed)) {
        this.#opts.store.remove(BATCH_STORE_KEY);
        throw new Error(parsed.error);
      }
      // The requests are built again as they were sent (same cases, settings and nonce): the
      // fingerprint check in createBatches refuses a batch made of other requests.
      const cases = await this.#casesFor(stored.keys, true);
      if (!cases || gen !== this.#generation) return;
      const prepared = engine.prepareBatch(cases, { model: parsed.state.model, strict: parsed.state.strict, nonce: parsed.state.nonce });
      this.#requests = prepared.requests;
      // Creates the parts of the batch a reload interrupted before they existed; checks the fingerprint.
      const state = await engine.createBatches(prepared, this.#conn(this.#controller!.signal), parsed.state, (st) => {
        this.#opts.store.set(BATCH_STORE_KEY, JSON.stringify({ datasetId, keys: stored.keys, state: st }));
        this.#ids = st.batches.map((b) => b.id);
      });
      await this.#follow(engine, state, cases, datasetId, gen);
    } catch (e) {
      if (e instanceof Error && e.name === 'BatchMismatch') this.#opts.store.remove(BATCH_STORE_KEY);
      this.#fail(e, gen);
    }
  }

  /** Asks the API to stop the batch; the cases done so far are merged and kept. */
  async cancel(): Promise<void> {
    if (this.#status !== 'waiting') return;
    const stored = this.#stored();
    if (!stored) return;
    this.#status = 'cancelling';
    // Interrupts the wait between polls; the follow loop picks the cancelled batch up again.
    this.#controller?.abort();
    try {
      const engine = await this.#engine();
      const parsed = engine.parseBatchState(stored.state);
      if (!('state' in parsed)) return;
      await engine.cancelBatches(parsed.state, this.#conn(new AbortController().signal));
      this.#status = 'idle';
      await this.restore();
    } catch (e) {
      this.#fail(e, this.#generation);
    }
  }

  /** Leaves the batch to itself (another dataset opened): the stored id goes with the dataset. */
  detach(): void {
    this.#generation++;
    this.#controller?.abort();
    this.#controller = null;
    if (this.active) this.#status = 'idle';
  }

  #begin(status: BatchRunStatus): number {
    this.#controller?.abort();
    const gen = ++this.#generation;
    this.#controller = new AbortController();
    this.#status = status;
    this.#message = null;
    this.#cliCommand = null;
    this.#counts = null;
    this.#merged = 0;
    this.#failed = 0;
    this.#usage = emptyUsage();
    return gen;
  }

  async #follow(engine: BatchEngine, state: BatchState, cases: BatchCase[], datasetId: string, gen: number): Promise<void> {
    const signal = this.#controller!.signal;
    this.#status = this.#status === 'cancelling' ? 'cancelling' : 'waiting';
    this.#ids = state.batches.map((b) => b.id);
    await engine.waitForBatches(state, this.#conn(signal), {
      onProgress: (p) => {
        if (gen === this.#generation) this.#counts = p.counts;
      },
    });
    if (gen !== this.#generation) return;
    this.#status = 'merging';
    const results = await engine.readBatchResults(state, this.#conn(signal));
    const lines = new Map(cases.map((bc) => [bc.key, this.#opts.host.lineOf(bc.key)]));
    await pool(cases, 3, async (bc) => {
      if (gen !== this.#generation || this.#opts.host.datasetId !== datasetId) return;
      const o = await engine.mergeBatchCase(bc, results, state, this.#conn(signal));
      if (gen !== this.#generation || this.#opts.host.datasetId !== datasetId) return;
      const total = { ...this.#usage };
      addUsage(total, o.batchUsage);
      this.#usage = total;
      if (o.run) {
        await this.#opts.host.saveModel(bc.key, record(bc.key, lines.get(bc.key)!, bc.c.query, o.run.report, o.run.results));
        this.#merged++;
      } else {
        const partial = o.error?.partial;
        const kept = partial?.judgements.length ? record(bc.key, lines.get(bc.key)!, bc.c.query, applyModelResults(bc.report, partial, bc.c), partial) : null;
        await this.#opts.host.saveModel(bc.key, kept, o.error?.message ?? 'failed');
        this.#failed++;
      }
    });
    if (gen !== this.#generation) return;
    this.#opts.store.remove(BATCH_STORE_KEY);
    this.#controller = null;
    this.#status = 'done';
  }

  #fail(e: unknown, gen: number): void {
    if (gen !== this.#generation) return;
    const err = e as ErrorLike;
    // A cancel interrupts the wait on purpose: the cancel itself carries on.
    if (err.kind === 'cancelled' && this.#status === 'cancelling') return;
    this.#controller = null;
    if (this.#status === 'creating' && err.kind && REFUSED.has(err.kind)) {
      this.#status = 'refused';
      // The server's own words: the kind's advice (pick another model…) does not fit a refusal.
      const detail = (e as { apiMessage?: string; status?: number }).apiMessage;
      const status = (e as { status?: number }).status;
      this.#message = detail ? `${status ? `${status}: ` : ''}${detail}` : e instanceof Error ? e.message : String(e);
      this.#cliCommand = this.#command();
      return;
    }
    this.#status = 'failed';
    this.#message = e instanceof Error ? e.message : String(e);
  }

  /** The CLI command that runs the same batch (the key from the environment, never in the text). */
  #command(): string {
    const s = this.#opts.connection.settings;
    const l = this.#opts.localSettings();
    const name = this.#opts.datasetName() ?? 'DATASET.jsonl';
    const q = (x: string) => (/^[\w./=:,@+-]+$/.test(x) ? x : `'${x.replace(/'/g, "'\\''")}'`);
    const base = /^https:\/\/api\.anthropic\.com\/?$/.test(s.baseURL) || !s.baseURL ? [] : [`ANTHROPIC_BASE_URL=${q(s.baseURL)}`];
    const parts = [...base, 'npx', 'citation-audit', q(name), '--model', q(s.model), '--batch'];
    if (s.strict) parts.push('--strict');
    if (l.language !== 'auto') parts.push('--lang', l.language);
    if (l.citationScope === 'paragraph') parts.push('--citation-scope', 'paragraph');
    if (l.requiredStyle !== 'auto') parts.push('--require-style', l.requiredStyle);
    parts.push('--format', 'json');
    return parts.join(' ');
  }
}
