import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from './analysis';
import { AuditRunner, type RunnerRequest } from './auditRunner';
import * as engine from './engine';
import { WORKER_TIMEOUT_MS } from '../constants';
import { createWorkerHandler, splitReply, type WorkerRequest } from './workerProtocol';

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

  it('sends a worker only the inputs that changed, and a new worker all of them', async () => {
    vi.useFakeTimers();
    const results: Analysis[] = [];
    const posted: { worker: number; inputs: WorkerRequest['inputs'] }[] = [];
    let made = 0;
    let hang = false;
    // Each fake worker runs the real handler behind structured clone, as the page's worker does.
    const createWorker = () => {
      const id = ++made;
      const handle = createWorkerHandler(engine.analyze);
      const w = {
        onmessage: null as ((e: MessageEvent) => void) | null,
        onerror: null,
        postMessage(m: WorkerRequest) {
          const msg = structuredClone(m);
          posted.push({ worker: id, inputs: msg.inputs });
          if (hang) return;
          const reply = structuredClone(handle(msg));
          setTimeout(() => w.onmessage?.({ data: reply } as MessageEvent), 0);
        },
        terminate() {},
      };
      return w as unknown as Worker;
    };
    const runner = new AuditRunner((a) => results.push(a), undefined, { createWorker, workerThreshold: 0, engine: async () => engine });
    const chunks2 = '[{"id":"1","text":"Paris is the capital of France."}]';
    runner.request(req('Paris [1].'), true);
    await vi.advanceTimersByTimeAsync(1);
    runner.request(req('Paris is in France [1].'), true);
    await vi.advanceTimersByTimeAsync(1);
    runner.request({ ...req('Paris is in France [1].'), inputs: { ...req('').inputs, answerText: 'Paris is in France [1].', chunksText: chunks2 } }, true);
    await vi.advanceTimersByTimeAsync(1);
    expect(posted.map((p) => Object.keys(p.inputs).sort())).toEqual([['answerText', 'chunksText', 'goldText', 'query'], ['answerText'], ['chunksText']]);
    expect(results.map((r) => r.inputs.answerText)).toEqual(['Paris [1].', 'Paris is in France [1].', 'Paris is in France [1].']);
    expect(results[2]!.chunks.chunks[0]!.text).toBe('Paris is the capital of France.');
    expect(results[2]!.case?.chunks).toBe(results[2]!.chunks.chunks);
    expect(results[1]!.chunks).toBe(results[0]!.chunks); // not sent again: the runner's own copy

    // A worker that stops answering is replaced; the new one is sent every input.
    hang = true;
    runner.request({ ...req('Lyon [1].'), inputs: { ...req('Lyon [1].').inputs, chunksText: chunks2 } }, true);
    hang = false;
    await vi.advanceTimersByTimeAsync(WORKER_TIMEOUT_MS + 10);
    expect(posted.at(-2)).toEqual({ worker: 1, inputs: { answerText: 'Lyon [1].' } });
    expect(posted.at(-1)!.worker).toBe(2);
    expect(Object.keys(posted.at(-1)!.inputs).sort()).toEqual(['answerText', 'chunksText', 'goldText', 'query']);
    expect(results.at(-1)!.inputs.answerText).toBe('Lyon [1].');
    expect(results.at(-1)!.chunks.chunks[0]!.text).toBe('Paris is the capital of France.');
    runner.dispose();
  });

  it('puts a reply sent in parts back together, each part its own message, and drops stray parts', async () => {
    vi.useFakeTimers();
    const results: Analysis[] = [];
    let messages = 0;
    const createWorker = () => {
      const handle = createWorkerHandler(engine.analyze);
      const w = {
        onmessage: null as ((e: MessageEvent) => void) | null,
        onerror: null,
        postMessage(m: WorkerRequest) {
          const out = splitReply(handle(structuredClone(m)), 100).map((x) => structuredClone(x));
          // A part of some other request first: the runner ignores it.
          const stray = out.find((x) => 'part' in x);
          if (stray) out.unshift({ ...stray, seq: 999 });
          messages += out.length;
          out.forEach((x, i) => setTimeout(() => w.onmessage?.({ data: x } as MessageEvent), i));
        },
        terminate() {},
      };
      return w as unknown as Worker;
    };
    const runner = new AuditRunner((a) => results.push(a), undefined, { createWorker, workerThreshold: 0, engine: async () => engine });
    const answerText = 'See \\cite{'.repeat(700);
    runner.request(req(answerText), true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(messages).toBeGreaterThan(10);
    expect(results).toHaveLength(1);
    expect(results[0]!.where).toBe('worker'); // not the fallback analysis on the main thread
    const here = engine.analyze({ ...req(answerText), seq: 1 }, 'main');
    expect(results[0]!.report!.findings.length).toBeGreaterThan(700);
    expect(results[0]!.report!.findings).toEqual(here.report!.findings);
    expect(results[0]!.diagnostics).toEqual(here.diagnostics);
    expect(results[0]!.report!.markers).toEqual(here.report!.markers);
    runner.dispose();
  });
});
