// The batch state file of `citation-audit --model --batch` when it cannot be written or says
// something wrong: nothing is paid for that the user cannot find again.
import { describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CITY_CASES, runCli, useCasesFile, useCliEnv } from './cli-harness';
import { testKey, useFakeAnthropic } from '../server/harness';
import type { FakeAnthropic } from '../server/fake-anthropic';

// A state path named like this passes the writability probe but its final rename fails: a disk
// that fills or a directory removed after the check.
const FAILS = 'rename-fails.json';
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (basename(String(to)) === FAILS) throw Object.assign(new Error(`ENOSPC: no space left on device, rename '${from}' -> '${to}'`), { code: 'ENOSPC' });
      return real.rename(from, to);
    },
  };
});

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

const KEY = testKey('cli-batch-state');
let dir = '';
let data = '';
const cases = CITY_CASES;

const run = runCli;
const created = () => server.calls('/v1/messages/batches').filter((r) => r.method === 'POST' && !r.path.includes('/cancel'));

useCliEnv(() => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url, CITATION_AUDIT_BATCH_POLL_MS: '0' }));
useCasesFile('citation-audit-bstate-', cases, (d, f) => ([dir, data] = [d, f]));

describe('an unwritable batch state', () => {
  it('is found before any batch is created', async () => {
    const r = await run([data, '--model', '--batch', '--state', join(dir, 'missing-dir', 's.batch.json'), '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot write the batch state .*missing-dir.*nothing was sent/);
    expect(created()).toHaveLength(0);
    expect(server.calls('/v1/messages/count_tokens')).toHaveLength(0);
  });

  it('failing after the batch exists, prints the batch id and the commands that resume or cancel it', async () => {
    server.behave({ batchPerPoll: 0 });
    const r = await run([data, '--model', '--batch', '--state', join(dir, FAILS), '--format', 'json']);
    expect(r.code).toBe(2);
    expect(created()).toHaveLength(1);
    const id = /created (msgbatch_\S+) but could not write the state/.exec(r.err)?.[1];
    expect(id).toBeDefined();
    const resume = /resume with:\n {2}(.+)\n/.exec(r.err)?.[1];
    const cancel = /or cancel with:\n {2}(.+)\n/.exec(r.err)?.[1];
    expect(resume).toMatch(/--state \S+\.batch\.json$/);
    expect(cancel).toBe(`${resume} --cancel-batch`);
    const fallback = /--state (\S+)$/.exec(resume!)![1]!;
    expect(JSON.parse(readFileSync(fallback, 'utf8')).batches[0].id).toBe(id);
    // The printed command resumes the same batch: no second one is paid for.
    server.behave({});
    const again = await run(resume!.split(' ').slice(1));
    expect(again.err).toContain(`resuming ${id!}`);
    expect(again.out.trim().split('\n')).toHaveLength(2);
    expect(created()).toHaveLength(1);
    expect(existsSync(fallback)).toBe(false);
  });
});

describe('a batch state that says something wrong', () => {
  const detached = async (): Promise<string> => {
    server.behave({ batchPerPoll: 0 });
    const state = join(dir, 'run.state.json');
    expect((await run([data, '--model', '--batch', '--detach', '--state', state, '--format', 'json'])).code).toBe(0);
    server.behave({});
    return state;
  };

  it('naming a batch the API does not know says so, not "model not found"', async () => {
    const state = await detached();
    const text = JSON.parse(readFileSync(state, 'utf8'));
    text.batches[0].id = 'msgbatch_vanished';
    writeFileSync(state, JSON.stringify(text));
    const r = await run([data, '--model', '--batch', '--state', state, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`the API does not know the batch msgbatch_vanished listed in ${state} (404)`);
    expect(r.err).not.toMatch(/model was not found/i);
    expect(created()).toHaveLength(1);
  });

  it('with no batch in it is refused before anything is created', async () => {
    const state = await detached();
    const text = JSON.parse(readFileSync(state, 'utf8'));
    writeFileSync(state, JSON.stringify({ ...text, batches: [] }));
    const r = await run([data, '--model', '--batch', '--state', state, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('lists no batch (batches: [])');
    expect(r.err).not.toContain('resuming');
    expect(created()).toHaveLength(1);
  });
});
