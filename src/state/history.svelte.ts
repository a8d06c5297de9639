// The history of audits: every audit of the workbench saved automatically to IndexedDB, and the
// list the history panel shows (paged, searched, filtered, live across tabs). Dexie and the store
// code load with import() the first time they are needed, so the shell's first paint never waits.
import type { ObservabilitySet } from 'dexie';
import type { ModelResults } from '../core/types';
import type { AuditRow, AppDb, RowVerdict } from '../store/db';
import type { HistoryFilter, Page } from '../store/history';
import type { PersistState } from '../store/persist';
import type { AuditSettings } from '../store/schemas';
import { localStore, type KeyValueStore } from './storage';
import type { Workbench } from './workbench.svelte';

type Store = {
  db: typeof import('../store/db');
  history: typeof import('../store/history');
  backup: typeof import('../store/backup');
  persist: typeof import('../store/persist');
  labels: typeof import('../store/labels');
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
    import('dexie'),
  ]).then(([db, history, backup, persist, labels, dexie]) => ({ db, history, backup, persist, labels, dexie }));
  return storePromise;
}

/** Where the model's results come from (the ModelAudit state), if there is a model feature. */
export interface ModelSource {
  readonly results: ModelResults | null;
}

export interface HistoryOptions {
  /** A database to use instead of the page's one (tests, benchmarks). */
  db?: AppDb;
  model?: ModelSource;
  store?: KeyValueStore;
  debounceMs?: number;
  pageSize?: number;
}

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'quota' | 'error';

/** Something the panel tells the user (it words it in the UI language). */
export type HistoryMessage =
  | { kind: 'unavailable' }
  | { kind: 'not-found' }
  | { kind: 'invalid-case'; errors: string[] }
  | { kind: 'imported'; result: import('../store/backup').ImportResult }
  | { kind: 'backup-error'; text: string }
  | { kind: 'backup-too-large' }
  | { kind: 'quota' };

/** Which history row the current inputs are, kept across reloads. */
const CURRENT_KEY = 'citation-auditor:history-current';
const DEFAULT_DEBOUNCE_MS = 800;

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

interface Snapshot {
  key: string;
  input: import('../store/history').SaveInput;
}

export class History {
  readonly #workbench: Workbench;
  readonly #model: ModelSource | undefined;
  readonly #kv: KeyValueStore;
  readonly #debounceMs: number;
  readonly pageSize: number;
  #db: AppDb | null;

  // Filters, bound by the panel's controls.
  text = $state('');
  verdict = $state<RowVerdict | 'ANY'>('ANY');
  fromDate = $state('');
  toDate = $state('');
  panelOpen = $state(false);

  #total = $state(0);
  #loaded = $state(false);
  #pages = $state.raw<ReadonlyMap<number, AuditRow[]>>(new Map());
  /** The filter (as JSON) the rows in #pages belong to; '' after a change, until a page arrives. */
  #pagesKey = '';
  #persist = $state<PersistState | 'unknown'>('unknown');
  #saveStatus = $state<SaveStatus>('idle');
  #currentId = $state<string | null>(null);
  #undo = $state.raw<{ id: string; title: string } | null>(null);
  #message = $state.raw<HistoryMessage | null>(null);
  #busy = $state(false);

  /** The pages in view, kept up to date (see #listen). */
  #subs = new Map<number, Watch>();
  /** The store once loaded: list reads then start in the caller's task, without an await. */
  #opened: { s: Store; db: AppDb } | null = null;
  #stopListening: (() => void) | null = null;
  #filterKey = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastAttached: unknown = undefined;
  #loadRevision = -1;
  #lastSavedKey = '';
  /** An audit that could not be written (disk full): kept here so a backup still has it. */
  #unsaved: import('../store/history').SaveInput | null = null;
  #stopEffects: (() => void) | null = null;

  constructor(workbench: Workbench, opts: HistoryOptions = {}) {
    this.#workbench = workbench;
    this.#model = opts.model;
    this.#kv = opts.store ?? localStore;
    this.#debounceMs = opts.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.pageSize = opts.pageSize ?? 50;
    this.#db = opts.db ?? null;
  }

  async #store(): Promise<{ s: Store; db: AppDb }> {
    if (this.#opened) return this.#opened;
    const s = await loadStore();
    this.#db ??= s.db.appDb();
    this.#opened = { s, db: this.#db };
    return this.#opened;
  }

  // --- public state -------------------------------------------------------------------------

  get total(): number {
    return this.#total;
  }
  /** The first query of the current filter has answered. */
  get loaded(): boolean {
    return this.#loaded;
  }
  get persist(): PersistState | 'unknown' {
    return this.#persist;
  }
  get saveStatus(): SaveStatus {
    return this.#saveStatus;
  }
  /** The history row the workbench's inputs are saved to. */
  get currentId(): string | null {
    return this.#currentId;
  }
  get undoEntry(): { id: string; title: string } | null {
    return this.#undo;
  }
  get message(): HistoryMessage | null {
    return this.#message;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** True when an audit could not be saved because the disk is full (it is kept in memory). */
  get hasUnsaved(): boolean {
    return this.#saveStatus === 'quota' && this.#unsaved !== null;
  }

  dismissMessage(): void {
    this.#message = null;
  }

  filter(): HistoryFilter {
    const from = dayBound(this.fromDate, false);
    const to = dayBound(this.toDate, true);
    return {
      ...(this.text.trim() ? { text: this.text } : {}),
      ...(this.verdict !== 'ANY' ? { verdict: this.verdict } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
  }

  // --- lifecycle ----------------------------------------------------------------------------

  /**
   * Starts auto-saving the workbench's audits and checks the storage state. Returns a stop
   * function. Call once, after the draft was restored.
   */
  start(): () => void {
    if (this.#stopEffects) return this.#stopEffects;
    const stored = this.#readCurrent();
    this.#lastAttached = this.#workbench.attached;
    this.#loadRevision = this.#workbench.revision;
    if (stored && stored.origin === (this.#workbench.attached.origin ?? '')) this.#currentId = stored.id;

    const stop = $effect.root(() => {
      $effect(() => this.sync());
    });
    this.ready = this.#init();
    this.#stopEffects = () => {
      stop();
      clearTimeout(this.#timer);
      this.#cancelIdle();
      this.#dropAll();
      this.#stopListening?.();
      this.#stopListening = null;
      this.#stopEffects = null;
    };
    return this.#stopEffects;
  }

  async #init(): Promise<void> {
    try {
      const { s, db } = await this.#store();
      this.#persist = await s.persist.persistState();
      await s.history.purgeTrash(db);
    } catch (e) {
      console.error('history: the database could not be opened', e);
      this.#message = { kind: 'unavailable' };
    }
  }

  #readCurrent(): { id: string; origin: string } | null {
    try {
      const v = JSON.parse(this.#kv.get(CURRENT_KEY) ?? 'null') as unknown;
      if (v && typeof v === 'object' && typeof (v as { id: unknown }).id === 'string') {
        const o = v as { id: string; origin?: unknown };
        return { id: o.id, origin: typeof o.origin === 'string' ? o.origin : '' };
      }
    } catch {
      // An unreadable value only means the next save starts a new row.
    }
    return null;
  }

  #writeCurrent(id: string | null): void {
    if (id === null) this.#kv.remove(CURRENT_KEY);
    else this.#kv.set(CURRENT_KEY, JSON.stringify({ id, origin: this.#workbench.attached.origin ?? '' }));
  }

  /** Settles when the database is open and the storage state known (after start()). */
  ready: Promise<void> = Promise.resolve();

  // --- auto-save ----------------------------------------------------------------------------

  /**
   * Looks at the workbench and schedules a save when its audit changed. The effect started by
   * start() runs this on every change (it reads everything that matters, so it re-runs when any of
   * it changes); tests, where effects do not run, call it directly.
   */
  sync(): void {
    const wb = this.#workbench;
    this.#onChange(wb.report, wb.revision, wb.attached, wb.analysis, this.#model?.results ?? null);
  }

  #onChange(
    report: Workbench['report'],
    revision: number,
    attached: unknown,
    analysis: Workbench['analysis'],
    results: ModelResults | null,
  ): void {
    if (attached !== this.#lastAttached) {
      // Other inputs were loaded (file, example, link, dataset, undo): they are another audit.
      this.#lastAttached = attached;
      this.#loadRevision = revision;
      if (!this.#adopting) {
        this.#currentId = null;
        this.#writeCurrent(null);
      }
      this.#adopting = false;
    }
    if (!report || !analysis || analysis.revision !== revision || analysis.case === null) return;
    const origin = this.#workbench.attached.origin ?? '';
    // A built-in example nobody touched is not an audit of the user's.
    if (origin.startsWith('example:') && revision === this.#loadRevision && !results) return;
    const settings = this.#workbench.settings;
    const input: import('../store/history').SaveInput = {
      case: analysis.case,
      report,
      ...(results ? { modelResults: results } : {}),
      settings: {
        requiredStyle: settings.requiredStyle,
        language: settings.language,
        uiLanguage: settings.uiLanguage,
        ...(settings.citationScope !== 'sentence' ? { citationScope: settings.citationScope } : {}),
        ...(results ? { model: results.model } : {}),
        ...(results?.strict !== undefined ? { strict: results.strict } : {}),
      } satisfies AuditSettings,
      ...(results?.usage ? { usage: results.usage } : {}),
      timings: { local: Math.round(analysis.elapsedMs * 10) / 10 },
    };
    const key = `${revision}|${report.meta.checked_by}|${report.verdict}|${results ? results.judgements.length : 0}`;
    this.#schedule({ key, input });
  }

  #adopting = false;
  #pending: Snapshot | null = null;

  #schedule(snap: Snapshot): void {
    if (snap.key === this.#lastSavedKey) return;
    this.#pending = snap;
    this.#saveStatus = 'pending';
    clearTimeout(this.#timer);
    this.#cancelIdle();
    this.#timer = setTimeout(() => this.#whenIdle(() => void this.flush()), this.#debounceMs);
  }

  #idle: number | undefined;

  /**
   * Runs `fn` when the page is idle (within a second at most): a save costs a few ms of hashing
   * and IndexedDB work on the main thread, which should not land inside the handling of a key.
   */
  #whenIdle(fn: () => void): void {
    if (typeof requestIdleCallback !== 'function') return fn();
    this.#idle = requestIdleCallback(
      () => {
        this.#idle = undefined;
        fn();
      },
      { timeout: 1000 },
    );
  }

  #cancelIdle(): void {
    if (this.#idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(this.#idle);
    this.#idle = undefined;
  }

  /** Saves the pending audit now (on page hide, in tests). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#cancelIdle();
    // One save at a time: a save now spans many tasks (hashing in slices), and a second one
    // started meanwhile would not know the row id the first is making.
    const run = this.#flushing.then(() => this.#flushNow());
    this.#flushing = run.catch(() => {});
    return run;
  }

  #flushing: Promise<void> = Promise.resolve();

  async #flushNow(): Promise<void> {
    const snap = this.#pending;
    if (!snap) return;
    this.#pending = null;
    this.#saveStatus = 'saving';
    try {
      const { s, db } = await this.#store();
      // Hashed in slices of a few ms first: hashing a large audit in the save's own task would
      // freeze the page for seconds (store/hash.ts).
      const prepared = await s.history.prepareSave(snap.input);
      const id = this.#currentId;
      const r = await s.history.saveAudit(db, { ...snap.input, ...(prepared ? { prepared } : {}), ...(id ? { id } : {}) });
      this.#lastSavedKey = snap.key;
      this.#unsaved = null;
      if (this.#currentId !== r.id) {
        this.#currentId = r.id;
        this.#writeCurrent(r.id);
      }
      this.#saveStatus = 'saved';
      if (r.created && this.#persist !== 'granted') void this.#askPersistence(s);
    } catch (e) {
      const s = await loadStore().catch(() => null);
      if (s?.persist.isQuotaError(e)) {
        // The draft stays in the workbench (and here, for a backup); nothing is lost.
        this.#unsaved = snap.input;
        this.#saveStatus = 'quota';
      } else {
        console.error('history: saving failed', e);
        this.#saveStatus = 'error';
      }
    }
  }

  async #askPersistence(s: Store): Promise<void> {
    this.#persist = await s.persist.requestPersistence();
  }

  /** Asks the browser again for persistent storage (a button in the panel). */
  async requestPersistence(): Promise<void> {
    const { s } = await this.#store();
    await this.#askPersistence(s);
  }

  /**
   * The next change of attached inputs is the audit `id` (reopened from history or opened from a
   * link that history stored), not a new one.
   */
  adoptNextLoad(id: string | null): void {
    this.#adopting = id !== null;
    this.#currentId = id;
    this.#writeCurrent(id);
  }

  /** The inputs are a built-in example nobody has changed since it was loaded. */
  isPristineExample(): boolean {
    const origin = this.#workbench.attached.origin ?? '';
    return origin.startsWith('example:') && this.#workbench.revision === this.#loadRevision;
  }

  // --- labels (the annotation feature's table) ----------------------------------------------

  async labelsFor(c: import('../core/types').AuditCase): Promise<import('../store/schemas').AnnotationLabel[]> {
    const { s, db } = await this.#store();
    return s.labels.labelsForCase(db, s.labels.caseKeyOf(c));
  }

  /** Stores labels that came with a link (a label with the same key is replaced). */
  async storeLabels(labels: readonly import('../store/schemas').AnnotationLabel[]): Promise<void> {
    const { s, db } = await this.#store();
    for (const l of labels) await s.labels.putLabel(db, l);
  }

  // --- the list -----------------------------------------------------------------------------

  /**
   * Rows i (0-based, newest first) of the current filter; undefined while its page loads. Right
   * after the filter changed, and until its first page arrives, these are the previous filter's
   * rows (`loaded` is false meanwhile).
   */
  rowAt(i: number): AuditRow | undefined {
    return this.#pages.get(Math.floor(i / this.pageSize))?.[i % this.pageSize];
  }

  /**
   * The panel shows rows [first, last]: keep those pages live (re-read whenever any tab changes
   * them), drop the others. Also resets everything when the filter changed.
   */
  showRange(first: number, last: number): void {
    const filter = this.filter();
    const key = JSON.stringify(filter);
    if (key !== this.#filterKey) {
      // The rows shown stay until the new filter's first page replaces them: clearing them would
      // swap every visible row for a placeholder, paint that, then build the rows again, on each
      // keystroke (a flash, and a frame's work before the answer can be shown).
      this.#filterKey = key;
      this.#pagesKey = '';
      this.#dropAll();
      this.#loaded = false;
    }
    const from = Math.max(0, Math.floor(first / this.pageSize));
    const to = Math.max(from, Math.floor(Math.max(first, last) / this.pageSize));
    for (const [page, entry] of this.#subs) {
      if (page < from - 1 || page > to + 1) {
        entry.dropped = true;
        this.#subs.delete(page);
      }
    }
    for (let page = from; page <= to; page++) if (!this.#subs.has(page)) this.#watch(page, filter, key);
  }

  /**
   * The panel closed: stop re-reading its pages on every change. The rows stay, so reopening
   * shows them at once, and showRange() reads them again then.
   */
  release(): void {
    this.#dropAll();
  }

  #dropAll(): void {
    for (const entry of this.#subs.values()) entry.dropped = true;
    this.#subs.clear();
  }

  #watch(page: number, filter: HistoryFilter, key: string): void {
    const entry: Watch = { page, filter, key, dropped: false, reading: false, stale: false };
    this.#subs.set(page, entry);
    const go = (opened: { s: Store; db: AppDb }) => {
      this.#listen(opened);
      this.#read(entry, opened);
    };
    // Once the store is loaded the read starts right here, in the caller's task: when the panel
    // opens, that is before showModal() restyles the whole page (10–20 ms with the editors),
    // so IndexedDB works meanwhile instead of afterwards.
    if (this.#opened) go(this.#opened);
    else this.#store().then(go, (e: unknown) => this.#listFailed(e));
  }

  /**
   * Keeps the pages in view current: every committed change to the audits table, in this tab or
   * another (Dexie relays those over a BroadcastChannel), reads them again. This replaces Dexie's
   * liveQuery, which runs its first query from a zero-delay timer (the browser serves it after
   * rendering the frame, so the panel's first page waited for the dialog to be painted) and, next
   * to a direct first read, would have read every page twice. Any audits change is enough to
   * re-read: the list is small to read, and writes come from saves, renames, deletes and imports.
   */
  #listen(opened: { s: Store; db: AppDb }): void {
    if (this.#stopListening) return;
    // Dexie names a changed part `idb://<database>/<table>/<index>`; `all` means everything.
    const prefix = `idb://${opened.db.name}/audits/`;
    const onChange = (parts: ObservabilitySet) => {
      if (!('all' in parts) && !Object.keys(parts).some((k) => k.startsWith(prefix))) return;
      for (const entry of this.#subs.values()) this.#read(entry, opened);
    };
    const events = opened.s.dexie.Dexie.on;
    events('storagemutated', onChange);
    this.#stopListening = () => events.storagemutated.unsubscribe(onChange);
  }

  /** Reads a page and shows it; a change reported while a read is under way reads once more after it. */
  #read(entry: Watch, { s, db }: { s: Store; db: AppDb }): void {
    if (entry.dropped) return;
    if (entry.reading) {
      entry.stale = true;
      return;
    }
    entry.reading = true;
    entry.stale = false;
    s.history
      .listAudits(db, entry.filter, entry.page * this.pageSize, this.pageSize)
      .then(
        (p) => this.#showPage(entry, p),
        (e: unknown) => this.#listFailed(e),
      )
      .finally(() => {
        entry.reading = false;
        if (entry.stale) this.#read(entry, { s, db });
      });
  }

  #showPage(entry: Watch, p: Page): void {
    if (entry.dropped || entry.key !== this.#filterKey) return;
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

  #listFailed(e: unknown): void {
    console.error('history: listing failed', e);
    this.#message = { kind: 'unavailable' };
  }

  // --- actions ------------------------------------------------------------------------------

  /** Opens a stored audit in the workbench (undoable there). */
  async reopen(id: string): Promise<boolean> {
    const { s, db } = await this.#store();
    const stored = await s.history.getAudit(db, id);
    if (!stored) {
      this.#message = { kind: 'not-found' };
      return false;
    }
    if (!stored.case) {
      this.#message = { kind: 'invalid-case', errors: stored.errors.slice(0, 5) };
      return false;
    }
    await this.#saveNow();
    const wb = this.#workbench;
    const settings = stored.body.settings;
    const citationScope = settings.citationScope ?? 'sentence';
    if (settings.requiredStyle !== wb.settings.requiredStyle || settings.language !== wb.settings.language || citationScope !== wb.settings.citationScope) {
      wb.updateSettings({ requiredStyle: settings.requiredStyle, language: settings.language, citationScope });
    }
    this.adoptNextLoad(id);
    wb.loadCase(stored.case, `history:${stored.row.title}`);
    this.#lastSavedKey = '';
    // A model-checked report cannot be recomputed locally: bring it back as it was.
    const report = stored.body.report;
    if (report && report.meta.checked_by === 'model') wb.setModelReport(report, wb.revision);
    return true;
  }

  async #saveNow(): Promise<void> {
    if (this.#pending) await this.flush();
  }

  async rename(id: string, title: string): Promise<void> {
    const { s, db } = await this.#store();
    await s.history.renameAudit(db, id, title);
  }

  /** Moves an audit to the trash and offers Undo. */
  async remove(id: string): Promise<void> {
    const { s, db } = await this.#store();
    const row = await db.audits.get(id);
    if (!row) return;
    await s.history.trashAudit(db, id);
    this.#undo = { id, title: row.title };
    if (this.#currentId === id) {
      this.#currentId = null;
      this.#writeCurrent(null);
    }
  }

  async undoRemove(): Promise<void> {
    const entry = this.#undo;
    if (!entry) return;
    this.#undo = null;
    const { s, db } = await this.#store();
    await s.history.restoreAudit(db, entry.id);
  }

  dismissUndo(): void {
    this.#undo = null;
  }

  /** The backup file's name and text (the caller downloads it). */
  async exportBackup(): Promise<{ name: string; text: string }> {
    this.#busy = true;
    try {
      const { s, db } = await this.#store();
      const extra = [];
      if (this.#unsaved) {
        const id = this.#currentId ?? s.history.newAuditId();
        const body = s.history.bodyFor(id, this.#unsaved);
        const now = Date.now();
        extra.push({ row: s.db.summarize(body, { title: s.history.defaultTitle(this.#unsaved.case), created: now, updated: now }), body });
      }
      const file = await s.backup.exportBackup(db, { extra });
      return { name: s.backup.backupFileName(), text: JSON.stringify(file, null, 1) };
    } finally {
      this.#busy = false;
    }
  }

  /** Merges a backup file into the history; the result is reported as a message. */
  async importBackup(file: { size: number; text(): Promise<string> }): Promise<void> {
    this.#busy = true;
    try {
      const { s, db } = await this.#store();
      const { BACKUP_MAX_BYTES } = await import('../store/constants');
      if (file.size > BACKUP_MAX_BYTES) {
        this.#message = { kind: 'backup-too-large' };
        return;
      }
      const r = await s.backup.importBackup(db, await file.text());
      this.#message = { kind: 'imported', result: r };
    } catch (e) {
      const s = await loadStore();
      this.#message = s.persist.isQuotaError(e)
        ? { kind: 'quota' }
        : { kind: 'backup-error', text: e instanceof s.backup.BackupError ? e.message : String(e) };
    } finally {
      this.#busy = false;
    }
  }
}
