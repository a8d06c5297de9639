// The accumulator on recorded streams (tests/fixtures/sse, written by tests/server/record-sse.ts
// from the fake Messages API): no server, only the bytes, read by the same SSE reader the run uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { MessageAccumulator, messageTurn, type StreamStep } from './accumulator';
import { sseEvents } from './sse';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/sse');
const recorded = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, `${name}.sse`)));

type Ev = { event: string | null; data: string };

/** The events of a recording, its bytes cut into pieces of `size` (any cut must do). */
async function eventsOf(name: string, size = 4096): Promise<Ev[]> {
  const bytes = recorded(name);
  async function* pieces() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const out: Ev[] = [];
  for await (const ev of sseEvents(pieces())) out.push({ event: ev.event, data: ev.data });
  return out;
}

/** Feeds events until an error event; returns the accumulator and the steps it reported. */
function feed(events: Ev[]): { acc: MessageAccumulator; steps: StreamStep[] } {
  const acc = new MessageAccumulator();
  const steps: StreamStep[] = [];
  for (const ev of events) {
    const step = acc.push(ev.event, ev.data);
    steps.push(step);
    if (step === 'error') break;
  }
  return { acc, steps };
}

const claimsIn = (json: string) => (JSON.parse(json) as { claims: { claim_index: number }[] }).claims.map((c) => c.claim_index);

describe('MessageAccumulator on recorded streams', () => {
  test('a JSON reply in a text block: content, stop reason, usage, and an output step per closing brace', async () => {
    const { acc, steps } = feed(await eventsOf('text-json'));
    const turn = acc.turn();
    expect(turn.stopReason).toBe('end_turn');
    expect(turn.content.map((b) => b.type)).toEqual(['text']);
    expect(acc.whole).toBe(true);
    expect(acc.stopped).toBe(true);
    expect(acc.usage).toEqual({ input_tokens: 2473, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 363 });
    expect(claimsIn(acc.output)).toEqual([0, 1, 2]);
    expect(turn.content[0]).toMatchObject({ type: 'text', text: acc.output });
    expect(steps.filter((s) => s === 'start')).toHaveLength(1);
    expect(steps.filter((s) => s === 'output').length).toBeGreaterThanOrEqual(3);
  });

  test('the same events whatever the byte cuts (CRLF, comments, pings, 17-character pieces)', async () => {
    const whole = feed(await eventsOf('thinking-crlf-comments')).acc.turn();
    for (const size of [1, 7, 64, 1000]) {
      expect(feed(await eventsOf('thinking-crlf-comments', size)).acc.turn()).toEqual(whole);
    }
  });

  test('a signed thinking block before the reply: kept whole, and not read as the output', async () => {
    const { acc } = feed(await eventsOf('thinking-crlf-comments'));
    const [thinking, text] = acc.turn().content;
    expect(thinking).toMatchObject({ type: 'thinking' });
    expect(thinking?.type === 'thinking' && thinking.thinking.length > 0 && thinking.signature.length > 0).toBe(true);
    expect(text?.type === 'text' && text.text).toBe(acc.output);
    expect(claimsIn(acc.output)).toEqual([0, 1, 2]);
  });

  test('the submit tool: its input JSON from the deltas is the output, and parsed into the block', async () => {
    const { acc } = feed(await eventsOf('tool-submit'));
    const [block] = acc.turn().content;
    expect(block).toMatchObject({ type: 'tool_use', name: 'submit_judgement' });
    expect(block?.type === 'tool_use' && block.input).toEqual(JSON.parse(acc.output));
    expect(claimsIn(acc.output)).toEqual([0, 1, 2]);
  });

  test('a chunk lookup: another tool, stop reason tool_use, no output', async () => {
    const { acc } = feed(await eventsOf('chunk-lookup'));
    const turn = acc.turn();
    expect(turn.stopReason).toBe('tool_use');
    expect(turn.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_chunk_content', input: { chunk_id: 'c2' } })]);
    expect(acc.output).toBe('');
  });

  test('an overloaded error event after content: the error step, with the body and what came before', async () => {
    const { acc, steps } = feed(await eventsOf('overloaded-mid-stream'));
    expect(steps.at(-1)).toBe('error');
    expect(acc.error).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
    expect(acc.content).toHaveLength(1);
    expect(acc.output).toContain('"claim_index":0');
  });

  test('a stream that ended after one claim is not whole; what came is kept', async () => {
    const { acc } = feed(await eventsOf('cut-after-one-claim'));
    expect(acc.whole).toBe(false);
    expect(acc.stopReason).toBeNull();
    expect(acc.output).toContain('"claim_index":0');
  });

  test('cut at the output limit: a whole message whose stop reason says max_tokens', async () => {
    const { acc } = feed(await eventsOf('max-tokens'));
    expect(acc.whole).toBe(true);
    expect(acc.turn().stopReason).toBe('max_tokens');
    expect(() => JSON.parse(acc.output)).toThrow();
  });

  test('a bare proxy stream: no event lines, no block start or stop, usage only in message_delta, [DONE], no message_stop', async () => {
    const { acc } = feed(await eventsOf('proxy-bare'));
    expect(acc.stopped).toBe(false);
    expect(acc.whole).toBe(true);
    expect(acc.turn().content.map((b) => b.type)).toEqual(['text']);
    expect(acc.usage.input_tokens).toBe(2473);
    expect(claimsIn(acc.output)).toEqual([0, 1, 2]);
  });

  test('whole blocks in content_block_start, with fields this client never saw', async () => {
    const { acc } = feed(await eventsOf('whole-blocks-extra-fields'));
    const [block] = acc.turn().content;
    expect(block?.type === 'tool_use' && block.input).toEqual(JSON.parse(acc.output));
    expect(claimsIn(acc.output)).toEqual([0, 1, 2]);
  });

  // Near misses of a whole reply: each must still read as cut.
  test('a stop reason with a block left open, or no stop reason at all, is not whole', async () => {
    const events = await eventsOf('text-json');
    const type = (e: Ev) => (JSON.parse(e.data) as { type: string }).type;
    const noBlockStop = events.filter((e) => !['content_block_stop', 'message_stop'].includes(type(e)));
    expect(feed(noBlockStop).acc.whole).toBe(false);
    const noDelta = events.filter((e) => !['message_delta', 'message_stop'].includes(type(e)));
    expect(feed(noDelta).acc.whole).toBe(false);
    // Dropping message_stop alone keeps it whole (some proxies do).
    expect(feed(events.filter((e) => type(e) !== 'message_stop')).acc.whole).toBe(true);
  });

  test('the reply begins at message_start and has content from its first block; the stream is never over early', async () => {
    const events = await eventsOf('text-json');
    const acc = new MessageAccumulator();
    expect(acc.push('ping', '{"type":"ping"}')).toBe('none');
    expect([acc.started, acc.hasContent]).toEqual([false, false]);
    const seen: [boolean, boolean][] = [];
    for (const ev of events) {
      acc.push(ev.event, ev.data);
      seen.push([acc.started, acc.hasContent]);
      expect(acc.done).toBe(false);
    }
    const type = (e: Ev) => (JSON.parse(e.data) as { type: string }).type;
    expect(seen[events.findIndex((e) => type(e) === 'message_start')]).toEqual([true, false]);
    expect(seen[events.findIndex((e) => type(e) === 'content_block_start')]).toEqual([true, true]);
    // An error body, kept for the wire to turn into an error (reply.ts), does not begin a reply.
    const failed = new MessageAccumulator();
    failed.push('error', '{"type":"error","error":{"type":"overloaded_error"}}');
    expect([failed.started, failed.hasContent, failed.error]).toEqual([false, false, { type: 'error', error: { type: 'overloaded_error' } }]);
  });

  test('an error event is told by its event name, its type, or a bare error object', () => {
    expect(new MessageAccumulator().push('error', '{"error":{"type":"api_error"}}')).toBe('error');
    expect(new MessageAccumulator().push(null, '{"type":"error","error":{"type":"api_error"}}')).toBe('error');
    expect(new MessageAccumulator().push(null, '{"error":{"type":"api_error"}}')).toBe('error');
    // A field named error inside a known event is not one.
    expect(new MessageAccumulator().push(null, '{"type":"ping","error":{"type":"x"}}')).toBe('none');
  });
});

describe('messageTurn', () => {
  test('a whole JSON message: turn, usage and the submit tool as output', () => {
    const input = { claims: [] };
    const taken = messageTurn({
      content: [{ type: 'tool_use', id: 't', name: 'submit_judgement', input }, null, { no: 'type' }],
      stop_reason: 'tool_use',
      usage: { input_tokens: 5, output_tokens: 2, cache_read_input_tokens: null },
    });
    expect(taken?.turn).toEqual({ content: [{ type: 'tool_use', id: 't', name: 'submit_judgement', input }], stopReason: 'tool_use' });
    expect(taken?.usage).toEqual({ input_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 2 });
    expect(taken?.output).toBe('{"claims":[]}');
  });

  test('anything without a list of content blocks is no message', () => {
    expect(messageTurn('<html>')).toBeNull();
    expect(messageTurn({ type: 'error', error: {} })).toBeNull();
    expect(messageTurn({ content: 'text' })).toBeNull();
  });
});
