// The workbench's handle on localStorage. Every call is guarded (storage can be disabled, full,
// or throw in private modes); the guarded wrapper itself lives beside the model settings, which
// need it before the app starts, so there is one copy of it.
import { browserStore, type KeyValueStore } from '../model/settings';

export type { KeyValueStore };

export const localStore: KeyValueStore = browserStore();

/** In-memory store for tests and for environments without localStorage. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial));
  return {
    get: (k) => map.get(k) ?? null,
    set: (k, v) => {
      map.set(k, v);
      return true;
    },
    remove: (k) => {
      map.delete(k);
    },
  };
}
