import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bodyChunks, sseEvents, type SseEvent } from './sse';

async function collect(chunks: (Uint8Array | string)[]): Promise<SseEvent[]> {
  async function* gen() {
    for (const c of chunks) yield c;
  }
  const out: SseEvent[] = [];
  for await (const ev of sseEvents(gen())) out.push(ev);
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
      { event: 'ping', data: '{"type":"ping"}', complete: true },
      { event: 'a', data: 'one\ntwo', complete: true },
      { event: null, data: 'no-space', complete: true },
    ]);
  });

  test('CRLF, CR and LF line endings, a CRLF split across chunks, a BOM', async () => {
    const evs = await collect([enc('\uFEFFevent: x\r'), enc('\ndata: 1\r\n\r'), enc('\nevent: y\rdata: 2\r\r')]);
    expect(evs).toEqual([
      { event: 'x', data: '1', complete: true },
      { event: 'y', data: '2', complete: true },
    ]);
  });

  test('a multi-byte character split between chunks survives', async () => {
    const bytes = enc('data: {"t":"Příliš žluťoučký kůň 🐎"}\n\n');
    // Cut inside the 4-byte horse and inside the 2-byte ř.
    const horse = bytes.indexOf(0xf0);
    const evs = await collect([bytes.subarray(0, 9), bytes.subarray(9, horse + 2), bytes.subarray(horse + 2)]);
    expect(JSON.parse(evs[0]!.data)).toEqual({ t: 'Příliš žluťoučký kůň 🐎' });
  });

  test('an event the stream ended inside is handed over, marked incomplete', async () => {
    expect(await collect([enc('event: a\ndata: 1\n\nevent: b\ndata: {"type":"mess')])).toEqual([
      { event: 'a', data: '1', complete: true },
      { event: 'b', data: '{"type":"mess', complete: false },
    ]);
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
          expect(got).toEqual(events.map((e) => ({ event: e.event, data: JSON.stringify(e.data), complete: true })));
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
});
