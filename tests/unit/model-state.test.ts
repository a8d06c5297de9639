// ModelAudit, the page's model state: key handling, runs, stale answers, cancel, failures.
import { describe, expect, test } from 'vitest';
import { ModelAudit } from '../../src/state/model/model.svelte';
import { memoryStore } from '../factories/memoryStore';
import { MODEL_API_KEY_KEY, MODEL_SETTINGS_KEY } from '../../src/model/constants';
import { ModelError } from '../../src/model/errors';
import type { ModelRun, ModelRunOptions } from '../../src/model/run';
import type { AuditCase, ModelResults, Report } from '../../src/core/types';
import { modelHost } from '../server/factories';
import type { FakeAnthropic } from '../server/fake-anthropic';
import { testKey, useFakeAnthropic } from '../server/harness';

const KEY = testKey('STATE-KEY');


function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const results = (verdict: 'fully_supported' | 'not_supported', claims = [0, 1, 2]): ModelResults => ({
  model: 'claude-sonnet-5-5',
  judgements: claims.map((i) => ({
    claim_index: i,
    support: [{ chunk_id: `c${i + 1}`, verdict, supporting_phrase: '', missing_or_extra: '', decision_basis: 'b' }],
    joint_verdict: verdict,
  })),
});

describe('the key', () => {
  test('stays in memory unless the user opts in; forget removes it everywhere', () => {
    const store = memoryStore();
    const m = new ModelAudit(modelHost(), { store });
    m.setApiKey(KEY);
    expect(m.hasKey).toBe(true);
    expect(store.get(MODEL_API_KEY_KEY)).toBeNull();
    expect(store.get(MODEL_SETTINGS_KEY) ?? '').not.toContain(KEY);
    expect(JSON.stringify(m)).not.toContain(KEY);
    expect(m.maskedKey).toBe(`\u2022\u2022\u2022\u2022${KEY.slice(-4)}`);

    m.setRememberKey(true);
    expect(store.get(MODEL_API_KEY_KEY)).toBe(KEY);
    expect(new ModelAudit(modelHost(), { store }).hasKey).toBe(true);

    m.forgetKey();
    expect(m.hasKey).toBe(false);
    expect(store.get(MODEL_API_KEY_KEY)).toBeNull();
    expect(m.settings.rememberKey).toBe(false);
    expect(new ModelAudit(modelHost(), { store }).hasKey).toBe(false);
  });

  test('turning "remember" off erases the stored key but keeps it for this session', () => {
    const store = memoryStore();
    const m = new ModelAudit(modelHost(), { store });
    m.setRememberKey(true);
    m.setApiKey(KEY);
    expect(store.get(MODEL_API_KEY_KEY)).toBe(KEY);
    m.setRememberKey(false);
    expect(store.get(MODEL_API_KEY_KEY)).toBeNull();
    expect(m.hasKey).toBe(true);
  });

  test('settings persist without the key', () => {
    const store = memoryStore();
    const m = new ModelAudit(modelHost(), { store });
    m.setApiKey(KEY);
    m.setModel('claude-opus-5-5');
    m.setStrict(true);
    m.setBaseURL('http://127.0.0.1:4402');
    const again = new ModelAudit(modelHost(), { store });
    expect(again.settings).toMatchObject({ model: 'claude-opus-5-5', strict: true, baseURL: 'http://127.0.0.1:4402' });
    expect(again.hasKey).toBe(false);
  });

  test('without a key, run says what to do', async () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    await m.run();
    expect(m.status).toBe('error');
    expect(m.error?.kind).toBe('no_key');
    expect(m.error?.action).toMatch(/API key/);
  });
});

describe('runs', () => {
  test('progress and the final report go to the workbench with the judged revision', async () => {
    const h = modelHost();
    const run = async (c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
      o.onProgress?.({ phase: 'streaming', pass: 0, passes: 1, batch: 0, batches: 1, claimsJudged: 1, claimsTotal: 3, results: results('fully_supported', [0]) });
      return { results: results('fully_supported'), report: { ...report, summary: 'final' }, mode: 'output_config', plan: {} as never };
    };
    const m = new ModelAudit(h, { store: memoryStore(), run });
    m.setApiKey(KEY);
    await m.run();
    expect(m.status).toBe('done');
    expect(h.reports).toHaveLength(2);
    expect(h.reports[0]!.r!.claims[0]!.support?.[0]?.chunk_id).toBe('c1');
    expect(h.reports[0]!.r!.claims[1]!.support).toBeUndefined();
    expect(h.reports[1]!.r!.summary).toBe('final');
    expect(h.reports.every((x) => x.rev === 1)).toBe(true);
    expect(m.results?.judgements).toHaveLength(3);
    h.revision = 2;
    expect(m.results).toBeNull();
  });

  test('a newer run makes the older one\u2019s late answer stale', async () => {
    const h = modelHost();
    const first = deferred<ModelRun>();
    const second = deferred<ModelRun>();
    const signals: AbortSignal[] = [];
    const queue = [first, second];
    const run = (_c: AuditCase, _r: Report, o: ModelRunOptions) => {
      signals.push(o.signal!);
      return queue.shift()!.promise;
    };
    const m = new ModelAudit(h, { store: memoryStore(), run });
    m.setApiKey(KEY);
    const p1 = m.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(signals).toHaveLength(1);
    const p2 = m.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(signals[0]!.aborted).toBe(true);
    second.resolve({ results: results('not_supported'), report: { ...h.localReport!, summary: 'second' }, mode: 'output_config', plan: {} as never });
    await p2;
    // The first run answers late anyway: it must be dropped.
    first.resolve({ results: results('fully_supported'), report: { ...h.localReport!, summary: 'first' }, mode: 'output_config', plan: {} as never });
    await p1;
    expect(h.reports.map((x) => x.r?.summary)).toEqual(['second']);
    expect(m.results?.judgements[0]!.joint_verdict).toBe('not_supported');
    expect(m.status).toBe('done');
  });

  test('a failure keeps the partial results and explains itself', async () => {
    const h = modelHost();
    const run = async (): Promise<ModelRun> => {
      const e = new ModelError({ kind: 'overloaded', status: 529 });
      e.partial = results('fully_supported', [0, 1]);
      throw e;
    };
    const m = new ModelAudit(h, { store: memoryStore(), run });
    m.setApiKey(KEY);
    await m.run();
    expect(m.status).toBe('error');
    expect(m.error?.title).toMatch(/overloaded/);
    expect(h.reports.at(-1)!.r!.claims.filter((c) => c.support).length).toBe(2);
  });

  test('an error is about its case: another case loaded, the error box goes', async () => {
    const h = modelHost();
    const run = async (): Promise<ModelRun> => {
      throw new ModelError({ kind: 'overloaded', status: 529 });
    };
    const m = new ModelAudit(h, { store: memoryStore(), run });
    m.setApiKey(KEY);
    await m.run();
    expect(m.shownError?.kind).toBe('run');
    h.caseLoads++;
    h.revision++;
    expect(m.error).toBeNull();
    expect(m.shownError).toBeNull();
  });

  test('Czech UI gets Czech error messages', async () => {
    const h = { ...modelHost(), settings: { uiLanguage: 'cs' as const } };
    const run = async (): Promise<ModelRun> => {
      throw new ModelError({ kind: 'auth', status: 401 });
    };
    const m = new ModelAudit(h, { store: memoryStore(), run });
    m.setApiKey(KEY);
    await m.run();
    expect(m.error?.title).toMatch(/klíč/);
  });
});

describe('against the fake server', () => {
  let server: FakeAnthropic;
  useFakeAnthropic((s) => (server = s));

  test('count tokens, run, cancel', async () => {
    const h = modelHost();
    const m = new ModelAudit(h, { store: memoryStore() });
    m.setApiKey(KEY);
    m.setBaseURL(server.url);
    await m.countTokens();
    expect(m.estimate?.inputTokens).toBeGreaterThan(100);
    expect(m.estimate?.usd).toBeGreaterThan(0);
    h.revision = 2;
    expect(m.estimate).toBeNull();

    await m.run();
    expect(m.status).toBe('done');
    expect(h.reports.at(-1)!.r!.meta.checked_by).toBe('model');

    server.script({ kind: 'judge', delayMs: 20 });
    const p = m.run();
    await new Promise((r) => setTimeout(r, 60));
    m.cancel();
    await p;
    expect(m.status).toBe('cancelled');
    expect(m.error?.kind).toBe('cancelled');
  });

  test('a cut reply: the judged claims stay, and "judge the remaining" asks for the rest only', async () => {
    const h = modelHost();
    const m = new ModelAudit(h, { store: memoryStore() });
    m.setApiKey(KEY);
    m.setBaseURL(server.url);
    // Cut on every attempt: a connection that fails before the reply began is retried.
    const cut = { kind: 'judge', cutAfterClaims: 2, delayMs: 5 } as const;
    server.script(cut, cut, cut);
    await m.run();
    expect(m.status).toBe('error');
    expect(m.error?.kind).toBe('stream_cut');
    expect(m.error?.title).toBe('The connection was cut after 2 of 3 claims were judged.');
    expect(m.error?.text).not.toMatch(/reload|CORS/i);
    expect(m.results?.judgements.map((j) => j.claim_index)).toEqual([0, 1]);
    expect(h.reports.at(-1)!.r!.claims[1]!.support?.length).toBe(1);
    expect(m.remaining).toBe(1);

    server.reset();
    await m.judgeRemaining();
    expect(m.status).toBe('done');
    expect(m.remaining).toBe(0);
    expect(m.results?.judgements.map((j) => j.claim_index)).toEqual([0, 1, 2]);
    const calls = server.calls('/v1/messages');
    expect(calls).toHaveLength(1);
    expect(JSON.stringify((calls[0]!.body as { messages: unknown }).messages)).not.toMatch(/\\"claim_index\\":[01]\b/);
    expect(h.reports.at(-1)!.r!.dimensions.accurate.status).toBe('FAIL');
  });

  test('the remaining claims belong to the input they were judged on', async () => {
    const h = modelHost();
    const m = new ModelAudit(h, { store: memoryStore() });
    m.setApiKey(KEY);
    m.setBaseURL(server.url);
    server.script({ kind: 'judge', cutAfterClaims: 1, delayMs: 5 });
    await m.run();
    expect(m.remaining).toBe(2);
    h.revision = 2;
    expect(m.remaining).toBe(0);
  });

  test('a 401 from the server becomes the key message', async () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    m.setApiKey(['sk', 'ant', 'invalid-key'].join('-'));
    m.setBaseURL(server.url);
    await m.run();
    expect(m.error?.kind).toBe('auth');
    expect(m.error?.title).toMatch(/not accepted/);
  });

  test('the model list is loaded with the key', async () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    m.setApiKey(KEY);
    m.setBaseURL(server.url);
    await m.loadModels();
    expect(m.models.map((x) => x.id)).toContain('fake-unpriced-model');
    expect(m.modelsError).toBeNull();
  });
});

describe('inputs that cannot be read', () => {
  // Chunks with a JSON error leave nothing to judge: a run would be paid for and report
  // "0 claims judged". Nothing is sent, and the error says which input and where.
  test('run and count send nothing and say which input to fix', async () => {
    const base = modelHost();
    const h = { ...base, localReport: { ...base.localReport!, meta: { ...base.localReport!.meta, unreadable: [{ input: 'chunks' as const, message: 'line 2, column 5: Expected a comma' }] } } };
    let sent = 0;
    const m = new ModelAudit(h, {
      store: memoryStore(),
      run: () => {
        sent++;
        return Promise.reject(new Error('sent'));
      },
      estimate: () => {
        sent++;
        return Promise.reject(new Error('sent'));
      },
    });
    m.setApiKey(KEY);
    await m.run();
    expect(sent).toBe(0);
    expect(m.status).toBe('error');
    expect(m.error?.kind).toBe('unreadable_input');
    expect(m.error?.title).toMatch(/Chunks cannot be read/);
    expect(m.error?.detail).toContain('line 2, column 5');
    await m.countTokens();
    expect(sent).toBe(0);
    expect(m.estimateError?.kind).toBe('unreadable_input');
  });
});

describe('the Base URL', () => {
  test('one with a name or password in it is flagged, one without is not', () => {
    const m = new ModelAudit(modelHost(), { store: memoryStore() });
    m.setBaseURL('https://me:hunter22@proxy.example/anthropic');
    expect(m.baseURLHasCredentials).toBe(true);
    m.setBaseURL('https://proxy.example/anthropic');
    expect(m.baseURLHasCredentials).toBe(false);
  });
});
