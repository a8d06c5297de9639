import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bodyChunks, readReply, sseEvents, StreamIdleError } from './sse';

// The parsing itself is the SDK's (Stream.rawEvents); these tests hold what our reading of a
// reply needs from it, over our adapter (a pull-one-chunk stream ending in a blank line).
type Ev = { event: string | null; data: string };

async function* gen(chunks: Uint8Array[]) {
  for (const c of chunks) yield c;
}

async function collect(chunks: Uint8Array[]): Promise<Ev[]> {
  const out: Ev[] = [];
  for await (const ev of sseEvents(gen(chunks))) out.push({ event: ev.event, data: ev.data });
  return out;
}

const enc = (s: string) => new TextEncoder().encode(s);

/** The bytes of `text`, cut at the given offsets (sorted, deduplicated, inside the text). */
function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  return out;
}

describe('sseEvents', () => {
  test('reads events, ignores comments and unknown fields, joins multi-line data', async () => {
    const text = ': hello\nevent: ping\ndata: {"type":"ping"}\n\nid: 7\nretry: 100\nevent: a\ndata: one\ndata: two\n\ndata:no-space\n\n';
    expect(await collect([enc(text)])).toEqual([
      { event: 'ping', data: '{"type":"ping"}' },
      { event: 'a', data: 'one\ntwo' },
      { event: null, data: 'no-space' },
    ]);
  });

  test('CRLF, CR and LF line endings, a CRLF split across chunks, a BOM', async () => {
    const evs = await collect([enc('\uFEFFevent: x\r'), enc('\ndata: 1\r\n\r'), enc('\nevent: y\rdata: 2\r\r')]);
    expect(evs).toEqual([
      { event: 'x', data: '1' },
      { event: 'y', data: '2' },
    ]);
  });

  test('a multi-byte character split between chunks survives', async () => {
    const bytes = enc('data: {"t":"Příliš žluťoučký kůň 🐎"}\n\n');
    // Cut inside the 4-byte horse and inside the 2-byte ř.
    const horse = bytes.indexOf(0xf0);
    const evs = await collect([bytes.subarray(0, 9), bytes.subarray(9, horse + 2), bytes.subarray(horse + 2)]);
    expect(JSON.parse(evs[0]!.data)).toEqual({ t: 'Příliš žluťoučký kůň 🐎' });
  });

  test('an event the stream ended inside is handed over (a half-sent one with its half JSON)', async () => {
    expect(await collect([enc('event: a\ndata: 1\n\nevent: b\ndata: {"type":"mess')])).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '{"type":"mess' },
    ]);
    // A last event whose blank line a proxy dropped, after LF, CRLF or CR.
    for (const nl of ['\n', '\r\n', '\r']) {
      expect(await collect([enc(`data: 1${nl}${nl}data: {"type":"message_stop"}${nl}`)])).toEqual([
        { event: null, data: '1' },
        { event: null, data: '{"type":"message_stop"}' },
      ]);
    }
  });

  test('any split of any stream gives the same events (property)', async () => {
    const value = fc.string({ unit: fc.constantFrom('a', 'é', '🐎', '"', '\\', ' ', '{', '}', 'ř'), maxLength: 30 });
    const event = fc.record({ event: fc.option(fc.constantFrom('message_start', 'content_block_delta', 'ping'), { nil: null }), data: value });
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (events, nl, comments, cuts) => {
          let text = '';
          for (const e of events) {
            if (comments) text += `: keep-alive${nl}`;
            if (e.event) text += `event: ${e.event}${nl}`;
            text += `data: ${JSON.stringify(e.data)}${nl}${nl}`;
          }
          const got = await collect(cut(enc(text), cuts));
          expect(got).toEqual(events.map((e) => ({ event: e.event, data: JSON.stringify(e.data) })));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('bodyChunks cancels the body when the reader leaves early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(enc('data: 1\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const ev of sseEvents(bodyChunks(body))) {
      expect(ev.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });

  test('the idle guard\u2019s error reaches the reader of the events as it was thrown', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc('data: 1\n\n'));
        // and then nothing, for ever
      },
    });
    const seen: string[] = [];
    const err = await (async () => {
      try {
        for await (const ev of sseEvents(bodyChunks(body, 30))) seen.push(ev.data);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(seen).toEqual(['1']);
    expect(err).toBeInstanceOf(StreamIdleError);
  });
});

describe('readReply', () => {
  const reply = (text: string, contentType: string, cuts: number[] = []) => readReply(gen(cut(enc(text), cuts)), contentType);

  test('an event stream, announced or not: the bytes looked at first are not lost', async () => {
    const text = ': hi\n\nevent: message_start\ndata: {"type":"message_start","message":{}}\n\n';
    for (const type of ['text/event-stream; charset=utf-8', '', 'text/plain']) {
      const r = await reply(text, type, [3, 9, 20]);
      expect(r.kind).toBe('events');
      const got: string[] = [];
      if (r.kind === 'events') for await (const ev of r.events) got.push(`${ev.event}|${ev.data}`);
      expect(got).toEqual(['message_start|{"type":"message_start","message":{}}']);
    }
  });

  test('a whole JSON message, an error JSON, a page', async () => {
    const json = await reply('  {"content": [], "stop_reason": "end_turn"}', 'text/plain', [5]);
    expect(json).toEqual({ kind: 'json', value: { content: [], stop_reason: 'end_turn' } });
    expect(await reply('not json', 'application/json')).toEqual({ kind: 'json', value: 'not json' });
    const page = await reply('<html><title>Bad gateway</title></html>', 'text/html');
    expect(page).toEqual({ kind: 'other', text: '<html><title>Bad gateway</title></html>' });
  });
});
