// Before a run: the exact input token count of every request the audit will send (count-tokens
// endpoint) and a cost estimate from the price table. Output tokens can only be estimated.
import type { AuditCase, Report } from '../core/types';
import { bodySnippet, createClient, resolveConnection, toModelError, withRetry, type Connection, type Sleep } from './client';
import { EST_OUTPUT_TOKENS_FIXED, EST_OUTPUT_TOKENS_PER_PAIR, EST_OUTPUT_TOKENS_PER_UNCITED } from './constants';
import { costUSD, priceFor, type RequestTokens } from './cost';
import { ModelError } from './errors';
import { buildRequest, cachesShared, planAudit, type AuditPlan, type OutputMode, type RequestBody } from './plan';
import { resolveRepeat } from './repeat';
import { requestBytes } from './wire';
import { WIRES } from './wires';

export interface AuditEstimate {
  model: string;
  /** Requests the audit will send (×K with K judgements per claim), not counting tool round trips. */
  requests: number;
  /** Judgements per claim (K): the estimate covers all of them. */
  repeat?: number;
  /** Exact input tokens over all requests, from the count-tokens endpoint. */
  inputTokens: number;
  /** Of which served from the prompt cache (split audits, and the instructions when cached). */
  cachedTokens: number;
  /** Tokens of the fixed instructions (output schema, tools, system) when they are cached, else 0. */
  instructionTokens?: number;
  /** Estimated output tokens (see EST_OUTPUT_TOKENS_* in constants.ts). */
  outputTokens: number;
  /** null when the model's price is unknown. */
  usd: number | null;
  /** The same requests with nothing read from or written to the prompt cache: usd − this is the cache's saving. */
  uncachedUsd?: number | null;
  priceKnown: boolean;
  split: boolean;
  claims: number;
  /** Input tokens guessed from the request's size (no count-tokens endpoint: OpenAI-compatible servers). */
  approximate?: true;
}

export interface EstimateOptions extends Connection {
  model?: string | undefined;
  strict?: boolean | undefined;
  /** K judgements per claim (repeat.ts): K× the requests, all but the first reading the case from the cache. */
  repeat?: number | undefined;
  mode?: OutputMode | undefined;
  signal?: AbortSignal | undefined;
  sleep?: Sleep | undefined;
  /**
   * Price the audit as one case of a run that caches the instructions with a warm cache: they
   * are read, not paid in full (the run's first requests write them: see cacheWritePremium).
   */
  cacheInstructions?: boolean | undefined;
  /** The instructions' token count when a run already counted it (they are the same for every case of a run). */
  instructionTokens?: number | undefined;
}

export function estimateOutputTokens(plan: AuditPlan): number[] {
  return plan.batches.map(
    (b) =>
      EST_OUTPUT_TOKENS_FIXED +
      b.claims.reduce((n, t) => n + t.cited_chunk_ids.length * EST_OUTPUT_TOKENS_PER_PAIR, 0) +
      b.uncited.length * EST_OUTPUT_TOKENS_PER_UNCITED,
  );
}

function countBody(body: RequestBody) {
  const { model, messages, system, tools, tool_choice, output_config } = body;
  return { model, messages, ...(system ? { system } : {}), ...(tools ? { tools } : {}), ...(tool_choice ? { tool_choice } : {}), ...(output_config ? { output_config } : {}) };
}

/** The shortest prefix the API caches (1024 tokens on most models; some need more, and then the estimate is low). */
const MIN_CACHED_PREFIX_TOKENS = 1024;

/** Characters per token, for the guess where no server counts (English prose with JSON: about 4). */
const CHARS_PER_TOKEN = 4;

/**
 * The estimate without a count-tokens endpoint (Chat Completions has none): each request's
 * input guessed from its size, the output as usual, priced when the model's price is known.
 */
function roughEstimate(c: AuditCase, report: Report, model: string, opts: EstimateOptions): AuditEstimate {
  const k = resolveRepeat(opts).k;
  const plan = planAudit(c, report, { model, repeat: k });
  const mode = opts.mode ?? 'output_config';
  const outputs = estimateOutputTokens(plan);
  const requests: RequestTokens[] = [];
  for (let pass = 0; pass < k; pass++) {
    plan.batches.forEach((batch, i) => {
      const input = Math.ceil(requestBytes(buildRequest(plan, batch, { mode, pass: 0, stream: true })) / CHARS_PER_TOKEN);
      requests.push({ input, cacheWrite: 0, cacheRead: 0, output: outputs[i] ?? 0 });
    });
  }
  return {
    model,
    requests: requests.length,
    repeat: k,
    inputTokens: requests.reduce((n, r) => n + r.input, 0),
    cachedTokens: 0,
    outputTokens: requests.reduce((n, r) => n + r.output, 0),
    usd: costUSD(model, requests),
    uncachedUsd: costUSD(model, requests),
    priceKnown: priceFor(model) !== null,
    split: plan.split,
    claims: plan.claimsTotal,
    approximate: true,
  };
}

export async function estimateAudit(c: AuditCase, report: Report, given: EstimateOptions): Promise<AuditEstimate> {
  const opts = resolveConnection(given);
  const model = opts.model?.trim() || opts.spec.defaultModel;
  if (!WIRES[opts.spec.wire].countsTokens) return roughEstimate(c, report, model, opts);
  const mode = opts.mode ?? 'output_config';
  const ctx = { model, baseURL: opts.baseURL, signal: opts.signal, ...(opts.sleep ? { sleep: opts.sleep } : {}) };
  try {
    const k = resolveRepeat(opts).k;
    const plan = planAudit(c, report, { model, repeat: k, ...(opts.cacheInstructions ? { cacheInstructions: true } : {}) });
    const client = await createClient(opts);
    const reqOpts = opts.signal ? { signal: opts.signal } : undefined;
    const count = async (body: ReturnType<typeof countBody>) => {
      const r: unknown = await withRetry(() => client.messages.countTokens(body as Parameters<typeof client.messages.countTokens>[0], reqOpts), ctx);
      const n = (r as { input_tokens?: unknown } | null)?.input_tokens;
      // An HTML page or any other body without a count: whatever answered is not the API.
      if (typeof n !== 'number' || !Number.isFinite(n)) {
        throw new ModelError({ kind: 'bad_response', model, baseURL: ctx.baseURL, ...(typeof r === 'string' && bodySnippet(r) ? { apiMessage: bodySnippet(r) } : {}) });
      }
      return n;
    };

    const totals: number[] = [];
    for (const batch of plan.batches) totals.push(await count(countBody(buildRequest(plan, batch, { mode, pass: 0, stream: true }))));
    // Split and repeated audits cache tools + system + shared block: count that prefix once to price it.
    let prefix = 0;
    if (cachesShared(plan)) {
      const first = buildRequest(plan, plan.batches[0]!, { mode, pass: 0, stream: true });
      const firstContent = first.messages[0]!.content;
      const sharedOnly = { ...first, messages: [{ role: 'user' as const, content: Array.isArray(firstContent) ? firstContent.slice(0, 1) : firstContent }] };
      prefix = await count(countBody(sharedOnly));
    }
    // The instructions alone, with the smallest message the API accepts after them.
    let instructions = 0;
    if (plan.cacheInstructions && opts.instructionTokens !== undefined) instructions = opts.instructionTokens;
    else if (plan.cacheInstructions) {
      const first = buildRequest(plan, plan.batches[0]!, { mode, pass: 0, stream: true });
      instructions = await count(countBody({ ...first, messages: [{ role: 'user' as const, content: '.' }] }));
    }
    const outputs = estimateOutputTokens(plan);
    const requests: RequestTokens[] = [];
    // The repeats go after the first judgement, so each of them reads the prefix it wrote.
    for (let pass = 0; pass < k; pass++) {
      totals.forEach((total, i) => {
        // A prefix under the API's minimum is neither written to the cache nor read from it.
        const cached = cachesShared(plan) && prefix >= MIN_CACHED_PREFIX_TOKENS ? Math.min(prefix, total) : 0;
        const warm = Math.min(instructions, total);
        const firstOfAll = pass === 0 && i === 0;
        // The first request of a split audit writes its shared block; the instructions in it are already cached.
        const write = firstOfAll ? Math.max(0, cached - warm) : 0;
        const read = firstOfAll ? warm : Math.max(cached, warm);
        requests.push({
          input: total - write - read,
          cacheWrite: write,
          cacheRead: read,
          output: outputs[i] ?? 0,
        });
      });
    }
    const usd = costUSD(model, requests);
    const uncachedUsd = costUSD(model, requests.map((r) => ({ input: r.input + r.cacheWrite + r.cacheRead, cacheWrite: 0, cacheRead: 0, output: r.output })));
    return {
      model,
      requests: requests.length,
      repeat: k,
      inputTokens: requests.reduce((n, r) => n + r.input + r.cacheWrite + r.cacheRead, 0),
      cachedTokens: requests.reduce((n, r) => n + r.cacheRead, 0),
      instructionTokens: instructions,
      outputTokens: requests.reduce((n, r) => n + r.output, 0),
      usd,
      uncachedUsd,
      priceKnown: priceFor(model) !== null,
      split: plan.split,
      claims: plan.claimsTotal,
    };
  } catch (err) {
    throw toModelError(err, ctx).withoutSecret(opts.apiKey);
  }
}

/**
 * What a run pays on top of warm-cache estimates: its first requests (one per concurrent lane,
 * sent before any reply has put the instructions in the cache) write them instead of reading.
 */
export function cacheWritePremium(model: string, instructionTokens: number, lanes: number): number | null {
  const write = costUSD(model, [{ input: 0, cacheWrite: instructionTokens, cacheRead: 0, output: 0 }]);
  const read = costUSD(model, [{ input: 0, cacheWrite: 0, cacheRead: instructionTokens, output: 0 }]);
  return write === null || read === null ? null : (write - read) * Math.max(1, lanes);
}
