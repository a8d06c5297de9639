// The model audit on an OpenAI-compatible server (Chat Completions), against the local fake that
// speaks its wire: the same run, verdict rules, fallbacks and error words as on the Messages API.
import { describe, expect, test } from 'vitest';
import { OPENAI_ERRORS, OPENAI_MODELS, type FakeOpenAI, type OpenAIErrorPreset } from '../server/fake-openai';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../server/fake-anthropic';
import { bodyOf, EXPECTED, failure, useFakeOpenAI, verdicts } from '../server/harness';
import { threeClaimCase, toolLoopCase } from '../server/factories';
import { runModelAudit, type ModelRunOptions } from '../../src/model/run';
import { listModels } from '../../src/model/models';
import { chatRequest, strictSchema } from '../../src/model/openai-wire';
import { buildRequest, planAudit } from '../../src/model/plan';
import { judgementJsonSchema } from '../../src/model/schema';
import { usageLine } from '../../src/model/usage';

const KEY = ['sk', 'proj', 'TESTKEYopenai0123456789abcdef'].join('-');
let server: FakeOpenAI;
useFakeOpenAI((s) => (server = s));

const opts = (extra: Partial<ModelRunOptions> = {}): ModelRunOptions => ({ provider: 'openai', apiKey: KEY, baseURL: server.url, model: 'llama3.1:8b', sleep: async () => {}, ...extra });
const chatCalls = () => server.calls('/v1/chat/completions');
const messagesOf = (r: RecordedRequest) => bodyOf(r).messages as { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];

describe('a normal run', () => {
  test('streams the judgements with a strict json_schema, get_chunk_content as a function, usage asked for', async () => {
    const { c, report } = threeClaimCase();
    const seen: number[] = [];
    const run = await runModelAudit(c, report, opts({ onProgress: (p) => seen.push(p.claimsJudged) }));
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(seen).toContain(1);
    expect(run.results.complete_refinement).toEqual([{ claim_index: 3, is_factual_claim: true, reason: 'States a fact.' }]);

    expect(chatCalls()).toHaveLength(1);
    const req = chatCalls()[0]!;
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = bodyOf(req);
    expect(body.model).toBe('llama3.1:8b');
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.additionalProperties).toBe(false);
    expect(body.tools.map((t: { type: string; function: { name: string } }) => `${t.type}:${t.function.name}`)).toEqual(['function:get_chunk_content']);
    expect(body.tool_choice).toBe('auto');
    // A local server gets no output limit (vLLM refuses limit + prompt past its window).
    expect(body).not.toHaveProperty('max_tokens');
    expect(body.messages[0].role).toBe('system');

    expect(run.results.usage?.requests).toBe(1);
    expect(run.results.usage?.input_tokens).toBeGreaterThan(0);
    expect(run.results.usage?.output_tokens).toBeGreaterThan(0);
    expect(usageLine('llama3.1:8b', run.results.usage!)).toContain('cost unknown');
  });

  test('works the same without streaming', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, opts({ stream: false }));
    expect(bodyOf(chatCalls()[0]!).stream).toBe(false);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('a local server needs no key: no authorization header is sent', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, opts({ apiKey: '' }));
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(chatCalls()[0]!.headers).not.toHaveProperty('authorization');
  });

  test('gives the same report as the Messages API fake', async () => {
    const anthropic: FakeAnthropic = await startFakeAnthropic();
    try {
      const { c, report } = threeClaimCase();
      const a = await runModelAudit(c, report, { apiKey: ['sk', 'ant', 'api03-same-0123456789abcdef'].join('-'), baseURL: anthropic.url, sleep: async () => {} });
      const o = await runModelAudit(c, report, opts());
      const strip = (r: typeof a.report) => ({ ...r, meta: { ...r.meta, model: undefined, model_usage: undefined } });
      expect(o.results.judgements).toEqual(a.results.judgements);
      expect(o.report.dimensions).toEqual(a.report.dimensions);
      expect(strip(o.report).claims).toEqual(strip(a.report).claims);
    } finally {
      await anthropic.close();
    }
  });
});

describe('the tool loop', () => {
  test('get_chunk_content goes round as tool_calls and a tool message', async () => {
    const { c, report, longText } = toolLoopCase();
    server.script({ kind: 'tool_call', chunkId: 'c9' });
    const tools: (string | null | undefined)[] = [];
    const run = await runModelAudit(c, report, opts({ onProgress: (p) => p.phase === 'tool' && tools.push(p.chunkId) }));
    expect(tools).toEqual(['c9']);
    const msgs = messagesOf(chatCalls()[1]!);
    expect(msgs.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    const call = msgs[2]!.tool_calls![0]!;
    expect(JSON.parse(call.function.arguments)).toEqual({ chunk_id: 'c9' });
    expect(msgs[3]!.tool_call_id).toBe(call.id);
    expect(msgs[3]!.content).toContain(longText.trim());
    expect(run.results.judgements).toHaveLength(1);
  });

  test('an unknown chunk id is answered with an error the model can read', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'tool_call', chunkId: 'nope' });
    await runModelAudit(c, report, opts());
    const tool = messagesOf(chatCalls()[1]!).find((m) => m.role === 'tool')!;
    expect(tool.content).toMatch(/^Error: No chunk has the id/);
  });

  test('Ollama-style tool calls (whole, finish_reason stop) work too', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ toolCalls: 'ollama' });
    server.script({ kind: 'tool_call', chunkId: 'c2' });
    const run = await runModelAudit(c, report, opts());
    expect(chatCalls()).toHaveLength(2);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });
});

describe('servers without structured output', () => {
  test('a 400 refusing response_format falls back to JSON through a function tool', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ responseFormat: 'reject' });
    const phases: string[] = [];
    const run = await runModelAudit(c, report, opts({ onProgress: (p) => phases.push(p.phase) }));
    expect(run.mode).toBe('tool');
    expect(phases).toContain('fallback');
    expect(verdicts(run.results)).toEqual(EXPECTED);
    const last = bodyOf(chatCalls().at(-1)!);
    expect(last).not.toHaveProperty('response_format');
    expect(last.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['get_chunk_content', 'submit_judgement']);
  });

  test('a server that ignores response_format (prose) is repaired once, then asked through the tool', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ responseFormat: 'ignore' });
    const run = await runModelAudit(c, report, opts());
    expect(run.mode).toBe('tool');
    expect(chatCalls()).toHaveLength(3);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('JSON in a fenced block of text is taken as it is', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ responseFormat: 'ignore', ignoredReply: 'fenced' });
    const run = await runModelAudit(c, report, opts());
    expect(run.mode).toBe('output_config');
    expect(chatCalls()).toHaveLength(1);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });
});

describe('verdict rules', () => {
  test('strict mode runs twice and keeps the stricter judgement', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge' }, { kind: 'judge', verdict: 'partially_supported' });
    const run = await runModelAudit(c, report, opts({ strict: true }));
    expect(chatCalls()).toHaveLength(2);
    expect(verdicts(run.results)).toEqual(['partially_supported', 'partially_supported', 'not_supported']);
  });

  test('a fabricated supporting phrase is caught; a local FAIL is never flipped', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', verdict: 'fully_supported', phrase: 'The tower was painted gold in 2020.' });
    const run = await runModelAudit(c, report, opts());
    const support = run.report.claims[0]!.support![0]!;
    expect(support.phrase_verified).toBe(false);
    expect(support.verdict).not.toBe('fully_supported');
    expect(run.report.dimensions.accurate.status).toBe('FAIL');
  });

  test('finish_reason length: the claims left are asked for again', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', truncateAfterClaims: 1 });
    const run = await runModelAudit(c, report, opts());
    expect(chatCalls()).toHaveLength(2);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('a refusal is reported as one', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'refusal', text: 'I cannot help with that.' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('refusal');
  });
});

describe('failures', () => {
  const noRetry: [OpenAIErrorPreset, string][] = [
    ['authentication', 'auth'],
    ['permission', 'permission'],
    ['model_not_found', 'model_not_found'],
    ['insufficient_quota', 'spend_limit'],
  ];
  test.each(noRetry)('%s is reported as %s, with the server\u2019s words, and not retried', async (preset, kind) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(OPENAI_ERRORS[preset].status);
    expect(err.apiMessage).toBe(OPENAI_ERRORS[preset].message);
    expect(chatCalls()).toHaveLength(1);
  });

  test.each([
    ['rate_limit', 'rate_limit'],
    ['server', 'server'],
    ['unavailable', 'server'],
  ] as [OpenAIErrorPreset, string][])('%s is retried, then reported as %s', async (preset, kind) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset }, { kind: 'error', preset }, { kind: 'error', preset });
    const waits: number[] = [];
    const err = await failure(runModelAudit(c, report, opts({ sleep: async (ms) => void waits.push(ms) })));
    expect(err.kind).toBe(kind);
    expect(chatCalls()).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  test('a 429 waits as long as retry-after says, then succeeds', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', preset: 'rate_limit', headers: { 'retry-after': '7' } });
    const waits: number[] = [];
    const run = await runModelAudit(c, report, opts({ sleep: async (ms) => void waits.push(ms) }));
    expect(waits).toEqual([7000]);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('an error chunk in the stream before any content is retried', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'stream_error' });
    const run = await runModelAudit(c, report, opts());
    expect(chatCalls()).toHaveLength(2);
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('a stream cut after a claim keeps it, names the others and is not retried', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', cutAfterClaims: 1, delayMs: 5 });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('stream_cut');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0]);
    expect(err.unjudged).toEqual([1, 2]);
    expect(chatCalls()).toHaveLength(1);
  });

  // As on the Messages API (model-wire.test.ts): in Node, a connection the server accepted and
  // then dropped is a cut, retried as one; only a connection never made is "network".
  test('a server that hangs up cuts the connection; one that is not there is unreachable', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'hangup' }, { kind: 'hangup' }, { kind: 'hangup' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('stream_cut');
    expect(chatCalls()).toHaveLength(3);
    const gone = await failure(runModelAudit(c, report, opts({ baseURL: 'http://127.0.0.1:9/v1' })));
    expect(gone.kind).toBe('network');
  });

  test('a wrong base URL (a page, not the API) says nothing answers there', async () => {
    const { c, report } = threeClaimCase();
    const err = await failure(runModelAudit(c, report, opts({ baseURL: server.url.replace(/\/v1$/, '') })));
    expect(err.kind).toBe('not_found');
  });

  test('the key never appears in an error, even when the server quotes it', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'bad request', echoKey: true });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(JSON.stringify(err.init)).not.toContain(KEY);
    expect(err.message).not.toContain(KEY);
    expect(err.apiMessage).toContain('[API key]');
  });
});

describe('the models list', () => {
  test('comes from GET /models', async () => {
    const { models, error } = await listModels({ provider: 'openai', apiKey: '', baseURL: server.url });
    expect(error).toBeUndefined();
    expect(models.map((m) => m.id)).toEqual([...OPENAI_MODELS].sort());
  });

  test('is empty (free entry) with the error when the server has none', async () => {
    server.behave({ noModels: true });
    const { models, error } = await listModels({ provider: 'openai', apiKey: KEY, baseURL: server.url });
    expect(models).toEqual([]);
    expect(error?.kind).toBe('not_found');
  });
});

describe('the request', () => {
  test("OpenAI's own API gets the output limit as max_completion_tokens", () => {
    const { c, report } = threeClaimCase();
    const plan = planAudit(c, report, { model: 'gpt-4.1-mini' });
    const body = buildRequest(plan, plan.batches[0]!, { mode: 'output_config', pass: 0, stream: true });
    const req = chatRequest(body, { completionTokens: true });
    expect(req.max_completion_tokens).toBe(body.max_tokens);
    expect(req).not.toHaveProperty('max_tokens');
  });

  test('the strict schema requires every property and closes every object', () => {
    const schema = strictSchema({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'number' } } } }, required: ['a'] }) as any;
    expect(schema.required).toEqual(['a', 'b']);
    expect(schema.properties.b.anyOf[1]).toEqual({ type: 'null' });
    expect(schema.properties.b.anyOf[0].additionalProperties).toBe(false);
    expect(schema.properties.b.anyOf[0].required).toEqual(['c']);
    // The judgement schema is already strict: nothing changes but nothing is lost either.
    expect(strictSchema(judgementJsonSchema())).toEqual(judgementJsonSchema());
  });
});

describe('the words of a failure', () => {
  test('name the OpenAI-compatible server\u2019s settings, never Anthropic\u2019s, on the page and the CLI, in both languages', async () => {
    const { describeModelError } = await import('../../src/model/errors');
    const { MODEL_ERROR_WORDS } = await import('../../src/core/report/catalogue/modelErrors');
    const kinds = Object.keys(MODEL_ERROR_WORDS.en.page) as (keyof typeof MODEL_ERROR_WORDS.en.page)[];
    for (const lang of ['en', 'cs'] as const)
      for (const surface of ['page', 'cli'] as const)
        for (const kind of kinds)
          for (const malformedKey of [false, true]) {
            const d = describeModelError({ kind, provider: 'openai', baseURL: 'http://localhost:11434/v1', malformedKey }, lang, { surface });
            expect(`${kind} ${surface} ${lang}: ${d.text}`).not.toMatch(/Anthropic|ANTHROPIC_|api\.anthropic\.com|Messages API/);
          }
  });

  test('a run\u2019s error carries the provider, so a wrong address is explained with /v1', async () => {
    const { c, report } = threeClaimCase();
    const err = await failure(runModelAudit(c, report, opts({ baseURL: server.url.replace(/\/v1$/, '') })));
    expect(err.provider).toBe('openai');
    expect(err.message).toContain('/v1');
    expect(err.message).not.toContain('Anthropic');
  });
});
