// `citation-audit calibrate` against the fake Messages API: the model's agreement with human labels.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, succeededJson } from './cli-harness';
import { main } from '../../src/cli';
import { testKey, useFakeAnthropic } from '../server/harness';
import type { FakeAnthropic } from '../server/fake-anthropic';
import { tempDir } from '../factories/tempDir';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

const dir = tempDir('citation-audit-cal-');
const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };

// The fake judge labels by word overlap: A and D are fully supported, B not at all, C fully
// (its chunk has every word of the claim) although the humans said no: one false "supported".
const base = [
  { id: 'a', answer: 'Paris is the capital of France [1].', chunk: 'Paris is the capital of France.', human: 'attributable' },
  { id: 'b', answer: 'Berlin hosts seventeen purple elephants [1].', chunk: 'Paris is the capital of France.', human: 'not attributable' },
  { id: 'c', answer: 'The Eiffel Tower stands in Paris [1].', chunk: 'The Eiffel Tower stands in Paris, near the Seine.', human: 'not attributable' },
  { id: 'd', answer: 'Rome is the capital of Italy [1].', chunk: 'Rome is the capital of Italy.', human: 'attributable' },
];
const plainCase = (b: (typeof base)[number]) => ({ id: b.id, query: 'Which city?', answer: b.answer, chunks: [{ id: '1', text: b.chunk }] });
const labelledCase = (b: (typeof base)[number]) => ({ ...plainCase(b), human_labels: [{ claim: b.answer.replace(/ \[1\]/, ''), attribution_label: b.human, reference_chunk_ids: ['1'] }] });
const exportRow = (b: (typeof base)[number], annotator: string) => ({
  case_id: b.id,
  case_key: `id:${b.id}`,
  claim_index: 0,
  claim: b.answer,
  chunk_id: '1',
  labels: { [annotator]: { label: b.human === 'attributable' ? 'fully_supported' : 'not_supported', note: null, updated: null } },
  model_verdict: null,
});

const run = runCli;

beforeAll(() => {
  process.env.ANTHROPIC_API_KEY = testKey('calibrate');
  process.env.ANTHROPIC_BASE_URL = server.url;
  writeFileSync(join(dir, 'labelled.jsonl'), base.map((b) => JSON.stringify(labelledCase(b))).join('\n') + '\n');
  writeFileSync(join(dir, 'cases.jsonl'), base.map((b) => JSON.stringify(plainCase(b))).join('\n') + '\n');
  writeFileSync(join(dir, 'labels.jsonl'), base.map((b) => JSON.stringify(exportRow(b, 'alice'))).join('\n') + '\n');
  writeFileSync(join(dir, 'two-annotators.jsonl'), [...base.map((b) => exportRow(b, 'alice')), ...base.map((b) => exportRow(b, 'bob'))].map((r) => JSON.stringify(r)).join('\n') + '\n');
});
afterAll(() => {
  if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
  else process.env.ANTHROPIC_API_KEY = saved.key;
  if (saved.url === undefined) delete process.env.ANTHROPIC_BASE_URL;
  else process.env.ANTHROPIC_BASE_URL = saved.url;
});

describe('citation-audit calibrate', () => {
  it('measures the model against reference labels: balanced accuracy, κ, confusion, cost', async () => {
    const j = succeededJson(await run(['calibrate', join(dir, 'labelled.jsonl'), '--format', 'json']));
    expect(j.annotator).toBe('reference');
    expect(j.labelled).toBe(4);
    expect(j.judged).toBe(4);
    expect(j.binary).toEqual({ truePositive: 2, falseNegative: 0, falsePositive: 1, trueNegative: 1 });
    expect(j.balancedAccuracy).toBe(0.75);
    expect(j.falseSupportRate).toBe(0.5);
    expect(j.agreement.kappa).toBeCloseTo(0.5, 5);
    expect(j.usage.requests).toBe(4);
    // input_tokens is every input token, as in a report's meta.usage: cache reads and writes are parts of it.
    expect(j.usage.cache_read_input_tokens).toBeGreaterThan(0);
    expect(j.usage.input_tokens).toBeGreaterThan(j.usage.cache_read_input_tokens + j.usage.cache_creation_input_tokens);
    expect(j.costUSD).toMatch(/^\$/);
    expect(server.calls('/v1/messages')).toHaveLength(4);
  });

  it('words a failed case for the command line: the variable to check, not a field to fill in', async () => {
    server.script({ kind: 'error', preset: 'authentication' });
    const r = await run(['calibrate', join(dir, 'labelled.jsonl'), '--concurrency', '1']);
    expect(r.err).toMatch(/: model audit failed: The API key was not accepted \(401\)\. Check ANTHROPIC_API_KEY/);
    expect(r.err).not.toContain('enter it again');
    // A refused key would refuse every case: the other three are not sent, and it is said once.
    expect(server.calls('/v1/messages')).toHaveLength(1);
    expect(r.err.match(/model audit failed/g)).toHaveLength(1);
    expect(r.err).toMatch(/calibrate: the 3 other cases were not sent to the model: "auth" \(case a\) would fail each of them the same way/);
    expect(r.code).toBe(2);
  });

  it('stops sending after three cases in a row that got no reply (a server that is down)', async () => {
    // Nothing listens on port 9: each case fails after its retries (a few seconds each).
    const r = await run(['calibrate', join(dir, 'labelled.jsonl'), '--concurrency', '1', '--base-url', 'http://127.0.0.1:9']);
    expect(r.err.match(/model audit failed: Could not reach 127\.0\.0\.1:9/g)).toHaveLength(3);
    expect(r.err).toMatch(/calibrate: the server sent no reply to 3 cases in a row, up to case c: the other case was not sent to the model; .* Run again once the server answers\./);
    expect(r.code).toBe(2);
  }, 30_000);

  it('says of a cut case what calibrate does with it, not the audit run’s "report below"', async () => {
    server.script({ kind: 'judge', cutAfterClaims: 0, cutMode: 'destroy' });
    const r = await run(['calibrate', join(dir, 'labelled.jsonl'), '--concurrency', '1', '--format', 'json']);
    expect(r.err).toMatch(/case a: model audit failed: The connection was cut .* The pairs of this case are not compared; run calibrate again to measure them\./);
    expect(r.err).not.toMatch(/report below|--timeout/);
    expect(JSON.parse(r.out).judged).toBe(3);
    expect(r.code).toBe(2);
  });

  it('Ctrl+C stops sending and still prints the figures and the cost so far', async () => {
    // The first case is judged; the second's request is never answered.
    server.script({ kind: 'judge' }, { kind: 'judge', holdMs: 60_000 });
    const controller = new AbortController();
    let out = '';
    let err = '';
    const io = { out: (s: string) => void (out += s), err: (s: string) => void (err += s), interrupts: () => ({ signal: controller.signal, dispose: () => {} }) };
    const running = main(['calibrate', join(dir, 'labelled.jsonl'), '--concurrency', '1'], io);
    await vi.waitFor(() => expect(server.calls('/v1/messages')).toHaveLength(2), { timeout: 5000 });
    controller.abort('SIGINT');
    expect(await running).toBe(130);
    expect(server.calls('/v1/messages')).toHaveLength(2);
    expect(out).toMatch(/tokens: \d+ input .*, 1 request\n/);
    expect(err).toContain('citation-audit calibrate: interrupted (SIGINT): the figures above cover the 1 labelled pairs judged before it');
    expect(err).not.toContain('model audit failed');
  });

  it('prints the figures as text', async () => {
    const r = await run(['calibrate', join(dir, 'labelled.jsonl')]);
    expect(r.out).toMatch(/balanced accuracy \(supported vs not\) +0\.750/);
    expect(r.out).toMatch(/confusion \(rows: model, columns: humans\)/);
    expect(r.out).toMatch(/^full +2 +0 +1$/m);
    const [, input, read, written] = /tokens: (\d+) input \((\d+) read from cache, (\d+) written to it\)/.exec(r.out)!.map(Number);
    expect(input).toBeGreaterThan(read! + written!);
  });

  it('gives 0.5 to a judge that calls everything supported', async () => {
    // The phrase must be in the chunk, or the code check lowers the verdict (cases run in order with --concurrency 1).
    server.script(...base.map((b) => ({ kind: 'judge' as const, verdict: 'fully_supported' as const, phrase: b.chunk })));
    const r = await run(['calibrate', join(dir, 'labelled.jsonl'), '--format', 'json', '--concurrency', '1']);
    const j = JSON.parse(r.out);
    expect(j.balancedAccuracy).toBe(0.5);
    expect(j.falseSupportRate).toBe(1);
  });

  it('reads the Annotate view labels export with the cases given by --cases, and passes --model and --strict', async () => {
    const r = await run(['calibrate', join(dir, 'labels.jsonl'), '--cases', join(dir, 'cases.jsonl'), '--model', 'claude-haiku-4-5', '--strict', '--format', 'json']);
    expect(r.err).toBe('');
    const j = JSON.parse(r.out);
    expect(j.annotator).toBe('alice');
    expect(j.model).toBe('claude-haiku-4-5');
    expect(j.strict).toBe(true);
    expect(j.balancedAccuracy).toBe(0.75);
    const bodies = server.calls('/v1/messages').map((c) => c.body as { model: string });
    expect(bodies.every((b) => b.model === 'claude-haiku-4-5')).toBe(true);
    // Strict: two judgements per case.
    expect(bodies).toHaveLength(8);
  });

  it('refuses to pool several annotators and names them; --annotator picks one', async () => {
    const r = await run(['calibrate', join(dir, 'two-annotators.jsonl'), '--cases', join(dir, 'cases.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('several annotators (alice, bob)');
    const bob = await run(['calibrate', join(dir, 'two-annotators.jsonl'), '--cases', join(dir, 'cases.jsonl'), '--annotator', 'bob', '--format', 'json']);
    expect(bob.code).toBe(0);
    expect(JSON.parse(bob.out).annotator).toBe('bob');
  });

  it('says when label rows match no case', async () => {
    const r = await run(['calibrate', join(dir, 'labels.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/4 label rows matched no case \(give the dataset with --cases\)/);
  });
});

describe('citation-audit calibrate: nothing dropped or paid twice silently', () => {
  const lines = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

  it('judges a repeated case once and counts unknown reference labels', async () => {
    const odd = { ...labelledCase(base[3]!), id: 'e', human_labels: [{ claim: 'Rome is the capital of Italy', attribution_label: 'maybe', reference_chunk_ids: ['1'] }] };
    writeFileSync(join(dir, 'once.jsonl'), lines([labelledCase(base[0]!), labelledCase(base[1]!)]));
    writeFileSync(join(dir, 'twice.jsonl'), lines([labelledCase(base[0]!), labelledCase(base[1]!), labelledCase(base[0]!), odd]));
    const once = await run(['calibrate', join(dir, 'once.jsonl'), '--format', 'json']);
    const paidOnce = server.calls('/v1/messages').length;
    server.reset();
    const twice = await run(['calibrate', join(dir, 'twice.jsonl'), '--format', 'json']);
    expect(twice.code).toBe(0);
    // Case a twice and case e (whose only label is unknown, so nothing to compare) cost nothing more.
    expect(server.calls('/v1/messages')).toHaveLength(paidOnce);
    expect(JSON.parse(twice.out).cases).toBe(JSON.parse(once.out).cases);
    expect(twice.err).toContain('1 case appears more than once; each is judged once');
    expect(twice.err).toContain('1 reference label skipped: unknown attribution label');
  });

  it('counts conflicting labels for one pair and label rows of another dataset', async () => {
    const a = base[0]!;
    const conflicting = { ...exportRow(a, 'alice'), labels: { alice: { label: 'not_supported', note: null, updated: null } } };
    const foreign = { ...exportRow(base[1]!, 'alice'), claim: 'Madrid is the capital of Spain.' };
    writeFileSync(join(dir, 'mixed-labels.jsonl'), lines([exportRow(a, 'alice'), conflicting, foreign, exportRow(base[3]!, 'alice')]));
    const r = await run(['calibrate', join(dir, 'mixed-labels.jsonl'), '--cases', join(dir, 'cases.jsonl'), '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('1 pair has conflicting labels; the stricter is compared');
    expect(r.err).toContain('1 label row names a case id whose claim or chunk differs (labels of another dataset?); not compared');
    // a (its stricter label) and d: two cases compared, b's foreign row left out.
    expect(JSON.parse(r.out).cases).toBe(2);
  });
});

describe('citation-audit --model over several cases', () => {
  it('caches the instructions across cases and reports cached vs uncached input on stderr', async () => {
    const r = await run([join(dir, 'cases.jsonl'), '--model', '--format', 'json']);
    expect(r.code).toBeLessThan(2);
    const bodies = server.calls('/v1/messages').map((c) => c.body as { system: { text: string; cache_control?: unknown }[] });
    expect(bodies).toHaveLength(4);
    expect(bodies.every((b) => (b.system[0]!.cache_control as { type?: string } | undefined)?.type === 'ephemeral')).toBe(true);
    const m = /4 requests; input (\d+) tokens \((\d+) uncached, (\d+) written to the cache, (\d+) read from it\)/.exec(r.err);
    expect(m).not.toBeNull();
    const [, total, plain, written, read] = m!.map(Number);
    expect(written).toBeGreaterThan(0);
    expect(read).toBe(3 * written!);
    expect(plain! + written! + read!).toBe(total);
    expect(r.err).toMatch(/without the prompt cache \$/);
  });

  it('does not mark a single case for caching', async () => {
    writeFileSync(join(dir, 'one.json'), JSON.stringify(plainCase(base[0]!)));
    await run([join(dir, 'one.json'), '--model', '--format', 'json']);
    const body = server.calls('/v1/messages')[0]!.body as { system: { cache_control?: unknown }[] };
    expect(body.system[0]!.cache_control).toBeUndefined();
  });
});
