// One assistant message put together from the events of its stream (or taken whole from a JSON
// reply): events in; content blocks, stop reason and usage out. Pure: no network, no timers, no
// callbacks; the run (run.ts) reads the bytes, feeds the events and decides what they mean.
// Written for what servers and proxies really send: pings, events without an `event:` line,
// thinking blocks, JSON split anywhere, text deltas with no content_block_start, whole blocks in
// content_block_start, usage only in message_delta, a missing message_stop, fields we never saw.
import type { ContentBlock, Message } from '@anthropic-ai/sdk/resources/messages/messages';
import { SUBMIT_TOOL } from './plan';

/** One assistant turn as the run goes on with it. */
export interface Turn {
  content: ContentBlock[];
  stopReason: string | null;
}

/** One request's token usage (the API's field names; cache writes are counted apart here). */
export interface MessageUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

type UsageFields = { [K in keyof MessageUsage]?: number | null };

/**
 * What one event changed that the caller reports: 'start' (the message began), 'output' (the
 * reply so far may hold one more finished judgement: read `output`), 'error' (an error event:
 * its body is in `error`), or 'none'.
 */
export type StreamStep = 'none' | 'start' | 'output' | 'error';

export function textOf(content: ContentBlock[]): string {
  return content
    .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('');
}

/** The Messages API's events → one message; reply.ts reads it as the wire's ReplyPart. */
export class MessageAccumulator {
  /** Blocks by their index (a server may skip one: read `turn()` for the list without holes). */
  readonly content: ContentBlock[] = [];
  /** This request's usage as reported so far (message_start, then cumulative in message_delta). */
  readonly usage: MessageUsage = { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
  stopReason: string | null = null;
  /** message_stop arrived. */
  stopped = false;
  /** message_start arrived: the reply has begun. */
  started = false;
  /** The stream ends with its body: message_stop is followed by nothing, so nothing is cut off. */
  readonly done = false;
  /** The reply the audit reads: the text block's text, or the submit tool's input JSON, so far. */
  output = '';
  /** The body of the error event that ended the stream ('error' step). */
  error: Record<string, unknown> | null = null;
  readonly #partialJson = new Map<number, string>();
  readonly #open = new Set<number>();
  #outputIndex = -1;

  /**
   * A whole reply: message_stop came, or (some proxies drop it) a stop reason after which every
   * block was closed. Anything less is a cut stream.
   */
  get whole(): boolean {
    return this.stopped || (this.stopReason !== null && this.#open.size === 0);
  }

  /** Some block arrived (then a failure must not be retried: it would lose it). */
  get hasContent(): boolean {
    return this.content.length > 0;
  }

  /** One server-sent event: its `event:` name (null without that line) and its data. */
  push(event: string | null, data: string): StreamStep {
    if (event === 'ping') return 'none';
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      // `[DONE]` and other non-JSON lines some proxies add; a half-sent last event is a cut,
      // which the missing stop reason reports.
      return 'none';
    }
    if (!parsed || typeof parsed !== 'object') return 'none';
    const ev = parsed as Record<string, unknown> & { type?: unknown; index?: unknown };
    const type = typeof ev.type === 'string' ? ev.type : event;
    const bareError = !type && !!ev.error && typeof ev.error === 'object';
    if (event === 'error' || type === 'error' || bareError) {
      this.error = ev;
      return 'error';
    }
    const at = (fallback: number) => (typeof ev.index === 'number' ? ev.index : fallback);
    const content = this.content;
    switch (type) {
      case 'message_start':
        this.started = true;
        this.#mergeUsage((ev.message as { usage?: UsageFields } | undefined)?.usage);
        return 'start';
      case 'content_block_start': {
        if (!ev.content_block || typeof ev.content_block !== 'object') return 'none';
        const index = at(content.length);
        const block = structuredClone(ev.content_block) as ContentBlock;
        content[index] = block;
        this.#open.add(index);
        if (block.type === 'tool_use') this.#partialJson.set(index, '');
        if (block.type === 'text' || (block.type === 'tool_use' && block.name === SUBMIT_TOOL)) {
          this.#outputIndex = index;
          const given = block.type === 'tool_use' && block.input && typeof block.input === 'object' && Object.keys(block.input).length ? JSON.stringify(block.input) : '';
          this.output = block.type === 'text' ? (block.text ?? '') : given;
          if (block.type === 'text') block.text = this.output;
        }
        return 'none';
      }
      case 'content_block_delta': {
        const index = at(content.length - 1);
        const d = ev.delta as Record<string, unknown> | undefined;
        if (!d) return 'none';
        if (!content[index] && d.type === 'text_delta' && index >= 0) {
          // Text without its content_block_start (a translating proxy): the block starts here.
          content[index] = { type: 'text', text: '', citations: null };
          this.#outputIndex = index;
          this.output = '';
        }
        const block = content[index];
        if (!block) return 'none';
        if (d.type === 'text_delta' && block.type === 'text' && typeof d.text === 'string') {
          block.text += d.text;
          if (index === this.#outputIndex) {
            this.output += d.text;
            // A judgement can only have ended where a closing brace arrived.
            if (d.text.includes('}')) return 'output';
          }
        } else if (d.type === 'input_json_delta' && typeof d.partial_json === 'string') {
          this.#partialJson.set(index, (this.#partialJson.get(index) ?? '') + d.partial_json);
          if (index === this.#outputIndex) {
            this.output += d.partial_json;
            if (d.partial_json.includes('}')) return 'output';
          }
        } else if (d.type === 'thinking_delta' && block.type === 'thinking' && typeof d.thinking === 'string') {
          block.thinking = (block.thinking ?? '') + d.thinking;
        } else if (d.type === 'signature_delta' && block.type === 'thinking' && typeof d.signature === 'string') {
          block.signature = d.signature;
        }
        // citations_delta and kinds we do not know change nothing we read.
        return 'none';
      }
      case 'content_block_stop': {
        const index = at(content.length - 1);
        this.#open.delete(index);
        this.#parseToolInput(index);
        return 'none';
      }
      case 'message_delta': {
        const delta = ev.delta as { stop_reason?: string | null } | undefined;
        this.stopReason = delta?.stop_reason ?? this.stopReason;
        // Usage here is cumulative; some servers report the input side only here.
        this.#mergeUsage(ev.usage as UsageFields | undefined);
        return 'none';
      }
      case 'message_stop':
        this.stopped = true;
        return 'none';
      default:
        // ping without an event line, and event kinds added after this was written.
        return 'none';
    }
  }

  /** The turn so far: every tool input parsed (or left as its raw string), no holes. */
  turn(): Turn {
    for (const index of [...this.#partialJson.keys()]) this.#parseToolInput(index);
    return { content: this.content.filter(Boolean), stopReason: this.stopReason };
  }

  #mergeUsage(u: UsageFields | undefined): void {
    if (!u || typeof u !== 'object') return;
    for (const k of Object.keys(this.usage) as (keyof MessageUsage)[]) {
      const v = u[k];
      if (typeof v === 'number' && Number.isFinite(v)) this.usage[k] = Math.max(this.usage[k], v);
    }
  }

  #parseToolInput(index: number): void {
    const block = this.content[index];
    if (block?.type !== 'tool_use' || !this.#partialJson.has(index)) return;
    const json = this.#partialJson.get(index)!;
    this.#partialJson.delete(index);
    // No input_json_delta at all: some servers send the whole input in content_block_start.
    if (!json.trim()) {
      if (block.input === null || typeof block.input !== 'object') block.input = {};
      return;
    }
    try {
      block.input = JSON.parse(json);
    } catch {
      // Left as the raw string: a cut reply reports it, validation repairs it otherwise.
      block.input = json;
    }
  }
}

function isMessage(v: unknown): v is Message {
  return !!v && typeof v === 'object' && Array.isArray((v as { content?: unknown }).content);
}

/**
 * A reply that came as one JSON message (no streaming asked, or a proxy that ignored
 * stream: true): its turn, usage and output; or, when it is no message, null.
 */
export function messageTurn(msg: unknown): { turn: Turn; usage: MessageUsage; output: string } | null {
  if (!isMessage(msg)) return null;
  const u = (msg.usage ?? {}) as UsageFields;
  const usage: MessageUsage = {
    input_tokens: u.input_tokens ?? 0,
    cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
    output_tokens: u.output_tokens ?? 0,
  };
  const content = msg.content.filter((b) => !!b && typeof b === 'object' && typeof b.type === 'string');
  const submit = content.find((b) => b.type === 'tool_use' && b.name === SUBMIT_TOOL);
  const output = submit && submit.type === 'tool_use' ? JSON.stringify(submit.input) : textOf(content);
  return { turn: { content, stopReason: msg.stop_reason ?? null }, usage, output };
}
