import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import { applyModelResults } from '../../core/report/report';
import type { AuditCase, ModelResults, Report } from '../../core/types';
import type { ModelRun, ModelRunOptions } from '../../model/run';
import type { DatasetMeta } from '../../store/datasets';
import type { AnnotationLabel } from '../../store/schemas';
import { DatasetRun, type WorkerLike } from './datasetRun.svelte';
import { AppDb } from '../../store/db';
import { localResult, runJob, type JobReply, type JobRequest } from './datasetRunJob';
import { DatasetModelRun } from './modelRun.svelte';
import { pool, spread } from './modelRunParts';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { towerCase } from '../../../tests/factories/audits';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function sharedLine(name: string): string {
  return JSON.stringify(JSON.parse(readFileSync(path.resolve(process.cwd(), '../shared/cases', `${name}.json`), 'utf8')));
}

const simpleCase = (i: number): AuditCase => towerCase(i, 's');

/** The worker protocol run in-process; terminate() stops the job between cases. */
function inProcessWorker(db: AppDb, opts: { batchCases?: number; gate?: () => Promise<void> } = {}): { make: () => WorkerLike; requests: JobRequest[] } {
  const requests: JobRequest[] = [];
  const make = (): WorkerLike => {
    let stopped = false;
    const w: WorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage(msg) {
        requests.push(msg);
        void runJob(
          msg,
          db,
          (r: JobReply) => {
            if (!stopped) w.onmessage?.({ data: r } as MessageEvent<JobReply>);
          },
          { batchCases: opts.batchCases ?? 2, flushMs: 1e9, cancelled: () => stopped },
        );
      },
      terminate() {
        stopped = true;
      },
    };
    return w;
  };
  return { make, requests };
}

function setup(opts: { db?: AppDb; batchCases?: number; applyEveryMs?: number } = {}) {
  const db = opts.db ?? new AppDb(`ds-${Math.random().toString(36).slice(2)}`);
  const worker = inProcessWorker(db, opts);
  const stored: AnnotationLabel[] = [];
  const opened: { c: AuditCase; origin: string; model: ModelResults | null }[] = [];
  const run = new DatasetRun({
    db,
    createWorker: worker.make,
    host: {
      settings: () => ({ requiredStyle: 'auto', language: 'auto' }),
      openCase: (c, origin, model) => opened.push({ c, origin, model }),
      storeLabels: async (ls) => {
        stored.push(...ls);
      },
    },
    pageSize: 2,
    ...(opts.applyEveryMs !== undefined ? { applyEveryMs: opts.applyEveryMs } : {}),
  });
  cleanups.push(async () => {
    run.dispose();
    if (!opts.db) {
      db.close();
      await Dexie.delete(db.name);
    }
  });
  return { db, run, stored, opened, worker };
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const datasetText = [
  JSON.stringify(simpleCase(1)),
  '{"query": "broken", ',
  sharedLine('attributionbench_hagrid_can_you_vote_at_16_years_in_argentina'),
  JSON.stringify(simpleCase(2)),
  '',
  JSON.stringify(simpleCase(3)),
].join('\n');

describe('DatasetRun: local checks over a dataset', () => {
  it('parses, audits every case, keeps the line numbers, reports the broken line and stores reference labels', async () => {
    const { run, stored } = setup();
    run.importText('mixed.jsonl', datasetText);
    await until(() => run.status === 'done');
    expect(run.meta).toMatchObject({ name: 'mixed.jsonl', size: 4, errorCount: 1 });
    expect(run.meta!.errors[0]!.line).toBe(2);
    expect(run.rows.map((r) => [r.index, r.line, r.case_id])).toEqual([
      [0, 1, 's1'],
      [1, 3, 'attributionbench_hagrid_can_you_vote_at_16_years_in_argentina'],
      [2, 4, 's2'],
      [3, 6, 's3'],
    ]);
    expect(run.progress).toEqual({ done: 4, total: 4 });
    expect(run.stats!.audited).toBe(4);
    // The HAGRID case's labels became the reference annotator's.
    expect(stored).toHaveLength(7);
    expect(stored.every((l) => l.annotator === 'reference' && l.caseKey === 'id:attributionbench_hagrid_can_you_vote_at_16_years_in_argentina')).toBe(true);
    // Pairs to label: 2 per simple case, 8 cited pairs of the HAGRID case.
    expect(run.targets).toHaveLength(2 + 8 + 2 + 2);
    expect(run.targets[0]).toMatchObject({ caseIndex: 0, caseKey: 'id:s1', claimIndex: 0, chunkId: '1', cited: true });
    expect(run.metrics.cases).toBe(4);
    expect(run.pendingModel()).toEqual([0, 1, 2, 3]);
  });

  it('sorts, filters and pages the table, and opens a case in the workbench', async () => {
    const { run, opened } = setup();
    run.importText('mixed.jsonl', datasetText);
    await until(() => run.status === 'done');
    expect(run.pageCount).toBe(2);
    expect(run.pageRows.map((r) => r.index)).toEqual([0, 1]);
    run.goPage(1);
    expect(run.pageRows.map((r) => r.index)).toEqual([2, 3]);
    run.sortBy('index');
    expect(run.sortDir).toBe('desc');
    expect(run.page).toBe(0);
    expect(run.pageRows.map((r) => r.index)).toEqual([3, 2]);
    run.setFilter({ verdict: 'FAIL' });
    expect(run.tableRows.map((r) => r.case_id)).toEqual(['attributionbench_hagrid_can_you_vote_at_16_years_in_argentina']);
    expect(await run.openCase(2)).toBe(true);
    expect(opened[0]!.c.id).toBe('s2');
    expect(opened[0]!.origin).toBe('dataset:mixed.jsonl#4');
    expect(run.resultsCsv().split('\r\n')).toHaveLength(6);
    expect(run.resultsJsonl().trim().split('\n').map((l) => JSON.parse(l).index)).toEqual([0, 1, 2, 3]);
    expect(run.exportName('csv')).toBe('mixed-results.csv');
  });

  it('cancel keeps what was done; after a reload the run continues with the rest and nothing twice', async () => {
    const db = new AppDb(`ds-${Math.random().toString(36).slice(2)}`);
    cleanups.push(async () => {
      db.close();
      await Dexie.delete(db.name);
    });
    const text = Array.from({ length: 10 }, (_, i) => JSON.stringify(simpleCase(i))).join('\n');
    // Every batch shown as it arrives, so that the cancel lands in the middle of the run.
    const first = setup({ db, batchCases: 1, applyEveryMs: 0 });
    first.run.importText('ten.jsonl', text);
    await until(() => first.run.progress.done >= 3);
    await first.run.cancelLocal();
    expect(first.run.status).toBe('stopped');
    const doneAtCancel = first.run.progress.done;
    expect(doneAtCancel).toBeLessThan(10);
    await new Promise((r) => setTimeout(r, 30));

    // "Reload": a new page state over the same database.
    const second = setup({ db, batchCases: 3 });
    await second.run.restore();
    expect(second.run.status).toBe('stopped');
    expect(second.run.meta!.size).toBe(10);
    const restoredRows = second.run.rows.length;
    // In-process a write already under way can still land after the cancel (a real worker is
    // terminated); nothing is lost either way.
    expect(restoredRows).toBeGreaterThanOrEqual(doneAtCancel);
    expect(restoredRows).toBeLessThan(10);
    second.run.continueLocal();
    await until(() => second.run.status === 'done');
    expect(second.run.rows.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Only the missing cases were audited again.
    expect(second.run.stats!.audited).toBe(10 - restoredRows);
    expect(await db.datasetResults.count()).toBe(10);
  });

  it('a new import replaces the dataset, and close forgets it', async () => {
    const { run, db } = setup();
    // A file is read by the worker itself.
    run.importFile(new File([JSON.stringify(simpleCase(1))], 'a.jsonl'));
    await until(() => run.status === 'done');
    run.importText('b.jsonl', [simpleCase(7), simpleCase(8)].map((c) => JSON.stringify(c)).join('\n'));
    await until(() => run.status === 'done' && run.meta?.name === 'b.jsonl');
    expect(run.rows.map((r) => r.case_id)).toEqual(['s7', 's8']);
    expect(await db.datasetCases.count()).toBe(2);
    await run.close();
    expect(run.meta).toBeNull();
    expect(await db.datasetResults.count()).toBe(0);
  });
});

/** A reply as the test writes it: the run id is filled in from the request. */
type WithoutRunId<T> = T extends unknown ? Omit<T, 'runId'> : never;

describe('DatasetRun: batches that arrive close together are shown together', () => {
  /** A run over a worker the test answers itself, with a clock and timers the test moves. */
  function manual() {
    let clock = 0;
    const timers: { fn: () => void; at: number; cancelled: boolean }[] = [];
    const workers: { w: WorkerLike; req: JobRequest }[] = [];
    const db = new AppDb(`ds-${Math.random().toString(36).slice(2)}`);
    const run = new DatasetRun({
      db,
      createWorker: () => {
        const w: WorkerLike = {
          onmessage: null,
          onerror: null,
          postMessage: (req) => workers.push({ w, req }),
          terminate: () => {},
        };
        return w;
      },
      host: { settings: () => ({ requiredStyle: 'auto', language: 'auto' }), openCase: () => {}, storeLabels: async () => {} },
      now: () => clock,
      applyEveryMs: 200,
      schedule: (fn, ms) => {
        const t = { fn, at: clock + ms, cancelled: false };
        timers.push(t);
        return () => (t.cancelled = true);
      },
    });
    cleanups.push(async () => {
      run.dispose();
      db.close();
      await Dexie.delete(db.name);
    });
    const last = () => workers[workers.length - 1]!;
    const reply = (r: WithoutRunId<JobReply>) => last().w.onmessage!({ data: { ...r, runId: last().req.runId } as JobReply } as MessageEvent<JobReply>);
    const datasetId = () => (last().req as { datasetId: string }).datasetId;
    const meta = (size: number): DatasetMeta => ({ slot: 'current', id: datasetId(), name: 'm.jsonl', created: 0, size, errors: [], errorCount: 0, settings: { requiredStyle: 'auto', language: 'auto' }, toolVersion: 'test' });
    const rec = (index: number) => localResult({ datasetId: datasetId(), index, line: index + 1, case: simpleCase(index) }, {});
    const waiting = () => timers.filter((t) => !t.cancelled);
    /** Moves the clock to `to` and runs the timers due by then. */
    const advance = (to: number) => {
      clock = to;
      for (const t of timers.splice(0)) {
        if (t.cancelled) continue;
        if (t.at <= to) t.fn();
        else timers.push(t);
      }
    };
    const shown = () => run.rows.map((r) => r.index);
    return { run, reply, meta, rec, waiting, advance, shown, setClock: (t: number) => (clock = t) };
  }

  it('shows the first batch at once, later ones together at most every applyEveryMs, and all of them at done', () => {
    const m = manual();
    m.run.importText('m.jsonl', 'ignored by the test worker');
    m.reply({ type: 'parsed', meta: m.meta(6) });
    m.reply({ type: 'results', records: [m.rec(0), m.rec(1)], done: 2, total: 6 });
    expect(m.shown()).toEqual([0, 1]);
    expect(m.run.progress).toEqual({ done: 2, total: 6 });

    m.setClock(50);
    m.reply({ type: 'results', records: [m.rec(2)], done: 3, total: 6 });
    m.setClock(120);
    m.reply({ type: 'results', records: [m.rec(3)], done: 4, total: 6 });
    // Both wait for the same moment: 200 ms after the first batch went in.
    expect(m.shown()).toEqual([0, 1]);
    expect(m.run.progress.done).toBe(2);
    expect(m.waiting().map((t) => t.at)).toEqual([200]);
    m.advance(200);
    expect(m.shown()).toEqual([0, 1, 2, 3]);
    expect(m.run.progress).toEqual({ done: 4, total: 6 });
    expect(m.waiting()).toEqual([]);

    // A batch long after the last one goes in at once.
    m.setClock(500);
    m.reply({ type: 'results', records: [m.rec(4)], done: 5, total: 6 });
    expect(m.shown()).toEqual([0, 1, 2, 3, 4]);
    // The end of the run shows what is still waiting, without waiting.
    m.setClock(520);
    m.reply({ type: 'results', records: [m.rec(5)], done: 6, total: 6 });
    expect(m.shown()).toEqual([0, 1, 2, 3, 4]);
    m.reply({ type: 'done', ms: 500, audited: 6 });
    expect(m.shown()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.run.progress).toEqual({ done: 6, total: 6 });
    expect(m.run.status).toBe('done');
    expect(m.waiting()).toEqual([]);
  });

  it('a batch still waiting when the dataset is replaced is never shown', () => {
    const m = manual();
    m.run.importText('m.jsonl', 'first');
    m.reply({ type: 'parsed', meta: m.meta(3) });
    m.reply({ type: 'results', records: [m.rec(0)], done: 1, total: 3 });
    m.setClock(10);
    m.reply({ type: 'results', records: [m.rec(1)], done: 2, total: 3 });
    expect(m.waiting()).toHaveLength(1);

    m.run.importText('n.jsonl', 'second');
    expect(m.waiting()).toEqual([]);
    m.reply({ type: 'parsed', meta: m.meta(2) });
    // The new run's first batch goes in at once, though the last one went in only 10 ms ago.
    m.reply({ type: 'results', records: [m.rec(0)], done: 1, total: 2 });
    m.advance(1000);
    expect(m.shown()).toEqual([0]);
    expect(m.run.progress).toEqual({ done: 1, total: 2 });
  });
});

describe('DatasetModelRun: the model over every case', () => {
  function fakeRun(opts: { fail?: Set<string>; fatal?: Set<string>; gate?: Promise<void> } = {}) {
    let active = 0;
    let maxActive = 0;
    const seen: string[] = [];
    const run = async (c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
      seen.push(String(c.id));
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        await (opts.gate ?? new Promise((r) => setTimeout(r, 5)));
        if (o.signal?.aborted) throw Object.assign(new Error('cancelled'), { kind: 'cancelled' });
        if (opts.fatal?.has(String(c.id))) throw Object.assign(new Error('bad key'), { kind: 'auth' });
        if (opts.fail?.has(String(c.id))) throw Object.assign(new Error('server trouble'), { kind: 'server' });
        expect(o.apiKey).toBe('sk-test');
        const results: ModelResults = {
          model: 'fake-model',
          judgements: report.claims
            .filter((cl) => cl.chunk_ids.length)
            .map((cl) => ({
              claim_index: cl.index,
              support: cl.chunk_ids.map((id) => ({ chunk_id: id, verdict: 'fully_supported' as const, supporting_phrase: c.chunks.find((ch) => ch.id === id)!.text, missing_or_extra: '', decision_basis: '' })),
            })),
        };
        return { results, report: applyModelResults(report, results, c), mode: 'output_config', plan: {} as ModelRun['plan'] };
      } finally {
        active--;
      }
    };
    return { run, seen, maxActive: () => maxActive };
  }

  async function imported(n: number) {
    const s = setup();
    s.run.importText('n.jsonl', Array.from({ length: n }, (_, i) => JSON.stringify(simpleCase(i))).join('\n'));
    await until(() => s.run.status === 'done');
    return s;
  }

  function modelRun(host: DatasetRun, run: ReturnType<typeof fakeRun>['run'], key = 'sk-test') {
    const store = memoryStore();
    const estimate = async (c: AuditCase) => ({
      model: 'claude-sonnet-4-5',
      requests: 1,
      inputTokens: 1000 + c.answer.length,
      cachedTokens: 0,
      outputTokens: 100,
      usd: 0.01,
      priceKnown: true,
      split: false,
      claims: 2,
    });
    const m = new DatasetModelRun({
      host,
      connection: { settings: { baseURL: 'http://127.0.0.1:1', model: 'claude-sonnet-4-5', strict: false }, apiKey: () => key },
      localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
      store,
      run,
      estimate,
    });
    return { m, store };
  }

  it('judges every case with at most `concurrency` at once, storing each result and the model rows', async () => {
    const { run } = await imported(7);
    const fake = fakeRun();
    const { m, store } = modelRun(run, fake.run);
    m.setConcurrency(2);
    expect(store.get('citation-auditor:dataset-concurrency')).toBe('2');
    expect(run.modelOffer()).toEqual({ kind: 'run', cases: 7 });
    await m.run('interactive');
    expect(m.status).toBe('done');
    expect(m.done).toBe(7);
    // Nothing left: no "Resume model audit (0 left)".
    expect(run.modelOffer()).toEqual({ kind: 'done' });
    expect(fake.maxActive()).toBe(2);
    expect(run.pendingModel()).toEqual([]);
    expect(run.rows.every((r) => r.checked_by === 'model' && r.model === 'fake-model')).toBe(true);
    expect(run.metrics.scores.citation_recall.mean).toBe(1);
    // The model's verdicts feed the annotation view's agreement.
    expect(run.modelVerdicts.size).toBe(14);
  });

  it('sends to the chosen provider: a local OpenAI-compatible server needs no key, Anthropic does', async () => {
    const { run } = await imported(2);
    const providers: (string | undefined)[] = [];
    const judge = async (c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
      providers.push(o.provider);
      const results: ModelResults = { model: String(o.model), judgements: [] };
      return { results, report: applyModelResults(report, results, c), mode: 'output_config', plan: {} as ModelRun['plan'] };
    };
    const make = (settings: { provider?: 'openai'; baseURL: string; model: string; strict: boolean }) =>
      new DatasetModelRun({ host: run, connection: { settings, apiKey: () => '' }, localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }), store: memoryStore(), run: judge });
    const anthropic = make({ baseURL: 'http://127.0.0.1:1', model: 'claude-sonnet-4-5', strict: false });
    await anthropic.run('interactive');
    expect(anthropic.message).toBe('no_key');
    expect(providers).toEqual([]);
    const local = make({ provider: 'openai', baseURL: 'http://localhost:11434/v1', model: 'llama3.1:8b', strict: false });
    await local.run('interactive');
    expect(providers).toEqual(['openai', 'openai']);
  });

  it('opens a judged case with the model\u2019s results, a case the model has not judged without', async () => {
    const s = await imported(3);
    expect(await s.run.openCase(1)).toBe(true);
    expect(s.opened[0]!.model).toBeNull();
    const { m } = modelRun(s.run, fakeRun().run);
    await m.run('interactive');
    expect(await s.run.openCase(1)).toBe(true);
    expect(s.opened[1]!.model?.model).toBe('fake-model');
    expect(s.opened[1]!.model?.judgements.length).toBeGreaterThan(0);
  });

  it('estimates from a sample and extrapolates to every case left by size', async () => {
    const { run } = await imported(20);
    const { m } = modelRun(run, fakeRun().run);
    await m.estimateCost();
    const e = m.estimate!;
    expect(e.cases).toBe(20);
    expect(e.counted).toBe(8);
    // Every case has (nearly) the same size: eight cases at $0.01 scale to about twenty.
    expect(e.usd!).toBeCloseTo(0.2, 2);
    expect(e.requests).toBe(20);
    expect(spread([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([1, 4, 7, 10]);
  });

  it('marks every request of a run for prompt caching under one nonce, and sums the run usage', async () => {
    const { run } = await imported(5);
    const fake = fakeRun();
    const opts: ModelRunOptions[] = [];
    const recording = async (c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
      opts.push(o);
      const first = opts.length === 1;
      const r = await fake.run(c, report, o);
      return { ...r, results: { ...r.results, usage: { input_tokens: first ? 1500 : 300, cache_creation_input_tokens: first ? 1200 : 0, cache_read_input_tokens: first ? 0 : 1200, output_tokens: 50, requests: 1 } } };
    };
    const { m } = modelRun(run, recording);
    await m.run('interactive');
    expect(opts).toHaveLength(5);
    expect(opts.every((o) => o.cacheInstructions === true)).toBe(true);
    expect(new Set(opts.map((o) => o.nonce)).size).toBe(1);
    expect(opts[0]!.nonce).toMatch(/^[0-9a-f]{12}$/);
    expect(m.usage).toEqual({ input_tokens: 2700, cache_creation_input_tokens: 1200, cache_read_input_tokens: 4800, output_tokens: 250, requests: 5 });
  });

  it('prices the cache writes of the first request per lane on top of warm-cache case estimates', async () => {
    const { run } = await imported(4);
    const store = memoryStore();
    const warm = async () => ({ model: 'claude-sonnet-4-5', requests: 1, inputTokens: 2000, cachedTokens: 1200, instructionTokens: 1200, outputTokens: 100, usd: 0.01, priceKnown: true, split: false, claims: 1 });
    const m = new DatasetModelRun({
      host: run,
      connection: { settings: { baseURL: 'http://127.0.0.1:1', model: 'claude-sonnet-4-5', strict: false }, apiKey: () => 'sk-test' },
      localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
      store,
      run: fakeRun().run,
      estimate: warm,
    });
    m.setConcurrency(2);
    await m.estimateCost();
    const e = m.estimate!;
    expect(e.cachedTokens).toBe(4800);
    // Two lanes write 1200 tokens each at 3.75 $/M instead of reading them at 0.30 $/M.
    expect(e.usd!).toBeCloseTo(0.04 + 2 * 1200 * (3.75 - 0.3) / 1e6, 8);
  });

  it('cancel stops in flight; a resume judges only what is left; per-case failures are retried, fatal ones stop the run', async () => {
    const { run } = await imported(6);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = fakeRun({ gate });
    const { m } = modelRun(run, slow.run);
    m.setConcurrency(2);
    const running = m.run('interactive');
    await until(() => m.inFlight.length === 2);
    void m.cancel();
    release();
    await running;
    expect(m.status).toBe('cancelled');
    expect(run.pendingModel()).toHaveLength(6);

    const flaky = fakeRun({ fail: new Set(['s1']) });
    const second = modelRun(run, flaky.run).m;
    await second.run('interactive');
    expect(second.done).toBe(5);
    expect(second.failed).toBe(1);
    // Why it failed is said with the count, not only kept in the case's record.
    expect(second.message).toBe('server trouble');
    expect(run.pendingModel()).toEqual([1]);
    expect(run.modelOffer()).toEqual({ kind: 'resume', cases: 1 });
    expect(run.resultAt(1)!.modelError).toBe('server trouble');

    const fatal = fakeRun({ fatal: new Set(['s1']) });
    const third = modelRun(run, fatal.run).m;
    await third.run('interactive');
    expect(third.status).toBe('stopped');
    expect(third.message).toBe('bad key');

    const noKey = modelRun(run, fakeRun().run, '').m;
    await noKey.run('interactive');
    expect(noKey.message).toBe('no_key');
    expect(noKey.status).toBe('idle');
  });

  it('a case whose run was cut part-way keeps its verdicts but is not counted as judged: it is still to resume', async () => {
    const { run } = await imported(3);
    const whole = fakeRun();
    const cut = async (c: AuditCase, report: Report, o: ModelRunOptions): Promise<ModelRun> => {
      const done = await whole.run(c, report, o);
      if (String(c.id) !== 's1') return done;
      // The connection broke after the first claim's verdicts had arrived.
      const partial: ModelResults = { ...done.results, judgements: done.results.judgements.slice(0, 1) };
      throw Object.assign(new Error('connection cut'), { kind: 'network', partial });
    };
    await modelRun(run, cut).m.run('interactive');
    expect(run.pendingModel()).toEqual([1]);
    expect(run.partialModel(1)?.judgements).toHaveLength(1);
    // The panel's "N of 3 cases judged by the model" beside "Resume model audit (1 left)".
    expect(run.modelJudgedCount()).toBe(2);
    expect(run.modelOffer()).toEqual({ kind: 'resume', cases: 1 });

    await modelRun(run, whole.run).m.run('interactive');
    expect(run.pendingModel()).toEqual([]);
    expect(run.modelJudgedCount()).toBe(3);
  });

  it('stops, without another request, when a different dataset is opened while it runs', async () => {
    const s = await imported(5);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = fakeRun({ gate });
    const { m } = modelRun(s.run, slow.run);
    m.setConcurrency(1);
    const running = m.run('interactive');
    await until(() => m.inFlight.length === 1);
    s.run.importText('other.jsonl', [simpleCase(10), simpleCase(11), simpleCase(12)].map((c) => JSON.stringify(c)).join('\n'));
    release();
    await running;
    await until(() => s.run.status === 'done');
    expect(slow.seen).toEqual(['s0']);
    expect(m.status).toBe('cancelled');
    // Nothing of the old run landed in the new dataset.
    expect(s.run.pendingModel()).toEqual([0, 1, 2]);
    expect([0, 1, 2].map((i) => s.run.resultAt(i)?.modelError)).toEqual([undefined, undefined, undefined]);
  });

  it('pool keeps order and the limit', async () => {
    const order: number[] = [];
    await pool([1, 2, 3, 4, 5], 2, async (x) => {
      await new Promise((r) => setTimeout(r, 6 - x));
      order.push(x);
    });
    expect(order.sort()).toEqual([1, 2, 3, 4, 5]);
    // Local audits used by the run are the same as the worker's.
    expect(auditCase(simpleCase(1)).claims).toHaveLength(2);
  });
});
