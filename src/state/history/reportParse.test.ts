import { describe, expect, it } from 'vitest';
import { packBody, unpackBody, type AuditBody, type StoredBody } from '../../store/db';
import { parseInWorker, reportMessages } from './reportParse';
import { PART_ITEMS } from '../engine/workerProtocol';

/** A report with arrays long enough to travel in parts (claims, citations, one dimension's issues). */
function bigBody(): AuditBody {
  const n = PART_ITEMS * 2 + 17;
  const report = {
    verdict: 'FAIL',
    claims: Array.from({ length: n }, (_, i) => ({ index: i, text: `claim ${i} – „citace“`, citations: [i, i + 1] })),
    citations: Array.from({ length: n + 3 }, (_, i) => ({ id: `c${i}`, chunk: i % 7 })),
    dimensions: { grounding: { status: 'FAIL', issues: Array.from({ length: PART_ITEMS + 1 }, (_, i) => ({ code: 'X', at: i })) } },
    meta: { checked_by: 'local', generated_at: '2026-01-01T00:00:00Z' },
  } as unknown as NonNullable<AuditBody['report']>;
  return {
    id: 'a1',
    case: { id: 'case-1', query: 'q', answer: 'a', chunks: [] },
    settings: { requiredStyle: 'auto', language: 'auto' },
    labels: [],
    report,
  } as unknown as AuditBody;
}

/**
 * A worker that runs reportParse.worker.ts's steps in this process, with structured clone for
 * each message as between threads. Records what happened to it.
 */
class FakeWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  received: unknown[] = [];
  posted = 0;
  terminated = false;
  constructor(private readonly crash = false) {}
  postMessage(data: unknown): void {
    this.received.push(data);
    void (async () => {
      if (this.crash) {
        this.onerror?.(new Event('error', { cancelable: true }));
        return;
      }
      const text = await (data as Blob).text();
      for (const m of reportMessages(text)) {
        this.posted++;
        this.onmessage?.({ data: structuredClone(m) } as MessageEvent);
      }
    })();
  }
  terminate(): void {
    this.terminated = true;
  }
}

function withWorker(crash = false) {
  const made: FakeWorker[] = [];
  const parse = (blob: Blob) =>
    parseInWorker(blob, () => {
      const w = new FakeWorker(crash);
      made.push(w);
      return w as unknown as Worker;
    });
  return { made, parse };
}

describe('reading a saved report in a worker', () => {
  it('takes the worker path and gives the same body as parsing in place, parts and all', async () => {
    const stored = packBody(bigBody());
    const { made, parse } = withWorker();
    const off = await unpackBody(stored, parse);
    const inPlace = await unpackBody(stored);
    expect(made).toHaveLength(1);
    expect(made[0]!.received).toEqual([(stored as { reportBlob: Blob }).reportBlob]);
    // Three long arrays in parts of PART_ITEMS, then the reply: the report did not come in one message.
    expect(made[0]!.posted).toBe(3 + 3 + 2 + 1);
    expect(made[0]!.terminated).toBe(true);
    expect(off.errors).toEqual([]);
    expect(off.body).toEqual(inPlace.body);
    expect(off.body).toEqual(bigBody());
  });

  it('says an unreadable report as parsing in place does, and keeps the rest', async () => {
    const stored = { ...packBody(bigBody()), reportBlob: new Blob(['{"verdict": "FA']) } as StoredBody;
    const { made, parse } = withWorker();
    const off = await unpackBody(stored, parse);
    expect(made).toHaveLength(1);
    expect(off).toEqual(await unpackBody(stored));
    expect(off.body.report).toBeNull();
    expect(off.errors).toEqual(['report: the stored report could not be read']);
    const notAReport = { ...packBody(bigBody()), reportBlob: new Blob(['[1, 2]']) } as StoredBody;
    expect((await unpackBody(notAReport, parse)).errors).toEqual(['report: the stored report could not be read']);
  });

  it('reads an old row with the report inline without any worker', async () => {
    const { made, parse } = withWorker();
    const old = bigBody();
    expect(await unpackBody(old, parse)).toEqual({ body: old, errors: [] });
    expect(made).toHaveLength(0);
  });

  it('parses in place when the worker cannot be made or fails to start', async () => {
    const stored = packBody(bigBody());
    const failing = await unpackBody(stored, (blob) =>
      parseInWorker(blob, () => {
        throw new Error('no workers here');
      }),
    );
    expect(failing).toEqual({ body: bigBody(), errors: [] });
    const { made, parse } = withWorker(true);
    expect(await unpackBody(stored, parse)).toEqual({ body: bigBody(), errors: [] });
    expect(made[0]!.terminated).toBe(true);
  });
});
