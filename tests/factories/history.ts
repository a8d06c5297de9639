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
  /** A workbench made and used before the history starts (a history started late); else a new one. */
  workbench?: Workbench;
  /** How long edits rest before the workbench audits them (default 0: at once). */
  auditDebounceMs?: number;
  /** How long the history waits before it saves an audit (default 0). */
  saveDebounceMs?: number;
}

/** Call at a test file's top level: gives a maker of started histories, each torn down after its test. */
export function useHistories(prefix: string): (opts?: HistoryOptions) => { db: AppDb; wb: Workbench; history: History } {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return (opts = {}) => {
    const db = opts.db ?? new AppDb(`${prefix}-${Math.random().toString(36).slice(2)}`);
    const wb = opts.workbench ?? newWorkbench(opts.auditDebounceMs ?? 0);
    opts.beforeStart?.(wb);
    const history = new History(wb, {
      db,
      debounceMs: opts.saveDebounceMs ?? 0,
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

/** A workbench on memory stores whose audits run in this thread, after edits rest for `debounceMs`. */
export function newWorkbench(debounceMs = 0): Workbench {
  return new Workbench({ store: memoryStore(), session: memoryStore(), runner: { createWorker: null, debounceMs, engine: async () => engine } });
}
