import { describe, expect, it } from 'vitest';
import type { Chunk } from '../types';
import { parseAnswerInput } from './answer';

const chunks: Chunk[] = [
  { id: '0', text: 'The grass is green. The sky is blue.' },
  { id: '1', text: 'Other.' },
];

describe('parseAnswerInput: plain text', () => {
  it('keeps prose as it is, including prose that starts with a marker or a bracket', () => {
    for (const text of ['Paris is the capital [1].', '[1] Paris is the capital.', '[Note] see below.', '[1, 3]', '{Note} x', '  ', '', '[1]']) {
      expect(parseAnswerInput(text, chunks)).toEqual({ answer: text, format: 'plain', errors: [] });
    }
  });
});

describe('parseAnswerInput: structured responses', () => {
  it('reads pasted Anthropic content blocks: the answer is the joined text', () => {
    const blocks = [
      { type: 'text', text: 'Based on it:\n- ' },
      { type: 'text', text: 'The grass is green', citations: [{ type: 'char_location', cited_text: 'The grass is green. ', document_index: 0, document_title: 'D', start_char_index: 0, end_char_index: 20 }] },
    ];
    const r = parseAnswerInput(JSON.stringify(blocks, null, 2), chunks);
    expect(r.format).toBe('anthropic-blocks');
    expect(r.answer).toBe('Based on it:\n- The grass is green');
    expect(r.errors).toEqual([]);
    expect(r.structured?.citations[0]).toMatchObject({ ref: '0', refKind: 'index0', answerStart: 15, answerEnd: 33, sourceStart: 0, sourceEnd: 20 });
  });

  it('reads {answer, citations} forms', () => {
    const ids = parseAnswerInput('{"answer": "Brian is 5\'11\\".", "citations": [1, 3]}', [{ id: '1', text: '' }, { id: '3', text: '' }]);
    expect(ids.format).toBe('id-list');
    expect(ids.answer).toBe('Brian is 5\'11".');
    expect(ids.structured?.citations.map((c) => [c.ref, c.refKind])).toEqual([
      ['1', 'id'],
      ['3', 'id'],
    ]);
    const offsets = parseAnswerInput('{"answer": "Green.", "citations": [{"chunk_id": "0", "start": 0, "end": 18, "quote": "The grass is green"}]}', chunks);
    expect(offsets.format).toBe('offset-citations');
    expect(offsets.structured?.citations[0]).toMatchObject({ ref: '0', sourceStart: 0, sourceEnd: 18, quote: 'The grass is green' });
  });

  it('reads an Azure On Your Data response and a Cohere v2 response', () => {
    const azure = {
      choices: [{ message: { role: 'assistant', content: 'Blue [doc1].', context: { citations: [{ content: 'The sky is blue.', filepath: null, chunk_id: '0' }] } } }],
    };
    const a = parseAnswerInput(JSON.stringify(azure), []);
    expect(a.format).toBe('azure-on-your-data');
    expect(a.answer).toBe('Blue [doc1].');
    expect(a.structured?.chunks?.map((c) => c.id)).toEqual(['doc1']);
    const cohere = { message: { content: [{ type: 'text', text: 'Sky is blue.' }], citations: [{ start: 0, end: 12, text: 'Sky is blue.', sources: [{ id: 'doc:0' }] }] } };
    const c = parseAnswerInput(JSON.stringify(cohere), []);
    expect(c.format).toBe('cohere-spans');
    expect(c.answer).toBe('Sky is blue.');
  });

  it('positions problems inside a structured response', () => {
    const text = '[\n  {"type": "text", "text": "A", "citations": [\n    {"type": "char_location", "cited_text": "x"}\n  ]}\n]';
    const r = parseAnswerInput(text, chunks);
    expect(r.format).toBe('anthropic-blocks');
    expect(r.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '3:5 [0].citations[0]: the citation names no document (expected document_index or document_title)',
    ]);
  });
});

describe('parseAnswerInput: JSON that cannot be used', () => {
  it('keeps broken JSON as the plain answer and reports the syntax error at its position', () => {
    const text = '{\n  "answer": "Paris",\n  "citations": [1 2]\n}';
    const r = parseAnswerInput(text, chunks);
    expect(r.answer).toBe(text);
    expect(r.format).toBe('json-unknown');
    expect(r.structured).toBeUndefined();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 3, column: 19, source: 'answer' });
    expect(r.errors[0]?.message).toContain("Expected ',' or ']'");
    expect(r.errors[0]?.message).toContain('nothing is audited');
    expect(parseAnswerInput("[{'type': 'text'}]", chunks).errors[0]?.message).toContain('double quotes');
  });

  it('keeps valid JSON of an unknown shape, or without answer text, as plain text with an error', () => {
    const unknown = parseAnswerInput('{"foo": 1}', chunks);
    expect(unknown).toMatchObject({ answer: '{"foo": 1}', format: 'json-unknown' });
    expect(unknown.errors[0]).toMatchObject({ line: 1, column: 1, offset: 0, endOffset: 1 });
    expect(unknown.errors[0]?.message).toContain('Not a known structured answer');
    const spans = parseAnswerInput('[{"start": 0, "end": 3, "text": "Sky", "sources": [{"id": "d"}]}]', chunks);
    expect(spans.format).toBe('json-unknown');
    expect(spans.errors[0]?.message).toContain('carries no answer text');
    const ids = parseAnswerInput('["a", "b"]', chunks);
    expect(ids.errors[0]?.message).toContain('bare list of ids');
    const wholeCase = parseAnswerInput('{"query": "q", "answer": "a", "chunks": []}', chunks);
    expect(wholeCase.errors[0]?.message).toContain('whole audit case');
  });
});
