import { describe, expect, test, vi } from 'vitest';
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';
import { bodySnippet, retryAfterMs, toModelError, withRetry } from './client';
import { normaliseBaseURL, PROVIDERS } from './providers';
import { describeModelError, ModelError, redactSecret } from './errors';

// Errors as the SDK makes them: from a response's status, headers and JSON body, or (no status)
// from an error event inside a stream.
const sdkError = (status: number | undefined, body: object | undefined, message: string | undefined, headers?: Record<string, string>) =>
  status === undefined ? new APIError(undefined, body, message, headers ? new Headers(headers) : undefined) : APIError.generate(status, body, message, new Headers(headers ?? {}));

const apiError = (status: number | undefined, type: string, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  sdkError(status, { type: 'error', error: { type, message, ...extra } }, undefined, headers);

describe('toModelError', () => {
  test.each([
    [400, 'invalid_request_error', 'messages: bad', 'bad_request'],
    [400, 'invalid_request_error', 'Your credit balance is too low to access the API.', 'billing'],
    [401, 'authentication_error', 'invalid x-api-key', 'auth'],
    [401, 'authentication_error', 'CORS requests are not allowed for this Organization.', 'cors_blocked'],
    [403, 'permission_error', 'no', 'permission'],
    [404, 'not_found_error', 'model: x', 'model_not_found'],
    // A path the API does not have (a Base URL that already ends in /v1): the address, not the model.
    [404, 'not_found_error', 'Not Found', 'not_found'],
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

  test('a connection the server accepted and then dropped is a cut; one never made is unreachable', () => {
    const failed = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    for (const code of ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']) expect(toModelError(failed(code)).kind).toBe('stream_cut');
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT']) expect(toModelError(failed(code)).kind).toBe('network');
    // The browser's opaque failure: a cut once this server has answered in the run.
    expect(toModelError(new TypeError('Failed to fetch'), { reached: true }).kind).toBe('stream_cut');
  });

  test('network failures, timeouts and aborts', () => {
    expect(toModelError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(toModelError(new TypeError('terminated'), { streaming: true }).kind).toBe('stream_cut');
    expect(toModelError(new APIConnectionTimeoutError()).kind).toBe('timeout');
    expect(toModelError(new APIUserAbortError()).kind).toBe('cancelled');
    // Classified by class, not by name: an error that only calls itself so is not the SDK's.
    expect(toModelError(Object.assign(new Error('t'), { name: 'APIConnectionTimeoutError' })).kind).toBe('unexpected');
    const c = new AbortController();
    c.abort();
    expect(toModelError(new Error('whatever'), { signal: c.signal }).kind).toBe('cancelled');
  });

  test('a browser without network is told apart: offline, one line, not retried', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const e = toModelError(new TypeError('Failed to fetch'));
      expect(e.kind).toBe('offline');
      expect(e.apiMessage).toBeUndefined();
      expect(describeModelError(e.init).text).toBe('Offline: the model check needs the network; the local result stands. Run it again once you are connected.');
      expect(describeModelError(e.init, 'cs').title).toMatch(/^Offline: kontrola modelem potřebuje síť/);
      // A stream that broke mid-reply keeps its own kind (what was judged stays).
      expect(toModelError(new TypeError('terminated'), { streaming: true }).kind).toBe('stream_cut');
      // An answer from a server is not a missing network, whatever the browser says.
      expect(toModelError(apiError(500, 'api_error', 'oops')).kind).toBe('server');
      let calls = 0;
      const waits: number[] = [];
      await expect(
        withRetry(async () => {
          calls++;
          throw new TypeError('Failed to fetch');
        }, { sleep: async (ms) => void waits.push(ms), maxRetries: 2 }),
      ).rejects.toMatchObject({ kind: 'offline' });
      expect(calls).toBe(1);
      expect(waits).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
    // Online (or in Node, where navigator has no onLine) the same failure is a network one.
    vi.stubGlobal('navigator', { onLine: true });
    try {
      expect(toModelError(new TypeError('Failed to fetch')).kind).toBe('network');
    } finally {
      vi.unstubAllGlobals();
    }
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

describe('what proxies and newer servers send', () => {
  test('the words of an error JSON that is not the API\u2019s are kept (gateways, FastAPI)', () => {
    const withBody = (status: number, body: object) => sdkError(status, body, undefined);
    expect(toModelError(withBody(400, { error: 'unknown field `output_config`' })).apiMessage).toBe('unknown field `output_config`');
    expect(toModelError(withBody(400, { message: 'Bad field' })).apiMessage).toBe('Bad field');
    expect(toModelError(withBody(400, { detail: 'Nope' })).apiMessage).toBe('Nope');
    const fastapi = toModelError(withBody(422, { detail: [{ type: 'extra_forbidden', loc: ['body', 'output_config'], msg: 'Extra inputs are not permitted', input: { secret: 'x' } }] }));
    expect(fastapi.apiMessage).toBe('body.output_config: Extra inputs are not permitted');
    expect(toModelError(withBody(400, { something: 1 })).apiMessage).toBeUndefined();
  });

  test('a non-JSON error body is summarised; a 4xx page that is not the API is not read as an API verdict', () => {
    // The SDK's message for a body that is not JSON: the body's text.
    const html = (status: number, title: string) => sdkError(status, undefined, `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
    const e502 = toModelError(html(502, '502 Bad Gateway'));
    expect(e502.kind).toBe('server');
    expect(e502.apiMessage).toBe('502 Bad Gateway');
    expect(toModelError(html(404, 'Not Found')).kind).toBe('not_found');
    expect(toModelError(html(405, 'Not Allowed')).kind).toBe('not_found');
    expect(toModelError(html(403, 'Attention Required! | Cloudflare')).kind).toBe('bad_response');
    expect(toModelError(html(401, 'Unauthorized')).kind).toBe('auth');
    expect(toModelError(html(429, 'Too Many Requests')).kind).toBe('rate_limit');
  });

  test('409 is retried; x-should-retry: false stops any retry', async () => {
    expect(toModelError(apiError(409, 'conflict_error', 'lock')).kind).toBe('server');
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw apiError(503, 'api_error', 'x', {}, { 'x-should-retry': 'false' });
        },
        { sleep: async () => {} },
      ),
    ).rejects.toMatchObject({ kind: 'server' });
    expect(calls).toBe(1);
  });

  test('context-window errors have their own kind, as a status and as a stream error', () => {
    expect(toModelError(apiError(400, 'invalid_request_error', 'prompt is too long: 201000 tokens > 200000 maximum')).kind).toBe('context_window');
    expect(toModelError(apiError(undefined, 'invalid_request_error', 'input length and max_tokens exceed context limit; the maximum context is 200000')).kind).toBe('context_window');
  });

  test('the anthropic-ratelimit-* reset of an exhausted limit stands in for a missing retry-after', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const h = new Headers({
      'anthropic-ratelimit-requests-remaining': '3',
      'anthropic-ratelimit-requests-reset': '2026-11-23T12:00:40Z',
      'anthropic-ratelimit-output-tokens-remaining': '0',
      'anthropic-ratelimit-output-tokens-reset': '2026-11-23T12:00:05Z',
    });
    expect(retryAfterMs(h, now)).toBe(5_000);
    h.set('retry-after', '2');
    expect(retryAfterMs(h, now)).toBe(2_000);
    expect(retryAfterMs(new Headers({ 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': 'soon' }), now)).toBeUndefined();
  });

  test('keys are masked in every text an error can show', () => {
    // Key-shaped strings are assembled here so that no key-like literal sits in the repository.
    const keyLike = (tail: string) => ['sk', 'ant', tail].join('-');
    expect(redactSecret(`bad key ${keyLike('api03-abcDEF_123-xyz')} here`)).toBe('bad key [API key] here');
    expect(redactSecret('got my-proxy-key-123456', 'my-proxy-key-123456')).toBe('got [API key]');
    // fetch refuses an address with credentials and quotes it whole.
    expect(redactSecret('cannot be constructed from a URL that includes credentials: https://me:hunter22@proxy.example/v1/messages')).toBe('cannot be constructed from a URL that includes credentials: https://[credentials]@proxy.example/v1/messages');
    expect(redactSecret('see https://proxy.example/v1 and mail@example.com')).toBe('see https://proxy.example/v1 and mail@example.com');
    const e = new ModelError({ kind: 'auth', apiMessage: `invalid x-api-key ${keyLike('api03-SECRETSECRET')}` });
    expect(e.message).not.toContain('SECRETSECRET');
    const p = new ModelError({ kind: 'auth', apiMessage: 'bad token pk_live_42424242' }).withoutSecret('pk_live_42424242');
    expect(JSON.stringify(p.init) + p.message).not.toContain('pk_live_42424242');
  });

  test('bodySnippet keeps one short line', () => {
    expect(bodySnippet('<html><body><script>var a=1</script><p>Service\n  unavailable</p></body></html>')).toBe('Service unavailable');
    expect(bodySnippet('x'.repeat(500)).length).toBe(160);
  });
});

describe('withRetry', () => {
  test('backoff doubles per attempt with ±25 % jitter', async () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValueOnce(0).mockReturnValueOnce(1);
    const waits: number[] = [];
    await expect(
      withRetry(
        async () => {
          throw apiError(500, 'api_error', 'x');
        },
        { sleep: async (ms) => void waits.push(ms), maxRetries: 2 },
      ),
    ).rejects.toMatchObject({ kind: 'server' });
    random.mockRestore();
    expect(waits).toEqual([750, 2500]);
  });

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

  test('each retry is told before its wait: which try of how many, the wait, and why', async () => {
    const notices: { attempt: number; attempts: number; waitMs: number; kind: string; status: number | undefined }[] = [];
    const waits: number[] = [];
    let calls = 0;
    const value = await withRetry(
      async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        if (calls === 2) throw apiError(529, 'overloaded_error', 'Overloaded');
        return 'ok';
      },
      {
        sleep: async (ms) => void waits.push(ms),
        onRetry: (n) => notices.push({ attempt: n.attempt, attempts: n.attempts, waitMs: n.waitMs, kind: n.error.kind, status: n.error.status }),
      },
    );
    expect(value).toBe('ok');
    expect(notices).toEqual([
      { attempt: 2, attempts: 3, waitMs: waits[0], kind: 'network', status: undefined },
      { attempt: 3, attempts: 3, waitMs: waits[1], kind: 'overloaded', status: 529 },
    ]);
  });

  test('no notice for an error that is not retried, nor after the last try', async () => {
    let told = 0;
    await expect(withRetry(async () => Promise.reject(apiError(401, 'authentication_error', 'x')), { sleep: async () => {}, onRetry: () => told++ })).rejects.toMatchObject({ kind: 'auth' });
    expect(told).toBe(0);
    await expect(withRetry(async () => Promise.reject(apiError(500, 'api_error', 'x')), { sleep: async () => {}, maxRetries: 1, onRetry: () => told++ })).rejects.toMatchObject({ kind: 'server' });
    expect(told).toBe(1);
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
      { signal: c.signal, onRetry: () => c.abort() },
    );
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('messages', () => {
  test('every kind has an English and a Czech message with an action', () => {
    const kinds = ['no_key', 'bad_request', 'billing', 'auth', 'cors_blocked', 'permission', 'model_not_found', 'not_found', 'too_large', 'rate_limit', 'spend_limit', 'server', 'overloaded', 'network', 'offline', 'timeout', 'stream_cut', 'cancelled', 'invalid_output', 'max_tokens', 'context_window', 'refusal', 'bad_response', 'unexpected'] as const;
    for (const kind of kinds) {
      for (const lang of ['en', 'cs'] as const) {
        const d = describeModelError({ kind, baseURL: 'https://proxy.example.com' }, lang);
        expect(d.title.length).toBeGreaterThan(10);
        expect(d.action.length).toBeGreaterThan(10);
      }
    }
    expect(describeModelError({ kind: 'network', baseURL: 'https://proxy.example.com/x' }).title).toContain('proxy.example.com');
  });

  test('the Czech words are Czech throughout: no English host fallback, request id or wait', () => {
    const facts = { kind: 'network', apiMessage: 'upstream said no', requestId: 'req_1' } as const;
    expect(describeModelError(facts, 'en').text).toContain('the API');
    expect(describeModelError(facts, 'en').detail).toBe('upstream said no (request req_1)');
    const cs = describeModelError(facts, 'cs');
    expect(cs.title).toBe('Nepodařilo se spojit s API.');
    expect(cs.detail).toBe('upstream said no (požadavek req_1)');
    expect(describeModelError({ kind: 'rate_limit', retryAfterSeconds: 2.5 }, 'cs').action).toContain('znovu za 3 s;');
    expect(describeModelError({ kind: 'rate_limit', retryAfterSeconds: 2.5 }, 'en').action).toContain('again in 3 s;');
  });

  test('base URLs are normalised', () => {
    expect(normaliseBaseURL(' https://x.example/ ', PROVIDERS.anthropic)).toBe('https://x.example');
    expect(normaliseBaseURL('', PROVIDERS.anthropic)).toBe('https://api.anthropic.com');
    expect(normaliseBaseURL('  ', PROVIDERS.openai)).toBe('https://api.openai.com/v1');
  });
});
