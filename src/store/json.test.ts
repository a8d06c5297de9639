import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { JsonWriter, jsonBlobInSlices } from './json';
import { JsonWalk } from './jsonWalk';

/** Runs a writer to the end, stopping every `every` looks at the clock. */
function writeAll(value: unknown, small: number, every: number): string | undefined {
  const w = new JsonWriter(value, small);
  let calls = 0;
  while (!w.run(() => ++calls % every !== 0));
  return w.text();
}

describe('JSON in slices', () => {
  it('gives exactly JSON.stringify for any JSON value, however often it stops', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 40 }), (v, small, every) => {
        expect(writeAll(v, small, every)).toBe(JSON.stringify(v));
      }),
      { numRuns: 400 },
    );
  });

  it('leaves out what JSON.stringify leaves out and keeps toJSON and key order', () => {
    const big = Array.from({ length: 40 }, (_, i) => ({ i, when: new Date(Date.UTC(2025, 0, 1 + i)) }));
    const v = {
      z: 1,
      a: undefined,
      f: () => 1,
      s: Symbol('x'),
      list: [undefined, () => 2, 3, big],
      2: 'numeric keys first',
      nested: { deep: { deeper: big.map((x) => [x, null, -0, Infinity]) } },
    };
    for (const small of [0, 1, 3, 10_000]) expect(writeAll(v, small, 3)).toBe(JSON.stringify(v));
    for (const top of [undefined, () => 1, 'text', 12, null]) expect(writeAll(top, 0, 1)).toBe(JSON.stringify(top));
  });

  it('refuses a cycle with a TypeError, as JSON.stringify does', () => {
    const a: Record<string, unknown> = { items: Array.from({ length: 300 }, (_, i) => i) };
    a.self = { back: a };
    expect(() => JSON.stringify(a)).toThrow(TypeError);
    expect(() => writeAll(a, 0, 5)).toThrow(TypeError);
    // The same object twice, not inside itself, is no cycle.
    const shared = { x: [1, 2, 3] };
    const twice = { a: shared, b: [shared, shared] };
    expect(writeAll(twice, 0, 2)).toBe(JSON.stringify(twice));
    // Deep inside a long nesting, back to a container near the top or near the bottom.
    const deep: Record<string, unknown>[] = Array.from({ length: 100 }, () => ({}));
    deep.forEach((o, i) => (o.next = deep[i + 1] ?? null));
    expect(writeAll(deep[0], 0, 4)).toBe(JSON.stringify(deep[0]));
    for (const back of [2, 60]) {
      deep[99]!.next = deep[back];
      expect(() => writeAll(deep[0], 0, 4)).toThrow(TypeError);
    }
  });

  it('a large value takes many slices with a pause between them; a small one takes one', async () => {
    const value = { claims: Array.from({ length: 20_000 }, (_, i) => ({ index: i, text: `Claim ${i} – příliš.`, refs: [i, i + 1] })) };
    let clock = 0;
    let pauses = 0;
    // A fake clock that advances with every look at it: a slice ends after a fixed number of looks.
    const r = await jsonBlobInSlices(value, { sliceMs: 5, now: () => clock++, pause: async () => void pauses++ });
    expect(await r.blob!.text()).toBe(JSON.stringify(value));
    expect(r.blob!.type).toBe('application/json');
    expect(r.slices).toBeGreaterThan(10);
    expect(pauses).toBe(r.slices - 1);
    let smallPauses = 0;
    const small = await jsonBlobInSlices({ a: [1, 2] }, { pause: async () => void smallPauses++ });
    expect(small.slices).toBe(1);
    expect(await small.blob!.text()).toBe('{"a":[1,2]}');
    expect(smallPauses).toBe(0);
    expect((await jsonBlobInSlices(undefined)).blob).toBeUndefined();
  });

  it('text taken out while writing and the rest at the end make the whole text', () => {
    const value = Array.from({ length: 5000 }, (_, i) => ({ i, s: 'x'.repeat(i % 7) }));
    const w = new JsonWriter(value, 0);
    const out: string[] = [];
    let calls = 0;
    while (!w.run(() => ++calls % 3 !== 0)) out.push(...w.take());
    out.push(w.text()!);
    expect(out.join('')).toBe(JSON.stringify(value));
  });

  it('writes a long string in pieces, exactly as JSON.stringify does, wherever the cuts fall', () => {
    const awkward = fc.array(fc.constantFrom('a', 'é', '"', '\\', '\n', '\u0001', '\u2028', '😀', '\ud83d', '\ude00'), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.oneof(awkward, fc.array(awkward), fc.dictionary(awkward, awkward)), fc.integer({ min: 2, max: 5 }), (v, long) => {
        const pieces: string[] = [];
        const walk = new JsonWalk(v, { keys: 'json', sink: (s) => void pieces.push(s), small: 1000, long });
        walk.run();
        expect(pieces.join('')).toBe(JSON.stringify(v));
        // A subtree with a long string in it is never written natively whole.
        if (typeof v === 'string' && v.length > long) expect(pieces.length).toBeGreaterThan(2);
      }),
      { numRuns: 500 },
    );
  });

  it('makes the JSON of a report with one long string in slices, each a bounded piece of it', async () => {
    const value = { claims: [{ text: 'Ωμέγα'.repeat(200_000) }] }; // a small subtree, but 1 M code units
    let clock = 0;
    const r = await jsonBlobInSlices(value, { sliceMs: 5, now: () => clock++, pause: async () => undefined });
    expect(await r.blob!.text()).toBe(JSON.stringify(value));
    // Before: stringified natively whole, in one slice.
    expect(r.slices).toBeGreaterThan(5);
    const w = new JsonWriter(value);
    const perSlice: number[] = [];
    while (!w.run(() => false)) perSlice.push(w.take().reduce((n, s) => n + s.length, 0));
    expect(Math.max(...perSlice)).toBeLessThanOrEqual(2 * 32_768);
  });

  it('encodes a bounded piece of text per Blob, however much a slice writes', async () => {
    const encoded: number[] = [];
    // Counts the code units each Blob is made from (the UTF-8 encoding is the work).
    class CountingBlob extends Blob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        encoded.push((parts ?? []).reduce((n, p) => n + (typeof p === 'string' ? p.length : 0), 0));
        super(parts, options);
      }
    }
    vi.stubGlobal('Blob', CountingBlob);
    try {
      const value = { claims: [{ text: 'Ωμέγα'.repeat(200_000) }], n: 1 };
      // A clock that never runs out: one slice writes it all.
      const r = await jsonBlobInSlices(value, { now: () => 0 });
      expect(r.slices).toBe(1);
      expect(await r.blob!.text()).toBe(JSON.stringify(value));
      // Before: the whole 1 M code units went into the last Blob.
      expect(Math.max(...encoded)).toBeLessThanOrEqual(2 ** 16 + 2 ** 15);
      expect(encoded.length).toBeGreaterThan(10);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
