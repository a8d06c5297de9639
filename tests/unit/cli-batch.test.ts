// `citation-audit --model --batch` against the fake Message Batches API: the same reports as the
// interactive run, both prices in the estimate, a detached run resumed from its state file by the
// command it printed, and the refusals that keep a batch from being paid twice.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CITY_CASES, runCli, useCasesFile, useCliEnv } from './cli-harness';
import { testKey, useFakeAnthropic } from '../server/harness';
import type { FakeAnthropic } from '../server/fake-anthropic';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

const KEY = testKey('cli-batch');
let dir = '';
let data = '';

const cases = [
  ...CITY_CASES,
  { id: 'c', query: 'Which city?', answer: 'Rome is the capital of Italy [1].', chunks: [{ id: '1', text: 'Rome is the capital of Italy.' }] },
];

const run = runCli;

const verdictsOf = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { claims: { support?: { model_verdict?: string }[]; model?: { joint_verdict?: string } }[]; model?: unknown })
    .map((r) => JSON.stringify(r.claims.map((c) => c.model ?? c.support)));

useCliEnv(() => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url, CITATION_AUDIT_BATCH_POLL_MS: '0' }));
useCasesFile('citation-audit-batch-', cases, (d, f) => ([dir, data] = [d, f]));

describe('citation-audit --model --batch', () => {
  it('writes the same reports as the interactive run, with both prices and the batch cost', async () => {
    const interactive = await run([data, '--model', '--format', 'json']);
    server.reset();
    const batch = await run([data, '--model', '--batch', '--format', 'json']);
    expect(batch.code).toBe(interactive.code);
    expect(verdictsOf(batch.out)).toEqual(verdictsOf(interactive.out));
    expect(batch.out).toContain('fully_supported');
    // One batch, no interactive request; the estimate counted tokens first.
    expect(server.calls('/v1/messages')).toHaveLength(0);
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.calls('/v1/messages/count_tokens').length).toBeGreaterThan(0);
    expect(batch.err).toMatch(/3 requests for 3 cases in 1 batch; estimated cost \$[\d.]+ as a batch, \$[\d.]+ interactive/);
    const [, half, full] = /estimated cost \$([\d.]+) as a batch, \$([\d.]+) interactive/.exec(batch.err)!.map(Number);
    expect(half).toBeCloseTo(full! / 2, 3);
    // Off a terminal the wait logs plain lines (no redraws).
    expect(batch.err).toContain('citation-audit: batch: 3 of 3 requests done\n');
    expect(batch.err).not.toContain('\r');
    expect(batch.err).toMatch(/batch: 3 requests; input \d+ tokens \(\d+ read from the prompt cache\); output \d+; cost \$[\d.]+ at the batch price \(\$[\d.]+ interactive\)/);
    // Done: the state file is gone, and it never held the key.
    expect(existsSync(`${data}.batch.json`)).toBe(false);
    expect(batch.err).not.toContain(KEY);
  });

  it('--detach creates the batch and exits; the printed command resumes it without a second batch', async () => {
    server.behave({ batchPerPoll: 0 });
    const state = join(dir, 'run.state.json');
    const first = await run([data, '--model', '--batch', '--detach', '--state', state, '--format', 'json']);
    expect(first.code).toBe(0);
    expect(first.out).toBe('');
    const text = readFileSync(state, 'utf8');
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).batches).toHaveLength(1);
    const command = /Resume \(wait and write the results\) with:\n {2}(.+)\n/.exec(first.err)?.[1];
    expect(command).toBeDefined();
    expect(command).not.toContain('--detach');
    server.behave({});
    // "Restart": run exactly the printed command.
    const args = command!.split(' ').slice(1);
    const resumed = await run(args);
    expect(resumed.err).toContain('resuming msgbatch_');
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(resumed.out.trim().split('\n')).toHaveLength(3);
    expect(resumed.out).toContain('fully_supported');
    expect(existsSync(state)).toBe(false);
  });

  it('a state made for another model, or one that is not a state, is refused (no second batch)', async () => {
    server.behave({ batchPerPoll: 0 });
    await run([data, '--model', '--batch', '--detach', '--format', 'json']);
    const other = await run([data, '--model', 'claude-haiku-4-5', '--batch', '--format', 'json']);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/was made with --model claude-sonnet-5-5; pass the same, or remove the file/);
    writeFileSync(`${data}.batch.json`, '{"nonce": 1}');
    const broken = await run([data, '--model', '--batch', '--format', 'json']);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/is not one this tool wrote/);
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('--cancel-batch cancels what is left: cases done keep their result, the rest say what to do', async () => {
    server.behave({ batchPerPoll: 0 });
    await run([data, '--model', '--batch', '--detach', '--format', 'json']);
    const r = await run([data, '--model', '--batch', '--cancel-batch', '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/model audit failed: The batch was cancelled before this case was judged.*Run the command again: with --batch it sends a new batch/);
    expect(r.out.trim().split('\n')).toHaveLength(3);
  });

  it('an output in a missing folder is refused before a batch is made', async () => {
    const refused = await run([data, '--model', '--batch', '--state', join(dir, 'kept.json'), '--junit', join(dir, 'no-such-dir', 'junit.xml'), '--format', 'json']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/cannot write --junit .*no-such-dir/);
    expect(server.calls('/v1/messages/batches')).toHaveLength(0);
    expect(existsSync(join(dir, 'kept.json'))).toBe(false);
  });

  // A write that fails at the end (a full disk: /dev/full takes the open and refuses every write).
  it.runIf(existsSync('/dev/full'))('the state stays until every output is written: a failed write can be run again without a second batch', async () => {
    const state = join(dir, 'kept.json');
    const failed = await run([data, '--model', '--batch', '--state', state, '--junit', '/dev/full', '--format', 'json']);
    expect(failed.code).toBe(2);
    expect(failed.err).toMatch(/cannot write/);
    expect(existsSync(state)).toBe(true);
    const again = await run([data, '--model', '--batch', '--state', state, '--junit', join(dir, 'junit.xml'), '--format', 'json']);
    expect(again.err).toContain('resuming msgbatch_');
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuite');
    expect(server.calls('/v1/messages/batches').filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(existsSync(state)).toBe(false);
  });

  it('--batch without --model is a usage error', async () => {
    const r = await run([data, '--batch']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/need --model/);
  });
});
