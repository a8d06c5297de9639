// The one guarded handle on localStorage. Every call is guarded (storage can be disabled, full,
// or throw in private modes). Below model/ and state/ because both read it: the model settings
// before the app starts (main.ts), the workbench once it runs.

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** Every key the store holds. */
  keys(): string[];
}

/**
 * A guarded localStorage (or, with 'session', the tab's sessionStorage, which survives a reload of
 * the tab but no other tab reads); a store that holds nothing where there is none.
 */
export function browserStore(kind: 'local' | 'session' = 'local'): KeyValueStore {
  const ls = (): Storage | null => {
    try {
      if (kind === 'session') return typeof sessionStorage === 'undefined' ? null : sessionStorage;
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  };
  return {
    get(key) {
      try {
        return ls()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const s = ls();
        if (!s) return false;
        s.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        ls()?.removeItem(key);
      } catch {
        // Storage unavailable: nothing was stored either.
      }
    },
    keys() {
      try {
        const s = ls();
        if (!s) return [];
        const out: string[] = [];
        for (let i = 0; i < s.length; i++) {
          const k = s.key(i);
          if (k !== null) out.push(k);
        }
        return out;
      } catch {
        return [];
      }
    },
  };
}
