// Repeated judgements and stability (issue 33): K judgements per pair, the pairs whose verdicts
// differ named, the stricter and majority rules, the prompt cache making the repeats cheap, a
// repeat that leaves a claim out, and --fail-under stability with its exit codes.
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededVariation, type FakeAnthropic } from '../server/fake-anthropic';
import { bodyOf, runOptions, testKey, useFakeAnthropic } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { runModelAudit } from '../../src/model/run';
import { estimateAudit } from '../../src/model/estimate';
import { usageCost } from '../../src/model/usage';
import { runCli, useCliEnv } from './cli-harness';
import { tempDir } from '../factories/tempDir';

const KEY = testKey('TESTKEY');
let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

const messages = () => server.calls('/v1/messages');
const verdictsOf = (r: Awaited<ReturnType<typeof runModelAudit>>) => r.report.claims.map((c) => c.support?.map((j) => j.verdicts));

useCliEnv(() => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }));

/** The CLI run on the three-claim case against the file's fake server. */
function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const file = join(tempDir('repeat-'), 'case.json');
  writeFileSync(file, JSON.stringify(threeClaimCase().c));
  return runCli([file, ...args]);
}

describe('K judgements per pair', () => {
  test('repeat 3 sends three requests and keeps three verdicts per pair', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 3 }));
    expect(messages()).toHaveLength(3);
    expect(verdictsOf(run).slice(0, 3)).toEqual([
      [['fully_supported', 'fully_supported', 'fully_supported']],
      [['partially_supported', 'partially_supported', 'partially_supported']],
      [['not_supported', 'not_supported', 'not_supported']],
    ]);
    expect(run.results.repeat).toEqual({ k: 3, rule: 'stricter' });
    expect(run.report.meta.stability).toEqual({ k: 3, rule: 'stricter', n: 3, unstable: 0, agreeing_share: 1, pairwise_agreement: 1 });
  });

  test('the default stays one judgement, with no stability', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, runOptions(server, KEY));
    expect(messages()).toHaveLength(1);
    expect(run.report.meta.stability).toBeUndefined();
    expect(run.report.claims[0]!.support![0]!.verdicts).toBeUndefined();
  });

  test('each repeat lists the claims in another order, after the same cached prefix', async () => {
    const { c, report } = threeClaimCase();
    await runModelAudit(c, report, runOptions(server, KEY, { repeat: 3 }));
    const bodies = messages().map((r) => bodyOf(r).messages[0].content as { text: string; cache_control?: unknown }[]);
    // The case block is the same bytes in every repeat and marked for the cache.
    expect(new Set(bodies.map((b) => b[0]!.text)).size).toBe(1);
    for (const b of bodies) expect(b[0]!.cache_control).toEqual({ type: 'ephemeral' });
    const order = (b: { text: string }[]) => [...b[1]!.text.matchAll(/"claim_index":(\d+)/g)].map((m) => Number(m[1])).slice(0, 3);
    expect(order(bodies[0]!)).toEqual([0, 1, 2]);
    expect(order(bodies[1]!)).toEqual([2, 1, 0]);
    expect(order(bodies[2]!)).toEqual([1, 2, 0]);
  });
});

describe('unstable pairs and the rules', () => {
  test('a pair judged differently is named unstable, in the JSON, the ACCURATE issues and the recommendations', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } });
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 2 }));
    expect(run.report.claims[0]!.support![0]!.verdicts).toEqual(['fully_supported', 'partially_supported']);
    expect(run.report.meta.stability).toMatchObject({ n: 3, unstable: 1, agreeing_share: 0.6667, pairwise_agreement: 0.6667 });
    expect(run.report.dimensions.accurate.issues.join('\n')).toContain("Claim 1: the model's 2 judgements of chunk c1 differ (fully supported, partially supported); partially supported stands.");
    expect(run.report.recommendations.join('\n')).toContain('Check the 1 citation whose repeated judgements differ yourself');
  });

  test('stricter keeps the lowest verdict: an unstable pair is never fully supported', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } }, { kind: 'judge' });
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 3, repeatRule: 'stricter' }));
    expect(run.report.claims[0]!.support![0]!.verdict).toBe('partially_supported');
    expect(run.report.claims[0]!.joint_support).toBe('partially_supported');
    expect(run.report.meta.stability).toMatchObject({ k: 3, rule: 'stricter', unstable: 1 });
  });

  test('majority keeps the most frequent verdict; a tie goes to the stricter', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } }, { kind: 'judge' });
    const three = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 3, repeatRule: 'majority' }));
    expect(three.report.claims[0]!.support![0]!.verdict).toBe('fully_supported');
    expect(three.report.claims[0]!.support![0]!.verdicts).toEqual(['fully_supported', 'partially_supported', 'fully_supported']);
    server.reset();
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } });
    const two = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 2, repeatRule: 'majority' }));
    expect(two.report.claims[0]!.support![0]!.verdict).toBe('partially_supported');
  });

  test('seeded mode: the fake varies its verdicts from the seed, and the report names exactly the pairs that changed', async () => {
    const { c, report } = threeClaimCase();
    const base = await runModelAudit(c, report, runOptions(server, KEY));
    const pairs = base.report.claims.flatMap((cl) => (cl.support ?? []).map((j) => ({ claim: cl.index, text: cl.text, chunk: j.chunk_id, verdict: j.verdict })));
    const K = 4;
    const expectedFor = (seed: number) => {
      const vary = seededVariation(seed);
      return pairs.map((p) => Array.from({ length: K }, () => vary(p.text, p.chunk, p.verdict)));
    };
    const unstable = (vs: string[][]) => vs.map((v, i) => (new Set(v).size > 1 ? i : -1)).filter((i) => i >= 0);
    // The first seed whose judge changes its mind on some pairs and not on others.
    const seed = Array.from({ length: 50 }, (_, i) => i + 1).find((s) => {
      const u = unstable(expectedFor(s));
      return u.length > 0 && u.length < pairs.length;
    })!;
    const expected = expectedFor(seed);
    server.reset();
    server.behave({ seed });
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: K }));
    const got = pairs.map((p) => run.report.claims[p.claim]!.support!.find((j) => j.chunk_id === p.chunk)!.verdicts);
    expect(got).toEqual(expected);
    expect(run.report.meta.stability?.unstable).toBe(unstable(expected).length);
    expect(run.report.meta.stability?.agreeing_share).toBeLessThan(1);
  });
});

describe('a repeat that leaves a claim out', () => {
  test('a claim every repeat left out stays unjudged (no verdict), never supported', async () => {
    const { c, report } = threeClaimCase();
    const omit = { kind: 'judge' as const, verdict: 'fully_supported' as const, omitClaims: [1] };
    server.script(omit, omit, omit, omit);
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 2 }));
    const claim = run.report.claims[1]!;
    expect(claim.decided_by).toBe('unjudged');
    expect(claim.unjudged_reason).toBe('no_verdict');
    expect(claim.support).toBeUndefined();
    expect(run.report.dimensions.accurate.status).not.toBe('PASS');
    expect(run.report.meta.stability?.n).toBe(2);
  });

  test('a claim one repeat left out keeps the verdicts it has and is not counted in the stability', async () => {
    const { c, report } = threeClaimCase();
    const omit = { kind: 'judge' as const, omitClaims: [1] };
    server.script({ kind: 'judge' }, omit, omit);
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 2 }));
    expect(run.report.claims[1]!.decided_by).toBe('model');
    expect(run.report.claims[1]!.support![0]!.verdicts).toEqual(['partially_supported']);
    expect(run.report.meta.stability).toMatchObject({ n: 2, unstable: 0 });
  });
});

describe('the prompt cache makes the repeats cheap', () => {
  test('every repeat after the first reads the case from the cache, and the cost says so', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, runOptions(server, KEY, { repeat: 3 }));
    const u = run.results.usage!;
    expect(u.cache_creation_input_tokens).toBeGreaterThan(0);
    // The second and third requests each read what the first wrote.
    expect(u.cache_read_input_tokens).toBe(2 * u.cache_creation_input_tokens!);
    expect(run.report.meta.usage?.cache_read_input_tokens).toBe(u.cache_read_input_tokens);
    const { usd, uncachedUsd } = usageCost(run.results.model, u);
    expect(usd!).toBeLessThan(uncachedUsd!);
    expect(run.report.meta.usage?.cost).toBeCloseTo(usd!, 6);
  });

  test('the estimate before a run counts K× the requests and the cache\u2019s saving', async () => {
    const { c, report } = threeClaimCase();
    const one = await estimateAudit(c, report, { apiKey: KEY, baseURL: server.url });
    const three = await estimateAudit(c, report, { apiKey: KEY, baseURL: server.url, repeat: 3 });
    expect(three.repeat).toBe(3);
    expect(three.requests).toBe(3 * one.requests);
    expect(three.inputTokens).toBeGreaterThanOrEqual(3 * one.inputTokens);
    expect(three.cachedTokens).toBeGreaterThan(0);
    expect(three.usd!).toBeLessThan(three.uncachedUsd!);
    expect(three.usd!).toBeLessThan(3 * one.usd!);
  });
});

describe('the CLI: --repeat, --repeat-rule and --fail-under stability', () => {
  test('--repeat 2 names the unstable pair in the text output; stability=0.9 fails with exit 1', async () => {
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } });
    const r = await cli(['--model', '--repeat', '2', '--format', 'text', '--fail-under', 'stability=0.9']);
    expect(r.out).toContain('stability: 2 of 3 citations judged 2 times got the same verdict every time (0.6667; mean pairwise agreement 0.6667); rule: stricter');
    expect(r.out).toContain('claim 1, chunk c1 unstable: fully, partially (kept: partially)');
    expect(r.err).toContain('stability: 0.6667 of the citations judged repeatedly got the same verdict every time');
    expect(r.code).toBe(1);
  });

  test('a stable run passes the stability gate: the exit status is the verdict\u2019s', async () => {
    const without = await cli(['--model', '--repeat', '2', '--format', 'json']);
    const r = await cli(['--model', '--repeat', '2', '--format', 'json', '--fail-under', 'stability=0.9']);
    expect(JSON.parse(r.out).meta.stability).toMatchObject({ n: 3, unstable: 0, agreeing_share: 1 });
    expect(r.err).not.toContain('--fail-under');
    expect(r.code).toBe(without.code);
  });

  test('stability without repeats is not measured, and the gate fails', async () => {
    const r = await cli(['--model', '--format', 'json', '--fail-under', 'stability=0.9']);
    expect(r.err).toContain('stability: not measured on any case (needs --model with --repeat K or --strict)');
    expect(r.code).toBe(1);
  });

  test('JUnit and Markdown carry the run\u2019s stability', async () => {
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } });
    const junit = await cli(['--model', '--repeat', '2', '--format', 'junit']);
    expect(junit.out).toContain('<property name="pairs_unstable" value="1"/>');
    expect(junit.out).toContain('<property name="stability" value="0.6667"/>');
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } });
    const md = await cli(['--model', '--repeat', '2', '--repeat-rule', 'majority', '--format', 'markdown']);
    expect(md.out).toContain('Stability: 2 of 3 citations judged repeatedly got the same verdict every time (0.6667; mean pairwise agreement 0.6667).');
  });

  test.each([
    [['--model', '--repeat', '1'], '--repeat takes a whole number of judgements per claim from 2 to 10, not "1"'],
    [['--model', '--repeat', 'two'], '--repeat takes a whole number of judgements per claim from 2 to 10, not "two"'],
    [['--model', '--repeat', '11'], 'from 2 to 10, not "11"'],
    [['--model', '--repeat', '2', '--repeat-rule', 'mean'], '--repeat-rule takes stricter or majority, not "mean"'],
    [['--model', '--repeat-rule', 'majority'], '--repeat-rule needs --repeat K'],
    [['--model', '--strict', '--repeat', '3'], '--strict is --repeat 2 --repeat-rule stricter'],
    [['--repeat', '2'], '--repeat and --repeat-rule need --model'],
  ])('%j is a usage error (exit 2) that says where and why', async (args, words) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(words);
    expect(messages()).toHaveLength(0);
  });

  test('--strict is two judgements under the stricter rule', async () => {
    server.script({ kind: 'judge' }, { kind: 'judge', claimVerdicts: { 0: 'partially_supported' } });
    const r = await cli(['--model', '--strict', '--format', 'json']);
    expect(messages()).toHaveLength(2);
    expect(JSON.parse(r.out).meta.stability).toMatchObject({ k: 2, rule: 'stricter', unstable: 1 });
  });
});
