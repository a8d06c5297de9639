// The history of audits, as the page uses it: the auto-save (autosave.svelte.ts), the panel's
// list window (historyList.svelte.ts) and the panel's actions on stored audits (reopen, rename,
// delete with Undo, backup), over one lazily opened database (historyList.svelte.ts StoreHandle).
import type { AppDb, ReportParser } from '../../store/db';
import type { BackupProblem } from '../../store/backup';
import type { AnnotationLabel } from '../../store/schemas';
import { Autosave, DEFAULT_DEBOUNCE_MS, type ModelSource } from './autosave.svelte';
import { HistoryList, loadStore, StoreHandle } from './historyList.svelte';
import { parseInWorker } from './reportParse';
import ReportParseWorker from './reportParse.worker?worker';
import { localStore, type KeyValueStore } from '../constants';
import type { Workbench } from '../workbench/workbench.svelte';

export type { ModelSource } from './autosave.svelte';
export { sameRows } from './historyList.svelte';

export interface HistoryOptions {
  /** A database to use instead of the page's one (tests, benchmarks). */
  db?: AppDb;
  model?: ModelSource;
  store?: KeyValueStore;
  debounceMs?: number;
  pageSize?: number;
  /**
   * Where a reopened audit's report JSON is parsed (null: in this thread). Default: a worker
   * where the page has them (reportParse.ts), else in this thread (Node tests).
   */
  parseReport?: ReportParser | null;
}

function defaultReportParser(): ReportParser | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return (blob) => parseInWorker(blob, () => new ReportParseWorker());
}

/** Something the panel tells the user (it words it in the UI language). */
export type HistoryMessage =
  | { kind: 'unavailable' }
  /** The database could not be opened or read because the disk (the site's storage) is full. */
  | { kind: 'storage-full' }
  | { kind: 'not-found' }
  | { kind: 'invalid-case'; errors: string[] }
  | { kind: 'imported'; result: import('../../store/backup').ImportResult }
  /** A file refused as a backup (`problem`, worded by the UI), or another failure (`text`, as thrown). */
  | { kind: 'backup-error'; problem: BackupProblem; version?: number }
  | { kind: 'import-failed'; text: string }
  | { kind: 'backup-too-large' }
  | { kind: 'backup-skipped'; skipped: number }
  | { kind: 'quota' };

export class History {
  readonly #workbench: Workbench;
  readonly #store: StoreHandle;
  /** Saves the workbench's audits as they change. */
  readonly autosave: Autosave;
  /** The panel's filters and the rows in view. */
  readonly list: HistoryList;

  panelOpen = $state(false);

  #undo = $state.raw<{ id: string; title: string } | null>(null);
  #message = $state.raw<HistoryMessage | null>(null);
  #failed = $state(false);
  #busy = $state(false);
  #stop: (() => void) | null = null;
  readonly #parseReport: ReportParser | undefined;

  constructor(workbench: Workbench, opts: HistoryOptions = {}) {
    this.#workbench = workbench;
    this.#store = new StoreHandle(opts.db);
    this.#parseReport = opts.parseReport === undefined ? defaultReportParser() : (opts.parseReport ?? undefined);
    this.autosave = new Autosave(workbench, this.#store, {
      ...(opts.model ? { model: opts.model } : {}),
      kv: opts.store ?? localStore,
      debounceMs: opts.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    });
    this.list = new HistoryList(this.#store, { pageSize: opts.pageSize ?? 50, onError: (e) => this.#listFailed(e) });
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
  /** The database could not be opened or listed: nothing is loading, whatever the list says. */
  get failed(): boolean {
    return this.#failed;
  }

  dismissMessage(): void {
    this.#message = null;
  }

  // --- lifecycle ----------------------------------------------------------------------------

  /**
   * Starts auto-saving the workbench's audits and checks the storage state. Returns a stop
   * function. Call once, after the draft was restored.
   */
  start(): () => void {
    if (this.#stop) return this.#stop;
    const stopSaving = this.autosave.start();
    this.ready = this.#init();
    this.#stop = () => {
      stopSaving();
      this.list.stop();
      this.#stop = null;
    };
    return this.#stop;
  }

  /** Settles when the database is open and the storage state known (after start()). */
  ready: Promise<void> = Promise.resolve();

  async #init(): Promise<void> {
    try {
      const { s, db } = await this.#store.open();
      await this.autosave.checkPersistence(s);
      await s.history.purgeTrash(db);
    } catch (e) {
      console.error('history: the database could not be opened', e);
      await this.#cannotOpen(e);
    }
  }

  #listFailed(e: unknown): void {
    console.error('history: listing failed', e);
    void this.#cannotOpen(e);
  }

  /** A full disk is said as such (with what to do); anything else as a database that cannot open. */
  async #cannotOpen(e: unknown): Promise<void> {
    this.#failed = true;
    let full = false;
    try {
      full = (await loadStore()).persist.isQuotaError(e);
    } catch {
      // The store's code did not load: say what can be said.
    }
    this.#message = { kind: full ? 'storage-full' : 'unavailable' };
  }

  // --- labels (the annotation feature's table) ----------------------------------------------

  async labelsFor(c: import('../../core/types').AuditCase): Promise<AnnotationLabel[]> {
    const { s, db } = await this.#store.open();
    return s.labels.labelsForCase(db, s.labels.caseKeyOf(c));
  }

  /** Stores labels that came with a link (a label with the same key is replaced). */
  async storeLabels(labels: readonly AnnotationLabel[]): Promise<void> {
    const { s, db } = await this.#store.open();
    for (const l of labels) await s.labels.putLabel(db, l);
  }

  // --- actions ------------------------------------------------------------------------------

  /** Opens a stored audit in the workbench (undoable there). */
  async reopen(id: string): Promise<boolean> {
    const { s, db } = await this.#store.open();
    const stored = await s.history.getAudit(db, id, this.#parseReport);
    if (!stored) {
      this.#message = { kind: 'not-found' };
      return false;
    }
    if (!stored.case) {
      this.#message = { kind: 'invalid-case', errors: stored.errors.slice(0, 5) };
      return false;
    }
    await this.autosave.saveNow();
    const wb = this.#workbench;
    const settings = stored.body.settings;
    const citationScope = settings.citationScope ?? 'sentence';
    if (settings.requiredStyle !== wb.settings.requiredStyle || settings.language !== wb.settings.language || citationScope !== wb.settings.citationScope) {
      wb.updateSettings({ requiredStyle: settings.requiredStyle, language: settings.language, citationScope });
    }
    this.autosave.adoptNextLoad(id);
    wb.loadCase(stored.case, `history:${stored.row.title}`);
    this.autosave.resaveNext();
    // A model-checked report cannot be recomputed locally: bring it back as it was.
    const report = stored.body.report;
    if (report && report.meta.checked_by === 'model') wb.setModelReport(report, wb.revision);
    return true;
  }

  async rename(id: string, title: string): Promise<void> {
    const { s, db } = await this.#store.open();
    await s.history.renameAudit(db, id, title);
  }

  /** Moves an audit to the trash and offers Undo. */
  async remove(id: string): Promise<void> {
    const { s, db } = await this.#store.open();
    const row = await db.audits.get(id);
    if (!row) return;
    await s.history.trashAudit(db, id);
    this.#undo = { id, title: row.title };
    this.autosave.forget(id);
  }

  async undoRemove(): Promise<void> {
    const entry = this.#undo;
    if (!entry) return;
    this.#undo = null;
    const { s, db } = await this.#store.open();
    await s.history.restoreAudit(db, entry.id);
  }

  dismissUndo(): void {
    this.#undo = null;
  }

  /**
   * The backup file's name and text (the caller downloads it). Damaged entries it left out are
   * counted in the file and said in a message.
   */
  async exportBackup(): Promise<{ name: string; text: string; skipped: number }> {
    this.#busy = true;
    try {
      const { s, db } = await this.#store.open();
      const extra = [];
      const unsaved = this.autosave.unsaved;
      if (unsaved) {
        const id = this.autosave.currentId ?? s.history.newAuditId();
        const body = s.history.bodyFor(id, unsaved);
        const now = Date.now();
        extra.push({ row: s.db.summarize(body, { title: s.history.defaultTitle(unsaved.case), created: now, updated: now }), body });
      }
      const file = await s.backup.exportBackup(db, { extra });
      const skipped = file.skipped_damaged ?? 0;
      if (skipped > 0) this.#message = { kind: 'backup-skipped', skipped };
      return { name: s.backup.backupFileName(), text: JSON.stringify(file, null, 1), skipped };
    } finally {
      this.#busy = false;
    }
  }

  /**
   * The raw content of damaged entries (by their keys as stored: listed ones' `damage.key`, or
   * those of list.damaged), as a file to download.
   */
  async exportDamaged(keys: readonly unknown[]): Promise<{ name: string; text: string }> {
    const { s, db } = await this.#store.open();
    const text = await s.damaged.exportDamaged(db, keys);
    return { name: `citation-auditor-damaged-${new Date().toISOString().slice(0, 10)}.json`, text };
  }

  /** Deletes a damaged entry for good (there is nothing an Undo could show). */
  async deleteDamaged(key: unknown): Promise<void> {
    const { s, db } = await this.#store.open();
    await s.damaged.deleteDamaged(db, key);
    this.list.checkDamaged();
  }

  /** Merges a backup file into the history; the result is reported as a message. */
  async importBackup(file: { size: number; text(): Promise<string> }): Promise<void> {
    this.#busy = true;
    try {
      const { s, db } = await this.#store.open();
      const { BACKUP_MAX_BYTES } = await import('../../store/constants');
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
        : e instanceof s.backup.BackupError
          ? { kind: 'backup-error', problem: e.problem, ...(e.version !== undefined ? { version: e.version } : {}) }
          : { kind: 'import-failed', text: String(e) };
    } finally {
      this.#busy = false;
    }
  }
}
