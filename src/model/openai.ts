// Talking to an OpenAI-compatible server with plain fetch (no SDK: the wire is small, and local
// servers differ from OpenAI in ways an SDK would hide): one chat request → the assistant turn
// run.ts loops over (read by reply.ts, as the Messages API's), the model list from GET /models,
// and every error body mapped into our ServerError, which client.ts classifies as it does the
// SDK's, so the errors, retries and their words are the Anthropic path's.
import type { Turn } from './accumulator';
import { bodySnippet, checkKey, toModelError, withRetry, type Connection, type Resolved } from './client';
import { ModelError, ServerError } from './errors';
import { ChatAccumulator, chatRequest, chatTurn, messagesErrorType } from './openai-wire';
import type { RequestBody } from './plan';
import type { Provider } from './providers';
import { guardedFetch, type Deadline } from './guard';
import { badResponse, readTurn, withDeadline, type ChatCall, type ReplyWire } from './reply';

/** OpenAI's own API (and Azure's): the output limit is max_completion_tokens there. */
export function isOpenAIHost(baseURL: string): boolean {
  try {
    const host = new URL(baseURL).hostname;
    return host === 'api.openai.com' || host.endsWith('.openai.azure.com');
  } catch {
    return false;
  }
}

/**
 * The error in the words of its provider (its wire's, filled in with its row's facts: its
 * variables, its address), not the default provider's; what was judged goes with it.
 */
export function inProviderWords(e: ModelError, provider: Provider): ModelError {
  if (e.provider === provider) return e;
  const out = new ModelError({ ...e.init, provider, ...(e.cause !== undefined ? { cause: e.cause } : {}) });
  out.partial = e.partial;
  out.unjudged = e.unjudged;
  return out;
}

function headersOf(apiKey: string, json: boolean): Record<string, string> {
  const key = apiKey.trim();
  return { ...(json ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
}

/** An error body of a Chat Completions server, mapped into our ServerError (OpenAI's types in the Messages API's words). */
function serverError(status: number | undefined, json: unknown, text: string | undefined, headers: Headers | undefined): ServerError {
  const inner = json && typeof json === 'object' ? (json as { error?: unknown }).error : undefined;
  const err = inner && typeof inner === 'object' ? (inner as { type?: unknown; code?: unknown }) : undefined;
  let body = json && typeof json === 'object' ? (json as object) : undefined;
  // No quota left: as final as Anthropic's spend limit, never retried.
  if (err?.code === 'insufficient_quota' || err?.type === 'insufficient_quota') body = { ...body, error: { ...err, details: { error_code: 'enforced_spend_limit_reached' } } };
  const type = err && (typeof err.type === 'string' || typeof err.code === 'string') ? messagesErrorType(err.type, err.code) : undefined;
  return new ServerError(status, body, body ? undefined : text, headers, type ?? null);
}

async function httpError(res: Response): Promise<ServerError> {
  const text = await res.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return serverError(res.status, json, text.slice(0, 65_536) || undefined, res.headers);
}

/** Chat Completions' part of reading a reply (reply.ts): its `data:` chunks, error chunks and whole completions. */
const CHAT_REPLY: ReplyWire = {
  part: () => new ChatAccumulator(),
  error: (body, headers) => serverError(undefined, body, undefined, headers),
  whole(value, call, headers) {
    const whole = chatTurn(value);
    if (!whole) {
      if (value && typeof value === 'object' && 'error' in value) throw serverError(undefined, value, undefined, headers);
      throw badResponse(call, typeof value === 'string' ? bodySnippet(value) : 'The reply has no list of choices.');
    }
    call.onUsage(whole.usage);
    call.onOutput(whole.output);
    return whole.turn;
  },
};

/** One chat request → the assistant turn (reply.ts reads it, as it reads the Messages API's). */
export function chatCompletion(body: RequestBody, call: ChatCall): Promise<Turn> {
  return withDeadline(call, (deadline) => sendChat(body, call, deadline));
}

async function sendChat(body: RequestBody, call: ChatCall, deadline: Deadline): Promise<Turn> {
  const request = chatRequest(body, { completionTokens: isOpenAIHost(call.baseURL) });
  const response = await guardedFetch(`${call.baseURL}/chat/completions`, {
    method: 'POST',
    headers: headersOf(call.apiKey, true),
    body: JSON.stringify(request),
    signal: deadline.signal,
  });
  deadline.answered();
  if (!response.ok) throw await httpError(response);
  call.onRequest();
  return readTurn(response, CHAT_REPLY, call, deadline);
}

/**
 * The server's models (GET {base}/models): OpenAI's list, Ollama's pulled models, the one LM
 * Studio, vLLM or llama.cpp has loaded. On failure no list: the picker takes any name.
 */
export async function listChatModels(conn: Resolved<Connection>, signal?: AbortSignal): Promise<{ models: { id: string; display_name: string }[]; error?: ModelError }> {
  const baseURL = conn.baseURL;
  const ctx = { baseURL, signal };
  try {
    checkKey(conn.spec, conn.apiKey);
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
    return { models: [], error: inProviderWords(toModelError(err, ctx).withoutSecret(conn.apiKey), conn.provider) };
  }
}
