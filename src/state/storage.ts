// The workbench's handle on localStorage (the guarded wrapper is platform/storage.ts).
import { browserStore, memoryStore, type KeyValueStore } from '../platform/storage';

export { memoryStore, type KeyValueStore };

export const localStore: KeyValueStore = browserStore();
