// The annotation view's note buffer: the note being written for the pair on screen, saved once
// typing rests, when the pair changes and when the page is hidden. A labelled pair's note goes into
// its label; a note typed before the pair is labelled is kept aside in local storage (annotator +
// pair → text) until the label takes it, so a reload never loses it. A labelled pair's note is
// kept aside too until its label's write is done: that write (IndexedDB) may never finish when the
// page is hidden or left, and local storage is written at once.
import type { AnnotationLabel } from '../../store/schemas';
import type { AnnotationTarget } from './annotationSource.svelte';
import type { KeyValueStore } from '../constants';
import { Debouncer } from '../debounce';
import { pairKey } from '../../core/eval/labels';

/** Notes typed for pairs not labelled yet (annotator + pair → text), kept until the label takes them. */
export const ANNOTATION_NOTES_KEY = 'citation-auditor:annotation-notes';
/** How long typing rests before the note is saved. */
export const NOTE_SAVE_MS = 400;
const MAX_WAITING_NOTES = 500;
/** The longest note (and claim text) a label keeps. */
export const NOTE_MAX = 20_000;

/** What the buffer needs of the annotation state. */
export interface NoteHost {
  /** The pair on screen. */
  current(): AnnotationTarget | null;
  annotator(): string;
  /** This annotator's label of the pair `key`. */
  mine(key: string): AnnotationLabel | undefined;
  /** Writes `label`; with `undo`, the change can be taken back (it replaced `undo.previous`). */
  put(label: AnnotationLabel, undo: { target: AnnotationTarget; previous: AnnotationLabel } | null): Promise<void>;
  now(): number;
}

export class NoteBuffer {
  /** The note being written for the current pair (saved with its label). */
  draft = $state('');
  #for = '';
  /** The annotator the draft is of. */
  #who = '';
  readonly #save = new Debouncer(() => void this.commit(), NOTE_SAVE_MS);
  readonly #host: NoteHost;
  readonly #store: KeyValueStore;

  constructor(host: NoteHost, store: KeyValueStore) {
    this.#host = host;
    this.#store = store;
  }

  /** The note typed for the pair `key`, trimmed, when the draft is that pair's; else null. */
  draftOf(key: string): string | null {
    return this.#for === key ? this.draft.trim().slice(0, NOTE_MAX) : null;
  }

  /** The note kept aside for `annotator`'s pair `key` (typed before a reload), or null. */
  waitingOf(annotator: string, key: string): string | null {
    return this.#waitingNotes()[`${annotator}\u0000${key}`] ?? null;
  }
  /** The note field changed: it is saved once typing rests (and at once on saveNow). */
  typed(): void {
    this.#save.schedule();
  }

  /** Saves a note still waiting for its pause (the page is being hidden or left). */
  saveNow(): Promise<void> {
    this.#save.cancel();
    return this.commit();
  }

  #waitingNotes(): Record<string, string> {
    try {
      const v = JSON.parse(this.#store.get(ANNOTATION_NOTES_KEY) ?? '{}') as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
    } catch {
      return {};
    }
  }

  /** Keeps `note` aside for `annotator`'s pair `key` (an empty note removes it). */
  setWaiting(annotator: string, key: string, note: string): void {
    const all = this.#waitingNotes();
    const k = `${annotator}\u0000${key}`;
    if ((all[k] ?? '') === note) return;
    delete all[k];
    if (note) all[k] = note;
    const entries = Object.entries(all);
    // The oldest waiting notes go first when there are very many (insertion order is age).
    const kept = entries.length > MAX_WAITING_NOTES ? Object.fromEntries(entries.slice(-MAX_WAITING_NOTES)) : all;
    this.#store.set(ANNOTATION_NOTES_KEY, JSON.stringify(kept));
  }

  /** `mine` with `note` (none when empty), updated now. */
  #withNote(mine: AnnotationLabel, note: string): AnnotationLabel {
    const { note: _old, ...rest } = mine;
    return { ...rest, ...(note ? { note } : {}), updated: this.#host.now() };
  }

  /**
   * Save the note of the current pair: with its label, or, before the pair is labelled, kept
   * aside (local storage) until the label takes it, so that a reload never loses it.
   */
  async commit(): Promise<void> {
    const t = this.#host.current();
    if (!t || this.#for !== t.key) return;
    const note = this.draft.trim().slice(0, NOTE_MAX);
    const mine = this.#host.mine(t.key);
    if (!mine) {
      const who = this.#host.annotator();
      if (who) this.setWaiting(who, t.key, note);
      return;
    }
    if ((mine.note ?? '') === note) return;
    await this.#putNote(mine, note, { target: t, previous: mine });
  }

  /** Writes `note` into the label `mine`, kept aside (synchronously) until the write is done. */
  async #putNote(mine: AnnotationLabel, note: string, undo: { target: AnnotationTarget; previous: AnnotationLabel } | null): Promise<void> {
    const key = pairKey(mine.caseKey, mine.claimIndex, mine.chunkId);
    this.setWaiting(mine.annotator, key, note);
    await this.#host.put(this.#withNote(mine, note), undo);
    if (this.#waitingNotes()[`${mine.annotator}\u0000${key}`] === note) this.setWaiting(mine.annotator, key, '');
  }

  /**
   * The labels were read (at start, or changed): a note kept aside for a pair that is labelled is
   * one whose write may not have finished (the page was left) — it goes into the label now.
   */
  adoptWaiting(): void {
    const who = this.#host.annotator();
    if (!who) return;
    const prefix = `${who}\u0000`;
    for (const [k, note] of Object.entries(this.#waitingNotes())) {
      if (!k.startsWith(prefix)) continue;
      const mine = this.#host.mine(k.slice(prefix.length));
      if (!mine) continue;
      if ((mine.note ?? '') === note) this.setWaiting(who, k.slice(prefix.length), '');
      else void this.#putNote(mine, note, null);
    }
  }

  /** The pair on screen (or the annotator) changed: save the note left behind, show this pair's. */
  sync(): void {
    const t = this.#host.current();
    const key = t?.key ?? '';
    const who = this.#host.annotator();
    // Another annotator on the same pair starts from their own note, not the one on screen.
    if (this.#for === key && this.#who === who) return;
    // Leaving a pair whose note was typed but not saved yet: save it first.
    if (this.#save.cancel()) this.#saveNoteOf(this.#for, this.draft);
    this.#for = key;
    this.#who = who;
    // A note kept aside is newer than its label's (its write had not finished).
    this.draft = (t && ((who ? this.#waitingNotes()[`${who}\u0000${t.key}`] : undefined) ?? this.#host.mine(t.key)?.note)) ?? '';
  }

  #saveNoteOf(key: string, text: string): void {
    const who = this.#host.annotator();
    if (!key || !who) return;
    const note = text.trim().slice(0, NOTE_MAX);
    const mine = this.#host.mine(key);
    if (!mine) return this.setWaiting(who, key, note);
    if ((mine.note ?? '') === note) return;
    void this.#putNote(mine, note, null);
  }
}
