import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaseSchema, type AuditCase } from '../types';
import { parseCaseText, parseDataset, prepareCase, restoreCase, restoreCaseDetailed } from './case';
import { normalizeChunkList } from './chunks';

const good = { id: 'c1', query: 'Q?', answer: 'A [1].', chunks: [{ id: '1', text: 'Text.' }] };

function at(r: { errors: { line: number; column: number; message: string }[] }): string[] {
  return r.errors.map((e) => `${e.line}:${e.column} ${e.message}`);
}

describe('parseCaseText', () => {
  it('parses a case and keeps extra fields', () => {
    const r = parseCaseText(JSON.stringify({ ...good, notes: 'kept', gold_answer: 'G', language: 'en' }, null, 2));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.value).toEqual({ ...good, notes: 'kept', gold_answer: 'G', language: 'en' });
    expect(r.prepared).toEqual({ answer: 'A [1].', chunks: good.chunks, errors: [] });
  });

  it('reads evaluation datasets under their own field names (RAGAS, DeepEval)', () => {
    const ragas = parseCaseText(JSON.stringify({ user_input: 'Q?', response: 'A [1].', retrieved_contexts: ['Text one.', 'Text two.'], reference: 'Gold.' }));
    expect(ragas.errors).toEqual([]);
    expect(ragas.value).toMatchObject({ query: 'Q?', answer: 'A [1].', gold_answer: 'Gold.' });
    expect(ragas.value?.chunks.map((c) => c.id)).toEqual(['1', '2']);
    const deepeval = parseCaseText(JSON.stringify({ input: 'Q?', actual_output: 'A.', retrieval_context: ['Text.'], expected_output: 'Gold.' }));
    expect(deepeval.value).toMatchObject({ query: 'Q?', answer: 'A.', gold_answer: 'Gold.' });
    const old = parseCaseText(JSON.stringify({ question: 'Q?', answer: 'A.', contexts: ['Text.'], ground_truths: ['Gold one.', 'Gold two.'] }));
    expect(old.value?.gold_answer).toBe('Gold one.\nGold two.');
  });

  it('says an id of 1e999 is too large to hold, not that a number is not a number', () => {
    const caseId = parseCaseText('{"id": 1e999, "query": "q", "answer": "a [1].", "chunks": [{"id": "1", "text": "t"}]}');
    expect(caseId.errors.map((e) => e.message)).toEqual(['id: expected a string or a number, found a number too large to hold (it reads as Infinity)']);
    const chunkId = parseCaseText('{"query": "q", "answer": "a [1].", "chunks": [{"id": -1e999, "text": "t"}]}');
    expect(chunkId.errors.map((e) => e.message)).toEqual(['chunks[0].id: expected a string or a number, found a number too large to hold (it reads as -Infinity)']);
  });

  it('turns numeric ids into strings', () => {
    const r = parseCaseText('{"id": 7, "query": "q", "answer": "a", "chunks": [{"id": 1, "text": "t"}]}');
    expect(r.value?.id).toBe('7');
    expect(r.value?.chunks[0]?.id).toBe('1');
  });

  it('names the field and points at it for a wrong type', () => {
    const text = '{\n  "query": "q",\n  "answer": "a",\n  "chunks": [\n    {"id": "1", "text": "x"},\n    {"id": "2", "text": "y"},\n    {"id": "3", "text": 42}\n  ]\n}';
    const r = parseCaseText(text);
    expect(r.value).toBeUndefined();
    expect(at(r)).toEqual(['7:25 chunks[2].text: expected a string, found a number']);
    expect(r.errors[0]).toMatchObject({ source: 'case', endOffset: r.errors[0]!.offset + 2 });
  });

  it('points a missing field at the brace of its object', () => {
    const r = parseCaseText('{"query": "q", "chunks": []}');
    expect(at(r)).toEqual(['1:1 answer: missing (expected a string)']);
    const q = parseCaseText('{"query": 3, "answer": "a", "chunks": [], "language": "de"}');
    expect(q.errors.map((e) => e.message)).toEqual(['query: expected a string, found a number']);
    expect(q.warnings.map((e) => e.message)).toEqual(['language: unsupported language "de" (expected "en" or "cs"); detected from the text instead']);
  });

  it('is lenient where real data demands, and says so', () => {
    const text = JSON.stringify({
      question: 'q',
      answer: null,
      language: 'Czech',
      gold_answer: null,
      docs: [{ doc_id: 'x', content: 'c', title: null }, { source_id: 5, page_content: null }, { chunk_id: 'z', chunk: 'k' }],
    });
    const r = parseCaseText(text);
    expect(r.errors).toEqual([]);
    expect(r.value).toEqual({
      query: 'q',
      answer: '',
      language: 'cs',
      chunks: [{ id: 'x', text: 'c' }, { id: '5', text: '' }, { id: 'z', text: 'k' }],
    });
    expect(r.warnings.map((w) => w.message)).toEqual([
      'question: read as "query"',
      'docs: read as "chunks"',
      'answer: null; treated as empty text',
      'docs[1].page_content: text is null; treated as empty',
    ]);
    expect(r.warnings[0]).toMatchObject({ line: 1, column: 2 });
  });

  it('warns about a chunk whose text is missing, and accepts string chunks and id maps', () => {
    const r = parseCaseText('{"query": "q", "answer": "a", "chunks": [{"id": "1"}, "plain"]}');
    expect(r.value?.chunks).toEqual([
      { id: '1', text: '' },
      { id: '2', text: 'plain' },
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual(['chunks[0]: no text (expected one of text, content, page_content, pageContent); treated as empty']);
    const m = parseCaseText('{"query": "q", "answer": "a", "chunks": {"k1": "one"}}');
    expect(m.value?.chunks).toEqual([{ id: 'k1', text: 'one' }]);
  });

  it('reports a duplicate chunk id at the duplicate', () => {
    const text = '{"query": "q", "answer": "a", "chunks": [\n  {"id": "1", "text": "a"},\n  {"id": "1", "text": "b"}\n]}';
    const r = parseCaseText(text);
    expect(r.value).toBeUndefined();
    expect(at(r)).toEqual(["3:10 chunks[1].id: duplicate chunk id '1' (chunk 1 has it too)"]);
  });

  it('reports broken JSON at its position, and hints at datasets for JSON Lines', () => {
    const r = parseCaseText('{\n  "query": "q",\n  "answer": "a"\n  "chunks": []\n}');
    expect(at(r)).toEqual(["4:3 Expected ',' or '}' after property value (is a comma missing?)"]);
    const l = parseCaseText(`${JSON.stringify(good)}\n${JSON.stringify(good)}`);
    expect(l.errors[0]?.message).toContain('open it as a dataset');
    expect(l.errors[0]).toMatchObject({ line: 2, column: 1 });
    expect(parseCaseText('  ').errors[0]?.message).toContain('empty');
    expect(parseCaseText('[1]').errors[0]?.message).toContain('found a list');
  });

  it('normalises structured_citations and reports their problems as positioned warnings', () => {
    const text = JSON.stringify({ query: 'q', answer: 'One [doc1].', chunks: [], structured_citations: { foo: 1 } }, null, 2);
    const r = parseCaseText(text);
    expect(r.value).toBeDefined();
    expect(r.prepared?.structured).toBeUndefined();
    expect(r.warnings.map((w) => `${w.line}:${w.column}`)).toEqual(['5:27']);
    expect(r.warnings[0]?.message).toMatch(/^structured_citations: an object of unknown shape/);
  });
});

describe('restoreCase', () => {
  it('is the same restore for values that never were text', () => {
    expect(restoreCase(good)).toEqual({ value: good, errors: [], warnings: [] });
    expect(restoreCase(JSON.stringify(good)).value).toEqual(good);
    expect(restoreCase({ query: 'q', answer: 'a', chunks: [{ id: {}, text: 't' }] }).errors).toEqual(['chunks[0].id: expected a string or a number, found an object']);
    expect(restoreCase(null).errors[0]).toContain('found null');
    expect(restoreCase('{"a":').errors[0]).toContain('Unexpected end of input');
  });
});

describe('prepareCase', () => {
  const blocks = [
    { type: 'text', text: 'Intro. ' },
    { type: 'text', text: 'Fact.', citations: [{ type: 'char_location', cited_text: 'F', document_index: 0, start_char_index: 0, end_char_index: 1 }] },
  ];

  it('uses the structured answer when the case answer is empty, and structured chunks when it has none', () => {
    const azure = { messages: [{ role: 'tool', content: JSON.stringify({ citations: [{ content: 'c1', filepath: null, chunk_id: '0' }] }) }] };
    const c: AuditCase = { query: 'q', answer: 'Yes [doc1].', chunks: [], structured_citations: azure };
    const p = prepareCase(c);
    expect(p.chunks).toEqual([{ id: 'doc1', text: 'c1', chunk_id: '0' }]);
    expect(p.structured?.citations.map((x) => x.ref)).toEqual(['doc1']);
    const q = prepareCase({ query: 'q', answer: '', chunks: [{ id: '0', text: 'F' }], structured_citations: blocks });
    expect(q.answer).toBe('Intro. Fact.');
    expect(q.structured?.citations[0]).toMatchObject({ answerStart: 7, answerEnd: 12 });
    expect(q.errors).toEqual([]);
  });

  it('keeps the case answer and moves spans onto it when the two differ', () => {
    const p = prepareCase({ query: 'q', answer: 'Well. Intro. Fact.', chunks: [], structured_citations: blocks });
    expect(p.answer).toBe('Well. Intro. Fact.');
    expect(p.structured?.answer).toBe('Well. Intro. Fact.');
    expect(p.structured?.citations[0]).toMatchObject({ answerStart: 13, answerEnd: 18 });
    expect(p.errors).toEqual(['structured_citations: the answer differs from the text the structured citations imply; their spans were matched to the answer']);
    const lost = prepareCase({ query: 'q', answer: 'Other.', chunks: [], structured_citations: blocks });
    expect(lost.structured?.citations[0]?.answerStart).toBeUndefined();
    expect(lost.errors[0]).toContain('1 could not be placed');
  });
});

describe('parseDataset', () => {
  it('reads JSON Lines, skipping blank lines, and positions errors in the whole text', () => {
    const text = [JSON.stringify(good), '', JSON.stringify({ ...good, id: 'c2' }), '{"query": "q", "answer": 5, "chunks": []}', '{"query": "q",', JSON.stringify({ ...good, id: 'c5' })].join('\n');
    const r = parseDataset(text);
    expect(r.cases.map((c) => c.id)).toEqual(['c1', 'c2', 'c5']);
    expect(r.lines).toEqual([1, 3, 6]);
    expect(at(r)).toEqual([
      '4:26 answer: expected a string, found a number',
      '5:15 Unexpected end of input: expected a property name in double quotes (the object opened at line 5, column 1 is not closed)',
    ]);
    expect(r.errors.every((e) => e.source === 'dataset')).toBe(true);
  });

  it('reads a JSON list of cases, with paths that include the index', () => {
    const text = JSON.stringify([good, { ...good, chunks: [{ id: '1', text: 3 }] }], null, 1);
    const r = parseDataset(text);
    expect(r.cases).toHaveLength(1);
    expect(r.errors.map((e) => e.message)).toEqual(['[1].chunks[0].text: expected a string, found a number']);
    expect(text.slice(r.errors[0]!.offset, r.errors[0]!.endOffset)).toBe('3');
    expect(r.lines).toEqual([2]);
  });

  it('reads a single case object, and says what is wrong with unusable input', () => {
    expect(parseDataset(JSON.stringify(good, null, 2)).cases).toEqual([good]);
    expect(parseDataset('').errors[0]?.message).toContain('empty');
    expect(parseDataset('[]').errors[0]?.message).toContain('empty list');
    const broken = parseDataset('{\n  "query": "q"\n  "answer": "a"\n}');
    expect(broken.errors.map((e) => `${e.line}:${e.column}`)).toEqual(['3:3']);
  });
});

// restoreCaseDetailed hands plain chunk lists to CaseSchema without copying them first
// (normalizeChunkList's `copied`): whatever the chunks, the case must come out exactly as when
// every chunk is normalised one by one, key order included.
describe('restoreCaseDetailed: plain chunks taken as they are', () => {
  const KEYS = ['id', 'text', 'title', 'url', 'page', 'metadata', 'filename', 'file_name', 'chunk_id', 'content', 'score', 'source'] as const;
  const value = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', 'http://x', '3', 'a'), fc.integer({ min: -2, max: 9 }), fc.double(), fc.constant(null), fc.boolean(), fc.constant({ title: 'T', url: 'https://u', source: 's', id: 'm' }), fc.constant(['p']));
  const chunk = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 7 });
  // Mostly plain chunks (string id and text), with near misses: an empty or numeric id, a title
  // that is not a string, a page given as text, a metadata object or a file name to take a title from.
  const plain = fc.record({ id: fc.constantFrom('1', '2', 'a', 'b'), text: fc.string({ maxLength: 8 }) });
  const item = fc.oneof(fc.tuple(plain, chunk).map(([p, c]) => ({ ...c, ...p })), fc.tuple(chunk, plain).map(([c, p]) => ({ ...p, ...c })), plain);

  it('gives the case and the issues the copying path gives', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), (chunks) => {
        const input = { query: 'q', answer: 'a', chunks };
        const got = restoreCaseDetailed(input);
        const slow = normalizeChunkList(chunks, ['chunks']);
        const parsed = CaseSchema.safeParse({ ...input, chunks: slow.chunks });
        const errors = [...slow.errors, ...(parsed.success ? [] : ['schema'])];
        expect(got.errors.length === 0).toBe(errors.length === 0);
        if (got.value && parsed.success) expect(JSON.stringify(got.value)).toBe(JSON.stringify(parsed.data));
        expect(got.warnings).toEqual(slow.warnings);
        if (parsed.success) expect(got.errors).toEqual(slow.errors);
      }),
      { numRuns: 500 },
    );
  });

  it('a duplicate id is still an error at the second chunk', () => {
    const r = restoreCaseDetailed({ query: 'q', answer: 'a', chunks: [{ id: 'x', text: 'one' }, { id: 'x', text: 'two' }] });
    expect(r.value).toBeUndefined();
    expect(r.errors).toEqual([{ path: ['chunks', 1, 'id'], message: "duplicate chunk id 'x' (chunk 1 has it too)" }]);
  });
});
