// One draft per tab. With one shared draft, two tabs overwrote each other and a reload showed the
// other tab's inputs without a word. Each tab now writes `draft:<tab id>`, the id kept in
// sessionStorage (a reload keeps it, other tabs never see it). A reload restores the tab's own
// draft; a tab opened fresh starts from the newest draft of any tab. It says so only when that
// draft is another tab's in the sense a person means: the tab that wrote it is open, or was a
// moment ago (each open tab stamps `tab-seen:<tab id>` every half minute and when hidden). A
// browser reopened with no other tab starts from its last session's draft without a word. The
// single draft key of earlier versions is read like another tab's draft (then removed), and at
// most MAX_TAB_DRAFTS drafts are kept: the oldest go first.
import { DRAFT_KEY, MAX_TAB_DRAFTS, TAB_ID_KEY, TAB_RECENT_MS, TAB_SEEN_KEY, type KeyValueStore } from '../constants';
import { decodeDraft, draftSavedAt, encodeDraft, type Draft } from './draft';

const TAB_PREFIX = `${DRAFT_KEY}:`;
const SEEN_PREFIX = `${TAB_SEEN_KEY}:`;

/**
 * Where a restored draft came from: this tab (a reload), another tab that is or was just open,
 * a tab of an earlier session (closed a while ago: a reopened browser), the one key of earlier
 * versions.
 */
export type DraftSource = 'this-tab' | 'other-tab' | 'earlier-session' | 'single-key';

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

  /** Says this tab is open now (on a timer, and when the tab is hidden or closed). */
  touch(now = Date.now()): void {
    this.#local.set(SEEN_PREFIX + this.#tabId, String(now));
  }

  /** When the tab of a draft key was last seen open, or null when it never said. */
  #seen(draftKey: string): number | null {
    if (!draftKey.startsWith(TAB_PREFIX)) return null;
    const raw = this.#local.get(SEEN_PREFIX + draftKey.slice(TAB_PREFIX.length));
    const at = raw !== null && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
    return Number.isFinite(at) ? at : null;
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

  /**
   * What the tab should start with: its own draft, else the newest draft of any tab. That one is
   * "another tab's" only when it says when it was saved and its tab was seen open within
   * TAB_RECENT_MS of `now`; else it is what the browser's last session left.
   */
  restorable(now = Date.now()): StoredDraft | null {
    const raw = this.#local.get(this.key);
    const own = decodeDraft(raw);
    if (own) return { draft: own, source: 'this-tab', savedAt: raw ? draftSavedAt(raw) : null };
    // Newest first; a payload that cannot be read (damaged, or of a newer version) is skipped.
    for (const { key, at, raw: other } of this.#others()) {
      const draft = decodeDraft(other);
      if (!draft) continue;
      if (key === DRAFT_KEY) return { draft, source: 'single-key', savedAt: at || null };
      const seen = this.#seen(key);
      const open = at > 0 && seen !== null && now - seen <= TAB_RECENT_MS;
      return { draft, source: open ? 'other-tab' : 'earlier-session', savedAt: at || null };
    }
    return null;
  }

  /**
   * Writes this tab's draft; makes room by dropping the oldest other drafts if storage is full.
   * A draft over `maxChars` is not written (it stays in memory only).
   */
  save(draft: Draft, maxChars: number, now = Date.now()): 'saved' | 'too-large' | 'failed' {
    this.touch();
    let payload = encodeDraft(draft, { at: now, tab: this.#tabId });
    // The model's report is the part that can go: the inputs are what must never be lost.
    const { judged: _judged, ...bare } = draft;
    const withoutReport = () => (draft.judged ? encodeDraft(bare, { at: now, tab: this.#tabId }) : null);
    if (payload.length > maxChars) {
      const smaller = withoutReport();
      if (smaller === null || smaller.length > maxChars) return 'too-large';
      payload = smaller;
    }
    let ok = this.#local.set(this.key, payload);
    const smaller = ok ? null : withoutReport();
    if (smaller !== null && smaller !== payload) {
      payload = smaller;
      ok = this.#local.set(this.key, payload);
    }
    if (!ok) {
      // Full: the oldest drafts of other tabs give way, one at a time, until this one fits.
      const others = this.#others().reverse();
      for (const o of others) {
        this.#drop(o.key);
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

  /** Removes another tab's draft, and when its tab was seen. */
  #drop(draftKey: string): void {
    this.#local.remove(draftKey);
    if (draftKey.startsWith(TAB_PREFIX)) this.#local.remove(SEEN_PREFIX + draftKey.slice(TAB_PREFIX.length));
  }

  /**
   * Keeps at most MAX_TAB_DRAFTS drafts (this tab's among them): the oldest go. The stamps of tabs
   * that left no draft go once they are no longer recent.
   */
  #prune(now = Date.now()): void {
    // Counting keys is cheap; the drafts themselves are read only when there are too many.
    let count = 0;
    const keys = this.#local.keys();
    const drafts = new Set<string>();
    for (const k of keys) {
      if (!k.startsWith(TAB_PREFIX)) continue;
      count++;
      drafts.add(k.slice(TAB_PREFIX.length));
    }
    for (const k of keys) {
      if (!k.startsWith(SEEN_PREFIX) || drafts.has(k.slice(SEEN_PREFIX.length))) continue;
      const at = Number(this.#local.get(k));
      if (!(now - at <= TAB_RECENT_MS)) this.#local.remove(k);
    }
    if (count <= MAX_TAB_DRAFTS) return;
    for (const o of this.#others().slice(MAX_TAB_DRAFTS - 1)) this.#drop(o.key);
  }
}
