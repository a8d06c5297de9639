import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash, contentHashInSlices, hash64, Hash64, StableHasher, stableStringify } from './hash';
import { JsonWalk } from './jsonWalk';

/** Strings made of what JSON escapes or must not cut: quotes, controls, line separators, surrogate pairs and lone halves. */
const awkward = fc.array(fc.constantFrom('a', 'é', '"', '\\', '\n', '\u0001', '\u2028', '😀', '\ud83d', '\ude00', 'ω'), { maxLength: 40 }).map((a) => a.join(''));

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

  it('hashes a long string a bounded piece per slice (a pasted 5 MB answer is one string)', () => {
    const answer = 'αβγ😀δ'.repeat(200_000); // 1.2 M code units, no space
    const value = { case: { query: 'q', answer }, labels: [] };
    const h = new StableHasher(value);
    const perSlice: number[] = [];
    // Stop at the first look at the clock: each call to run is one slice of the least work there is.
    for (let before = 0; !h.run(() => false); before = h.length) perSlice.push(h.length - before);
    expect(h.digest()).toBe(contentHash(value));
    expect(h.length).toBe(stableStringify(value).length);
    // Before: the whole answer was escaped and hashed in the first slice.
    expect(Math.max(...perSlice)).toBeLessThanOrEqual(2 * 32_768);
    expect(perSlice.length).toBeGreaterThan(30);
  });

  it('in slices with a pause between them when the value is one long string', async () => {
    let clock = 0;
    let pauses = 0;
    const value = { answer: 'ж'.repeat(1_000_000) };
    const r = await contentHashInSlices(value, { sliceMs: 5, now: () => clock++, pause: async () => void pauses++ });
    expect(r.hash).toBe(contentHash(value));
    // A slice is five looks at this clock, so about five pieces of 32 K; before, it was one slice.
    expect(r.slices).toBeGreaterThan(5);
    expect(pauses).toBe(r.slices - 1);
    // onString still sees the string whole, once (the history scans it for secrets).
    const seen: number[] = [];
    await contentHashInSlices(value, { onString: (s) => void seen.push(s.length) });
    expect(seen.sort((a, b) => a - b)).toEqual([6, 1_000_000]);
  });

  it('writes a string cut into pieces exactly as stableStringify does, wherever the cuts fall', () => {
    fc.assert(
      fc.property(fc.oneof(awkward, fc.dictionary(awkward, fc.oneof(awkward, fc.array(awkward)))), fc.integer({ min: 2, max: 5 }), (v, long) => {
        let text = '';
        const walk = new JsonWalk(v, { keys: 'sorted', sink: (s) => void (text += s), long, every: 1 });
        let calls = 0;
        while (!walk.run(() => ++calls % 2 !== 0));
        expect(text).toBe(stableStringify(v));
      }),
      { numRuns: 500 },
    );
  });
});
