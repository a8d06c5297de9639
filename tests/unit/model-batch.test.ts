// Batch runs (src/model/batch.ts) against the fake server's Message Batches endpoints: the same
// requests and results as the interactive path, the split at the size limits, progress from the
// request counts, errored / expired / cancelled entries as per-case errors, a run resumed from
// its saved state, and a reply that needs a chunk lookup finished interactively.
import { describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeAnthropic } from '../server/fake-anthropic';
import { EXPECTED, testKey, useFakeAnthropic, verdicts } from '../server/harness';
import { makeCase, threeClaimCase } from '../server/factories';
import {
  BatchMismatch,
  batchProgress,
  batchEntries,
  cancelBatches,
  createBatches,
  mergeBatchCase,
  parseBatchState,
  prepareBatch,
  readBatchResults,
  splitEntries,
  waitForBatches,
  type BatchCase,
  type BatchProgress,
  type BatchState,
} from '../../src/model/batch';
import { runModelAudit } from '../../src/model/run';
import { ModelError } from '../../src/model/errors';
import { tempDir } from '../factories/tempDir';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
const KEY = testKey('batch-run');
const conn = () => ({ apiKey: KEY, baseURL: server.url, sleep: async () => {} });
const settings = (extra: Partial<{ model: string; strict: boolean }> = {}) => ({ model: 'claude-sonnet-5-5', strict: false, nonce: '0a1b2c3d4e5f', ...extra });

function cases(n: number): BatchCase[] {
  return Array.from({ length: n }, (_, key) => {
    const { c, report } = key % 2 ? makeCase({ chunks: [['a', 'Alpha beta gamma delta.'], ['b', 'Epsilon zeta.']], claims: [{ text: 'Alpha beta gamma.', cites: ['a'] }, { text: 'Omega.', cites: ['b'] }] }) : threeClaimCase();
    return { key, c, report };
  });
}

const inputOf = (u: { input_tokens: number; cache_read_input_tokens?: number } | undefined) => (u ? u.input_tokens + (u.cache_read_input_tokens ?? 0) : NaN);

async function runAll(cs: BatchCase[], s = settings(), onProgress?: (p: BatchProgress) => void) {
  const state = await createBatches(prepareBatch(cs, s), conn());
  await waitForBatches(state, conn(), onProgress ? { onProgress } : {});
  const results = await readBatchResults(state, conn());
  return { state, outcomes: await Promise.all(cs.map((bc) => mergeBatchCase(bc, results, state, conn()))) };
}

describe('batch runs', () => {
  test('results equal the interactive path, and so do the input tokens of every case', async () => {
    const cs = cases(3);
    // Interactive first (the same nonce and cached instructions as the batch), on a fresh cache.
    const interactive = [];
    for (const bc of cs) interactive.push(await runModelAudit(bc.c, bc.report, { ...conn(), model: 'claude-sonnet-5-5', nonce: settings().nonce, cacheInstructions: true }));
    server.reset();
    const progress: BatchProgress[] = [];
    server.behave({ batchPerPoll: 1 });
    const { outcomes } = await runAll(cs, settings(), (p) => progress.push(p));
    // Nothing went through /v1/messages: every reply came from the batch.
    expect(server.calls('/v1/messages')).toHaveLength(0);
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    for (const [i, o] of outcomes.entries()) {
      expect(o.error).toBeUndefined();
      expect(verdicts(o.run!.results)).toEqual(verdicts(interactive[i]!.results));
      expect(inputOf(o.run!.results.usage)).toBe(inputOf(interactive[i]!.results.usage));
      expect(inputOf(o.batchUsage)).toBe(inputOf(o.run!.results.usage));
      expect(o.run!.results.usage!.requests).toBe(1);
      // meta.usage prices the batch replies at the batch price: half of the same tokens asked at once.
      const cost = o.run!.report.meta.usage!.cost!;
      expect(cost).toBeGreaterThan(0);
      expect(cost).toBeCloseTo(interactive[i]!.report.meta.usage!.cost! / 2, 5);
    }
    expect(verdicts(outcomes[0]!.run!.results)).toEqual(EXPECTED);
    // The instructions are cached across the batch's requests too.
    expect(outcomes.reduce((n, o) => n + (o.batchUsage.cache_read_input_tokens ?? 0), 0)).toBeGreaterThan(0);
    // Progress from request_counts, one more succeeded per poll here.
    expect(progress.map((p) => p.counts.succeeded)).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toMatchObject({ ended: true, requests: 3 });
    expect(progress[0]!.waitMs).toBeGreaterThan(0);
  });

  test('strict mode and audits split in parts: every part and pass goes in the batch, merged as one case', async () => {
    const many = makeCase({
      chunks: [['a', 'Alpha beta gamma delta epsilon.']],
      claims: Array.from({ length: 45 }, (_, i) => ({ text: i % 2 ? `Alpha beta number ${i}.` : `Omega psi number ${i}.`, cites: ['a'] })),
    });
    const cs: BatchCase[] = [{ key: 7, ...many }, { key: 8, ...threeClaimCase() }];
    const entries = batchEntries(cs, settings({ strict: true }));
    expect(entries.map((e) => e.custom_id)).toEqual(['c7_p0_b0', 'c7_p0_b1', 'c7_p1_b0', 'c7_p1_b1', 'c8_p0_b0', 'c8_p1_b0']);
    const { outcomes } = await runAll(cs, settings({ strict: true }));
    expect(server.calls('/v1/messages')).toHaveLength(0);
    const [split, three] = outcomes;
    expect(split!.run!.results.strict).toBe(true);
    expect(split!.run!.results.judgements).toHaveLength(45);
    expect(split!.run!.results.usage!.requests).toBe(4);
    expect(verdicts(three!.run!.results)).toEqual(EXPECTED);
  });

  test('a case resumed after a partial run asks only for what it lacks', async () => {
    const [bc] = cases(1);
    const first = await runModelAudit(bc!.c, bc!.report, { ...conn(), model: 'claude-sonnet-5-5' });
    const partial = { ...first.results, judgements: first.results.judgements.slice(0, 1) };
    const [entry] = batchEntries([{ ...bc!, resume: partial }], settings());
    const claims = entry!.params.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.map((b) => (b.type === 'text' ? b.text : '')))).join('\n');
    expect(claims).not.toContain('{"claim_index":0,');
    expect(claims).toContain('{"claim_index":1,');
    expect(claims).toContain('{"claim_index":2,');
    server.reset();
    const { outcomes } = await runAll([{ ...bc!, resume: partial }]);
    expect(verdicts(outcomes[0]!.run!.results)).toEqual(EXPECTED);
  });

  test('the requests are the interactive ones without `stream`, one per part and pass', () => {
    const [bc] = cases(1);
    const entries = batchEntries([bc!], settings({ strict: true }));
    expect(entries.map((e) => e.custom_id)).toEqual(['c0_p0_b0', 'c0_p1_b0']);
    expect(entries[0]!.params).not.toHaveProperty('stream');
    expect(entries[0]!.params.max_tokens).toBe(32_000);
    expect(JSON.stringify(entries[0]!.params.system)).toContain('cache_control');
  });

  test('split at the request and byte limits; every batch is created and read', async () => {
    const cs = cases(5);
    const entries = batchEntries(cs, settings());
    expect(splitEntries(entries, { requests: 2, bytes: 1e9 }).groups.map((g) => g.length)).toEqual([2, 2, 1]);
    const sizes = entries.map((e) => Buffer.byteLength(JSON.stringify(e)));
    // Room for the frame and the first two entries with their comma, not a third.
    const bytes = 15 + sizes[0]! + 1 + sizes[1]! + 1;
    const byBytes = splitEntries(entries, { requests: 100, bytes });
    expect(byBytes.groups[0]).toHaveLength(2);
    for (const g of byBytes.groups) expect(15 + g.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e)), 0) + g.length - 1).toBeLessThanOrEqual(bytes);
    expect(byBytes.groups.flat().map((e) => e.custom_id)).toEqual(entries.map((e) => e.custom_id));
    // One entry above the limit cannot be sent at all.
    expect(() => splitEntries(entries, { requests: 100, bytes: 100 })).toThrow(ModelError);

    const prepared = prepareBatch(cs, settings(), { requests: 2, bytes: 1e9 });
    const state = await createBatches(prepared, conn());
    expect(state.batches.map((b) => b.requests)).toEqual([2, 2, 1]);
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(3);
    await waitForBatches(state, conn());
    const results = await readBatchResults(state, conn());
    expect(results.size).toBe(5);
    const merged = await mergeBatchCase(cs[4]!, results, state, conn());
    expect(verdicts(merged.run!.results)).toEqual(EXPECTED);
  });

  test('errored and expired entries become per-case errors that say what to do', async () => {
    const cs = cases(2);
    // The first request the batch replays fails; the second succeeds.
    server.script({ kind: 'error', preset: 'overloaded' });
    const { outcomes } = await runAll(cs);
    expect(outcomes[0]!.error).toBeInstanceOf(ModelError);
    expect(outcomes[0]!.error!.kind).toBe('overloaded');
    expect(outcomes[0]!.error!.message).toMatch(/Run again/);
    expect(outcomes[1]!.error).toBeUndefined();
    expect(server.calls('/v1/messages')).toHaveLength(0);

    server.reset();
    server.behave({ batchExpire: true });
    const expired = await runAll(cs);
    for (const o of expired.outcomes) {
      expect(o.error!.kind).toBe('batch_expired');
      expect(o.error!.message).toMatch(/24 hours.*Run the model again/);
    }
    expect(server.calls('/v1/messages')).toHaveLength(0);
  });

  test('cancel: what was done is merged, the rest are cancelled cases', async () => {
    const cs = cases(3);
    server.behave({ batchPerPoll: 1 });
    const state = await createBatches(prepareBatch(cs, settings()), conn());
    // One poll processes one request, then the cancel ends the rest.
    expect((await batchProgress(state, conn())).counts).toMatchObject({ succeeded: 1, processing: 2 });
    await cancelBatches(state, conn());
    const end = await waitForBatches(state, conn());
    expect(end.counts).toMatchObject({ succeeded: 1, canceled: 2, processing: 0 });
    const results = await readBatchResults(state, conn());
    const outcomes = await Promise.all(cs.map((bc) => mergeBatchCase(bc, results, state, conn())));
    expect(outcomes.map((o) => (o.run ? 'judged' : o.error!.kind))).toEqual(['judged', 'batch_canceled', 'batch_canceled']);
    expect(outcomes[1]!.error!.message).toMatch(/cancelled.*Run the model again/);
  });

  test('a run resumed from its state file polls the same batch and creates none', async () => {
    const dir = tempDir('batch-state-');
    const file = join(dir, 'out.batch.json');
    const cs = cases(2);
    server.behave({ batchPerPoll: 0 });
    const first = await createBatches(prepareBatch(cs, settings()), conn(), null, (s) => writeFileSync(file, JSON.stringify(s)));
    expect(readFileSync(file, 'utf8')).not.toContain(KEY);
    // "Restart": only the file survives; the requests are built again from the input.
    const read = parseBatchState(JSON.parse(readFileSync(file, 'utf8')));
    if (!('state' in read)) throw new Error(read.error);
    expect(read.state.batches[0]!.id).toBe(first.batches[0]!.id);
    server.behave({});
    const prepared = prepareBatch(cs, { model: read.state.model, strict: read.state.strict, nonce: read.state.nonce });
    const resumed = await createBatches(prepared, conn(), read.state);
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitForBatches(resumed, conn());
    const results = await readBatchResults(resumed, conn());
    const merged = await mergeBatchCase(cs[0]!, results, resumed, conn());
    expect(verdicts(merged.run!.results)).toEqual(EXPECTED);
    // Requests built from other settings do not match the saved batch.
    await expect(createBatches(prepareBatch(cs, { ...settings(), strict: true }), conn(), read.state)).rejects.toBeInstanceOf(BatchMismatch);
  });

  test('a state file that is not one is refused with the reason', () => {
    const bad = parseBatchState({ format: 'citation-audit-batch', version: 1, model: 'm' });
    expect('error' in bad && bad.error).toMatch(/strict|nonce/);
    const good: BatchState = { format: 'citation-audit-batch', version: 1, model: 'm', strict: false, nonce: 'x', fingerprint: 'f', requests: 1, groups: 1, batches: [], createdAt: 'now' };
    expect(parseBatchState(good)).toEqual({ state: good });
  });

  test('a reply that asks for a chunk is finished interactively; the batch part stays at batch price', async () => {
    const [bc] = cases(1);
    server.script({ kind: 'tool_use', chunkId: 'c1' });
    const { outcomes } = await runAll([bc!]);
    const o = outcomes[0]!;
    expect(o.error).toBeUndefined();
    expect(verdicts(o.run!.results)).toEqual(EXPECTED);
    // The lookup's answer went out as one interactive request.
    expect(server.calls('/v1/messages')).toHaveLength(1);
    expect(o.batchUsage.requests).toBe(1);
    expect(o.run!.results.usage!.requests).toBe(2);
  });

  test('looks that fail on the way (a laptop asleep) are waited out; only many in a row end the wait', async () => {
    const state = await createBatches(prepareBatch(cases(1), settings()), conn());
    const realFetch = globalThis.fetch;
    // More than one look's own retries absorb: the wait itself must carry on.
    let failures = 5;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => (failures-- > 0 ? Promise.reject(new TypeError('fetch failed')) : realFetch(...args))) as typeof fetch;
    const waits: number[] = [];
    try {
      const end = await waitForBatches(state, { ...conn(), sleep: async (ms) => void waits.push(ms) });
      expect(end.ended).toBe(true);
      // Each failed look still waited before the next, growing as any wait does.
      expect(waits.length).toBeGreaterThanOrEqual(2);
      expect(waits[1]!).toBeGreaterThan(waits[0]!);
      failures = Infinity;
      await expect(waitForBatches(state, conn())).rejects.toMatchObject({ kind: 'network' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('a batch the API does not know fails with its status, not a crash', async () => {
    const state: BatchState = { format: 'citation-audit-batch', version: 1, model: 'm', strict: false, nonce: 'x', fingerprint: 'f', requests: 1, groups: 1, batches: [{ id: 'msgbatch_nope', requests: 1 }], createdAt: 'now' };
    await expect(waitForBatches(state, conn())).rejects.toMatchObject({ status: 404 });
  });
});
