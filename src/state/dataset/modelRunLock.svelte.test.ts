// Two tabs of one profile over the same dataset: while one runs the model, the other's Resume
// sends nothing (each case would be paid for twice) and says why; once the first is done, the
// lock is free again.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import type { AuditCase, ModelResults } from '../../core/types';
import type { ModelRun } from '../../model/run';
import type { ModelRecord } from '../../store/datasets';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { DatasetModelRun, RUN_LOCK } from './modelRun.svelte';
import type { ModelRunHost } from './modelRunParts';

const CASES: AuditCase[] = ['a', 'b', 'c'].map((id) => ({ id, query: 'Which city?', answer: 'Paris is the capital of France [1].', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] }));

function host(): ModelRunHost {
  const saved = new Map<number, ModelRecord | null>();
  return {
    datasetId: 'ds1',
    pendingModel: () => CASES.map((_, i) => i).filter((i) => !saved.get(i)),
    caseAt: async (i) => CASES[i] ?? null,
    lineOf: (i) => i + 1,
    saveModel: async (i, model) => void saved.set(i, model),
    partialModel: (): ModelResults | null => null,
  };
}

/** The Web Locks' `ifAvailable` over one set of names, shared by the "tabs". */
function locks() {
  const held = new Set<string>();
  const names: string[] = [];
  const lock = async (name: string, fn: () => Promise<void>): Promise<boolean> => {
    names.push(name);
    if (held.has(name)) return false;
    held.add(name);
    try {
      await fn();
      return true;
    } finally {
      held.delete(name);
    }
  };
  return { lock, names };
}

function tab(lock: ReturnType<typeof locks>['lock'], gate: Promise<void>, seen: string[]) {
  const run = async (c: AuditCase, report: ReturnType<typeof auditCase>): Promise<ModelRun> => {
    seen.push(String(c.id));
    await gate;
    const results: ModelResults = { model: 'fake-model', judgements: [] };
    return { results, report, mode: 'output_config', plan: {} as ModelRun['plan'] };
  };
  return new DatasetModelRun({
    host: host(),
    connection: { settings: { baseURL: 'http://127.0.0.1:1', model: 'claude-sonnet-4-5', strict: false }, apiKey: () => 'sk-test' },
    localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
    store: memoryStore(),
    run,
    lock,
  });
}

describe('the interactive run across tabs', () => {
  it('a second tab sends nothing while the first runs over the same dataset, and says why', async () => {
    const { lock, names } = locks();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seenA: string[] = [];
    const seenB: string[] = [];
    const a = tab(lock, gate, seenA);
    const b = tab(lock, Promise.resolve(), seenB);
    const running = a.run('interactive');
    await new Promise((r) => setTimeout(r, 10));
    expect(a.status).toBe('running');
    await b.run('interactive');
    expect(seenB).toEqual([]);
    expect(b.message).toBe('other_tab');
    expect(b.status).toBe('idle');
    expect(names.every((n) => n === `${RUN_LOCK}:ds1`)).toBe(true);
    release();
    await running;
    expect(a.status).toBe('done');
    expect(seenA).toEqual(['a', 'b', 'c']);
    // The first tab is done: the lock is free, and the second tab's run goes.
    await b.run('interactive');
    expect(b.status).toBe('done');
    expect(b.message).toBeNull();
  });

  it('a run whose cases another tab took away (the dataset replaced there) stops, not "done"', async () => {
    const h = host();
    const m = new DatasetModelRun({
      // Only the first case can still be read: the other tab replaced the stored dataset.
      host: { ...h, caseAt: async (i) => (i === 0 ? CASES[0]! : null) },
      connection: { settings: { baseURL: 'http://127.0.0.1:1', model: 'claude-sonnet-4-5', strict: false }, apiKey: () => 'sk-test' },
      localSettings: () => ({ requiredStyle: 'auto', language: 'auto' }),
      store: memoryStore(),
      run: async (_c, report) => ({ results: { model: 'fake-model', judgements: [] }, report, mode: 'output_config', plan: {} as ModelRun['plan'] }),
    });
    await m.run('interactive');
    expect(m.status).toBe('stopped');
    expect(m.message).toBe('dataset_gone');
  });
});
