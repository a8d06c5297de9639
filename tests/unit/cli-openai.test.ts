// The CLI with --provider openai against the fake OpenAI-compatible server: the audit, calibrate,
// the key and base URL from OPENAI_* or --base-url, and --batch refused as a usage error.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, useCliEnv } from './cli-harness';
import type { FakeOpenAI } from '../server/fake-openai';
import { startFakeAnthropic } from '../server/fake-anthropic';
import { testKey, useFakeOpenAI } from '../server/harness';
import { tempDir } from '../factories/tempDir';

let server: FakeOpenAI;
useFakeOpenAI((s) => (server = s));
// No key: local servers take none. The Anthropic variables must not be what is read.
useCliEnv(() => ({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '' }));

const dir = tempDir('citation-audit-openai-');
const chunks = [{ id: '1', text: 'Paris is the capital of France.' }];
const cases = [
  { id: 'a', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks },
  { id: 'b', query: 'Which city?', answer: 'Berlin hosts seventeen purple elephants [1].', chunks },
];
const data = join(dir, 'cases.jsonl');
writeFileSync(data, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
const labelled = join(dir, 'labelled.jsonl');
writeFileSync(
  labelled,
  cases.map((c, i) => JSON.stringify({ ...c, human_labels: [{ claim: c.answer.replace(/ \[1\]/, ''), attribution_label: i === 0 ? 'attributable' : 'not attributable', reference_chunk_ids: ['1'] }] })).join('\n') + '\n',
);

describe('citation-audit --provider openai', () => {
  it('judges with the named model at --base-url, without a key, and says the tokens and that the price is unknown', async () => {
    const r = await runCli([data, '--model', 'llama3.1:8b', '--provider', 'openai', '--base-url', server.url, '--format', 'json']);
    expect(r.code).toBe(1);
    const reports = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(reports.map((x) => x.meta.checked_by)).toEqual(['model', 'model']);
    expect(reports[1].claims[0].support[0].verdict).toBe('not_supported');
    const calls = server.calls('/v1/chat/completions');
    expect(calls).toHaveLength(2);
    expect((calls[0]!.body as { model: string }).model).toBe('llama3.1:8b');
    expect(calls[0]!.headers).not.toHaveProperty('authorization');
    expect(r.err).toMatch(/llama3\.1:8b: 2 requests; input \d+ tokens .*output \d+; cost unknown/);
  });

  it('reads OPENAI_BASE_URL and OPENAI_API_KEY', async () => {
    process.env.OPENAI_BASE_URL = server.url;
    process.env.OPENAI_API_KEY = 'sk-test-openai-key-0123456789';
    try {
      const r = await runCli([data, '--model=qwen2.5:7b-instruct', '--provider=openai', '--format', 'json']);
      expect(r.code).toBe(1);
      expect(server.calls('/v1/chat/completions')[0]!.headers.authorization).toBe('Bearer sk-test-openai-key-0123456789');
    } finally {
      process.env.OPENAI_BASE_URL = '';
      process.env.OPENAI_API_KEY = '';
    }
  });

  it('refuses a base URL with a password in it, without printing it, before anything is sent', async () => {
    // fetch refuses such an address, and the failure's message quoted it whole: in stderr, in the
    // reports' meta.model_error and in the --junit file.
    const secret = 's3cret-proxy-passw0rd';
    const withPassword = server.url.replace('http://', `http://bob:${secret}@`);
    for (const args of [[data, '--model', '--provider', 'openai', '--base-url', withPassword, '--format', 'json'], ['calibrate', labelled, '--provider', 'openai', '--base-url', withPassword]]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--base-url holds a user name or password \(user:…@host\), which Node's fetch refuses to send; take it out of the address and give the key in OPENAI_API_KEY/);
      expect(r.out + r.err).not.toContain(secret);
    }
    process.env.OPENAI_BASE_URL = withPassword;
    try {
      const r = await runCli([data, '--model', '--provider', 'openai']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^citation-audit: OPENAI_BASE_URL holds a user name or password/);
      expect(r.out + r.err).not.toContain(secret);
    } finally {
      process.env.OPENAI_BASE_URL = '';
    }
    expect(server.requests()).toHaveLength(0);
  });

  it("asks for OPENAI_API_KEY on OpenAI's own API", async () => {
    const r = await runCli([data, '--model', '--provider', 'openai']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('needs the OPENAI_API_KEY environment variable');
    expect(server.requests()).toHaveLength(0);
  });

  it('refuses --batch with a usage error (Message Batches are Anthropic\u2019s)', async () => {
    const r = await runCli([data, '--model', '--batch', '--provider', 'openai', '--base-url', server.url]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--batch uses Anthropic\u2019s Message Batches');
    expect(r.err).toContain('Usage:');
  });

  it('refuses an unknown provider', async () => {
    const r = await runCli([data, '--model', '--provider', 'azure']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--provider takes anthropic or openai, not "azure"');
  });

  it('gives the same reports as a run on the Messages API (both fakes judge by one rule)', async () => {
    const anthropic = await startFakeAnthropic();
    try {
      process.env.ANTHROPIC_API_KEY = testKey('cli-same');
      const a = await runCli([data, '--model', 'claude-sonnet-5-5', '--base-url', anthropic.url, '--format', 'json']);
      const o = await runCli([data, '--model', 'llama3.1:8b', '--provider', 'openai', '--base-url', server.url, '--format', 'json']);
      expect(o.code).toBe(a.code);
      // The model's name and its token counts differ; every verdict, score and finding agrees.
      const plain = (out: string) => out.trim().split('\n').map((l) => {
        const r = JSON.parse(l);
        return { ...r, meta: { ...r.meta, model: undefined, model_usage: undefined, usage: undefined, generated_at: undefined } };
      });
      expect(plain(o.out)).toEqual(plain(a.out));
    } finally {
      process.env.ANTHROPIC_API_KEY = '';
      await anthropic.close();
    }
  });

  it('calibrate measures a model on the server too', async () => {
    const r = await runCli(['calibrate', labelled, '--model', 'llama3.1:8b', '--provider', 'openai', '--base-url', server.url, '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.model).toBe('llama3.1:8b');
    expect(j.judged).toBe(2);
    expect(j.balancedAccuracy).toBe(1);
    expect(j.costUSD).toBeNull();
    expect(server.calls('/v1/chat/completions')).toHaveLength(2);
  });
});
