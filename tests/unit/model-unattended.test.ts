// Runs nobody watches (issue 31): a request never hangs (one deadline for the whole request, SSE
// comments included; a server that accepts and never answers), a Retry-After of a day is a time
// to come back, not a wait, and a redirect never takes the case to another origin. Each server
// here is a small hostile node:http server; deadlines are short so the file stays fast.
import { describe, expect, test, vi } from 'vitest';
import type { FakeAnthropic } from '../server/fake-anthropic';
import type { FakeOpenAI } from '../server/fake-openai';
import { startHostile, relay, sseFrames, useHostileServers, type Handler } from '../server/hostile';
import { failure, testKey, useFakeAnthropic, useFakeOpenAI } from '../server/harness';
import { threeClaimCase } from '../server/factories';
import { runModelAudit, type ModelRunOptions } from '../../src/model/run';
import { describeModelError } from '../../src/model/errors';
import { judgeCase, JudgeError } from '../../src/lib';
import { runCli, useCliEnv } from './cli-harness';
import { main } from '../../src/cli';
import { tempDir } from '../factories/tempDir';
import { execFileSync } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';

let anthropic: FakeAnthropic;
let openai: FakeOpenAI;
useFakeAnthropic((s) => (anthropic = s));
useFakeOpenAI((s) => (openai = s));
useHostileServers();

type Wire = 'anthropic' | 'openai';
const WIRES: Wire[] = ['anthropic', 'openai'];
const KEY = testKey('unattended');
const upstream = (w: Wire) => new URL(w === 'anthropic' ? anthropic.url : openai.url).origin;
/** The base URL a user gives for a server at `origin`. */
const base = (w: Wire, origin: string) => (w === 'openai' ? `${origin}/v1` : origin);
const options = (w: Wire, origin: string, extra: Partial<ModelRunOptions> = {}): ModelRunOptions => ({
  apiKey: KEY,
  baseURL: base(w, origin),
  ...(w === 'openai' ? { provider: 'openai' as const, model: 'llama3.1:8b' } : {}),
  sleep: async () => {},
  ...extra,
});

/** Sends the first `share` of the honest stream's events, then only SSE comments, for ever. */
const pinger =
  (w: Wire, share = 0.7): Handler =>
  async (req, res, body) => {
    const honest = await relay(upstream(w), req, body);
    const frames = sseFrames(honest.text);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const f of frames.slice(0, Math.floor(frames.length * share))) res.write(f);
    const t = setInterval(() => res.write(': ping\n\n'), 50);
    res.on('close', () => clearInterval(t));
  };

/** Accepts the request and never answers. */
const silent: Handler = () => {};

describe.each(WIRES)('a deadline per request (%s)', (w) => {
  test('a stream kept alive only by comments is cut at the deadline, keeping what was judged', async () => {
    const h = await startHostile(pinger(w));
    const { c, report } = threeClaimCase();
    const started = Date.now();
    const e = await failure(runModelAudit(c, report, options(w, h.url, { timeoutMs: 800 })));
    expect(Date.now() - started).toBeLessThan(4000);
    expect(e.kind).toBe('timeout');
    expect(e.noReply).toBeUndefined();
    expect(e.timeoutSeconds).toBe(0.8);
    // A cut: the claims judged stay, the rest are listed, and it is not retried.
    expect(e.partial?.judgements.length).toBeGreaterThanOrEqual(1);
    expect(e.unjudged?.length).toBeGreaterThanOrEqual(1);
    expect(h.seen).toHaveLength(1);
    expect(describeModelError(e.init).title).toContain('did not finish within the 0.8 s deadline');
  });

  test('a server that accepts and never answers is named as such, once, within the deadline', async () => {
    const h = await startHostile(silent);
    const { c, report } = threeClaimCase();
    const started = Date.now();
    const e = await failure(runModelAudit(c, report, options(w, h.url, { timeoutMs: 500 })));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(e.kind).toBe('timeout');
    expect(e.noReply).toBe(true);
    const text = describeModelError(e.init, 'en', { surface: 'cli' }).text;
    expect(text).toContain('accepted the connection but sent no reply in 0.5 s');
    expect(text).toContain('--timeout');
    expect(text).not.toContain('Could not reach');
    expect(describeModelError(e.init, 'cs').title).toContain('neposlal žádnou odpověď');
    expect(h.seen).toHaveLength(1);
  });
});

describe.each(WIRES)('a Retry-After past the cap (%s)', (w) => {
  test('stops at once and says when to try again, as a time', async () => {
    const h = await startHostile((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '86400' });
      res.end(JSON.stringify(w === 'openai' ? { error: { message: 'Slow down.', type: 'rate_limit_exceeded' } } : { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down.' } }));
    });
    const slept: number[] = [];
    const { c, report } = threeClaimCase();
    const e = await failure(runModelAudit(c, report, options(w, h.url, { sleep: async (ms) => void slept.push(ms) })));
    expect(e.kind).toBe('rate_limit');
    expect(slept).toEqual([]);
    expect(h.seen).toHaveLength(1);
    const at = Date.parse(e.retryAt ?? '');
    expect(Math.abs(at - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    const day = new Date(at).toISOString().slice(0, 10);
    const text = describeModelError(e.init).text;
    expect(text).toContain(`tried again after ${day}`);
    expect(text).not.toMatch(/in 86400 s/);
  });
});

describe.each(WIRES)('a redirect to another origin (%s)', (w) => {
  test.each([307, 308, 301, 302, 303])('%i is not followed; the run names where it pointed', async (status) => {
    const elsewhere = await startHostile((_req, res) => {
      res.writeHead(500);
      res.end();
    });
    const h = await startHostile((req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}${req.url}` });
      res.end();
    });
    const { c, report } = threeClaimCase();
    const e = await failure(runModelAudit(c, report, options(w, h.url)));
    expect(e.kind).toBe('redirect');
    expect(e.redirectTo).toBe(elsewhere.url);
    expect(elsewhere.seen).toHaveLength(0);
    // Not retried as a server error.
    expect(h.seen).toHaveLength(1);
    expect(describeModelError(e.init, 'en', { surface: 'cli' }).text).toContain(`redirected the request to ${elsewhere.url}`);
  });

  test('a 307 to the same origin is followed with its body', async () => {
    const h = await startHostile(async (req, res, body) => {
      if (!req.url?.startsWith('/moved')) {
        res.writeHead(307, { location: `/moved${req.url}` });
        return void res.end();
      }
      req.url = req.url.slice('/moved'.length);
      const honest = await relay(upstream(w), req, body);
      res.writeHead(honest.status, { 'content-type': honest.contentType });
      res.end(honest.text);
    });
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, options(w, h.url));
    expect(run.results.judgements).toHaveLength(3);
    expect(h.seen.map((s) => s.path.startsWith('/moved'))).toEqual([false, true]);
    expect(h.seen[1]!.body).toBe(h.seen[0]!.body);
  });
});

describe.each(WIRES)('an event stream labelled application/json (%s)', (w) => {
  test('is read as the stream it is', async () => {
    const h = await startHostile(async (req, res, body) => {
      const honest = await relay(upstream(w), req, body);
      res.writeHead(honest.status, { 'content-type': 'application/json' });
      res.end(honest.text);
    });
    const { c, report } = threeClaimCase();
    const run = await runModelAudit(c, report, options(w, h.url));
    expect(run.results.judgements).toHaveLength(3);
  });
});

describe('the SDK\'s own console warnings', () => {
  test('do not reach the library user\'s stderr (a model the SDK lists as deprecated)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { c } = threeClaimCase();
      const judged = await judgeCase(c, { apiKey: KEY, baseURL: anthropic.url, model: 'claude-sonnet-4-5' });
      expect(judged.meta.checked_by).toBe('model');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the deadline in the CLI and the library', () => {
  useCliEnv(() => ({ ANTHROPIC_API_KEY: KEY }));

  test('--timeout cuts a pinging stream: the report keeps what was judged, the rest is listed, exit 2', async () => {
    const h = await startHostile(pinger('anthropic'));
    const { c } = threeClaimCase();
    const file = join(tempDir('citation-audit-t31-'), 'case.json');
    writeFileSync(file, JSON.stringify(c));
    const started = Date.now();
    const r = await runCli([file, '--model', '--base-url', h.url, '--timeout', '0.8', '--format', 'json']);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.code).toBe(2);
    expect(r.err).toContain('did not finish within the 0.8 s deadline');
    expect(r.err).toContain('--timeout SECONDS');
    expect(r.err).toMatch(/not judged by the model \(\d\)/);
    const out = JSON.parse(r.out) as { meta: { model_error: { kind: string; claims_judged: number } } };
    expect(out.meta.model_error.kind).toBe('timeout');
    expect(out.meta.model_error.claims_judged).toBeGreaterThanOrEqual(1);
  });

  test('Ctrl+C in a model run stops sending, keeps what was judged, writes every output and the cost line', async () => {
    const dir = tempDir('citation-audit-interrupt-');
    const file = join(dir, 'cases.jsonl');
    const { c } = threeClaimCase();
    writeFileSync(file, [1, 2, 3, 4].map((i) => JSON.stringify({ ...c, id: `case-${i}` })).join('\n') + '\n');
    // The first case is judged whole; the second's reply stops after one claim and hangs there.
    anthropic.script({ kind: 'judge' }, { kind: 'judge', stallAfterClaims: 1 });
    const controller = new AbortController();
    let listening = 0;
    let out = '';
    let err = '';
    const io = {
      out: (s: string) => void (out += s),
      err: (s: string) => void (err += s),
      interrupts: () => {
        listening++;
        return { signal: controller.signal, dispose: () => void listening-- };
      },
    };
    const run = main([file, '--model', '--base-url', anthropic.url, '--format', 'json', '--junit', join(dir, 'junit.xml')], io);
    await vi.waitFor(() => expect(anthropic.calls('/v1/messages')).toHaveLength(2), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 200));
    controller.abort('SIGINT');
    expect(await run).toBe(130);
    expect(listening).toBe(0);
    expect(anthropic.calls('/v1/messages')).toHaveLength(2);
    const reports = out.trim().split('\n').map((l) => JSON.parse(l) as { meta: { case_id: string; model_error?: { kind: string; claims_judged: number }; usage?: { requests: number } } });
    expect(reports.map((r) => r.meta.case_id)).toEqual(['case-1', 'case-2']);
    expect(reports[0]!.meta.model_error).toBeUndefined();
    expect(reports[1]!.meta.model_error).toMatchObject({ kind: 'cancelled', claims_judged: 1 });
    expect(err).toMatch(/: 2 requests; input \d+ tokens/);
    expect(err).toContain('citation-audit: interrupted (SIGINT) after 2 cases');
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8').match(/<testcase /g)).toHaveLength(2);
  });

  test.runIf(process.platform !== 'win32')('Ctrl+C while the run waits for more input stops it at once', async () => {
    const dir = tempDir('citation-audit-interrupt-wait-');
    const fifo = join(dir, 'cases.jsonl');
    execFileSync('mkfifo', [fifo]);
    // A producer that sent one case and stays open (a slow pipeline, a terminal): the run waits.
    const producer = createWriteStream(fifo);
    producer.write(`${JSON.stringify(threeClaimCase().c)}\n`);
    const controller = new AbortController();
    const io = { out: () => {}, err: () => {}, interrupts: () => ({ signal: controller.signal, dispose: () => {} }) };
    const run = main([fifo, '--model', '--base-url', anthropic.url, '--format', 'json'], io);
    await new Promise((r) => setTimeout(r, 300));
    controller.abort('SIGINT');
    const code = await Promise.race([run, new Promise((r) => setTimeout(() => r('still waiting'), 3000))]);
    producer.destroy();
    await run;
    expect(code).toBe(130);
  });

  test.runIf(process.platform !== 'win32')('cases from a slow pipe are judged as they come, not when 64 have come', async () => {
    const dir = tempDir('citation-audit-slow-pipe-');
    const fifo = join(dir, 'cases.jsonl');
    execFileSync('mkfifo', [fifo]);
    // A pipeline that has written two cases so far and goes on running.
    const producer = createWriteStream(fifo);
    const { c } = threeClaimCase();
    producer.write([1, 2].map((i) => JSON.stringify({ ...c, id: `case-${i}` })).join('\n') + '\n');
    let out = '';
    const run = main([fifo, '--model', '--base-url', anthropic.url, '--format', 'json'], { out: (s) => void (out += s), err: () => {} });
    try {
      await vi.waitFor(() => expect(out.trim().split('\n').filter(Boolean)).toHaveLength(2), { timeout: 5000 });
      expect(anthropic.calls('/v1/messages')).toHaveLength(2);
    } finally {
      // The pipeline ends with a third case, failed test or not, so the run ends too.
      producer.end(`${JSON.stringify({ ...c, id: 'case-3' })}\n`);
    }
    // 1: the case's own verdict fails (no input or model error, which would be 2).
    expect(await run).toBe(1);
    expect(out.trim().split('\n').map((l) => (JSON.parse(l) as { meta: { case_id: string } }).meta.case_id)).toEqual(['case-1', 'case-2', 'case-3']);
  });

  test('a model run writes each report as soon as its case is judged, not when a buffer fills', async () => {
    const file = join(tempDir('citation-audit-flush-'), 'cases.jsonl');
    const { c } = threeClaimCase();
    writeFileSync(file, [1, 2, 3].map((i) => JSON.stringify({ ...c, id: `case-${i}` })).join('\n') + '\n');
    anthropic.script({ kind: 'judge' }, { kind: 'judge', stallAfterClaims: 1 }, { kind: 'judge' });
    let out = '';
    const run = main([file, '--model', '--base-url', anthropic.url, '--format', 'json', '--timeout', '1.5'], { out: (s) => void (out += s), err: () => {} });
    await vi.waitFor(() => expect(anthropic.calls('/v1/messages')).toHaveLength(2), { timeout: 5000 });
    // The second request hangs: the first case's paid report must already be out.
    expect(out.trim().split('\n').map((l) => (JSON.parse(l) as { meta: { case_id: string } }).meta.case_id)).toEqual(['case-1']);
    expect(await run).toBe(2);
    expect(out.trim().split('\n')).toHaveLength(3);
  });

  test('a run stopped by a closed standard output still counts the requests it paid for', async () => {
    const file = join(tempDir('citation-audit-epipe-'), 'cases.jsonl');
    const { c } = threeClaimCase();
    writeFileSync(file, [1, 2, 3].map((i) => JSON.stringify({ ...c, id: `case-${i}` })).join('\n') + '\n');
    // A reader that went away (`| head -1`): every write fails, as a closed pipe's does.
    const stdout = new Writable({ highWaterMark: 1, write: (_chunk, _enc, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })) });
    stdout.on('error', () => {});
    let err = '';
    const code = await main([file, '--model', '--base-url', anthropic.url, '--format', 'json'], { out: () => {}, err: (s) => void (err += s), stdout });
    expect(code).toBe(2);
    const paid = anthropic.calls('/v1/messages').length;
    expect(paid).toBeGreaterThan(0);
    expect(err).toContain('citation-audit: the run stopped: its output was closed');
    expect(err).toMatch(new RegExp(`: ${paid} requests?; input \\d+ tokens`));
  });

  test('an output file that cannot be written is said before a single request is paid for', async () => {
    const dir = tempDir('citation-audit-outdir-');
    const file = join(dir, 'cases.jsonl');
    writeFileSync(file, `${JSON.stringify(threeClaimCase().c)}\n`);
    const r = await runCli([file, '--model', '--base-url', anthropic.url, '--format', 'json', '--junit', join(dir, 'reports', 'junit.xml')]);
    expect(r.code).toBe(2);
    expect(anthropic.calls('/v1/messages')).toHaveLength(0);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^citation-audit: cannot write --junit .*reports\/junit\.xml: ENOENT/);
    const m = await runCli([file, '--model', '--base-url', anthropic.url, '--markdown', dir]);
    expect(m.code).toBe(2);
    expect(m.err).toContain(`cannot write --markdown ${dir}: it is a folder`);
    expect(anthropic.calls('/v1/messages')).toHaveLength(0);
  });

  test('an output that would overwrite an input or the other output is refused, and the input kept', async () => {
    const dir = tempDir('citation-audit-overwrite-');
    const file = join(dir, 'cases.jsonl');
    const text = `${JSON.stringify(threeClaimCase().c)}\n`;
    writeFileSync(file, text);
    const same = await runCli([file, '--junit', join(dir, '.', 'cases.jsonl')]);
    expect(same.code).toBe(2);
    expect(same.err).toContain('it is the input');
    expect(same.out).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(text);
    const twice = await runCli([file, '--junit', join(dir, 'out.txt'), '--markdown', join(dir, 'out.txt')]);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain(`cannot write --markdown ${join(dir, 'out.txt')}: --junit writes the same file`);
    // A batch's state in place of the input: it was refused as "not JSON; remove it", the input.
    const state = await runCli([file, '--model', '--base-url', anthropic.url, '--batch', '--state', file]);
    expect(state.code).toBe(2);
    expect(state.err).toContain(`cannot write --state ${file}: it is the input`);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  test('a refused key stops the run sending: the later cases are not sent, each report says so', async () => {
    const file = join(tempDir('citation-audit-refused-'), 'cases.jsonl');
    const { c } = threeClaimCase();
    writeFileSync(file, [1, 2, 3].map((i) => JSON.stringify({ ...c, id: `case-${i}` })).join('\n') + '\n');
    anthropic.script({ kind: 'error', preset: 'authentication' });
    const r = await runCli([file, '--model', '--base-url', anthropic.url, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(anthropic.calls('/v1/messages')).toHaveLength(1);
    const errors = r.out.trim().split('\n').map((l) => (JSON.parse(l) as { meta: { model_error?: { kind: string; message: string; claims_judged: number } } }).meta.model_error);
    expect(errors.map((e) => e?.kind)).toEqual(['auth', 'auth', 'auth']);
    expect(errors[1]).toMatchObject({ claims_judged: 0, claims_left: 3, message: expect.stringMatching(/^Not sent to the model, after the same failure at .*\(case-1\): The API key was not accepted \(401\)\. Check ANTHROPIC_API_KEY/) });
    expect(r.err).toMatch(/the cases after .*\(case-1\) are not sent to the model/);
    expect(r.err.match(/model audit failed/g)).toHaveLength(1);
  });

  test('a server that answers nothing for three cases in a row stops the run sending; one reply resets the count', async () => {
    const file = join(tempDir('citation-audit-silent-'), 'cases.jsonl');
    const { c } = threeClaimCase();
    writeFileSync(file, [1, 2, 3, 4, 5, 6, 7].map((i) => JSON.stringify({ ...c, id: `case-${i}` })).join('\n') + '\n');
    // The third request is answered; every other one is taken and never answered.
    let n = 0;
    const h = await startHostile(async (req, res, body) => {
      if (++n !== 3) return;
      const honest = await relay(upstream('anthropic'), req, body);
      res.writeHead(honest.status, { 'content-type': honest.contentType });
      res.end(honest.text);
    });
    const r = await runCli([file, '--model', '--base-url', h.url, '--timeout', '0.3', '--format', 'json']);
    expect(r.code).toBe(2);
    // Cases 1, 2 silent; 3 judged; 4, 5, 6 silent: three in a row, so case 7 is not sent.
    expect(h.seen).toHaveLength(6);
    const errors = r.out.trim().split('\n').map((l) => (JSON.parse(l) as { meta: { model_error?: { kind: string; message: string; claims_judged: number } } }).meta.model_error);
    expect(errors.map((e) => e?.kind)).toEqual(['timeout', 'timeout', undefined, 'timeout', 'timeout', 'timeout', 'timeout']);
    expect(errors[6]).toMatchObject({ claims_judged: 0, message: expect.stringMatching(/^Not sent to the model, after the same failure at .*\(case-6\)/) });
    expect(r.err).toMatch(/the server sent no reply to 3 cases in a row, up to .*\(case-6\)/);
    expect(r.err.match(/model audit failed/g)).toHaveLength(5);
  });

  test('--timeout takes seconds above 0', async () => {
    for (const bad of ['0', '-1', 'soon']) {
      const r = await runCli(['x.json', '--model', '--timeout', bad]);
      expect(r.code).toBe(2);
      expect(r.err).toContain('--timeout takes a number of seconds');
    }
  });

  test('judgeCase takes timeoutMs', async () => {
    const h = await startHostile(silent);
    const { c } = threeClaimCase();
    const err = await judgeCase(c, { apiKey: KEY, baseURL: h.url, timeoutMs: 400 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JudgeError);
    expect((err as JudgeError).kind).toBe('timeout');
    expect((err as JudgeError).message).toContain('sent no reply in 0.4 s');
    await expect(judgeCase(c, { apiKey: KEY, timeoutMs: -5 })).rejects.toThrow(TypeError);
  });
});
