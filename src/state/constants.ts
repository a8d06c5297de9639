// Storage keys and limits of the page, in one place so that nothing else spells them, and the
// page's handles on localStorage and sessionStorage (the guarded wrapper is platform/storage.ts).
import { browserStore, type KeyValueStore } from '../platform/storage';

export type { KeyValueStore };

export const localStore: KeyValueStore = browserStore();
/** The tab's own storage (sessionStorage): survives a reload of this tab only. */
export const sessionStore: KeyValueStore = browserStore('session');

/** Prefix of every localStorage key the app writes. */
export const STORAGE_PREFIX = 'citation-auditor:';

/**
 * The inputs as one key, as versions before per-tab drafts stored them (read once, then removed).
 * Each tab's draft is `${DRAFT_KEY}:<tab id>` (tabDrafts.ts).
 */
export const DRAFT_KEY = `${STORAGE_PREFIX}draft`;
/** This tab's id, in sessionStorage (which a reload keeps and other tabs do not see). */
export const TAB_ID_KEY = `${STORAGE_PREFIX}tab`;
/**
 * When each tab was last seen open (epoch ms), as `${TAB_SEEN_KEY}:<tab id>`: an open tab writes it
 * every TAB_SEEN_EVERY_MS and when it is hidden or closed (tabDrafts.ts).
 */
export const TAB_SEEN_KEY = `${STORAGE_PREFIX}tab-seen`;
export const TAB_SEEN_EVERY_MS = 30_000;
/**
 * A tab seen this recently is open, or was a moment ago: a fresh tab that starts from its draft
 * says so. Longer than a hidden tab's throttled timers (one a minute in Chromium).
 */
export const TAB_RECENT_MS = 3 * 60_000;
/** At most this many tabs' drafts are kept; the oldest go first. */
export const MAX_TAB_DRAFTS = 8;
/** Settings: required style, answer language, UI language. */
export const SETTINGS_KEY = `${STORAGE_PREFIX}settings`;
/** Version of the draft payload; bump it and keep decoding older ones. */
export const DRAFT_VERSION = 1;

/** Wait after the last keystroke before re-auditing. */
export const AUDIT_DEBOUNCE_MS = 150;
/** Above this many characters of input, the audit runs in a Web Worker so typing never waits. */
export const WORKER_THRESHOLD_CHARS = 20_000;
/** A worker audit that takes longer than this is abandoned and the worker replaced. */
export const WORKER_TIMEOUT_MS = 10_000;
/** Wait after the last change before writing the draft (a crash loses at most this much). */
export const DRAFT_SAVE_DEBOUNCE_MS = 300;
/** How long the "Undo" toast stays (longer while the pointer or the focus is on it). */
export const UNDO_TOAST_MS = 6_000;
/** Files larger than this are refused with a message rather than freezing the tab. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** localStorage cannot hold more than a few MB; larger drafts are kept in memory only. */
export const MAX_DRAFT_CHARS = 4_000_000;
