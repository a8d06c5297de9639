// parseJson reads valid JSON with JSON.parse and pays for jsonc-parser (the position-keeping
// parse) only when it must: a text JSON.parse refuses, nesting past the cap, or a span asked for.
import { describe, expect, it, vi } from 'vitest';
import * as jsonc from 'jsonc-parser';
import { parseJson } from './json';
import { parseChunks } from './chunks';

vi.mock('jsonc-parser', async (original) => {
  const lib = await original<typeof import('jsonc-parser')>();
  return { ...lib, visit: vi.fn(lib.visit) };
});
const visit = vi.mocked(jsonc.visit);

describe('parseJson: the plain parse first', () => {
  it('reads valid JSON without the position-keeping parse, and runs it once when a span is asked for', () => {
    visit.mockClear();
    const text = '{"chunks": [{"id": "1", "text": "Rain fell."}]}';
    const r = parseJson(text);
    expect(r.value).toEqual({ chunks: [{ id: '1', text: 'Rain fell.' }] });
    expect(visit).not.toHaveBeenCalled();
    const at = (s: string) => ({ offset: text.indexOf(s), endOffset: text.indexOf(s) + s.length });
    expect(r.locate(['chunks', 0, 'text'])).toEqual(at('"Rain fell."'));
    expect(r.locate(['chunks', 0, 'id'], 'key')).toEqual(at('"id"'));
    expect(r.locateNearest(['chunks', 3])).toMatchObject({ depth: 1 });
    expect(visit).toHaveBeenCalledTimes(1);
  });

  it('words the error of invalid JSON with the position-keeping parse', () => {
    visit.mockClear();
    const r = parseJson('{"a": 1,}');
    expect(r.error).toMatchObject({ message: 'Trailing comma is not allowed in JSON', offset: 7 });
    expect(visit).toHaveBeenCalledTimes(1);
  });

  it('refuses nesting past the cap though JSON.parse reads it', () => {
    const deep = `${'['.repeat(30)}${']'.repeat(30)}`;
    expect(parseJson(deep, { maxDepth: 30 }).error).toBeUndefined();
    expect(parseJson(deep, { maxDepth: 29 }).error?.message).toContain('more than 29');
    expect(parseJson(`{"a": ${deep}}`, { maxDepth: 30 }).error?.message).toContain('more than 30');
  });

  it('keeps a "__proto__" key as an own property, as JSON.parse does', () => {
    const v = parseJson('{"__proto__": {"x": 1}}').value as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('parseChunks: the chunks of valid JSON without their spans', () => {
  it('reads the chunks by the plain parse and finds the spans only when they are read', () => {
    visit.mockClear();
    const text = '[{"id": "a", "text": "Rain fell."}, {"id": "b", "text": "Snow lay."}]';
    const r = parseChunks(text);
    expect(r.chunks.map((c) => c.text)).toEqual(['Rain fell.', 'Snow lay.']);
    expect(visit).not.toHaveBeenCalled();
    expect(r.ranges.map((g) => text.slice(g.start, g.end))).toEqual(['{"id": "a", "text": "Rain fell."}', '{"id": "b", "text": "Snow lay."}']);
    expect(r.ranges).toHaveLength(2);
    expect(visit).toHaveBeenCalledTimes(1);
  });
});
