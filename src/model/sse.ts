// Server-sent events as the Messages API (and the proxies in front of it) send them, read from
// raw bytes: chunks may end anywhere (inside a line, a CRLF pair or a multi-byte UTF-8
// character); lines end in LF, CRLF or CR; `:` lines are comments; an event's data may span
// several `data:` lines; a BOM may open the stream. Events without an `event:` line keep a null
// name (the JSON's own `type` then says what they are). No DOM: the page, a worker and Node.

export interface SseEvent {
  event: string | null;
  data: string;
  /** False for the last event of a stream that ended without the blank line closing it. */
  complete: boolean;
}

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

export async function* sseEvents(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let first = true;
  let event: string | null = null;
  let data: string[] = [];
  let hasData = false;

  const takeLine = (line: string): SseEvent | null => {
    if (line === '') {
      if (!hasData) {
        event = null;
        return null;
      }
      const ev: SseEvent = { event, data: data.join('\n'), complete: true };
      event = null;
      data = [];
      hasData = false;
      return ev;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
    // id and retry are of no use here; unknown fields are ignored, as the standard says.
    return null;
  };

  function* lines(text: string, final: boolean): Generator<string> {
    pending += text;
    if (first && pending.length) {
      if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
      first = false;
    }
    let start = 0;
    for (let i = 0; i < pending.length; i++) {
      const ch = pending.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (ch === 13 && i + 1 === pending.length && !final) break;
      yield pending.slice(start, i);
      if (ch === 13 && pending.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    pending = pending.slice(start);
  }

  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (const line of lines(text, false)) {
      const ev = takeLine(line);
      if (ev) yield ev;
    }
  }
  for (const line of lines(decoder.decode(), true)) {
    const ev = takeLine(line);
    if (ev) yield ev;
  }
  if (pending !== '') takeLine(pending);
  // The stream ended inside an event: hand it over, marked, so that a last event whose closing
  // blank line a proxy dropped is not lost (and a half-sent one can be told apart by its data).
  if (hasData) yield { event, data: data.join('\n'), complete: false };
}
