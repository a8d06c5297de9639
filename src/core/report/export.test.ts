import { describe, expect, it } from 'vitest';
import { numberedCase } from '../../../tests/factories/audits';
import { auditCase } from '../audit';
import { applyModelResults } from './report';
import { claimRows, csvCell, exportFileName, reportToJson, rowsToCsv, rowsToJsonl } from './export';

const c = numberedCase({ id: 'exp/1', query: 'Where is the tower?', answer: 'The tower is in Paris [1]. It is 330 m tall [1][2]. It was painted blue in 1990.' }, 'The tower stands in Paris and is 330 m tall.', 'Unrelated text about trains, "quoted", with commas.');

describe('claim rows', () => {
  it('has one row per (claim, cited chunk) and one for an uncited claim', () => {
    const report = auditCase(c);
    const rows = claimRows(report);
    expect(rows.map((r) => [r.claim_index, r.chunk_id])).toEqual([
      [0, '1'],
      [1, '1'],
      [1, '2'],
      [2, null],
    ]);
    expect(rows[3]!.local_issues).toContain('uncited_claim');
    expect(rows[0]!.case_id).toBe('exp/1');
    expect(rows[0]!.verdict).toBeNull();
  });

  it('carries the model verdict, its NLI label and score, and human labels', () => {
    const local = auditCase(c);
    const merged = applyModelResults(
      local,
      {
        model: 'test-model',
        judgements: [
          {
            claim_index: 0,
            support: [
              { chunk_id: '1', verdict: 'fully_supported', supporting_phrase: 'The tower stands in Paris', missing_or_extra: '', decision_basis: 'Stated.' },
            ],
          },
        ],
      },
      c,
    );
    const rows = claimRows(merged, [{ claim_index: 0, chunk_id: '1', label: 'partially_supported', annotator: 'ana', note: 'hm' }]);
    expect(rows[0]).toMatchObject({
      verdict: 'fully_supported',
      nli: 'ENTAILMENT',
      support_score: 1,
      supporting_phrase: 'The tower stands in Paris',
      human_label: 'partially_supported',
      human_annotator: 'ana',
      human_note: 'hm',
    });
  });

  it('writes JSONL with one parseable object per line', () => {
    const rows = claimRows(auditCase(c));
    const lines = rowsToJsonl(rows).trimEnd().split('\n');
    expect(lines).toHaveLength(rows.length);
    expect(JSON.parse(lines[0]!)).toEqual(rows[0]);
    expect(rowsToJsonl([])).toBe('');
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(['a', 'b'])).toBe('a; b');
    expect(csvCell(true)).toBe('true');
  });

  it('has a header and one CRLF line per row', () => {
    const rows = claimRows(auditCase(c));
    const csv = rowsToCsv(rows);
    const lines = csv.split('\r\n');
    expect(lines[0]!.startsWith('case_id,claim_index,claim,')).toBe(true);
    expect(lines).toHaveLength(rows.length + 2);
  });
});

describe('report file', () => {
  it('is the report as indented JSON and names files after the case', () => {
    const report = auditCase(c);
    expect(JSON.parse(reportToJson(report))).toEqual(JSON.parse(JSON.stringify(report)));
    expect(exportFileName(report, 'report', 'json')).toBe('exp_1-report.json');
    expect(exportFileName(null, 'claims', 'csv')).toBe('audit-claims.csv');
  });
});
