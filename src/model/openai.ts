// Talking to an OpenAI-compatible server with plain fetch (no SDK: the wire is small, and local
// servers differ from OpenAI in ways an SDK would hide): one chat request → the assistant turn
// run.ts loops over, the model list from GET /models, and every failure turned into what
// client.ts classifies, so the errors, retries and their words are the Anthropic path's.
import { APIError } from '@anthropic-ai/sdk/core/error';
import type { ErrorType } from '@anthropic-ai/sdk/resources/shared';
import type { MessageUsage, Turn } from './accumulator';
import { bodySnippet, malformedKey, markFinal, toModelError, withRetry, type Connection } from './client';
import { ModelError } from './errors';
import { ChatAccumulator, chatRequest, chatTurn, messagesErrorType } from './openai-wire';
import type { RequestBody } from './plan';
import { normaliseBaseURL } from './settings';
import { bodyChunks, readReply, StreamIdleError } from './sse';
import { guardedFetch, startDeadline, type Deadline } from './guard';

/** OpenAI's own API (and Azure's): the output limit is max_completion_tokens there. */
export function isOpenAIHost(baseURL: string): boolean {
  try {
    const host = new URL(baseURL).hostname;
    return host === 'api.openai.com' || host.endsWith('.openai.azure.com');
  } catch {
    return false;
  }
}

/** The error worded for an OpenAI-compatible server (its settings, not Anthropic's); what was judged goes with it. */
export function asOpenAIError(e: ModelError): ModelError {
  if (e.provider === 'openai') return e;
  const out = new ModelError({ ...e.init, provider: 'openai', ...(e.cause !== undefined ? { cause: e.cause } : {}) });
  out.partial = e.partial;
  out.unjudged = e.unjudged;
  return out;
}

/** Refuses a key fetch could not send (it would quote it in its error); an empty key is fine (local servers). */
export function checkChatKey(apiKey: string): void {
  if (apiKey.trim() && malformedKey(apiKey)) throw new ModelError({ kind: 'auth', malformedKey: true });
}

function headersOf(apiKey: string, json: boolean): Record<string, string> {
  const key = apiKey.trim();
  return { ...(json ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
}

/** An error body read the way client.ts reads the Messages API's (OpenAI's types in its words). */
function apiError(status: number | undefined, json: unknown, text: string | undefined, headers: Headers | undefined): APIError {
  const inner = json && typeof json === 'object' ? (json as { error?: unknown }).error : undefined;
  const err = inner && typeof inner === 'object' ? (inner as { type?: unknown; code?: unknown }) : undefined;
  let body = json && typeof json === 'object' ? (json as object) : undefined;
  // No quota left: as final as Anthropic's spend limit, never retried.
  if (err?.code === 'insufficient_quota' || err?.type === 'insufficient_quota') body = { ...body, error: { ...err, details: { error_code: 'enforced_spend_limit_reached' } } };
  const type = err && (typeof err.type === 'string' || typeof err.code === 'string') ? messagesErrorType(err.type, err.code) : undefined;
  return new APIError(status, body, body ? undefined : text, headers, (type ?? null) as ErrorType | null);
}

async function httpError(res: Response): Promise<APIError> {
  const text = await res.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return apiError(res.status, json, text.slice(0, 65_536) || undefined, res.headers);
}

export interface ChatCall extends Connection {
  model: string;
  signal?: AbortSignal | undefined;
  idleTimeoutMs: number;
  /** The deadline of the whole request (guard.ts), from sending to the reply's last byte. */
  timeoutMs: number;
  /** The reply began to arrive. */
  onStart: () => void;
  /** The reply so far (the text, or the submit tool's arguments). */
  onOutput: (text: string) => void;
  onUsage: (u: MessageUsage) => void;
  /** The server accepted a request (it is billed from here). */
  onRequest: () => void;
}

/**
 * One chat request → the assistant turn. A stream that breaks after content arrived fails for
 * good (markFinal), keeping what was judged, as on the Messages API.
 */
export async function chatCompletion(body: RequestBody, call: ChatCall): Promise<Turn> {
  // One deadline for the whole request (guard.ts): the wait for the headers and the body alike.
  const deadline = startDeadline(call.timeoutMs, call.signal);
  const baseURL = normaliseBaseURL(call.baseURL, 'openai');
  try {
    return await sendChat(body, call, baseURL, deadline);
  } catch (err) {
    if (deadline.expired() && !(err instanceof ModelError && err.kind === 'timeout')) throw markFinal(deadline.error({ model: call.model, baseURL }));
    throw err;
  } finally {
    deadline.dispose();
  }
}

async function sendChat(body: RequestBody, call: ChatCall, baseURL: string, deadline: Deadline): Promise<Turn> {
  const ctx = { model: call.model, baseURL, signal: call.signal };
  const request = chatRequest(body, { completionTokens: isOpenAIHost(baseURL) });
  const response = await guardedFetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: headersOf(call.apiKey, true),
    body: JSON.stringify(request),
    signal: deadline.signal,
  });
  deadline.answered();
  if (!response.ok) throw await httpError(response);
  call.onRequest();
  const acc = new ChatAccumulator();
  const fail = (e: ModelError): ModelError => (acc.hasContent ? markFinal(e) : e);
  const cut = (detail?: string) => new ModelError({ kind: 'stream_cut', model: call.model, baseURL, ...(detail ? { apiMessage: detail } : {}), rawOutput: acc.output });
  let chunks: AsyncGenerator<Uint8Array> | undefined;
  try {
    if (!response.body) throw new ModelError({ kind: 'bad_response', model: call.model, baseURL, apiMessage: 'The response has no body.' });
    chunks = bodyChunks(response.body, call.idleTimeoutMs);
    const reply = await readReply(chunks, response.headers.get('content-type') ?? '');
    if (reply.kind === 'json') {
      const whole = chatTurn(reply.value);
      if (!whole) {
        const v = reply.value;
        if (v && typeof v === 'object' && 'error' in v) throw apiError(undefined, v, undefined, response.headers);
        throw new ModelError({ kind: 'bad_response', model: call.model, baseURL, apiMessage: typeof v === 'string' ? bodySnippet(v) : 'The reply has no list of choices.' });
      }
      call.onUsage(whole.usage);
      call.onOutput(whole.output);
      return whole.turn;
    }
    if (reply.kind === 'other') throw new ModelError({ kind: 'bad_response', model: call.model, baseURL, apiMessage: bodySnippet(reply.text) });
    for await (const sse of reply.events) {
      const started = acc.started;
      const step = acc.push(sse.data);
      if (!started && acc.started) call.onStart();
      if (step === 'output') call.onOutput(acc.output);
      else if (step === 'error') throw apiError(undefined, acc.error, undefined, response.headers);
      // Everything after [DONE] is not part of this reply.
      if (acc.done) break;
    }
  } catch (err) {
    call.onUsage(acc.usage);
    if (acc.output) call.onOutput(acc.output);
    if (err instanceof StreamIdleError) throw fail(cut(err.message));
    // The deadline passed while the reply streamed: a cut, final, with what was judged.
    if (deadline.expired()) throw markFinal(deadline.error({ model: call.model, baseURL, rawOutput: acc.output }));
    throw fail(toModelError(err, { ...ctx, streaming: true }));
  } finally {
    await chunks?.return(undefined).catch(() => undefined);
  }
  call.onUsage(acc.usage);
  if (acc.output) call.onOutput(acc.output);
  if (call.signal?.aborted) throw new ModelError({ kind: 'cancelled' });
  if (!acc.whole) throw fail(cut());
  return acc.turn();
}

/**
 * The server's models (GET {base}/models): OpenAI's list, Ollama's pulled models, the one LM
 * Studio, vLLM or llama.cpp has loaded. On failure no list: the picker takes any name.
 */
export async function listChatModels(conn: Connection, signal?: AbortSignal): Promise<{ models: { id: string; display_name: string }[]; error?: ModelError }> {
  const baseURL = normaliseBaseURL(conn.baseURL, 'openai');
  const ctx = { baseURL, signal };
  try {
    checkChatKey(conn.apiKey);
    const json = await withRetry(async () => {
      const res = await guardedFetch(`${baseURL}/models`, { headers: headersOf(conn.apiKey, false), ...(signal ? { signal } : {}) });
      if (!res.ok) throw await httpError(res);
      const text = await res.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ModelError({ kind: 'bad_response', baseURL, apiMessage: bodySnippet(text) });
      }
    }, ctx);
    const data = (json as { data?: unknown } | null)?.data;
    const models = Array.isArray(data)
      ? data.filter((m): m is { id: string } => !!m && typeof (m as { id?: unknown }).id === 'string' && (m as { id: string }).id !== '').map((m) => ({ id: m.id, display_name: m.id }))
      : [];
    return { models: models.sort((a, b) => a.id.localeCompare(b.id)) };
  } catch (err) {
    return { models: [], error: asOpenAIError(toModelError(err, ctx).withoutSecret(conn.apiKey)) };
  }
}
