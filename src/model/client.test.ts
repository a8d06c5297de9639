import { describe, expect, test } from 'vitest';
import { retryAfterMs, toModelError, withRetry } from './client';
import { normaliseBaseURL } from './settings';
import { describeModelError, ModelError } from './errors';

const apiError = (status: number | undefined, type: string, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  Object.assign(new Error(`${status} ${message}`), {
    name: 'APIError',
    status,
    headers: headers ? new Headers(headers) : undefined,
    error: { type: 'error', error: { type, message, ...extra } },
  });

describe('toModelError', () => {
  test.each([
    [400, 'invalid_request_error', 'messages: bad', 'bad_request'],
    [400, 'invalid_request_error', 'Your credit balance is too low to access the API.', 'billing'],
    [401, 'authentication_error', 'invalid x-api-key', 'auth'],
    [401, 'authentication_error', 'CORS requests are not allowed for this Organization.', 'cors_blocked'],
    [403, 'permission_error', 'no', 'permission'],
    [404, 'not_found_error', 'model: x', 'model_not_found'],
    [413, 'request_too_large', 'too big', 'too_large'],
    [429, 'rate_limit_error', 'slow down', 'rate_limit'],
    [500, 'api_error', 'oops', 'server'],
    [529, 'overloaded_error', 'Overloaded', 'overloaded'],
    [undefined, 'overloaded_error', 'Overloaded', 'overloaded'],
    [undefined, 'api_error', 'Internal', 'server'],
  ])('%s %s → %s', (status, type, message, kind) => {
    expect(toModelError(apiError(status, type, message)).kind).toBe(kind);
  });

  test('a spend-limit 429 is told apart by its error code', () => {
    const e = toModelError(apiError(429, 'rate_limit_error', 'limit', { details: { error_code: 'enforced_spend_limit_reached' } }));
    expect(e.kind).toBe('spend_limit');
  });

  test('network failures, timeouts and aborts', () => {
    expect(toModelError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(toModelError(new TypeError('terminated'), { streaming: true }).kind).toBe('stream_cut');
    expect(toModelError(Object.assign(new Error('t'), { name: 'APIConnectionTimeoutError' })).kind).toBe('timeout');
    expect(toModelError(Object.assign(new Error('a'), { name: 'APIUserAbortError' })).kind).toBe('cancelled');
    const c = new AbortController();
    c.abort();
    expect(toModelError(new Error('whatever'), { signal: c.signal }).kind).toBe('cancelled');
  });

  test('retry-after is read in seconds, as a date and in ms', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
    const e = toModelError(apiError(429, 'rate_limit_error', 'x', {}, { 'retry-after': '12' }));
    expect(e.retryAfterSeconds).toBe(12);
  });
});

describe('withRetry', () => {
  test('retries transient failures with backoff, then gives up', async () => {
    let calls = 0;
    const waits: number[] = [];
    await expect(
      withRetry(
        async () => {
          calls++;
          throw apiError(529, 'overloaded_error', 'Overloaded');
        },
        { sleep: async (ms) => void waits.push(ms), maxRetries: 2 },
      ),
    ).rejects.toMatchObject({ kind: 'overloaded' });
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
  });

  test('never retries a spend limit or an auth error', async () => {
    for (const err of [apiError(429, 'rate_limit_error', 'x', { details: { error_code: 'enforced_spend_limit_reached' } }), apiError(401, 'authentication_error', 'x')]) {
      let calls = 0;
      await expect(
        withRetry(
          async () => {
            calls++;
            throw err;
          },
          { sleep: async () => {} },
        ),
      ).rejects.toBeInstanceOf(ModelError);
      expect(calls).toBe(1);
    }
  });

  test('a cancelled wait stops the retries', async () => {
    const c = new AbortController();
    const p = withRetry(
      async () => {
        throw apiError(500, 'api_error', 'x');
      },
      { signal: c.signal, onWait: () => c.abort() },
    );
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('messages', () => {
  test('every kind has an English and a Czech message with an action', () => {
    const kinds = ['no_key', 'bad_request', 'billing', 'auth', 'cors_blocked', 'permission', 'model_not_found', 'not_found', 'too_large', 'rate_limit', 'spend_limit', 'server', 'overloaded', 'network', 'timeout', 'stream_cut', 'cancelled', 'invalid_output', 'max_tokens', 'refusal', 'unexpected'] as const;
    for (const kind of kinds) {
      for (const lang of ['en', 'cs'] as const) {
        const d = describeModelError({ kind, baseURL: 'https://proxy.example.com' }, lang);
        expect(d.title.length).toBeGreaterThan(10);
        expect(d.action.length).toBeGreaterThan(10);
      }
    }
    expect(describeModelError({ kind: 'network', baseURL: 'https://proxy.example.com/x' }).title).toContain('proxy.example.com');
  });

  test('base URLs are normalised', () => {
    expect(normaliseBaseURL(' https://x.example/ ')).toBe('https://x.example');
    expect(normaliseBaseURL('')).toBe('https://api.anthropic.com');
  });
});
