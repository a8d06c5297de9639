// The library's functions against what the CLI prints for the same input, and its judge against
// the fake Messages API (tests/server): the same reports, the key never in an error or a report.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli';
import { useCliEnv } from '../../tests/unit/cli-harness';
import { testKey, useFakeAnthropic } from '../../tests/server/harness';
import type { FakeAnthropic } from '../../tests/server/fake-anthropic';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/server/fake-openai';
import { auditCase, judgeCase, JudgeError, parseCase, parseDataset, renderReport, version, type AuditCase, type AuditOptions, type JudgeOptions, type Report } from './index';
import { tempDir } from '../../tests/factories/tempDir';

const SHARED = join(process.cwd(), '..', 'shared', 'cases');

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const chunks = [{ id: '1', text: 'Paris is the capital of France.' }];
const good: AuditCase = { id: 'good', query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks };
const unsupported: AuditCase = { id: 'bad', query: 'Which city?', answer: 'Berlin hosts seventeen purple elephants [1].', chunks };

describe('auditCase', () => {
  it('gives the report the CLI prints as JSON, for every shared case and with options', async () => {
    if (!existsSync(SHARED)) {
      if (process.env.CI === 'true') throw new Error(`missing ${SHARED}`);
      return;
    }
    const files = readdirSync(SHARED).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(join(SHARED, f), 'utf8');
      const parsed = parseCase(text);
      expect(parsed.errors, f).toEqual([]);
      for (const [args, options] of [
        [[], {}],
        [['--citation-scope', 'paragraph', '--lang', 'en'], { citationScope: 'paragraph', language: 'en' }],
      ] as const) {
        const printed = await cli([join(SHARED, f), '--format', 'json', ...args]);
        expect(JSON.parse(renderReport(auditCase(parsed.case!, options), 'json')), f).toEqual(JSON.parse(printed.out));
      }
    }
  });

  it('refuses what is not a case with every problem, and reads the aliases the CLI reads', () => {
    expect(() => auditCase({ query: 'q' } as unknown as AuditCase)).toThrow(/^Not an audit case: .*answer/);
    expect(() => auditCase('{"query":"q"}' as unknown as AuditCase)).toThrow(TypeError);
    const aliased = { question: good.query, response: good.answer, contexts: chunks } as unknown as AuditCase;
    expect(auditCase(aliased).claims).toEqual(auditCase(good).claims);
  });

  it('refuses an option value it does not take, naming the option and the values it takes', async () => {
    // The CLI's --require-style name, an unknown language: each was read as something else before.
    expect(() => auditCase(good, { requiredStyle: 'cite' as 'latex_cite' })).toThrow(
      new TypeError(`AuditOptions: requiredStyle takes 'auto', 'latex_cite', 'bracket_number', 'bracket_id', 'footnote', 'fullwidth', 'longcite', not "cite"`),
    );
    expect(() => auditCase(good, { language: 'de' as 'en' })).toThrow(new TypeError(`AuditOptions: language takes 'auto', 'en', 'cs', not "de"`));
    expect(() => auditCase(good, { fallbackLanguage: 'auto' as 'en' })).toThrow(/^AuditOptions: fallbackLanguage takes 'en', 'cs', not "auto"$/);
    expect(() => auditCase(good, { citationScope: 'para' as 'paragraph' })).toThrow(/^AuditOptions: citationScope takes 'sentence', 'paragraph', not "para"$/);
    expect(() => auditCase(good, null as unknown as AuditOptions)).toThrow(/^AuditOptions: expected an object such as \{ language: 'en' \}, got null$/);
    expect(() => auditCase(good, 'paragraph' as unknown as AuditOptions)).toThrow(/got the string "paragraph"$/);
    // Before any request: no server is named, and none would be reached.
    await expect(judgeCase(good, { apiKey: testKey('lib'), baseURL: 'http://127.0.0.1:9', audit: { requiredStyle: 'brackets' as 'bracket_number' } })).rejects.toThrow(TypeError);
    expect(auditCase(good, { requiredStyle: 'bracket_number', language: 'auto', fallbackLanguage: 'cs', citationScope: 'paragraph' }).verdict).not.toBe('FAIL');
  });

  it('stamps the version and the hashes that let `citation-audit diff` pair runs', () => {
    const r = auditCase(good);
    expect(r.meta.tool_version).toBe(version);
    expect(r.meta.input_hash).toMatch(/^[0-9a-f]+$/);
    expect(r.meta.query_hash).toMatch(/^[0-9a-f]+$/);
  });
});

describe('parseCase and parseDataset', () => {
  it('say what they were given when it is not text', () => {
    const bytes = Buffer.from(JSON.stringify(good));
    expect(() => parseCase(bytes as unknown as string)).toThrow(new TypeError("parseCase: expected JSON text (a string), got bytes (a Buffer: read the file with the encoding, e.g. readFileSync(file, 'utf8'))"));
    expect(() => parseDataset(bytes as unknown as string)).toThrow(/^parseDataset: expected JSON text \(a string\), got bytes/);
    expect(() => parseCase(good as unknown as string)).toThrow(new TypeError('parseCase: expected JSON text (a string), got an object (auditCase takes a case object)'));
    expect(() => parseDataset(undefined as unknown as string)).toThrow(new TypeError('parseDataset: expected JSON text (a string), got undefined'));
  });

  it('say where the text is wrong', () => {
    const p = parseCase('{\n  "query": "q",\n  "answer": 3\n}');
    expect(p.case).toBeUndefined();
    expect(p.errors[0]).toMatchObject({ line: 3 });
    const d = parseDataset(`${JSON.stringify(good)}\nnot json\n${JSON.stringify(unsupported)}\n`);
    expect(d.cases.map((c) => c.id)).toEqual(['good', 'bad']);
    expect(d.lines).toEqual([1, 3]);
    expect(d.errors[0]).toMatchObject({ line: 2 });
  });
});

describe('renderReport', () => {
  it('writes the CLI’s formats, for one report or several', async () => {
    const dir = tempDir('citation-auditor-lib-');
    const file = join(dir, 'two.jsonl');
    writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify({ ...unsupported, answer: 'Berlin [2].' })}\n`);
    const reports = parseDataset(readFileSync(file, 'utf8')).cases.map((c) => auditCase(c));
    expect(renderReport(reports, 'json')).toBe((await cli([file, '--format', 'json'])).out);
    expect(renderReport(reports, 'junit')).toMatch(/<testsuites?[\s\S]*<testcase [\s\S]*<failure /);
    expect(renderReport(reports, 'markdown')).toMatch(/^### ❌ Citation audit\n/);
    expect(renderReport(reports[0]!)).toMatch(/^PASS|^INCOMPLETE/);
    expect(() => renderReport(reports, 'xml' as 'json')).toThrow(/unknown format "xml"/);
  });

  it('names the argument when it is not a report, instead of failing deep inside', () => {
    const r = auditCase(good);
    expect(() => renderReport(undefined as unknown as Report)).toThrow(new TypeError('renderReport: reports is not a report (what auditCase or judgeCase returns, or a list of them): got undefined'));
    expect(() => renderReport(null as unknown as Report, 'json')).toThrow(/^renderReport: reports is not a report .*got null$/);
    expect(() => renderReport(good as unknown as Report)).toThrow(/^renderReport: reports is not a report .*got a case \(pass it to auditCase first\)$/);
    expect(() => renderReport([r, {} as Report], 'junit')).toThrow(/^renderReport: reports\[1\] is not a report .*an object without verdict, claims, meta$/);
    expect(() => renderReport('PASS' as unknown as Report, 'markdown')).toThrow(/got the string "PASS"$/);
  });
});

describe('judgeCase against the fake Messages API', () => {
  let server: FakeAnthropic;
  useFakeAnthropic((s) => (server = s));
  useCliEnv(() => ({ ANTHROPIC_API_KEY: testKey('lib'), ANTHROPIC_BASE_URL: server.url }));

  it('gives the report `citation-audit --model` prints', async () => {
    for (const c of [good, unsupported]) {
      const dir = tempDir('citation-auditor-lib-');
      writeFileSync(join(dir, 'case.json'), JSON.stringify(c));
      const printed = JSON.parse((await cli([join(dir, 'case.json'), '--model', '--format', 'json'])).out);
      const report = await judgeCase(c, { provider: 'anthropic', apiKey: testKey('lib'), baseURL: server.url });
      expect(report.meta.checked_by).toBe('model');
      expect(JSON.parse(renderReport(report, 'json'))).toEqual(printed);
    }
    expect((await judgeCase(unsupported, { apiKey: testKey('lib'), baseURL: server.url })).verdict).toBe('FAIL');
  });

  it('judges each claim K times when asked, and refuses a K or rule it cannot take, saying which and why', async () => {
    const report = await judgeCase(good, { apiKey: testKey('lib'), baseURL: server.url, repeat: 3, repeatRule: 'majority' });
    expect(server.calls('/v1/messages')).toHaveLength(3);
    expect(report.meta.stability).toMatchObject({ k: 3, rule: 'majority', unstable: 0 });
    expect(report.claims.find((cl) => cl.support)?.support?.[0]?.verdicts).toHaveLength(3);
    await expect(judgeCase(good, { apiKey: testKey('lib'), baseURL: server.url, repeat: 0 })).rejects.toThrow('judgeCase: repeat takes a whole number of judgements per claim from 1 to 10, not 0');
    await expect(judgeCase(good, { apiKey: testKey('lib'), baseURL: server.url, repeat: 2, repeatRule: 'mean' as 'majority' })).rejects.toThrow(
      `judgeCase: repeatRule takes 'stricter' or 'majority', not "mean"`,
    );
    expect(server.calls('/v1/messages')).toHaveLength(3);
  });

  it('tells how it goes, and is cancelled by its signal', async () => {
    const phases: string[] = [];
    await judgeCase(good, { apiKey: testKey('lib'), baseURL: server.url, strict: true, onProgress: (p) => phases.push(`${p.phase} ${p.pass}/${p.passes}`) });
    expect(phases).toContain('done 1/2');
    const stop = new AbortController();
    stop.abort();
    const e = await judgeCase(good, { apiKey: testKey('lib'), baseURL: server.url, signal: stop.signal }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(JudgeError);
    expect((e as JudgeError).kind).toBe('cancelled');
  });

  it('rejects with a JudgeError that keeps the local report and never quotes the key', async () => {
    const key = testKey('invalid');
    const e = await judgeCase(good, { apiKey: key, baseURL: server.url }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(JudgeError);
    const j = e as JudgeError;
    expect(j.kind).toBe('auth');
    expect(j.status).toBe(401);
    expect(j.report.meta.checked_by).toBe('local');
    expect(j.report.meta.model_error).toMatchObject({ kind: 'auth', claims_judged: 0 });
    // The local claims, each marked by the ledger as left unjudged because the run stopped.
    expect(j.report.claims.map(({ decided_by: _d, unjudged_reason: _r, ...cl }) => cl)).toEqual(auditCase(good).claims);
    expect(j.report.claims[0]).toMatchObject({ decided_by: 'unjudged', unjudged_reason: 'cut' });
    expect(`${j.message} ${JSON.stringify(j.report)} ${String(j.stack)}`).not.toContain(key);
    // Words for a program: the page's settings and the CLI's variables are not named.
    expect(j.message).not.toMatch(/ANTHROPIC_API_KEY|Settings|reload/i);
  });

  it('refuses an unknown provider and a missing key before anything is sent', async () => {
    await expect(judgeCase(good, { provider: 'other' as 'anthropic', apiKey: 'x' })).rejects.toThrow(/unknown provider "other"/);
    await expect(judgeCase(good, {} as { apiKey: string })).rejects.toThrow(/apiKey must be a string/);
    // A JavaScript caller's wrong types are named before anything is sent, not failed deep inside
    // (a signal that was not an AbortSignal crashed the process from a timer).
    const key = testKey('lib');
    const no = (o: unknown) => judgeCase(good, o as JudgeOptions);
    await expect(no(undefined)).rejects.toThrow(/^judgeCase: options must be an object such as \{ apiKey \}, got undefined$/);
    await expect(no({ apiKey: key, baseURL: server.url, model: 5 })).rejects.toThrow(/^judgeCase: model must be a string when given, got number$/);
    await expect(no({ apiKey: key, baseURL: 5 })).rejects.toThrow(/^judgeCase: baseURL must be a string/);
    await expect(no({ apiKey: key, baseURL: server.url, signal: {} })).rejects.toThrow(/^judgeCase: signal must be an AbortSignal/);
    await expect(no({ apiKey: key, baseURL: server.url, onProgress: 'log' })).rejects.toThrow(/^judgeCase: onProgress must be a function when given, got the string "log"$/);
    await expect(no({ apiKey: key, baseURL: server.url, strict: 'yes' })).rejects.toThrow(/^judgeCase: strict must be true or false/);
    await expect(no({ apiKey: key, baseURL: server.url, audit: 'paragraph' })).rejects.toThrow(/^judgeCase: audit must be an object of AuditOptions/);
    // Past 2^31 - 1 ms Node's timer fires at once: every request "timed out" in milliseconds.
    await expect(no({ apiKey: key, baseURL: server.url, timeoutMs: 3e9 })).rejects.toThrow(/^judgeCase: timeoutMs must be a number of milliseconds above 0, up to 86400000 \(a day\), not 3000000000$/);
    await expect(no({ apiKey: key, baseURL: server.url, timeoutMs: Infinity })).rejects.toThrow(/^judgeCase: timeoutMs must be/);
    // A password in the address: fetch refuses it, and its message quoted the address whole.
    const viaProxy = await judgeCase(good, { provider: 'openai', baseURL: server.url.replace('http://', 'http://bob:s3cret-pw@') }).catch((e: Error) => e);
    expect(viaProxy).toBeInstanceOf(TypeError);
    expect((viaProxy as Error).message).toMatch(/^judgeCase: baseURL holds a user name or password \(user:…@host\)/);
    expect((viaProxy as Error).message).not.toContain('s3cret-pw');
    expect(server.calls('/v1/messages')).toHaveLength(0);
  });
});

describe('judgeCase with an OpenAI-compatible server', () => {
  let server: FakeOpenAI;
  beforeAll(async () => {
    server = await startFakeOpenAI();
  });
  afterAll(async () => {
    await server.close();
  });
  useCliEnv(() => ({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '' }));

  it('gives the report `citation-audit --model --provider openai` prints, with no key for a local server', async () => {
    for (const c of [good, unsupported]) {
      const dir = tempDir('citation-auditor-lib-');
      writeFileSync(join(dir, 'case.json'), JSON.stringify(c));
      const printed = JSON.parse((await cli([join(dir, 'case.json'), '--model', 'llama3.1:8b', '--provider', 'openai', '--base-url', server.url, '--format', 'json'])).out);
      const report = await judgeCase(c, { provider: 'openai', baseURL: server.url, model: 'llama3.1:8b' });
      expect(report.meta.checked_by).toBe('model');
      expect(JSON.parse(renderReport(report, 'json'))).toEqual(printed);
    }
    const calls = server.calls('/v1/chat/completions');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((x) => x.headers.authorization === undefined)).toBe(true);
    expect((await judgeCase(unsupported, { provider: 'openai', baseURL: server.url, model: 'llama3.1:8b' })).verdict).toBe('FAIL');
  });

  it("asks for a key on OpenAI's own API before anything is sent", async () => {
    await expect(judgeCase(good, { provider: 'openai' })).rejects.toThrow(/needs apiKey/);
  });
});
