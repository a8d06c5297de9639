// The model audit over a whole dataset: a cost estimate first (count-tokens on a sample of the
// cases still to judge, the rest extrapolated by size), then the cases judged with a concurrency
// limit, each result stored as it arrives. Cancel aborts the requests in flight; a reload or a
// cancel loses only those, and "Resume" judges what is left. The key is read when a run starts
// and never stored by this class.
import { auditCase } from '../core/audit';
import { datasetRow } from '../core/eval/dataset';
import { modelPairVerdicts } from '../core/eval/labels';
import type { AuditCase, ModelResults, Report } from '../core/types';
import { applyModelResults } from '../core/report/report';
import { cacheWritePremium, type AuditEstimate } from '../model/estimate';
import { addUsage, emptyUsage, usageCost, type Usage } from '../model/usage';
import { makeNonce } from '../model/wrap';
import type { ModelErrorKind } from '../model/errors';
import type { ModelRun, ModelRunOptions } from '../model/run';
import type { KeyValueStore } from './storage';
import type { ModelRecord } from '../store/datasets';
import type { LocalSettings } from './datasetRunJob.svelte';

type Engine = typeof import('../model/engine');

/** What the model run needs of the dataset. */
export interface ModelRunHost {
  readonly datasetId: string | null;
  pendingModel(): number[];
  caseAt(index: number): Promise<AuditCase | null>;
  /** 1-based line of the case in its file. */
  lineOf(index: number): number;
  saveModel(index: number, model: ModelRecord | null, error?: string): Promise<void>;
  /** What a failed earlier run of this case had judged (kept with its error), to ask only for the rest. */
  partialModel?(index: number): ModelResults | null;
}

/** Where the connection comes from: the model settings, and a key read only when needed. */
export interface ModelConnectionSource {
  readonly settings: { readonly baseURL: string; readonly model: string; readonly strict: boolean };
  apiKey(): string;
}

export interface DatasetModelOptions {
  host: ModelRunHost;
  connection: ModelConnectionSource;
  localSettings: () => LocalSettings;
  store: KeyValueStore;
  /** Test seams. */
  run?: (c: AuditCase, report: Report, opts: ModelRunOptions) => Promise<ModelRun>;
  estimate?: Engine['estimateAudit'];
}

export type ModelRunStatus = 'idle' | 'estimating' | 'running' | 'done' | 'cancelled' | 'stopped';

export interface DatasetEstimate {
  /** Cases still to judge when the estimate was made. */
  cases: number;
  /** Of which counted exactly (count-tokens); the others are extrapolated by size. */
  counted: number;
  inputTokens: number;
  /** Of which read from the prompt cache (the instructions, once the run has written them). */
  cachedTokens: number;
  outputTokens: number;
  requests: number;
  /** null when the model's price is unknown. */
  usd: number | null;
  model: string;
  /** The pending set it was made for (a changed set makes it stale). */
  signature: string;
}

export const CONCURRENCY_KEY = 'citation-auditor:dataset-concurrency';
export const DEFAULT_CONCURRENCY = 3;
export const MAX_CONCURRENCY = 8;
/** How many cases the estimate counts exactly before extrapolating. */
export const ESTIMATE_SAMPLE = 8;

// Failures that would fail every other case the same way: the run stops instead of trying them all.
const FATAL: ReadonlySet<ModelErrorKind> = new Set(['no_key', 'auth', 'cors_blocked', 'permission', 'model_not_found', 'not_found', 'billing', 'spend_limit', 'network', 'offline', 'bad_response']);

interface ErrorLike {
  kind?: ModelErrorKind;
  message?: string;
}

export class DatasetModelRun {
  #status = $state<ModelRunStatus>('idle');
  #done = $state(0);
  #failed = $state(0);
  #total = $state(0);
  #inFlight = $state.raw<number[]>([]);
  #message = $state<string | null>(null);
  #estimate = $state.raw<DatasetEstimate | null>(null);
  #concurrency = $state(DEFAULT_CONCURRENCY);
  #usage = $state.raw<Required<Usage>>(emptyUsage());

  readonly #opts: DatasetModelOptions;
  #controller: AbortController | null = null;
  #generation = 0;

  constructor(opts: DatasetModelOptions) {
    this.#opts = opts;
    const stored = Number(opts.store.get(CONCURRENCY_KEY));
    if (Number.isInteger(stored) && stored >= 1 && stored <= MAX_CONCURRENCY) this.#concurrency = stored;
  }

  get status(): ModelRunStatus {
    return this.#status;
  }
  get running(): boolean {
    return this.#status === 'running';
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
  /** The last thing to tell the user (a stopping error, or why nothing ran). */
  get message(): string | null {
    return this.#message;
  }
  get concurrency(): number {
    return this.#concurrency;
  }
  /** Tokens of the current (or last) run: uncached input, cache writes and reads, output. */
  get usage(): Required<Usage> {
    return this.#usage;
  }

  /** What the run's tokens cost so far, and what they would have cost without the prompt cache. */
  usageCost(model: string): { usd: number | null; uncachedUsd: number | null } | null {
    return this.#usage.requests > 0 ? usageCost(model, this.#usage) : null;
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

  async #engine(): Promise<Pick<Engine, 'runModelAudit' | 'estimateAudit'>> {
    const { run, estimate } = this.#opts;
    if (run && estimate) return { runModelAudit: run, estimateAudit: estimate };
    const engine = await import('../model/engine');
    return { runModelAudit: run ?? engine.runModelAudit, estimateAudit: estimate ?? engine.estimateAudit };
  }

  // Every request of a dataset run marks the instructions for caching; one nonce per run keeps
  // them byte-identical across cases, so the run pays for them once per cache window.
  #connection(signal: AbortSignal, nonce?: string) {
    const s = this.#opts.connection.settings;
    return { apiKey: this.#opts.connection.apiKey(), baseURL: s.baseURL, model: s.model, strict: s.strict, signal, cacheInstructions: true, ...(nonce ? { nonce } : {}) };
  }

  /** Count tokens for a sample of the cases left and price them all (sample + extrapolation by size). */
  async estimateCost(): Promise<void> {
    if (this.running || this.#status === 'estimating') return;
    const pending = this.#opts.host.pendingModel();
    if (pending.length === 0) {
      this.#estimate = null;
      return;
    }
    if (!this.#opts.connection.apiKey()) {
      this.#message = 'no_key';
      return;
    }
    const gen = ++this.#generation;
    const controller = new AbortController();
    this.#controller = controller;
    this.#status = 'estimating';
    this.#message = null;
    try {
      const engine = await this.#engine();
      const signature = this.#signature();
      const sample = spread(pending, ESTIMATE_SAMPLE);
      const settings = this.#opts.localSettings();
      let sampleChars = 0;
      let usd: number | null = 0;
      let inputTokens = 0;
      let cachedTokens = 0;
      let instructionTokens = 0;
      let outputTokens = 0;
      let requests = 0;
      const estimates: AuditEstimate[] = [];
      // The instructions are the same for every case of the run: the first case counts them, the
      // others reuse that count (one count-tokens request per case, not two).
      let counted: number | undefined;
      const estimateOne = async (index: number) => {
        const c = await this.#opts.host.caseAt(index);
        if (!c || controller.signal.aborted) return;
        const conn = { ...this.#connection(controller.signal), ...(counted !== undefined ? { instructionTokens: counted } : {}) };
        const est = await engine.estimateAudit(c, auditCase(c, settings), conn);
        counted ??= est.instructionTokens;
        sampleChars += sizeOf(c);
        estimates.push(est);
      };
      const [head, ...rest] = sample;
      if (head !== undefined) await estimateOne(head);
      await pool(rest, this.#concurrency, estimateOne);
      if (gen !== this.#generation) return;
      for (const e of estimates) {
        inputTokens += e.inputTokens;
        cachedTokens += e.cachedTokens;
        instructionTokens = Math.max(instructionTokens, e.instructionTokens ?? 0);
        outputTokens += e.outputTokens;
        requests += e.requests;
        usd = usd === null || e.usd === null ? null : usd + e.usd;
      }
      // Extrapolate to every pending case by input size (tokens follow characters closely).
      let allChars = sampleChars;
      if (pending.length > sample.length) {
        allChars = 0;
        for (const i of pending) {
          const c = await this.#opts.host.caseAt(i);
          if (c) allChars += sizeOf(c);
          if (controller.signal.aborted || gen !== this.#generation) return;
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
        model: this.#opts.connection.settings.model,
        signature,
      };
      this.#status = 'idle';
    } catch (e) {
      if (gen !== this.#generation) return;
      this.#status = 'idle';
      this.#message = messageOf(e);
    } finally {
      if (this.#controller === controller) this.#controller = null;
    }
  }

  /** Judge every case not judged yet, `concurrency` at a time. */
  async run(): Promise<void> {
    if (this.running) return;
    const pending = this.#opts.host.pendingModel();
    const datasetId = this.#opts.host.datasetId;
    if (!datasetId || pending.length === 0) return;
    if (!this.#opts.connection.apiKey()) {
      this.#message = 'no_key';
      return;
    }
    this.#controller?.abort();
    const gen = ++this.#generation;
    const controller = new AbortController();
    this.#controller = controller;
    this.#status = 'running';
    this.#message = null;
    this.#done = 0;
    this.#failed = 0;
    this.#total = pending.length;
    this.#inFlight = [];
    this.#usage = emptyUsage();
    const nonce = makeNonce();
    const settings = this.#opts.localSettings();
    const engine = await this.#engine();
    let fatal: string | null = null;
    // Another dataset opened (or this one closed) meanwhile: its cases sit at the same indexes, so
    // the run stops instead of spending requests on them and throwing the answers away.
    const replaced = () => this.#opts.host.datasetId !== datasetId;
    await pool(pending, this.#concurrency, async (index) => {
      if (controller.signal.aborted || fatal !== null || gen !== this.#generation) return;
      if (replaced()) {
        controller.abort();
        return;
      }
      const c = await this.#opts.host.caseAt(index);
      if (replaced()) {
        controller.abort();
        return;
      }
      if (!c) return;
      this.#inFlight = [...this.#inFlight, index];
      const local = auditCase(c, settings);
      try {
        const before = this.#opts.host.partialModel?.(index) ?? null;
        const run = await engine.runModelAudit(c, local, { ...this.#connection(controller.signal, nonce), ...(before ? { resume: before } : {}) });
        if (gen !== this.#generation || this.#opts.host.datasetId !== datasetId) return;
        const total = { ...this.#usage };
        addUsage(total, run.results.usage);
        this.#usage = total;
        await this.#opts.host.saveModel(index, record(index, this.#opts.host.lineOf(index), c.query, run.report, run.results));
        this.#done++;
      } catch (e) {
        if (gen !== this.#generation || controller.signal.aborted || replaced()) return;
        const kind = (e as ErrorLike).kind;
        // What was judged before a failure is kept with its error; a later run asks for the rest.
        const partial = (e as { partial?: ModelResults }).partial;
        const kept = partial?.judgements.length ? record(index, this.#opts.host.lineOf(index), c.query, applyModelResults(local, partial, c), partial) : null;
        if (kind && FATAL.has(kind)) {
          fatal = messageOf(e);
          if (kept) await this.#opts.host.saveModel(index, kept, messageOf(e));
          controller.abort();
          return;
        }
        this.#failed++;
        await this.#opts.host.saveModel(index, kept, messageOf(e));
      } finally {
        if (gen === this.#generation) this.#inFlight = this.#inFlight.filter((i) => i !== index);
      }
    });
    if (gen !== this.#generation) return;
    this.#controller = null;
    if (fatal !== null) {
      this.#status = 'stopped';
      this.#message = fatal;
    } else if (controller.signal.aborted) this.#status = 'cancelled';
    else this.#status = 'done';
  }

  /** Abort the requests in flight; everything already judged stays. */
  cancel(): void {
    if (this.#status === 'estimating') {
      this.#generation++;
      this.#controller?.abort();
      this.#controller = null;
      this.#status = 'idle';
      return;
    }
    if (!this.running) return;
    this.#controller?.abort();
    this.#generation++;
    this.#controller = null;
    this.#inFlight = [];
    this.#status = 'cancelled';
  }
}

/** Up to n items spread over the list (first, last and evenly between). */
export function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.round((i * (items.length - 1)) / (n - 1))]!);
  return [...new Set(out)];
}

/** Runs fn over items with at most `limit` at once, in order of the list. */
export async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(lanes);
}

function sizeOf(c: AuditCase): number {
  let n = c.query.length + c.answer.length + (c.gold_answer?.length ?? 0);
  for (const ch of c.chunks) n += ch.text.length;
  return n;
}

export function record(index: number, line: number, query: string, report: Report, results: ModelResults): ModelRecord {
  const verdicts = [...modelPairVerdicts(report)].map(([k, v]): [number, string, typeof v] => {
    const [claim, ...chunk] = k.split('\u0000');
    return [Number(claim), chunk.join('\u0000'), v];
  });
  return { results, row: datasetRow(index, line, report, query), verdicts, at: Date.now() };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
