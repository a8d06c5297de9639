// A local stand-in for an OpenAI-compatible Chat Completions server (OpenAI's API, Ollama, LM
// Studio, vLLM, llama.cpp's server), speaking its wire format: JSON and SSE chunks with
// choices[].delta, tool_calls deltas by index, the usage chunk of stream_options.include_usage,
// `data: [DONE]`, GET /v1/models, CORS preflight, OpenAI's error JSON ({error: {message, type,
// code}}) with retry-after, a cut stream, and servers that refuse or ignore response_format.
// It judges with fake-anthropic.ts's deterministic rule, so both fakes give the same verdicts.
//
//   node --import tsx tests/server/fake-openai.ts --port 4403
//
// Loopback only. Not a model: it never reads instructions, it only counts words.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { isMain, runStandalone } from './standalone';
import { judge, parsePrompt, serialise, shapeReply, variationOf, type JudgeOutput, type RecordedRequest, type ReplyShape } from './fake-anthropic';

type Verdict = 'fully_supported' | 'partially_supported' | 'not_supported';

export interface OpenAIErrorSpec {
  status: number;
  message: string;
  type: string;
  code?: string | null;
  headers?: Record<string, string>;
}

export const OPENAI_ERRORS = {
  authentication: { status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.' },
  permission: { status: 403, type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Country, region, or territory not supported' },
  model_not_found: { status: 404, type: 'invalid_request_error', code: 'model_not_found', message: 'The model `gpt-does-not-exist` does not exist or you do not have access to it.' },
  rate_limit: { status: 429, type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1.', headers: { 'retry-after': '1' } },
  insufficient_quota: { status: 429, type: 'insufficient_quota', code: 'insufficient_quota', message: 'You exceeded your current quota, please check your plan and billing details.' },
  server: { status: 500, type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
  unavailable: { status: 503, type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
  response_format_unsupported: { status: 400, type: 'invalid_request_error', code: null, message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model." },
} satisfies Record<string, OpenAIErrorSpec>;
export type OpenAIErrorPreset = keyof typeof OPENAI_ERRORS;

/** How a tool call goes over the wire: in deltas (OpenAI, vLLM, llama.cpp) or whole in one chunk with finish_reason stop (Ollama). */
export type ToolCallStyle = 'deltas' | 'ollama';

export interface OpenAIBehaviour {
  /** 'reject': a 400 naming response_format; 'ignore': the model answers in prose (`ignoredReply`) when it is sent. */
  responseFormat?: 'honour' | 'reject' | 'ignore';
  ignoredReply?: ReplyShape;
  toolCalls?: ToolCallStyle;
  /** Leave out the usage chunk even when include_usage is asked (older local servers). */
  noUsage?: boolean;
  /** GET /v1/models answers 404 (a server without the list). */
  noModels?: boolean;
  /** Require this bearer key (default: any key, or none, as local servers do). */
  key?: string;
  /** Seeded mode: verdicts vary between requests, deterministically (fake-anthropic.ts's seededVariation). */
  seed?: number;
  /**
   * OpenAI's automatic prompt caching: a prompt's prefix shared with an earlier one (1024 tokens
   * or more) is reported as cached_tokens. Off by default (0 cached, as most local servers say).
   */
  autoCache?: boolean;
}

/** OpenAI caches a prompt's prefix by itself from this many tokens on, in steps of CACHE_STEP_TOKENS. */
export const OPENAI_CACHE_MIN_TOKENS = 1024;
const CACHE_STEP_TOKENS = 128;

interface StepBase {
  holdMs?: number;
  delayMs?: number;
  /** Characters per content / arguments delta (default 40). */
  pieceChars?: number;
}

export type OpenAIStep =
  | (StepBase & {
      kind: 'judge';
      verdict?: Verdict;
      /** Force the labels of these claims, by claim index. */
      claimVerdicts?: Record<number, Verdict>;
      phrase?: string;
      omitClaims?: number[];
      /** Streaming: break the connection after this many claims went out. */
      cutAfterClaims?: number;
      /** Cut after this many claims with finish_reason length. */
      truncateAfterClaims?: number;
      reply?: ReplyShape;
    })
  | (StepBase & { kind: 'tool_call'; chunkId: string })
  | (StepBase & { kind: 'error'; preset?: OpenAIErrorPreset; echoKey?: boolean } & Partial<OpenAIErrorSpec>)
  /** An error chunk inside a 200 stream, before any content. */
  | (StepBase & { kind: 'stream_error'; message?: string; type?: string })
  | (StepBase & { kind: 'hangup' })
  | (StepBase & { kind: 'raw'; status: number; contentType: string; body: string })
  | (StepBase & { kind: 'refusal'; text: string });

export const OPENAI_MODELS = ['gpt-4.1-mini', 'llama3.1:8b', 'qwen2.5:7b-instruct'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const id = (prefix: string) => `${prefix}-${randomBytes(9).toString('hex')}`;
const approxTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  return { 'access-control-allow-origin': (req.headers.origin as string | undefined) ?? '*', vary: 'Origin', 'access-control-expose-headers': 'retry-after, x-request-id' };
}

function sendJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': id('req'), ...corsHeaders(req), ...headers });
  res.end(JSON.stringify(body));
}

function sendError(req: http.IncomingMessage, res: http.ServerResponse, spec: OpenAIErrorSpec): void {
  sendJson(req, res, spec.status, { error: { message: spec.message, type: spec.type, param: null, code: spec.code ?? null } }, spec.headers ?? {});
}

interface ChatMsg {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** The user and tool texts as the shared prompt reader expects them. */
function promptOf(messages: ChatMsg[]) {
  const texts = messages.filter((m) => m.role === 'user' || m.role === 'tool').map((m) => (typeof m.content === 'string' ? m.content : ''));
  return parsePrompt({ messages: [{ role: 'user', content: texts.join('\n\n') }] });
}

/** What a real server refuses: our client must never send these. */
function invalid(body: Record<string, unknown>): string | null {
  if (typeof body.model !== 'string' || !body.model) return "you must provide a model parameter";
  const messages = body.messages as ChatMsg[] | undefined;
  if (!Array.isArray(messages) || messages.length === 0) return "[] is too short - 'messages'";
  if ('max_tokens' in body && 'max_completion_tokens' in body) return 'max_tokens and max_completion_tokens cannot both be set';
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (!['system', 'user', 'assistant', 'tool'].includes(m.role)) return `Invalid value: '${m.role}'. Supported values are: 'system', 'assistant', 'user', 'tool'.`;
    if (m.role === 'tool') {
      const prev = messages.slice(0, i).reverse().find((p) => p.role !== 'tool');
      if (!prev?.tool_calls?.some((t) => t.id === m.tool_call_id)) return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`;
    }
    if (m.role === 'assistant' && m.tool_calls) {
      const answered = new Set(messages.slice(i + 1).filter((n) => n.role === 'tool').map((n) => n.tool_call_id));
      const missing = m.tool_calls.filter((t) => !answered.has(t.id));
      if (missing.length) return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.map((t) => t.id).join(', ')}`;
      for (const t of m.tool_calls) {
        try {
          JSON.parse(t.function.arguments);
        } catch {
          return `messages.${i}.tool_calls: arguments must be a JSON string`;
        }
      }
    }
  }
  const rf = body.response_format as { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> } } | undefined;
  if (rf) {
    if (rf.type !== 'json_schema' || !rf.json_schema?.name || !rf.json_schema.schema) return "Invalid 'response_format': expected json_schema with a name and a schema";
    const problem = strictProblem(rf.json_schema.schema, 'schema');
    if (rf.json_schema.strict && problem) return `Invalid schema for response_format '${rf.json_schema.name}': ${problem}`;
  }
  return null;
}

/** OpenAI's strict mode: every object closed and every property required. */
function strictProblem(node: unknown, path: string): string | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) {
      const p = strictProblem(n, `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  const s = node as Record<string, unknown>;
  if (s.type === 'object') {
    if (s.additionalProperties !== false) return `In context=(${path}), 'additionalProperties' is required to be supplied and to be false.`;
    const props = Object.keys((s.properties ?? {}) as object);
    const req = new Set((s.required ?? []) as string[]);
    const missing = props.find((p) => !req.has(p));
    if (missing) return `In context=(${path}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && v && typeof v === 'object') {
      for (const [name, sub] of Object.entries(v)) {
        const p = strictProblem(sub, `${path}, ${name}`);
        if (p) return p;
      }
    } else if (k === 'items' || k === 'anyOf') {
      const p = strictProblem(v, `${path}, ${k}`);
      if (p) return p;
    }
  }
  return null;
}

export interface FakeOpenAI {
  /** The API root as users give it (with /v1). */
  url: string;
  port: number;
  script(...steps: OpenAIStep[]): void;
  behave(b: OpenAIBehaviour): void;
  requests(): RecordedRequest[];
  calls(path: string): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeOpenAI(opts: { port?: number; host?: string } = {}): Promise<FakeOpenAI> {
  const host = opts.host ?? '127.0.0.1';
  let steps: OpenAIStep[] = [];
  let behaviour: OpenAIBehaviour = {};
  let recorded: RecordedRequest[] = [];
  /** The prompts served so far: a new one shares its longest common prefix with one of them (automatic caching). */
  let prompts: string[] = [];

  /** Tokens of `prompt` served from the cache: the longest prefix it shares with an earlier prompt, in 128-token steps from 1024 on. */
  function cachedTokens(prompt: string): number {
    let best = 0;
    for (const p of prompts) {
      let i = 0;
      const n = Math.min(p.length, prompt.length);
      while (i < n && p.charCodeAt(i) === prompt.charCodeAt(i)) i++;
      best = Math.max(best, i);
    }
    if (prompts.length < 64) prompts.push(prompt);
    const tokens = Math.floor(best / 4);
    return !behaviour.autoCache || tokens < OPENAI_CACHE_MIN_TOKENS ? 0 : tokens - (tokens % CACHE_STEP_TOKENS);
  }

  async function chat(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>): Promise<void> {
    const problem = invalid(body);
    if (problem) return sendError(req, res, { status: 400, type: 'invalid_request_error', message: problem });
    const step = steps.shift();
    if (step?.holdMs) await sleep(step.holdMs);
    const stream = body.stream === true;
    const includeUsage = stream && (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true && !behaviour.noUsage;
    const messages = body.messages as ChatMsg[];
    const rf = body.response_format;
    if (rf && behaviour.responseFormat === 'reject') return sendError(req, res, OPENAI_ERRORS.response_format_unsupported);
    if (step?.kind === 'hangup') return void req.socket.destroy();
    if (step?.kind === 'raw') {
      res.writeHead(step.status, { 'content-type': step.contentType, ...corsHeaders(req) });
      return void res.end(step.body);
    }
    if (step?.kind === 'error') {
      const preset: OpenAIErrorSpec | undefined = step.preset ? OPENAI_ERRORS[step.preset] : undefined;
      const auth = String(req.headers.authorization ?? '');
      const message = (step.message ?? preset?.message ?? 'error') + (step.echoKey ? ` (key: ${auth.replace(/^Bearer\s+/i, '')})` : '');
      return sendError(req, res, { status: step.status ?? preset?.status ?? 500, type: step.type ?? preset?.type ?? 'server_error', code: step.code ?? preset?.code ?? null, message, ...((step.headers ?? preset?.headers) ? { headers: step.headers ?? preset!.headers } : {}) });
    }

    const model = String(body.model);
    const tools = ((body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
    // The prefix runs tools → output schema → messages, as the cache reads it.
    const prompt = JSON.stringify(body.tools ?? []) + JSON.stringify(rf ?? '') + JSON.stringify(messages);
    const promptTokens = approxTokens(prompt);
    const cached = Math.min(promptTokens, cachedTokens(prompt));
    const cid = id('chatcmpl');
    const created = Math.floor(Date.now() / 1000);
    const pieceChars = step?.pieceChars ?? 40;

    // What the model says: content text, tool calls, and how it finished.
    let content = '';
    let calls: { id: string; name: string; arguments: string }[] = [];
    let finish = 'stop';
    let refusal = '';
    let cutAt: number | undefined;
    if (step?.kind === 'tool_call') {
      calls = [{ id: id('call'), name: 'get_chunk_content', arguments: JSON.stringify({ chunk_id: step.chunkId }) }];
      finish = 'tool_calls';
    } else if (step?.kind === 'refusal') {
      refusal = step.text;
    } else if (step?.kind !== 'stream_error') {
      const judgeStep = step?.kind === 'judge' ? step : undefined;
      const out: JudgeOutput = judge(promptOf(messages), judgeStep ? { ...judgeStep, kind: 'judge' } : undefined, variationOf(behaviour));
      const { text: json, claimEnds } = serialise(out);
      const ignored = rf && behaviour.responseFormat === 'ignore';
      const viaTool = !rf && tools.includes('submit_judgement');
      const shape: ReplyShape = ignored ? (behaviour.ignoredReply ?? 'prose') : (judgeStep?.reply ?? 'json');
      const shaped = viaTool ? { text: json, offset: 0 } : shapeReply(json, out, rf && !ignored ? 'json' : shape);
      const endOf = (n: number) => (n > 0 ? shaped.offset + claimEnds[Math.min(n, claimEnds.length) - 1]! : shaped.offset + 12);
      if (judgeStep?.truncateAfterClaims !== undefined) {
        shaped.text = shaped.text.slice(0, endOf(judgeStep.truncateAfterClaims) + 5);
        finish = 'length';
      }
      if (judgeStep?.cutAfterClaims !== undefined) cutAt = endOf(judgeStep.cutAfterClaims);
      if (viaTool) {
        calls = [{ id: id('call'), name: 'submit_judgement', arguments: shaped.text }];
        if (finish !== 'length') finish = 'tool_calls';
      } else content = shaped.text;
    }
    if (calls.length && behaviour.toolCalls === 'ollama' && finish === 'tool_calls') finish = 'stop';
    const completionTokens = approxTokens(content + refusal + calls.map((c) => c.arguments).join(''));
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens, prompt_tokens_details: { cached_tokens: cached } };

    if (!stream) {
      if (step?.kind === 'stream_error') return sendError(req, res, { status: 500, type: 'server_error', message: step.message ?? 'The server had an error.' });
      const message: Record<string, unknown> = { role: 'assistant', content: content || null, refusal: refusal || null };
      if (calls.length) message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
      return sendJson(req, res, 200, { id: cid, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...corsHeaders(req) });
    const send = async (chunk: unknown) => {
      res.write(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);
      if (step?.delayMs) await sleep(step.delayMs);
    };
    const frame = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      id: cid,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
    await send(frame({ role: 'assistant', content: '' }));
    if (step?.kind === 'stream_error') {
      await send({ error: { message: step.message ?? 'The server had an error while processing your request.', type: step.type ?? 'server_error', param: null, code: null } });
      return void res.end();
    }
    if (refusal) await send(frame({ refusal }));
    for (let at = 0; at < content.length; at += pieceChars) {
      if (cutAt !== undefined && at >= cutAt) return void res.destroy();
      await send(frame({ content: content.slice(at, at + pieceChars) }));
    }
    for (const [index, c] of calls.entries()) {
      if (behaviour.toolCalls === 'ollama') {
        await send(frame({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }] }));
        continue;
      }
      await send(frame({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }));
      for (let at = 0; at < c.arguments.length; at += pieceChars) {
        if (cutAt !== undefined && at >= cutAt) return void res.destroy();
        await send(frame({ tool_calls: [{ index, function: { arguments: c.arguments.slice(at, at + pieceChars) } }] }));
      }
    }
    if (cutAt !== undefined) return void res.destroy();
    await send(frame({}, finish));
    if (includeUsage) await send({ id: cid, object: 'chat.completion.chunk', created, model, choices: [], usage });
    await send('[DONE]');
    res.end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = rawBody ? JSON.parse(rawBody) : {};
      } catch {
        body = null;
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...corsHeaders(req), 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'authorization, content-type', 'access-control-max-age': '600' });
        return void res.end();
      }
      if (!path.startsWith('/__')) {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        recorded.push({ method: req.method ?? '', path, query: Object.fromEntries(url.searchParams), headers, rawBody, body });
      }
      const route = async () => {
        if (req.method === 'POST' && path === '/__script') {
          steps.push(...((body as { steps?: OpenAIStep[] }).steps ?? []));
          return sendJson(req, res, 200, { ok: true });
        }
        if (req.method === 'POST' && path === '/__behave') {
          behaviour = { ...(body as OpenAIBehaviour) };
          return sendJson(req, res, 200, { ok: true });
        }
        if (req.method === 'POST' && path === '/__reset') {
          steps = [];
          behaviour = {};
          recorded = [];
          prompts = [];
          return sendJson(req, res, 200, { ok: true });
        }
        if (path === '/__requests') return sendJson(req, res, 200, recorded);
        const key = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        if (behaviour.key !== undefined && key !== behaviour.key) return sendError(req, res, OPENAI_ERRORS.authentication);
        if (/invalid/.test(key)) return sendError(req, res, OPENAI_ERRORS.authentication);
        if (req.method === 'POST' && path === '/v1/chat/completions') {
          if (body === null) return sendError(req, res, { status: 400, type: 'invalid_request_error', message: 'We could not parse the JSON body of your request.' });
          return chat(req, res, body as Record<string, unknown>);
        }
        if (req.method === 'GET' && path === '/v1/models' && !behaviour.noModels) {
          return sendJson(req, res, 200, { object: 'list', data: OPENAI_MODELS.map((m) => ({ id: m, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) });
        }
        res.writeHead(404, { 'content-type': 'text/plain', ...corsHeaders(req) });
        res.end('404 page not found');
      };
      route().catch((err: unknown) => {
        if (!res.headersSent) sendError(req, res, { status: 500, type: 'server_error', message: String(err) });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    url: `http://${host}:${port}/v1`,
    port,
    script: (...s) => steps.push(...s),
    behave: (b) => {
      behaviour = { ...b };
    },
    requests: () => recorded,
    calls: (p) => recorded.filter((r) => r.path === p && r.method !== 'OPTIONS'),
    reset: () => {
      steps = [];
      behaviour = {};
      recorded = [];
      prompts = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (isMain(import.meta.url)) runStandalone('fake-openai', 4403, startFakeOpenAI);
