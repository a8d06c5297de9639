// The model audit as the page sees it: settings (key in memory unless the user opts in), the
// model list, the token/cost estimate, the run with its streamed progress, cancel, and errors.
// Constructed as `new ModelAudit(workbench)`; it hands merged reports to workbench.setModelReport.
// Everything heavy (prompts, schema, SDK, the merge) is loaded on first use through model/engine,
// by the core it shares with the dataset's model run (modelRunCore.ts).
import type { AuditCase, ModelResults, RepeatRule, Report } from '../../core/types';
import { MAX_REPEAT, repeatRuleSchema, repeatSchema, settingsRepeat } from '../../model/repeat';
import { DEFAULT_PROVIDER, hasCredentials, keyRequired, knownProvider, PROVIDER_NAMES, providerFacts, providerSpec, type Provider, type ProviderFacts } from '../../model/providers';
import { apiOrigin, isWebAddress } from '../../model/csp';
import { allowedApiOrigin } from '../../platform/connectPolicy';
import type { ErrorDescription, ModelError, ModelErrorKind } from '../../model/errors';
import type { AuditEstimate } from '../../model/estimate';
import type { ModelChoice } from '../../model/models';
import type { RunProgress } from '../../model/run';
import { RunSequencer } from '../../model/sequencer';
import {
  activeSettings,
  eraseRememberedKey,
  loadModelSettings,
  loadRememberedKey,
  saveModelSettings,
  storeRememberedKey,
  withServer,
  type ModelSettings,
} from '../../model/settings';
import { localStore, type KeyValueStore } from '../constants';
import { ModelRunCore, type EngineSeams } from './modelRunCore';

type Engine = typeof import('../../model/engine');

/** What ModelAudit needs from the workbench (the Workbench class satisfies it). */
export interface ModelHost {
  readonly auditCase: AuditCase | null;
  readonly localReport: Report | null;
  readonly revision: number;
  /** Increases when another case is loaded: what was said about the previous one goes. */
  readonly caseLoads: number;
  readonly busy: boolean;
  readonly settings: { readonly uiLanguage: 'en' | 'cs' };
  setModelReport(r: Report | null, forRevision?: number): void;
  /** Folds results into the local report of `revision` once it is there. */
  judgeWhenAnalysed(revision: number, merge: (local: Report, c: AuditCase) => Report): void;
}

export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

export interface ShownError extends ErrorDescription {
  kind: ModelErrorKind;
  rawOutput?: string;
}

/** Test seams (EngineSeams) replace parts of the engine. */
export interface ModelAuditOptions extends EngineSeams {
  store?: KeyValueStore;
}

export class ModelAudit {
  // The key lives in a private field: no JSON.stringify, export, history row or link sees it.
  #apiKey = $state('');
  #settings = $state.raw<ModelSettings>(loadModelSettings(localStore));

  #models = $state.raw<ModelChoice[]>([]);
  #modelsError = $state.raw<ShownError | null>(null);
  #modelsLoading = $state(false);

  #estimate = $state.raw<AuditEstimate | null>(null);
  #estimateRevision = $state(-1);
  #estimating = $state(false);
  #estimateError = $state.raw<ShownError | null>(null);
  /** The case (host.caseLoads) the counting error is about. */
  #estimateErrorCase = $state(-1);

  #status = $state<RunStatus>('idle');
  #progress = $state.raw<RunProgress | null>(null);
  #error = $state.raw<ShownError | null>(null);
  /** The case (host.caseLoads) the run's error is about. */
  #errorCase = $state(-1);
  /** Which of the two errors came last: the page shows one error in one place, the newer one. */
  #lastError = $state<'estimate' | 'run' | null>(null);
  #results = $state.raw<ModelResults | null>(null);
  #resultsRevision = $state(-1);
  /** Claims a failed run left unjudged (by index), with what it had judged: "judge the rest". */
  #unjudged = $state.raw<number[]>([]);

  readonly #host: ModelHost;
  readonly #store: KeyValueStore;
  readonly #runs = new RunSequencer();
  readonly #estimates = new RunSequencer();
  readonly #modelLists = new RunSequencer();
  /** The engine, the connection and the key check, shared with the dataset's model run. */
  readonly #core: ModelRunCore;

  constructor(host: ModelHost, opts: ModelAuditOptions = {}) {
    this.#host = host;
    this.#store = opts.store ?? localStore;
    this.#settings = loadModelSettings(this.#store);
    this.#models = this.#builtInModels();
    if (this.#settings.rememberKey) this.#apiKey = loadRememberedKey(this.#store) ?? '';
    const read = { settings: () => this.settings, key: () => this.#apiKey };
    this.#core = new ModelRunCore(
      {
        get settings() {
          return read.settings();
        },
        apiKey: read.key,
      },
      opts,
    );
  }

  #engine(): Promise<Engine> {
    return this.#core.engine();
  }

  // --- settings ----------------------------------------------------------------------------

  /** The settings as a run uses them: `baseURL` and `model` are the chosen provider's. */
  get settings(): ModelSettings {
    return activeSettings(this.#settings);
  }

  get provider(): Provider {
    return this.#settings.provider;
  }

  /** What the chosen provider's words name (providers.ts): its wire picks them, its row fills them in. */
  get providerFacts(): ProviderFacts {
    return providerFacts(this.#settings.provider);
  }

  /** The providers the settings offer, the default first, each with what its words name. */
  get providers(): readonly ProviderFacts[] {
    return PROVIDER_NAMES.map(providerFacts);
  }

  /** The chosen provider takes Message Batches (Anthropic's only). */
  get batchable(): boolean {
    return providerSpec(this.#settings.provider).batch;
  }

  /** Message Batches carry one judgement per claim, or strict mode's two: not K > 2 or the majority rule. */
  get repeatsBatchable(): boolean {
    const r = settingsRepeat(this.#settings);
    return r.repeat === 1 || (r.repeat === 2 && r.repeatRule === 'stricter');
  }

  /** A key is needed (Anthropic, OpenAI's own API); a local OpenAI-compatible server takes none. */
  get keyRequired(): boolean {
    return keyRequired(providerSpec(this.#settings.provider), this.settings.baseURL);
  }

  /** A run can be sent: there is a key, or the server needs none. */
  get canConnect(): boolean {
    return !this.#core.keyMissing();
  }

  /** Before the server has listed its models: the provider's known ones (none: any name is typed). */
  #builtInModels(): ModelChoice[] {
    return [...providerSpec(this.#settings.provider).builtInModels];
  }

  /** The model's name is typed, the server's list only a suggestion: the provider knows no models of its own. */
  get modelsTyped(): boolean {
    return providerSpec(this.#settings.provider).builtInModels.length === 0;
  }

  /** Chooses a provider by name (an unknown name chooses the default). */
  setProvider(name: string): void {
    const provider = knownProvider(name) ?? DEFAULT_PROVIDER;
    if (provider === this.#settings.provider) return;
    this.#update({ provider });
    this.#models = this.#builtInModels();
    this.#modelsError = null;
    this.#modelsLoadedFor = '';
    this.#estimate = null;
  }

  get uiLanguage(): 'en' | 'cs' {
    return this.#host.settings.uiLanguage;
  }

  get hasKey(): boolean {
    return this.#apiKey.trim() !== '';
  }

  /** The key with all but its last four characters hidden, for display. */
  get maskedKey(): string {
    const k = this.#apiKey.trim();
    return k ? `\u2022\u2022\u2022\u2022${k.slice(-4)}` : '';
  }

  setApiKey(key: string): void {
    this.#apiKey = key.trim();
    if (this.#settings.rememberKey) {
      if (this.#apiKey) storeRememberedKey(this.#store, this.#apiKey);
      else eraseRememberedKey(this.#store);
    }
    this.#estimate = null;
  }

  /** The explicit opt-in: the key is written to this browser's storage only while it is on. */
  setRememberKey(on: boolean): void {
    this.#update({ rememberKey: on });
    if (on && this.#apiKey) storeRememberedKey(this.#store, this.#apiKey);
    if (!on) eraseRememberedKey(this.#store);
  }

  /** Removes the key from memory and from storage. */
  forgetKey(): void {
    this.#apiKey = '';
    eraseRememberedKey(this.#store);
    this.#update({ rememberKey: false });
    this.#estimate = null;
    this.#models = this.#builtInModels();
  }

  setBaseURL(url: string): void {
    this.#update(withServer(this.#settings, { baseURL: url }));
    this.#estimate = null;
  }

  setModel(model: string): void {
    this.#update(withServer(this.#settings, { model }));
    this.#estimate = null;
  }

  setStrict(strict: boolean): void {
    this.#update({ strict });
    this.#estimate = null;
  }

  /** The most judgements per claim the setting takes. */
  readonly maxRepeat = MAX_REPEAT;

  /** "Judge each claim K times": a whole number from 1 to MAX_REPEAT (anything else is refused as it is typed). */
  setRepeat(k: number): void {
    if (repeatSchema.safeParse(k).success) this.#update({ repeat: k });
    this.#estimate = null;
  }

  setRepeatRule(rule: RepeatRule): void {
    if (repeatRuleSchema.safeParse(rule).success) this.#update({ repeatRule: rule });
    this.#estimate = null;
  }

  /** The deadline of each request, in whole seconds (10 to 3600; anything else is refused as it is typed). */
  setTimeoutSeconds(seconds: number): void {
    if (Number.isInteger(seconds) && seconds >= 10 && seconds <= 3600) this.#update({ timeoutSeconds: seconds });
  }

  /** The Base URL is no http(s) address (typed without https://): no request could reach it. */
  get baseURLInvalid(): boolean {
    return !isWebAddress(this.settings.baseURL);
  }

  /** The Base URL holds a user name or password (user:secret@host): the browser never sends such an address. */
  get baseURLHasCredentials(): boolean {
    return hasCredentials(this.settings.baseURL);
  }

  /** The page only connects to the origin allowed at load time (csp.ts); a new one needs a reload. */
  get baseURLNeedsReload(): boolean {
    if (typeof document === 'undefined') return false;
    const allowed = allowedApiOrigin();
    return allowed !== null && allowed !== apiOrigin(this.settings.baseURL);
  }

  #update(patch: Partial<ModelSettings>): void {
    this.#settings = { ...this.#settings, ...patch };
    saveModelSettings(this.#store, this.#settings);
  }

  #connection() {
    return this.#core.connection();
  }

  /**
   * The key, for a request another part of the page makes (the dataset run): one key for the
   * whole app, typed once. A method, not a property, so that no serialisation of this object
   * ever sees it; callers read it when they send and keep it nowhere.
   */
  keyForRequest(): string {
    return this.#apiKey.trim();
  }

  #asModelError(engine: Engine, err: unknown): ModelError {
    if (err instanceof engine.ModelError) return err;
    return new engine.ModelError({ kind: 'unexpected', cause: err, apiMessage: err instanceof Error ? err.message : String(err) });
  }

  #shown(engine: Engine, err: unknown): ShownError {
    const e = this.#asModelError(engine, err);
    const d = engine.describeModelError(e.init, this.uiLanguage);
    return { ...d, kind: e.kind, ...(e.rawOutput ? { rawOutput: e.rawOutput } : {}) };
  }

  /**
   * No key; or the Chunks or the Answer of `r` cannot be read (meta.unreadable), where a request
   * would judge nothing and still be paid for: the error that says so (nothing was sent).
   */
  async #noKey(r: Report): Promise<ShownError> {
    const engine = await this.#engine();
    return this.#shown(engine, new engine.ModelError(engine.notSentInit(r.meta.unreadable, this.provider)));
  }

  // --- models list -------------------------------------------------------------------------

  get models(): ModelChoice[] {
    const list = this.#models;
    // The chosen model always appears, even when the list lacks it (a proxy's own model name).
    const chosen = this.settings.model;
    return list.some((m) => m.id === chosen) ? list : [{ id: chosen, display_name: chosen }, ...list];
  }

  get modelsError(): ShownError | null {
    return this.#modelsError;
  }

  get modelsLoading(): boolean {
    return this.#modelsLoading;
  }

  #modelsLoadedFor = '';

  /** Loads the list once per key and Base URL (e.g. when the picker gets focus). */
  ensureModels(): void {
    const key = `${this.#settings.provider}\u0000${this.settings.baseURL}\u0000${this.#apiKey}`;
    if (!this.canConnect || this.#modelsLoadedFor === key) return;
    this.#modelsLoadedFor = key;
    void this.loadModels();
  }

  async loadModels(): Promise<void> {
    if (!this.canConnect) return;
    const ticket = this.#modelLists.start();
    this.#modelsLoading = true;
    try {
      const engine = await this.#engine();
      const { models, error } = await engine.listModels(this.#connection(), ticket.signal);
      if (!ticket.isCurrent()) return;
      this.#models = models;
      this.#modelsError = error ? this.#shown(engine, error) : null;
    } finally {
      if (ticket.isLatest()) {
        this.#modelsLoading = false;
        this.#modelLists.finish(ticket);
      }
    }
  }

  // --- estimate ----------------------------------------------------------------------------

  /** The estimate, while it still describes the current input and settings. */
  get estimate(): AuditEstimate | null {
    return this.#estimateRevision === this.#host.revision ? this.#estimate : null;
  }

  get estimating(): boolean {
    return this.#estimating;
  }

  /** What went wrong counting tokens, while the same case is loaded. */
  get estimateError(): ShownError | null {
    return this.#estimateErrorCase === this.#host.caseLoads ? this.#estimateError : null;
  }

  /** The one error to show: the newer of the run's and counting's (never both, which repeat each other). */
  get shownError(): { kind: 'estimate' | 'run'; error: ShownError } | null {
    const error = this.error;
    const estimateError = this.estimateError;
    const run = error && !this.running ? { kind: 'run' as const, error } : null;
    const est = estimateError ? { kind: 'estimate' as const, error: estimateError } : null;
    if (run && est) return this.#lastError === 'estimate' ? est : run;
    return run ?? est;
  }

  async countTokens(): Promise<void> {
    const c = this.#host.auditCase;
    const report = this.#host.localReport;
    if (!c || !report) return;
    if (report.meta.unreadable || !this.canConnect) {
      this.#estimateError = await this.#noKey(report);
      this.#estimateErrorCase = this.#host.caseLoads;
      this.#lastError = 'estimate';
      return;
    }
    const ticket = this.#estimates.start();
    const revision = this.#host.revision;
    this.#estimating = true;
    this.#estimateError = null;
    const engine = await this.#engine();
    try {
      const est = await engine.estimateAudit(c, report, {
        ...this.#connection(),
        model: this.settings.model,
        strict: this.#settings.strict,
        ...settingsRepeat(this.#settings),
        signal: ticket.signal,
      });
      if (!ticket.isCurrent()) return;
      this.#estimate = est;
      this.#estimateRevision = revision;
    } catch (err) {
      if (ticket.isCurrent()) {
        this.#estimateError = this.#shown(engine, err);
        this.#estimateErrorCase = this.#host.caseLoads;
        this.#lastError = 'estimate';
      }
    } finally {
      if (ticket.isLatest()) {
        this.#estimating = false;
        this.#estimates.finish(ticket);
      }
    }
  }

  // --- run ---------------------------------------------------------------------------------

  get status(): RunStatus {
    return this.#status;
  }

  get running(): boolean {
    return this.#status === 'running';
  }

  get progress(): RunProgress | null {
    return this.#progress;
  }

  /** What went wrong in the last run, while the same case is loaded (another case is another story). */
  get error(): ShownError | null {
    return this.#errorCase === this.#host.caseLoads ? this.#error : null;
  }

  /** The latest results, while they belong to the current input. */
  get results(): ModelResults | null {
    return this.#resultsRevision === this.#host.revision ? this.#results : null;
  }

  get canRun(): boolean {
    // Busy first: while typing, the case of inputs not yet analysed would be parsed again on each keystroke.
    return this.canConnect && !this.#host.busy && !!this.#host.auditCase && !!this.#host.localReport;
  }

  /**
   * Runs the audit of the current input. A newer run (or cancel) makes this one stale: its late
   * answers are dropped. Claims judged before a failure stay in the report.
   */
  async run(): Promise<void> {
    return this.#run(null);
  }

  /** Claims the last failed run of the current input left unjudged. */
  get remaining(): number {
    return this.#status === 'error' || this.#status === 'cancelled' ? (this.results ? this.#unjudged.length : 0) : 0;
  }

  /** Asks the model for the claims a failed run left out only; what it judged stays as it is. */
  async judgeRemaining(): Promise<void> {
    const before = this.results;
    if (!before || !this.remaining) return this.run();
    return this.#run(before);
  }

  async #run(resume: ModelResults | null): Promise<void> {
    const c = this.#host.auditCase;
    const local = this.#host.localReport;
    if (!c || !local) return;
    if (local.meta.unreadable || !this.canConnect) {
      this.#status = 'error';
      this.#error = await this.#noKey(local);
      this.#errorCase = this.#host.caseLoads;
      this.#lastError = 'run';
      return;
    }
    const ticket = this.#runs.start();
    const revision = this.#host.revision;
    this.#status = 'running';
    this.#error = null;
    // A run supersedes what counting tokens said (it says again what still holds).
    this.#estimateError = null;
    this.#progress = null;
    this.#results = resume;
    this.#resultsRevision = revision;
    this.#unjudged = [];
    const engine = await this.#engine();
    if (!ticket.isLatest()) return;
    const publish = (results: ModelResults) => {
      this.#results = results;
      this.#host.setModelReport(engine.applyModelResults(local, results, c), revision);
    };
    try {
      const run = await engine.runModelAudit(c, local, {
        ...this.#connection(),
        // The rest is judged by the model that judged the first part.
        model: resume?.model ?? this.settings.model,
        strict: resume ? !!resume.strict : this.#settings.strict,
        // The rest is judged as often, and by the same rule, as the first part.
        ...(resume ? (resume.repeat ? { repeat: resume.repeat.k, repeatRule: resume.repeat.rule } : {}) : settingsRepeat(this.#settings)),
        signal: ticket.signal,
        ...(resume ? { resume } : {}),
        onProgress: (p) => {
          if (!ticket.isCurrent()) return;
          this.#progress = p;
          if (p.results.judgements.length) publish(p.results);
        },
      });
      if (!ticket.isCurrent()) return;
      this.#results = run.results;
      this.#host.setModelReport(run.report, revision);
      this.#status = 'done';
    } catch (err) {
      // A run replaced by a newer one says nothing; a cancelled or failed one says why.
      if (!ticket.isLatest()) return;
      const e = this.#asModelError(engine, err);
      if (e.partial) publish(e.partial);
      this.#unjudged = e.partial ? (e.unjudged ?? []) : [];
      this.#status = e.kind === 'cancelled' ? 'cancelled' : 'error';
      this.#error = this.#shown(engine, e);
      this.#errorCase = this.#host.caseLoads;
      this.#lastError = 'run';
    } finally {
      this.#runs.finish(ticket);
    }
  }

  cancel(): void {
    this.#runs.cancel();
  }

  /**
   * Results the model gave the inputs just loaded, elsewhere (a dataset's model run): they are
   * this input's results, as if judged here, and the report shows them.
   */
  async adopt(results: ModelResults): Promise<void> {
    const revision = this.#host.revision;
    // A run still going for the inputs before is about other inputs: stale, and silent.
    this.#runs.finish(this.#runs.start());
    this.#status = 'idle';
    this.#error = null;
    this.#progress = null;
    this.#unjudged = [];
    this.#results = results;
    this.#resultsRevision = revision;
    const engine = await this.#engine();
    if (this.#host.revision !== revision) return;
    this.#host.judgeWhenAnalysed(revision, (local, c) => engine.applyModelResults(local, results, c));
  }
}
