import { describe, expect, it } from 'vitest';
import { lazyModules } from './lazy';

describe('lazyModules', () => {
  it('imports nothing until asked, then each module once, by name, for every caller', async () => {
    const calls: string[] = [];
    const load = lazyModules({
      a: () => (calls.push('a'), Promise.resolve({ x: 1 })),
      b: () => (calls.push('b'), Promise.resolve({ y: 'two' })),
    });
    expect(calls).toEqual([]);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toEqual({ a: { x: 1 }, b: { y: 'two' } });
    expect(second).toBe(first);
    expect(await load()).toBe(first);
    expect(calls).toEqual(['a', 'b']);
  });

  it('passes on a failed import', async () => {
    const load = lazyModules({ a: () => Promise.reject(new Error('offline')) });
    await expect(load()).rejects.toThrow('offline');
  });
});
