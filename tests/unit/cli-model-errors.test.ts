// How the CLI says a model run failed: a malformed key refused before anything is sent and never
// quoted, and the errors a pipeline reading the JSON must see in each case's report.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CITY_CASES, runCli, useCasesFile, useCliEnv } from './cli-harness';
import { createClient, resolveConnection } from '../../src/model/client';
import { runModelAuditNode } from '../../src/model/node';
import { auditCase } from '../../src/core/audit';
import { describeModelError } from '../../src/model/errors';
import { failure, testKey, useFakeAnthropic } from '../server/harness';
import type { FakeAnthropic, Step } from '../server/fake-anthropic';
import { threeClaimCase } from '../server/factories';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

let dir = '';
let data = '';
const cases = CITY_CASES;

async function run(args: string[], key: string): Promise<{ code: number; out: string; err: string }> {
  process.env.ANTHROPIC_API_KEY = key;
  return runCli(args);
}

useCliEnv(() => ({ ANTHROPIC_API_KEY: testKey('cli-merr'), ANTHROPIC_BASE_URL: server.url, CITATION_AUDIT_BATCH_POLL_MS: '0' }));
useCasesFile('citation-audit-merr-', cases, (d, f) => ([dir, data] = [d, f]));

describe('a malformed key', () => {
  const TAIL = 'SECONDLINE99';
  const bad = [`${testKey('cli-merr')}\n${TAIL}`, `${testKey('cli-merr')} ${TAIL}`, `${testKey('cli-merr')}\u00e9${TAIL}`];

  it('is refused by the CLI before anything is sent, quoting none of it', async () => {
    for (const key of bad) {
      for (const extra of [[], ['--batch']]) {
        const r = await run([data, '--model', ...extra, '--format', 'json'], key);
        expect(r.code).toBe(2);
        expect(r.err).toContain('contains characters a key cannot have');
        expect(r.err).toContain('ANTHROPIC_API_KEY');
        expect(r.err).not.toContain(TAIL);
        expect(r.err).not.toContain('cli-merr');
        expect(r.err).not.toMatch(/Could not reach|\[API key\]/);
      }
    }
    expect(server.calls('/v1/messages')).toHaveLength(0);
  });

  it('is refused by the model layer the page uses, before any request', async () => {
    for (const key of bad) {
      const e = await failure(createClient(resolveConnection({ apiKey: key, baseURL: server.url })));
      expect(e.kind).toBe('auth');
      expect(e.message).not.toContain(TAIL);
      const c = cases[0]!;
      const e2 = await failure(runModelAuditNode(c, auditCase(c), { apiKey: key, baseURL: server.url }));
      expect(describeModelError(e2.init).text).toContain('contains characters a key cannot have');
      expect(JSON.stringify(e2.init)).not.toContain(TAIL);
    }
    expect(server.calls('/v1/messages')).toHaveLength(0);
    // A key with surrounding white space (a pasted line) is still a key.
    await expect(createClient(resolveConnection({ apiKey: ` ${testKey('cli-merr')}\n`, baseURL: server.url }))).resolves.toBeDefined();
  });
});

type Line = { meta: { checked_by: string; model_error?: { kind: string; message: string; claims_judged: number; claims_left?: number } } };
const lines = (out: string): Line[] =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);

describe("a failed model audit in the CLI's JSON", () => {
  it('a refused key (401): every case says so in meta, naming ANTHROPIC_API_KEY', async () => {
    const r = await run([data, '--model', '--format', 'json'], testKey('invalid'));
    expect(r.code).toBe(2);
    const got = lines(r.out);
    expect(got).toHaveLength(2);
    for (const l of got) {
      expect(l.meta.model_error?.kind).toBe('auth');
      expect(l.meta.model_error?.message).toContain('ANTHROPIC_API_KEY');
      expect(l.meta.model_error?.message).not.toMatch(/enter it again/);
      expect(l.meta.model_error?.claims_judged).toBe(0);
      expect(l.meta.model_error?.claims_left).toBeGreaterThan(0);
    }
    expect(r.err).toContain('ANTHROPIC_API_KEY');
  });

  it('a cancelled batch and an errored batch request are in meta too', async () => {
    server.behave({ batchPerPoll: 0 });
    const key = testKey('cli-merr');
    await run([data, '--model', '--batch', '--detach', '--format', 'json'], key);
    const cancelled = await run([data, '--model', '--batch', '--cancel-batch', '--format', 'json'], key);
    expect(cancelled.code).toBe(2);
    expect(lines(cancelled.out).map((l) => l.meta.model_error?.kind)).toEqual(['batch_canceled', 'batch_canceled']);
    server.behave({});
    server.script({ kind: 'error', preset: 'overloaded' });
    const errored = await run([data, '--model', '--batch', '--format', 'json'], key);
    expect(errored.code).toBe(2);
    const kinds = lines(errored.out).map((l) => l.meta.model_error?.kind);
    expect(kinds.filter((k) => k !== undefined)).toEqual(['overloaded']);
    const failed = lines(errored.out).find((l) => l.meta.model_error)!;
    expect(failed.meta.model_error!.message).toMatch(/overloaded/i);
  });

  it('a case judged in full has no model_error', async () => {
    const r = await run([data, '--model', '--format', 'json'], testKey('cli-merr'));
    expect(r.code).not.toBe(2);
    for (const l of lines(r.out)) {
      expect(l.meta.checked_by).toBe('model');
      expect(l.meta.model_error).toBeUndefined();
    }
  });
});

describe('a connection reset in the burst that carries the reply (issue 23, item 3)', () => {
  it('is a cut in the CLI: retried as a cut, never "network unreachable" nor "Could not reach"', async () => {
    const file = join(dir, 'three.json');
    writeFileSync(file, JSON.stringify(threeClaimCase().c));
    const reset: Step = { kind: 'judge', cutAfterClaims: 2, cutMode: 'reset' };
    server.script(reset, reset, reset);
    const r = await run([file, '--model', '--format', 'json'], testKey('cli-merr'));
    expect(r.code).toBe(2);
    expect(server.calls('/v1/messages')).toHaveLength(3);
    expect(r.err).toMatch(/connection cut — trying again \(2 of 3\)/);
    expect(r.err).toContain('The connection was cut after 0 of 3 claims were judged.');
    expect(r.err).not.toMatch(/network unreachable|Could not reach/);
    const report = JSON.parse(r.out) as Line;
    expect(report.meta.model_error).toMatchObject({ kind: 'stream_cut', claims_judged: 0, claims_left: 3 });
  });
});
