// The Anthropic SDK, loaded late (it is ~80 KB and only needed once a key is entered), plus the
// error classification and retry policy every call goes through.
import type Anthropic from '@anthropic-ai/sdk';
// The error classes alone (a few KB, no client): classification tells errors apart by class.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';
import { BACKOFF_BASE_MS, MAX_RETRIES, MAX_RETRY_WAIT_MS } from './constants';
import { ModelError, ServerError, type ModelErrorInit, type ModelErrorKind } from './errors';
import { DEFAULT_PROVIDER, normaliseBaseURL, providerSpec, type Provider, type ProviderSpec } from './providers';
import { guardedFetch, RedirectRefused } from './guard';

export interface Connection {
  apiKey: string;
  baseURL?: string | undefined;
  /** Who answers (providers.ts); none named is the default, Anthropic. */
  provider?: Provider | undefined;
}

/** A connection as the model's entry points pass it on: the provider named and its row, and the Base URL normalised. */
export type Resolved<C extends Connection> = Omit<C, 'baseURL' | 'provider'> & { baseURL: string; provider: Provider; spec: ProviderSpec };

/**
 * Where settings enter the model layer (a run, an estimate, the model list, a batch): the
 * provider's row is looked up and the Base URL normalised, once; everything after uses these.
 */
export function resolveConnection<C extends Connection>(conn: C): Resolved<C> {
  const provider = conn.provider ?? DEFAULT_PROVIDER;
  const spec = providerSpec(provider);
  return { ...conn, baseURL: normaliseBaseURL(conn.baseURL, spec), provider, spec };
}

/**
 * Whether the key (trimmed) has a character no Anthropic key has. Checked before any request:
 * fetch would refuse the header and quote the key's value in its message, or fail as if the
 * network were down.
 */
export const malformedKey = (apiKey: string): boolean => !/^[\x21-\x7e]*$/.test(apiKey.trim());

/**
 * The key rules of every provider, checked before anything is sent: an empty key is refused
 * where the provider needs one everywhere (providers.ts key.requiredAt; elsewhere the server
 * says so), and a key fetch could not send (it would quote it in its error) is refused always.
 */
export function checkKey(spec: ProviderSpec, apiKey: string): void {
  if (!apiKey.trim()) {
    if (spec.key.requiredAt === 'everywhere') throw new ModelError({ kind: 'no_key' });
    return;
  }
  if (malformedKey(apiKey)) throw new ModelError({ kind: 'auth', malformedKey: true });
}

/** The Anthropic SDK's client, for a resolved connection (resolveConnection). */
export async function createClient(conn: Resolved<Connection>): Promise<Anthropic> {
  checkKey(conn.spec, conn.apiKey);
  const { default: AnthropicClient } = await import('@anthropic-ai/sdk');
  return new AnthropicClient({
    apiKey: conn.apiKey.trim(),
    baseURL: conn.baseURL,
    dangerouslyAllowBrowser: true,
    // Our own retry loop (withRetry) decides: the SDK would retry a spend-limit 429, which can
    // only fail again, and its waits could not be reported to the user.
    maxRetries: 0,
    // The SDK must never write requests (and so the key) to the console.
    logLevel: 'off',
    // Never a redirect to another origin (guard.ts): it would send the case where nobody asked.
    fetch: guardedFetch,
  });
}

// ---------------------------------------------------------------------------------------------
// Classification

/** What classification reads of an error a server answered with: the SDK's APIError, or our ServerError (errors.ts). */
interface ApiErrorLike {
  status?: number | undefined;
  headers?: Headers | undefined;
  error?: unknown;
  type?: string | null | undefined;
  errorCode?: string | null | undefined;
  apiMessage?: string | null | undefined;
  requestID?: string | null | undefined;
  message: string;
}

/**
 * The server's words: the API's error.message, or what other servers in front of it put in their
 * JSON (`{"error": "…"}`, `{"message": "…"}`, a FastAPI `detail` string or list of problems).
 */
function apiMessageOf(err: ApiErrorLike): string | undefined {
  if (typeof err.apiMessage === 'string' && err.apiMessage) return err.apiMessage;
  const body = err.error as { error?: unknown; message?: unknown; detail?: unknown } | null | undefined;
  if (!body || typeof body !== 'object') return undefined;
  const inner = body.error as { message?: unknown } | null | undefined;
  if (inner && typeof inner === 'object' && typeof inner.message === 'string') return inner.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  if (Array.isArray(body.detail)) {
    // Only each problem's place and words: its `input` would quote the request back.
    const problems = body.detail
      .map((d: { loc?: unknown; msg?: unknown }) => {
        if (!d || typeof d !== 'object' || typeof d.msg !== 'string') return '';
        const loc = Array.isArray(d.loc) ? d.loc.filter((x) => typeof x === 'string' || typeof x === 'number').join('.') : '';
        return loc ? `${loc}: ${d.msg}` : d.msg;
      })
      .filter(Boolean);
    if (problems.length) return problems.slice(0, 5).join('; ');
  }
  return undefined;
}

function errorTypeOf(err: ApiErrorLike): string | undefined {
  if (typeof err.type === 'string' && err.type) return err.type;
  const body = err.error as { error?: { type?: unknown } } | undefined;
  return typeof body?.error?.type === 'string' ? body.error.type : undefined;
}

function errorCodeOf(err: ApiErrorLike): string | undefined {
  if (typeof err.errorCode === 'string' && err.errorCode) return err.errorCode;
  const body = err.error as { error?: { details?: { error_code?: unknown } } } | undefined;
  const code = body?.error?.details?.error_code;
  return typeof code === 'string' ? code : undefined;
}

const RATE_LIMITS = ['requests', 'tokens', 'input-tokens', 'output-tokens'];

/**
 * How long the server asked us to wait, in milliseconds: retry-after-ms, retry-after (seconds or
 * an HTTP date), or else, for a limit the anthropic-ratelimit-* headers show as used up
 * (remaining 0), the time until its reset (RFC 3339).
 */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get('retry-after');
  if (ra !== null && ra.trim() !== '') {
    const secs = Number(ra);
    if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
    const date = Date.parse(ra);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  let reset: number | undefined;
  for (const limit of RATE_LIMITS) {
    if (headers.get(`anthropic-ratelimit-${limit}-remaining`)?.trim() !== '0') continue;
    const at = Date.parse(headers.get(`anthropic-ratelimit-${limit}-reset`) ?? '');
    if (!Number.isNaN(at)) reset = Math.max(reset ?? 0, at - now);
  }
  return reset === undefined ? undefined : Math.max(0, reset);
}

/** A short, single-line excerpt of a body that is not what we expected (an HTML page from a proxy). */
export function bodySnippet(text: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
  const plain = (title ?? text)
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 160 ? `${plain.slice(0, 159)}\u2026` : plain;
}

/** The text of an error body that was not JSON (the SDK puts it in its message after the status). */
function nonJsonBody(err: ApiErrorLike, status: number | undefined): string | undefined {
  if (status === undefined || (err.error !== undefined && err.error !== null && typeof err.error === 'object')) return undefined;
  const m = err.message ?? '';
  if (!m.startsWith(`${status} `) || m === `${status} status code (no body)`) return undefined;
  return bodySnippet(m.slice(String(status).length + 1)) || undefined;
}

const SPEND_LIMIT = /spend limit|usage limit|spending limit/i;
const BILLING = /credit balance|billing|spend limit|usage limit/i;
const CONTEXT = /prompt is too long|context window|context length|maximum context|too many (input )?tokens/i;

function kindOf(status: number | undefined, type: string | undefined, code: string | undefined, message: string, json: boolean): ModelErrorKind {
  // A page from a proxy or a static host, not the API's error JSON: the address is wrong, or
  // something between us and the API refused the request.
  if (!json && status !== undefined && status >= 400 && status < 500 && ![401, 408, 409, 413, 429].includes(status)) {
    return status === 404 || status === 405 ? 'not_found' : 'bad_response';
  }
  switch (status) {
    case 400:
      return BILLING.test(message) ? 'billing' : CONTEXT.test(message) ? 'context_window' : 'bad_request';
    case 401:
      return /cors/i.test(message) ? 'cors_blocked' : 'auth';
    case 402:
      return 'billing';
    case 403:
      return 'permission';
    case 404:
      // The API says not_found_error for a path it does not have too ("Not Found"): only a
      // message that names the model is about the model.
      return /model/i.test(message) ? 'model_not_found' : 'not_found';
    case 405:
      return 'not_found';
    case 408:
      return 'timeout';
    case 409:
      // A conflict (e.g. a lock timeout) passes: retried like a server error.
      return 'server';
    case 413:
      return 'too_large';
    case 429:
      return code === 'enforced_spend_limit_reached' || SPEND_LIMIT.test(message) ? 'spend_limit' : 'rate_limit';
    case 529:
      return 'overloaded';
    default:
      break;
  }
  if (status !== undefined && status >= 500) return type === 'overloaded_error' ? 'overloaded' : 'server';
  // An error event inside a stream has no status, only the error type.
  switch (type) {
    case 'overloaded_error':
      return 'overloaded';
    case 'api_error':
      return 'server';
    case 'rate_limit_error':
      return code === 'enforced_spend_limit_reached' || SPEND_LIMIT.test(message) ? 'spend_limit' : 'rate_limit';
    case 'authentication_error':
      return 'auth';
    case 'permission_error':
      return 'permission';
    case 'invalid_request_error':
      return CONTEXT.test(message) ? 'context_window' : 'bad_request';
    case 'request_too_large':
      return 'too_large';
    default:
      return 'unexpected';
  }
}

export interface ClassifyContext {
  model?: string;
  baseURL?: string;
  signal?: AbortSignal | undefined;
  /** True once the response stream has begun: a broken connection is then a cut stream. */
  streaming?: boolean;
  /**
   * True when this server already answered in this run (an earlier request or turn): it is
   * reachable and allows the page, so a connection that fails now was cut, whatever the
   * browser's opaque "Failed to fetch" says.
   */
  reached?: boolean;
}

// Node's words for a connection the server accepted and then dropped (a reset, or a close
// before the reply): the server was reached. Refused, unresolved or timed-out connects were not.
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/** The error itself or the first of its causes that `is` picks. */
function causeOf<T>(err: unknown, is: (e: object) => e is T & object): T | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    if (is(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether the error, or one of its causes, says an established connection was dropped. */
function connectionDropped(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && DROPPED_CODES.has(code)) return true;
    e = cause;
  }
  return false;
}

/** Whether the browser says it has no network (Node has no `navigator.onLine`: never offline). */
const isOffline = (): boolean => (globalThis as { navigator?: { onLine?: unknown } }).navigator?.onLine === false;

/** Any thrown value → ModelError with a kind. */
export function toModelError(err: unknown, ctx: ClassifyContext = {}): ModelError {
  if (err instanceof ModelError) return err;
  const base: Partial<ModelErrorInit> = {
    ...(ctx.model ? { model: ctx.model } : {}),
    ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
    cause: err,
  };
  const { name, message } = (err && typeof err === 'object' ? err : {}) as { name?: unknown; message?: unknown };
  // The DOM's AbortError (a fetch aborted outside the SDK) is a DOMException known by its name.
  if (ctx.signal?.aborted || err instanceof APIUserAbortError || name === 'AbortError') {
    return new ModelError({ ...base, kind: 'cancelled' });
  }
  if (err instanceof APIConnectionTimeoutError) return new ModelError({ ...base, kind: 'timeout' });
  const refused = causeOf(err, (c): c is RedirectRefused => c instanceof RedirectRefused);
  if (refused) return markFinal(new ModelError({ ...base, kind: 'redirect', ...(refused.status ? { status: refused.status } : {}), ...(refused.to ? { redirectTo: refused.to } : {}) }));
  // Node's fetch gave up waiting for the reply's headers (its own limit, 300 s): the server was
  // reached and said nothing, which is not "could not reach".
  if (causeOf(err, (c): c is { code: string } => (c as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT')) {
    return markFinal(new ModelError({ ...base, kind: 'timeout', noReply: true, timeoutSeconds: 300 }));
  }
  // An error the server answered with (a status, or an error event's type). The SDK's connection
  // errors are APIErrors too, with neither.
  const e: ApiErrorLike | undefined = err instanceof APIError || err instanceof ServerError ? err : undefined;
  const status = typeof e?.status === 'number' ? e.status : undefined;
  const type = e && errorTypeOf(e);
  if (e && (status !== undefined || type)) {
    const body = nonJsonBody(e, status);
    const message = apiMessageOf(e) ?? body ?? '';
    const kind = kindOf(status, type, errorCodeOf(e), message, body === undefined);
    const wait = retryAfterMs(e.headers);
    const error = new ModelError({
      ...base,
      kind,
      ...(message ? { apiMessage: message } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(e.requestID ? { requestId: e.requestID } : {}),
      ...(wait !== undefined ? { retryAfterSeconds: wait / 1000 } : {}),
    });
    // The API's own word on whether a retry can help (the SDK obeys it too).
    if (e.headers?.get('x-should-retry') === 'false') markFinal(error);
    return error;
  }
  const text = typeof message === 'string' ? message : undefined;
  // A 200 whose JSON does not parse: whatever answered is not the Messages API.
  if (err instanceof SyntaxError) return new ModelError({ ...base, kind: 'bad_response', ...(text ? { apiMessage: text } : {}) });
  // fetch's TypeError ("Failed to fetch", "terminated", "network error"), the SDK's connection error.
  if (err instanceof APIConnectionError || err instanceof TypeError || /network|fetch|socket|terminated|ECONN/i.test(text ?? '')) {
    // A browser that knows it has no network says so (navigator.onLine is false only then);
    // one line, without fetch's own words, since there is nothing more to tell.
    if (!ctx.streaming && isOffline()) return new ModelError({ ...base, kind: 'offline' });
    // A reply that had begun, a server that answered earlier in the run, or a connection the
    // server accepted and then reset: cut, never "could not reach" (with its CORS advice).
    const cut = ctx.streaming || ctx.reached || connectionDropped(err);
    return new ModelError({ ...base, kind: cut ? 'stream_cut' : 'network', ...(text ? { apiMessage: text } : {}) });
  }
  return new ModelError({ ...base, kind: 'unexpected', ...(text ? { apiMessage: text } : {}) });
}

// ---------------------------------------------------------------------------------------------
// Retry

// A cut stream is retried only while nothing had arrived (see markFinal).
const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(['rate_limit', 'server', 'overloaded', 'network', 'timeout', 'stream_cut']);

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

// Errors that must not be retried whatever their kind (e.g. a stream that failed after content
// had arrived: repeating it would throw away what was judged).
const FINAL = new WeakSet<ModelError>();

export function markFinal(e: ModelError): ModelError {
  FINAL.add(e);
  return e;
}

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError({ kind: 'cancelled' }));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new ModelError({ kind: 'cancelled' }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A failed try about to be made again: told before the wait, so the user sees why nothing comes yet. */
export interface RetryNotice {
  /** The try about to be made (2 = the first retry), of `attempts` at most. */
  attempt: number;
  attempts: number;
  waitMs: number;
  /** Why the last try failed. */
  error: ModelError;
}

export interface RetryOptions extends ClassifyContext {
  sleep?: Sleep;
  maxRetries?: number;
  /** Told before each wait, so the UI can say "trying again (2 of 3) in 2 s — network unreachable". */
  onRetry?: (notice: RetryNotice) => void;
}

/**
 * Runs `fn`, retrying transient failures (429 rate limit, 5xx, 529, network) up to MAX_RETRIES
 * times. The server's retry-after is honoured; a spend-limit 429 is never retried; a wait longer
 * than MAX_RETRY_WAIT_MS is reported to the user instead of waited out.
 */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const sleep = opts.sleep ?? abortableSleep;
  const max = opts.maxRetries ?? MAX_RETRIES;
  // A server that answered and then cut the reply was reached: a later attempt that cannot
  // connect at all must not turn that into "could not reach" (and browser CORS advice).
  let cut: ModelError | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (raw) {
      const err = toModelError(raw, opts);
      if (err.kind === 'stream_cut') cut = err;
      if (!RETRYABLE.has(err.kind) || FINAL.has(err) || attempt >= max) throw (err.kind === 'network' || err.kind === 'offline') && cut ? cut : err;
      const asked = err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : undefined;
      if (asked !== undefined && asked > MAX_RETRY_WAIT_MS) {
        // Past the cap the wait is not a plan: stop, and say when the server asks to be tried again.
        const later = new ModelError({ ...err.init, retryAt: new Date(Date.now() + asked).toISOString(), ...(err.cause !== undefined ? { cause: err.cause } : {}) });
        throw markFinal(later);
      }
      const backoff = BACKOFF_BASE_MS * 2 ** attempt * (0.75 + Math.random() * 0.5);
      const ms = asked ?? backoff;
      opts.onRetry?.({ attempt: attempt + 2, attempts: max + 1, waitMs: ms, error: err });
      await sleep(ms, opts.signal);
    }
  }
}
