import { describe, expect, it } from 'vitest';
import { numberedCase } from '../../../tests/factories/audits';
import { auditCase } from '../audit';
import {
  DATASET_COLUMNS,
  datasetMetrics,
  datasetRow,
  datasetRowsToCsv,
  datasetRowsToJsonl,
  failedRow,
  filterRows,
  sortRows,
  SCORE_KEYS,
  type DatasetRow,
  type ScoreKey,
} from './dataset';
import { applyModelResults } from '../report/report';
import type { AuditCase, ModelResults } from '../types';

function row(index: number, over: Partial<Omit<DatasetRow, 'scores'>> & { scores?: Partial<Record<ScoreKey, number | null>> } = {}): DatasetRow {
  const { scores, ...rest } = over;
  return {
    index,
    line: index + 1,
    case_id: `c${index}`,
    query: `query ${index}`,
    verdict: 'PASS',
    dimensions: { exists: 'PASS', accurate: 'PASS', complete: 'PASS', formatted: 'PASS' },
    checked_by: 'model',
    model: 'm',
    language: 'en',
    claims: 2,
    citations: 2,
    errors: 0,
    warnings: 0,
    scores: { ...(Object.fromEntries(SCORE_KEYS.map((k) => [k, null])) as Record<ScoreKey, null>), ...scores },
    error: null,
    ...rest,
  };
}

describe('dataset rows', () => {
  const c = numberedCase({ id: 'tower', query: 'How tall is the tower?', answer: 'The tower is 300 metres tall [1]. It has a lift [2].' }, 'The tower is 300 metres tall.', 'Visitors ride a lift to the top.');

  it('summarises a local report: verdict, dimension statuses, counts and the local scores', () => {
    const r = datasetRow(4, 9, auditCase(c), c.query);
    expect(r).toMatchObject({ index: 4, line: 9, case_id: 'tower', checked_by: 'local', model: null, claims: 2, citations: 2, errors: 0 });
    expect(r.dimensions.accurate).toBe('NOT_CHECKED');
    expect(r.verdict).toBe('INCOMPLETE');
    expect(r.scores.citation_coverage).toBe(1);
    expect(r.scores.citation_recall).toBeNull();
  });

  it('carries the ALCE scores after a model run', () => {
    const local = auditCase(c);
    const results: ModelResults = {
      model: 'test-model',
      judgements: [
        { claim_index: 0, support: [{ chunk_id: '1', verdict: 'fully_supported', supporting_phrase: 'The tower is 300 metres tall', missing_or_extra: '', decision_basis: '' }] },
        { claim_index: 1, support: [{ chunk_id: '2', verdict: 'partially_supported', supporting_phrase: 'ride a lift', missing_or_extra: '', decision_basis: '' }] },
      ],
    };
    const r = datasetRow(0, 1, applyModelResults(local, results, c), c.query);
    expect(r.checked_by).toBe('model');
    expect(r.model).toBe('test-model');
    expect(r.verdict).toBe('FAIL');
    // Recall: claim 0 fully supported, claim 1 not → 1/2; precision: 1 of 2 citations counts.
    expect(r.scores.citation_recall).toBe(0.5);
    expect(r.scores.citation_precision).toBe(0.5);
    expect(r.scores.support_weighted_precision).toBe(0.75);
    // ACCURATE failed on the model's judgement, which makes no finding: the row still counts it.
    expect(r.dimensions.accurate).toBe('FAIL');
    expect(r.errors).toBe(1);
    const wrong = applyModelResults(local, { ...results, answer_evaluation: { verdict: 'INCORRECT', missing_information: [], correctness_score: 0 } }, c);
    expect(datasetRow(0, 1, wrong, c.query).errors).toBe(2);
  });

  it('makes a failing row for a case that could not be audited', () => {
    const r = failedRow(3, 4, 'bad', 'q', 'boom');
    expect(r).toMatchObject({ verdict: 'FAIL', error: 'boom', claims: 0 });
    expect(Object.values(r.dimensions)).toEqual(['NOT_CHECKED', 'NOT_CHECKED', 'NOT_CHECKED', 'NOT_CHECKED']);
    expect(datasetRowsToCsv([r]).split('\r\n')[1]!.endsWith(',boom,q')).toBe(true);
  });

  it('shortens long queries', () => {
    const r = datasetRow(0, 1, auditCase(c), 'x'.repeat(1000));
    expect(r.query.length).toBe(300);
    expect(r.query.endsWith('…')).toBe(true);
  });
});

describe('dataset metrics', () => {
  it('averages each score over the cases that have it, counts verdicts and dimensions, and bins scores', () => {
    const rows = [
      row(0, { scores: { citation_recall: 1, citation_precision: 0.5 } }),
      row(1, { verdict: 'FAIL', dimensions: { exists: 'FAIL', accurate: 'PASS', complete: 'PASS', formatted: 'PASS' }, scores: { citation_recall: 0.25, citation_precision: null } }),
      row(2, { verdict: 'INCOMPLETE', checked_by: 'local', dimensions: { exists: 'PASS', accurate: 'NOT_CHECKED', complete: 'PASS', formatted: 'PASS' }, scores: { citation_recall: 0 } }),
    ];
    const m = datasetMetrics(rows);
    expect(m.cases).toBe(3);
    expect(m.verdicts).toEqual({ PASS: 1, FAIL: 1, INCOMPLETE: 1 });
    expect(m.dimensions.exists).toEqual({ PASS: 2, FAIL: 1, NOT_CHECKED: 0 });
    expect(m.dimensions.accurate).toEqual({ PASS: 2, FAIL: 0, NOT_CHECKED: 1 });
    expect(m.checkedByModel).toBe(2);
    expect(m.claims).toBe(6);
    // (1 + 0.25 + 0) / 3 and 0.5 / 1 (a case without the score does not count as 0).
    expect(m.scores.citation_recall).toMatchObject({ mean: 0.4167, n: 3, min: 0, max: 1 });
    expect(m.scores.citation_recall.histogram).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(m.scores.citation_precision).toMatchObject({ mean: 0.5, n: 1 });
    expect(m.scores.overall_score).toMatchObject({ mean: null, n: 0, min: null });
    expect(datasetMetrics([]).scores.citation_recall.mean).toBeNull();
  });
});

describe('sorting and filtering', () => {
  const rows = [
    row(0, { case_id: 'b', verdict: 'PASS', scores: { overall_score: 0.5 } }),
    row(1, { case_id: 'a10', verdict: 'FAIL', scores: { overall_score: null } }),
    row(2, { case_id: 'a9', verdict: 'INCOMPLETE', scores: { overall_score: 0.9 }, query: 'Rainfall in Mawsynram' }),
    row(3, { case_id: 'c', verdict: 'FAIL', scores: { overall_score: 0.1 }, dimensions: { exists: 'PASS', accurate: 'FAIL', complete: 'PASS', formatted: 'PASS' } }),
  ];
  const ids = (rs: DatasetRow[]) => rs.map((r) => r.case_id);

  it('sorts by score with missing values last in both directions, stably', () => {
    expect(ids(sortRows(rows, 'overall_score', 'asc'))).toEqual(['c', 'b', 'a9', 'a10']);
    expect(ids(sortRows(rows, 'overall_score', 'desc'))).toEqual(['a9', 'b', 'c', 'a10']);
    expect(ids(sortRows(rows, 'verdict'))).toEqual(['a10', 'c', 'a9', 'b']);
    expect(ids(sortRows(rows, 'case_id'))).toEqual(['a9', 'a10', 'b', 'c']);
    expect(ids(sortRows(rows, 'accurate'))).toEqual(['c', 'b', 'a10', 'a9']);
  });

  it('filters by verdict, failing dimension and words of the id or query', () => {
    expect(ids(filterRows(rows, { verdict: 'FAIL' }))).toEqual(['a10', 'c']);
    expect(ids(filterRows(rows, { failing: 'accurate' }))).toEqual(['c']);
    expect(ids(filterRows(rows, { text: 'mawsynram RAIN' }))).toEqual(['a9']);
    expect(ids(filterRows(rows, { text: 'a1' }))).toEqual(['a10']);
    expect(filterRows(rows, { verdict: 'ANY', failing: 'ANY', text: '  ' })).toHaveLength(4);
  });
});

describe('dataset exports', () => {
  const tricky = row(0, {
    case_id: 'x,1',
    query: 'He said "hi",\r\nthen =SUM(A1) and\nmore',
    scores: { citation_recall: 0.5, overall_score: 0.25 },
  });
  const plain = row(1, { case_id: '-3', query: '+flag' });

  it('writes one flat JSON object per line with the CSV columns as keys', () => {
    const text = datasetRowsToJsonl([tricky, plain]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    const back = JSON.parse(lines[0]!);
    expect(Object.keys(back)).toEqual([...DATASET_COLUMNS]);
    expect(back).toMatchObject({ case_id: 'x,1', accurate: 'PASS', citation_recall: 0.5, overall_score: 0.25, correctness: null, query: tricky.query });
  });

  it('quotes CSV cells with commas, quotes and line breaks, and defuses formula-like text', () => {
    const csv = datasetRowsToCsv([tricky, plain]);
    expect(csv.startsWith(`${DATASET_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const first = csv.split('\r\n')[1]!;
    expect(first.startsWith('0,1,"x,1",PASS,PASS,PASS,PASS,PASS,model,m,en,2,2,0,0,0.5,,,,,,0.25,,,,')).toBe(true);
    expect(csv).toContain('"He said ""hi"",\r\nthen =SUM(A1) and\nmore"');
    // A number-like id stays a number; text a spreadsheet would run as a formula gets an apostrophe.
    expect(csv).toContain("\r\n1,2,-3,");
    expect(csv).toContain(",'+flag\r\n");
    expect(datasetRowsToCsv([])).toBe(`${DATASET_COLUMNS.join(',')}\r\n`);
  });
});

describe('stability (repeated judgements)', () => {
  const c: AuditCase = { query: 'How tall?', answer: 'It is 330 metres tall [1].', chunks: [{ id: '1', text: 'The tower is 330 metres tall.' }] };
  const judged = (verdicts: ModelResults['judgements'][number]['support'][number]['verdicts']): ModelResults => ({
    model: 'm',
    repeat: { k: 2, rule: 'stricter' },
    judgements: [{ claim_index: 0, support: [{ chunk_id: '1', verdict: 'partially_supported', supporting_phrase: 'The tower is 330 metres tall.', missing_or_extra: '', decision_basis: '', verdicts }] }],
  });

  it('a row carries its case’s share of agreeing pairs; a case without repeats has none', () => {
    const unstable = applyModelResults(auditCase(c), judged(['fully_supported', 'partially_supported']), c);
    expect(datasetRow(0, 1, unstable, c.query).stability).toBe(0);
    const stable = applyModelResults(auditCase(c), judged(['partially_supported', 'partially_supported']), c);
    expect(datasetRow(0, 1, stable, c.query).stability).toBe(1);
    expect(datasetRow(0, 1, auditCase(c), c.query).stability).toBeNull();
  });

  it('is averaged over the cases that have it, sorted with the others, and exported', () => {
    const rows = [row(0, { stability: 1 }), row(1, { stability: 0.5 }), row(2, { stability: null }), row(3)];
    expect(datasetMetrics(rows).stability).toMatchObject({ mean: 0.75, n: 2, min: 0.5, max: 1 });
    expect(sortRows(rows, 'stability').map((r) => r.index)).toEqual([1, 0, 2, 3]);
    expect(DATASET_COLUMNS).toContain('stability');
    expect(datasetRowsToCsv(rows).split('\r\n')[2]).toContain(',0.5,');
    expect(JSON.parse(datasetRowsToJsonl(rows).split('\n')[3]!).stability).toBeNull();
  });
});
