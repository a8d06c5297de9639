import { describe, expect, it } from 'vitest';
import { disagreementsWith, labelsByRater, teamAgreement } from './team';
import { pairKey, type LabelLike } from './labels';
import type { SupportVerdict } from '../types';

const F: SupportVerdict = 'fully_supported';
const P: SupportVerdict = 'partially_supported';
const N: SupportVerdict = 'not_supported';

const label = (annotator: string, claimIndex: number, l: SupportVerdict): LabelLike => ({ caseKey: 'id:c', claimIndex, chunkId: '1', annotator, label: l });
const key = (claimIndex: number) => pairKey('id:c', claimIndex, '1');

// Three raters over four pairs: pair 0 all fully; pair 1 not/partially/not; pair 2 alice and bob
// partially (carol missing); pair 3 alice only.
const labels: LabelLike[] = [
  label('alice', 0, F), label('bob', 0, F), label('carol', 0, F),
  label('alice', 1, N), label('bob', 1, P), label('carol', 1, N),
  label('alice', 2, P), label('bob', 2, P),
  label('alice', 3, F),
];

describe('team agreement', () => {
  const team = teamAgreement(labelsByRater(labels));

  it('computes α over every rater with gaps (hand: nominal 2/3, ordinal 1 − 7·12.5/600)', () => {
    // Coincidences: o_NN = 1, o_NP = o_PN = 1, o_PP = 2, o_FF = 3; marginals N 2, P 3, F 3, n = 8.
    // Nominal: 1 − 7·2/42. Ordinal: δ²(N,P) = 6.25, δ²(N,F) = 30.25, δ²(P,F) = 9 → Σ n n δ² = 600.
    expect(team.raters).toEqual(['alice', 'bob', 'carol']);
    expect(team.items).toBe(4);
    expect(team.pairable).toBe(3);
    expect(team.alpha_nominal).toBeCloseTo(2 / 3, 12);
    expect(team.alpha_ordinal).toBeCloseTo(1 - (7 * 12.5) / 600, 12);
  });

  it("lists Cohen's κ of each two raters over what both labelled", () => {
    // alice–bob: p_o = 2/3, p_e = 1/3 → 0.5; alice–carol: 1; bob–carol: p_o = 1/2, p_e = 1/4 → 1/3.
    expect(team.pairwise.map((p) => [p.a, p.b, p.n])).toEqual([['alice', 'bob', 3], ['alice', 'carol', 2], ['bob', 'carol', 2]]);
    expect(team.pairwise[0]!.kappa).toBeCloseTo(0.5, 12);
    expect(team.pairwise[1]!.kappa).toBeCloseTo(1, 12);
    expect(team.pairwise[2]!.kappa).toBeCloseTo(1 / 3, 12);
  });

  it('says per rater how much they labelled and how often they agree with the others', () => {
    const alice = team.per_rater.find((r) => r.rater === 'alice')!;
    expect(alice).toMatchObject({ labelled: 4, shared: 3 });
    // 2 of 3 with bob, 2 of 2 with carol.
    expect(alice.agreement).toBeCloseTo(4 / 5, 12);
    expect(alice.mean_kappa).toBeCloseTo(0.75, 12);
    const bob = team.per_rater.find((r) => r.rater === 'bob')!;
    expect(bob.agreement).toBeCloseTo(3 / 5, 12);
  });

  it('lists the disagreements with every label, filterable by rater', () => {
    expect(team.disagreements).toEqual([{ key: key(1), labels: { alice: N, bob: P, carol: N } }]);
    expect(disagreementsWith(team, 'carol')).toHaveLength(1);
    expect(disagreementsWith(team, null)).toHaveLength(1);
    const two = teamAgreement(labelsByRater([...labels, label('dave', 3, N)]));
    expect(disagreementsWith(two, 'dave').map((d) => d.key)).toEqual([key(3)]);
    expect(disagreementsWith(two, 'bob').map((d) => d.key)).toEqual([key(1)]);
    expect(disagreementsWith(two, 'constructor')).toEqual([]);
  });

  it('keeps only the raters asked for, in that order, with empty maps for silent ones', () => {
    const m = labelsByRater(labels, ['carol', 'alice', 'zoe']);
    expect([...m.keys()]).toEqual(['carol', 'alice', 'zoe']);
    expect(m.get('zoe')!.size).toBe(0);
    const t = teamAgreement(m);
    expect(t.pairwise.find((p) => p.a === 'carol' && p.b === 'alice')).toMatchObject({ n: 2, kappa: 1 });
    expect(t.per_rater.find((r) => r.rater === 'zoe')).toMatchObject({ labelled: 0, agreement: null, mean_kappa: null });
  });

  it('gives null α when nothing is pairable', () => {
    const t = teamAgreement(labelsByRater([label('alice', 0, F), label('bob', 1, N)]));
    expect(t).toMatchObject({ items: 2, pairable: 0, alpha_nominal: null, alpha_ordinal: null });
  });
});
