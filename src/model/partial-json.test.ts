import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { balancedEnd, completedArrayItems, jsonObjectsIn, parseJsonReply } from './partial-json';

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

describe('jsonObjectsIn', () => {
  const all = (t: string) => [...jsonObjectsIn(t)];

  test('bare JSON, a fence with or without a language, JSON between sentences', () => {
    expect(all('{"a":1}')).toEqual([{ a: 1 }]);
    expect(all('Here it is:\n```json\n{"a":1}\n```\nAnything else?')).toEqual([{ a: 1 }, { a: 1 }]);
    expect(all('Result:\n```\n{"a":1}\n```')[0]).toEqual({ a: 1 });
    expect(all('Result:\r\n```JSON\r\n{"a":1}\r\n```')[0]).toEqual({ a: 1 });
    expect(all('{"a":1}\n\nNote: {this} was hard.')).toEqual([{ a: 1 }]);
    expect(all('\uFEFF  {"a":1}  ')).toEqual([{ a: 1 }]);
  });

  test('braces and quotes in prose before the JSON do not get in the way', () => {
    expect(all('I compared each {claim, chunk} pair, as you said "carefully". {"a":{"b":[1,2]}} done')).toEqual([{ a: { b: [1, 2] } }]);
    expect(all('An open { brace and then {"a":1}')).toEqual([{ a: 1 }]);
  });

  test('brackets, quotes and escapes inside strings do not end the object', () => {
    const value = { s: 'a } b ] c { d [ e', q: 'say \\"hi\\" \\\\', nested: [{ t: '}' }] };
    const text = `Sure. ${JSON.stringify(value)} Hope that helps {ok}.`;
    expect(all(text)).toEqual([value]);
  });

  test('an object nested in one already found is not listed again; later objects are', () => {
    expect(all('x {"a":{"b":1}} y {"c":2}')).toEqual([{ a: { b: 1 } }, { c: 2 }]);
  });

  test('no object: prose, an array, a cut object, a mismatched bracket', () => {
    expect(all('All three claims are supported.')).toEqual([]);
    expect(all('[1, 2]')).toEqual([]);
    expect(all('{"claims": [ {"x": 1')).toEqual([]);
    // A cut reply gives only the inner objects that closed (validation sees they are not an output).
    expect(all('{"claims": [{"x":1}, {"y"')).toEqual([{ x: 1 }]);
    expect(all('{"a": [1}')).toEqual([]);
  });

  test('balancedEnd finds the matching brace or -1', () => {
    expect(balancedEnd('ab{"x":"}"}cd', 2)).toBe(10);
    expect(balancedEnd('{"x":[}', 0)).toBe(-1);
    expect(balancedEnd('{"x":"\\"}', 0)).toBe(-1);
  });

  test('any object embedded in prose without braces is found, whole', () => {
    const prose = fc.string().map((s) => s.replace(/[{}`]/g, ''));
    fc.assert(
      fc.property(prose, fc.dictionary(fc.string(), fc.jsonValue()), prose, fc.boolean(), (before, value, after, fenced) => {
        const json = JSON.stringify(value);
        const text = fenced ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before} ${json} ${after}`;
        expect(all(text)[0]).toEqual(JSON.parse(json));
      }),
    );
  });
});
