// Input the tool cannot read never becomes a verdict about the answer: LangChain's XML-prompting
// output is read; structured values of unknown shape and editors that do not parse give
// "could not be read" with NOT_CHECKED dimensions, never "the answer cites nothing" or "the case
// has no chunks at all".
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../src/core/audit';
import { parseAnswerInput } from '../../src/core/parse/answer';
import { analyze } from '../../src/state/engine/analysis';
import type { Inputs } from '../../src/state/workbench/draft';

const CHUNKS = [
  { id: 'd0', title: 'Pronghorn', text: 'The pronghorn can sustain 55 km/h over several kilometres; it has an oversized windpipe, heart and lungs for endurance, including large hooves.' },
  { id: 'd1', title: 'Bison', text: 'The American bison is the largest land mammal in North America.' },
];

// What LangChain's XMLOutputParser returns for <cited_answer><answer/><citations><citation>…
const langchainXml = (citations: { source_id: string; quote: string }[]) => ({
  cited_answer: [
    { answer: 'Pronghorns can keep up 55 km/h for kilometres thanks to large lungs.' },
    { citations: citations.map((c) => ({ citation: [{ source_id: c.source_id }, { quote: c.quote }] })) },
  ],
});

describe('LangChain XML-prompting output', () => {
  it('is read: the answer, 0-based source ids and quotes', () => {
    const r = auditCase({
      query: 'How long can pronghorns run?',
      answer: '',
      chunks: CHUNKS,
      structured_citations: langchainXml([
        { source_id: '0', quote: 'The pronghorn can sustain 55 km/h over several kilometres;' },
        { source_id: '1', quote: 'The American bison is the largest land mammal in North America.' },
      ]),
    });
    expect(r.meta.answer_format).toBe('id-list');
    expect(r.meta.unreadable).toBeUndefined();
    expect(r.citations.map((c) => c.chunk_id)).toEqual(['d0', 'd1']);
    expect(r.citations.every((c) => c.source_verification?.status === 'VERIFIED')).toBe(true);
    expect(r.dimensions.complete.status).toBe('PASS');
  });

  it('is read with a single citation, and from the Answer editor', () => {
    const value = langchainXml([{ source_id: '0', quote: 'it has an oversized windpipe, heart and lungs for endurance.' }]);
    const parsed = parseAnswerInput(JSON.stringify(value, null, 2), CHUNKS);
    expect(parsed.errors).toEqual([]);
    expect(parsed.answer).toContain('Pronghorns');
    expect(parsed.structured?.citations).toHaveLength(1);
    expect(parsed.structured?.citations[0]).toMatchObject({ ref: '0', quote: 'it has an oversized windpipe, heart and lungs for endurance.' });
    // Sources are numbered from 0 in that prompt, even when no 0 is cited.
    const one = auditCase({ query: 'q', answer: '', chunks: CHUNKS, structured_citations: langchainXml([{ source_id: '1', quote: 'The American bison is the largest land mammal in North America.' }]) });
    expect(one.citations.map((c) => c.chunk_id)).toEqual(['d1']);
    expect(one.citations[0]?.source_verification?.status).toBe('VERIFIED');
  });

  it('as an XML tree read by another parser ({citations: {citation: [...]}}) too', () => {
    const r = auditCase({
      query: 'q',
      answer: '',
      chunks: CHUNKS,
      structured_citations: { cited_answer: { answer: 'Bison are the largest.', citations: { citation: [{ source_id: '1', quote: 'The American bison is the largest land mammal' }] } } },
    });
    expect(r.citations.map((c) => c.chunk_id)).toEqual(['d1']);
  });
});

describe('structured values of unknown shape', () => {
  it.each([
    ['an object', { result: { text: 'x' }, refs: [1, 2] }, 'result, refs'],
    ['a list of mixed objects', [{ passage: 1 }, { span: [0, 3] }], 'passage, span'],
  ])('%s: INCOMPLETE, a FORMATTED finding naming the keys, COMPLETE not checked', (_, value, keys) => {
    const r = auditCase({ query: 'q', answer: 'Pronghorns run far. Bison are big.', chunks: CHUNKS, structured_citations: value });
    expect(r.verdict).toBe('INCOMPLETE');
    expect(r.dimensions.complete.status).toBe('NOT_CHECKED');
    const f = r.findings.find((x) => x.code === 'input_unreadable')!;
    expect(f.dimension).toBe('formatted');
    expect(f.message).toContain(keys);
    expect(r.findings.filter((x) => x.code === 'no_citations' || x.code === 'uncited_claim')).toEqual([]);
    expect(r.summary).toMatch(/could not be read/);
  });

  it('near miss: an answer with no structured citations at all still fails COMPLETE', () => {
    const r = auditCase({ query: 'q', answer: 'Pronghorns run at 55 km/h for kilometres.', chunks: CHUNKS });
    expect(r.dimensions.complete.status).toBe('FAIL');
  });
});

describe('an editor that does not parse', () => {
  const run = (inputs: Partial<Inputs>) =>
    analyze({
      seq: 1,
      revision: 1,
      inputs: { query: 'How fast are pronghorns?', answerText: '', chunksText: '', goldText: '', ...inputs },
      attached: {},
      settings: { requiredStyle: 'auto', language: 'auto' },
    });
  const goodChunks = JSON.stringify(CHUNKS, null, 2);
  const typo = goodChunks.replace('[', '[\n  { "id": "9", "text": broken, "title": "x" },');

  it('Chunks with a typo: says where, EXISTS and ACCURATE not checked, no "no chunks" failure', () => {
    const a = run({ answerText: 'Pronghorns sustain 55 km/h [d0].', chunksText: typo });
    const r = a.report!;
    expect(r.verdict).toBe('INCOMPLETE');
    expect(r.dimensions.exists.status).toBe('NOT_CHECKED');
    expect(r.dimensions.accurate.status).toBe('NOT_CHECKED');
    expect(r.findings.some((f) => f.code === 'no_chunks' || f.code === 'unknown_chunk')).toBe(false);
    expect(r.summary).toContain('line 2, column');
    expect(r.meta.unreadable?.[0]).toMatchObject({ input: 'chunks', line: 2 });
    // The parse error is marked in the Chunks editor, not as a problem of the answer.
    expect(a.diagnostics.filter((d) => d.editor === 'chunks' && d.severity === 'error')).toHaveLength(1);
    expect(a.diagnostics.filter((d) => d.editor === 'answer' && d.code === 'input_unreadable')).toEqual([]);
  });

  it('near miss: the same case with the typo fixed is audited (and a real missing id fails)', () => {
    const ok = run({ answerText: 'Pronghorns sustain 55 km/h [d0].', chunksText: goodChunks }).report!;
    expect(ok.dimensions.exists.status).toBe('PASS');
    const missing = run({ answerText: 'Pronghorns sustain 55 km/h [d7].', chunksText: goodChunks }).report!;
    expect(missing.dimensions.exists.status).toBe('FAIL');
  });

  it('an Answer that looks like JSON but does not parse is not audited as prose', () => {
    const r = run({ answerText: '{"answer": "Pronghorns are fast", "citations": [0 1]}', chunksText: goodChunks }).report!;
    expect(r.verdict).toBe('INCOMPLETE');
    expect(Object.values(r.dimensions).every((d) => d.status === 'NOT_CHECKED')).toBe(true);
    expect(r.claims).toEqual([]);
    expect(r.summary).toContain('line 1, column');
  });
});

describe('a model run over input that could not be read', () => {
  it('does not turn the unchecked dimensions into a verdict', async () => {
    const { applyModelResults } = await import('../../src/core/report/report');
    const c = { query: 'q', answer: 'Pronghorns sustain 55 km/h [d0].', chunks: [] };
    const local = auditCase(c, { unreadable: { chunks: { message: 'Unexpected token', line: 2, column: 24, offset: 30, endOffset: 36, source: 'chunks' } } });
    expect(local.dimensions.accurate.status).toBe('NOT_CHECKED');
    const merged = applyModelResults(local, { model: 'm', judgements: [{ claim_index: 0, support: [{ chunk_id: 'd0', verdict: 'not_supported', supporting_phrase: '', missing_or_extra: '', decision_basis: '' }] }] }, c);
    expect(merged.dimensions.accurate.status).toBe('NOT_CHECKED');
    expect(merged.verdict).toBe('INCOMPLETE');
  });
});
