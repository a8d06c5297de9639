// The dataset's model run in batch mode against the fake Message Batches API: results stored per case as
// the interactive run stores them, the batch id kept so that a new page (a reload) resumes it,
// cancel keeping what was done, and a browser refused on the batches endpoint pointed to the CLI.
import { describe, expect, it } from 'vitest';
import type { AuditCase, ModelResults } from '../../core/types';
import type { ModelRecord } from '../../store/datasets';
import type { KeyValueStore } from '../../platform/storage';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { DatasetModelRun } from './modelRun.svelte';
import { BATCH_STORE_KEY, type ModelRunHost } from './modelRunParts';
import { testKey, useFakeAnthropic } from '../../../tests/server/harness';
import type { FakeAnthropic } from '../../../tests/server/fake-anthropic';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
const KEY = testKey('dataset-batch');

const CASES: AuditCase[] = [
  { id: 'a', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] },
  { id: 'b', query: 'Which city?', answer: 'Berlin hosts seventeen purple elephants [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] },
  { id: 'c', query: 'Which city?', answer: 'Rome is the capital of Italy [1].', chunks: [{ id: '1', text: 'Rome is the capital of Italy.' }] },
];

function host(datasetId = 'ds1') {
  const saved = new Map<number, { model: ModelRecord | null; error?: string }>();
  const h: ModelRunHost = {
    datasetId,
    pendingModel: () => CASES.map((_, i) => i).filter((i) => !saved.get(i)?.model || saved.get(i)?.error !== undefined),
    caseAt: async (i) => CASES[i] ?? null,
    lineOf: (i) => i + 1,
    saveModel: async (i, model, error) => void saved.set(i, { model, ...(error !== undefined ? { error } : {}) }),
    partialModel: (): ModelResults | null => null,
  };
  return { h, saved };
}

function page(store: KeyValueStore, h: ModelRunHost, baseURL = server.url) {
  return new DatasetModelRun({
    host: h,
    connection: { settings: { baseURL, model: 'claude-sonnet-5-5', strict: false }, apiKey: () => KEY },
    localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
    store,
    datasetName: () => 'my cases.jsonl',
    sleep: async () => {},
  });
}

/** A page over a fresh store that starts a batch run, the fake API finishing `batchPerPoll` requests a poll. */
function startBatch(batchPerPoll: number) {
  const store = memoryStore();
  server.behave({ batchPerPoll });
  const { h, saved } = host();
  const b = page(store, h);
  return { store, h, saved, b, running: b.run('batch') };
}

describe('the Dataset view as a batch', () => {
  it('stores every case judged from one batch, with half-price usage, and forgets the batch after', async () => {
    const store = memoryStore();
    const { h, saved } = host();
    const b = page(store, h);
    await b.run('batch');
    expect(b.batch.status).toBe('done');
    expect(b.batch.merged).toBe(3);
    expect(server.calls('/v1/messages')).toHaveLength(0);
    expect([...saved.values()].map((s) => s.model?.row.checked_by)).toEqual(['model', 'model', 'model']);
    expect(saved.get(1)!.model!.verdicts.map((v) => v[2])).toEqual(['not_supported']);
    expect(b.batch.counts).toMatchObject({ succeeded: 3, processing: 0 });
    const cost = b.batch.usageCost('claude-sonnet-5-5')!;
    expect(cost.usd).toBeCloseTo(cost.interactiveUsd! / 2, 10);
    expect(store.get(BATCH_STORE_KEY)).toBeNull();
  });

  it('a reload (a new page on the same storage) resumes polling the stored batch', async () => {
    const store = memoryStore();
    server.behave({ batchPerPoll: 0 });
    const first = host();
    const before = page(store, first.h);
    const running = before.run('batch');
    // Wait until the batch exists and is stored, then "reload": the old page goes away.
    for (let i = 0; i < 200 && before.batch.status !== 'waiting'; i++) await new Promise((r) => setTimeout(r, 5));
    expect(before.batch.status).toBe('waiting');
    const stored = JSON.parse(store.get(BATCH_STORE_KEY)!);
    expect(stored.datasetId).toBe('ds1');
    expect(JSON.stringify(stored)).not.toContain(KEY);
    before.leave();
    expect([before.batch.status, before.busy]).toEqual(['idle', false]);
    await running;
    // The old page's last poll may still be on its way to the (in-process) server: let it land.
    await new Promise((r) => setTimeout(r, 50));
    server.behave({});
    const second = host();
    const after = page(store, second.h);
    await after.restore();
    expect([after.batch.status, after.batch.message]).toEqual(['done', null]);
    expect(after.batch.batchIds).toEqual(stored.state.batches.map((x: { id: string }) => x.id));
    expect(second.saved.size).toBe(3);
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    // Another dataset does not pick up this dataset's batch.
    store.set(BATCH_STORE_KEY, JSON.stringify(stored));
    const other = page(store, host('ds2').h);
    await other.restore();
    expect(other.batch.status).toBe('idle');
  });

  it('cancel keeps what was done; the cancelled cases are stored with what to do', async () => {
    // Polls until one request is done, then cancels from the progress callback's next tick.
    const { saved, b, running } = startBatch(1);
    for (let i = 0; i < 400 && !(b.batch.counts && b.batch.counts.succeeded >= 1); i++) await new Promise((r) => setTimeout(r, 2));
    // The interactive mode is idle, so cancel goes to the batch being polled.
    expect([b.status, b.busy]).toEqual(['idle', true]);
    await b.cancel();
    await running;
    expect(b.batch.status).toBe('done');
    expect(b.busy).toBe(false);
    const errors = [...saved.values()].filter((s) => s.error !== undefined);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.error).toMatch(/cancelled before this case was judged.*Run the model again/);
    expect(b.batch.merged + b.batch.failed).toBe(3);
  });

  it('a batch that could not be followed stays stored and can be followed again', async () => {
    const { store, h, saved, b, running } = startBatch(0);
    for (let i = 0; i < 200 && b.batch.status !== 'waiting'; i++) await new Promise((r) => setTimeout(r, 5));
    // The page comes back with a key the API refuses (401): not transient, the wait ends.
    const stored = store.get(BATCH_STORE_KEY);
    const keyless = new DatasetModelRun({
      host: h,
      connection: { settings: { baseURL: server.url, model: 'claude-sonnet-5-5', strict: false }, apiKey: () => testKey('invalid') },
      localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
      store,
      datasetName: () => null,
      sleep: async () => {},
    });
    b.leave();
    await running;
    await new Promise((r) => setTimeout(r, 50));
    await keyless.restore();
    expect(keyless.batch.status).toBe('failed');
    expect(keyless.batch.resumable).toBe(true);
    expect(store.get(BATCH_STORE_KEY)).toBe(stored);
    server.behave({});
    const again = page(store, h);
    await again.restore();
    expect(again.batch.status).toBe('done');
    expect(saved.size).toBe(3);
  });

  it('a refusal on the batches endpoint says so and gives the CLI command, without the key', async () => {
    const store = memoryStore();
    const { h } = host();
    const b = page(store, h, `${server.url}/blocked`);
    await b.run('batch');
    expect([b.batch.status, b.batch.message]).toEqual(['refused', expect.any(String)]);
    expect(b.batch.cliCommand).toBe(`ANTHROPIC_BASE_URL=${server.url}/blocked npx citation-audit 'my cases.jsonl' --model claude-sonnet-5-5 --batch --format json`);
    expect(b.batch.cliCommand).not.toContain(KEY);
    expect(store.get(BATCH_STORE_KEY)).toBeNull();
  });
});
