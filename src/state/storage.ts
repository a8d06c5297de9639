// The workbench's handle on localStorage (the guarded wrapper is platform/storage.ts).
import { browserStore, type KeyValueStore } from '../platform/storage';

export type { KeyValueStore };

export const localStore: KeyValueStore = browserStore();
