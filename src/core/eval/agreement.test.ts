import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agreement, confusionMatrix, kappaFromMatrix, percentAgreement, SUPPORT_SCALE, type Weights } from './agreement';
import type { SupportVerdict } from '../types';

// κ of label pairs, from their confusion matrix, as agreement() and the team's figures take it.
const cohensKappa = <T>(pairs: readonly (readonly [T, T])[], categories: readonly T[]) => kappaFromMatrix(confusionMatrix(pairs, categories), 'nominal');
const weightedKappa = <T>(pairs: readonly (readonly [T, T])[], ordered: readonly T[], weights: Weights = 'linear') => kappaFromMatrix(confusionMatrix(pairs, ordered), weights);

/** Expands a confusion matrix into label pairs, to test the pair-based functions. */
function pairsFrom<T>(m: number[][], cats: readonly T[]): [T, T][] {
  const out: [T, T][] = [];
  m.forEach((row, i) => row.forEach((count, j) => {
    for (let k = 0; k < count; k++) out.push([cats[i]!, cats[j]!]);
  }));
  return out;
}

describe("Cohen's kappa", () => {
  it('matches the textbook 2×2 example (50 items: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4)', () => {
    // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = (0.7 − 0.5) / 0.5 = 0.4.
    const pairs = pairsFrom([[20, 5], [10, 15]], ['yes', 'no']);
    expect(percentAgreement(pairs)).toBeCloseTo(0.7, 10);
    expect(cohensKappa(pairs, ['yes', 'no'])).toBeCloseTo(0.4, 10);
  });

  it('matches a hand computation on a 3-category table (κ ≈ 0.4915)', () => {
    // 100 items: p_o = (44 + 20 + 6) / 100 = 0.70; p_e = .6·.5 + .3·.3 + .1·.2 = 0.41.
    const m = [[44, 7, 9], [5, 20, 5], [1, 3, 6]];
    const p_o = 0.7;
    const rows = [60, 30, 10];
    const cols = [50, 30, 20];
    const p_e = rows.reduce((s, r, i) => s + (r / 100) * (cols[i]! / 100), 0);
    expect(p_e).toBeCloseTo(0.41, 10);
    expect(kappaFromMatrix(m)).toBeCloseTo((p_o - p_e) / (1 - p_e), 10);
    expect(kappaFromMatrix(m)).toBeCloseTo(0.4915, 3);
  });

  it('is 1 for perfect agreement and null when chance agreement is total', () => {
    const same: [string, string][] = [['a', 'a'], ['b', 'b'], ['c', 'c']];
    expect(cohensKappa(same, ['a', 'b', 'c'])).toBe(1);
    expect(cohensKappa([['a', 'a'], ['a', 'a']], ['a', 'b'])).toBeNull();
    expect(cohensKappa([], ['a', 'b'])).toBeNull();
  });
});

describe('weighted kappa', () => {
  it('equals unweighted kappa with two categories', () => {
    const pairs = pairsFrom([[20, 5], [10, 15]], ['no', 'yes']);
    expect(weightedKappa(pairs, ['no', 'yes'], 'linear')).toBeCloseTo(0.4, 10);
    expect(weightedKappa(pairs, ['no', 'yes'], 'quadratic')).toBeCloseTo(0.4, 10);
  });

  it('matches a hand computation on a 3-point scale', () => {
    // m = [[10,5,0],[2,8,3],[0,2,10]], n = 40; rows 15,13,12; cols 12,15,13.
    // Linear disagreement weights 0, .5, 1: observed = .5·(5+2+3+2) + 1·0 = 6;
    // expected = Σ w·r_i·c_j / n = (.5·(15·15 + 13·12 + 13·13 + 12·15) + 1·(15·13 + 12·12)) / 40
    //          = (.5·730 + 339) / 40 = 704 / 40 = 17.6 → κ_w = 1 − 6/17.6.
    const m = [[10, 5, 0], [2, 8, 3], [0, 2, 10]];
    expect(kappaFromMatrix(m, 'linear')).toBeCloseTo(1 - 6 / 17.6, 10);
    // Quadratic weights 0, .25, 1: observed = .25·12 = 3; expected = (.25·730 + 339) / 40 = 521.5 / 40.
    expect(kappaFromMatrix(m, 'quadratic')).toBeCloseTo(1 - 3 / (521.5 / 40), 10);
  });

  it('penalises far disagreements more than near ones', () => {
    const near = pairsFrom([[5, 5, 0], [0, 5, 0], [0, 0, 5]], SUPPORT_SCALE);
    const far = pairsFrom([[5, 0, 5], [0, 5, 0], [0, 0, 5]], SUPPORT_SCALE);
    expect(weightedKappa(near, SUPPORT_SCALE)!).toBeGreaterThan(weightedKappa(far, SUPPORT_SCALE)!);
    expect(cohensKappa(near, SUPPORT_SCALE)).toBeCloseTo(cohensKappa(far, SUPPORT_SCALE)!, 1);
  });

  it('stays within [-1, 1] and equals 1 on the diagonal', () => {
    const label = fc.constantFrom(...SUPPORT_SCALE);
    fc.assert(
      fc.property(fc.array(fc.tuple(label, label), { minLength: 1, maxLength: 60 }), (pairs) => {
        for (const k of [cohensKappa(pairs, SUPPORT_SCALE), weightedKappa(pairs, SUPPORT_SCALE, 'linear'), weightedKappa(pairs, SUPPORT_SCALE, 'quadratic')]) {
          if (k === null) continue;
          expect(k).toBeLessThanOrEqual(1 + 1e-9);
          expect(k).toBeGreaterThanOrEqual(-1 - 1e-9);
        }
        const m = confusionMatrix(pairs, SUPPORT_SCALE);
        expect(m.flat().reduce((a, b) => a + b, 0)).toBe(pairs.length);
      }),
    );
  });
});

describe('agreement()', () => {
  it('pairs only items both raters labelled and lists the disagreements', () => {
    const a = new Map<string, SupportVerdict>([['x', 'fully_supported'], ['y', 'not_supported'], ['z', 'partially_supported']]);
    const b = new Map<string, SupportVerdict>([['x', 'fully_supported'], ['y', 'partially_supported'], ['w', 'fully_supported']]);
    const s = agreement(a, b);
    expect(s.n).toBe(2);
    expect(s.percent).toBe(0.5);
    expect(s.disagreements).toEqual([{ key: 'y', a: 'not_supported', b: 'partially_supported' }]);
    // rows = A, cols = B over [not, partial, fully]
    expect(s.matrix).toEqual([[0, 1, 0], [0, 0, 0], [0, 0, 1]]);
  });
});

describe('balancedAccuracy', () => {
  it('averages the recall on supported and on not supported, B as the truth', async () => {
    const { balancedAccuracy, confusionMatrix, SUPPORT_SCALE } = await import('./agreement');
    type V = (typeof SUPPORT_SCALE)[number];
    // B: 8 supported, 2 not. A says supported for all 10: recall 1 on supported, 0 on not.
    const allYes: [V, V][] = [...Array.from({ length: 8 }, (): [V, V] => ['fully_supported', 'fully_supported']), ['fully_supported', 'not_supported'], ['fully_supported', 'partially_supported']];
    expect(balancedAccuracy(confusionMatrix(allYes, SUPPORT_SCALE))).toBe(0.5);
    // A partial against B's not_supported is still a correct "not supported".
    const good: [V, V][] = [['fully_supported', 'fully_supported'], ['partially_supported', 'not_supported'], ['not_supported', 'partially_supported'], ['fully_supported', 'not_supported']];
    expect(balancedAccuracy(confusionMatrix(good, SUPPORT_SCALE))).toBeCloseTo((1 + 2 / 3) / 2, 10);
    // B used one class only: undefined.
    expect(balancedAccuracy(confusionMatrix([['fully_supported', 'fully_supported']] as [V, V][], SUPPORT_SCALE))).toBeNull();
  });
});
