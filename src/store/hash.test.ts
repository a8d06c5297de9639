import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash, contentHashInSlices, hash64, Hash64, StableHasher, stableStringify } from './hash';

describe('content hash in slices', () => {
  it('gives exactly contentHash and the serialised length, for any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 50 }), (v, every) => {
        const h = new StableHasher(v);
        let calls = 0;
        // Stop as often as allowed: every resumption must carry on where it stopped.
        while (!h.run(() => ++calls % every !== 0));
        expect(h.digest()).toBe(contentHash(v));
        expect(h.length).toBe(stableStringify(v).length);
      }),
      { numRuns: 300 },
    );
  });

  it('treats undefined like stableStringify does (dropped from objects, null in arrays)', () => {
    const v = { b: undefined, a: [1, undefined, { c: undefined, d: 'x' }], e: null };
    expect(new StableHasher(v).run() && true).toBe(true);
    const h = new StableHasher(v);
    h.run();
    expect(h.digest()).toBe(contentHash(v));
    expect(stableStringify(v)).toBe('{"a":[1,null,{"d":"x"}],"e":null}');
  });

  it('writes what JSON has no text for as stableStringify does, and refuses a cycle', () => {
    const when = new Date(Date.UTC(2025, 0, 1));
    const odd = [undefined, () => 1, Symbol('s'), { f: () => 2, u: undefined, when, deep: [when, Symbol('t')] }, NaN, -0];
    for (const v of [undefined, () => 1, when, odd, { list: odd }]) {
      const h = new StableHasher(v);
      h.run();
      expect(h.length).toBe(stableStringify(v).length);
      expect(h.digest()).toBe(contentHash(v));
    }
    const a: Record<string, unknown> = { items: [1, 2, 3] };
    a.self = { back: [a] };
    expect(() => new StableHasher(a).run()).toThrow(TypeError);
    // The same object twice, not inside itself, is no cycle.
    const shared = { x: [1] };
    const twice = { a: shared, b: [shared, shared] };
    const h = new StableHasher(twice);
    h.run();
    expect(h.digest()).toBe(contentHash(twice));
  });

  it('feeds the hash in pieces with the same result as all at once', () => {
    const text = 'Příliš žluťoučký kůň 😀 úpěl ďábelské ódy.';
    for (let cut = 0; cut <= text.length; cut++) {
      expect(new Hash64().update(text.slice(0, cut)).update(text.slice(cut)).digest()).toBe(hash64(text));
    }
  });

  it('a large value takes many slices, each bounded, and pauses between them', async () => {
    const value = { claims: Array.from({ length: 20_000 }, (_, i) => ({ index: i, text: `Claim ${i}.`, ok: i % 2 === 0 })) };
    let clock = 0;
    let pauses = 0;
    // A fake clock that advances with every look at it: a slice ends after a fixed number of looks.
    const r = await contentHashInSlices(value, { sliceMs: 5, now: () => clock++, pause: async () => void pauses++ });
    expect(r.hash).toBe(contentHash(value));
    expect(r.slices).toBeGreaterThan(10);
    expect(pauses).toBe(r.slices - 1);
    // A small value is done in one slice, without pausing.
    let smallPauses = 0;
    const small = await contentHashInSlices({ a: 1 }, { pause: async () => void smallPauses++ });
    expect(small.slices).toBe(1);
    expect(smallPauses).toBe(0);
  });

  it('shows every string, keys included, to onString', async () => {
    const seen: string[] = [];
    await contentHashInSlices({ key1: ['v1', { key2: 'v2' }], n: 3 }, { onString: (s) => seen.push(s) });
    expect(seen.sort()).toEqual(['key1', 'key2', 'n', 'v1', 'v2']);
  });
});
