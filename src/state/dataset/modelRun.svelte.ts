// The model audit over a whole dataset, in one of two modes. 'interactive': a cost estimate first
// (count-tokens on a sample of the cases still to judge, the rest extrapolated by size), then the
// cases judged with a concurrency limit, each result stored as it arrives; cancel aborts the
// requests in flight and "Resume" judges what is left. 'batch': the same cases sent as one Message
// Batch at half the price (model/batch.ts), its id kept in localStorage with the dataset's id so
// that a reload resumes polling it; cancel asks the API to stop and keeps what was done; where the
// browser is refused (CORS, or a 4xx on the batches endpoint) the message gives the CLI command
// that runs the same batch. Both store a judged case the same way (modelRunParts.ts record), and
// both read the key when a run starts, never storing it. The engine, the connection and the key
// check are the workbench's too (model/modelRunCore.ts); stale answers are dropped by a
// RunSequencer per mode, as the workbench drops its own.
import { auditCase } from '../../core/audit';
import type { AuditCase, ModelResults, Report } from '../../core/types';
import type { BatchCase, BatchConnection, BatchState } from '../../model/batch';
import { BATCH_PRICE_FACTOR } from '../../model/constants';
import { cacheWritePremium, type AuditEstimate } from '../../model/estimate';
import type { ModelRun, ModelRunOptions } from '../../model/run';
import { addUsage, emptyUsage, usageCost, type Usage, type UsageTotal } from '../../model/usage';
import { makeNonce } from '../../model/wrap';
import { settingsRepeat } from '../../model/repeat';
import { keyMissing } from '../../model/providers';
import { RunSequencer, type RunTicket } from '../../model/sequencer';
import type { KeyValueStore } from '../constants';
import { ModelRunCore, type ConnectionSource } from '../model/modelRunCore';
import { BatchProgress, type BatchView } from './batchProgress.svelte';
import type { LocalSettings } from './datasetRunJob';
import {
  BATCH_STORE_KEY,
  batchCommand,
  CONCURRENCY_KEY,
  DEFAULT_CONCURRENCY,
  ESTIMATE_SAMPLE,
  FATAL,
  MAX_CONCURRENCY,
  messageOf,
  partialRecord,
  pool,
  readStoredBatch,
  record,
  REFUSED,
  sizeOf,
  spread,
  sumEstimates,
  type BatchRunStatus,
  type DatasetEstimate,
  type ErrorLike,
  type ModelRunHost,
  type ModelRunStatus,
  type RunMode,
} from './modelRunParts';

type Engine = typeof import('../../model/engine');
type BatchEngine = typeof import('../../model/batch');

export interface DatasetModelOptions {
  host: ModelRunHost;
  connection: ConnectionSource;
  localSettings: () => LocalSettings;
  store: KeyValueStore;
  /** The dataset's file name, for the CLI command offered when the browser is refused a batch. */
  datasetName?: () => string | null;
  /** Test seams: the interactive calls, the batch engine, the waits between batch polls. */
  run?: (c: AuditCase, report: Report, opts: ModelRunOptions) => Promise<ModelRun>;
  estimate?: Engine['estimateAudit'];
  batchEngine?: () => Promise<BatchEngine>;
  sleep?: BatchConnection['sleep'];
  /**
   * Runs `fn` holding the named lock if no other tab holds it (the browser's Web Locks), and says
   * whether it ran: two tabs of one profile judging the same dataset would pay for each case twice.
   */
  lock?: (name: string, fn: () => Promise<void>) => Promise<boolean>;
}

/** The lock an interactive run holds, per dataset, across the tabs of one profile. */
export const RUN_LOCK = 'citation-auditor:dataset-model-run';

export type { BatchView } from './batchProgress.svelte';

export class DatasetModelRun {
  // The interactive mode's progress.
  #status = $state<ModelRunStatus>('idle');
  #done = $state(0);
  #failed = $state(0);
  #total = $state(0);
  #inFlight = $state.raw<number[]>([]);
  #message = $state<string | null>(null);
  #estimate = $state.raw<DatasetEstimate | null>(null);
  #concurrency = $state(DEFAULT_CONCURRENCY);
  #usage = $state.raw<UsageTotal>(emptyUsage());
  // The batch mode's; it runs beside the other with runs of its own.
  readonly #batch: BatchProgress;

  readonly #opts: DatasetModelOptions;
  /** The engine, the connection and the key check, shared with the workbench's model audit. */
  readonly #core: ModelRunCore;
  /** The estimate and the interactive run: a newer one, a cancel or leaving makes the older stale. */
  readonly #runs = new RunSequencer();
  /** The batch being created, followed or merged, likewise. */
  readonly #batchRuns = new RunSequencer();
  #batchTicket: RunTicket | null = null;

  constructor(opts: DatasetModelOptions) {
    this.#opts = opts;
    this.#core = new ModelRunCore(opts.connection, { run: opts.run, estimate: opts.estimate });
    this.#batch = new BatchProgress(() => readStoredBatch(opts.store)?.datasetId === opts.host.datasetId);
    const stored = Number(opts.store.get(CONCURRENCY_KEY));
    if (Number.isInteger(stored) && stored >= 1 && stored <= MAX_CONCURRENCY) this.#concurrency = stored;
  }

  get status(): ModelRunStatus {
    return this.#status;
  }
  get running(): boolean {
    return this.#status === 'running';
  }
  /** Either mode at work (estimating counts): opening another dataset would lose it. */
  get busy(): boolean {
    return this.running || this.#status === 'estimating' || this.#batch.active;
  }
  get done(): number {
    return this.#done;
  }
  get failed(): number {
    return this.#failed;
  }
  get total(): number {
    return this.#total;
  }
  get inFlight(): number[] {
    return this.#inFlight;
  }
  /** The last thing to tell the user of the interactive mode (a stopping error, or why nothing ran). */
  get message(): string | null {
    return this.#message;
  }
  get concurrency(): number {
    return this.#concurrency;
  }
  /** Tokens of the current (or last) interactive run: uncached input, cache writes and reads, output. */
  get usage(): UsageTotal {
    return this.#usage;
  }
  /** The batch mode's progress. */
  get batch(): BatchView {
    return this.#batch;
  }

  /** What the run's tokens cost so far, and what they would have cost without the prompt cache. */
  usageCost(model: string): { usd: number | null; uncachedUsd: number | null } | null {
    return this.#usage.requests > 0 ? usageCost(model, this.#usage) : null;
  }

  /** An interactive price as a batch price. */
  batchUsd(usd: number): number {
    return usd * BATCH_PRICE_FACTOR;
  }

  setConcurrency(n: number): void {
    const v = Math.min(MAX_CONCURRENCY, Math.max(1, Math.round(n)));
    this.#concurrency = v;
    this.#opts.store.set(CONCURRENCY_KEY, String(v));
  }

  /** The estimate while it still describes the cases left to judge. */
  get estimate(): DatasetEstimate | null {
    const e = this.#estimate;
    return e && e.signature === this.#signature() && e.model === this.#opts.connection.settings.model ? e : null;
  }

  #signature(): string {
    const p = this.#opts.host.pendingModel();
    return `${this.#opts.host.datasetId}:${p.length}:${p[0] ?? ''}:${p[p.length - 1] ?? ''}`;
  }

  async #batchEngine(): Promise<BatchEngine> {
    return this.#opts.batchEngine ? this.#opts.batchEngine() : import('../../model/batch');
  }

  // Every request of an interactive run marks the instructions for caching; one nonce per run keeps
  // them byte-identical across cases, so the run pays for them once per cache window.
  #connection(signal: AbortSignal, nonce?: string) {
    const s = this.#opts.connection.settings;
    return { ...this.#core.connection(), model: s.model, strict: s.strict, ...settingsRepeat(s), signal, cacheInstructions: true, ...(nonce ? { nonce } : {}) };
  }

  /** Message Batches are the default provider's: the connection names no other. */
  #batchConn(signal?: AbortSignal): BatchConnection {
    const s = this.#opts.connection.settings;
    return { apiKey: this.#opts.connection.apiKey(), baseURL: s.baseURL, ...(signal ? { signal } : {}), ...(this.#opts.sleep ? { sleep: this.#opts.sleep } : {}) };
  }

  /** Count tokens for a sample of the cases left and price them all (sample + extrapolation by size). */
  async estimateCost(): Promise<void> {
    if (this.running || this.#status === 'estimating') return;
    const pending = this.#opts.host.pendingModel();
    if (pending.length === 0) {
      this.#estimate = null;
      return;
    }
    if (this.#core.keyMissing()) {
      this.#message = 'no_key';
      return;
    }
    const ticket = this.#runs.start();
    this.#status = 'estimating';
    this.#message = null;
    try {
      const engine = await this.#core.engine();
      const signature = this.#signature();
      const sample = spread(pending, ESTIMATE_SAMPLE);
      const settings = this.#opts.localSettings();
      let sampleChars = 0;
      const estimates: AuditEstimate[] = [];
      // The instructions are the same for every case of the run: the first case counts them, the
      // others reuse that count (one count-tokens request per case, not two).
      let counted: number | undefined;
      const estimateOne = async (index: number) => {
        const c = await this.#opts.host.caseAt(index);
        if (!c || ticket.signal.aborted) return;
        const conn = { ...this.#connection(ticket.signal), ...(counted !== undefined ? { instructionTokens: counted } : {}) };
        const est = await engine.estimateAudit(c, auditCase(c, settings), conn);
        counted ??= est.instructionTokens;
        sampleChars += sizeOf(c);
        estimates.push(est);
      };
      const [head, ...rest] = sample;
      if (head !== undefined) await estimateOne(head);
      await pool(rest, this.#concurrency, estimateOne);
      if (!ticket.isLatest()) return;
      const { usd, inputTokens, cachedTokens, instructionTokens, outputTokens, requests } = sumEstimates(estimates);
      // Extrapolate to every pending case by input size (tokens follow characters closely).
      let allChars = sampleChars;
      if (pending.length > sample.length) {
        allChars = 0;
        for (const i of pending) {
          const c = await this.#opts.host.caseAt(i);
          if (c) allChars += sizeOf(c);
          if (ticket.signal.aborted || !ticket.isLatest()) return;
        }
      }
      const factor = sampleChars > 0 ? allChars / sampleChars : pending.length / Math.max(1, estimates.length);
      const model = this.#opts.connection.settings.model;
      // The per-case estimates assume the instructions are cached already; the first request of
      // each concurrent lane writes them instead.
      const premium = instructionTokens > 0 ? cacheWritePremium(model, instructionTokens, Math.min(this.#concurrency, pending.length)) : 0;
      this.#estimate = {
        cases: pending.length,
        counted: estimates.length,
        inputTokens: Math.round(inputTokens * factor),
        cachedTokens: Math.round(cachedTokens * factor),
        outputTokens: Math.round(outputTokens * factor),
        requests: Math.round(requests * (pending.length / Math.max(1, estimates.length))),
        usd: usd === null || premium === null ? null : usd * factor + premium,
        model,
        signature,
      };
      this.#status = 'idle';
    } catch (e) {
      if (!ticket.isLatest()) return;
      this.#status = 'idle';
      this.#message = messageOf(e);
    } finally {
      this.#runs.finish(ticket);
    }
  }

  /** Judge every case not judged yet, in the given mode. */
  run(mode: RunMode): Promise<void> {
    return mode === 'batch' ? this.#runBatch() : this.#runInteractive();
  }

  /** Stops what runs: the interactive requests in flight, else the batch being polled (the API is asked to stop it). What was judged stays. */
  async cancel(): Promise<void> {
    if (this.running || this.#status === 'estimating') this.#cancelInteractive();
    else if (this.#batch.status === 'waiting') await this.#cancelBatch();
  }

  /** Another dataset opens (or this one closes): the interactive run stops, a batch is left to itself (its stored id goes with its dataset). */
  leave(): void {
    this.#cancelInteractive();
    this.#batchRuns.drop();
    if (this.#batch.active) this.#batch.status = 'idle';
  }

  async #runInteractive(): Promise<void> {
    if (this.running) return;
    const pending = this.#opts.host.pendingModel();
    const datasetId = this.#opts.host.datasetId;
    if (!datasetId || pending.length === 0) return;
    if (this.#core.keyMissing()) {
      this.#message = 'no_key';
      return;
    }
    const lock = this.#opts.lock;
    if (!lock) return this.#judge(pending, datasetId);
    // Running while the lock is asked for: a second click meanwhile is not "another tab".
    const before = this.#status;
    this.#status = 'running';
    const ran = await lock(`${RUN_LOCK}:${datasetId}`, () => this.#judge(pending, datasetId));
    if (!ran) {
      this.#status = before;
      this.#message = 'other_tab';
    }
  }

  async #judge(pending: number[], datasetId: string): Promise<void> {
    const ticket = this.#runs.start();
    this.#status = 'running';
    this.#message = null;
    this.#done = 0;
    this.#failed = 0;
    this.#total = pending.length;
    this.#inFlight = [];
    this.#usage = emptyUsage();
    const nonce = makeNonce();
    const settings = this.#opts.localSettings();
    const engine = await this.#core.engine();
    let fatal: string | null = null;
    // The last failure of a case that a resume retries: said with the count, so that "3 failed"
    // comes with why (an overloaded API, a cut connection).
    let failure: string | null = null;
    // Cases that could not be read back: the dataset was replaced or closed in another tab.
    let gone = 0;
    // Another dataset opened (or this one closed) meanwhile: its cases sit at the same indexes, so
    // the run stops instead of spending requests on them and throwing the answers away.
    const replaced = () => this.#opts.host.datasetId !== datasetId;
    await pool(pending, this.#concurrency, async (index) => {
      if (ticket.signal.aborted || fatal !== null || !ticket.isLatest()) return;
      if (replaced()) {
        ticket.abort();
        return;
      }
      const c = await this.#opts.host.caseAt(index);
      if (replaced()) {
        ticket.abort();
        return;
      }
      if (!c) {
        gone++;
        return;
      }
      this.#inFlight = [...this.#inFlight, index];
      const local = auditCase(c, settings);
      try {
        const before = this.#opts.host.partialModel?.(index) ?? null;
        const run = await engine.runModelAudit(c, local, { ...this.#connection(ticket.signal, nonce), ...(before ? { resume: before } : {}) });
        if (!ticket.isLatest() || replaced()) return;
        this.#usage = withUsage(this.#usage, run.results.usage);
        await this.#opts.host.saveModel(index, record(index, this.#opts.host.lineOf(index), c.query, run.report, run.results));
        this.#done++;
      } catch (e) {
        if (!ticket.isLatest() || ticket.signal.aborted || replaced()) return;
        // What was judged before a failure is kept with its error; a later run asks for the rest.
        const kept = partialRecord(index, this.#opts.host.lineOf(index), c, local, (e as { partial?: ModelResults }).partial);
        const kind = (e as ErrorLike).kind;
        if (kind && FATAL.has(kind)) {
          fatal = messageOf(e);
          if (kept) await this.#opts.host.saveModel(index, kept, messageOf(e));
          ticket.abort();
          return;
        }
        this.#failed++;
        failure = messageOf(e);
        await this.#opts.host.saveModel(index, kept, failure);
      } finally {
        if (ticket.isLatest()) this.#inFlight = this.#inFlight.filter((i) => i !== index);
      }
    });
    if (!ticket.isLatest()) return;
    this.#runs.finish(ticket);
    if (fatal !== null) {
      this.#status = 'stopped';
      this.#message = fatal;
    } else if (ticket.signal.aborted) this.#status = 'cancelled';
    else if (gone > 0) {
      // Not "done": those cases were never judged, and this tab's dataset is no longer stored.
      this.#status = 'stopped';
      this.#message = 'dataset_gone';
    }
    else {
      this.#status = 'done';
      if (this.#failed > 0) this.#message = failure;
    }
  }

  #cancelInteractive(): void {
    if (this.#status === 'estimating') {
      this.#runs.drop();
      this.#status = 'idle';
      return;
    }
    if (!this.running) return;
    this.#runs.drop();
    this.#inFlight = [];
    this.#status = 'cancelled';
  }

  async #casesFor(keys: readonly number[]): Promise<BatchCase[] | null> {
    const settings = this.#opts.localSettings();
    const out: BatchCase[] = [];
    for (const key of keys) {
      const c = await this.#opts.host.caseAt(key);
      if (!c) return null;
      const before = this.#opts.host.partialModel?.(key);
      out.push({ key, c, report: auditCase(c, settings), ...(before ? { resume: before } : {}) });
    }
    return out;
  }

  /** The cases left to judge, sent as one batch (split where the API's limits require). */
  async #runBatch(): Promise<void> {
    if (this.#batch.active) return;
    const datasetId = this.#opts.host.datasetId;
    const keys = this.#opts.host.pendingModel();
    if (!datasetId || keys.length === 0) return;
    if (keyMissing(this.#batchConn())) {
      this.#batch.message = 'no_key';
      return;
    }
    const ticket = this.#beginBatch('creating');
    this.#batch.cases = keys.length;
    try {
      const engine = await this.#batchEngine();
      const cases = await this.#casesFor(keys);
      if (!cases || !ticket.isLatest()) return;
      const s = this.#opts.connection.settings;
      // Two judgements under the stricter rule (strict mode, or K = 2) are the batch's strict mode.
      const prepared = engine.prepareBatch(cases, { model: s.model, strict: settingsRepeat(s).repeat === 2, nonce: makeNonce() });
      this.#batch.requests = prepared.requests;
      const state = await engine.createBatches(prepared, this.#batchConn(ticket.signal), null, (st) => this.#keepBatch(datasetId, keys, st));
      await this.#followBatch(engine, state, cases, datasetId, ticket);
    } catch (e) {
      this.#batchFailed(e, ticket);
    }
  }

  /** After a reload: picks the stored batch of the open dataset up again. Idempotent. */
  async restore(): Promise<void> {
    if (this.#batch.active) return;
    const stored = readStoredBatch(this.#opts.store);
    const datasetId = this.#opts.host.datasetId;
    if (!stored || !datasetId) return;
    if (stored.datasetId !== datasetId) return;
    if (keyMissing(this.#batchConn())) {
      this.#batch.waitingForKey = true;
      return;
    }
    this.#batch.waitingForKey = false;
    const ticket = this.#beginBatch('waiting');
    this.#batch.cases = stored.keys.length;
    this.#batch.batchIds = stored.state.batches?.map((b) => b.id) ?? [];
    try {
      const engine = await this.#batchEngine();
      const parsed = engine.parseBatchState(stored.state);
      if (!('state' in parsed)) {
        this.#opts.store.remove(BATCH_STORE_KEY);
        throw new Error(parsed.error);
      }
      // The requests are built again as they were sent (same cases, settings and nonce): the
      // fingerprint check in createBatches refuses a batch made of other requests.
      const cases = await this.#casesFor(stored.keys);
      if (!cases || !ticket.isLatest()) return;
      const prepared = engine.prepareBatch(cases, { model: parsed.state.model, strict: parsed.state.strict, nonce: parsed.state.nonce });
      this.#batch.requests = prepared.requests;
      // Creates the parts of the batch a reload interrupted before they existed; checks the fingerprint.
      const state = await engine.createBatches(prepared, this.#batchConn(ticket.signal), parsed.state, (st) => this.#keepBatch(datasetId, stored.keys, st));
      await this.#followBatch(engine, state, cases, datasetId, ticket);
    } catch (e) {
      if (e instanceof Error && e.name === 'BatchMismatch') this.#opts.store.remove(BATCH_STORE_KEY);
      this.#batchFailed(e, ticket);
    }
  }

  #keepBatch(datasetId: string, keys: readonly number[], st: BatchState): void {
    this.#opts.store.set(BATCH_STORE_KEY, JSON.stringify({ datasetId, keys, state: st }));
    this.#batch.batchIds = st.batches.map((b) => b.id);
  }

  async #cancelBatch(): Promise<void> {
    const stored = readStoredBatch(this.#opts.store);
    if (!stored) return;
    this.#batch.status = 'cancelling';
    // Interrupts the wait between polls; the follow loop picks the cancelled batch up again.
    this.#batchRuns.cancel();
    try {
      const engine = await this.#batchEngine();
      const parsed = engine.parseBatchState(stored.state);
      if (!('state' in parsed)) return;
      await engine.cancelBatches(parsed.state, this.#batchConn(new AbortController().signal));
      this.#batch.status = 'idle';
      await this.restore();
    } catch (e) {
      this.#batchFailed(e, this.#batchTicket);
    }
  }

  #beginBatch(status: BatchRunStatus): RunTicket {
    const ticket = this.#batchRuns.start();
    this.#batchTicket = ticket;
    const b = this.#batch;
    b.status = status;
    b.message = null;
    b.cliCommand = null;
    b.counts = null;
    b.merged = 0;
    b.failed = 0;
    b.usage = emptyUsage();
    return ticket;
  }

  async #followBatch(engine: BatchEngine, state: BatchState, cases: BatchCase[], datasetId: string, ticket: RunTicket): Promise<void> {
    const b = this.#batch;
    const signal = ticket.signal;
    b.status = b.status === 'cancelling' ? 'cancelling' : 'waiting';
    b.batchIds = state.batches.map((x) => x.id);
    await engine.waitForBatches(state, this.#batchConn(signal), {
      onProgress: (p) => {
        if (ticket.isLatest()) b.counts = p.counts;
      },
    });
    if (!ticket.isLatest()) return;
    b.status = 'merging';
    const results = await engine.readBatchResults(state, this.#batchConn(signal));
    const lines = new Map(cases.map((bc) => [bc.key, this.#opts.host.lineOf(bc.key)]));
    const current = () => ticket.isLatest() && this.#opts.host.datasetId === datasetId;
    await pool(cases, 3, async (bc) => {
      if (!current()) return;
      const o = await engine.mergeBatchCase(bc, results, state, this.#batchConn(signal));
      if (!current()) return;
      b.usage = withUsage(b.usage, o.batchUsage);
      const line = lines.get(bc.key)!;
      if (o.run) {
        await this.#opts.host.saveModel(bc.key, record(bc.key, line, bc.c.query, o.run.report, o.run.results));
        b.merged++;
      } else {
        await this.#opts.host.saveModel(bc.key, partialRecord(bc.key, line, bc.c, bc.report, o.error?.partial), o.error?.message ?? 'failed');
        b.failed++;
      }
    });
    if (!ticket.isLatest()) return;
    this.#opts.store.remove(BATCH_STORE_KEY);
    this.#batchRuns.finish(ticket);
    b.status = 'done';
  }

  #batchFailed(e: unknown, ticket: RunTicket | null): void {
    if (ticket && !ticket.isLatest()) return;
    const b = this.#batch;
    const err = e as ErrorLike;
    // A cancel interrupts the wait on purpose: the cancel itself carries on.
    if (err.kind === 'cancelled' && b.status === 'cancelling') return;
    if (ticket) this.#batchRuns.finish(ticket);
    if (b.status === 'creating' && err.kind && REFUSED.has(err.kind)) {
      b.status = 'refused';
      // The server's own words: the kind's advice (pick another model…) does not fit a refusal.
      const detail = (e as { apiMessage?: string; status?: number }).apiMessage;
      const status = (e as { status?: number }).status;
      b.message = detail ? `${status ? `${status}: ` : ''}${detail}` : messageOf(e);
      b.cliCommand = batchCommand(this.#opts.connection.settings, this.#opts.localSettings(), this.#opts.datasetName?.() ?? null);
      return;
    }
    b.status = 'failed';
    b.message = messageOf(e);
  }
}

/** The usage so far plus one more answer's, as a new object (the state is replaced, not mutated). */
function withUsage(sum: UsageTotal, more: Usage | undefined): UsageTotal {
  const total = { ...sum };
  addUsage(total, more);
  return total;
}
