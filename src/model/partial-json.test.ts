import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { completedArrayItems, parseJsonReply } from './partial-json';

const doc = {
  claims: [
    { claim_index: 0, judgements: [{ chunk_id: 'a}]', verdict: 'x' }], note: 'quote \\" and ] and }' },
    { claim_index: 1, judgements: [] },
    { claim_index: 2, judgements: [{ chunk_id: '{[', verdict: 'y' }] },
  ],
  uncited: [{ claim_index: 9 }],
  summary: 'done',
};

describe('completedArrayItems', () => {
  test('returns only the closed elements at every cut point', () => {
    const text = JSON.stringify(doc, null, 2);
    let last = 0;
    for (let i = 0; i <= text.length; i++) {
      const items = completedArrayItems(text.slice(0, i), 'claims');
      expect(items).toEqual(doc.claims.slice(0, items.length));
      expect(items.length).toBeGreaterThanOrEqual(last);
      last = items.length;
    }
    expect(last).toBe(3);
  });

  test('reads the right key only at the top level', () => {
    const text = JSON.stringify({ other: { claims: [{ a: 1 }] }, claims: [{ b: 2 }] });
    expect(completedArrayItems(text, 'claims')).toEqual([{ b: 2 }]);
    expect(completedArrayItems(JSON.stringify({ claims: null }), 'claims')).toEqual([]);
    expect(completedArrayItems('', 'claims')).toEqual([]);
  });

  test('every prefix of any object gives a prefix of its items', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 5 }), fc.nat(), (items, cut) => {
        const text = JSON.stringify({ head: 'x', claims: items, tail: [1] });
        const got = completedArrayItems(text.slice(0, cut % (text.length + 1)), 'claims');
        expect(got).toEqual(JSON.parse(JSON.stringify(items)).slice(0, got.length));
      }),
    );
  });
});

describe('parseJsonReply', () => {
  test('bare JSON and fenced JSON', () => {
    expect(parseJsonReply('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonReply('```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonReply('Here you go: {"a":1}').ok).toBe(false);
  });
});
