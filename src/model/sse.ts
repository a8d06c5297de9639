// The bytes of a Messages API reply, as servers and proxies send them: read with an idle guard,
// told apart (an event stream, a whole JSON message where a stream was asked for, or a page that
// is neither), and, for a stream, parsed into server-sent events by the SDK's own parser
// (`Stream.rawEvents`: comments, multi-line data, LF / CRLF / CR, lines and UTF-8 characters
// split across chunks). No DOM: the page, a worker and Node.
import { Stream, type ServerSentEvent } from '@anthropic-ai/sdk/core/streaming';

export type { ServerSentEvent };

/** Thrown when a body sent nothing for longer than the idle limit. */
export class StreamIdleError extends Error {
  constructor(readonly idleMs: number) {
    super(`The response sent nothing for ${Math.round(idleMs / 1000)} s.`);
    this.name = 'StreamIdleError';
  }
}

/**
 * The body of a fetch Response as bytes; the reader is released (and the request cancelled) on
 * exit. With `idleMs`, a body that sends nothing for that long fails with StreamIdleError
 * instead of hanging for ever.
 */
export async function* bodyChunks(body: ReadableStream<Uint8Array>, idleMs?: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  const read = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    if (!idleMs) return reader.read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StreamIdleError(idleMs)), idleMs);
    });
    return Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
  };
  try {
    for (;;) {
      const r = await read();
      if (r.done) {
        done = true;
        return;
      }
      if (r.value) yield r.value;
    }
  } finally {
    // Leaving early (an error event, a cancel) must not keep the connection open.
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

const BLANK_LINE = new TextEncoder().encode('\n\n');

/**
 * The events of an SSE byte stream, parsed by the SDK. Two things are added around its parser:
 * - The chunks go to it through a stream that reads one chunk per read and never ahead
 *   (highWaterMark 0), so that a reader leaving early (an error event) cancels the body at once
 *   instead of waiting on a read in flight; the idle guard's StreamIdleError (and a fetch's
 *   abort) reach the reader as they were thrown.
 * - A blank line is added after the last byte: the SDK drops an event whose closing blank line
 *   never came, and some proxies drop it after the last event (message_stop, or message_delta
 *   when message_stop is missing too), which would make a whole reply look cut. A half-sent
 *   last event is then handed over with its half JSON, which the accumulator skips.
 */
export function sseEvents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const it = chunks[Symbol.asyncIterator]();
  let ended = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (ended) return controller.close();
        const r = await it.next();
        if (r.done) {
          ended = true;
          controller.enqueue(BLANK_LINE);
        } else controller.enqueue(r.value);
      },
      async cancel() {
        await it.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return Stream.rawEvents(new Response(body));
}

/** What a reply turned out to be once its first bytes were seen. */
export type Reply =
  | { kind: 'events'; events: AsyncGenerator<ServerSentEvent> }
  /** A JSON body (parsed, or the text when it does not parse). */
  | { kind: 'json'; value: unknown }
  /** Neither: an HTML page from a proxy, plain text (at most ~64 KB of it). */
  | { kind: 'other'; text: string };

/**
 * Reads a reply to a streaming request. One that is not announced as an event stream is looked
 * at before deciding what it is: servers and proxies send a whole JSON message, an error JSON, a
 * page, or an event stream with whatever content type. The caller closes `body` when done.
 */
export async function readReply(body: AsyncGenerator<Uint8Array>, contentType: string): Promise<Reply> {
  const head: Uint8Array[] = [];
  if (!contentType.toLowerCase().includes('text/event-stream')) {
    const decoder = new TextDecoder();
    let text = '';
    let ended = false;
    while (text.trimStart().length < 32 && text.length < 4096) {
      const r = await body.next();
      if (r.done) {
        ended = true;
        break;
      }
      head.push(r.value);
      text += decoder.decode(r.value, { stream: true });
    }
    const start = text.trimStart();
    // An event stream is one by its first line, whatever its label says (some servers call theirs
    // application/json); a JSON body never starts with a field name and a colon.
    const events = /^(?:event|data|id|retry)?:/.test(start);
    if (!events && (contentType.toLowerCase().includes('json') || start.startsWith('{'))) {
      if (!ended) for await (const c of body) text += decoder.decode(c, { stream: true });
      text += decoder.decode();
      try {
        return { kind: 'json', value: JSON.parse(text) };
      } catch {
        return { kind: 'json', value: text };
      }
    }
    if (start !== '' && !events) {
      if (!ended)
        for await (const c of body) {
          text += decoder.decode(c, { stream: true });
          if (text.length > 65_536) break;
        }
      return { kind: 'other', text };
    }
  }
  const replay = async function* () {
    yield* head;
    yield* body;
  };
  return { kind: 'events', events: sseEvents(replay()) };
}
