// The store modules the history uses, loaded with import() the first time they are needed, so
// the shell's first paint never waits for Dexie; and the one opened database that the auto-save,
// the list and the panel's actions share.
import type { AppDb } from '../../store/db';
import { lazyModules } from '../lazyModules';

/** The store modules, imported once on first use. */
export const loadStore = lazyModules({
  db: () => import('../../store/db'),
  history: () => import('../../store/history'),
  backup: () => import('../../store/backup'),
  persist: () => import('../../store/persist'),
  labels: () => import('../../store/labels'),
  damaged: () => import('../../store/damaged'),
  dexie: () => import('dexie'),
});
export type Store = Awaited<ReturnType<typeof loadStore>>;

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
