import { describe, expect, it } from 'vitest';
import { alphaFromCoincidences, coincidences, type AlphaLevel } from './krippendorff';

/**
 * Krippendorff's α over units (each a map rater → value; null or absent = missing) for the ordered
 * `categories`, in one call: the app (team.ts) builds the matrix once and takes every level from it.
 */
const krippendorffAlpha = <T>(units: Iterable<ReadonlyMap<string, T | null | undefined>>, categories: readonly T[], level: AlphaLevel) =>
  alphaFromCoincidences(coincidences(units, categories).matrix, level);

/** Units from rows of raters ('.' = missing), one column per unit. */
function unitsOf(rows: Record<string, string>): Map<string, number>[] {
  const cols = Object.entries(rows).map(([rater, line]) => [rater, line.trim().split(/\s+/)] as const);
  const n = cols[0]![1].length;
  return Array.from({ length: n }, (_, u) => new Map(cols.filter(([, vs]) => vs[u] !== '.').map(([r, vs]) => [r, Number(vs[u])])));
}

const unit = (entries: Record<string, string | null>) => new Map(Object.entries(entries));

describe("Krippendorff's α", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four coders,
  // twelve units, values 1–5, missing values; unit 12 has a single value and is not pairable.
  const paper = unitsOf({
    A: '1 2 3 3 2 1 4 1 2 . . .',
    B: '1 2 3 3 2 2 4 1 2 5 . 3',
    C: '. 3 3 3 2 3 4 2 2 5 1 .',
    D: '1 2 3 3 2 4 4 1 2 5 1 .',
  });
  const scale = [1, 2, 3, 4, 5];

  it("matches the paper's worked example: nominal 0.743, ordinal 0.815, interval 0.849", () => {
    expect(krippendorffAlpha(paper, scale, 'nominal')).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(paper, scale, 'ordinal')).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(paper, scale, 'interval')).toBeCloseTo(0.849, 3);
  });

  it("builds the paper's coincidence marginals (n = 40 pairable values)", () => {
    const { matrix, pairable } = coincidences(paper, scale);
    expect(pairable).toBe(11);
    const marginals = matrix.map((row) => row.reduce((a, b) => a + b, 0));
    // n_1..n_5 as in the paper: 9, 13, 10, 5, 3.
    marginals.forEach((m, i) => expect(m).toBeCloseTo([9, 13, 10, 5, 3][i]!, 10));
  });

  it('is 1 for perfect agreement', () => {
    const units = [unit({ a: 'x', b: 'x' }), unit({ a: 'y', b: 'y' }), unit({ a: 'z', b: 'z', c: 'z' })];
    expect(krippendorffAlpha(units, ['x', 'y', 'z'], 'nominal')).toBe(1);
    expect(krippendorffAlpha(units, ['x', 'y', 'z'], 'ordinal')).toBe(1);
  });

  it('is −0.5 for systematic disagreement of two raters on two units (hand: 1 − 3·4/8)', () => {
    const units = [unit({ a: 'x', b: 'y' }), unit({ a: 'y', b: 'x' })];
    expect(krippendorffAlpha(units, ['x', 'y'], 'nominal')).toBeCloseTo(-0.5, 12);
  });

  it('skips missing values and units with one value (hand: 1 − 6·2/24 = 0.5)', () => {
    // o_xx = 2, o_yy = 3, o_xy = o_yx = 1; n_x = 3, n_y = 4, n = 7.
    const units = [unit({ a: 'x', b: 'x', c: null }), unit({ a: 'y', b: 'y', c: 'y' }), unit({ a: 'x', c: 'y' })];
    expect(krippendorffAlpha(units, ['x', 'y'], 'nominal')).toBeCloseTo(0.5, 12);
    // A unit with a single value is not pairable: it changes nothing.
    expect(krippendorffAlpha([...units, unit({ b: 'x' }), unit({})], ['x', 'y'], 'nominal')).toBeCloseTo(0.5, 12);
  });

  it('weighs adjacent ranks less on the ordinal level (hand: nominal 6/11, ordinal 7/9)', () => {
    // Marginals n = (1, 3, 2), n = 6; δ²(not, partially) = (4 − 2)² = 4, δ²(not, fully) = 20.25,
    // δ²(partially, fully) = 6.25; Σ o δ² = 8, Σ n_c n_k δ² = 180 → 1 − 5·8/180.
    const s = ['not', 'partially', 'fully'];
    const units = [unit({ a: 'not', b: 'partially' }), unit({ a: 'partially', b: 'partially' }), unit({ a: 'fully', b: 'fully' })];
    expect(krippendorffAlpha(units, s, 'nominal')).toBeCloseTo(6 / 11, 12);
    expect(krippendorffAlpha(units, s, 'ordinal')).toBeCloseTo(7 / 9, 12);
  });

  it('is null when undefined: a single category, or nothing pairable', () => {
    expect(krippendorffAlpha([unit({ a: 'x', b: 'x' }), unit({ a: 'x', b: 'x', c: 'x' })], ['x', 'y'], 'nominal')).toBeNull();
    expect(krippendorffAlpha([unit({ a: 'x' }), unit({ b: 'y' })], ['x', 'y'], 'ordinal')).toBeNull();
    expect(krippendorffAlpha([], ['x', 'y'], 'nominal')).toBeNull();
    expect(alphaFromCoincidences([[0, 0], [0, 0]], 'nominal')).toBeNull();
  });

  it('refuses a value outside the categories', () => {
    expect(() => krippendorffAlpha([unit({ a: 'x', b: 'q' })], ['x', 'y'], 'nominal')).toThrow(/outside the categories/);
  });
});
