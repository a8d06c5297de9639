// What the annotation view keeps in the browser's storage between visits: the annotator's name,
// blind mode and auto-advance, and the pair each source was left at (for the last MAX_POSITIONS
// sources). Unreadable stored values are skipped: the defaults stand.
import type { KeyValueStore } from '../constants';

export const ANNOTATOR_KEY = 'citation-auditor:annotator';
export const ANNOTATION_PREFS_KEY = 'citation-auditor:annotation-prefs';
export const ANNOTATION_POSITION_KEY = 'citation-auditor:annotation-position';
const MAX_POSITIONS = 20;

export interface StoredPrefs {
  annotator: string;
  blind?: boolean;
  advance?: boolean;
  /** Source id → the key of the pair it was left at. */
  positions?: Record<string, string>;
}

/** What was stored; a preference left out was not stored or not readable. */
export function readPrefs(store: KeyValueStore): StoredPrefs {
  const out: StoredPrefs = { annotator: (store.get(ANNOTATOR_KEY) ?? '').slice(0, 200) };
  try {
    const prefs = JSON.parse(store.get(ANNOTATION_PREFS_KEY) ?? '{}') as Record<string, unknown>;
    if (typeof prefs.blind === 'boolean') out.blind = prefs.blind;
    if (typeof prefs.advance === 'boolean') out.advance = prefs.advance;
    const pos = JSON.parse(store.get(ANNOTATION_POSITION_KEY) ?? '{}') as unknown;
    if (pos && typeof pos === 'object' && !Array.isArray(pos)) {
      out.positions = Object.fromEntries(Object.entries(pos).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
  } catch {
    // Unreadable preferences: the defaults stand.
  }
  return out;
}

export function savePrefs(store: KeyValueStore, prefs: { blind: boolean; advance: boolean }): void {
  store.set(ANNOTATION_PREFS_KEY, JSON.stringify({ blind: prefs.blind, advance: prefs.advance }));
}

/** The positions with `sourceId` left at `key` (the oldest source dropped past the limit), stored. */
export function rememberPosition(store: KeyValueStore, positions: Record<string, string>, sourceId: string, key: string): Record<string, string> {
  const next = { ...positions, [sourceId]: key };
  const keys = Object.keys(next);
  if (keys.length > MAX_POSITIONS) delete next[keys[0]!];
  store.set(ANNOTATION_POSITION_KEY, JSON.stringify(next));
  return next;
}
