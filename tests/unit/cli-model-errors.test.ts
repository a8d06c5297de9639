// How the CLI says a model run failed: a malformed key refused before anything is sent and never
// quoted, and the errors a pipeline reading the JSON must see in each case's report.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli';
import { createClient } from '../../src/model/client';
import { runModelAuditNode } from '../../src/model/node';
import { auditCase } from '../../src/core/audit';
import { describeModelError } from '../../src/model/errors';
import { failure, testKey, useFakeAnthropic } from '../server/harness';
import type { FakeAnthropic } from '../server/fake-anthropic';

let server: FakeAnthropic;
useFakeAnthropic((s) => (server = s));

const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL, poll: process.env.CITATION_AUDIT_BATCH_POLL_MS };
let dir = '';
let data = '';
const chunks = [{ id: '1', text: 'Paris is the capital of France.' }];
const cases = [
  { id: 'a', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks },
  { id: 'b', query: 'Which city?', answer: 'Berlin hosts seventeen purple elephants [1].', chunks },
];

async function run(args: string[], key: string): Promise<{ code: number; out: string; err: string }> {
  process.env.ANTHROPIC_API_KEY = key;
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

beforeAll(() => {
  process.env.ANTHROPIC_BASE_URL = server.url;
  process.env.CITATION_AUDIT_BATCH_POLL_MS = '0';
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'citation-audit-merr-'));
  data = join(dir, 'cases.jsonl');
  writeFileSync(data, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
});
afterAll(() => {
  for (const [k, v] of [['ANTHROPIC_API_KEY', saved.key], ['ANTHROPIC_BASE_URL', saved.url], ['CITATION_AUDIT_BATCH_POLL_MS', saved.poll]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

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
      const e = await failure(createClient({ apiKey: key, baseURL: server.url }));
      expect(e.kind).toBe('auth');
      expect(e.message).not.toContain(TAIL);
      const c = cases[0]!;
      const e2 = await failure(runModelAuditNode(c, auditCase(c), { apiKey: key, baseURL: server.url }));
      expect(describeModelError(e2.init).text).toContain('contains characters a key cannot have');
      expect(JSON.stringify(e2.init)).not.toContain(TAIL);
    }
    expect(server.calls('/v1/messages')).toHaveLength(0);
    // A key with surrounding white space (a pasted line) is still a key.
    await expect(createClient({ apiKey: ` ${testKey('cli-merr')}\n`, baseURL: server.url })).resolves.toBeDefined();
  });
});
