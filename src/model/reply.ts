// One request's reply, read the same way on either wire: the deadline over the whole request,
// the body's bytes with the idle guard (sse.ts), a whole JSON reply or a stream of events, the
// callbacks run.ts follows, and a cut that keeps what was judged. What differs between the
// Messages API and Chat Completions is the wire's: how events build the turn (its accumulator,
// a ReplyPart: accumulator.ts, openai-wire.ts), how an error body or a whole reply reads (its
// ReplyWire, in messages.ts and openai.ts).
import type { MessageUsage, StreamStep, Turn } from './accumulator';
import { bodySnippet, markFinal, toModelError } from './client';
import { ModelError } from './errors';
import { startDeadline, type Deadline } from './guard';
import { bodyChunks, readReply, StreamIdleError } from './sse';

export interface ChatCall {
  apiKey: string;
  /** The API root, normalised (client.ts resolveConnection). */
  baseURL: string;
  model: string;
  signal?: AbortSignal | undefined;
  idleTimeoutMs: number;
  /** The deadline of the whole request (guard.ts), from sending to the reply's last byte. */
  timeoutMs: number;
  /** The reply began to arrive. */
  onStart: () => void;
  /** The reply so far (the text, or the submit tool's arguments). */
  onOutput: (text: string) => void;
  onUsage: (u: MessageUsage) => void;
  /** The server accepted a request (it is billed from here). */
  onRequest: () => void;
}

/** One reply being put together from its events: the wire's accumulator, as the reader sees it. */
export interface ReplyPart {
  /** One server-sent event: its `event:` name (null without that line) and its data. */
  push(event: string | null, data: string): StreamStep;
  /** The reply has begun (its first event that was not a ping). */
  readonly started: boolean;
  /** Anything of the reply arrived: a failure now must not be retried, it would lose it. */
  readonly hasContent: boolean;
  /** The reply the audit reads so far: the text, or the submit tool's input. */
  readonly output: string;
  readonly usage: MessageUsage;
  /** A whole reply arrived: anything less is a cut. */
  readonly whole: boolean;
  /** The stream said it is over: what follows is not part of this reply. */
  readonly done: boolean;
  turn(): Turn;
  /** The body of the error event that made the 'error' step. */
  readonly error: Record<string, unknown> | null;
}

/** The wire's part of reading a reply. */
export interface ReplyWire {
  /** A new accumulator of the wire's events (accumulator.ts, openai-wire.ts). */
  part(): ReplyPart;
  /** An error event's body, as the error classification (client.ts) reads it. */
  error(body: Record<string, unknown> | null, headers: Headers): Error;
  /** A reply that came as one JSON value (no stream asked, or a server that ignored stream: true). */
  whole(value: unknown, call: ChatCall, headers: Headers): Turn;
}

export function badResponse(call: Pick<ChatCall, 'model' | 'baseURL'>, detail: string): ModelError {
  return new ModelError({ kind: 'bad_response', model: call.model, baseURL: call.baseURL, ...(detail ? { apiMessage: detail } : {}) });
}

/**
 * Runs one request under one deadline for the whole of it (guard.ts): the wait for the headers
 * and the body alike. Past it the request fails for good, as a timeout.
 */
export async function withDeadline(call: ChatCall, send: (deadline: Deadline) => Promise<Turn>): Promise<Turn> {
  const deadline = startDeadline(call.timeoutMs, call.signal);
  try {
    return await send(deadline);
  } catch (err) {
    if (deadline.expired() && !(err instanceof ModelError && err.kind === 'timeout')) throw markFinal(deadline.error({ model: call.model, baseURL: call.baseURL }));
    throw err;
  } finally {
    deadline.dispose();
  }
}

/**
 * The reply of a request the server accepted → the assistant turn. A stream that breaks after
 * content arrived fails for good (markFinal), keeping what was judged.
 */
export async function readTurn(response: Response, wire: ReplyWire, call: ChatCall, deadline: Deadline): Promise<Turn> {
  const r = wire.part();
  const fail = (e: ModelError): ModelError => (r.hasContent ? markFinal(e) : e);
  const cut = (detail?: string) => new ModelError({ kind: 'stream_cut', model: call.model, baseURL: call.baseURL, ...(detail ? { apiMessage: detail } : {}), rawOutput: r.output });
  let chunks: AsyncGenerator<Uint8Array> | undefined;
  try {
    if (!response.body) throw badResponse(call, 'The response has no body.');
    chunks = bodyChunks(response.body, call.idleTimeoutMs);
    const reply = await readReply(chunks, response.headers.get('content-type') ?? '');
    if (reply.kind === 'json') return wire.whole(reply.value, call, response.headers);
    if (reply.kind === 'other') throw badResponse(call, bodySnippet(reply.text));
    for await (const sse of reply.events) {
      const started = r.started;
      const step = r.push(sse.event, sse.data);
      if (step === 'start' || (!started && r.started)) call.onStart();
      if (step === 'output') call.onOutput(r.output);
      else if (step === 'error') throw wire.error(r.error, response.headers);
      if (r.done) break;
    }
  } catch (err) {
    call.onUsage(r.usage);
    if (r.output) call.onOutput(r.output);
    if (err instanceof StreamIdleError) throw fail(cut(err.message));
    // The deadline passed while the reply streamed: a cut, final, with what was judged.
    if (deadline.expired()) throw markFinal(deadline.error({ model: call.model, baseURL: call.baseURL, rawOutput: r.output }));
    throw fail(toModelError(err, { model: call.model, baseURL: call.baseURL, signal: call.signal, streaming: true }));
  } finally {
    // Whatever way we left, the connection is released (a no-op once the body was read).
    await chunks?.return(undefined).catch(() => undefined);
  }
  call.onUsage(r.usage);
  if (r.output) call.onOutput(r.output);
  // A cancel may end the body quietly, depending on the fetch implementation.
  if (call.signal?.aborted) throw new ModelError({ kind: 'cancelled' });
  if (!r.whole) throw fail(cut());
  return r.turn();
}
