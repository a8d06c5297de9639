// One draft per tab. With one shared draft, two tabs overwrote each other and a reload showed the
// other tab's inputs without a word. Each tab now writes `draft:<tab id>`, the id kept in
// sessionStorage (a reload keeps it, other tabs never see it). A reload restores the tab's own
// draft; a tab opened fresh starts from the newest draft of any tab and says so when it was
// another tab's. The single draft key of earlier versions is read like another tab's draft (then
// removed), and at most MAX_TAB_DRAFTS drafts are kept: the oldest go first.
import { DRAFT_KEY, MAX_TAB_DRAFTS, TAB_ID_KEY, type KeyValueStore } from '../constants';
import { decodeDraft, draftSavedAt, encodeDraft, type Draft } from './draft';

const TAB_PREFIX = `${DRAFT_KEY}:`;

/** Where a restored draft came from. */
export type DraftSource = 'this-tab' | 'other-tab' | 'single-key';

export interface StoredDraft {
  draft: Draft;
  source: DraftSource;
  /** When it was saved (epoch ms), when the payload says. */
  savedAt: number | null;
}

function newTabId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export class TabDrafts {
  readonly #local: KeyValueStore;
  readonly #session: KeyValueStore;
  #tabId: string;

  constructor(local: KeyValueStore, session: KeyValueStore) {
    this.#local = local;
    this.#session = session;
    const known = session.get(TAB_ID_KEY);
    this.#tabId = known && /^[\w-]{1,80}$/.test(known) ? known : this.#claimNewId();
  }

  get tabId(): string {
    return this.#tabId;
  }

  /** This tab's draft key. */
  get key(): string {
    return TAB_PREFIX + this.#tabId;
  }

  #claimNewId(): string {
    const id = newTabId();
    this.#session.set(TAB_ID_KEY, id);
    return id;
  }

  /**
   * This tab takes a new id (its draft key was another live tab's: a duplicated tab copies the
   * sessionStorage of its original). What it holds is saved under the new key on its next save.
   */
  renew(): void {
    this.#tabId = this.#claimNewId();
  }

  /** This tab's own draft, if it saved one (a reload). */
  own(): Draft | null {
    return decodeDraft(this.#local.get(this.key));
  }

  /** What the tab should start with: its own draft, else the newest draft of any tab. */
  restorable(): StoredDraft | null {
    const raw = this.#local.get(this.key);
    const own = decodeDraft(raw);
    if (own) return { draft: own, source: 'this-tab', savedAt: raw ? draftSavedAt(raw) : null };
    // Newest first; a payload that cannot be read (damaged, or of a newer version) is skipped.
    for (const { key, at, raw: other } of this.#others()) {
      const draft = decodeDraft(other);
      if (draft) return { draft, source: key === DRAFT_KEY ? 'single-key' : 'other-tab', savedAt: at };
    }
    return null;
  }

  /**
   * Writes this tab's draft; makes room by dropping the oldest other drafts if storage is full.
   * A draft over `maxChars` is not written (it stays in memory only).
   */
  save(draft: Draft, maxChars: number, now = Date.now()): 'saved' | 'too-large' | 'failed' {
    const payload = encodeDraft(draft, { at: now, tab: this.#tabId });
    if (payload.length > maxChars) return 'too-large';
    let ok = this.#local.set(this.key, payload);
    if (!ok) {
      // Full: the oldest drafts of other tabs give way, one at a time, until this one fits.
      const others = this.#others().reverse();
      for (const o of others) {
        this.#local.remove(o.key);
        if ((ok = this.#local.set(this.key, payload))) break;
      }
    }
    if (ok) {
      // The one-key draft of earlier versions has been carried over (or is older than this).
      this.#local.remove(DRAFT_KEY);
      this.#prune();
    }
    return ok ? 'saved' : 'failed';
  }

  /** Draft keys of other tabs (and the single key of earlier versions), newest first. */
  #others(): { key: string; at: number; raw: string }[] {
    const out: { key: string; at: number; raw: string }[] = [];
    for (const key of this.#local.keys()) {
      if (key === this.key || !(key === DRAFT_KEY || key.startsWith(TAB_PREFIX))) continue;
      const raw = this.#local.get(key);
      if (raw === null) continue;
      out.push({ key, at: draftSavedAt(raw) ?? 0, raw });
    }
    return out.sort((a, b) => b.at - a.at);
  }

  /** Keeps at most MAX_TAB_DRAFTS drafts (this tab's among them): the oldest go. */
  #prune(): void {
    // Counting keys is cheap; the drafts themselves are read only when there are too many.
    let count = 0;
    for (const k of this.#local.keys()) if (k.startsWith(TAB_PREFIX)) count++;
    if (count <= MAX_TAB_DRAFTS) return;
    for (const o of this.#others().slice(MAX_TAB_DRAFTS - 1)) this.#local.remove(o.key);
  }
}
