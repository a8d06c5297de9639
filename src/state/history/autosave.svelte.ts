// The auto-save of the history: every audit of the workbench written to IndexedDB a moment after
// it changed (debounced, then when the page is idle), to the row the current inputs belong to.
// Which row that is survives a reload (localStorage); a full disk keeps the audit in memory.
import type { ModelResults } from '../../core/types';
import type { SaveInput } from '../../store/history';
import type { PersistState } from '../../store/persist';
import type { AuditSettings } from '../../store/schemas';
import { loadStore, type Store, type StoreHandle } from './historyList.svelte';
import type { KeyValueStore } from '../constants';
import { Debouncer } from '../debounce';
import type { Workbench } from '../workbench/workbench.svelte';

/** Where the model's results come from (the ModelAudit state), if there is a model feature. */
export interface ModelSource {
  readonly results: ModelResults | null;
}

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'quota' | 'error';

/** Which history row the current inputs are, kept across reloads. */
const CURRENT_KEY = 'citation-auditor:history-current';
export const DEFAULT_DEBOUNCE_MS = 800;

interface Snapshot {
  key: string;
  input: SaveInput;
  /** The workbench's attached inputs when it was taken (another value: other inputs were loaded since). */
  attached: unknown;
}

export class Autosave {
  readonly #workbench: Workbench;
  readonly #model: ModelSource | undefined;
  readonly #kv: KeyValueStore;
  readonly #save: Debouncer;
  readonly #store: StoreHandle;

  #persist = $state<PersistState | 'unknown'>('unknown');
  #saveStatus = $state<SaveStatus>('idle');
  #currentId = $state<string | null>(null);

  #idle: number | undefined;
  #lastAttached: unknown = undefined;
  #lastForks = 0;
  #loadRevision = -1;
  #lastSavedKey = '';
  #adopting = false;
  #pending: Snapshot | null = null;
  #flushing: Promise<void> = Promise.resolve();
  /** An audit that could not be written (disk full): kept here so a backup still has it. */
  #unsaved: SaveInput | null = null;
  /** The row each loaded inputs (their attached object) were last written to. */
  readonly #rowOf = new WeakMap<object, string>();

  constructor(workbench: Workbench, store: StoreHandle, opts: { model?: ModelSource; kv: KeyValueStore; debounceMs: number }) {
    this.#workbench = workbench;
    this.#store = store;
    this.#model = opts.model;
    this.#kv = opts.kv;
    this.#save = new Debouncer(() => this.#whenIdle(() => void this.flush()), opts.debounceMs);
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
  /** The audit a full disk kept from being written, if any. */
  get unsaved(): SaveInput | null {
    return this.#unsaved;
  }

  /** True when an audit could not be saved because the disk is full (it is kept in memory). */
  get hasUnsaved(): boolean {
    return this.#saveStatus === 'quota' && this.#unsaved !== null;
  }

  /** Starts watching the workbench; returns the stop function. */
  start(): () => void {
    const stored = this.#readCurrent();
    this.#lastAttached = this.#workbench.attached;
    this.#lastForks = this.#workbench.forks;
    // Inputs edited before the history started (it starts once the editors are ready) are the
    // user's audit, not the example as it was loaded.
    this.#loadRevision = this.#workbench.edited ? -1 : this.#workbench.revision;
    if (stored && stored.origin === (this.#workbench.attached.origin ?? '')) this.#currentId = stored.id;
    const stop = $effect.root(() => {
      $effect(() => this.sync());
    });
    return () => {
      stop();
      this.#save.cancel();
      this.#cancelIdle();
    };
  }

  /** Reads whether storage is persistent (once the database is open). */
  async checkPersistence(s: Store): Promise<void> {
    this.#persist = await s.persist.persistState();
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

  /**
   * Looks at the workbench and schedules a save when its audit changed. The effect started by
   * start() runs this on every change (it reads everything that matters, so it re-runs when any of
   * it changes); tests, where effects do not run, call it directly.
   */
  sync(): void {
    const wb = this.#workbench;
    this.#onChange(wb.report, wb.revision, wb.attached, wb.analysis, this.#model?.results ?? null, wb.forks);
  }

  #onChange(
    report: Workbench['report'],
    revision: number,
    attached: unknown,
    analysis: Workbench['analysis'],
    results: ModelResults | null,
    forks: number,
  ): void {
    if (forks !== this.#lastForks) {
      this.#lastForks = forks;
      // A change of settings set the model's verdicts aside: the judged audit keeps its row (saved
      // first if it was still waiting) and what follows is saved to a new one. A load at the same
      // time is handled below, as a load.
      if (attached === this.#lastAttached) this.#detach();
    }
    if (attached !== this.#lastAttached) {
      // Other inputs were loaded (file, example, link, dataset, undo): they are another audit,
      // or the very inputs an Undo brought back, which keep the row they were saved to.
      this.#lastAttached = attached;
      this.#loadRevision = revision;
      if (!this.#adopting) {
        const row = typeof attached === 'object' && attached !== null ? (this.#rowOf.get(attached) ?? null) : null;
        this.#currentId = row;
        this.#writeCurrent(row);
      }
      this.#adopting = false;
    }
    if (analysis && analysis.revision !== revision) {
      // The inputs changed: their audit is on its way and will replace the one waiting to be saved,
      // so that save is held until it comes (a save spans many tasks of hashing and encoding on the
      // page, which landed between the keystroke and its markers only to be written over a moment
      // later). An audit of inputs since replaced by a load is saved as before.
      if (this.#pending?.attached === attached) this.#hold();
      return;
    }
    if (!report || !analysis || analysis.case === null) {
      // The new inputs gave no audit to replace the one held: that one is saved after all.
      if (this.#pending && !this.#save.pending && this.#idle === undefined) this.#save.schedule();
      return;
    }
    const origin = this.#workbench.attached.origin ?? '';
    // A built-in example nobody touched is not an audit of the user's.
    if (origin.startsWith('example:') && revision === this.#loadRevision && !results) return;
    const settings = this.#workbench.settings;
    const input: SaveInput = {
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
    this.#schedule({ key, input, attached });
  }

  #schedule(snap: Snapshot): void {
    if (snap.key === this.#lastSavedKey) return;
    this.#pending = snap;
    this.#saveStatus = 'pending';
    this.#cancelIdle();
    this.#save.schedule();
  }

  /** The waiting save waits for the next audit (it has not begun writing; a page hide still writes it). */
  #hold(): void {
    this.#save.cancel();
    this.#cancelIdle();
  }

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
    this.#save.cancel();
    this.#cancelIdle();
    return this.#queue(() => this.#flushNow());
  }

  // One save at a time: a save now spans many tasks (hashing in slices), and a second one started
  // meanwhile would not know the row id the first is making.
  #queue(step: () => Promise<void>): Promise<void> {
    const run = this.#flushing.then(step);
    this.#flushing = run.catch(() => {});
    return run;
  }

  /** Writes the audit still waiting to its row, then lets the next audit start a new row. */
  #detach(): void {
    const waiting = this.#pending;
    this.#pending = null;
    this.#save.cancel();
    this.#cancelIdle();
    const attached = this.#lastAttached;
    void this.#queue(async () => {
      if (waiting) await this.#write(waiting);
      this.#currentId = null;
      this.#writeCurrent(null);
      this.#lastSavedKey = '';
      // What these inputs become from now on is another audit: never written to the kept row.
      if (typeof attached === 'object' && attached !== null) this.#rowOf.delete(attached);
    });
  }

  /** Saves first if a save is pending (before other inputs replace the audit). */
  async saveNow(): Promise<void> {
    if (this.#pending) await this.flush();
  }

  async #flushNow(): Promise<void> {
    const snap = this.#pending;
    if (!snap) return;
    this.#pending = null;
    await this.#write(snap);
  }

  async #write(snap: Snapshot): Promise<void> {
    this.#saveStatus = 'saving';
    try {
      const { s, db } = await this.#store.open();
      // Hashed in slices of a few ms first: hashing a large audit in the save's own task would
      // freeze the page for seconds (store/hash.ts).
      const prepared = await s.history.prepareSave(snap.input);
      const current = snap.attached === this.#workbench.attached;
      const own = typeof snap.attached === 'object' && snap.attached !== null ? snap.attached : null;
      // An audit of inputs replaced since (a load came before its save) goes to the row those
      // inputs were being saved to, as their last edits.
      const id = current ? this.#currentId : own ? (this.#rowOf.get(own) ?? null) : null;
      const r = await s.history.saveAudit(db, { ...snap.input, ...(prepared ? { prepared } : {}), ...(id ? { id } : {}) });
      this.#lastSavedKey = snap.key;
      this.#unsaved = null;
      if (own) this.#rowOf.set(own, r.id);
      // The row becomes the current inputs' only if the audit is of them: a save that lands after
      // other inputs were loaded (an example, a file) wrote the audit before them, and their edits
      // must start a row of their own, not overwrite that one.
      if (this.#currentId !== r.id && current) {
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
    const { s } = await this.#store.open();
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

  /** The next audit is saved even when it equals the last one saved (a reopened audit). */
  resaveNext(): void {
    this.#lastSavedKey = '';
  }

  /** The row `id` left the history (deleted): the inputs are no longer saved to it. */
  forget(id: string): void {
    if (this.#currentId !== id) return;
    this.#currentId = null;
    this.#writeCurrent(null);
  }

  /** The inputs are a built-in example nobody has changed since it was loaded. */
  isPristineExample(): boolean {
    const origin = this.#workbench.attached.origin ?? '';
    return origin.startsWith('example:') && this.#workbench.revision === this.#loadRevision;
  }
}
