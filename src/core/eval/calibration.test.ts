import { describe, expect, it } from 'vitest';
import { calibrate, chooseAnnotator, splitLabelled } from './calibration';

describe('splitLabelled', () => {
  it('takes label export rows out and keeps case lines at their line numbers', () => {
    const row = { case_id: 7, case_key: 'id:7', claim_index: 1, chunk_id: 3, labels: { ann: { label: 'not_supported', note: null } } };
    const text = `{"query":"q","answer":"a","chunks":[]}\n${JSON.stringify(row)}\n{"query":"q2","answer":"b","chunks":[]}\n`;
    const s = splitLabelled(text);
    expect(s.rows).toEqual([{ line: 2, caseId: '7', caseKey: 'id:7', claimIndex: 1, chunkId: '3', labels: { ann: 'not_supported' } }]);
    expect(s.caseText.split('\n')[1]).toBe('');
    expect(s.caseText.split('\n')[2]).toContain('q2');
  });
  it('takes rows of one label per line too (the label files agreement reads)', () => {
    const one = { case_id: 'a', claim_index: 0, chunk_id: '1', claim: 'Paris.', annotator: 'alice', label: 'fully_supported', updated: '2026-01-01T00:00:00.000Z' };
    const s = splitLabelled(`${JSON.stringify(one)}\n${JSON.stringify({ ...one, annotator: 'bob', label: 'not_supported' })}\n`);
    expect(s.rows).toEqual([
      { line: 1, caseId: 'a', caseKey: null, claimIndex: 0, chunkId: '1', claim: 'Paris.', labels: { alice: 'fully_supported' } },
      { line: 2, caseId: 'a', caseKey: null, claimIndex: 0, chunkId: '1', claim: 'Paris.', labels: { bob: 'not_supported' } },
    ]);
    expect(s.caseText.trim()).toBe('');
  });
  it('leaves a row with a label outside the scale to the case parser (which reports it)', () => {
    const bad = JSON.stringify({ claim_index: 0, chunk_id: '1', labels: { ann: { label: 'yes' } } });
    expect(splitLabelled(bad).rows).toEqual([]);
  });
});

describe('chooseAnnotator', () => {
  it('prefers the asked one, then the reference, then the only one; refuses to pool', () => {
    expect(chooseAnnotator(['a', 'reference'], 'a')).toEqual({ annotator: 'a' });
    expect(chooseAnnotator(['a', 'reference'])).toEqual({ annotator: 'reference' });
    expect(chooseAnnotator(['a', 'a'])).toEqual({ annotator: 'a' });
    expect(chooseAnnotator(['a', 'b'])).toHaveProperty('error');
    expect(chooseAnnotator(['a'], 'z')).toEqual({ error: 'no labels by "z"; annotators: a' });
  });
});

describe('calibrate', () => {
  it('compares only the pairs the model judged and counts the binary outcomes', () => {
    const c = calibrate([
      { key: '1', human: 'fully_supported', model: 'fully_supported' },
      { key: '2', human: 'not_supported', model: 'partially_supported' },
      { key: '3', human: 'partially_supported', model: 'fully_supported' },
      { key: '4', human: 'fully_supported', model: null },
    ]);
    expect(c.labelled).toBe(4);
    expect(c.judged).toBe(3);
    expect(c.binary).toEqual({ truePositive: 1, falseNegative: 0, falsePositive: 1, trueNegative: 1 });
    expect(c.balancedAccuracy).toBe(0.75);
    expect(c.falseSupportRate).toBe(0.5);
  });
});
