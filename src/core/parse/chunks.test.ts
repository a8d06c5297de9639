import { describe, expect, it } from 'vitest';
import { normalizeChunkList, parseChunks } from './chunks';

const ids = (t: string): string[] => parseChunks(t).chunks.map((c) => c.id);
const texts = (t: string): string[] => parseChunks(t).chunks.map((c) => c.text);

describe('parseChunks: JSON', () => {
  it('reads a JSON array of objects with any id and text key, keeping other fields', () => {
    const r = parseChunks(
      JSON.stringify([
        { id: 'a', text: 'alpha', title: 'A', score: 0.9 },
        { chunk_id: 7, content: 'beta' },
        { doc_id: 'c', page_content: 'gamma', page: '3' },
        { source_id: 'd', chunk: 'delta', url: 'https://x.org' },
      ]),
    );
    expect(r.format).toBe('json-array');
    expect(r.errors).toEqual([]);
    expect(r.chunks).toEqual([
      { id: 'a', text: 'alpha', title: 'A', score: 0.9 },
      { id: '7', text: 'beta' },
      { id: 'c', text: 'gamma', page: 3 },
      { id: 'd', text: 'delta', url: 'https://x.org' },
    ]);
  });

  it('reads LangChain Documents: id from metadata, title and url from metadata, metadata kept', () => {
    const r = parseChunks(
      JSON.stringify([
        { page_content: 'one', metadata: { source: 'https://a.org/x', title: 'X' } },
        { pageContent: 'two', metadata: { id: 'n2', source: 'b.pdf' } },
      ]),
    );
    expect(r.chunks.map((c) => [c.id, c.text, c.title, c.url])).toEqual([
      ['https://a.org/x', 'one', 'X', 'https://a.org/x'],
      ['n2', 'two', undefined, undefined],
    ]);
    expect(r.chunks[0]?.metadata).toEqual({ source: 'https://a.org/x', title: 'X' });
  });

  it('does not take a shared metadata.source for an id: positions instead, with a warning', () => {
    const r = parseChunks(JSON.stringify([{ page_content: 'p1', metadata: { source: 'a.pdf' } }, { page_content: 'p2', metadata: { source: 'a.pdf' } }]));
    expect(r.chunks.map((c) => c.id)).toEqual(['1', '2']);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => w.message)).toEqual(["[0]: no id; using its position '1'", "[1]: no id; using its position '2'"]);
  });

  it('gives positional ids "1".."n" to an array of strings', () => {
    const r = parseChunks('["alpha", "beta"]');
    expect(r.chunks).toEqual([
      { id: '1', text: 'alpha' },
      { id: '2', text: 'beta' },
    ]);
    expect(r.ranges).toEqual([
      { start: 1, end: 8 },
      { start: 10, end: 16 },
    ]);
  });

  it('reads an object map id → text or id → chunk object', () => {
    const r = parseChunks('{"a": "alpha", "b": {"content": "beta", "title": "B"}, "c": null}');
    expect(r.format).toBe('json-map');
    expect(r.chunks).toEqual([
      { id: 'a', text: 'alpha' },
      { id: 'b', text: 'beta', title: 'B' },
      { id: 'c', text: '' },
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual(['c: text is null; treated as empty']);
  });

  it('reads a single chunk object and a wrapper object with a chunks list', () => {
    expect(parseChunks('{"id": "x", "text": "single"}').chunks).toEqual([{ id: 'x', text: 'single' }]);
    const r = parseChunks('{"query": "q", "chunks": [{"id": 1, "text": "t"}]}');
    expect(r.chunks).toEqual([{ id: '1', text: 't' }]);
    expect(r.warnings[0]?.message).toContain("'chunks' list");
  });

  it('gives Azure On Your Data citations their [docN] ids', () => {
    const list = [
      { content: 'first', id: null, title: null, filepath: null, url: null, metadata: null, chunk_id: '0' },
      { content: 'second', id: null, title: null, filepath: null, url: null, metadata: null, chunk_id: '0' },
    ];
    const r = parseChunks(JSON.stringify(list));
    expect(r.errors).toEqual([]);
    expect(r.chunks.map((c) => [c.id, c.text])).toEqual([
      ['doc1', 'first'],
      ['doc2', 'second'],
    ]);
  });

  it('reads JSON Lines, skipping blank lines, with errors on their own line', () => {
    const text = '{"id": 1, "text": "a"}\n\n"plain string"\n{"id": 3, "text": 5}\n{"id": 4, "text": "d"';
    const r = parseChunks(text);
    expect(r.format).toBe('jsonl');
    expect(r.chunks).toEqual([
      { id: '1', text: 'a' },
      { id: '2', text: 'plain string' },
    ]);
    expect(r.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [5, 22, expect.stringContaining('Unexpected end of input: expected \',\' or \'}\' after property value (the object opened at line 5, column 1')],
      [4, 19, '[2].text: expected a string, found a number'],
    ]);
    expect(r.ranges[1]).toEqual({ start: 24, end: 38 });
  });

  it('points at problems inside the JSON: duplicate ids, wrong types, null and missing text', () => {
    const text = '[\n  {"id": "a", "text": "x"},\n  {"id": "a", "text": null},\n  {"doc_id": "b"},\n  {"id": true, "text": "t"},\n  42\n]';
    const r = parseChunks(text);
    expect(r.chunks.map((c) => c.id)).toEqual(['a', 'a', 'b']);
    expect(r.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '5:10 [3].id: expected a string or a number, found true',
      '6:3 [4]: expected a chunk object with an id and a text, or a string; found a number',
      "3:10 [1].id: duplicate chunk id 'a' (chunk 1 has it too)",
    ]);
    expect(r.warnings.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '3:23 [1].text: text is null; treated as empty',
      '4:3 [2]: no text (expected one of text, content, page_content, pageContent); treated as empty',
    ]);
  });

  it('reports broken JSON at its line and column and returns no chunks', () => {
    const r = parseChunks('[\n  {"id": "a", "text": "x"}\n  {"id": "b", "text": "y"}\n]');
    expect(r.chunks).toEqual([]);
    expect(r.format).toBe('json-array');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 3, column: 3, source: 'chunks', message: expect.stringContaining("Expected ',' or ']'") });
    const m = parseChunks('{"a": "x",\n "b": \'y\'}');
    expect(m.format).toBe('json-map');
    expect(m.errors[0]).toMatchObject({ line: 2, column: 7, message: expect.stringContaining('double quotes') });
    expect(parseChunks('{text: "js literal"}').errors[0]?.message).toContain('double quotes');
  });

  it('rejects JSON that is not chunks', () => {
    const r = parseChunks('[{"id": "a", "text": "x"}, true]');
    expect(r.chunks).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ column: 28, message: '[1]: expected a chunk object with an id and a text, or a string; found true' });
  });

  it('rejects JSON scalars and lists opening with a non-object, saying which element', () => {
    // They used to stand as one plain-text chunk "null" or "42", with no error.
    for (const t of ['null', '42', ' -1.5\n', 'true']) {
      const r = parseChunks(t);
      expect(r.chunks, t).toEqual([]);
      expect(r.errors[0]?.message, t).toMatch(/^Expected a JSON array of chunks or an object mapping ids to texts, found /);
    }
    const r = parseChunks('[null, {"id": "a", "text": "x"}]');
    expect(r.chunks.map((c) => c.id)).toEqual(['a']);
    expect(r.errors.map((e) => [e.line, e.column, e.message])).toEqual([[1, 2, '[0]: expected a chunk object with an id and a text, or a string; found null']]);
    expect(parseChunks('[1, 2]').errors.map((e) => e.message.slice(0, 3))).toEqual(['[0]', '[1]']);
    // Prose that starts like JSON but is not JSON stays text.
    expect(parseChunks('1. First chunk\n\n2. Second').format).toBe('text-blocks');
    expect(parseChunks('42 is the answer.').chunks.map((c) => c.text)).toEqual(['42 is the answer.']);
    expect(parseChunks('[1] Paris is the capital.').errors).toEqual([]);
    expect(parseChunks('"A quoted sentence."').chunks).toHaveLength(1);
  });
});

describe('parseChunks: text blocks', () => {
  it('reads "[1] Title" headers with the text on the following lines', () => {
    const r = parseChunks('[1] Title one\nText one.\n\n[2] Title two\nText two,\nsecond line.');
    expect(r.format).toBe('text-blocks');
    expect(r.chunks).toEqual([
      { id: '1', text: 'Text one.', title: 'Title one' },
      { id: '2', text: 'Text two,\nsecond line.', title: 'Title two' },
    ]);
  });

  it('takes the rest of a one-line "[n] ..." block as its text, and non-numeric ids as written', () => {
    expect(parseChunks('[1] Just text.\n[2] Another.').chunks).toEqual([
      { id: '1', text: 'Just text.' },
      { id: '2', text: 'Another.' },
    ]);
    expect(ids('[doc1] a\n\n[chunk_7] b')).toEqual(['doc1', 'chunk_7']);
  });

  it('does not split at a marker-like line inside a passage', () => {
    const r = parseChunks('[1] Title\ntext [233]\n[233] a footnote line\n[2] Next\nmore');
    expect(r.chunks.map((c) => c.id)).toEqual(['1', '2']);
    expect(r.chunks[0]?.text).toBe('text [233]\n[233] a footnote line');
  });

  it('reads ALCE "Document [n](Title: T): text" lines', () => {
    const r = parseChunks('Document [1](Title: Cherrapunji (town)): Cherrapunji is wet.\nDocument [2](Title: Mawsynram): Also wet.');
    expect(r.chunks).toEqual([
      { id: '1', text: 'Cherrapunji is wet.', title: 'Cherrapunji (town)' },
      { id: '2', text: 'Also wet.', title: 'Mawsynram' },
    ]);
  });

  it('reads "Document 1: ..." and "Source 2:" blocks, keeping bracket lines inside the text', () => {
    expect(parseChunks('Document 1: first text\nmore\n\nDocument 2: second').chunks).toEqual([
      { id: '1', text: 'first text\nmore' },
      { id: '2', text: 'second' },
    ]);
    const r = parseChunks('Source 1:\nWhat I Worked On\n\nSource 2:\n[1]\n\nThe first of my friends');
    expect(r.chunks).toEqual([
      { id: '1', text: 'What I Worked On' },
      { id: '2', text: '[1]\n\nThe first of my friends' },
    ]);
  });

  it('reads LongCite <Cn> sentence chunks exactly', () => {
    expect(parseChunks('<C0>First sentence. <C1>Second one.\n\n<C2>Third.').chunks).toEqual([
      { id: '0', text: 'First sentence. ' },
      { id: '1', text: 'Second one.\n\n' },
      { id: '2', text: 'Third.' },
    ]);
  });

  it('splits other text at blank lines with positional ids', () => {
    const text = 'para one\r\nline two\r\n\r\npara two\n\n\npara three  ';
    expect(ids(text)).toEqual(['1', '2', '3']);
    expect(texts(text)).toEqual(['para one\r\nline two', 'para two', 'para three']);
    const r = parseChunks(text);
    expect(r.ranges.map((g) => text.slice(g.start, g.end))).toEqual(texts(text));
    // JSON that is not chunks (`[1, 2]`, `42`) gets an error instead: see 'rejects JSON scalars'.
    expect(texts('[1, 2] and more')).toEqual(['[1, 2] and more']);
  });

  it('reports duplicate header ids and empty blocks at the id', () => {
    const r = parseChunks('[a] x\n\n[b]\n\n[a] y');
    expect(r.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual(["5:2 duplicate chunk id 'a' (chunk 1 has it too)"]);
    expect(r.warnings.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual(["3:2 chunk 'b' has no text"]);
  });

  it('returns format "empty" with no error for empty input', () => {
    expect(parseChunks('')).toEqual({ chunks: [], format: 'empty', errors: [], warnings: [], ranges: [] });
    expect(parseChunks('  \n\t\n').format).toBe('empty');
  });
});

describe('normalizeChunkList', () => {
  it('folds alias keys, drops null optional fields and reports paths from a base', () => {
    const r = normalizeChunkList([{ id: 1, text: 'a', title: null, url: 3, page: 'x' }], ['docs']);
    expect(r.chunks).toEqual([{ id: '1', text: 'a' }]);
    expect(r.warnings.map((w) => w.path)).toEqual([
      ['docs', 0, 'url'],
      ['docs', 0, 'page'],
    ]);
  });
});

describe('positional ids never collide with explicit ones', () => {
  it('names an id-less chunk so it cannot duplicate another chunk id', () => {
    const r = parseChunks(JSON.stringify([{ id: '', text: 'a' }, { id: '1', text: 'b' }]));
    expect(r.errors).toEqual([]);
    expect(r.chunks.map((c) => c.id)).toEqual(['chunk-1', '1']);
  });
});

describe('parseChunks: retrieval results as libraries print them', () => {
  it('opens LlamaIndex NodeWithScore wrappers: id_ and text from the node, score kept, file name as title', () => {
    const r = parseChunks(
      JSON.stringify({
        response: 'ignored',
        source_nodes: [
          { node: { id_: 'n-7f', text: 'Viaweb was founded in 1995.', metadata: { file_name: 'essay.txt' } }, score: 0.82 },
          { node: { node_id: 'n-9a', text: 'It was sold to Yahoo.' }, score: 0.41 },
        ],
      }),
    );
    expect(r.errors).toEqual([]);
    expect(r.chunks.map((c) => [c.id, c.text, c.title, c.score])).toEqual([
      ['n-7f', 'Viaweb was founded in 1995.', 'essay.txt', 0.82],
      ['n-9a', 'It was sold to Yahoo.', undefined, 0.41],
    ]);
  });

  it('reads OpenAI vector store results: content parts joined, file_id as id only when no file repeats', () => {
    const hit = (file: string, text: string[]) => ({ file_id: file, filename: `${file}.pdf`, score: 0.5, content: text.map((t) => ({ type: 'text', text: t })) });
    const unique = parseChunks(JSON.stringify({ object: 'vector_store.search_results.page', data: [hit('file-a', ['One.', 'Two.']), hit('file-b', ['Three.'])] }));
    expect(unique.errors).toEqual([]);
    expect(unique.chunks.map((c) => [c.id, c.text, c.title])).toEqual([
      ['file-a', 'One.\nTwo.', 'file-a.pdf'],
      ['file-b', 'Three.', 'file-b.pdf'],
    ]);
    const repeated = parseChunks(JSON.stringify({ data: [hit('file-a', ['One.']), hit('file-a', ['Two.']), hit('file-b', ['Three.'])] }));
    expect(repeated.errors).toEqual([]);
    expect(repeated.chunks.map((c) => c.id)).toEqual(['1', '2', '3']);
  });

  it("reads LangChain's serialised Documents (lc constructor with kwargs)", () => {
    const doc = (text: string, source: string) => ({ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'document', 'Document'], kwargs: { page_content: text, metadata: { source }, type: 'Document' } });
    const r = parseChunks(JSON.stringify([doc('Alpha.', 'a.txt'), doc('Beta.', 'b.txt')]));
    expect(r.errors).toEqual([]);
    expect(r.chunks.map((c) => [c.id, c.text])).toEqual([
      ['a.txt', 'Alpha.'],
      ['b.txt', 'Beta.'],
    ]);
  });

  it('reads Pinecone matches (text in metadata), Chroma columns and (document, score) pairs', () => {
    const pine = parseChunks(JSON.stringify({ matches: [{ id: 'vec-1', score: 0.9, metadata: { text: 'Alpha.', source: 'a.pdf' } }], namespace: '' }));
    expect(pine.chunks.map((c) => [c.id, c.text])).toEqual([['vec-1', 'Alpha.']]);
    const chroma = parseChunks(JSON.stringify({ ids: [['d1', 'd2']], documents: [['Alpha.', 'Beta.']], metadatas: [[{ source: 'a' }, null]], distances: [[0.1, 0.2]] }));
    expect(chroma.errors).toEqual([]);
    expect(chroma.chunks).toEqual([
      { id: 'd1', text: 'Alpha.', metadata: { source: 'a' }, distance: 0.1 },
      { id: 'd2', text: 'Beta.', distance: 0.2 },
    ]);
    const chromaText = JSON.stringify({ ids: [['d1', 'd2']], documents: [['Alpha.', 'Beta.']] });
    const beta = parseChunks(chromaText).ranges[1]!;
    expect(chromaText.slice(beta.start, beta.end)).toBe('"Beta."');
    const pairs = parseChunks(JSON.stringify([[{ page_content: 'Alpha.', metadata: { source: 'a' } }, 0.9], [{ page_content: 'Beta.', metadata: { source: 'b' } }, 0.8]]));
    expect(pairs.errors).toEqual([]);
    expect(pairs.chunks.map((c) => [c.id, c.text, c.score])).toEqual([
      ['a', 'Alpha.', 0.9],
      ['b', 'Beta.', 0.8],
    ]);
  });
});

describe('parseChunks: text blocks as prompts render them', () => {
  it('takes the rest of a "Document [n] Title" line and a "Source n (file, page):" parenthesis as the title', () => {
    const a = parseChunks('Document [1] Eiffel Tower\nThe tower is 330 m tall.\n\nDocument [2] Paris\nIt opened in 1889.');
    expect(a.chunks).toEqual([
      { id: '1', text: 'The tower is 330 m tall.', title: 'Eiffel Tower' },
      { id: '2', text: 'It opened in 1889.', title: 'Paris' },
    ]);
    const b = parseChunks('Source 1 (report.pdf, page 3):\nThe tower is 330 m tall.\n\nSource 2 (report.pdf, page 4):\nIt opened in 1889.');
    expect(b.chunks.map((c) => [c.id, c.title, c.text])).toEqual([
      ['1', 'report.pdf, page 3', 'The tower is 330 m tall.'],
      ['2', 'report.pdf, page 4', 'It opened in 1889.'],
    ]);
  });

  it('treats --- lines as separators, never as text', () => {
    expect(texts('Context 1: The tower is 330 m tall.\n---\nContext 2: It opened in 1889.\n---')).toEqual(['The tower is 330 m tall.', 'It opened in 1889.']);
    expect(texts('First passage.\n\n---\n\nSecond passage.')).toEqual(['First passage.', 'Second passage.']);
  });

  it('reads documents wrapped in XML-like tags, with source as title and entities decoded', () => {
    const text =
      '<documents>\n<document index="1">\n<source>eiffel.txt</source>\n<document_content>The tower is 330 m tall &amp; made of iron.</document_content>\n</document>\n' +
      '<document index="2">\n<source>paris.txt</source>\n<document_content>\nIt opened in 1889.\n</document_content>\n</document>\n</documents>';
    const r = parseChunks(text);
    expect(r.errors).toEqual([]);
    expect(r.chunks).toEqual([
      { id: '1', text: 'The tower is 330 m tall & made of iron.', title: 'eiffel.txt' },
      { id: '2', text: 'It opened in 1889.', title: 'paris.txt' },
    ]);
    expect(text.slice(r.ranges[1]!.start, r.ranges[1]!.end)).toMatch(/^<document index="2">[\s\S]*<\/document>$/);
    expect(ids('<doc id="a">Alpha.</doc>\n<doc id="b">Beta.</doc>')).toEqual(['a', 'b']);
  });
});

describe('parseChunks: Cohere documents and other wrappers', () => {
  it('opens {chunk: {...}, score} and {passage: {...}, score} wrappers, keeps a string chunk as text', () => {
    const r = parseChunks(JSON.stringify([{ chunk: { id: 'c1', text: 'Alpha.' }, score: 0.5 }, { passage: { id: 'p2', text: 'Beta.', title: 'B' }, score: 0.4 }, { id: 'x', chunk: 'Gamma.' }]));
    expect(r.errors).toEqual([]);
    expect(r.chunks.map((c) => [c.id, c.text, c.title])).toEqual([
      ['c1', 'Alpha.', undefined],
      ['p2', 'Beta.', 'B'],
      ['x', 'Gamma.', undefined],
    ]);
  });

  it('opens {id, data: {title, snippet}} documents', () => {
    const r = parseChunks(JSON.stringify([{ id: 'doc:0', data: { title: 'SpaceX', snippet: 'Falcon 9 landed in 2015.' } }]));
    expect(r.errors).toEqual([]);
    expect(r.chunks).toEqual([{ id: 'doc:0', text: 'Falcon 9 landed in 2015.', title: 'SpaceX' }]);
  });
});
