// What a run paid for is reported, and what a server says is shown safely (issue 31, items 6, 7
// and 14): every report the model judged (or tried to) carries meta.usage, counting every request
// (unusable replies and repairs included, the input of a cut stream estimated); the CLI's summary
// is their sum and shows the raw reply it speaks of; control and bidi characters from a server or a
// case id never reach a terminal, an error message or a JUnit file raw.
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeAnthropic } from '../server/fake-anthropic';
import type { FakeOpenAI } from '../server/fake-openai';
import { startHostile, relay, sseFrames, useHostileServers } from '../server/hostile';
import { failure, testKey, useFakeAnthropic, useFakeOpenAI } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { runModelAudit } from '../../src/model/run';
import { judgeCase, JudgeError } from '../../src/lib';
import { runCli, useCliEnv } from './cli-harness';
import { tempDir } from '../factories/tempDir';
import type { ReportUsage } from '../../src/core/types';

let anthropic: FakeAnthropic;
let openai: FakeOpenAI;
useFakeAnthropic((s) => (anthropic = s));
useFakeOpenAI((s) => (openai = s));
useHostileServers();
const KEY = testKey('paid');
useCliEnv(() => ({ ANTHROPIC_API_KEY: KEY }));

/** A Messages API server whose model only ever answers in prose (never the JSON asked for). */
const proseServer = () =>
  startHostile((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-5-5', content: [{ type: 'text', text: 'I think the answer is fine.' }], stop_reason: 'end_turn', usage: { input_tokens: 100, output_tokens: 7 } }));
  });

const ESC = '\u001b';
const RLO = '\u202e';

function caseFile(extra: Record<string, unknown> = {}): string {
  const file = join(tempDir('citation-audit-t31-'), 'case.jsonl');
  writeFileSync(file, JSON.stringify({ ...threeClaimCase().c, ...extra }) + '\n');
  return file;
}

describe('meta.usage', () => {
  test('a judged report carries the requests, tokens and cost', async () => {
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, { apiKey: KEY, baseURL: anthropic.url, sleep: async () => {} });
    const u = run.report.meta.usage!;
    expect(u.requests).toBe(1);
    expect(u.input_tokens).toBeGreaterThan(0);
    expect(u.output_tokens).toBeGreaterThan(0);
    expect(typeof u.cost).toBe('number');
    expect(u.estimated).toBeUndefined();
  });

  test('unusable replies: the 4 requests paid for are in the report, the summary, and the raw reply is shown', async () => {
    const h = await proseServer();
    const r = await runCli([caseFile(), '--model', '--base-url', h.url, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(h.seen).toHaveLength(4);
    const out = JSON.parse(r.out) as { meta: { usage: ReportUsage; model_error: { kind: string } } };
    expect(out.meta.model_error.kind).toBe('invalid_output');
    expect(out.meta.usage).toMatchObject({ requests: 4, input_tokens: 400, output_tokens: 28, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    expect(typeof out.meta.usage.cost).toBe('number');
    expect(r.err).toMatch(/4 requests; input 400 tokens/);
    expect(r.err).toContain('the raw reply is shown below');
    expect(r.err).toContain("raw reply:\n  I think the answer is fine.");
  });

  test('a stream cut before its usage: the input is estimated and said to be', async () => {
    const upstream = new URL(openai.url).origin;
    const h = await startHostile(async (req, res, body) => {
      const honest = await relay(upstream, req, body);
      const frames = sseFrames(honest.text);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const f of frames.slice(0, Math.floor(frames.length * 0.6))) res.write(f);
      setTimeout(() => res.destroy(), 50);
    });
    const { c, report } = threeClaimCase();
    const e = await failure(runModelAudit(c, report, { provider: 'openai', apiKey: KEY, baseURL: `${h.url}/v1`, model: 'llama3.1:8b', sleep: async () => {} }));
    expect(e.kind).toBe('stream_cut');
    expect(e.usage?.requests).toBe(1);
    expect(e.usage?.input_tokens).toBeGreaterThan(100);
    expect(e.usage?.estimated).toBe(true);
  });

  test('the library: a failed judgement keeps its usage; a malformed key says how many claims are left', async () => {
    const h = await proseServer();
    const { c } = threeClaimCase();
    const err = (await judgeCase(c, { apiKey: KEY, baseURL: h.url }).catch((e: unknown) => e)) as JudgeError;
    expect(err).toBeInstanceOf(JudgeError);
    expect(err.report.meta.usage?.requests).toBe(4);
    const bad = (await judgeCase(c, { apiKey: `${KEY}\nx`, baseURL: h.url }).catch((e: unknown) => e)) as JudgeError;
    expect(bad.kind).toBe('auth');
    expect(bad.report.meta.model_error?.claims_left).toBe(3);
  });
});

describe('server text and case ids are shown with their controls visible', () => {
  const hostileBody = `<html><head><title>${ESC}[31mBoom ${RLO}evil</title></head></html>`;
  const htmlServer = () =>
    startHostile((_req, res) => {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end(hostileBody);
    });

  test('in the error, on stderr and in the JUnit file', async () => {
    const h = await htmlServer();
    const { c, report } = threeClaimCase();
    const e = await failure(runModelAudit(c, report, { apiKey: KEY, baseURL: h.url, sleep: async () => {} }));
    expect(e.message).not.toContain(ESC);
    expect(e.message).not.toContain(RLO);
    expect(e.message).toContain('\\u001B[31mBoom \\u202Eevil');

    const junit = join(tempDir('citation-audit-t31-'), 'out.xml');
    const r = await runCli([caseFile({ id: `case${RLO}1${ESC}[2J` }), '--model', '--base-url', h.url, '--format', 'json', '--junit', junit]);
    expect(r.code).toBe(2);
    for (const raw of [ESC, RLO]) expect(r.err).not.toContain(raw);
    expect(r.err).toContain('\\u202E');
    const { readFileSync } = await import('node:fs');
    const xml = readFileSync(junit, 'utf8');
    for (const raw of [ESC, RLO]) expect(xml).not.toContain(raw);
    expect(xml).toContain('case\\u202E1\\u001B[2J');
  });

  test('in JudgeError.message', async () => {
    const h = await htmlServer();
    const { c } = threeClaimCase();
    const err = (await judgeCase(c, { apiKey: KEY, baseURL: h.url }).catch((e: unknown) => e)) as JudgeError;
    expect(err).toBeInstanceOf(JudgeError);
    expect(err.message).not.toContain(ESC);
    expect(err.message).not.toContain(RLO);
    expect(err.report.meta.model_error?.message).not.toContain(RLO);
  });
});
