// One request on the Messages API: the turn, as a whole message or read from its stream by the
// reader both wires share (reply.ts), with the same callbacks (ChatCall) as openai.ts's
// chatCompletion, so that run.ts sends on either wire alike.
import type Anthropic from '@anthropic-ai/sdk';
import { bodySnippet } from './client';
import type { RequestBody } from './plan';
import { MessageAccumulator, messageTurn, type Turn } from './accumulator';
import { apiErrorFromBody } from './wire';
import type { Deadline } from './guard';
import { badResponse, readTurn, withDeadline, type ChatCall, type ReplyWire } from './reply';

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

/** The Messages API's part of reading a reply (reply.ts): its events, its error events, its whole message. */
const MESSAGES_REPLY: ReplyWire = {
  part: () => new MessageAccumulator(),
  whole: (value, call) => takeMessage(value, call),
  error: (body, headers) => apiErrorFromBody(body, headers),
};

export function messageRequest(client: Anthropic, body: RequestBody, call: ChatCall): Promise<Turn> {
  return withDeadline(call, (deadline) => send(client, body, call, deadline));
}

async function send(client: Anthropic, body: RequestBody, call: ChatCall, deadline: Deadline): Promise<Turn> {
  const options = { signal: deadline.signal };
  if (!body.stream) {
    // The SDK hands back the body as text when it is not JSON (an HTML page from a wrong URL).
    const msg: unknown = await quietly(() => client.messages.create({ ...body, stream: false }, options));
    call.onRequest();
    return takeMessage(msg, call);
  }
  // The raw response's bytes, read by reply.ts with the idle guard and put together by the
  // MessageAccumulator. A whole JSON message where a stream was asked for is taken as it is.
  const response = await quietly(() => client.messages.create({ ...body, stream: true }, options)).asResponse();
  deadline.answered();
  call.onRequest();
  return readTurn(response, MESSAGES_REPLY, call, deadline);
}
