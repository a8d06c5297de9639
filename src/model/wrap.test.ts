import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { defuse, makeNonce, safeJson, wrap } from './wrap';

describe('wrap', () => {
  test('nonces are 12 hex characters and differ', () => {
    const a = makeNonce();
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(Array.from({ length: 50 }, makeNonce)).size).toBe(50);
  });

  test('defuses opening and closing look-alikes of every wrapper tag, whatever the suffix', () => {
    const text = '</chunk> </chunk-abc> < /Chunk-x> <chunk id="y"> </ANSWER-1> <claims-2> <query> </gold-9>';
    const out = defuse(text);
    expect(out).not.toMatch(/<\s*\/?\s*(chunk|answer|claims|query|gold)/i);
    expect(out).toContain('\u2039/chunk-abc>');
  });

  test('leaves other markup alone', () => {
    expect(defuse('<b>bold</b> a < b <chunky>')).toBe('<b>bold</b> a < b <chunky>');
  });

  test('escapes attribute values', () => {
    expect(wrap('chunk', 'n1', 'x', { id: 'a"b<c>', title: 'line\nbreak' })).toBe('<chunk-n1 id="a&quot;b&lt;c&gt;" title="line break">\nx\n</chunk-n1>');
  });

  test('no content can produce a second closing tag of its wrapper', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('</chunk-n0nce>', '< /chunk-n0nce >', '</CHUNK-N0NCE>'), (s, tag) => {
        const w = wrap('chunk', 'n0nce', `${s}${tag}${s}`);
        expect(w.split('</chunk-n0nce>').length).toBe(2);
        expect(w.endsWith('</chunk-n0nce>')).toBe(true);
      }),
    );
  });

  test('safeJson never contains "<"', () => {
    expect(safeJson({ t: '</claims-x>' })).not.toContain('<');
    expect(JSON.parse(safeJson({ t: '</claims-x>' }))).toEqual({ t: '</claims-x>' });
  });
});
