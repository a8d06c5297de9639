import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from './analysis';
import { AuditRunner, type RunnerRequest } from './auditRunner';
import * as engine from './engine';

const req = (answerText: string): RunnerRequest => ({
  revision: 1,
  inputs: { query: 'q', answerText, chunksText: '[{"id":"1","text":"Paris is in France."}]', goldText: '' },
  attached: {},
  settings: { requiredStyle: 'auto', language: 'auto' },
});

afterEach(() => vi.useRealTimers());

describe('AuditRunner', () => {
  it('debounces: only the last of a burst of requests is analysed', async () => {
    vi.useFakeTimers();
    const results: Analysis[] = [];
    const runner = new AuditRunner((a) => results.push(a), undefined, { createWorker: null, debounceMs: 150, engine: async () => engine });
    runner.request(req('Paris [1].'));
    runner.request(req('Paris is in France [1].'));
    await vi.advanceTimersByTimeAsync(200);
    expect(results).toHaveLength(1);
    expect(results[0]!.inputs.answerText).toBe('Paris is in France [1].');
    expect(results[0]!.report?.citations).toHaveLength(1);
  });

  it('drops a result older than one already delivered (a slow worker cannot overwrite)', async () => {
    const results: Analysis[] = [];
    let onmessage: ((e: MessageEvent) => void) | null = null;
    const posted: { seq: number }[] = [];
    const fakeWorker = {
      postMessage: (m: { seq: number }) => posted.push(m),
      terminate: () => {},
      set onmessage(f: (e: MessageEvent) => void) {
        onmessage = f;
      },
      set onerror(_f: unknown) {},
    } as unknown as Worker;
    const runner = new AuditRunner((a) => results.push(a), undefined, {
      createWorker: () => fakeWorker,
      workerThreshold: 0,
      engine: async () => engine,
    });
    runner.request(req('first [1].'), true);
    runner.request(req('second [1].'), true); // queued behind the first
    expect(posted).toHaveLength(1);
    const first = engine.analyze({ ...req('first [1].'), seq: posted[0]!.seq }, 'worker');
    onmessage!({ data: { ok: true, analysis: first } } as MessageEvent);
    expect(posted).toHaveLength(2);
    const second = engine.analyze({ ...req('second [1].'), seq: posted[1]!.seq }, 'worker');
    onmessage!({ data: { ok: true, analysis: second } } as MessageEvent);
    // A duplicate late reply for the first request is ignored.
    onmessage!({ data: { ok: true, analysis: first } } as MessageEvent);
    expect(results.map((r) => r.inputs.answerText)).toEqual(['first [1].', 'second [1].']);
    runner.dispose();
  });

  it('runs on the main thread when no worker can be made', async () => {
    const results: Analysis[] = [];
    const runner = new AuditRunner((a) => results.push(a), undefined, { createWorker: null, workerThreshold: 0, engine: async () => engine });
    runner.request(req('x [1].'), true);
    await vi.waitFor(() => expect(results).toHaveLength(1));
    expect(results[0]!.where).toBe('main');
  });
});
