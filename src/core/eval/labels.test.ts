import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberedCase } from '../../../tests/factories/audits';
import { auditCase } from '../audit';
import {
  MODEL_RATER,
  REFERENCE_ANNOTATOR,
  annotatorsOf,
  busiestRaterPair,
  citedPairs,
  describePair,
  highlightRuns,
  labelExportRow,
  labelRowsToCsv,
  labelRowsToJsonl,
  modelPairVerdicts,
  pairKey,
  raterAgreement,
  splitPairKey,
  type LabelLike,
} from './labels';
import { prepareCase, restoreCase } from '../parse/case';
import { applyModelResults } from '../report/report';
import type { AuditCase, ModelResults, SupportVerdict } from '../types';

const CASES = path.resolve(process.cwd(), '../shared/cases');

function shared(name: string): AuditCase {
  const r = restoreCase(JSON.parse(readFileSync(path.join(CASES, `${name}.json`), 'utf8')));
  if (!r.value) throw new Error(r.errors.join('; '));
  return r.value;
}

describe('pairs and what the view shows of one', () => {
  it('lists each claim with each distinct cited chunk; citations of no chunk are left out', () => {
    const c = shared('attributionbench_hagrid_can_you_vote_at_16_years_in_argentina');
    const pairs = citedPairs(auditCase(c));
    expect(pairs.map((p) => `${p.claimIndex}:${p.chunkId}`)).toEqual(['1:2', '1:3', '2:4', '2:5', '3:2', '4:3', '5:4', '6:5']);
    expect(pairs.every((p) => p.cited)).toBe(true);
  });

  it('finds the quoted span of a structured citation in the chunk', () => {
    const c = shared('anthropic_char_location_grass_sky_langchainjs_docs');
    const report = auditCase(c);
    const { chunks, answer } = prepareCase(c);
    const [first, second] = citedPairs(report).map((p) => describePair(report, chunks, p)!);
    expect(first!.claimText).toBe('The grass is green');
    expect(answer.slice(first!.claimSpan.start, first!.claimSpan.end)).toContain('The grass is green');
    expect(first!.chunk!.text.slice(first!.quoteSpan!.start, first!.quoteSpan!.end)).toBe('The grass is green. ');
    expect(second!.chunk!.text.slice(second!.quoteSpan!.start, second!.quoteSpan!.end)).toBe('The sky is blue.');
    expect(first!.model).toBeNull();
    // A quote is where to look: no word-overlap passage besides it.
    expect(first!.near).toBeNull();
  });

  it('without a quote, marks the passage of the chunk that shares most words with the claim', () => {
    const c: AuditCase = {
      query: 'How tall is the tower?',
      answer: 'The tower is 330 metres tall [1].',
      chunks: [{ id: '1', text: 'The tower was designed by a local engineer. It is 330 metres tall, including its antennas. It is repainted every seven years.' }],
    };
    const report = auditCase(c);
    const { chunks } = prepareCase(c);
    const [pair] = citedPairs(report).map((p) => describePair(report, chunks, p)!);
    expect(pair!.quoteSpan).toBeNull();
    expect(pair!.chunk!.text.slice(pair!.near!.start, pair!.near!.end)).toBe('It is 330 metres tall, including its antennas.');
  });

  it('carries the model judgement (after the merge) with its supporting phrase located', () => {
    const c = numberedCase({ id: 'm1', query: 'How tall?', answer: 'The tower is 300 metres tall [1]. It opened in 1889 [2].' }, 'Built for the fair, the tower is 300 metres tall and made of iron.', 'The fair took place in Paris.');
    const local = auditCase(c);
    const results: ModelResults = {
      model: 'test-model',
      judgements: [
        { claim_index: 0, support: [{ chunk_id: '1', verdict: 'fully_supported', supporting_phrase: 'the tower is 300 metres tall', missing_or_extra: '', decision_basis: 'stated' }] },
        { claim_index: 1, support: [{ chunk_id: '2', verdict: 'not_supported', supporting_phrase: '', missing_or_extra: 'the year', decision_basis: 'absent' }] },
      ],
    };
    const merged = applyModelResults(local, results, c);
    expect(modelPairVerdicts(local).size).toBe(0);
    expect([...modelPairVerdicts(merged)]).toEqual([
      ['0\u00001', 'fully_supported'],
      ['1\u00002', 'not_supported'],
    ]);
    const v = describePair(merged, c.chunks, { claimIndex: 0, chunkId: '1' })!;
    expect(v.model!.verdict).toBe('fully_supported');
    expect(c.chunks[0]!.text.slice(v.model!.span!.start, v.model!.span!.end)).toBe('the tower is 300 metres tall');
    expect(v.markers).toEqual(['[1]']);
  });

  it('cuts text into runs at overlapping highlight boundaries', () => {
    const runs = highlightRuns('abcdefghij', [
      { start: 2, end: 6, kind: 'quote' },
      { start: 4, end: 8, kind: 'support' },
      { start: 9, end: 40, kind: 'quote' },
      { start: 5, end: 5, kind: 'support' },
    ]);
    expect(runs.map((r) => [r.text, r.kinds.join('+')])).toEqual([
      ['ab', ''],
      ['cd', 'quote'],
      ['ef', 'quote+support'],
      ['gh', 'support'],
      ['i', ''],
      ['j', 'quote'],
    ]);
    expect(runs.map((r) => r.text).join('')).toBe('abcdefghij');
  });
});

describe('agreement over stored labels', () => {
  const L = (caseKey: string, claimIndex: number, chunkId: string, annotator: string, label: SupportVerdict): LabelLike => ({ caseKey, claimIndex, chunkId, annotator, label });

  it('compares two annotators on the pairs both labelled, and an annotator with the model', () => {
    const F = 'fully_supported';
    const P = 'partially_supported';
    const N = 'not_supported';
    const labels = [
      L('a', 0, '1', 'ann', F),
      L('a', 1, '2', 'ann', P),
      L('b', 0, '1', 'ann', N),
      L('b', 1, '1', 'ann', F),
      L('a', 0, '1', 'bob', F),
      L('a', 1, '2', 'bob', N),
      L('b', 0, '1', 'bob', N),
      L('c', 0, '1', 'bob', F), // only bob: not compared
    ];
    const s = raterAgreement(labels, new Map(), 'ann', 'bob');
    expect(s.n).toBe(3);
    expect(s.percent).toBeCloseTo(2 / 3, 10);
    // Hand computation: ann = [F, P, N], bob = [F, N, N]; po = 2/3;
    // pe = P(F)·P(F) + P(P)·P(P) + P(N)·P(N) = (1/3)(1/3) + (1/3)(0) + (1/3)(2/3) = 1/3; κ = (2/3 − 1/3)/(1 − 1/3) = 0.5.
    expect(s.kappa).toBeCloseTo(0.5, 10);
    expect(s.disagreements.map((d) => [splitPairKey(d.key), d.a, d.b])).toEqual([[{ caseKey: 'a', claimIndex: 1, chunkId: '2' }, P, N]]);

    const model = new Map<string, SupportVerdict>([
      [pairKey('a', 0, '1'), F],
      [pairKey('b', 1, '1'), P],
    ]);
    const m = raterAgreement(labels, model, 'ann', MODEL_RATER);
    expect(m.n).toBe(2);
    expect(m.percent).toBe(0.5);
    expect(m.matrix[2]![1]).toBe(1); // ann fully, model partially
    expect(annotatorsOf([...labels, L('a', 0, '1', REFERENCE_ANNOTATOR, F)])).toEqual(['ann', 'bob', REFERENCE_ANNOTATOR]);
  });

  it('picks the two raters who share the most pairs, not the two with the most labels', () => {
    const F = 'fully_supported' as const;
    const labels = [
      // ann and cy each labelled three pairs, but of different cases: they share none.
      L('a', 0, '1', 'ann', F),
      L('a', 1, '1', 'ann', F),
      L('a', 2, '1', 'ann', F),
      L('b', 0, '1', 'cy', F),
      L('b', 1, '1', 'cy', F),
      L('b', 2, '1', 'cy', F),
      // bob shares two pairs with ann and one with cy.
      L('a', 0, '1', 'bob', F),
      L('a', 1, '1', 'bob', F),
      L('b', 0, '1', 'bob', F),
    ];
    expect(busiestRaterPair(labels, new Map(), ['ann', 'bob', 'cy'])).toEqual(['ann', 'bob']);
    // The model counts like any rater; on a tie the earlier pair in the list stays.
    const model = new Map([[pairKey('b', 0, '1'), F], [pairKey('b', 1, '1'), F]] as const);
    expect(busiestRaterPair(labels, model, ['ann', 'bob', 'cy', MODEL_RATER])).toEqual(['ann', 'bob']);
    expect(busiestRaterPair(labels, model, ['cy', MODEL_RATER, 'ann', 'bob'])).toEqual(['cy', MODEL_RATER]);
    // Nobody shares a pair: no suggestion (a rater alone is not compared with itself).
    expect(busiestRaterPair(labels, new Map(), ['ann', 'cy'])).toBeNull();
    expect(busiestRaterPair(labels, new Map(), ['ann'])).toBeNull();
  });

  it('orders disagreements by the annotation queue when given', () => {
    const labels = [L('a', 0, '1', 'x', 'fully_supported'), L('a', 1, '1', 'x', 'fully_supported'), L('a', 0, '1', 'y', 'not_supported'), L('a', 1, '1', 'y', 'not_supported')];
    const order = [pairKey('a', 1, '1'), pairKey('a', 0, '1')];
    expect(raterAgreement(labels, new Map(), 'x', 'y', order).disagreements.map((d) => d.key)).toEqual(order);
  });
});

describe('labels export', () => {
  const c = shared('anthropic_char_location_grass_sky_langchainjs_docs');
  const report = auditCase(c);
  const { chunks } = prepareCase(c);
  const view = describePair(report, chunks, citedPairs(report)[0]!)!;
  const key = 'id:x';
  const labels: LabelLike[] = [
    { caseKey: key, claimIndex: view.claimIndex, chunkId: view.chunkId, annotator: 'ann', label: 'fully_supported', note: 'says "green", exactly\nyes', updated: Date.UTC(2025, 0, 2) },
    { caseKey: key, claimIndex: view.claimIndex, chunkId: view.chunkId, annotator: REFERENCE_ANNOTATOR, label: 'partially_supported' },
    { caseKey: 'other', claimIndex: view.claimIndex, chunkId: view.chunkId, annotator: 'ann', label: 'not_supported' },
  ];

  it('has the case, claim, chunk, cited span, every annotator’s label and note, and the model verdict', () => {
    const row = labelExportRow('case-7', key, view, labels);
    expect(row).toMatchObject({
      case_id: 'case-7',
      case_key: key,
      claim: 'The grass is green',
      chunk_id: '0',
      cited_span: { start: 0, end: 20, text: 'The grass is green. ' },
      labels: {
        ann: { label: 'fully_supported', note: 'says "green", exactly\nyes', updated: '2025-01-02T00:00:00.000Z' },
        reference: { label: 'partially_supported', note: null, updated: null },
      },
      model_verdict: null,
    });
    const jsonl = labelRowsToJsonl([row, row]);
    expect(jsonl.split('\n')).toHaveLength(3);
    expect(JSON.parse(jsonl.split('\n')[1]!)).toEqual(row);
    expect(labelRowsToJsonl([])).toBe('');
  });

  it('flattens to CSV with one label and note column per annotator, quoted per RFC 4180', () => {
    const csv = labelRowsToCsv([labelExportRow('case-7', key, view, labels)]);
    const [head, line, end] = csv.split('\r\n');
    expect(head).toBe('case_id,claim_index,claim,chunk_id,cited_text,model_verdict,label:ann,note:ann,label:reference,note:reference');
    expect(line).toBe('case-7,1,The grass is green,0,The grass is green. ,,fully_supported,"says ""green"", exactly\nyes",partially_supported,');
    expect(end).toBe('');
  });
});
