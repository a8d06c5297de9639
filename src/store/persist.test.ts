import { describe, expect, it } from 'vitest';
import { isQuotaError, persistState, requestPersistence, storageEstimate } from './persist';

describe('persistent storage', () => {
  it('reports what the browser answers', async () => {
    expect(await requestPersistence({ storage: { persist: async () => true } })).toBe('granted');
    expect(await requestPersistence({ storage: { persist: async () => false } })).toBe('denied');
    expect(await requestPersistence({})).toBe('unsupported');
    expect(await requestPersistence({ storage: { persist: () => Promise.reject(new Error('no')) } })).toBe('unsupported');
    expect(await persistState({ storage: { persisted: async () => true } })).toBe('granted');
    expect(await persistState(undefined)).toBe('unsupported');
    expect(await storageEstimate({ storage: { estimate: async () => ({ usage: 5, quota: 10 }) } })).toEqual({ usage: 5, quota: 10 });
  });

  it('recognises a full disk however it is wrapped', () => {
    const dom = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    expect(isQuotaError(dom)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: dom })).toBe(true);
    expect(isQuotaError({ name: 'DatabaseClosedError', inner: { name: 'X', inner: dom } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
