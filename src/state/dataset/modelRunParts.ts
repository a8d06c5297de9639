// The pure parts of the dataset's model run (modelRun.svelte.ts): its shapes and limits, the
// record a judged case is stored as, the lane pool, the stored batch and the CLI command offered
// when the browser may not send a batch.
import { datasetRow } from '../../core/eval/dataset';
import { modelPairVerdicts } from '../../core/eval/labels';
import { applyModelResults } from '../../core/report/report';
import type { AuditCase, ModelResults, Report } from '../../core/types';
import { z } from '../../core/zod';
import type { BatchState } from '../../model/batch';
import type { AuditEstimate } from '../../model/estimate';
import type { ModelErrorKind } from '../../model/errors';
import type { ModelRecord } from '../../store/datasets';
import type { KeyValueStore } from '../constants';
import type { ConnectionSettings } from '../model/modelRunCore';
import type { LocalSettings } from './datasetRunJob';

/** 'interactive': one request per case, `concurrency` at a time; 'batch': one Message Batch at half the price. */
export type RunMode = 'interactive' | 'batch';

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

export type ModelRunStatus = 'idle' | 'estimating' | 'running' | 'done' | 'cancelled' | 'stopped';

export type BatchRunStatus = 'idle' | 'creating' | 'waiting' | 'cancelling' | 'merging' | 'done' | 'refused' | 'failed';

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
export const BATCH_STORE_KEY = 'citation-auditor:dataset-batch';

// Interactive failures that would fail every other case the same way: the run stops instead of trying them all.
export const FATAL: ReadonlySet<ModelErrorKind> = new Set(['no_key', 'auth', 'cors_blocked', 'permission', 'model_not_found', 'not_found', 'billing', 'spend_limit', 'network', 'offline', 'bad_response']);

// Refusals of the batches endpoint that mean "not from this browser" rather than a problem of
// the run (a 404 there names no model: batch entries are checked only when processed).
export const REFUSED: ReadonlySet<ModelErrorKind> = new Set(['cors_blocked', 'network', 'not_found', 'model_not_found', 'permission', 'bad_request', 'bad_response']);

export interface ErrorLike {
  kind?: ModelErrorKind;
  message?: string;
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

/** The sample's estimates summed (usd null once one price is unknown); the instructions counted once, the most any case counted. */
export function sumEstimates(estimates: readonly AuditEstimate[]) {
  let usd: number | null = 0;
  let inputTokens = 0;
  let cachedTokens = 0;
  let instructionTokens = 0;
  let outputTokens = 0;
  let requests = 0;
  for (const e of estimates) {
    inputTokens += e.inputTokens;
    cachedTokens += e.cachedTokens;
    instructionTokens = Math.max(instructionTokens, e.instructionTokens ?? 0);
    outputTokens += e.outputTokens;
    requests += e.requests;
    usd = usd === null || e.usd === null ? null : usd + e.usd;
  }
  return { usd, inputTokens, cachedTokens, instructionTokens, outputTokens, requests };
}

export function sizeOf(c: AuditCase): number {
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

/** What a failed case had judged before it failed, as a record kept with the error (null when nothing). */
export function partialRecord(index: number, line: number, c: AuditCase, local: Report, partial: ModelResults | undefined): ModelRecord | null {
  return partial?.judgements.length ? record(index, line, c.query, applyModelResults(local, partial, c), partial) : null;
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// What the page keeps of a batch: the dataset it belongs to, the cases (by index) it covers, the batch state.
const storedSchema = z.object({
  datasetId: z.string(),
  keys: z.array(z.number().int().nonnegative()),
  state: z.unknown(),
});

export interface StoredBatch {
  datasetId: string;
  keys: number[];
  state: BatchState;
}

export function readStoredBatch(store: KeyValueStore): StoredBatch | null {
  const raw = store.get(BATCH_STORE_KEY);
  if (!raw) return null;
  try {
    const r = storedSchema.safeParse(JSON.parse(raw));
    if (!r.success) return null;
    return { datasetId: r.data.datasetId, keys: r.data.keys, state: r.data.state as BatchState };
  } catch {
    return null;
  }
}

/** The CLI command that runs the same batch (the key from the environment, never in the text). */
export function batchCommand(s: ConnectionSettings, l: LocalSettings, datasetName: string | null): string {
  const name = datasetName ?? 'DATASET.jsonl';
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
