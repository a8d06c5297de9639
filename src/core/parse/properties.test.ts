// Property tests: no parser throws, whatever it is given, and input it cannot use always comes
// back with at least one error positioned inside the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from './json';
import { lineIndexOf } from '../text/positions';
import type { Chunk, ParseError } from '../types';
import { parseAnswerInput } from './answer';
import { parseCaseText, parseDataset, prepareCase, restoreCase } from './case';
import { parseChunks } from './chunks';
import { normalizeStructured } from '../../../tests/factories/structured';

const RUNS = { numRuns: 300 };

/** Text that hits the JSON paths often: brackets, quotes, separators, digits, words, line breaks. */
const jsonish = fc.string({
  unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', '\n', '\r', '1', '0', '-', '.', 'e', 'a', 'true', 'null', '\\', '/', '*', "'", 'text', 'id', 'query', 'answer', 'chunks'),
  maxLength: 60,
});
/** Prose with markers and headers, for the text-block paths. */
const proseish = fc.string({
  unit: fc.constantFrom('[1] ', '[2]', '[doc1]', 'Document 1: ', 'Source 2:\n', '<C0>', '<C1>', 'Title', ' text.', '\n', '\n\n', '(Title: T): ', '】', 'é', ' '),
  maxLength: 40,
});
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), jsonish, proseish, fc.json());

/** A case-like value with random damage in random places. */
const caseish = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    query: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
    answer: fc.oneof(fc.string(), fc.constant(null)),
    chunks: fc.oneof(
      fc.array(
        fc.oneof(
          fc.record({ id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), text: fc.oneof(fc.string(), fc.constant(null), fc.integer()) }, { requiredKeys: [] }),
          fc.record({ chunk_id: fc.string(), content: fc.string(), title: fc.oneof(fc.string(), fc.constant(null)) }),
          fc.string(),
          fc.jsonValue(),
        ),
        { maxLength: 5 },
      ),
      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.jsonValue()), { maxKeys: 3 }),
      fc.jsonValue(),
    ),
    language: fc.oneof(fc.constantFrom('en', 'cs', 'EN', 'de'), fc.jsonValue()),
    structured_citations: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

function expectPositioned(errors: readonly ParseError[], text: string): void {
  for (const e of errors) {
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.offset).toBeGreaterThanOrEqual(0);
    expect(e.endOffset).toBeGreaterThanOrEqual(e.offset);
    expect(e.endOffset).toBeLessThanOrEqual(text.length);
    expect(lineIndexOf(text).position(e.offset)).toEqual({ line: e.line, column: e.column });
    expect(e.message.length).toBeGreaterThan(0);
  }
}

const chunks: Chunk[] = [
  { id: '1', text: 'One.' },
  { id: 'b', text: 'Two.' },
];

describe('parsers never throw and position every error', () => {
  it('parseJson', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = parseJson(text);
        expect(r.value !== undefined || r.error !== undefined).toBe(true);
        if (r.error) {
          expect(r.error.offset).toBeGreaterThanOrEqual(0);
          expect(r.error.endOffset).toBeLessThanOrEqual(text.length);
        }
      }),
      RUNS,
    );
  });

  it('parseChunks', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = parseChunks(text);
        expectPositioned(r.errors, text);
        expectPositioned(r.warnings, text);
        expect(r.ranges).toHaveLength(r.chunks.length);
        for (const g of r.ranges) expect(0 <= g.start && g.start <= g.end && g.end <= text.length).toBe(true);
        for (const c of r.chunks) expect(typeof c.id === 'string' && typeof c.text === 'string').toBe(true);
        if (r.errors.length === 0) expect(new Set(r.chunks.map((c) => c.id)).size).toBe(r.chunks.length);
        if (text.trim() === '') expect(r.format).toBe('empty');
        // No chunks and no error only for an explicitly empty JSON list or map.
        else if (r.chunks.length === 0 && r.errors.length === 0) expect(parseJson(text).error).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('parseCaseText: a value, or at least one positioned error', () => {
    const texts = fc.oneof(anyText, caseish.map((v) => JSON.stringify(v)), caseish.map((v) => JSON.stringify(v, null, 2)));
    fc.assert(
      fc.property(texts, (text) => {
        const r = parseCaseText(text);
        expectPositioned(r.errors, text);
        expectPositioned(r.warnings, text);
        if (r.value) {
          expect(r.errors).toEqual([]);
          expect(r.prepared).toBeDefined();
        } else expect(r.errors.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('parseCaseText on damaged valid cases', () => {
    const valid = JSON.stringify(
      { id: 'x', query: 'Q?', answer: 'A [1].', chunks: [{ id: '1', text: 'T' }], structured_citations: { answer: 'A', citations: [1] } },
      null,
      2,
    );
    const damage = fc.tuple(fc.nat(valid.length), fc.nat(3), fc.constantFrom('', ',', '"', '}', ']', '{', 'x', '\n', '1', ':'));
    fc.assert(
      fc.property(damage, ([at, cut, insert]) => {
        const text = valid.slice(0, at) + insert + valid.slice(at + cut);
        const r = parseCaseText(text);
        expectPositioned(r.errors, text);
        if (!r.value) expect(r.errors.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('parseDataset: cases, or at least one positioned error', () => {
    const lines = fc.array(fc.oneof(caseish.map((v) => JSON.stringify(v)), jsonish, fc.constant('')), { maxLength: 4 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(fc.oneof(anyText, lines), (text) => {
        const r = parseDataset(text);
        expectPositioned(r.errors, text);
        expectPositioned(r.warnings, text);
        expect(r.lines).toHaveLength(r.cases.length);
        if (r.cases.length === 0) expect(r.errors.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('parseAnswerInput: plain text is kept, JSON problems are positioned', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = parseAnswerInput(text, chunks);
        expectPositioned(r.errors, text);
        if (r.format === 'plain' || r.format === 'json-unknown') expect(r.answer).toBe(text);
        if (r.format === 'plain') expect(r.errors).toEqual([]);
        if (r.format === 'json-unknown') expect(r.errors.length).toBeGreaterThan(0);
        for (const c of r.structured?.citations ?? []) {
          if (c.answerStart !== undefined) expect(c.answerStart).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });
});

describe('structured normalisation never throws', () => {
  it('on arbitrary JSON values: a result, or an error saying what was expected', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, answer) => {
        const r = normalizeStructured(value, answer, chunks);
        if (!r.structured) expect(r.errors.length).toBeGreaterThan(0);
        for (const c of r.structured?.citations ?? []) {
          expect(typeof c.ref).toBe('string');
          expect(['id', 'index0', 'index1', 'title']).toContain(c.refKind);
        }
      }),
      RUNS,
    );
  });

  it('on damaged structured forms', () => {
    const block = fc.record(
      {
        type: fc.oneof(fc.constant('text'), fc.string(), fc.jsonValue()),
        text: fc.oneof(fc.string(), fc.jsonValue()),
        citations: fc.oneof(
          fc.array(
            fc.record(
              {
                type: fc.constantFrom('char_location', 'page_location', 'content_block_location', 'x'),
                cited_text: fc.oneof(fc.string(), fc.jsonValue()),
                document_index: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.jsonValue()),
                document_title: fc.oneof(fc.string(), fc.jsonValue()),
                start_char_index: fc.oneof(fc.integer(), fc.jsonValue()),
                end_char_index: fc.oneof(fc.integer(), fc.jsonValue()),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 3 },
          ),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    );
    const span = fc.record(
      {
        start: fc.integer({ min: -5, max: 50 }),
        end: fc.integer({ min: -5, max: 50 }),
        text: fc.string(),
        sources: fc.array(fc.oneof(fc.record({ id: fc.oneof(fc.string(), fc.integer()) }), fc.jsonValue()), { maxLength: 2 }),
      },
      { requiredKeys: ['start', 'end'] },
    );
    const forms = fc.oneof(
      fc.array(block, { maxLength: 4 }),
      fc.record({ content: fc.array(block, { maxLength: 3 }) }),
      fc.record({ blocks: fc.array(block, { maxLength: 3 }) }),
      fc.array(span, { maxLength: 4 }),
      fc.record({ answer: fc.string(), citations: fc.array(fc.oneof(fc.integer(), fc.string(), span, fc.jsonValue()), { maxLength: 4 }) }),
      fc.record({ messages: fc.array(fc.record({ role: fc.constantFrom('tool', 'assistant'), content: fc.oneof(fc.string(), fc.json()) }), { maxLength: 2 }) }),
      fc.array(fc.record({ text: fc.string(), start_index: fc.integer({ min: -3, max: 40 }), end_index: fc.integer({ min: -3, max: 40 }) }), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(forms, fc.boolean(), fc.string(), (value, encode, answer) => {
        const v = encode ? JSON.stringify(value) : value;
        const r = normalizeStructured(v, answer, chunks);
        if (!r.structured) expect(r.errors.length).toBeGreaterThan(0);
        // The same value as a case and as a pasted answer.
        const p = prepareCase({ query: 'q', answer, chunks, structured_citations: v });
        for (const c of p.structured?.citations ?? []) {
          if (c.answerStart !== undefined && c.answerEnd !== undefined) expect(c.answerEnd).toBeGreaterThanOrEqual(c.answerStart);
        }
        const text = JSON.stringify(value);
        expectPositioned(parseAnswerInput(text, chunks).errors, text);
      }),
      RUNS,
    );
  });
});

describe('restoreCase round trip', () => {
  it('restores any well-formed case to itself (numeric ids as strings)', () => {
    const chunk = fc.record({ id: fc.oneof(fc.string({ minLength: 1 }), fc.nat()), text: fc.string(), title: fc.string() }, { requiredKeys: ['id', 'text'] });
    const good = fc.record(
      {
        id: fc.string(),
        query: fc.string(),
        answer: fc.string(),
        chunks: fc.uniqueArray(chunk, { selector: (c) => String(c.id), maxLength: 5 }),
        gold_answer: fc.string(),
        language: fc.constantFrom('en' as const, 'cs' as const),
        extra: fc.jsonValue(),
      },
      { requiredKeys: ['query', 'answer', 'chunks'] },
    );
    fc.assert(
      fc.property(good, (c) => {
        const r = restoreCase(JSON.parse(JSON.stringify(c)));
        expect(r.errors).toEqual([]);
        const expected = JSON.parse(JSON.stringify({ ...c, chunks: c.chunks.map((k) => ({ ...k, id: String(k.id) })) }));
        expect(r.value).toEqual(expected);
        const fromText = parseCaseText(JSON.stringify(c, null, 2));
        expect(fromText.value).toEqual(expected);
      }),
      RUNS,
    );
  });
});
