// Persistent storage and quota. Browsers may evict IndexedDB under storage pressure unless the
// site is granted persistent storage; we ask once and show the answer. A full disk makes writes
// fail with QuotaExceededError: callers keep the draft in memory and offer the backup download.

export type PersistState = 'granted' | 'denied' | 'unsupported';

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

function manager(nav: unknown): StorageManagerLike | null {
  const storage = (nav as { storage?: StorageManagerLike } | undefined)?.storage;
  return storage && typeof storage === 'object' ? storage : null;
}

const browserNavigator = (): unknown => (typeof navigator === 'undefined' ? undefined : navigator);

/** The storage manager's yes or no as a state; a browser without the method, or failing it, is 'unsupported'. */
async function answerOf(nav: unknown, method: 'persist' | 'persisted'): Promise<PersistState> {
  const m = manager(nav);
  if (!m?.[method]) return 'unsupported';
  try {
    return (await m[method]()) ? 'granted' : 'denied';
  } catch {
    return 'unsupported';
  }
}

/** Whether storage is already persistent, without asking. */
export function persistState(nav: unknown = browserNavigator()): Promise<PersistState> {
  return answerOf(nav, 'persisted');
}

/** Asks for persistent storage (browsers may decide without a prompt). */
export function requestPersistence(nav: unknown = browserNavigator()): Promise<PersistState> {
  return answerOf(nav, 'persist');
}

export async function storageEstimate(nav: unknown = browserNavigator()): Promise<{ usage: number; quota: number } | null> {
  const m = manager(nav);
  if (!m?.estimate) return null;
  try {
    const e = await m.estimate();
    return { usage: e.usage ?? 0, quota: e.quota ?? 0 };
  } catch {
    return null;
  }
}

/** True for a full disk, however the browser or Dexie wraps it. */
export function isQuotaError(e: unknown): boolean {
  for (let err = e as { name?: string; inner?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 5; depth++) {
    if (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
    err = (err.inner ?? err.cause) as typeof err;
  }
  return false;
}
