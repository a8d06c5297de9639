// A workbench with the history started on a fresh database, as the page runs them, for state
// tests; stopped, closed and deleted after each test.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach } from 'vitest';
import type { ModelResults } from '../../src/core/types';
import { memoryStore } from './memoryStore';
import { AppDb } from '../../src/store/db';
import * as engine from '../../src/state/engine/engine';
import { History } from '../../src/state/history/history.svelte';
import { Workbench } from '../../src/state/workbench/workbench.svelte';

export interface HistoryOptions {
  db?: AppDb;
  model?: { results: ModelResults | null };
  pageSize?: number;
  /** Done to the workbench before the history starts (a draft restored in a new tab). */
  beforeStart?: (wb: Workbench) => void;
}

/** Call at a test file's top level: gives a maker of started histories, each torn down after its test. */
export function useHistories(prefix: string): (opts?: HistoryOptions) => { db: AppDb; wb: Workbench; history: History } {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return (opts = {}) => {
    const db = opts.db ?? new AppDb(`${prefix}-${Math.random().toString(36).slice(2)}`);
    const wb = new Workbench({ store: memoryStore(), session: memoryStore(), runner: { createWorker: null, debounceMs: 0, engine: async () => engine } });
    opts.beforeStart?.(wb);
    const history = new History(wb, {
      db,
      debounceMs: 0,
      store: memoryStore(),
      ...(opts.model ? { model: opts.model } : {}),
      ...(opts.pageSize ? { pageSize: opts.pageSize } : {}),
    });
    const stop = history.start();
    cleanups.push(async () => {
      await history.ready;
      stop();
      wb.dispose();
      db.close();
      await Dexie.delete(db.name);
    });
    return { db, wb, history };
  };
}
