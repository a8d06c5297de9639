// Krippendorff's α: the reliability of any number of raters over units, missing values allowed
// (Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011). Pure and generic over the
// categories, so the support scale and the paper's 1–5 example run the same code.
//
// α = 1 − D_o / D_e over the coincidence matrix: every unit with m ≥ 2 values adds each ordered
// pair of its values (from different raters) with weight 1/(m − 1); units with fewer than two
// values are not pairable and add nothing. With n_c the marginals of that matrix and n their sum,
// α = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.

export type AlphaLevel = 'nominal' | 'ordinal' | 'interval';

/**
 * The squared distance δ²(c, k) between category indexes c ≤ k or k ≤ c.
 * nominal: 0 when equal, else 1. ordinal: on the ranks, using the marginals, (Σ_{g=c..k} n_g −
 * (n_c + n_k)/2)². interval: the categories taken as equally spaced numbers, (c − k)².
 */
function distance(level: AlphaLevel, marginals: readonly number[]): (c: number, k: number) => number {
  if (level === 'nominal') return (c, k) => (c === k ? 0 : 1);
  if (level === 'interval') return (c, k) => (c - k) ** 2;
  return (c, k) => {
    if (c === k) return 0;
    const [lo, hi] = c < k ? [c, k] : [k, c];
    let sum = 0;
    for (let g = lo; g <= hi; g++) sum += marginals[g]!;
    return (sum - (marginals[lo]! + marginals[hi]!) / 2) ** 2;
  };
}

/** The coincidence matrix o[c][k] over `categories` (indexes), and how many units were pairable. */
export function coincidences<T>(units: Iterable<ReadonlyMap<string, T | null | undefined>>, categories: readonly T[]): { matrix: number[][]; pairable: number } {
  const index = new Map(categories.map((c, i) => [c, i]));
  const k = categories.length;
  const matrix = categories.map(() => new Array<number>(k).fill(0));
  let pairable = 0;
  for (const unit of units) {
    const counts = new Array<number>(k).fill(0);
    let m = 0;
    for (const v of unit.values()) {
      if (v === null || v === undefined) continue;
      const i = index.get(v);
      if (i === undefined) throw new Error(`value outside the categories: ${String(v)}`);
      counts[i]!++;
      m++;
    }
    if (m < 2) continue;
    pairable++;
    for (let c = 0; c < k; c++) {
      if (!counts[c]) continue;
      for (let d = 0; d < k; d++) {
        // Ordered pairs of values from different raters: c·(c − 1) within a category.
        const pairs = c === d ? counts[c]! * (counts[c]! - 1) : counts[c]! * counts[d]!;
        if (pairs) matrix[c]![d]! += pairs / (m - 1);
      }
    }
  }
  return { matrix, pairable };
}

/**
 * α from a coincidence matrix (see coincidences), so one matrix gives every level. Null when it is
 * undefined: fewer than two pairable values, or no expected disagreement (every value in one category).
 */
export function alphaFromCoincidences(matrix: readonly (readonly number[])[], level: AlphaLevel): number | null {
  const k = matrix.length;
  const marginals = matrix.map((row) => row.reduce((a, b) => a + b, 0));
  const n = marginals.reduce((a, b) => a + b, 0);
  if (n < 2) return null;
  const delta = distance(level, marginals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    for (let d = 0; d < k; d++) {
      const dd = delta(c, d);
      if (!dd) continue;
      observed += matrix[c]![d]! * dd;
      expected += marginals[c]! * marginals[d]! * dd;
    }
  }
  // Below 1e-12 the expected disagreement is rounding noise: one category only.
  if (expected <= 1e-12) return null;
  return 1 - ((n - 1) * observed) / expected;
}
