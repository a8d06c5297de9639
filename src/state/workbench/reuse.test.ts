import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reuseUnchanged } from './reuse';

describe('reuseUnchanged', () => {
  it('returns the previous value when the two are equal throughout', () => {
    const prev = { a: [1, { b: 'x' }], c: null, d: { e: [true] } };
    expect(reuseUnchanged(prev, structuredClone(prev))).toBe(prev);
    expect(reuseUnchanged([1, 2], [1, 2])).toEqual([1, 2]);
  });

  it('keeps the unchanged parts and takes the changed ones', () => {
    const prev = { claims: [{ i: 0, t: 'a' }, { i: 1, t: 'b' }, { i: 2, t: 'c' }], meta: { at: '1' } };
    const next = structuredClone(prev);
    next.claims[2]!.t = 'c!';
    next.meta.at = '2';
    const out = reuseUnchanged(prev, next);
    expect(out).toEqual(next);
    expect(out).not.toBe(prev);
    expect(out.claims).not.toBe(prev.claims);
    expect(out.claims[0]).toBe(prev.claims[0]);
    expect(out.claims[1]).toBe(prev.claims[1]);
    expect(out.claims[2]).toBe(next.claims[2]);
    expect(out.meta).toBe(next.meta);
    // Neither input is modified.
    expect(next.claims[0]).not.toBe(prev.claims[0]);
    expect(prev.claims[2]!.t).toBe('c');
  });

  it('tells apart what deep equality would', () => {
    const prev = { a: [1, 2], b: { c: 1 }, d: { x: undefined } };
    expect(reuseUnchanged(prev, { a: [1, 2, 3], b: { c: 1 }, d: { x: undefined } }).a).toEqual([1, 2, 3]);
    expect(reuseUnchanged(prev, { a: [1], b: { c: 1 }, d: { x: undefined } }).a).toEqual([1]);
    expect(reuseUnchanged(prev, { a: [1, 2], b: { c: 1, e: 2 }, d: { x: undefined } }).b).toEqual({ c: 1, e: 2 });
    expect(reuseUnchanged(prev, { a: [1, 2], b: {}, d: { x: undefined } }).b).toEqual({});
    expect(reuseUnchanged(prev, { a: [1, 2], b: { c: 1 }, d: {} }).d).toEqual({});
    expect(reuseUnchanged({ a: {} }, { a: [] }).a).toEqual([]);
    expect(reuseUnchanged({ a: [] }, { a: {} }).a).toEqual({});
    expect(reuseUnchanged({ a: 0 }, { a: -0 }).a).toBe(-0);
    expect(reuseUnchanged(null, { a: 1 })).toEqual({ a: 1 });
  });

  it('always gives a value deep-equal to the new one, sharing only equal parts', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(0, 1, 'a', 'b', null, true),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('value'), { maxKeys: 3, noNullPrototype: true }),
      ),
    })).value;
    fc.assert(
      fc.property(json, json, (prev, next) => {
        const before = structuredClone(prev);
        const out = reuseUnchanged(prev, next);
        expect(out).toStrictEqual(next);
        expect(prev).toStrictEqual(before);
        if (out === prev) expect(prev).toStrictEqual(next);
      }),
      { numRuns: 500 },
    );
  });
});
