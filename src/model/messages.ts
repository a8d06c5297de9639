// One request on the Messages API: the turn, as a whole message or read from its stream. The twin
// of openai.ts's chatCompletion, with the same callbacks (ChatCall), so that run.ts sends on either
// wire alike. A stream that breaks after content arrived fails for good (markFinal), keeping what
// was judged.
import type Anthropic from '@anthropic-ai/sdk';
import { bodySnippet, markFinal, toModelError } from './client';
import { ModelError } from './errors';
import type { ChatCall } from './openai';
import type { RequestBody } from './plan';
import { bodyChunks, readReply, StreamIdleError } from './sse';
import { MessageAccumulator, messageTurn, type Turn } from './accumulator';
import { apiErrorFromBody } from './wire';
import { startDeadline, type Deadline } from './guard';

function badResponse(call: Pick<ChatCall, 'model' | 'baseURL'>, detail: string): ModelError {
  return new ModelError({ kind: 'bad_response', model: call.model, baseURL: call.baseURL, ...(detail ? { apiMessage: detail } : {}) });
}

/** A reply that came as one message: no streaming asked, a proxy that ignored stream: true, or a batch result. */
export function takeMessage(msg: unknown, call: Pick<ChatCall, 'model' | 'baseURL' | 'onOutput' | 'onUsage'>): Turn {
  const taken = messageTurn(msg);
  if (!taken) {
    if (msg && typeof msg === 'object' && (msg as { type?: unknown }).type === 'error') throw apiErrorFromBody(msg);
    throw badResponse(call, typeof msg === 'string' ? bodySnippet(msg) : 'The reply has no list of content blocks.');
  }
  call.onUsage(taken.usage);
  call.onOutput(taken.output);
  return taken.turn;
}

/**
 * The SDK's create() warns on the console (a model it lists as deprecated) in whatever program
 * runs it, so a library user would find its words on stderr; the run says what matters in its own.
 * The warning is given synchronously, before the request is sent: only it is held back.
 */
function quietly<T>(create: () => T): T {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return create();
  } finally {
    console.warn = warn;
  }
}

export async function messageRequest(client: Anthropic, body: RequestBody, call: ChatCall): Promise<Turn> {
  // One deadline for the whole request (guard.ts): the wait for the headers and the body alike.
  const deadline = startDeadline(call.timeoutMs, call.signal);
  try {
    return await send(client, body, call, deadline);
  } catch (err) {
    if (deadline.expired() && !(err instanceof ModelError && err.kind === 'timeout')) throw markFinal(deadline.error({ model: call.model, baseURL: call.baseURL }));
    throw err;
  } finally {
    deadline.dispose();
  }
}

async function send(client: Anthropic, body: RequestBody, call: ChatCall, deadline: Deadline): Promise<Turn> {
  const signal = call.signal;
  const options = { signal: deadline.signal };
  if (!body.stream) {
    // The SDK hands back the body as text when it is not JSON (an HTML page from a wrong URL).
    const msg: unknown = await quietly(() => client.messages.create({ ...body, stream: false }, options));
    call.onRequest();
    return takeMessage(msg, call);
  }
  // The raw response's bytes, read with the idle guard, parsed into events by the SDK's SSE parser
  // and put together by the MessageAccumulator. A whole JSON message where a stream was asked for
  // is taken as it is; anything else is a bad response.
  const response = await quietly(() => client.messages.create({ ...body, stream: true }, options)).asResponse();
  deadline.answered();
  call.onRequest();
  const acc = new MessageAccumulator();
  const fail = (e: ModelError): ModelError => (acc.content.length > 0 ? markFinal(e) : e);
  const cut = (detail?: string) => new ModelError({ kind: 'stream_cut', model: call.model, baseURL: call.baseURL, ...(detail ? { apiMessage: detail } : {}), rawOutput: acc.output });
  let chunks: AsyncGenerator<Uint8Array> | undefined;
  try {
    if (!response.body) throw badResponse(call, 'The response has no body.');
    chunks = bodyChunks(response.body, call.idleTimeoutMs);
    const reply = await readReply(chunks, response.headers.get('content-type') ?? '');
    if (reply.kind === 'json') return takeMessage(reply.value, call);
    if (reply.kind === 'other') throw badResponse(call, bodySnippet(reply.text));
    for await (const sse of reply.events) {
      const step = acc.push(sse.event, sse.data);
      if (step === 'start') call.onStart();
      else if (step === 'output') call.onOutput(acc.output);
      else if (step === 'error') throw apiErrorFromBody(acc.error, response.headers);
    }
  } catch (err) {
    call.onUsage(acc.usage);
    if (acc.output) call.onOutput(acc.output);
    if (err instanceof StreamIdleError) throw fail(cut(err.message));
    // The deadline passed while the reply streamed: a cut, final, with what was judged.
    if (deadline.expired()) throw markFinal(deadline.error({ model: call.model, baseURL: call.baseURL, rawOutput: acc.output }));
    throw fail(toModelError(err, { model: call.model, baseURL: call.baseURL, signal, streaming: true }));
  } finally {
    // Whatever way we left, the connection is released (a no-op once the body was read).
    await chunks?.return(undefined).catch(() => undefined);
  }
  call.onUsage(acc.usage);
  if (acc.output) call.onOutput(acc.output);
  // A cancel may end the body quietly, depending on the fetch implementation.
  if (signal?.aborted) throw new ModelError({ kind: 'cancelled' });
  if (!acc.whole) throw fail(cut());
  return acc.turn();
}
