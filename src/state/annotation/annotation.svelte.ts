// The annotation view's state: one (claim, cited chunk) pair at a time, labelled by a named
// annotator, saved as it is made (the store's labels table), with undo, notes, blind mode,
// progress, agreement between any two raters (annotators, the reference, the model) and the
// labels export. Keys are decided here (handleKey); the component only forwards them.
import type { AgreementSummary } from '../../core/eval/agreement';
import {
  MODEL_RATER,
  REFERENCE_ANNOTATOR,
  annotatorsOf,
  busiestRaterPair,
  describePair,
  highlightRuns,
  labelRowsToCsv,
  labelRowsToJsonl,
  pairKey,
  raterAgreement,
  type LabelExportRow,
  type PairView,
  type TextRun,
} from '../../core/eval/labels';
import { storedReferenceLabel } from '../../core/eval/referenceLabels';
import type { SupportVerdict } from '../../core/types';
import { handleKey, type KeyInput, type KeyOutcome } from './keyboard';
import type { AnnotationLabel } from '../../store/schemas';
import type { AnnotationSource, AnnotationTarget, LabelStore, LoadedCase } from './annotationSource.svelte';
import type { KeyValueStore } from '../constants';
import { NOTE_MAX, NoteBuffer } from './annotationNotes.svelte';
import { GOLD_RATER, RESERVED_RATERS } from './gold';
import { chunkRunsOf, exportRowsOf, labelsByPair, overPending, raterPair } from './annotationPairs';
import { ANNOTATOR_KEY, readPrefs, rememberPosition, savePrefs } from './annotationPrefs';

export type { LabelStore } from './annotationSource.svelte';
export { ANNOTATION_NOTES_KEY, NOTE_SAVE_MS } from './annotationNotes.svelte';

export { ANNOTATOR_KEY, ANNOTATION_PREFS_KEY, ANNOTATION_POSITION_KEY } from './annotationPrefs';

export type AnnotationMessage = 'need-annotator' | 'reserved-annotator' | 'save-failed' | 'undone' | 'nothing-to-undo';

interface UndoEntry {
  key: string;
  target: AnnotationTarget;
  annotator: string;
  previous: AnnotationLabel | null;
}

export type LabelKey = Pick<AnnotationLabel, 'caseKey' | 'claimIndex' | 'chunkId' | 'annotator'>;

export type RaterId = string; // an annotator name, or MODEL_RATER

export interface AnnotationOptions {
  store: KeyValueStore;
  labels: LabelStore;
  /** The sources, in order of preference when both have pairs. */
  dataset: AnnotationSource;
  workbench: AnnotationSource;
  now?: () => number;
}

export class Annotation {
  #annotator = $state('');
  #blind = $state(true);
  #advance = $state(true);
  #prefer = $state<'dataset' | 'workbench' | 'auto'>('auto');
  #labels = $state.raw<AnnotationLabel[]>([]);
  #positions = $state.raw<Record<string, string>>({});
  #loaded = $state.raw<LoadedCase | null>(null);
  #loadError = $state<string | null>(null);
  #undo = $state.raw<UndoEntry[]>([]);
  #message = $state.raw<AnnotationMessage | null>(null);
  #saving = $state(0);
  /** Local changes the store has not shown back yet, by rater and pair (null: removed). */
  #pending = new Map<string, AnnotationLabel | null>();

  #raterA = $state<RaterId>('');
  #raterB = $state<RaterId>(MODEL_RATER);
  /** The user picked the raters: until then the panel compares the two who share most pairs. */
  #ratersChosen = $state(false);

  readonly #opts: AnnotationOptions;
  readonly #now: () => number;
  readonly #notes: NoteBuffer;
  #storedReference = new Set<string>();
  #watchSig = '';
  #unwatch: (() => void) | null = null;
  #loadSig = '';

  constructor(opts: AnnotationOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
    this.#notes = new NoteBuffer(
      {
        current: () => this.current,
        annotator: () => this.#annotator,
        mine: (key) => this.#mine.get(key),
        put: (label, undo) => {
          if (undo) this.#undo = [...this.#undo.slice(-199), { key: undo.target.key, target: undo.target, annotator: undo.previous.annotator, previous: undo.previous }];
          this.#apply(label, null);
          return this.#write(() => this.#opts.labels.put(label));
        },
        now: () => this.#now(),
      },
      opts.store,
    );
    const prefs = readPrefs(opts.store);
    this.#annotator = prefs.annotator;
    this.#raterA = this.#annotator;
    if (prefs.blind !== undefined) this.#blind = prefs.blind;
    if (prefs.advance !== undefined) this.#advance = prefs.advance;
    if (prefs.positions) this.#positions = prefs.positions;
  }

  // --- settings ------------------------------------------------------------------------------

  get annotator(): string {
    return this.#annotator;
  }

  setAnnotator(name: string): void {
    const v = name.trim().slice(0, 200);
    const wasA = this.#raterA === this.#annotator || this.#raterA === '';
    // A note still being typed is the leaving annotator's: saved under their name first.
    if (v !== this.#annotator) void this.#notes.saveNow();
    this.#annotator = v;
    this.#opts.store.set(ANNOTATOR_KEY, v);
    if (wasA) this.#raterA = v;
    // What was said about the last action ("Undone.") is not about this annotator's work.
    if (this.#message !== 'save-failed') this.#message = null;
    this.#notes.sync();
  }

  get blind(): boolean {
    return this.#blind;
  }
  setBlind(on: boolean): void {
    this.#blind = on;
    this.#savePrefs();
  }
  get advance(): boolean {
    return this.#advance;
  }
  setAdvance(on: boolean): void {
    this.#advance = on;
    this.#savePrefs();
  }

  #savePrefs(): void {
    savePrefs(this.#opts.store, { blind: this.#blind, advance: this.#advance });
  }

  // --- source and position -------------------------------------------------------------------

  /** The dataset's pairs when a dataset is open (unless the workbench was chosen), else the workbench's. */
  source: AnnotationSource = $derived.by(() => {
    const { dataset, workbench } = this.#opts;
    if (this.#prefer === 'workbench') return workbench;
    if (this.#prefer === 'dataset') return dataset;
    return dataset.targets.length > 0 ? dataset : workbench;
  });

  get hasDataset(): boolean {
    return this.#opts.dataset.targets.length > 0;
  }

  useSource(kind: 'dataset' | 'workbench'): void {
    this.#prefer = kind;
    this.#notes.sync();
  }

  targets: readonly AnnotationTarget[] = $derived(this.source.targets);

  #keyIndex = $derived(new Map(this.targets.map((t, i) => [t.key, i])));

  /** Where we are: the stored pair of this source when it still exists, else the first pair. */
  index: number = $derived.by(() => {
    const key = this.#positions[this.source.id];
    const i = key === undefined ? undefined : this.#keyIndex.get(key);
    return i ?? 0;
  });

  current: AnnotationTarget | null = $derived(this.targets[this.index] ?? null);

  #moveTo(i: number): void {
    const t = this.targets[i];
    if (!t) return;
    this.#positions = rememberPosition(this.#opts.store, this.#positions, this.source.id, t.key);
    this.#notes.sync();
  }

  next(): void {
    if (this.index < this.targets.length - 1) this.#moveTo(this.index + 1);
  }
  prev(): void {
    if (this.index > 0) this.#moveTo(this.index - 1);
  }
  goTo(key: string): boolean {
    const i = this.#keyIndex.get(key);
    if (i === undefined) return false;
    this.#moveTo(i);
    return true;
  }
  /** The first pair after the current one (wrapping) that this annotator has not labelled. */
  nextUnlabelled(): boolean {
    const n = this.targets.length;
    for (let s = 1; s <= n; s++) {
      const i = (this.index + s) % n;
      if (!this.#mine.has(this.targets[i]!.key)) {
        this.#moveTo(i);
        return true;
      }
    }
    return false;
  }

  // --- labels --------------------------------------------------------------------------------

  get labels(): readonly AnnotationLabel[] {
    return this.#labels;
  }

  #byKey = $derived(labelsByPair(this.#labels));

  #mine = $derived(new Map(this.#labels.filter((l) => l.annotator === this.#annotator).map((l) => [pairKey(l.caseKey, l.claimIndex, l.chunkId), l])));

  /** This annotator's label of the current pair. */
  myLabel: AnnotationLabel | null = $derived(this.current ? (this.#mine.get(this.current.key) ?? null) : null);

  /** Other annotators' labels of the current pair (reference last); none while blind mode hides them. */
  otherLabels: AnnotationLabel[] = $derived.by(() => {
    if (!this.current || !this.revealed) return [];
    const list = (this.#byKey.get(this.current.key) ?? []).filter((l) => l.annotator !== this.#annotator);
    return annotatorsOf(list).map((a) => list.find((l) => l.annotator === a)!);
  });

  /** Blind mode: the model's verdict and others' labels stay hidden until this annotator labelled the pair. */
  revealed: boolean = $derived(!this.#blind || this.myLabel !== null);

  /** The model's verdict of the current pair; null while blind mode hides it. */
  modelVerdict: SupportVerdict | null = $derived(this.current && this.revealed ? (this.source.modelVerdicts.get(this.current.key) ?? null) : null);

  /** Whether the model judged the current pair (said even in blind mode, which hides what it said). */
  modelJudged: boolean = $derived(!!this.current && this.source.modelVerdicts.has(this.current.key));

  /** A pair whose other labels and model verdict this annotator may see now. */
  mayReveal(key: string): boolean {
    return !this.#blind || this.#mine.has(key);
  }

  /** Every rater's labels of a pair (blind mode's rule is the caller's: see mayReveal). */
  labelsAt(key: string): readonly AnnotationLabel[] {
    return this.#byKey.get(key) ?? [];
  }

  progress = $derived.by(() => {
    let done = 0;
    for (const t of this.targets) if (this.#mine.has(t.key)) done++;
    return { done, total: this.targets.length };
  });

  /**
   * Blind mode with pairs still to label: everything that would show another rater's label or the
   * model's verdict of such a pair (the Agreement panel, the team's figures, resolving, and those
   * pairs in the export) stays hidden. The number is the pairs left.
   */
  blindLeft: number = $derived(this.#blind ? this.progress.total - this.progress.done : 0);

  /** The clock labels are stamped with. */
  stamp(): number {
    return this.#now();
  }

  get message(): AnnotationMessage | null {
    return this.#message;
  }
  dismissMessage(): void {
    this.#message = null;
  }
  get saving(): boolean {
    return this.#saving > 0;
  }
  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  /** Label the current pair; with "advance", move on to the next pair. */
  async label(verdict: SupportVerdict): Promise<void> {
    const t = this.current;
    const who = this.#annotator;
    if (!t) return;
    if (!who) {
      this.#message = 'need-annotator';
      return;
    }
    if (RESERVED_RATERS.has(who)) {
      this.#message = 'reserved-annotator';
      return;
    }
    // A new label: what was said about the previous action no longer applies.
    this.#message = null;
    const previous = this.#mine.get(t.key) ?? null;
    // The buffer may not be on this pair yet (a key pressed right after a reload, before the
    // labels were read): the note kept aside for it is then the newest.
    const note = this.#notes.draftOf(t.key) ?? this.#notes.waitingOf(who, t.key) ?? previous?.note ?? '';
    const claimText = this.#loaded?.caseIndex === t.caseIndex ? this.view?.claimText : previous?.claimText;
    const label: AnnotationLabel = {
      caseKey: t.caseKey,
      claimIndex: t.claimIndex,
      chunkId: t.chunkId,
      annotator: who,
      label: verdict,
      ...(note ? { note } : {}),
      ...(claimText ? { claimText: claimText.slice(0, NOTE_MAX) } : {}),
      updated: this.#now(),
    };
    this.#undo = [...this.#undo.slice(-199), { key: t.key, target: t, annotator: who, previous }];
    this.#apply(label, null);
    this.#notes.setWaiting(who, t.key, '');
    if (this.#advance && this.index < this.targets.length - 1 && this.current?.key === t.key) this.next();
    await this.#write(() => this.#opts.labels.put(label));
  }

  // --- the note (annotationNotes.svelte.ts) -------------------------------------------------

  /** The note being written for the current pair (saved with its label). */
  get noteDraft(): string {
    return this.#notes.draft;
  }
  set noteDraft(text: string) {
    this.#notes.draft = text;
  }
  /** The note field changed: it is saved once typing rests (and at once on saveNoteNow). */
  noteTyped(): void {
    this.#notes.typed();
  }
  /** Saves a note still waiting for its pause (the page is being hidden or left). */
  saveNoteNow(): Promise<void> {
    return this.#notes.saveNow();
  }
  /** Saves the note of the current pair: with its label, or kept aside until the label takes it. */
  commitNote(): Promise<void> {
    return this.#notes.commit();
  }

  /** Take back this annotator's last label or note change, and go to that pair. */
  async undo(): Promise<void> {
    // The annotator's own last change: another person at the same screen keeps theirs.
    let at = this.#undo.length - 1;
    while (at >= 0 && this.#undo[at]!.annotator !== this.#annotator) at--;
    const entry = this.#undo[at];
    if (!entry) {
      this.#message = 'nothing-to-undo';
      return;
    }
    this.#undo = this.#undo.filter((_, i) => i !== at);
    const t = entry.target;
    const removeKey = { caseKey: t.caseKey, claimIndex: t.claimIndex, chunkId: t.chunkId, annotator: entry.annotator };
    this.#apply(entry.previous, removeKey);
    this.goTo(entry.key);
    this.#notes.sync();
    this.#message = 'undone';
    await this.#write(() => (entry.previous ? this.#opts.labels.put(entry.previous) : this.#opts.labels.remove(removeKey)));
  }

  /**
   * Writes and removes many labels at once (an import, a settled batch, their undo), shown at once;
   * false when the store refused (the message says so).
   */
  async applyMany(put: readonly AnnotationLabel[], remove: readonly LabelKey[] = []): Promise<boolean> {
    for (const k of remove) this.#apply(null, k);
    for (const l of put) this.#apply(l, null);
    let ok = true;
    await this.#write(async () => {
      try {
        for (const k of remove) await this.#opts.labels.remove(k);
        await this.#opts.labels.putMany([...put]);
      } catch (e) {
        ok = false;
        throw e;
      }
    });
    return ok;
  }

  /** Optimistic local change; the store's live query confirms it. */
  #apply(label: AnnotationLabel | null, remove: LabelKey | null): void {
    const k = label ?? remove!;
    this.#pending.set(raterPair(k), label);
    const same = (l: AnnotationLabel) => l.caseKey === k.caseKey && l.claimIndex === k.claimIndex && l.chunkId === k.chunkId && l.annotator === k.annotator;
    const rest = this.#labels.filter((l) => !same(l));
    this.#labels = label ? [...rest, label] : rest;
  }

  async #write(fn: () => Promise<void>): Promise<void> {
    this.#saving++;
    try {
      await fn();
    } catch {
      // What failed is shown as the store has it at its next answer.
      this.#pending.clear();
      this.#message = 'save-failed';
    } finally {
      this.#saving--;
    }
  }

  // --- the pair on screen --------------------------------------------------------------------

  get loadError(): string | null {
    return this.#loadError;
  }

  /** The current pair with its claim, chunk, quote and (model-checked) judgement; null while loading. */
  view: PairView | null = $derived.by(() => {
    const t = this.current;
    const l = this.#loaded;
    if (!t || !l || l.caseIndex !== t.caseIndex || l.caseKey !== t.caseKey) return null;
    return describePair(l.report, l.chunks, t);
  });

  /** The answer with the claim highlighted. */
  answerRuns: TextRun<'claim'>[] = $derived.by(() => {
    const l = this.#loaded;
    const v = this.view;
    if (!l || !v) return [];
    return highlightRuns(l.answer, [{ ...v.claimSpan, kind: 'claim' as const }]);
  });

  /** The chunk with the quote (or the nearest passage) and, once revealed, the model's phrase. */
  chunkRuns: TextRun<'quote' | 'near' | 'support'>[] = $derived(chunkRunsOf(this.view, this.revealed));

  get loadedCase(): LoadedCase | null {
    return this.#loaded;
  }

  /**
   * Keeps the labels of the source's cases live, loads the case of the current pair, and stores
   * reference labels a workbench case brings. start() runs it whenever what it reads changes;
   * tests (where effects do not run) call it directly. Idempotent.
   */
  sync(): void {
    const source = this.source;
    const keys = source.caseKeys;
    const sig = `${source.id}\u0001${keys.join('\u0001')}`;
    if (sig !== this.#watchSig) {
      this.#watchSig = sig;
      this.#pending.clear();
      this.#unwatch?.();
      this.#unwatch = null;
      if (keys.length === 0) this.#labels = [];
      else
        this.#unwatch = this.#opts.labels.watch(keys, (labels) => {
          if (this.#watchSig !== sig) return;
          this.#labels = overPending(labels, this.#pending);
          this.#notes.sync();
          this.#notes.adoptWaiting();
        });
    }

    const t = this.current;
    const want = t ? `${source.id}\u0001${t.caseIndex}\u0001${t.caseKey}\u0001${source.revisionOf(t.caseIndex)}` : '';
    if (t && want !== this.#loadSig) {
      this.#loadSig = want;
      void source.load(t.caseIndex).then(
        (l) => {
          if (this.#loadSig !== want) return;
          this.#loaded = l;
          this.#loadError = l ? null : 'missing';
        },
        (e: unknown) => {
          if (this.#loadSig === want) this.#loadError = e instanceof Error ? e.message : String(e);
        },
      );
    }

    const ref = source.reference;
    if (ref && !this.#storedReference.has(ref.caseKey)) {
      this.#storedReference.add(ref.caseKey);
      const now = this.#now();
      void this.#write(() =>
        this.#opts.labels.putMany(
          ref.labels.map((l) => storedReferenceLabel(ref.caseKey, l, now)),
        ),
      );
    }
  }

  /** Runs sync() whenever what it reads changes; returns the cleanup. */
  start(): () => void {
    const stop = $effect.root(() => {
      $effect(() => this.sync());
    });
    this.sync();
    return () => {
      stop();
      this.#unwatch?.();
      this.#unwatch = null;
      this.#watchSig = '';
      this.#loadSig = '';
    };
  }

  // --- keyboard ------------------------------------------------------------------------------

  /** The view's keys (keyboard.ts): labels, moves and undo are done here; the component moves the focus. */
  handleKey(e: KeyInput): KeyOutcome {
    return handleKey(e, { next: () => this.next(), prev: () => this.prev(), undo: () => this.undo(), label: (l) => this.label(l) });
  }

  // --- agreement -----------------------------------------------------------------------------

  /** Who can be compared: annotators with labels here, and the model when it has verdicts. */
  raters: RaterId[] = $derived.by(() => {
    if (this.blindLeft > 0) return this.#annotator ? [this.#annotator] : [];
    const names = annotatorsOf(this.#labels);
    if (this.#annotator && !names.includes(this.#annotator)) names.unshift(this.#annotator);
    if (this.source.modelVerdicts.size > 0) names.push(MODEL_RATER);
    return names;
  });

  /** Both the model's verdicts and reference labels are there: the judge can be measured. */
  canCompareModelToReference: boolean = $derived(this.raters.includes(MODEL_RATER) && this.raters.includes(REFERENCE_ANNOTATOR));

  canCompareModelToGold: boolean = $derived(this.raters.includes(MODEL_RATER) && this.raters.includes(GOLD_RATER));

  /** The model as rater A against `truth` as B (B is the truth for balanced accuracy). */
  compareModelTo(truth: typeof REFERENCE_ANNOTATOR | typeof GOLD_RATER): void {
    this.raterA = MODEL_RATER;
    this.raterB = truth;
  }

  /** The two raters who labelled most pairs in common (the person at the keyboard first on a tie). */
  #suggested: [RaterId, RaterId] | null = $derived.by(() => {
    const me = this.#annotator;
    const order = me ? [me, ...this.raters.filter((r) => r !== me)] : this.raters;
    return busiestRaterPair(this.#labels, this.source.modelVerdicts, order);
  });

  /**
   * Rater A of the Agreement panel: the user's pick, else the busiest pair's first. A pick who is
   * no rater of this source (picked over the other source's pairs) gives way to one who is: the
   * panel's list has no entry for them, so it showed Rater A blank while the matrix named them.
   */
  get raterA(): RaterId {
    const r = this.#ratersChosen ? this.#raterA : (this.#suggested?.[0] ?? this.#raterA);
    if (r === '' || this.raters.includes(r)) return r;
    const b = this.raterB;
    return this.#suggested?.[0] ?? this.raters.find((x) => x !== b) ?? '';
  }
  set raterA(r: RaterId) {
    this.#choose();
    this.#raterA = r;
  }
  get raterB(): RaterId {
    return this.#ratersChosen ? this.#raterB : (this.#suggested?.[1] ?? this.#raterB);
  }
  set raterB(r: RaterId) {
    this.#choose();
    this.#raterB = r;
  }
  /** The first pick keeps the other rater shown at the time (the suggestion) as it was. */
  #choose(): void {
    if (this.#ratersChosen) return;
    const s = this.#suggested;
    if (s) [this.#raterA, this.#raterB] = s;
    this.#ratersChosen = true;
  }

  agreement: AgreementSummary<string> | null = $derived.by(() => {
    if (this.blindLeft > 0) return null;
    const a = this.raterA || this.#annotator;
    const b = this.raterB;
    if (!a || !b || a === b) return null;
    return raterAgreement(this.#labels, this.source.modelVerdicts, a, b, this.targets.map((t) => t.key));
  });

  targetOf(key: string): AnnotationTarget | undefined {
    const i = this.#keyIndex.get(key);
    return i === undefined ? undefined : this.targets[i];
  }

  // --- export --------------------------------------------------------------------------------

  /** One row per pair with at least one label, in pair order (cases are loaded one by one). */
  async exportRows(): Promise<LabelExportRow[]> {
    return exportRowsOf(this.source, this.targets, (key) => this.labelsAt(key), (key) => this.mayReveal(key));
  }

  async labelsJsonl(): Promise<string> {
    return labelRowsToJsonl(await this.exportRows());
  }

  async labelsCsv(): Promise<string> {
    return '\ufeff' + labelRowsToCsv(await this.exportRows());
  }
}

export { GOLD_RATER, MODEL_RATER, REFERENCE_ANNOTATOR };
