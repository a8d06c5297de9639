// Servers that do not honour output_config: some ignore it and the model answers in its own words
// (JSON in a fence, JSON followed by a remark, or prose only), some refuse it with a 400 (or a
// 422) worded their own way. The fake server plays each; the run must read the JSON where there
// is some, and otherwise fall back to the submit_judgement tool once for the rest of the run.
import { describe, expect, test } from 'vitest';
import { type FakeAnthropic, type RecordedRequest, type RejectStyle, type ReplyShape } from '../server/fake-anthropic';
import { bodyOf, EXPECTED, failure, verdicts, runOptions, testKey, useFakeAnthropic } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { runModelAudit, type ModelRunOptions, type RunPhase } from '../../src/model/run';

const KEY = testKey('FALLBACK-KEY');
let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));
const opts = (extra: Partial<ModelRunOptions> = {}) => runOptions(server, KEY, extra);
const messagesCalls = () => server.calls('/v1/messages');
const toolNames = (r: RecordedRequest) => (bodyOf(r).tools as { name: string }[]).map((t) => t.name);
/** threeClaimCase split in two requests: claims 0–1, then claim 2 with the uncited sentence. */
const TWO_BATCHES = { maxClaimsPerRequest: 2 };

describe('JSON in a reply that is not bare JSON', () => {
  const shapes: [ReplyShape, boolean][] = [
    ['fenced', true],
    ['fenced', false],
    ['commentary', true],
    ['commentary', false],
  ];
  test.each(shapes)('%s JSON (stream %s) is read as it is, without a repair round', async (reply, stream) => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'judge', reply });
    const phases: RunPhase[] = [];
    const judged: number[] = [];
    const run = await runModelAudit(
      c,
      report,
      opts({
        stream,
        onProgress: (p) => {
          phases.push(p.phase);
          judged.push(p.claimsJudged);
        },
      }),
    );
    expect(messagesCalls()).toHaveLength(1);
    expect(phases).not.toContain('repairing');
    expect(run.mode).toBe('output_config');
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(run.results.complete_refinement).toEqual([{ claim_index: 3, is_factual_claim: true, reason: 'States a fact.' }]);
    // A streamed reply still shows its claims one by one, prose and braces before the JSON or not.
    if (stream) expect(judged).toContain(1);
  });

  test('a server that ignores output_config but whose model writes fenced JSON needs no fallback', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ outputConfig: 'ignore', ignoredReply: 'fenced' });
    const run = await runModelAudit(c, report, opts(TWO_BATCHES));
    expect(messagesCalls()).toHaveLength(2);
    expect(messagesCalls().every((r) => bodyOf(r).output_config)).toBe(true);
    expect(run.mode).toBe('output_config');
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });
});

describe('a server that ignores output_config and answers in prose', () => {
  test('after the repair round the run falls back to the submit tool, and stays there', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ outputConfig: 'ignore' });
    const phases: RunPhase[] = [];
    const run = await runModelAudit(c, report, opts({ ...TWO_BATCHES, onProgress: (p) => phases.push(p.phase) }));

    // Batch 1: prose, prose after the repair, then the tool; batch 2: the tool at once.
    const calls = messagesCalls();
    expect(calls).toHaveLength(4);
    expect(calls.map((r) => !!bodyOf(r).output_config)).toEqual([true, true, false, false]);
    expect(toolNames(calls[2]!)).toEqual(['get_chunk_content', 'submit_judgement']);
    expect(toolNames(calls[3]!)).toEqual(['get_chunk_content', 'submit_judgement']);
    // The tool request starts the batch afresh: no prose turns carried into it.
    expect(bodyOf(calls[2]!).messages).toHaveLength(1);
    expect(phases.indexOf('repairing')).toBeGreaterThanOrEqual(0);
    expect(phases.indexOf('fallback')).toBeGreaterThan(phases.indexOf('repairing'));
    expect(phases.filter((p) => p === 'fallback')).toHaveLength(1);
    expect(run.mode).toBe('tool');
    expect(verdicts(run.results)).toEqual(EXPECTED);
    expect(run.results.complete_refinement).toHaveLength(1);
    expect(run.results.usage?.requests).toBe(4);
  });

  test('the same without streaming', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ outputConfig: 'ignore' });
    const run = await runModelAudit(c, report, opts({ stream: false }));
    expect(messagesCalls().map((r) => !!bodyOf(r).output_config)).toEqual([true, true, false]);
    expect(run.mode).toBe('tool');
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('a failure after the fallback keeps what was judged, with its own kind, and never the key', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ outputConfig: 'ignore' });
    server.script({ kind: 'judge' }, { kind: 'judge' }, { kind: 'judge' }, { kind: 'error', preset: 'spend_limit', echoKey: true });
    const err = await failure(runModelAudit(c, report, opts(TWO_BATCHES)));
    expect(err.kind).toBe('spend_limit');
    expect(err.partial?.judgements.map((j) => j.claim_index)).toEqual([0, 1]);
    expect(messagesCalls()).toHaveLength(4);
    expect(`${err.message} ${JSON.stringify(err.init)}`).not.toContain(KEY);
  });

  test('JSON of the wrong shape after the repair round is invalid output, not a reason to switch', async () => {
    const { c, report } = threeClaimCase();
    server.script({ kind: 'text', text: 'All fine.' }, { kind: 'text', text: 'Sure: {"claims": "all fine"} as asked.' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('invalid_output');
    expect(err.rawOutput).toBe('Sure: {"claims": "all fine"} as asked.');
    expect(err.problems?.join(' ')).toMatch(/claims/);
    expect(messagesCalls()).toHaveLength(2);
  });

  test('prose in tool mode too ends in invalid output with the raw reply (one fallback only)', async () => {
    const { c, report } = threeClaimCase();
    server.script(
      { kind: 'text', text: 'Claim 0 is fine.' },
      { kind: 'text', text: 'Claim 0 is still fine.' },
      { kind: 'text', text: 'No tool for me.' },
      { kind: 'text', text: 'Still no tool.' },
    );
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('invalid_output');
    expect(err.message).toMatch(/did not match the expected format/);
    expect(err.rawOutput).toBe('Still no tool.');
    expect(messagesCalls().map((r) => !!bodyOf(r).output_config)).toEqual([true, true, false, false]);
  });
});

describe('a server that refuses output_config', () => {
  const styles: RejectStyle[] = ['anthropic', 'serde', 'fastapi', 'plain'];
  test.each(styles)('refused in the %s style: one refused request, then the submit tool for the whole run', async (rejectStyle) => {
    const { c, report } = threeClaimCase();
    server.behave({ outputConfig: 'reject', rejectStyle });
    const phases: RunPhase[] = [];
    const run = await runModelAudit(c, report, opts({ ...TWO_BATCHES, strict: true, onProgress: (p) => phases.push(p.phase) }));
    // Two batches, two passes: four answered requests plus the single refused one.
    const calls = messagesCalls();
    expect(calls.map((r) => !!bodyOf(r).output_config)).toEqual([true, false, false, false, false]);
    expect(calls.slice(1).every((r) => toolNames(r).includes('submit_judgement'))).toBe(true);
    expect(phases.filter((p) => p === 'fallback')).toHaveLength(1);
    expect(run.mode).toBe('tool');
    expect(verdicts(run.results)).toEqual(EXPECTED);
  });

  test('a 400 about another field is reported as it is, without a fallback', async () => {
    const { c, report } = threeClaimCase();
    const message = 'messages.0.content.1.text.provider_metadata: Extra inputs are not permitted';
    server.script({ kind: 'error', status: 400, type: 'invalid_request_error', message });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('bad_request');
    expect(err.apiMessage).toBe(message);
    expect(messagesCalls()).toHaveLength(1);
  });

  test('a refusal in tool mode as well is reported with the server\u2019s words', async () => {
    const { c, report } = threeClaimCase();
    server.behave({ outputConfig: 'reject', rejectStyle: 'serde' });
    server.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'tools.1.input_schema: unknown field `additionalProperties`' });
    const err = await failure(runModelAudit(c, report, opts()));
    expect(err.kind).toBe('bad_request');
    expect(err.apiMessage).toContain('tools.1.input_schema');
    expect(messagesCalls()).toHaveLength(2);
  });
});
