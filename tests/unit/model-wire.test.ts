// The model audit against everything the Messages API (and the proxies in front of it) can put
// on the wire: SSE variations, every stop reason, HTTP failures and retries. Each test fails if
// the client mishandles its case; the fake server (tests/server) produces each one on demand.
import { describe, expect, test } from 'vitest';
import { type FakeAnthropic, type RecordedRequest, type Step } from '../server/fake-anthropic';
import { bodyOf, EXPECTED, failure, verdicts, runOptions, testKey, useFakeAnthropic } from '../server/harness';
import { makeCase, threeClaimCase } from '../server/factories';
import { runModelAudit, type ModelRunOptions, type RunProgress } from '../../src/model/run';
import { describeModelError } from '../../src/model/errors';

const KEY = testKey('WIRE-KEY');
let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
const opts = (extra: Partial<ModelRunOptions> = {}) => runOptions(server, KEY, extra);
const messagesCalls = () => server.calls('/v1/messages');

/** Czech text with diacritics, typographic quotes and characters outside the BMP. */
function unicodeCase() {
  return makeCase({
    language: 'cs',
    query: 'Co víme o Praze a Brně?',
    chunks: [
      ['u1', 'Praha je hlavní město České republiky a leží na řece Vltavě 🏰. Žije v ní přes 1,3 milionu lidí.'],
      ['u2', 'Brno je druhé největší město země, známé veletrhy a „Špilberkem“ 🏯 nad městem.'],
    ],
    claims: [
      { text: 'Praha je hlavní město České republiky a leží na řece Vltavě 🏰.', cites: ['u1'] },
      { text: 'Brno je druhé největší město země, známé veletrhy a „Špilberkem“ 🏯 nad městem.', cites: ['u2'] },
    ],
  });
}

/** Every supporting phrase came through byte for byte: it is found verbatim in its chunk. */
function expectExactPhrases(run: Awaited<ReturnType<typeof runModelAudit>>, c: ReturnType<typeof unicodeCase>['c']) {
  expect(run.results.judgements).toHaveLength(2);
  for (const j of run.results.judgements) {
    const s = j.support[0]!;
    const chunk = c.chunks.find((ch) => ch.id === s.chunk_id)!.text;
    expect(s.supporting_phrase).not.toBe('');
    expect(s.supporting_phrase).not.toContain('\uFFFD');
    expect(chunk).toContain(s.supporting_phrase);
  }
  for (const cl of run.report.claims) expect(cl.support?.[0]?.phrase_verified).toBe(true);
}

// ---------------------------------------------------------------------------------------------

describe('SSE on the wire', () => {
  test('ping events, comment lines and CRLF line endings', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', wire: { crlf: true, comments: true } });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('events without `event:` lines and a trailing `data: [DONE]`, as some proxies send', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', wire: { noEventLines: true, doneMarker: true } });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(messagesCalls()).toHaveLength(1);
  });

  test('message_start usage (with cache figures) and message_delta output tokens are counted', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, opts({ maxClaimsPerRequest: 2 }));
    const u = run.results.usage!;
    expect(u.requests).toBe(2);
    expect(u.input_tokens).toBeGreaterThan(0);
    expect(u.cache_read_input_tokens).toBeGreaterThan(0);
    expect(u.output_tokens).toBeGreaterThan(50);
  });

  test('text deltas without content_block_start / content_block_stop, as translating proxies send', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', wire: { bareTextDeltas: true } });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(messagesCalls()).toHaveLength(1);
  });

  test('input usage reported only in message_delta (message_start says 0) is counted', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', wire: { usageInDelta: true } });
    const run = await runModelAudit(c, report, opts());
    expect(run.results.usage!.input_tokens).toBeGreaterThan(100);
    expect(run.results.usage!.output_tokens).toBeGreaterThan(50);
  });

  test.each(['output_config', 'tool'] as const)('blocks sent whole in content_block_start, without deltas (%s)', async (mode) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'tool_use', chunkId: 'c4', wire: { wholeBlocksInStart: true } }, { kind: 'judge', wire: { wholeBlocksInStart: true } });
    const run = await runModelAudit(c, report, opts({ mode }));
    expect(verdicts(run.results)).toEqual(EXPECTED);
    // The lookup's input came from content_block_start, and went back as it was.
    const msgs = bodyOf(messagesCalls()[1]!).messages as { role: string; content: any[] }[];
    expect(msgs[1]!.content.find((b) => b.type === 'tool_use').input).toEqual({ chunk_id: 'c4' });
    expect(messagesCalls()).toHaveLength(2);
  });

  test('thinking and redacted_thinking blocks before the text are skipped', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', thinking: true, redactedThinking: true });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('thinking blocks before a tool_use go back unchanged (signature, redacted data) with the tool_result', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'tool_use', chunkId: 'c4', thinking: true, redactedThinking: true });
    const run = await runModelAudit(c, report, opts());
    expect(run.results.judgements).toHaveLength(3);
    const msgs = bodyOf(messagesCalls()[1]!).messages as { role: string; content: any[] }[];
    expect(msgs[1]!.content.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use']);
    expect(msgs[1]!.content[0].signature).toMatch(/^sig_/);
    expect(msgs[1]!.content[1].data).toMatch(/^EncryptedThinking/);
  });

  test('input_json_delta cut every 3 characters, inside \\u escapes and surrogate pairs (tool mode)', async () => {
    const { c, report } = unicodeCase();
    server.script({ kind: 'judge', wire: { asciiJson: true, pieceChars: 3 } });
    const seen: number[] = [];
    const run = await runModelAudit(c, report, opts({ mode: 'tool', onProgress: (p) => seen.push(p.claimsJudged) }));
    // The streamed input really was escaped and split.
    expect(messagesCalls()).toHaveLength(1);
    expect(bodyOf(messagesCalls()[0]!).tools.map((t: { name: string }) => t.name)).toContain('submit_judgement');
    expectExactPhrases(run, c);
    expect(seen).toContain(1);
  });

  test('text deltas of one character each, JSON with \\u escapes (structured output)', async () => {
    const { c, report } = unicodeCase();
    server.script({ kind: 'judge', wire: { asciiJson: true, pieceChars: 1 } });
    const run = await runModelAudit(c, report, opts());
    expectExactPhrases(run, c);
  });

  test('SSE bytes cut every 5 bytes, inside multi-byte UTF-8 characters', async () => {
    const { c, report } = unicodeCase();
    server.script({ kind: 'judge', wire: { chunkBytes: 5, pieceChars: 7 } });
    const run = await runModelAudit(c, report, opts());
    expectExactPhrases(run, c);
  });

  test('an overloaded_error event mid-stream keeps what was judged and says to run again', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', errorAfterClaims: 1, errorType: 'overloaded_error' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('overloaded');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0]);
    expect(err.message).toMatch(/Run again/);
  });

  test('a stream that ends after message_delta without message_stop is a whole reply', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', wire: { noMessageStop: true } });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(messagesCalls()).toHaveLength(1);
  });

  test('a stream that ends mid-reply without message_delta or message_stop is a cut, with its claims kept', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', cutAfterClaims: 2, cutMode: 'end' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('stream_cut');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0, 1]);
  });

  test('a stream that goes silent (connection open, nothing sent) is a cut once the idle limit passes', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', stallAfterClaims: 1 });
    const err = await failure(runModelAudit(c, report, opts({ idleTimeoutMs: 150 })));
    expect(err.kind).toBe('stream_cut');
    expect(err.apiMessage).toMatch(/sent nothing/);
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0]);
    expect(messagesCalls()).toHaveLength(1);
  });

  test('a proxy that answers a stream request with one JSON message', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', wire: { jsonInsteadOfStream: true } });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(messagesCalls()).toHaveLength(1);
    expect(run.results.usage?.output_tokens).toBeGreaterThan(0);
  });

  test.each([true, false])('fields never seen before in blocks and events are ignored, and not sent back (stream: %s)', async (stream) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'tool_use', chunkId: 'c4', wire: { extraFields: true } }, { kind: 'judge', wire: { extraFields: true } });
    const run = await runModelAudit(c, report, opts({ stream }));
    expect(verdicts(run.results)).toEqual(EXPECTED);
    // The tool_use went back with the fields the API accepts (caller included), nothing else.
    const msgs = bodyOf(messagesCalls()[1]!).messages as { role: string; content: any[] }[];
    const use = msgs[1]!.content.find((b) => b.type === 'tool_use');
    expect(Object.keys(use).sort()).toEqual(['caller', 'id', 'input', 'name', 'type']);
    expect(messagesCalls()).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------

describe('stop reasons', () => {
  test('max_tokens in the middle of the submit tool input: the claims before it kept, the rest asked for again', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', truncateAfterClaims: 2 });
    const run = await runModelAudit(c, report, opts({ mode: 'tool' }));
    expect(verdicts(run.results)).toEqual(EXPECTED);
    const calls = messagesCalls();
    expect(calls).toHaveLength(2);
    // The second request asks only for the claim the cut left out (and the uncited sentence).
    const claimsAsked = (r: RecordedRequest) => [...JSON.stringify(bodyOf(r).messages).matchAll(/claim_index\\":(\d+)/g)].map((m) => Number(m[1]));
    expect(claimsAsked(calls[1]!)).toEqual([2, 3]);
    // The cut tool input was never sent back.
    expect(bodyOf(calls[1]!).messages).toHaveLength(1);
    expect(run.results.complete_refinement).toHaveLength(1);
    expect(run.results.summary).toBeTruthy();
  });

  test('max_tokens before any claim was finished: the claims are asked for in two halves', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', truncateAfterClaims: 0 });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(messagesCalls()).toHaveLength(3);
    expect(run.results.summary).toBeTruthy();
  });

  test('max_tokens on a claim that alone overflows: a clear error with the cut JSON as it came, nothing resent', async () => {
    const { c, report } = makeCase({
      chunks: [['c1', 'The Eiffel Tower was built between 1887 and 1889.']],
      claims: [{ text: 'The Eiffel Tower was built between 1887 and 1889.', cites: ['c1'] }],
    });
    server.script({ kind: 'judge', truncateAfterClaims: 0 });
    const err = await failure(runModelAudit(c, report, opts({ mode: 'tool' })));
    expect(err.kind).toBe('max_tokens');
    expect(err.rawOutput?.startsWith('{"claims":[{')).toBe(true);
    expect(messagesCalls()).toHaveLength(1);
    expect(err.message).toMatch(/output limit/);
  });

  test('max_tokens again in the smaller request keeps every claim judged so far', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', truncateAfterClaims: 1 }, { kind: 'judge', truncateAfterClaims: 0 }, { kind: 'judge', truncateAfterClaims: 0 });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('max_tokens');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0]);
  });

  test('model_context_window_exceeded is a cut too, not an invalid reply to repair', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', truncateAfterClaims: 1, stopReason: 'model_context_window_exceeded' });
    const phases: string[] = [];
    const err = await failure(runModelAudit(c, report, opts({ onProgress: (p) => phases.push(p.phase) })));
    expect(err.kind).toBe('context_window');
    expect(phases).not.toContain('repairing');
    expect(messagesCalls()).toHaveLength(1);
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0]);
    expect(err.message).toMatch(/context window/);
  });

  test('refusal mid-reply: a clear error, claims judged before it kept, no repair round', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', truncateAfterClaims: 1, stopReason: 'refusal' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('refusal');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0]);
    expect(messagesCalls()).toHaveLength(1);
  });

  test.each([true, false])('pause_turn: the paused turn goes back as it is and the reply is continued (stream: %s)', async (stream) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', pauseAfterClaims: 1 });
    const phases: string[] = [];
    const run = await runModelAudit(c, report, opts({ stream, onProgress: (p) => phases.push(p.phase) }));
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(phases).not.toContain('repairing');
    const calls = messagesCalls();
    expect(calls).toHaveLength(2);
    const msgs = bodyOf(calls[1]!).messages as { role: string; content: any[] }[];
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(msgs[1]!.content[0].text.startsWith('{"claims":[')).toBe(true);
  });

  test('stop_sequence with a whole reply is a normal end', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', stopReason: 'stop_sequence' });
    const run = await runModelAudit(c, report, opts());
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(messagesCalls()).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------

const HTML_502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';
const html502: Step = { kind: 'raw', status: 502, contentType: 'text/html', body: HTML_502 };

describe('HTTP failures keep the work done and say what to do', () => {
  // The audit is split in two requests: the first succeeds, the second fails every time.
  const cases: [string, Step, string, number][] = [
    ['401 authentication_error', { kind: 'error', preset: 'authentication' }, 'auth', 1],
    ['403 permission_error', { kind: 'error', preset: 'permission' }, 'permission', 1],
    ['404 not_found_error (model)', { kind: 'error', preset: 'not_found' }, 'model_not_found', 1],
    ['413 request_too_large', { kind: 'error', preset: 'request_too_large' }, 'too_large', 1],
    ['429 with a long retry-after', { kind: 'error', preset: 'rate_limit', headers: { 'retry-after': '3600' } }, 'rate_limit', 1],
    ['429 spend limit', { kind: 'error', preset: 'spend_limit' }, 'spend_limit', 1],
    ['500 api_error', { kind: 'error', preset: 'api_error' }, 'server', 3],
    ['529 overloaded_error', { kind: 'error', preset: 'overloaded' }, 'overloaded', 3],
    ['502 HTML page from a proxy', html502, 'server', 3],
    // The first request was answered: the server is reachable, so a dropped connection is a cut.
    ['connection dropped before any answer', { kind: 'hangup' }, 'stream_cut', 3],
  ];
  test.each(cases)('%s', async (_name, step, kind, attempts) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge' }, step, step, step);
    const err = await failure(runModelAudit(c, report, opts({ maxClaimsPerRequest: 2 })));
    expect(err.kind).toBe(kind);
    expect(messagesCalls()).toHaveLength(1 + attempts);
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0, 1]);
    const d = describeModelError(err.init, 'en');
    expect(d.action.length).toBeGreaterThan(20);
    expect(err.message).toContain(d.action);
    expect(describeModelError(err.init, 'cs').action).not.toBe(d.action);
    expect(`${err.message} ${JSON.stringify(err.init)}`).not.toContain(KEY);
  });

  test('a proxy\u2019s HTML 502 page is summarised, never shown raw', async () => {
    const { c, report } = threeClaimCase();
    server.script(html502, html502, html502);
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.status).toBe(502);
    expect(err.apiMessage).toBe('502 Bad Gateway');
    expect(err.message).toContain('(502)');
    expect(err.message).toContain('proxy');
    expect(err.message).not.toContain('<');
  });

  test.each([true, false])('an HTML page with status 200 (a Base URL that is not the API) is named as such (stream: %s)', async (stream) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'raw', status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><html><head><title>My static site</title></head><body>Hi</body></html>' });
    const err = await failure(runModelAudit(c, report, opts({ stream })));
    expect(err.kind).toBe('bad_response');
    expect(err.apiMessage).toBe('My static site');
    expect(err.message).toContain(new URL(server.url).host);
    expect(err.message).toMatch(/Base URL/);
    expect(messagesCalls()).toHaveLength(1);
  });

  test.each([true, false])('a 200 with broken JSON is a reply in the wrong format, not a network error (stream: %s)', async (stream) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"id":"msg_01","type":"message","content":[{"type":"te' });
    const err = await failure(runModelAudit(c, report, opts({ stream })));
    expect(err.kind).toBe('bad_response');
    expect(messagesCalls()).toHaveLength(1);
  });

  test('count tokens against a Base URL that serves a web page says so, instead of an estimate of nothing', async () => {
    const { c, report } = threeClaimCase();
    const { estimateAudit } = await import('../../src/model/estimate');
    server.script({ endpoint: 'count_tokens', kind: 'raw', status: 200, contentType: 'text/html', body: '<html><title>Welcome to nginx!</title></html>' });
    const err = await failure(estimateAudit(c, report, { apiKey: KEY, baseURL: server.url }));
    expect(err.kind).toBe('bad_response');
    expect(err.apiMessage).toBe('Welcome to nginx!');
  });

  test('a Base URL that already ends in /v1 is named as the address, not as an unknown model', async () => {
    const { c, report } = threeClaimCase();
    const err = await failure(runModelAudit(c, report, opts({ baseURL: `${server.url}/v1` })));
    expect(err.kind).toBe('not_found');
    expect(err.message).toMatch(/without \/v1/);
    expect(err.message).not.toMatch(/model .* was not found/);
  });

  test.each([404, 405])('an HTML %s from a static host points at the Base URL', async (status) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'raw', status, contentType: 'text/html', body: `<html><title>${status}</title></html>` });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('not_found');
    expect(err.message).toMatch(/Base URL/);
    expect(messagesCalls()).toHaveLength(1);
  });

  test('a 400 "prompt is too long" says the audit does not fit the context window', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'prompt is too long: 213514 tokens > 200000 maximum' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('context_window');
    expect(err.message).toMatch(/context window/);
  });

  test('a proxy that quotes the key back in its error never gets it into the error', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset: 'authentication', echoKey: true });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('auth');
    // The server really did quote it.
    expect(err.apiMessage).toContain('[API key]');
    expect(`${err.message} ${JSON.stringify(err.init)} ${String(err.cause ?? '')}`).not.toContain(KEY);
    expect(`${err.message}`).not.toContain('api03-WIRE');
  });

  test('a key of another shape (a proxy key) quoted back is masked too', async () => {
    const proxyKey = 'pk-live-7f3a9c2e5b8d1f4a6c0e';
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset: 'authentication', echoKey: true });
    const err = await failure(runModelAudit(c, report, opts({ apiKey: proxyKey })));
    expect(`${err.message} ${JSON.stringify(err.init)} ${String(err.cause ?? '')}`).not.toContain(proxyKey);
  });
});

// ---------------------------------------------------------------------------------------------

describe('retries', () => {
  test('429 without retry-after waits until the exhausted anthropic-ratelimit-* limit resets', async () => {
    const { c, report } = threeClaimCase();
    const reset = new Date(Date.now() + 9_000).toISOString();
    server.script({
      kind: 'error',
      status: 429,
      type: 'rate_limit_error',
      message: 'Number of request tokens has exceeded your per-minute rate limit',
      headers: {
        'anthropic-ratelimit-requests-remaining': '12',
        'anthropic-ratelimit-requests-reset': new Date(Date.now() + 50_000).toISOString(),
        'anthropic-ratelimit-input-tokens-remaining': '0',
        'anthropic-ratelimit-input-tokens-reset': reset,
      },
    });
    const waits: number[] = [];
    const run = await runModelAudit(c, report, opts({ sleep: async (ms) => void waits.push(ms) }));
    expect(run.results.judgements).toHaveLength(3);
    expect(waits).toHaveLength(1);
    // Not the 1 s backoff, not the requests limit's 50 s: the input-token limit's reset.
    expect(waits[0]!).toBeGreaterThan(5_000);
    expect(waits[0]!).toBeLessThanOrEqual(9_000);
  });

  test('backoff for 529 grows exponentially, with jitter inside ±25 %', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset: 'overloaded' }, { kind: 'error', preset: 'overloaded' });
    const waits: number[] = [];
    await runModelAudit(c, report, opts({ sleep: async (ms) => void waits.push(ms) }));
    expect(waits).toHaveLength(2);
    expect(waits[0]!).toBeGreaterThanOrEqual(750);
    expect(waits[0]!).toBeLessThanOrEqual(1250);
    expect(waits[1]!).toBeGreaterThanOrEqual(1500);
    expect(waits[1]!).toBeLessThanOrEqual(2500);
  });

  test.each([408, 409])('%s is retried', async (status) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', status, type: status === 408 ? 'timeout_error' : 'conflict_error', message: 'try again' });
    const waits: number[] = [];
    const run = await runModelAudit(c, report, opts({ sleep: async (ms) => void waits.push(ms) }));
    expect(run.results.judgements).toHaveLength(3);
    expect(waits).toHaveLength(1);
    expect(messagesCalls()).toHaveLength(2);
  });

  test.each([400, 401, 403, 404, 413, 422])('%s is not retried', async (status) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', status, type: 'invalid_request_error', message: 'no' });
    await failure(runModelAudit(c, report, opts()));
    expect(messagesCalls()).toHaveLength(1);
  });

  test('x-should-retry: false is obeyed even on a 5xx', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset: 'api_error', headers: { 'x-should-retry': 'false' } });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('server');
    expect(messagesCalls()).toHaveLength(1);
  });

  test('cancel during a retry wait stops at once, keeping what was judged', async () => {
    const { c, report } = threeClaimCase();
    // The second request is rate-limited for 30 s; the real (abortable) sleep is used.
    server.script({ kind: 'judge' }, { kind: 'error', preset: 'rate_limit', headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    const phases: RunProgress['phase'][] = [];
    const { sleep: _unused, ...real } = opts({
      maxClaimsPerRequest: 2,
      signal: controller.signal,
      onProgress: (p) => {
        phases.push(p.phase);
        if (p.phase === 'waiting') controller.abort();
      },
    });
    const err = await failure(runModelAudit(c, report, real));
    expect(err.kind).toBe('cancelled');
    expect(phases).toContain('waiting');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0, 1]);
    // Had the wait gone on, the run would outlast the test's own timeout (30 s > 5 s).
    expect(messagesCalls()).toHaveLength(2);
  });
});
