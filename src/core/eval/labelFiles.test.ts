import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_NAME, readLabelFile } from './labelFiles';
import { labelRowsToCsv, labelRowsToJsonl, type LabelExportRow } from './labels';

const row = (over: Partial<LabelExportRow> = {}): LabelExportRow => ({
  case_id: 'q1',
  case_key: 'id:q1',
  claim_index: 0,
  claim: 'Paris is the capital of France [1].',
  chunk_id: '1',
  claim_span: { start: 0, end: 35 },
  cited_span: null,
  markers: ['[1]'],
  labels: { alice: { label: 'fully_supported', note: 'clear', updated: '2026-01-02T03:04:05.000Z' } },
  model_verdict: null,
  model_supporting_phrase: null,
  model_missing_or_extra: null,
  model_decision_basis: null,
  ...over,
});

describe('readLabelFile', () => {
  it("reads the view's JSONL download, one label per annotator", () => {
    const text = labelRowsToJsonl([
      row(),
      row({ claim_index: 1, claim: '=1+1 is two', chunk_id: '2', labels: { alice: { label: 'not_supported', note: null, updated: null }, bob: { label: 'partially_supported', note: null, updated: '2026-01-03T00:00:00Z' } } }),
    ]);
    const r = readLabelFile('a.jsonl', text);
    expect(r.kind).toBe('jsonl');
    expect(r.errors).toEqual([]);
    expect(r.labels).toEqual([
      { caseId: 'q1', caseKey: 'id:q1', claimIndex: 0, claim: 'Paris is the capital of France [1].', chunkId: '1', chunkText: null, annotator: 'alice', label: 'fully_supported', note: 'clear', updated: Date.parse('2026-01-02T03:04:05.000Z'), file: 'a.jsonl', line: 1 },
      expect.objectContaining({ annotator: 'alice', label: 'not_supported', updated: null, line: 2 }),
      expect.objectContaining({ annotator: 'bob', label: 'partially_supported', claimIndex: 1, chunkId: '2', line: 2 }),
    ]);
  });

  it("reads the view's CSV download back (quotes, commas, newlines, formula guard)", () => {
    const rows = [
      row({ claim: 'A claim, with "quotes"\nand a line break' }),
      row({ case_id: '7', claim_index: 2, claim: '=SUM(A1)', chunk_id: 'x', labels: { bob: { label: 'not_supported', note: '-bad', updated: null } } }),
    ];
    const r = readLabelFile('a.csv', labelRowsToCsv(rows));
    expect(r.kind).toBe('csv');
    expect(r.errors).toEqual([]);
    expect(r.labels.map((l) => [l.caseId, l.claimIndex, l.chunkId, l.claim, l.annotator, l.label, l.note, l.updated, l.line])).toEqual([
      ['q1', 0, '1', 'A claim, with "quotes"\nand a line break', 'alice', 'fully_supported', 'clear', null, 2],
      ['7', 2, 'x', '=SUM(A1)', 'bob', 'not_supported', '-bad', null, 4],
    ]);
  });

  it('reads the labels CSV as a spreadsheet in a comma-decimal locale saves it: semicolons', () => {
    // Excel in a Czech or German locale writes ';' between cells, with a BOM and CRLF.
    const csv =
      '\uFEFFcase_id;claim_index;claim;chunk_id;cited_text;model_verdict;label:alice;note:alice\r\n' +
      'q1;0;Má 1,3 milionu obyvatel.;1;;;fully_supported;"zdroj; str. 2"\r\n' +
      'q1;1;"Řekl ""ano"".";2;;;not_supported;\r\n';
    const r = readLabelFile('excel.csv', csv);
    expect(r.kind).toBe('csv');
    expect(r.errors).toEqual([]);
    expect(r.labels.map((l) => [l.caseId, l.claimIndex, l.chunkId, l.claim, l.annotator, l.label, l.note, l.line])).toEqual([
      ['q1', 0, '1', 'Má 1,3 milionu obyvatel.', 'alice', 'fully_supported', 'zdroj; str. 2', 2],
      ['q1', 1, '2', 'Řekl "ano".', 'alice', 'not_supported', null, 3],
    ]);
  });

  it('reports each bad line with its number and reads the rest', () => {
    const good = JSON.stringify(row());
    const text = [good, '{"claim_index": 0, "chunk_id": "1", "labels": {"bob": {"label": "maybe"}}}', 'not json', '', '{"query": "q", "answer": "a"}', good].join('\n');
    const r = readLabelFile('mixed.jsonl', text);
    expect(r.labels.map((l) => l.line)).toEqual([1, 6]);
    expect(r.errors.map((e) => [e.line, e.problem])).toEqual([[2, 'invalid-row'], [3, 'not-json'], [5, 'a-case']]);
    expect(r.errors[0]!.message).toMatch(/labels\.bob\.label/);
    expect(r.errors[1]!.message).toMatch(/not JSON/);
    expect(r.errors[2]!.message).toMatch(/a case, not a label row/);
  });

  it('reads bad CSV cells as errors with the line', () => {
    const csv = 'case_id,claim_index,claim,chunk_id,label:alice,note:alice\r\nq1,0,c,1,fully_supported,\r\nq1,x,c,1,fully_supported,\r\nq1,1,c,1,sure,\r\nq1,2,c,,not_supported,\r\n';
    const r = readLabelFile('bad.csv', csv);
    expect(r.labels).toHaveLength(1);
    expect(r.errors.map((e) => [e.line, e.message.slice(0, 16)])).toEqual([[3, 'claim_index: "x"'], [4, 'label:alice: "su'], [5, 'chunk_id is empt']]);
  });

  it('names the line of a quoted cell that is never closed, and keeps the rows before it', () => {
    const csv = 'case_id,claim_index,claim,chunk_id,label:alice,note:alice\nq1,0,c,1,fully_supported,\nq1,1,"Paris is big,1,not_supported,\nq1,2,c,1,not_supported,\n';
    const r = readLabelFile('cut.csv', csv);
    expect(r.labels.map((l) => l.claimIndex)).toEqual([0]);
    expect(r.errors.map((e) => [e.line, e.problem])).toEqual([[3, 'csv-quote']]);
    expect(r.errors[0]!.message).toMatch(/never closed/);
  });

  it('reads a history backup: the labels table and audit labels once, chunk text from the case', () => {
    const stored = { caseKey: 'id:q1', claimIndex: 0, chunkId: '1', annotator: 'carol', label: 'partially_supported', claimText: 'Paris is big.', updated: 1700000000000 };
    const backup = {
      format: BACKUP_FORMAT_NAME,
      version: 1,
      exported_at: '2026-01-01T00:00:00.000Z',
      audits: [{ id: 'a1', title: 't', created: 0, updated: 0, case: { id: 'q1', query: 'q', answer: 'a', chunks: [{ id: '1', text: 'Paris is a big city.' }] }, report: null, labels: [stored], settings: {} }],
      labels: [stored, { ...stored, annotator: 'gold', label: 'fully_supported', settledBy: 'lead', settledHow: 'by_hand' }, { ...stored, label: 'wrong' }],
    };
    const r = readLabelFile('backup.json', JSON.stringify(backup, null, 2));
    expect(r.kind).toBe('backup');
    expect(r.labels).toHaveLength(2);
    expect(r.labels[0]).toMatchObject({ caseId: 'q1', annotator: 'carol', claim: 'Paris is big.', chunkText: 'Paris is a big city.', updated: 1700000000000 });
    expect(r.labels[1]).toMatchObject({ annotator: 'gold', settledBy: 'lead', settledHow: 'by_hand' });
    expect(r.errors).toHaveLength(1);
    // The third label of the pretty-printed file starts on its own line.
    const line = JSON.stringify(backup, null, 2).split('\n').findIndex((l, i, all) => l.trim() === '{' && all[i + 1]?.includes('"caseKey"') && all.slice(i, i + 9).join('').includes('wrong')) + 1;
    expect(r.errors[0]).toMatchObject({ line, message: expect.stringMatching(/^labels\[2\]: label/) });
  });

  it('reads gold labels with their settlement from a JSONL row, and one-label rows', () => {
    const gold = row({ labels: { gold: { label: 'not_supported', note: null, updated: '2026-01-01T00:00:00Z', settled_by: 'citation-audit', settled_how: 'majority' } } });
    const flat = { case_id: 3, claim_index: 1, chunk_id: 2, annotator: 'dan', label: 'fully_supported' };
    const r = readLabelFile('g.jsonl', `${JSON.stringify(gold)}\n${JSON.stringify(flat)}\n`);
    expect(r.errors).toEqual([]);
    expect(r.labels[0]).toMatchObject({ annotator: 'gold', settledBy: 'citation-audit', settledHow: 'majority' });
    expect(r.labels[1]).toMatchObject({ caseId: '3', caseKey: null, claimIndex: 1, chunkId: '2', annotator: 'dan', updated: null });
  });

  it('refuses what is not a labels file, in one error at line 1', () => {
    expect(readLabelFile('x.txt', 'hello').errors).toEqual([{ file: 'x.txt', line: 1, problem: 'unknown-kind', message: expect.stringMatching(/not a labels file/) }]);
    expect(readLabelFile('x.json', '{"format": "other"}').errors[0]!.message).toMatch(/not a Citation Auditor backup/);
    expect(readLabelFile('e.jsonl', '  \n').errors[0]!.message).toMatch(/empty/);
  });
});
