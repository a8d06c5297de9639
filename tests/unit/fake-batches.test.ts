// The fake server's Message Batches endpoints, driven by the real SDK (so the wire format is the
// one the SDK expects): create, retrieve with request_counts, results as JSONL, cancel, expiry,
// errored entries. Batch runs themselves (model/batch.ts, the CLI, the Dataset view) are tested in
// model-batch.test.ts, cli-batch.test.ts and dataset/modelRunBatch.svelte.test.ts.
import { describe, expect, test } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import type { FakeAnthropic } from '../server/fake-anthropic';
import { testKey, useFakeAnthropic, EXPECTED } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { buildRequest, planAudit } from '../../src/model/plan';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
const client = () => new Anthropic({ apiKey: testKey('batch'), baseURL: server.url, maxRetries: 0 });

function params() {
  const { c, report } = threeClaimCase();
  const plan = planAudit(c, report, { model: 'claude-sonnet-5-5' });
  const { stream: _stream, ...body } = buildRequest(plan, plan.batches[0]!, { mode: 'output_config', pass: 0, stream: false });
  return body;
}

async function allResults(id: string) {
  const out: Anthropic.Messages.Batches.MessageBatchIndividualResponse[] = [];
  for await (const r of await client().messages.batches.results(id)) out.push(r);
  return out;
}

describe('Message Batches on the fake server', () => {
  test('progress from request_counts, then results by custom_id equal to the interactive reply', async () => {
    server.behave({ batchPerPoll: 1 });
    const created = await client().messages.batches.create({ requests: [{ custom_id: 'case-0', params: params() }, { custom_id: 'case-1', params: params() }] });
    expect(created.id).toMatch(/^msgbatch_/);
    expect(created.processing_status).toBe('in_progress');
    expect(created.request_counts).toEqual({ processing: 2, succeeded: 0, errored: 0, canceled: 0, expired: 0 });
    expect(created.results_url).toBeNull();
    const first = await client().messages.batches.retrieve(created.id);
    expect(first.request_counts).toMatchObject({ processing: 1, succeeded: 1 });
    const second = await client().messages.batches.retrieve(created.id);
    expect(second.processing_status).toBe('ended');
    expect(second.results_url).toContain(`/v1/messages/batches/${created.id}/results`);
    const results = await allResults(created.id);
    expect(results.map((r) => r.custom_id).sort()).toEqual(['case-0', 'case-1']);
    for (const r of results) {
      expect(r.result.type).toBe('succeeded');
      if (r.result.type !== 'succeeded') continue;
      const text = r.result.message.content.find((b) => b.type === 'text');
      const judged = JSON.parse((text as { text: string }).text) as { claims: { judgements: { verdict: string }[] }[] };
      expect(judged.claims.map((c) => c.judgements[0]!.verdict)).toEqual(EXPECTED);
      expect(r.result.message.usage.input_tokens).toBeGreaterThan(0);
    }
    // The batch's own replays are not client calls.
    expect(server.calls('/v1/messages')).toHaveLength(0);
  });

  test('an entry the API refuses is errored, with the error JSON; the others succeed', async () => {
    server.script({ kind: 'error', preset: 'overloaded' });
    const created = await client().messages.batches.create({ requests: [{ custom_id: 'a', params: params() }, { custom_id: 'b', params: { ...params(), model: 'no-such-model' } }] });
    await client().messages.batches.retrieve(created.id);
    const byId = new Map((await allResults(created.id)).map((r) => [r.custom_id, r.result]));
    expect(byId.get('a')!.type).toBe('errored');
    expect(byId.get('b')!.type).toBe('errored');
    expect(JSON.stringify(byId.get('b'))).toContain('not_found_error');
  });

  test('cancel: what is left ends as canceled', async () => {
    server.behave({ batchPerPoll: 1 });
    const created = await client().messages.batches.create({ requests: ['x', 'y', 'z'].map((custom_id) => ({ custom_id, params: params() })) });
    await client().messages.batches.retrieve(created.id);
    const canceling = await client().messages.batches.cancel(created.id);
    expect(canceling.processing_status).toBe('canceling');
    expect(canceling.cancel_initiated_at).not.toBeNull();
    const ended = await client().messages.batches.retrieve(created.id);
    expect(ended.processing_status).toBe('ended');
    expect(ended.request_counts).toMatchObject({ succeeded: 1, canceled: 2, processing: 0 });
  });

  test('expiry: what is left ends as expired', async () => {
    server.behave({ batchExpire: true });
    const created = await client().messages.batches.create({ requests: [{ custom_id: 'x', params: params() }] });
    const ended = await client().messages.batches.retrieve(created.id);
    expect(ended.request_counts).toMatchObject({ expired: 1, processing: 0 });
    expect((await allResults(created.id))[0]!.result.type).toBe('expired');
  });

  test('refuses duplicate custom ids, streaming entries, and results before the end', async () => {
    await expect(client().messages.batches.create({ requests: [{ custom_id: 'a', params: params() }, { custom_id: 'a', params: params() }] })).rejects.toThrow(/duplicate custom_id/);
    await expect(client().messages.batches.create({ requests: [{ custom_id: 'a', params: { ...params(), stream: true } as never /* what the SDK's types forbid, a careless client may still send */ }] })).rejects.toThrow(/streaming/);
    server.behave({ batchPerPoll: 0 });
    const created = await client().messages.batches.create({ requests: [{ custom_id: 'a', params: params() }] });
    const res = await fetch(`${server.url}/v1/messages/batches/${created.id}/results`, { headers: { 'x-api-key': testKey('batch'), 'anthropic-version': '2023-06-01' } });
    expect(res.status).toBe(400);
    await expect(client().messages.batches.retrieve('msgbatch_nope')).rejects.toThrow(/404|Not found/);
  });
});
