import { describe, expect, it } from 'vitest';
import { consensus, GOLD_ANNOTATOR, isGoldLabel, pairConsensus, settleByHand, type GoldLabel } from './consensus';
import { pairKey, REFERENCE_ANNOTATOR, type LabelLike } from './labels';
import type { SupportVerdict } from '../types';

const F: SupportVerdict = 'fully_supported';
const P: SupportVerdict = 'partially_supported';
const N: SupportVerdict = 'not_supported';
const label = (annotator: string, claimIndex: number, l: SupportVerdict): LabelLike => ({ caseKey: 'id:c', claimIndex, chunkId: '1', annotator, label: l, updated: 1 });
const key = (claimIndex: number) => pairKey('id:c', claimIndex, '1');

describe('pairConsensus', () => {
  it('tells unanimous, strict majority, tie and too few labels apart', () => {
    expect(pairConsensus([F, F])).toEqual({ kind: 'unanimous', verdict: F });
    expect(pairConsensus({ a: N, b: N, c: P })).toEqual({ kind: 'majority', verdict: N });
    expect(pairConsensus([N, P])).toEqual({ kind: 'tie' });
    // 2 of 4 is no strict majority.
    expect(pairConsensus([N, N, P, F])).toEqual({ kind: 'tie' });
    expect(pairConsensus([F])).toEqual({ kind: 'single' });
    expect(pairConsensus([])).toEqual({ kind: 'none' });
  });
});

describe('consensus into gold', () => {
  const labels = [
    label('alice', 0, F), label('bob', 0, F), // unanimous
    label('alice', 1, N), label('bob', 1, N), label('carol', 1, P), // majority
    label('alice', 2, N), label('bob', 2, P), // tie
    label('alice', 3, F), // one label: nothing to settle
    label('alice', 4, N), label(REFERENCE_ANNOTATOR, 4, F), // the reference does not vote
  ];
  const opts = { settledBy: 'lead', now: 1000 };

  it('settles unanimous pairs at once and leaves the rest to the lead', () => {
    const r = consensus(labels, { rule: 'unanimous', ...opts });
    expect(r.gold.map((g) => [g.claimIndex, g.label, g.settledHow, g.settledBy, g.annotator])).toEqual([[0, F, 'unanimous', 'lead', GOLD_ANNOTATOR]]);
    expect(r.unsettled.map((u) => u.key)).toEqual([key(1), key(2)]);
  });

  it('settles a strict majority under the majority rule; ties stay', () => {
    const r = consensus(labels, { rule: 'majority', ...opts });
    expect(r.gold.map((g) => [g.claimIndex, g.label, g.settledHow])).toEqual([[0, F, 'unanimous'], [1, N, 'majority']]);
    expect(r.unsettled).toEqual([{ key: key(2), labels: { alice: N, bob: P } }]);
    expect(r.gold.every(isGoldLabel)).toBe(true);
  });

  it('keeps a pair settled by hand, and names rule-made gold that no longer holds', () => {
    const byHand = settleByHand({ caseKey: 'id:c', claimIndex: 2, chunkId: '1' }, P, { settledBy: 'lead', note: ' read the table ', now: 5 });
    expect(byHand).toMatchObject({ annotator: 'gold', label: P, settledHow: 'by_hand', note: 'read the table' });
    const old: GoldLabel = { caseKey: 'id:c', claimIndex: 0, chunkId: '1', annotator: 'gold', label: F, updated: 2, settledBy: 'lead', settledHow: 'unanimous' };
    // Bob changed his mind on pair 0: the unanimous gold is stale, the pair is now a tie.
    const changed = labels.map((l) => (l.annotator === 'bob' && l.claimIndex === 0 ? { ...l, label: N } : l));
    const r = consensus([...changed, byHand, old], { rule: 'majority', ...opts });
    expect(r.kept).toBe(1);
    expect(r.gold.map((g) => g.claimIndex)).toEqual([1]);
    expect(r.stale).toEqual([old]);
    expect(r.unsettled.map((u) => u.key)).toEqual([key(0)]);
  });

  it('under the unanimous rule, leaves a majority settled earlier alone while it holds', () => {
    const prior: GoldLabel = { caseKey: 'id:c', claimIndex: 1, chunkId: '1', annotator: 'gold', label: N, updated: 2, settledBy: 'cli', settledHow: 'majority' };
    const r = consensus([...labels, prior], { rule: 'unanimous', ...opts });
    expect(r.kept).toBe(1);
    expect(r.stale).toEqual([]);
    expect(r.unsettled.map((u) => u.key)).toEqual([key(2)]);
  });

  it('counts only the raters asked for', () => {
    const r = consensus(labels, { rule: 'majority', raters: ['alice', 'carol'], ...opts });
    expect(r.gold).toEqual([]);
    expect(r.unsettled.map((u) => u.key)).toEqual([key(1)]);
  });
});
