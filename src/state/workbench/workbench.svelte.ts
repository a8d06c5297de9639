// The workbench: what the four editors hold, the settings, and the audit of them. Inputs are
// exactly the editors' texts; everything else is derived or produced by the audit runner.
// Integration contract (TEAM.md): the model state calls setModelReport, history/share call
// loadCase / toCase.
import type { AuditCase, Chunk, ChunkFormat, Report } from '../../core/types';
import { toAnswerOffset, toEditorOffset } from '../engine/offsetMap';
import type { Analysis, Diagnostic } from '../engine/analysis';
import { AuditRunner, type RunnerOptions } from '../engine/auditRunner';
import { reuseUnchanged } from './reuse';
import { engineNow } from '../lazy';
import { Debouncer, whenIdle } from '../debounce';
import { DRAFT_SAVE_DEBOUNCE_MS, localStore, MAX_DRAFT_CHARS, sessionStore, SETTINGS_KEY, type KeyValueStore } from '../constants';
import { type Attached, type AuditSettings, type Draft, EMPTY_INPUTS, type Inputs, isEmptyInputs, sameInputs } from './draft';
import { defaultSettings, restoreSettings, type Settings } from './settings';
import { TabDrafts, type DraftSource } from './tabDrafts';

export type InputName = keyof Inputs;

/** A replaced set of inputs that one "Undo" brings back. */
export interface UndoEntry {
  id: number;
  /** What replaced the inputs: "example:<id>", "file:<name>", "clear", ... */
  origin: string;
  previous: Draft;
}

export type DraftStatus = 'saved' | 'pending' | 'too-large' | 'failed';

/** Debounces a draft save waits for a pending audit before it is written anyway. */
const MAX_DRAFT_WAITS = 5;
const KNOWN_CASE_KEYS = new Set(['id', 'query', 'answer', 'chunks', 'gold_answer', 'structured_citations', 'language']);

/** Inputs and attachments that reproduce a case in the editors. */
export function caseToDraft(c: AuditCase, origin: string): Draft {
  const extras: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (!KNOWN_CASE_KEYS.has(k)) extras[k] = v;
  const attached: Attached = { origin };
  if (c.structured_citations !== undefined && c.structured_citations !== null) attached.structured = c.structured_citations;
  if (c.id !== undefined) attached.caseId = String(c.id);
  if (c.language !== undefined) attached.language = c.language;
  if (Object.keys(extras).length) attached.extras = extras;
  return {
    inputs: {
      query: c.query,
      answerText: c.answer,
      chunksText: c.chunks.length ? JSON.stringify(c.chunks, null, 2) : '',
      goldText: c.gold_answer ?? '',
    },
    attached,
  };
}

export interface WorkbenchOptions {
  store?: KeyValueStore;
  /** The tab's own storage (sessionStorage), which holds the tab's id for its draft. */
  session?: KeyValueStore;
  runner?: RunnerOptions;
  /** navigator.language, for the default UI language. */
  locale?: string;
}

export class Workbench {
  #query = $state('');
  #answerText = $state('');
  #chunksText = $state('');
  #goldText = $state('');
  #attached = $state.raw<Attached>({});
  #settings = $state.raw<Settings>(defaultSettings());
  #analysis = $state.raw<Analysis | null>(null);
  #busy = $state(false);
  #revision = $state(0);
  #caseLoads = $state(0);
  #forks = $state(0);
  #model = $state.raw<{ report: Report; revision: number } | null>(null);
  /** Model results judged elsewhere for a revision whose local report has not arrived yet. */
  #judge: { revision: number; merge: (local: Report, c: AuditCase) => Report } | null = null;
  #undo = $state.raw<UndoEntry | null>(null);
  #draftStatus = $state<DraftStatus>('saved');
  #lastGoodChunks = $state.raw<{ chunks: Chunk[]; format: ChunkFormat } | null>(null);
  #restoredFrom = $state.raw<{ source: DraftSource; savedAt: number | null } | null>(null);

  readonly #store: KeyValueStore;
  readonly #drafts: TabDrafts;
  /** The save time of the draft just restored: saved again unchanged, it keeps that time. */
  #restoredAt: number | null = null;
  readonly #runner: AuditRunner;
  // While an audit is pending the draft waits for it (encoding and writing a large draft on the
  // main thread would hold up the markers), a few debounces at most, and is then written when the
  // page is next idle: after the report's tasks and its frame, not in the reply's own task. A page
  // hide writes it at once.
  readonly #draftSave = new Debouncer(() => {
    if (this.#busy && this.#draftWaits++ < MAX_DRAFT_WAITS) this.#draftSave.schedule();
    else this.#saveDraftWhenIdle();
  }, DRAFT_SAVE_DEBOUNCE_MS);
  #draftWaits = 0;
  /** A write waits for the page to be idle. */
  #draftIdle = false;
  #undoIds = 0;
  /** The inputs as last loaded (a case, a draft), to tell whether the user has edited them. */
  #pristine: Inputs | null = null;

  constructor(opts: WorkbenchOptions = {}) {
    this.#store = opts.store ?? localStore;
    this.#drafts = new TabDrafts(this.#store, opts.session ?? sessionStore);
    this.#settings = restoreSettings(this.#store.get(SETTINGS_KEY), defaultSettings(opts.locale));
    this.#runner = new AuditRunner(
      // Objects that did not change are kept, so the report and the editors skip them.
      (a) => {
        this.#analysis = reuseUnchanged(this.#analysis, a);
        const judge = this.#judge;
        if (judge && a.revision === judge.revision) {
          this.#judge = null;
          if (a.report && a.case && judge.revision === this.#revision) {
            this.#model = { report: judge.merge(a.report, a.case), revision: judge.revision };
            this.#scheduleSave();
          }
        }
        if (a.chunks.errors.length === 0 && a.chunks.chunks.length > 0) this.#lastGoodChunks = { chunks: a.chunks.chunks, format: a.chunks.format };
        else if (a.chunks.format === 'empty') this.#lastGoodChunks = null;
      },
      (busy) => {
        this.#busy = busy;
        if (!busy && this.#draftWaits > 0 && this.#draftSave.cancel()) this.#saveDraftWhenIdle();
      },
      opts.runner,
    );
  }

  // --- inputs (exactly what the editors hold) ------------------------------------------------

  get query(): string {
    return this.#query;
  }
  set query(v: string) {
    this.setInput('query', v);
  }
  get answerText(): string {
    return this.#answerText;
  }
  set answerText(v: string) {
    this.setInput('answerText', v);
  }
  get chunksText(): string {
    return this.#chunksText;
  }
  set chunksText(v: string) {
    this.setInput('chunksText', v);
  }
  get goldText(): string {
    return this.#goldText;
  }
  set goldText(v: string) {
    this.setInput('goldText', v);
  }

  get inputs(): Inputs {
    return { query: this.#query, answerText: this.#answerText, chunksText: this.#chunksText, goldText: this.#goldText };
  }

  /** What a loaded case carried beside the editors (structured citations, id, extra fields). */
  get attached(): Attached {
    return this.#attached;
  }

  get settings(): Settings {
    return this.#settings;
  }

  setInput(name: InputName, value: string): void {
    if (this.inputs[name] === value) return;
    switch (name) {
      case 'query':
        this.#query = value;
        break;
      case 'answerText':
        this.#answerText = value;
        break;
      case 'chunksText':
        this.#chunksText = value;
        break;
      case 'goldText':
        this.#goldText = value;
        break;
    }
    this.#changed(false);
  }

  updateSettings(patch: Partial<Settings>): void {
    const next = { ...this.#settings, ...patch };
    const judged = this.judged;
    const auditRelevant =
      this.#auditChanges(next) ||
      // The interface language is what an answer with too little text to tell is read as: worth
      // a free local audit again, never the model's verdicts (the page re-words those on screen).
      (!judged && next.language === 'auto' && next.uiLanguage !== this.#settings.uiLanguage);
    this.#settings = next;
    this.#store.set(SETTINGS_KEY, JSON.stringify(next));
    if (!auditRelevant) return;
    if (judged) this.#forks++;
    this.#changed(true);
  }

  /**
   * True when `patch` would audit the inputs again and so set aside the model's verdicts on screen
   * (the feedback language, the style or the scope changes under a judged report): the page asks
   * first. The interface language never does.
   */
  dropsVerdicts(patch: Partial<Settings>): boolean {
    return this.judged && this.#auditChanges({ ...this.#settings, ...patch });
  }

  /** True while the report carries the model's verdicts on the current inputs. */
  get judged(): boolean {
    return this.#model !== null && this.#model.revision === this.#revision;
  }

  /**
   * Increases when a change of settings set the model's verdicts aside: the audit after it is
   * another audit, which the history saves beside the judged one, never over it.
   */
  get forks(): number {
    return this.#forks;
  }

  #auditChanges(next: Settings): boolean {
    const now = this.#settings;
    return next.requiredStyle !== now.requiredStyle || next.language !== now.language || next.citationScope !== now.citationScope;
  }

  // --- derived -----------------------------------------------------------------------------

  /** The latest finished analysis (may trail the inputs by one debounce while typing). */
  get analysis(): Analysis | null {
    return this.#analysis;
  }

  /** True while an analysis of the newest inputs is pending. */
  get busy(): boolean {
    return this.#busy;
  }

  /**
   * Increases whenever the inputs are replaced as a whole (a case or a draft loaded, cleared,
   * undone), not on edits: another case, for what is kept per case (ui.svelte.ts ShownRows).
   */
  get caseLoads(): number {
    return this.#caseLoads;
  }

  /** Increases on every change of inputs or audit settings; model results carry the one they judged. */
  get revision(): number {
    return this.#revision;
  }

  parsedChunks = $derived(this.#analysis?.chunks ?? null);
  parsedAnswer = $derived(this.#analysis?.answer ?? null);
  diagnostics: Diagnostic[] = $derived(this.#analysis?.diagnostics ?? []);
  localReport: Report | null = $derived(this.#analysis?.report ?? null);

  /** The case of the current inputs, computed on read (not debounced), or null when empty. */
  auditCase: AuditCase | null = $derived.by(() => {
    const a = this.#analysis;
    if (a && a.revision === this.#revision) return a.case;
    return this.#freshCase(this.inputs, this.#attached);
  });

  /** The model-merged report when the model judged the current inputs, else the local report. */
  report: Report | null = $derived(
    this.#model && this.#model.revision === this.#revision ? this.#model.report : this.localReport,
  );

  /**
   * The report as the page shows it: the tool's own words in the interface language. `report`
   * keeps them in the feedback language (meta.language: the case's, or the one set), which is what
   * exports, the history and the model get. The model's own words stay as it wrote them.
   */
  screenReport: Report | null = $derived.by(() => this.#onScreen(this.report));
  // Without a model report the two are the same report: localised once (a pasted megabyte has
  // tens of thousands of findings, each worded again).
  #screenLocal: Report | null = $derived.by(() => (this.localReport === this.report ? this.screenReport : this.#onScreen(this.localReport)));
  #onScreen(r: Report | null): Report | null {
    const engine = engineNow();
    if (!r || !engine) return r;
    const lang = this.#settings.uiLanguage;
    // The words in this language, when the analysis of this very report has them.
    const a = this.#analysis;
    const ahead = a && a.report === r && a.screenWords?.language === lang ? a.screenWords : undefined;
    return engine.localizeReport(r, lang, ahead);
  }

  /** Problems in the editors, the findings among them worded like the report on screen. */
  screenDiagnostics: Diagnostic[] = $derived.by(() => {
    const local = this.localReport;
    const shown = this.#screenLocal;
    if (!local || !shown || shown === local) return this.diagnostics;
    return this.diagnostics.map((d) => {
      const f = d.finding !== undefined ? shown.findings[d.finding] : undefined;
      return f && f.message !== d.message ? { ...d, message: f.message } : d;
    });
  });

  /**
   * How the current report's feedback language was chosen: set in Settings, the case's own (given
   * or detected), or the interface language because the answer has too few words to tell.
   */
  get feedbackLanguageSource(): 'setting' | 'case' | 'fallback' {
    const source = this.report?.meta.language_source;
    if (source === 'setting' || source === 'fallback') return source;
    if (source) return 'case';
    return this.#settings.language === 'auto' ? 'case' : 'setting';
  }

  /**
   * While the Chunks editor does not parse: its last good parse, to show (marked as such) what the
   * user had; the audit never uses it (EXISTS and ACCURATE stay NOT_CHECKED until the text parses).
   */
  get lastGoodChunks(): { chunks: Chunk[]; format: ChunkFormat } | null {
    const a = this.#analysis;
    return a && a.chunks.errors.length > 0 ? this.#lastGoodChunks : null;
  }

  /** Chunks of the analysed case (what report chunk ids refer to). */
  get auditCaseChunks(): Chunk[] {
    return this.#analysis?.case?.chunks ?? [];
  }

  /** Answer offsets (as in the report) → offsets in the Answer editor's text; null if not placeable. */
  answerSpanInEditor(start: number, end: number): { start: number; end: number } | null {
    const map = this.#analysis?.answerMap;
    if (!map) return null;
    const s = toEditorOffset(map, start);
    const e = end > start ? toEditorOffset(map, end, true) : s;
    return s === null || e === null ? null : { start: s, end: e };
  }

  /** Answer-editor offset → answer offset (as in the report). */
  editorOffsetToAnswer(offset: number): number | null {
    const map = this.#analysis?.answerMap;
    return map ? toAnswerOffset(map, offset) : null;
  }

  get draftStatus(): DraftStatus {
    return this.#draftStatus;
  }

  get undoEntry(): UndoEntry | null {
    return this.#undo;
  }

  // --- actions -----------------------------------------------------------------------------

  /**
   * Replace the inputs with a case. Undoable when it replaces something different; with
   * `undo: 'if-edited'` (stepping through a dataset) only when the user changed what was loaded;
   * with `undo: 'never'` not at all (a shared link over an untouched example: nothing of the
   * user's is replaced, so nothing is offered back).
   */
  loadCase(c: AuditCase, origin: string, opts: { undo?: 'always' | 'if-edited' | 'never' } = {}): void {
    this.#replace(caseToDraft(c, origin), origin, opts.undo === 'never' || (opts.undo === 'if-edited' && !this.edited));
  }

  /** The inputs differ from what was last loaded (a case, a draft), or nothing was loaded. */
  get edited(): boolean {
    return this.#pristine === null || !sameInputs(this.#pristine, this.inputs);
  }

  /**
   * Put back a stored draft (no undo entry: nothing is being replaced by the user). `savedAt`,
   * its save time, stays its time until something changes: a restore is not an edit, so a tab
   * that is only reloaded does not become the newest draft.
   */
  restoreDraft(d: Draft, savedAt: number | null = null): void {
    this.#setAll(d);
    // The model's verdicts on these very inputs come back with them, when made under the audit
    // settings in force (a report under other settings is another audit).
    const j = d.judged;
    if (j && sameAuditSettings(j.settings, this.#auditSettings())) this.#model = { report: j.report, revision: this.#revision };
    this.#restoredAt = savedAt;
    this.#pristine = d.inputs;
    this.#undo = null;
  }

  /** Empty every editor (undoable). */
  clear(): void {
    this.#replace({ inputs: { ...EMPTY_INPUTS }, attached: { origin: 'clear' } }, 'clear');
  }

  undo(): boolean {
    const entry = this.#undo;
    if (!entry) return false;
    this.#setAll(entry.previous);
    this.#undo = null;
    return true;
  }

  dismissUndo(): void {
    this.#undo = null;
  }

  /** Drop the structured citations a loaded case attached to the answer. */
  detachStructured(): void {
    if (this.#attached.structured === undefined) return;
    const { structured: _drop, ...rest } = this.#attached;
    this.#attached = rest;
    this.#changed(true);
  }

  /** The current inputs as a case, computed now (null until the audit engine has loaded). */
  toCase(): AuditCase | null {
    return this.#freshCase(this.inputs, this.#attached);
  }

  /** Re-run the local audit now (skips the debounce). */
  rerun(): void {
    this.#runner.request(this.#request(), true);
  }

  /**
   * The model state hands its merged report here; `forRevision` is the revision it judged, and
   * a report for an older revision is ignored. null clears it.
   */
  setModelReport(r: Report | null, forRevision: number = this.#revision): void {
    if (r === null) this.#model = null;
    else if (forRevision === this.#revision) {
      // New verdicts are new work: the draft takes the time of now, not of a restore.
      if (this.#model?.report !== r) this.#restoredAt = null;
      this.#model = { report: r, revision: forRevision };
    } else return;
    // The draft keeps the verdicts too: a reload shows them.
    this.#scheduleSave();
  }

  /**
   * Model results judged elsewhere (a dataset's model run) for the inputs of `revision`: `merge`
   * folds them into the local report as soon as that revision's audit is there, so the case opens
   * with the model's verdicts instead of the local report first.
   */
  judgeWhenAnalysed(revision: number, merge: (local: Report, c: AuditCase) => Report): void {
    if (revision !== this.#revision) return;
    const a = this.#analysis;
    if (a && a.revision === revision && a.report && a.case) {
      this.#model = { report: merge(a.report, a.case), revision };
      this.#scheduleSave();
    } else this.#judge = { revision, merge };
  }

  /** Write the draft now (on page hide), instead of after the debounce; the tab says it was open. */
  flushDraft(): void {
    this.#drafts.touch();
    if (this.#draftSave.cancel() || this.#draftIdle) this.#saveDraft();
  }

  /** The draft this tab would start with: its own (after a reload), else the newest of any tab. */
  storedDraft(): Draft | null {
    return this.#drafts.restorable()?.draft ?? null;
  }

  /** This tab has saved a draft of its own. */
  hasOwnDraft(): boolean {
    return this.#drafts.own() !== null;
  }

  /**
   * Puts back the draft this tab starts with (see storedDraft) and remembers where it came from,
   * so the page can say when it was another tab's. Returns that, or null with no draft.
   */
  restoreStoredDraft(): DraftSource | null {
    const stored = this.#drafts.restorable();
    if (!stored) return null;
    this.restoreDraft(stored.draft, stored.savedAt);
    this.#restoredFrom = { source: stored.source, savedAt: stored.savedAt };
    return stored.source;
  }

  /** Where the restored draft came from (until dismissed); null when nothing was restored. */
  get restoredFrom(): { source: DraftSource; savedAt: number | null } | null {
    return this.#restoredFrom;
  }

  dismissRestoredFrom(): void {
    this.#restoredFrom = null;
  }

  /**
   * Another open tab uses this tab's draft key (a duplicated tab copies sessionStorage): this
   * tab moves its draft to a key of its own.
   */
  renewTabId(): void {
    this.#drafts.renew();
    this.#scheduleSave();
  }

  /** Says this tab is open (the page calls it on a timer): a fresh tab may start from its draft. */
  touchTab(): void {
    this.#drafts.touch();
  }

  /** This tab's id (its draft key is derived from it). */
  get tabId(): string {
    return this.#drafts.tabId;
  }

  dispose(): void {
    this.flushDraft();
    this.#runner.dispose();
  }

  // --- internals ---------------------------------------------------------------------------

  #freshCase(inputs: Inputs, attached: Attached): AuditCase | null {
    // Before the engine has loaded there is no analysis either; the first one arrives with it.
    return engineNow()?.freshCase(inputs, attached) ?? null;
  }

  #replace(next: Draft, origin: string, skipUndo = false): void {
    const previous: Draft = { inputs: this.inputs, attached: this.#attached };
    const changes = !sameInputs(previous.inputs, next.inputs) || previous.attached.structured !== next.attached.structured;
    this.#undo = !skipUndo && !isEmptyInputs(previous.inputs) && changes ? { id: ++this.#undoIds, origin, previous } : null;
    this.#setAll(next);
    this.#pristine = next.inputs;
  }

  #setAll(d: Draft): void {
    this.#query = d.inputs.query;
    this.#answerText = d.inputs.answerText;
    this.#chunksText = d.inputs.chunksText;
    this.#goldText = d.inputs.goldText;
    this.#attached = d.attached;
    this.#caseLoads++;
    this.#changed(true);
  }

  #request() {
    return {
      revision: this.#revision,
      inputs: this.inputs,
      attached: this.#attached,
      settings: {
        requiredStyle: this.#settings.requiredStyle,
        language: this.#settings.language,
        citationScope: this.#settings.citationScope,
        uiLanguage: this.#settings.uiLanguage,
      },
    };
  }

  #changed(immediate: boolean): void {
    this.#restoredAt = null;
    this.#revision++;
    this.#model = null;
    this.#judge = null;
    this.#runner.request(this.#request(), immediate);
    this.#scheduleSave();
  }

  #scheduleSave(): void {
    this.#draftStatus = 'pending';
    this.#draftSave.schedule();
  }

  #saveDraftWhenIdle(): void {
    if (this.#draftIdle) return;
    this.#draftIdle = true;
    // Written already (a page hide) when the page gets idle: nothing left to write.
    whenIdle(() => this.#draftIdle && this.#saveDraft(), DRAFT_SAVE_DEBOUNCE_MS);
  }

  #saveDraft(): void {
    this.#draftIdle = false;
    this.#draftWaits = 0;
    const draft: Draft = { inputs: this.inputs, attached: this.#attached };
    // The model's report goes with the inputs it judged (never the key: a report holds none).
    if (this.judged && this.#model) draft.judged = { report: this.#model.report, settings: this.#auditSettings() };
    this.#draftStatus = this.#drafts.save(draft, MAX_DRAFT_CHARS, this.#restoredAt ?? Date.now());
  }

  #auditSettings(): AuditSettings {
    const { requiredStyle, language, citationScope } = this.#settings;
    return { requiredStyle, language, citationScope };
  }
}

function sameAuditSettings(a: AuditSettings, b: AuditSettings): boolean {
  return a.requiredStyle === b.requiredStyle && a.language === b.language && a.citationScope === b.citationScope;
}
