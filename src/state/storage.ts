// The workbench's handles on localStorage and sessionStorage (the guarded wrapper is platform/storage.ts).
import { browserStore, type KeyValueStore } from '../platform/storage';

export type { KeyValueStore };

export const localStore: KeyValueStore = browserStore();
/** The tab's own storage (sessionStorage): survives a reload of this tab only. */
export const sessionStore: KeyValueStore = browserStore('session');
