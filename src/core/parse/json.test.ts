import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJson, type JsonPath } from './json';
import { lineIndexOf } from '../text/positions';

/** Line:column of a parse error, as the editor would show it. */
function errorAt(text: string): { message: string; line: number; column: number; offset: number; endOffset: number } {
  const r = parseJson(text);
  if (!r.error) throw new Error(`expected a syntax error for ${JSON.stringify(text)}`);
  return { ...r.error, ...lineIndexOf(text).position(r.error.offset) };
}

describe('parseJson: values', () => {
  it('parses what JSON.parse parses, to the same value', () => {
    const text = '{"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n\\"\\\\\\/"], "b": {}, "c": [], "d": 0}';
    expect(parseJson(text).value).toEqual(JSON.parse(text));
  });

  it('skips a UTF-8 byte order mark and keeps offsets in the original text', () => {
    const text = '\uFEFF{"a": 1}';
    const r = parseJson(text);
    expect(r.value).toEqual({ a: 1 });
    expect(r.locate(['a'])).toEqual({ offset: 7, endOffset: 8 });
  });

  it('keeps "__proto__" as an own property, never as the prototype', () => {
    const v = parseJson('{"__proto__": {"polluted": true}, "a": 1}').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('takes the last of duplicate keys, as JSON.parse does, and locates it', () => {
    const r = parseJson('{"a": 1, "a": 2}');
    expect(r.value).toEqual({ a: 2 });
    expect(r.locate(['a'])).toEqual({ offset: 14, endOffset: 15 });
  });
});

describe('parseJson: locate', () => {
  const text = '{\n  "chunks": [\n    {"id": "a", "text": "x"},\n    {"id": 2, "text": null}\n  ],\n  "odd key": true\n}';
  const r = parseJson(text);

  it('gives the span of the value at a path', () => {
    const s = r.locate(['chunks', 1, 'text']);
    expect(s && text.slice(s.offset, s.endOffset)).toBe('null');
    const t = r.locate(['chunks', '0']);
    expect(t && text.slice(t.offset, t.endOffset)).toBe('{"id": "a", "text": "x"}');
    const u = r.locate(['odd key']);
    expect(u && text.slice(u.offset, u.endOffset)).toBe('true');
    expect(r.locate([])).toEqual({ offset: 0, endOffset: text.length });
  });

  it('gives the span of the key with target "key"', () => {
    const s = r.locate(['chunks', 1, 'id'], 'key');
    expect(s && text.slice(s.offset, s.endOffset)).toBe('"id"');
    expect(s && lineIndexOf(text).position(s.offset)).toEqual({ line: 4, column: 6 });
  });

  it('returns undefined for missing paths and the deepest existing value with locateNearest', () => {
    expect(r.locate(['chunks', 5])).toBeUndefined();
    expect(r.locate(['chunks', 0, 'title'])).toBeUndefined();
    expect(r.locate(['chunks', 'x'])).toBeUndefined();
    expect(r.locate(['odd key', 0])).toBeUndefined();
    const near = r.locateNearest(['chunks', 0, 'title']);
    expect(near?.depth).toBe(2);
    expect(near && text.slice(near.offset, near.endOffset)).toBe('{"id": "a", "text": "x"}');
  });

  it('locates every value of arbitrary JSON exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const r = parseJson(text);
        expect(r.error).toBeUndefined();
        const walk = (v: unknown, path: JsonPath): void => {
          const s = r.locate(path);
          expect(s).toBeDefined();
          if (!s) return;
          expect(JSON.parse(text.slice(s.offset, s.endOffset))).toEqual(v);
          if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
          else if (v !== null && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) {
              walk(x, [...path, k]);
              const key = r.locate([...path, k], 'key');
              expect(key && JSON.parse(text.slice(key.offset, key.endOffset))).toBe(k);
            }
          }
        };
        walk(JSON.parse(text), []);
      }),
      { numRuns: 200 },
    );
  });
});

describe('parseJson: errors at the right place', () => {
  it('names the missing comma after a property value', () => {
    const text = '{\n  "query": "q"\n  "answer": "a"\n}';
    expect(errorAt(text)).toMatchObject({ message: expect.stringContaining("Expected ',' or '}' after property value"), line: 3, column: 3 });
  });

  it('names the missing comma after an array element', () => {
    expect(errorAt('[1, 2 3]')).toMatchObject({ message: expect.stringContaining("Expected ',' or ']' after array element"), line: 1, column: 7 });
  });

  it('reports an unterminated string at its opening quote', () => {
    expect(errorAt('{"a": "abc')).toMatchObject({ message: expect.stringContaining('Unterminated string'), line: 1, column: 7, endOffset: 10 });
    expect(errorAt('{"a": "ab\ncd"}')).toMatchObject({ message: expect.stringContaining('line break'), line: 1, column: 7 });
  });

  it('reports the end of input and which container is open', () => {
    const e = errorAt('{\n  "a": [1, 2\n');
    expect(e.message).toContain('Unexpected end of input');
    expect(e.message).toContain('array opened at line 2, column 8');
    expect(e).toMatchObject({ line: 3, column: 1 });
    expect(errorAt('')).toMatchObject({ message: 'Unexpected end of input: expected a JSON value', line: 1, column: 1 });
  });

  it('rejects trailing commas at the comma', () => {
    expect(errorAt('{"a": 1,\n}')).toMatchObject({ message: 'Trailing comma is not allowed in JSON', line: 1, column: 8 });
    expect(errorAt('[1, 2, ]')).toMatchObject({ message: 'Trailing comma is not allowed in JSON', line: 1, column: 6 });
  });

  it('rejects comments where they start', () => {
    expect(errorAt('{\n  // the answer\n  "a": 1\n}')).toMatchObject({ message: 'Comments are not allowed in JSON', line: 2, column: 3 });
    expect(errorAt('[1 /* one */]')).toMatchObject({ message: 'Comments are not allowed in JSON', line: 1, column: 4, endOffset: 12 });
    expect(errorAt('{"a": 1} // done')).toMatchObject({ message: 'Comments are not allowed in JSON', column: 10 });
  });

  it('rejects content after the value', () => {
    expect(errorAt('{"a": 1} x')).toMatchObject({ message: 'Unexpected content after the JSON value', column: 10 });
    expect(errorAt('{"a": 1}\n{"a": 2}').message).toContain('JSON Lines');
  });

  it('explains single quotes, bare keys, Python and JavaScript literals', () => {
    expect(errorAt("{'a': 1}").message).toContain('double quotes');
    expect(errorAt('{a: 1}')).toMatchObject({ message: "Property names must be in double quotes: 'a'", column: 2 });
    expect(errorAt('[True]').message).toContain("use 'true'");
    expect(errorAt('{"a": None}').message).toContain("use 'null'");
    expect(errorAt('[NaN]').message).toContain('NaN');
    expect(errorAt('[-Infinity]').message).toContain('Infinity');
    expect(errorAt('[undefined]').message).toContain("use 'null'");
    expect(errorAt('{"a" 1}')).toMatchObject({ message: "Expected ':' after property name", column: 6 });
  });

  it('rejects malformed numbers, escapes and control characters', () => {
    expect(errorAt('[01]').message).toContain('leading zeros');
    expect(errorAt('[1.]').message).toContain('decimal point');
    expect(errorAt('[1e+]').message).toContain('exponent');
    expect(errorAt('[-]').message).toContain("after '-'");
    expect(errorAt('["a\\x"]')).toMatchObject({ message: "Invalid escape '\\x' in string", column: 4 });
    expect(errorAt('["\\u12G4"]').message).toContain('4 hex digits');
    expect(errorAt('["a\tb"]')).toMatchObject({ message: expect.stringContaining('must be escaped'), column: 4 });
    expect(errorAt('[\u00a0]').message).toContain('U+00A0');
  });

  // jsonc-parser names a token and a code; these are the places where that alone would say
  // something else than what was wrong, so the wrapper words them from the text and the parse state.
  it('words what jsonc-parser reports only as a token or a code', () => {
    // The whole string token is reported: the wrapper points at the escape inside it.
    expect(errorAt('["a\\u00e9\\q"]')).toMatchObject({ message: "Invalid escape '\\q' in string", offset: 9, endOffset: 11 });
    // "0" then "1" reads as a missing comma to the library; it is a leading zero.
    expect(errorAt('[-01]')).toMatchObject({ message: 'Invalid number: leading zeros are not allowed', offset: 1, endOffset: 4 });
    // A broken token where none may stand is first of all in the wrong place.
    expect(errorAt('[1 "a\\x"]')).toMatchObject({ message: "Expected ',' or ']' after array element (is a comma missing?)", offset: 3 });
    expect(errorAt('{1.: 2}')).toMatchObject({ message: "Unexpected character '1': expected a property name in double quotes", offset: 1 });
    // "true-" is one unknown token to the library; true is fine, the '-' is not.
    expect(errorAt('[true-]')).toMatchObject({ message: "Expected ',' or ']' after array element", offset: 5 });
    // The library closes the array before it says ']' is missing: the note still names the array.
    expect(errorAt('{"a": [1').message).toBe("Unexpected end of input: expected ',' or ']' after array element (the array opened at line 1, column 7 is not closed)");
  });

  it('caps nesting with an error instead of exhausting the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const e = errorAt(deep);
    expect(e.message).toContain('too deep');
    expect(e.offset).toBe(MAX_JSON_DEPTH);
    const ok = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJson(ok).error).toBeUndefined();
    expect(parseJson('{"a":'.repeat(100) + '1' + '}'.repeat(100), { maxDepth: 50 }).error?.message).toContain('more than 50');
  });
});

describe('parseJson: properties', () => {
  it('accepts exactly what JSON.parse accepts, with the same value', () => {
    const jsonish = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', '\n', '1', '-', '.', 'e', 'a', 't', 'r', 'u', '\\', 'n', 'l', '0', '/') , maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), jsonish, fc.json()), (text) => {
        let expected: { ok: true; value: unknown } | { ok: false };
        try {
          expected = { ok: true, value: JSON.parse(text) };
        } catch {
          expected = { ok: false };
        }
        const r = parseJson(text);
        if (expected.ok) {
          expect(r.error).toBeUndefined();
          expect(r.value).toEqual(expected.value);
        } else {
          expect(r.error).toBeDefined();
          const e = r.error;
          if (!e) return;
          expect(e.offset).toBeGreaterThanOrEqual(0);
          expect(e.endOffset).toBeGreaterThanOrEqual(e.offset);
          expect(e.endOffset).toBeLessThanOrEqual(text.length);
          expect(e.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(() => parseJson(text)).not.toThrow();
      }),
    );
  });
});
