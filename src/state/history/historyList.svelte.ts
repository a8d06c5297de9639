// The history panel's list: the filters, and the window of pages in view, read from IndexedDB and
// kept live (re-read whenever any tab changes the audits table). Only the pages in view are read.
// Also the store the history works on: its modules, loaded with import() the first time they are
// needed so the shell's first paint never waits for Dexie, and the one opened database that the
// auto-save, the list and the panel's actions share.
import type { ObservabilitySet } from 'dexie';
import type { DamagedRows } from '../../store/damaged';
import type { AppDb, AuditRow, RowVerdict } from '../../store/db';
import type { ListedRow } from '../../store/schemas';
import type { HistoryFilter, Page } from '../../store/history';
import { lazyModules } from '../lazy';

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

/** 'YYYY-MM-DD' of a date input → epoch ms at the start (or end) of that local day. */
export function dayBound(value: string, end: boolean): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (end) d.setHours(23, 59, 59, 999);
  return d.getTime();
}

/** A page in view: what to read, whether it left the view, and whether a read is under way. */
interface Watch {
  page: number;
  filter: HistoryFilter;
  /** The filter as JSON: an answer for a filter no longer current is not shown. */
  key: string;
  dropped: boolean;
  reading: boolean;
  /** The table changed while a read was under way: read again when it ends. */
  stale: boolean;
}

/**
 * Two reads of a page show the same thing: the same rows, each unchanged. A row's content hash
 * and time of last change move with every save; a rename changes only the title.
 */
export function sameRows(a: readonly AuditRow[], b: readonly AuditRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.id !== y.id || x.updated !== y.updated || x.hash !== y.hash || x.title !== y.title || x.trashed !== y.trashed) return false;
  }
  return true;
}

export class HistoryList {
  readonly pageSize: number;
  readonly #store: StoreHandle;
  readonly #onError: (e: unknown) => void;

  // Filters, bound by the panel's controls.
  text = $state('');
  verdict = $state<RowVerdict | 'ANY'>('ANY');
  fromDate = $state('');
  toDate = $state('');

  /** The filter of the controls, as the store takes it. */
  filter: HistoryFilter = $derived.by(() => {
    const from = dayBound(this.fromDate, false);
    const to = dayBound(this.toDate, true);
    return {
      ...(this.text.trim() ? { text: this.text } : {}),
      ...(this.verdict !== 'ANY' ? { verdict: this.verdict } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
  });
  /** The filter as JSON: what the pages in view belong to (a change starts the list over). */
  filterKey: string = $derived(JSON.stringify(this.filter));
  /** Some control narrows the list. */
  filtered: boolean = $derived(!!this.text.trim() || this.verdict !== 'ANY' || !!this.fromDate || !!this.toDate);

  #total = $state(0);
  #loaded = $state(false);
  #pages = $state.raw<ReadonlyMap<number, ListedRow[]>>(new Map());
  #damaged = $state.raw<DamagedRows>({ count: 0, rows: [] });
  /** A check for damaged rows is under way / another is due when it ends. */
  #checking = false;
  #checkAgain = false;
  /** The panel is showing (showRange since the last release): changes re-check damaged rows. */
  #showing = false;
  /** The filter (as JSON) the rows in #pages belong to; '' after a change, until a page arrives. */
  #pagesKey = '';
  /** The pages in view, kept up to date (see #listen). */
  #subs = new Map<number, Watch>();
  #stopListening: (() => void) | null = null;
  /** The filter key the pages being read belong to. */
  #shownKey = '';

  constructor(store: StoreHandle, opts: { pageSize: number; onError: (e: unknown) => void }) {
    this.#store = store;
    this.pageSize = opts.pageSize;
    this.#onError = opts.onError;
  }

  get total(): number {
    return this.#total;
  }
  /** The first query of the current filter has answered. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /**
   * Rows i (0-based, newest first) of the current filter; undefined while its page loads. Right
   * after the filter changed, and until its first page arrives, these are the previous filter's
   * rows (`loaded` is false meanwhile).
   */
  /**
   * Rows the list cannot show (the list's index does not hold them: wrong field types, missing
   * fields), checked when the panel shows and after every change while it does.
   */
  get damaged(): DamagedRows {
    return this.#damaged;
  }

  rowAt(i: number): ListedRow | undefined {
    return this.#pages.get(Math.floor(i / this.pageSize))?.[i % this.pageSize];
  }

  /**
   * The panel shows rows [first, last]: keep those pages live (re-read whenever any tab changes
   * them), drop the others. Also resets everything when the filter changed. Called from an
   * effect, it re-runs when the filter changes (it reads filterKey).
   */
  showRange(first: number, last: number): void {
    const key = this.filterKey;
    if (key !== this.#shownKey) {
      // The rows shown stay until the new filter's first page replaces them: clearing them would
      // swap every visible row for a placeholder, paint that, then build the rows again, on each
      // keystroke (a flash, and a frame's work before the answer can be shown).
      this.#shownKey = key;
      this.#pagesKey = '';
      this.#dropAll();
      this.#loaded = false;
    }
    const filter = this.filter;
    const from = Math.max(0, Math.floor(first / this.pageSize));
    const to = Math.max(from, Math.floor(Math.max(first, last) / this.pageSize));
    for (const [page, entry] of this.#subs) {
      if (page < from - 1 || page > to + 1) {
        entry.dropped = true;
        this.#subs.delete(page);
      }
    }
    for (let page = from; page <= to; page++) if (!this.#subs.has(page)) this.#watch(page, filter, key);
    if (!this.#showing) {
      this.#showing = true;
      this.checkDamaged();
    }
  }

  /** Looks for damaged rows again (the panel showed, the table changed). */
  checkDamaged(): void {
    if (this.#checking) {
      this.#checkAgain = true;
      return;
    }
    this.#checking = true;
    this.#checkAgain = false;
    this.#store
      .open()
      .then(({ s, db }) => s.damaged.findDamaged(db))
      .then(
        (d) => {
          if (d.count !== this.#damaged.count || d.rows.length !== this.#damaged.rows.length || d.rows.some((r, i) => r.id !== this.#damaged.rows[i]?.id)) this.#damaged = d;
        },
        this.#onError,
      )
      .finally(() => {
        this.#checking = false;
        if (this.#checkAgain) this.checkDamaged();
      });
  }

  /**
   * The panel closed: stop re-reading its pages on every change. The rows stay, so reopening
   * shows them at once, and showRange() reads them again then.
   */
  release(): void {
    this.#dropAll();
    this.#showing = false;
  }

  /** Stops everything (the history stopped). */
  stop(): void {
    this.#dropAll();
    this.#stopListening?.();
    this.#stopListening = null;
  }

  #dropAll(): void {
    for (const entry of this.#subs.values()) entry.dropped = true;
    this.#subs.clear();
  }

  #watch(page: number, filter: HistoryFilter, key: string): void {
    const entry: Watch = { page, filter, key, dropped: false, reading: false, stale: false };
    this.#subs.set(page, entry);
    const go = (opened: OpenedStore) => {
      this.#listen(opened);
      this.#read(entry, opened);
    };
    // Once the store is loaded the read starts right here, in the caller's task: when the panel
    // opens, that is before showModal() restyles the whole page (10–20 ms with the editors),
    // so IndexedDB works meanwhile instead of afterwards.
    const opened = this.#store.opened;
    if (opened) go(opened);
    else this.#store.open().then(go, this.#onError);
  }

  /**
   * Keeps the pages in view current: every committed change to the audits table, in this tab or
   * another (Dexie relays those over a BroadcastChannel), reads them again. This replaces Dexie's
   * liveQuery, which runs its first query from a zero-delay timer (the browser serves it after
   * rendering the frame, so the panel's first page waited for the dialog to be painted) and, next
   * to a direct first read, would have read every page twice. Any audits change is enough to
   * re-read: the list is small to read, and writes come from saves, renames, deletes and imports.
   */
  #listen(opened: OpenedStore): void {
    if (this.#stopListening) return;
    // Dexie names a changed part `idb://<database>/<table>/<index>`; `all` means everything.
    const prefix = `idb://${opened.db.name}/audits/`;
    const onChange = (parts: ObservabilitySet) => {
      if (!('all' in parts) && !Object.keys(parts).some((k) => k.startsWith(prefix))) return;
      for (const entry of this.#subs.values()) this.#read(entry, opened);
      if (this.#showing) this.checkDamaged();
    };
    const events = opened.s.dexie.Dexie.on;
    events('storagemutated', onChange);
    this.#stopListening = () => events.storagemutated.unsubscribe(onChange);
  }

  /** Reads a page and shows it; a change reported while a read is under way reads once more after it. */
  #read(entry: Watch, opened: OpenedStore): void {
    if (entry.dropped) return;
    if (entry.reading) {
      entry.stale = true;
      return;
    }
    entry.reading = true;
    entry.stale = false;
    opened.s.history
      .listAudits(opened.db, entry.filter, entry.page * this.pageSize, this.pageSize)
      .then(
        (p) => this.#showPage(entry, p),
        (e: unknown) => this.#onError(e),
      )
      .finally(() => {
        entry.reading = false;
        if (entry.stale) this.#read(entry, opened);
      });
  }

  #showPage(entry: Watch, p: Page): void {
    if (entry.dropped || entry.key !== this.#shownKey) return;
    // Any write to the table reads the pages in view again, mostly to find them unchanged: keep
    // the rows already shown then, so the list is not rendered again for nothing.
    if (this.#pagesKey !== entry.key) {
      this.#pagesKey = entry.key;
      this.#pages = new Map([[entry.page, p.rows]]);
    } else {
      const shown = this.#pages.get(entry.page);
      if (!shown || !sameRows(shown, p.rows)) {
        const pages = new Map(this.#pages);
        pages.set(entry.page, p.rows);
        this.#pages = pages;
      }
    }
    this.#total = p.total;
    this.#loaded = true;
  }
}
