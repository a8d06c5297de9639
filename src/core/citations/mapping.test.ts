import { describe, expect, it } from 'vitest';
import { findMarkers } from '../markers/markers';
import { createResolver, mappingKey, resolveMapping } from './mapping';
import { render } from '../report/messages';
import type { Chunk, StructuredInput } from '../types';

const chunks = (...ids: string[]): Chunk[] => ids.map((id) => ({ id, text: `text of ${id}` }));
const map = (answer: string, cs: Chunk[], structured?: StructuredInput) => {
  const scan = findMarkers(answer, { chunkIds: cs.map((c) => c.id) });
  return createResolver(scan.markers, cs, { footnoteDefinitions: scan.footnoteDefinitions, ...(structured ? { structured } : {}) });
};
const entries = (m: { mapping: { entries: { ref: string; chunk_id: string | null }[] } }) =>
  Object.fromEntries(m.mapping.entries.map((e) => [e.ref, e.chunk_id]));

describe('numeric references', () => {
  it('maps [n] to the chunk with id n when chunk ids are numbers', () => {
    const r = map('A [1]. B [3].', chunks('1', '2', '3'));
    expect(r.mapping.kind).toBe('id');
    expect(entries(r)).toEqual({ '1': '1', '3': '3' });
    expect(r.mapping.description).toMatch(/id is n/);
  });

  it('keeps numeric ids even when the chunks are not in order and leaves missing ids unresolved (HAGRID)', () => {
    const r = map('A [1]. B [2]. C [4].', chunks('2', '4', '5', '3'));
    expect(r.mapping.kind).toBe('id');
    expect(entries(r)).toEqual({ '1': null, '2': '2', '4': '4' });
    expect(r.mapping.description).toMatch(/Not found among the chunks: \[1\]/);
  });

  it('maps [n] to the n-th chunk (1-based) when chunk ids are not numbers', () => {
    const r = map('A [1]. B [2].', chunks('alpha', 'beta'));
    expect(r.mapping.kind).toBe('index1');
    expect(entries(r)).toEqual({ '1': 'alpha', '2': 'beta' });
    expect(r.mapping.description).toMatch(/n-th chunk, counting from 1/);
  });

  it('switches to 0-based positions when the answer cites [0]', () => {
    const r = map('A [0]. B [1].', chunks('alpha', 'beta'));
    expect(r.mapping.kind).toBe('index0');
    expect(entries(r)).toEqual({ '0': 'alpha', '1': 'beta' });
    expect(r.mapping.description).toMatch(/counting from 0/);
  });

  it('reads 1…n as positions when chunk ids run 0…n-1 and [n] is cited', () => {
    const r = map('A [1]. B [3].', chunks('0', '1', '2'));
    expect(r.mapping.kind).toBe('index1');
    expect(entries(r)).toEqual({ '1': '0', '3': '2' });
    expect(r.mapping.description).toMatch(/run 0–2/);
  });

  it('keeps 0-based numeric ids as ids when every ref exists (LongCite)', () => {
    const r = map('<statement>A<cite>[6-7]</cite></statement>', chunks('0', '1', '2', '3', '4', '5', '6', '7'));
    expect(entries(r)).toEqual({ '6': '6', '7': '7' });
  });

  it('resolves hallucinated numbers to null', () => {
    expect(entries(map('A [9].', chunks('1', '2')))).toEqual({ '9': null });
    expect(entries(map('A [9].', chunks('a', 'b')))).toEqual({ '9': null });
  });

  it('matches zero-padded numeric ids', () => {
    expect(entries(map('A [1].', chunks('01', '02')))).toEqual({ '1': '01' });
  });
});

describe('named references', () => {
  it('resolves \\cite ids with spaces and slashes exactly', () => {
    const r = map('Text \\cite{379/2016 Sb._L3_1094}.', chunks('379/2016 Sb._L3_1094', 'x'));
    expect(r.mapping.kind).toBe('id');
    expect(entries(r)).toEqual({ '379/2016 Sb._L3_1094': '379/2016 Sb._L3_1094' });
  });

  it('uses forgiving matching (case, spaces) and says so', () => {
    const r = map('A \\cite{ Doc-A }. B \\cite{DOC-B}.', chunks('doc-a', 'doc-b'));
    expect(entries(r)).toEqual({ 'Doc-A': 'doc-a', 'DOC-B': 'doc-b' });
    expect(r.mapping.description).toMatch(/ignoring letter case and spaces/);
  });

  it('uses separator-insensitive matching only when unique', () => {
    expect(entries(map('A \\cite{chunk 7}.', chunks('chunk_7', 'chunk_8')))).toEqual({ 'chunk 7': 'chunk_7' });
    expect(entries(map('A \\cite{ab}.', chunks('a-b', 'a_b')))).toEqual({ ab: null });
  });

  it('reads [docN] as positions when no chunk has such ids (Azure On Your Data)', () => {
    const r = map('A [doc1]. B [doc3].', chunks('x0', 'x1', 'x2'));
    expect(entries(r)).toEqual({ doc1: 'x0', doc3: 'x2' });
    expect(r.mapping.kind).toBe('index1');
    expect(r.mapping.description).toMatch(/read as a position/);
  });

  it('reads the number of [chunk_7] as an id when chunk ids are numbers, hallucinated ones unresolved', () => {
    const r = map('A [chunk_3]. B [chunk_7]. C [chunk_12].', chunks('3', '7', '9'));
    expect(entries(r)).toEqual({ chunk_3: '3', chunk_7: '7', chunk_12: null });
    expect(r.mapping.description).toMatch(/id is n/);
  });

  it('reads "[Source: 1]" and "[Sources: 2, 3]" like [Source 1]: positions, or chunk ids of that name', () => {
    expect(entries(map('A [Source: 1]. B [Sources: 2, 3].', chunks('a', 'b', 'c')))).toEqual({ 'Source: 1': 'a', 'Source 2': 'b', 'Source 3': 'c' });
    expect(entries(map('A [Source: 1]. B [Sources 2-3].', chunks('source-3', 'source-2', 'source-1')))).toEqual({ 'Source: 1': 'source-1', 'Source 2': 'source-2', 'Source 3': 'source-3' });
  });

  it('does not guess positions when some [docN] match chunk ids: the others are unresolved', () => {
    expect(entries(map('A [doc1]. B [doc9].', chunks('doc1', 'doc2')))).toEqual({ doc1: 'doc1', doc9: null });
  });

  it('falls back to titles and URLs', () => {
    const cs: Chunk[] = [
      { id: 'a', text: 't', title: 'Cherrapunji' },
      { id: 'b', text: 't', url: 'https://example.com/b' },
    ];
    const r = createResolver(findMarkers('X \\cite{cherrapunji} Y \\cite{https://example.com/b}').markers, cs);
    expect(entries(r)).toEqual({ cherrapunji: 'a', 'https://example.com/b': 'b' });
    expect(r.mapping.description).toMatch(/title/);
  });
});

describe('footnotes and reference lines', () => {
  it('resolves [^1] through its definition line', () => {
    const r = map('> Insulin was first isolated in 1921. [^1]\n\n[^1]: doc-a', chunks('doc-a', 'doc-b'));
    expect(r.mapping.kind).toBe('footnote');
    expect(entries(r)).toEqual({ '^1': 'doc-a' });
    expect(r.resolveRef('1', 'footnote')).toBe('doc-a');
  });

  it('resolves definition targets given as numbers, titles, URLs or decorated ids', () => {
    const cs: Chunk[] = [
      { id: 'k1', text: 't', title: 'Medical Milestones' },
      { id: 'k2', text: 't', url: 'https://x.org/2' },
      { id: 'k3', text: 't' },
    ];
    const a = 'A [^a]. B [^b]. C [^c]. D [^d].\n\n[^a]: Medical Milestones\n[^b]: https://x.org/2\n[^c]: 3\n[^d]: `k1`, page 4';
    const r = map(a, cs);
    expect(entries(r)).toEqual({ '^a': 'k1', '^b': 'k2', '^c': 'k3', '^d': 'k1' });
  });

  it('resolves definition targets written as a label and a number ("Source 2", "Document 3, page 4")', () => {
    const r = map('A.[^1] B.[^2] C.[^3]\n\n[^1]: Source 2\n[^2]: Document 3, page 4\n[^3]: Source 9', chunks('a', 'b', 'c'));
    expect(entries(r)).toEqual({ '^1': 'b', '^2': 'c', '^3': null });
    const named = map('A.[^1]\n\n[^1]: Source 2', chunks('source-1', 'source-2'));
    expect(entries(named)).toEqual({ '^1': 'source-2' });
  });

  it('uses the label itself when a footnote has no definition, and says so', () => {
    const r = map('A [^doc-b].', chunks('doc-a', 'doc-b'));
    expect(entries(r)).toEqual({ '^doc-b': 'doc-b' });
    expect(r.mapping.description).toMatch(/No definition line for \[\^doc-b\]/);
  });

  it('lets a [1]: reference line name the chunk', () => {
    const cs: Chunk[] = [
      { id: 'p', text: 't', url: 'https://a.example/x' },
      { id: 'q', text: 't', url: 'https://b.example/y' },
    ];
    const r = map('Claim [1]. Claim [2].\n\n[1]: https://b.example/y\n[2]: https://a.example/x', cs);
    expect(entries(r)).toEqual({ '1': 'q', '2': 'p' });
    expect(r.mapping.description).toMatch(/reference line/);
  });
});

describe('structured references', () => {
  const cs: Chunk[] = [
    { id: 'd0', text: 'zero', title: 'Order Tracking Information' },
    { id: 'd1', text: 'one', metadata: { title: 'Return Policy' } },
    { id: 'd2', text: 'two' },
  ];
  const structured = (refs: [string, 'id' | 'index0' | 'index1' | 'title'][]): StructuredInput => ({
    format: 'anthropic-blocks',
    citations: refs.map(([ref, refKind]) => ({ ref, refKind })),
  });

  it('resolves each refKind', () => {
    const r = createResolver([], cs, {
      structured: structured([
        ['0', 'index0'],
        ['3', 'index1'],
        ['d1', 'id'],
        ['Order Tracking Information', 'title'],
        ['Return Policy', 'title'],
        ['7', 'index0'],
      ]),
    });
    expect(entries(r)).toEqual({
      'index0:0': 'd0',
      'index1:3': 'd2',
      'id:d1': 'd1',
      'title:Order Tracking Information': 'd0',
      'title:Return Policy': 'd1',
      'index0:7': null,
    });
    expect(r.mapping.kind).toBe('mixed');
    expect(r.resolveRef('0', 'index0')).toBe('d0');
  });

  it('resolves structured ids against chunks the structured form carried itself', () => {
    const r = createResolver([], [], {
      structured: { format: 'cohere-spans', citations: [{ ref: 'doc:1', refKind: 'id' }], chunks: [{ id: 'doc:1', text: 'x' }] },
    });
    expect(entries(r)).toEqual({ 'id:doc:1': 'doc:1' });
  });
});

describe('reporting', () => {
  it('reports an answer without citations as kind none', () => {
    const r = resolveMapping([], chunks('1'));
    expect(r).toEqual({ kind: 'none', description: 'The answer cites nothing.', texts: [{ key: 'mapNothing', params: {} }], entries: [] });
  });

  it('says that nothing can resolve without chunks', () => {
    const r = map('A [1].', []);
    expect(entries(r)).toEqual({ '1': null });
    expect(r.mapping.description).toMatch(/no chunks/);
  });

  it('describes in Czech when asked', () => {
    const scan = findMarkers('A [1].');
    expect(resolveMapping(scan.markers, chunks('a'), { language: 'cs' }).description).toMatch(/počítáno od 1/);
  });

  it('builds collision-free keys', () => {
    expect(mappingKey('1')).toBe('1');
    expect(mappingKey('1', 'bracket_number')).toBe('1');
    expect(mappingKey('1', 'footnote')).toBe('^1');
    expect(mappingKey('1', 'index0')).toBe('index0:1');
  });
});

describe('the description', () => {
  it('is always its texts rendered in the language asked, however often a mapping recurs', () => {
    const scenarios: [string, Chunk[]][] = [
      ['A [1]. B [2].', chunks('1', '2')],
      ['A [1]. B [9].', chunks('1', '2')],
      ['A [doc1]. B [doc-a].', chunks('doc-a', 'x')],
      ['A [^1].\n\n[^1]: doc-a', chunks('doc-a')],
      ['No markers at all.', chunks('1')],
      ['A [1].', []],
    ];
    const seen = new Set<string>();
    for (let round = 0; round < 2; round++) {
      for (const language of ['en', 'cs'] as const) {
        for (const [answer, cs] of scenarios) {
          const scan = findMarkers(answer, { chunkIds: cs.map((c) => c.id) });
          const m = resolveMapping(scan.markers, cs, { footnoteDefinitions: scan.footnoteDefinitions, language });
          expect(m.description).toBe((m.texts ?? []).map((t) => render(t, language) ?? '').join(' '));
          seen.add(`${language}:${m.description}`);
        }
      }
    }
    // Near miss: the same notes in the other language are other words (the language is part of the key).
    expect(resolveMapping(findMarkers('A [1].').markers, chunks('1'), { language: 'cs' }).description).not.toBe(
      resolveMapping(findMarkers('A [1].').markers, chunks('1'), { language: 'en' }).description,
    );
    expect(seen.size).toBe(2 * scenarios.length);
  });

  it('gives each mapping texts of its own, equal to the notes they are read from', () => {
    const first = resolveMapping(findMarkers('A [doc1]. B [9].').markers, chunks('doc-1', '2'));
    const again = resolveMapping(findMarkers('A [doc1]. B [9].').markers, chunks('doc-1', '2'));
    expect(again.texts).toEqual(first.texts);
    expect(first.texts!.length).toBeGreaterThan(1);
    const asRead = JSON.stringify(again.texts);
    // Changing one report's texts (or their parameters) leaves the next one's as the notes say.
    for (const t of first.texts!) {
      t.key = 'changed';
      for (const name of Object.keys(t.params)) (t.params as Record<string, unknown>)[name] = 'changed';
    }
    const third = resolveMapping(findMarkers('A [doc1]. B [9].').markers, chunks('doc-1', '2'));
    expect(JSON.stringify(third.texts)).toBe(asRead);
    expect(JSON.stringify(again.texts)).toBe(asRead);
    expect(third.texts!.some((t) => Object.keys(t.params).length > 0)).toBe(true);
  });
});
