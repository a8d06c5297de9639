// The real public cases in ../shared/cases: every one parses without error, and the structured
// citations normalise to figures checked against the cases' own data. Locally the suite is skipped
// when the folder is absent; in CI its absence is a failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Chunk, StructuredCitation } from '../types';
import { parseCaseText, parseDataset, type CaseParseResult } from './case';
import { parseChunks } from './chunks';
import { normalizeStructured } from '../../../tests/factories/structured';

const dir = process.env.SHARED_CASES_DIR ?? path.resolve(process.cwd(), '../shared/cases');
const present = existsSync(dir);
const inCi = process.env.CI === 'true';

describe('shared cases folder', () => {
  it.runIf(inCi)('is present in CI', () => {
    expect(present, `${dir} is missing`).toBe(true);
  });
});

describe.skipIf(!present && !inCi)('shared cases', () => {
  const files = present ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const load = (name: string): { text: string; r: CaseParseResult } => {
    const text = readFileSync(path.join(dir, name), 'utf8');
    return { text, r: parseCaseText(text) };
  };
  const cits = (r: CaseParseResult): StructuredCitation[] => r.prepared?.structured?.citations ?? [];
  const answerOf = (r: CaseParseResult): string => r.prepared?.answer ?? '';

  it('has the cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(18);
  });

  it.each(files)('%s parses with no errors or warnings', (name) => {
    const { text, r } = load(name);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.value).toBeDefined();
    const raw = JSON.parse(text) as { chunks: unknown[]; answer: string; structured_citations?: unknown };
    expect(r.value?.chunks).toHaveLength(raw.chunks.length);
    expect(r.prepared?.answer).toBe(raw.answer);
    expect(r.prepared?.errors).toEqual([]);
    if (raw.structured_citations !== undefined) expect(r.prepared?.structured).toBeDefined();
  });

  it('reads all of them as one JSON Lines dataset', () => {
    const jsonl = files.map((f) => JSON.stringify(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))).join('\n');
    const d = parseDataset(jsonl);
    expect(d.errors).toEqual([]);
    expect(d.cases).toHaveLength(files.length);
    expect(d.lines).toEqual(files.map((_, i) => i + 1));
  });

  it('reads each case\'s chunks pasted as a JSON array', () => {
    for (const f of files) {
      const raw = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { chunks: Chunk[] };
      const r = parseChunks(JSON.stringify(raw.chunks, null, 2));
      expect(r.errors, f).toEqual([]);
      expect(r.chunks.map((c) => c.id), f).toEqual(raw.chunks.map((c) => String(c.id)));
    }
  });

  it('anthropic plaintext (cookbook printer): two char_location citations by title on the middle block', () => {
    const { r } = load('anthropic_cookbook_citations_plaintext_helpcenter.json');
    const s = r.prepared?.structured;
    expect(s?.format).toBe('anthropic-blocks');
    const list = cits(r);
    expect(list.map((c) => [c.ref, c.refKind, c.location, c.sourceStart, c.sourceEnd, c.answerStart, c.answerEnd])).toEqual([
      ['Order Tracking Information', 'title', 'char_location', 0, 71, 74, 286],
      ['Order Tracking Information', 'title', 'char_location', 398, 525, 74, 286],
    ]);
    const doc = r.value?.chunks.find((c) => c.title === 'Order Tracking Information');
    expect(doc?.id).toBe('3');
    for (const c of list) expect(doc?.text.slice(c.sourceStart, c.sourceEnd)).toBe(c.quote);
    expect(list[0]?.quote).toBe("Once your order ships, you'll receive an email with a tracking number. ");
    expect(answerOf(r).slice(74, 286)).toMatch(/^You'll receive an email .* for assistance\.$/);
  });

  it('anthropic char_location (LangChain.js): document 0, spans tiling the document 0-20-36', () => {
    const { r } = load('anthropic_char_location_grass_sky_langchainjs_docs.json');
    const list = cits(r);
    expect(list.map((c) => [c.ref, c.refKind, c.sourceStart, c.sourceEnd, answerOf(r).slice(c.answerStart, c.answerEnd)])).toEqual([
      ['0', 'index0', 0, 20, 'The grass is green'],
      ['0', 'index0', 20, 36, 'The sky is blue'],
    ]);
    const text = r.value?.chunks[0]?.text ?? '';
    for (const c of list) expect(text.slice(c.sourceStart, c.sourceEnd)).toBe(c.quote);
  });

  it('anthropic content_block_location: document_index 3, quote = the whole article, over the whole answer', () => {
    const { r } = load('anthropic_cookbook_citations_custom_content_helpcenter.json');
    const list = cits(r);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ ref: '3', refKind: 'index0', location: 'content_block_location', answerStart: 0, answerEnd: answerOf(r).length });
    expect(list[0]?.quote).toBe(r.value?.chunks[3]?.text);
  });

  it('cohere: five spans that slice the answer exactly, and the two documents as chunks', () => {
    const { r } = load('cohere_chat_v2_citations_answer_spans.json');
    const list = cits(r);
    expect(r.prepared?.structured?.format).toBe('cohere-spans');
    expect(list.map((c) => [c.ref, c.answerStart, c.answerEnd])).toEqual([
      ['doc:1', 39, 67],
      ['doc:1', 71, 97],
      ['doc:1', 107, 135],
      ['doc:0', 164, 188],
      ['doc:0', 197, 236],
    ]);
    for (const c of list) expect(answerOf(r).slice(c.answerStart, c.answerEnd)).toBe((c.raw as { text: string }).text);
    const docs = r.prepared?.structured?.chunks ?? [];
    expect(docs.map((d) => d.id)).toEqual(['doc:1', 'doc:0']);
    for (const d of docs) expect(d.text).toBe(r.value?.chunks.find((c) => c.id === d.id)?.text);
  });

  it('azure: the doubly encoded citations give 5 chunks doc1..doc5; [doc3] is never cited', () => {
    const { r } = load('azure_openai_on_your_data_docN.json');
    const s = r.prepared?.structured;
    expect(s?.format).toBe('azure-on-your-data');
    expect(s?.chunks).toHaveLength(5);
    expect(s?.chunks?.map((c) => c.id)).toEqual(['doc1', 'doc2', 'doc3', 'doc4', 'doc5']);
    s?.chunks?.forEach((c, i) => expect(c.text).toBe(r.value?.chunks[i]?.text));
    expect(cits(r).map((c) => [c.ref, answerOf(r).slice(c.answerStart, c.answerEnd)])).toEqual([
      ['doc1', '[doc1]'],
      ['doc2', '[doc2]'],
      ['doc4', '[doc4]'],
      ['doc5', '[doc5]'],
    ]);
    // Without the case's chunks, the structured form alone supplies them.
    const value = r.value;
    if (value) {
      const alone = normalizeStructured(value.structured_citations, value.answer, []);
      expect(alone.structured?.chunks).toHaveLength(5);
    }
  });

  it('langchain: an id list [1, 3] that names chunk ids', () => {
    const { r } = load('langchain_qa_citations_structured_ids_brian.json');
    expect(r.prepared?.structured?.format).toBe('id-list');
    expect(r.prepared?.structured?.answer).toBe('Brian is 5\'11".');
    expect(cits(r).map((c) => [c.ref, c.refKind])).toEqual([
      ['1', 'id'],
      ['3', 'id'],
    ]);
  });

  it('liu2023: marker spans [1] [2] [3] at 185, 189, 231', () => {
    const { r } = load('liu2023_bing_chat_14c103cafe.json');
    expect(cits(r).map((c) => [c.ref, c.refKind, c.answerStart, answerOf(r).slice(c.answerStart, c.answerEnd)])).toEqual([
      ['1', 'id', 185, '[1]'],
      ['2', 'id', 189, '[2]'],
      ['3', 'id', 231, '[3]'],
    ]);
  });
});
