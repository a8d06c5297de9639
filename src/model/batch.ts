// Model runs over many cases through the Message Batches API, at half the price: the first request
// of every part of every case (exactly the one the interactive path would send) goes into one
// batch per run, split where the API's limits require; the batch is polled with backoff, its
// request counts are the progress, and each result is merged into the same per-case results as
// the interactive path (runModelAudit with the batch's replies standing for its first requests).
// A reply that needs another turn (a chunk lookup, a repair round) is finished interactively.
// No DOM: the page and the CLI both run it; what they keep between sessions is a BatchState,
// which holds ids and settings, never the key.
import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { z } from '../core/zod';
import type { AuditCase, ModelResults, Report } from '../core/types';
import { Hash53 } from '../core/text/hash';
import { utf8Length } from '../core/text/text';
import { createClient, resolveConnection, toModelError, withRetry, abortableSleep, type Connection, type Sleep } from './client';
import { BATCH_PRICE_FACTOR } from './constants';
import { ModelError } from './errors';
import { buildRequest, type BatchPlan } from './plan';
import { firstTurnKey, planModelAudit, runModelAudit, type ModelRun } from './run';
import { apiErrorFromBody } from './wire';
import { addUsage, emptyUsage, usageCost, type UsageTotal } from './usage';

/** What one batch may hold (Message Batches API): requests, and bytes of the create body. */
export const BATCH_LIMITS = { requests: 100_000, bytes: 256 * 1024 * 1024 } as const;
/** First wait between two polls, and the longest (the wait grows by half each time). */
export const POLL_FIRST_MS = 5_000;
export const POLL_MAX_MS = 60_000;

export interface BatchCase {
  /** The case's number in the run (its dataset index, its place in the CLI's input): names its requests. */
  key: number;
  c: AuditCase;
  report: Report;
  /** What an earlier run of the case had judged: only the rest is asked for. */
  resume?: ModelResults | null | undefined;
}

/** What makes a run's requests what they are; kept in the state so that a resume rebuilds them. */
export interface BatchSettings {
  model: string;
  strict: boolean;
  /** One nonce for the whole run: the instructions are the same bytes in every request (prompt cache). */
  nonce: string;
}

export interface BatchEntry {
  custom_id: string;
  params: MessageCreateParamsNonStreaming;
}

export interface PreparedBatch {
  settings: BatchSettings;
  /** The entries, split into batches within BATCH_LIMITS. */
  groups: BatchEntry[][];
  requests: number;
  /** Of the entries' bytes and names: a resumed run checks that it rebuilt the same requests. */
  fingerprint: string;
}

export const customId = (key: number, pass: number, part: number): string => `c${key}_p${pass}_b${part}`;

/** A part that asks for anything (a resumed case may have parts with nothing left). */
const asked = (b: BatchPlan): boolean => b.claims.length > 0 || b.uncited.length > 0 || b.wantsCorrectness || b.wantsSummary;

/** The first request of every part of every case, as batch entries (pure: no network). */
export function batchEntries(cases: readonly BatchCase[], settings: BatchSettings): BatchEntry[] {
  const entries: BatchEntry[] = [];
  const passes = settings.strict ? 2 : 1;
  for (const bc of cases) {
    // The very plan the interactive path makes for these options.
    const plan = planModelAudit(bc.c, bc.report, { apiKey: '', model: settings.model, strict: settings.strict, nonce: settings.nonce, cacheInstructions: true, ...(bc.resume ? { resume: bc.resume } : {}) });
    for (let pass = 0; pass < passes; pass++) {
      for (const part of plan.batches.filter(asked)) {
        // Built as the interactive path builds it (streaming's output limit included); only
        // `stream` goes, since a batch answers with whole messages.
        const { stream: _stream, ...params } = buildRequest(plan, part, { mode: 'output_config', pass, stream: true });
        entries.push({ custom_id: customId(bc.key, pass, part.index), params: params as MessageCreateParamsNonStreaming });
      }
    }
  }
  return entries;
}

/** The entries in batches of at most `limits` requests and create-body bytes, in order. */
export function splitEntries(entries: readonly BatchEntry[], limits: { requests: number; bytes: number } = BATCH_LIMITS): { groups: BatchEntry[][]; fingerprint: string } {
  const groups: BatchEntry[][] = [];
  const hash = new Hash53();
  // The create body is {"requests":[e1,e2,…]}: 14 bytes of frame, a comma between entries.
  const frame = utf8Length('{"requests":[]}');
  let current: BatchEntry[] = [];
  let bytes = frame;
  for (const e of entries) {
    const json = JSON.stringify(e);
    hash.add(json);
    const size = utf8Length(json);
    if (frame + size > limits.bytes) {
      throw new ModelError({ kind: 'too_large', apiMessage: `The request ${e.custom_id} alone is larger than a batch may be (${limits.bytes} bytes).` });
    }
    const extra = current.length ? size + 1 : size;
    if (current.length >= limits.requests || bytes + extra > limits.bytes) {
      groups.push(current);
      current = [];
      bytes = frame;
    }
    bytes += current.length ? size + 1 : size;
    current.push(e);
  }
  if (current.length) groups.push(current);
  hash.add(`#${entries.length}`);
  return { groups, fingerprint: hash.hex() };
}

export function prepareBatch(cases: readonly BatchCase[], settings: BatchSettings, limits: { requests: number; bytes: number } = BATCH_LIMITS): PreparedBatch {
  const entries = batchEntries(cases, settings);
  const { groups, fingerprint } = splitEntries(entries, limits);
  return { settings, groups, requests: entries.length, fingerprint };
}

// ---------------------------------------------------------------------------------------------
// What is kept between sessions (a file next to the CLI's output, the page's storage)

export const batchStateSchema = z.object({
  format: z.literal('citation-audit-batch'),
  version: z.literal(1),
  model: z.string().min(1),
  strict: z.boolean(),
  nonce: z.string().min(1),
  fingerprint: z.string().min(1),
  /** Requests of the whole run, and the batches it is split into. */
  requests: z.number().int().nonnegative(),
  groups: z.number().int().positive(),
  /** The batches created so far, in the order of the groups. */
  batches: z.array(z.object({ id: z.string().min(1), requests: z.number().int().positive() })),
  createdAt: z.string(),
});
export type BatchState = z.infer<typeof batchStateSchema>;

/** A stored state read back, or null with what was wrong with it. */
export function parseBatchState(raw: unknown): { state: BatchState } | { error: string } {
  const r = batchStateSchema.safeParse(raw);
  if (r.success) return { state: r.data };
  return { error: r.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ') };
}

// ---------------------------------------------------------------------------------------------
// The API's answers, validated

const countsSchema = z.object({
  processing: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  canceled: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
});
export type BatchCounts = z.infer<typeof countsSchema>;

const batchSchema = z.looseObject({
  id: z.string().min(1),
  type: z.literal('message_batch').optional(),
  processing_status: z.enum(['in_progress', 'canceling', 'ended']),
  request_counts: countsSchema,
  results_url: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional(),
});
type BatchObject = z.infer<typeof batchSchema>;

const usageSchema = z.looseObject({
  input_tokens: z.number().nonnegative(),
  output_tokens: z.number().nonnegative(),
  cache_creation_input_tokens: z.number().nonnegative().nullable().optional(),
  cache_read_input_tokens: z.number().nonnegative().nullable().optional(),
});

const messageSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.literal('assistant').optional(),
  content: z.array(z.looseObject({ type: z.string() })),
  stop_reason: z.string().nullable(),
  usage: usageSchema,
});

const resultLineSchema = z.object({
  custom_id: z.string(),
  result: z.discriminatedUnion('type', [
    z.object({ type: z.literal('succeeded'), message: messageSchema }),
    z.object({ type: z.literal('errored'), error: z.unknown() }),
    z.object({ type: z.literal('canceled') }),
    z.object({ type: z.literal('expired') }),
  ]),
});
export type BatchResult = z.infer<typeof resultLineSchema>['result'];

export interface BatchConnection extends Connection {
  signal?: AbortSignal | undefined;
  /** Injected in tests: retry and poll waits recorded instead of slept. */
  sleep?: Sleep | undefined;
}

function ctxOf(conn: BatchConnection, model?: string) {
  return { baseURL: resolveConnection(conn).baseURL, signal: conn.signal, ...(model ? { model } : {}), ...(conn.sleep ? { sleep: conn.sleep } : {}) };
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string, conn: BatchConnection): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const where = r.error.issues[0];
  throw new ModelError({ kind: 'bad_response', baseURL: ctxOf(conn).baseURL, apiMessage: `${what}: ${where ? `${where.path.join('.') || '(root)'}: ${where.message}` : 'unexpected shape'}` });
}

async function call<T>(conn: BatchConnection, fn: (client: Anthropic, opts: { signal?: AbortSignal }) => Promise<unknown>, schema: z.ZodType<T>, what: string): Promise<T> {
  const ctx = ctxOf(conn);
  try {
    const client = await createClient(resolveConnection(conn));
    const value = await withRetry(() => fn(client, conn.signal ? { signal: conn.signal } : {}), ctx);
    return checked(schema, value, what, conn);
  } catch (err) {
    throw toModelError(err, ctx).withoutSecret(conn.apiKey);
  }
}

/**
 * Creates the batches of the run that do not exist yet (all of them for a new run) and returns
 * the state; `onState` is told after each one, so that an interrupted creation loses no batch id.
 */
export async function createBatches(prepared: PreparedBatch, conn: BatchConnection, state: BatchState | null = null, onState?: (s: BatchState) => void | Promise<void>): Promise<BatchState> {
  if (state && state.fingerprint !== prepared.fingerprint) throw new BatchMismatch();
  let s: BatchState = state ?? {
    format: 'citation-audit-batch',
    version: 1,
    model: prepared.settings.model,
    strict: prepared.settings.strict,
    nonce: prepared.settings.nonce,
    fingerprint: prepared.fingerprint,
    requests: prepared.requests,
    groups: Math.max(1, prepared.groups.length),
    batches: [],
    createdAt: new Date().toISOString(),
  };
  for (let i = s.batches.length; i < prepared.groups.length; i++) {
    const requests = prepared.groups[i]!;
    const created = await call(conn, (client, o) => client.messages.batches.create({ requests }, o), batchSchema, 'the created batch');
    s = { ...s, batches: [...s.batches, { id: created.id, requests: requests.length }] };
    await onState?.(s);
  }
  return s;
}

/** The state was made for other requests (another input, other settings). */
export class BatchMismatch extends Error {
  constructor() {
    super('The saved batch was made for other requests (another input, model or settings) than the ones built now.');
    this.name = 'BatchMismatch';
  }
}

export interface BatchProgress {
  /** Summed over the run's batches. */
  counts: BatchCounts;
  requests: number;
  /** Every batch of the run has ended (its results can be read). */
  ended: boolean;
  canceling: boolean;
  /** The wait before the next poll, when there is one. */
  waitMs?: number;
}

async function retrieveAll(state: BatchState, conn: BatchConnection): Promise<BatchObject[]> {
  const out: BatchObject[] = [];
  for (const b of state.batches) out.push(await call(conn, (client, o) => client.messages.batches.retrieve(b.id, {}, o), batchSchema, `batch ${b.id}`));
  return out;
}

function progressOf(state: BatchState, batches: readonly BatchObject[]): BatchProgress {
  const counts: BatchCounts = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
  for (const b of batches) for (const k of Object.keys(counts) as (keyof BatchCounts)[]) counts[k] += b.request_counts[k];
  return {
    counts,
    requests: state.requests,
    ended: batches.length === state.groups && batches.every((b) => b.processing_status === 'ended'),
    canceling: batches.some((b) => b.processing_status === 'canceling'),
  };
}

/** One look at the run's batches. */
export async function batchProgress(state: BatchState, conn: BatchConnection): Promise<BatchProgress> {
  return progressOf(state, await retrieveAll(state, conn));
}

export interface PollOptions {
  onProgress?: (p: BatchProgress) => void;
  firstWaitMs?: number;
  maxWaitMs?: number;
}

// A look that fails for these reasons (a laptop asleep, a server restarting) is tried again at the
// next poll; only this many of them in a row end the wait.
const TRANSIENT: ReadonlySet<string> = new Set(['network', 'offline', 'timeout', 'server', 'overloaded', 'rate_limit', 'stream_cut']);
const MAX_FAILED_LOOKS = 10;

/**
 * Polls until every batch of the run has ended, waiting longer each time (up to maxWaitMs).
 * Transient failures of a look are waited out (up to MAX_FAILED_LOOKS in a row).
 */
export async function waitForBatches(state: BatchState, conn: BatchConnection, opts: PollOptions = {}): Promise<BatchProgress> {
  const sleep = conn.sleep ?? abortableSleep;
  let wait = opts.firstWaitMs ?? POLL_FIRST_MS;
  let failed = 0;
  let last: BatchProgress | null = null;
  for (;;) {
    try {
      const p = await batchProgress(state, conn);
      failed = 0;
      last = p;
      if (p.ended) {
        opts.onProgress?.(p);
        return p;
      }
      opts.onProgress?.({ ...p, waitMs: wait });
    } catch (err) {
      const e = toModelError(err, ctxOf(conn));
      if (!TRANSIENT.has(e.kind) || ++failed >= MAX_FAILED_LOOKS) throw e;
      if (last) opts.onProgress?.({ ...last, waitMs: wait });
    }
    await sleep(wait, conn.signal);
    wait = Math.min(opts.maxWaitMs ?? POLL_MAX_MS, Math.round(wait * 1.5));
  }
}

/** Asks the API to cancel every batch of the run that has not ended; what was done stays. */
export async function cancelBatches(state: BatchState, conn: BatchConnection): Promise<void> {
  for (const b of state.batches) {
    try {
      await call(conn, (client, o) => client.messages.batches.cancel(b.id, {}, o), batchSchema, `batch ${b.id}`);
    } catch (err) {
      // A batch that has ended meanwhile cannot be cancelled, and needs not be.
      if (!(err instanceof ModelError && (err.status === 400 || err.status === 409))) throw err;
    }
  }
}

/** Every result of the run's (ended) batches, by custom_id, each line validated. */
export async function readBatchResults(state: BatchState, conn: BatchConnection): Promise<Map<string, BatchResult>> {
  const out = new Map<string, BatchResult>();
  const ctx = ctxOf(conn);
  try {
    const client = await createClient(resolveConnection(conn));
    for (const b of state.batches) {
      const lines = await withRetry(() => client.messages.batches.results(b.id, {}, conn.signal ? { signal: conn.signal } : {}), ctx);
      for await (const line of lines) {
        const r = checked(resultLineSchema, line, `a result line of batch ${b.id}`, conn);
        out.set(r.custom_id, r.result);
      }
    }
  } catch (err) {
    throw toModelError(err, ctx).withoutSecret(conn.apiKey);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Merging

/** What an entry that did not succeed means for its case. */
function entryError(r: Exclude<BatchResult, { type: 'succeeded' }>, model: string, conn: BatchConnection): ModelError {
  if (r.type === 'expired') return new ModelError({ kind: 'batch_expired', model });
  if (r.type === 'canceled') return new ModelError({ kind: 'batch_canceled', model });
  // The entry's error is the API's error JSON ({type: 'error', error: {type, message}}): the same
  // classification as a failed interactive request, without a status.
  return toModelError(apiErrorFromBody(r.error), { model, baseURL: ctxOf(conn).baseURL });
}

export interface CaseOutcome {
  key: number;
  /** The merged run (report and results), as runModelAudit returns it. */
  run?: ModelRun;
  /** Why the case has no (complete) result; its `partial` keeps what was judged. */
  error?: ModelError;
  /** Tokens of this case's batch replies (the rest of results.usage was asked interactively). */
  batchUsage: UsageTotal;
}

/**
 * One case's batch results merged exactly as the interactive path merges its replies. Only a
 * reply that needs another turn makes a request (interactive, full price).
 */
export async function mergeBatchCase(bc: BatchCase, results: ReadonlyMap<string, BatchResult>, state: BatchState, conn: BatchConnection): Promise<CaseOutcome> {
  const model = state.model || resolveConnection(conn).spec.defaultModel;
  const firstTurns = new Map<string, unknown>();
  const batchUsage = emptyUsage();
  const plan = planModelAudit(bc.c, bc.report, { apiKey: '', model, nonce: state.nonce, cacheInstructions: true, ...(bc.resume ? { resume: bc.resume } : {}) });
  for (let pass = 0; pass < (state.strict ? 2 : 1); pass++) {
    for (const { index: part } of plan.batches.filter(asked)) {
      const r = results.get(customId(bc.key, pass, part));
      // Never sent again interactively behind the user's back: a missing result is an error.
      if (!r) firstTurns.set(firstTurnKey(pass, part), new ModelError({ kind: 'bad_response', model, apiMessage: `The batch has no result ${customId(bc.key, pass, part)}.` }));
      else if (r.type === 'succeeded') {
        const u = r.message.usage;
        const write = u.cache_creation_input_tokens ?? 0;
        addUsage(batchUsage, { input_tokens: u.input_tokens + write, output_tokens: u.output_tokens, cache_read_input_tokens: u.cache_read_input_tokens ?? 0, cache_creation_input_tokens: write, requests: 1 });
        firstTurns.set(firstTurnKey(pass, part), r.message);
      } else firstTurns.set(firstTurnKey(pass, part), entryError(r, model, conn));
    }
  }
  try {
    const run = await runModelAudit(bc.c, bc.report, {
      apiKey: conn.apiKey,
      baseURL: conn.baseURL,
      model,
      strict: state.strict,
      nonce: state.nonce,
      cacheInstructions: true,
      signal: conn.signal,
      sleep: conn.sleep,
      firstTurns,
      ...(bc.resume ? { resume: bc.resume } : {}),
    });
    return { key: bc.key, run: { ...run, report: batchPriced(run, model, batchUsage) }, batchUsage };
  } catch (err) {
    return { key: bc.key, error: toModelError(err, { model }), batchUsage };
  }
}

/** The report's meta.usage with its batch replies at the batch price (the follow-ups at the full one). */
function batchPriced(run: ModelRun, model: string, batchUsage: UsageTotal): ModelRun['report'] {
  const all = run.results.usage;
  const meta = run.report.meta.usage;
  if (!all || !meta) return run.report;
  const rest = {
    input_tokens: all.input_tokens - batchUsage.input_tokens,
    output_tokens: all.output_tokens - batchUsage.output_tokens,
    cache_read_input_tokens: (all.cache_read_input_tokens ?? 0) - batchUsage.cache_read_input_tokens,
    cache_creation_input_tokens: (all.cache_creation_input_tokens ?? 0) - batchUsage.cache_creation_input_tokens,
    requests: all.requests - batchUsage.requests,
  };
  const inBatch = batchPrice(usageCost(model, batchUsage).usd);
  const after = usageCost(model, rest).usd;
  const cost = inBatch === null || after === null ? null : Math.round((inBatch + after) * 1e6) / 1e6;
  return { ...run.report, meta: { ...run.report.meta, usage: { ...meta, cost } } };
}

/** Batch cost from an interactive price (null stays null). */
export const batchPrice = (usd: number | null): number | null => (usd === null ? null : usd * BATCH_PRICE_FACTOR);
