// The Chat Completions wire format (OpenAI's, and that of the servers that copy it: Ollama, LM
// Studio, vLLM, llama.cpp's server), as a translation at the edge of the run: the request
// plan.ts built for the Messages API goes out as a chat request, and the reply comes back as
// the same assistant turn (content blocks and a stop reason) that run.ts already loops over.
// So the prompts, the tool loop, the repair round, the fallbacks and the verdict rules stay
// one code path whatever the provider. Pure: no network (openai.ts sends).
import type { ContentBlock, ContentBlockParam, MessageParam, TextBlockParam, Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { MessageUsage, StreamStep, Turn } from './accumulator';
import type { RequestBody } from './plan';
import { SUBMIT_TOOL } from './plan';

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[];
  tool_choice?: 'auto';
  response_format?: { type: 'json_schema'; json_schema: { name: string; strict: true; schema: unknown } };
  max_tokens?: number;
  max_completion_tokens?: number;
  stream: boolean;
  stream_options?: { include_usage: true };
}

/** The name the structured-output format goes by (servers show it in their errors). */
export const FORMAT_NAME = 'citation_judgement';

type Json = { [k: string]: unknown };

/**
 * The schema as OpenAI's strict mode takes it: every object closed (additionalProperties false)
 * and every property required, an optional one being nullable instead. The zod schema already
 * has no optional fields; this keeps strict mode working if one is ever added.
 */
export function strictSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if ((k === 'properties' || k === '$defs') && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, strictSchema(s)]));
    } else out[k] = k === 'items' || k === 'anyOf' ? strictSchema(v) : v;
  }
  if (out.type === 'object' && out.properties && typeof out.properties === 'object') {
    const props = out.properties as Json;
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    for (const p of Object.keys(props)) if (!required.has(p)) props[p] = { anyOf: [props[p], { type: 'null' }] };
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

function textOfBlocks(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === 'string') return content;
  return content
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text!)
    .join('\n\n');
}

function toolResultText(r: ToolResultBlockParam): string {
  const text = r.content === undefined ? '' : textOfBlocks(r.content as string | { type: string; text?: string }[]);
  // Chat tool messages have no error flag: the words say it.
  return r.is_error ? `Error: ${text}` : text;
}

/** The Messages-API turns as chat messages: tool results become `tool` messages, in order. */
export function chatMessages(system: RequestBody['system'], messages: readonly MessageParam[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const sys = system === undefined ? '' : textOfBlocks(system as string | TextBlockParam[]);
  if (sys) out.push({ role: 'system', content: sys });
  for (const m of messages) {
    const blocks: ContentBlockParam[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    if (m.role === 'assistant') {
      const text = textOfBlocks(blocks as { type: string; text?: string }[]);
      const calls: ChatToolCall[] = blocks
        .filter((b): b is Extract<ContentBlockParam, { type: 'tool_use' }> => b.type === 'tool_use')
        .map((b) => ({ id: b.id, type: 'function', function: { name: b.name, arguments: typeof b.input === 'string' ? b.input : JSON.stringify(b.input ?? {}) } }));
      out.push({ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) });
      continue;
    }
    // A tool message must follow the assistant message that called it: results first, then text.
    for (const b of blocks) if (b.type === 'tool_result') out.push({ role: 'tool', tool_call_id: b.tool_use_id, content: toolResultText(b) });
    const text = textOfBlocks(blocks as { type: string; text?: string }[]);
    if (text) out.push({ role: 'user', content: text });
  }
  return out;
}

export interface ChatRequestOptions {
  /**
   * Send the output limit as max_completion_tokens (OpenAI's own API, whose newer models refuse
   * max_tokens). Other servers get no limit: their default is "up to the context window", and
   * vLLM refuses a request whose limit plus prompt exceeds the window instead of stopping there.
   */
  completionTokens: boolean;
}

/** The chat request for a request plan.ts built (the same prompts, tools and schema). */
export function chatRequest(body: RequestBody, opts: ChatRequestOptions): ChatRequest {
  const req: ChatRequest = { model: body.model, messages: chatMessages(body.system, body.messages), stream: body.stream };
  const tools = (body.tools ?? []) as Tool[];
  if (tools.length) {
    req.tools = tools.map((t) => ({ type: 'function', function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.input_schema } }));
    req.tool_choice = 'auto';
  }
  const schema = body.output_config?.format?.type === 'json_schema' ? body.output_config.format.schema : undefined;
  if (schema) req.response_format = { type: 'json_schema', json_schema: { name: FORMAT_NAME, strict: true, schema: strictSchema(schema) } };
  if (opts.completionTokens) req.max_completion_tokens = body.max_tokens;
  if (body.stream) req.stream_options = { include_usage: true };
  return req;
}

// ---------------------------------------------------------------------------------------------
// Replies

interface ChatUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

/** Chat usage in the run's terms: cached prompt tokens are cache reads; nothing is written. */
export function usageOf(u: ChatUsage | null | undefined): MessageUsage {
  const prompt = u?.prompt_tokens ?? 0;
  const cached = Math.min(prompt, u?.prompt_tokens_details?.cached_tokens ?? 0);
  return { input_tokens: prompt - cached, cache_creation_input_tokens: 0, cache_read_input_tokens: cached, output_tokens: u?.completion_tokens ?? 0 };
}

/**
 * finish_reason in the Messages API's words, which run.ts acts on: 'length' is a cut reply,
 * a content filter or a refusal a refusal, and any reply with tool calls a tool turn (Ollama
 * and some others say 'stop' there).
 */
export function stopReasonOf(finish: string | null, toolCalls: number, refused: boolean): string | null {
  if (refused || finish === 'content_filter') return 'refusal';
  if (finish === 'length') return 'max_tokens';
  if (toolCalls > 0 && finish !== null) return 'tool_use';
  if (finish === 'stop') return 'end_turn';
  return finish;
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

function parseArgs(args: string | Record<string, unknown>): unknown {
  if (typeof args !== 'string') return args;
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    // Left as the raw string: a cut reply reports it, validation repairs it otherwise.
    return args;
  }
}

let callSerial = 0;
/** Some servers send tool calls without an id; the round trip needs one. */
const newCallId = () => `call_${Date.now().toString(36)}_${(callSerial++).toString(36)}`;

function buildTurn(text: string, calls: PendingCall[], finish: string | null, refusal: string): Turn {
  const content: ContentBlock[] = [];
  const shown = refusal || text;
  if (shown) content.push({ type: 'text', text: shown, citations: null } as ContentBlock);
  for (const c of calls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: parseArgs(c.args) } as ContentBlock);
  return { content, stopReason: stopReasonOf(finish, calls.length, refusal !== '') };
}

/** What the audit reads while the reply comes: the text, or the submit tool's arguments. */
function outputOf(text: string, calls: PendingCall[]): string {
  const submit = calls.find((c) => c.name === SUBMIT_TOOL);
  return submit ? submit.args : text;
}

/**
 * One chat reply put together from its stream's `data:` chunks. Pure, like MessageAccumulator;
 * reply.ts reads it as the wire's ReplyPart.
 */
export class ChatAccumulator {
  text = '';
  refusal = '';
  readonly calls: PendingCall[] = [];
  finishReason: string | null = null;
  usage: MessageUsage = usageOf(undefined);
  /** `data: [DONE]` came: everything after it is not part of this reply. */
  done = false;
  /** A chunk other than an error arrived: the reply has begun. */
  started = false;
  /** The body of an error chunk ('error' step). */
  error: Record<string, unknown> | null = null;
  readonly #byIndex = new Map<number, PendingCall>();

  /** The reply is whole: a finish reason came (the usage chunk and [DONE] may follow or not). */
  get whole(): boolean {
    return this.finishReason !== null;
  }

  get output(): string {
    return outputOf(this.text, this.calls);
  }

  /** Anything of the reply arrived (then a failure must not be retried: it would lose it). */
  get hasContent(): boolean {
    return this.text !== '' || this.refusal !== '' || this.calls.length > 0;
  }

  /** One `data:` chunk (Chat Completions names no events). */
  push(_event: string | null, data: string): StreamStep {
    if (data.trim() === '[DONE]') {
      this.done = true;
      return 'none';
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return 'none';
    }
    if (!chunk || typeof chunk !== 'object') return 'none';
    const c = chunk as { error?: unknown; choices?: unknown; usage?: ChatUsage | null };
    if (c.error && typeof c.error === 'object') {
      this.error = c as Record<string, unknown>;
      return 'error';
    }
    if (c.usage) this.usage = usageOf(c.usage);
    const first = !this.started;
    this.started = true;
    let step: StreamStep = first ? 'start' : 'none';
    const choice = Array.isArray(c.choices) ? (c.choices[0] as { delta?: Record<string, unknown>; finish_reason?: unknown } | undefined) : undefined;
    if (!choice) return step;
    const delta = (choice.delta ?? {}) as { content?: unknown; refusal?: unknown; tool_calls?: unknown };
    if (typeof delta.content === 'string' && delta.content) {
      this.text += delta.content;
      step = 'output';
    }
    if (typeof delta.refusal === 'string') this.refusal += delta.refusal;
    if (Array.isArray(delta.tool_calls)) {
      for (const raw of delta.tool_calls as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }[]) {
        const index = typeof raw.index === 'number' ? raw.index : this.calls.length;
        let call = this.#byIndex.get(index);
        if (!call) {
          call = { id: typeof raw.id === 'string' && raw.id ? raw.id : newCallId(), name: '', args: '' };
          this.#byIndex.set(index, call);
          this.calls.push(call);
        }
        // The name comes once, in the call's first delta (some servers repeat it: kept as first seen).
        if (typeof raw.function?.name === 'string' && raw.function.name && !call.name) call.name = raw.function.name;
        const args = raw.function?.arguments;
        if (typeof args === 'string') call.args += args;
        else if (args && typeof args === 'object') call.args = JSON.stringify(args);
        if (call.name === SUBMIT_TOOL) step = 'output';
      }
    }
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
    return step;
  }

  turn(): Turn {
    return buildTurn(this.text, this.calls, this.finishReason, this.refusal);
  }
}

/** A whole chat completion (no streaming, or a server that ignored stream: true); null when it is none. */
export function chatTurn(reply: unknown): { turn: Turn; usage: MessageUsage; output: string } | null {
  if (!reply || typeof reply !== 'object') return null;
  const choices = (reply as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || !choices[0] || typeof choices[0] !== 'object') return null;
  const choice = choices[0] as { message?: { content?: unknown; refusal?: unknown; tool_calls?: unknown }; finish_reason?: unknown };
  const msg = choice.message ?? {};
  const calls: PendingCall[] = Array.isArray(msg.tool_calls)
    ? (msg.tool_calls as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[]).map((t) => ({
        id: typeof t.id === 'string' && t.id ? t.id : newCallId(),
        name: typeof t.function?.name === 'string' ? t.function.name : '',
        args: typeof t.function?.arguments === 'string' ? t.function.arguments : JSON.stringify(t.function?.arguments ?? {}),
      }))
    : [];
  const text = typeof msg.content === 'string' ? msg.content : '';
  const refusal = typeof msg.refusal === 'string' ? msg.refusal : '';
  const finish = typeof choice.finish_reason === 'string' ? choice.finish_reason : 'stop';
  return { turn: buildTurn(text, calls, finish, refusal), usage: usageOf((reply as { usage?: ChatUsage }).usage), output: outputOf(text, calls) };
}

/**
 * OpenAI's error types in the Messages API's words, so that client.ts tells them apart the same
 * way (an error chunk inside a stream has only its type).
 */
export function messagesErrorType(type: unknown, code: unknown): string {
  if (code === 'insufficient_quota' || type === 'insufficient_quota') return 'rate_limit_error';
  switch (type) {
    case 'server_error':
    case 'internal_error':
      return 'api_error';
    case 'rate_limit_exceeded':
    case 'requests':
    case 'tokens':
      return 'rate_limit_error';
    case 'invalid_request_error':
    case 'authentication_error':
    case 'permission_error':
    case 'not_found_error':
    case 'overloaded_error':
      return type;
    default:
      return 'api_error';
  }
}
