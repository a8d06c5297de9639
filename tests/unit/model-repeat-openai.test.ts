// The ledger and repeated judgements on an OpenAI-compatible server (issue 33), against the fake
// Chat Completions server: a claim left out stays unjudged, K judgements are K requests, the
// seeded mode varies the verdicts, and OpenAI's automatic prompt cache makes the repeats cheaper.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../server/fake-openai';
import { seededVariation } from '../server/fake-anthropic';
import { threeClaimCase } from '../server/factories';
import { runModelAudit, type ModelRunOptions } from '../../src/model/run';

const KEY = ['sk', 'proj', 'TESTKEYrepeat0123456789abcdef'].join('-');
let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const opts = (extra: Partial<ModelRunOptions> = {}): ModelRunOptions => ({ provider: 'openai', apiKey: KEY, baseURL: server.url, model: 'llama3.1:8b', sleep: async () => {}, ...extra });
const chatCalls = () => server.calls('/v1/chat/completions');

describe('the ledger on an OpenAI-compatible server', () => {
  test('a reply that leaves a claim out even after the repair round leaves it unjudged, never supported', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', verdict: 'fully_supported', omitClaims: [1] }, { kind: 'judge', verdict: 'fully_supported', omitClaims: [1] });
    const run = await runModelAudit(c, report, opts());
    expect(chatCalls()).toHaveLength(2);
    expect(run.report.claims[1]!.decided_by).toBe('unjudged');
    expect(run.report.claims[1]!.unjudged_reason).toBe('no_verdict');
    expect(run.report.claims[1]!.support).toBeUndefined();
    expect(run.report.meta.ledger).toMatchObject({ needing: 4, model: 3, unjudged: 1, reasons: { no_verdict: 1 } });
    expect(run.report.dimensions.accurate.status).not.toBe('PASS');
  });
});

describe('repeats on an OpenAI-compatible server', () => {
  test('repeat 2 sends two requests; a pair judged differently is unstable and the stricter verdict stands', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'not_supported' } });
    const run = await runModelAudit(c, report, opts({ repeat: 2 }));
    expect(chatCalls()).toHaveLength(2);
    expect(run.report.claims[0]!.support![0]).toMatchObject({ verdict: 'not_supported', verdicts: ['fully_supported', 'not_supported'] });
    expect(run.report.meta.stability).toMatchObject({ k: 2, rule: 'stricter', n: 3, unstable: 1 });
  });

  test('seeded mode varies the verdicts between requests as seededVariation says', async () => {
    const { c, report } = threeClaimCase();
    const base = await runModelAudit(c, report, opts());
    server.reset();
    const K = 5;
    const seed = 11;
    const vary = seededVariation(seed);
    const expected = base.report.claims.flatMap((cl) => (cl.support ?? []).map((j) => Array.from({ length: K }, () => vary(cl.text, j.chunk_id, j.verdict))));
    server.behave({ seed });
    const run = await runModelAudit(c, report, opts({ repeat: K, repeatRule: 'majority' }));
    expect(run.report.claims.flatMap((cl) => (cl.support ?? []).map((j) => j.verdicts))).toEqual(expected);
  });

  test('with automatic prompt caching, the repeats read the shared prefix from the cache', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ autoCache: true });
    const one = await runModelAudit(c, report, opts());
    expect(one.results.usage?.cache_read_input_tokens).toBe(0);
    server.reset();
    server.behave({ autoCache: true });
    const three = await runModelAudit(c, report, opts({ repeat: 3 }));
    expect(three.results.usage!.cache_read_input_tokens).toBeGreaterThan(0);
    expect(three.report.meta.usage?.cache_read_input_tokens).toBe(three.results.usage!.cache_read_input_tokens);
  });
});
