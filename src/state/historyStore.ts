// The store modules the history uses, loaded with import() the first time they are needed, so
// the shell's first paint never waits for Dexie; and the one opened database that the auto-save,
// the list and the panel's actions share.
import type { AppDb } from '../store/db';

export type Store = {
  db: typeof import('../store/db');
  history: typeof import('../store/history');
  backup: typeof import('../store/backup');
  persist: typeof import('../store/persist');
  labels: typeof import('../store/labels');
  damaged: typeof import('../store/damaged');
  dexie: typeof import('dexie');
};

let storePromise: Promise<Store> | undefined;
/** The store modules, imported once on first use. */
export function loadStore(): Promise<Store> {
  storePromise ??= Promise.all([
    import('../store/db'),
    import('../store/history'),
    import('../store/backup'),
    import('../store/persist'),
    import('../store/labels'),
    import('../store/damaged'),
    import('dexie'),
  ]).then(([db, history, backup, persist, labels, damaged, dexie]) => ({ db, history, backup, persist, labels, damaged, dexie }));
  return storePromise;
}

export interface OpenedStore {
  s: Store;
  db: AppDb;
}

/** The database the history works on: the page's one, or one given (tests, benchmarks). */
export class StoreHandle {
  #db: AppDb | null;
  /** The store once loaded: list reads then start in the caller's task, without an await. */
  #opened: OpenedStore | null = null;

  constructor(db?: AppDb) {
    this.#db = db ?? null;
  }

  get opened(): OpenedStore | null {
    return this.#opened;
  }

  async open(): Promise<OpenedStore> {
    if (this.#opened) return this.#opened;
    const s = await loadStore();
    this.#db ??= s.db.appDb();
    this.#opened = { s, db: this.#db };
    return this.#opened;
  }
}
