// Agreement between two raters over the same items: percent agreement, Cohen's κ, weighted κ for
// an ordered scale, and the confusion matrix. Pure functions over label pairs.
import type { SupportVerdict } from '../types';

/** The support scale in its natural order, lowest first (weighted κ needs an order). */
export const SUPPORT_SCALE: readonly SupportVerdict[] = ['not_supported', 'partially_supported', 'fully_supported'];

export type Weights = 'linear' | 'quadratic';

/** matrix[i][j] = items rater A put in categories[i] and rater B in categories[j]. */
export function confusionMatrix<T>(pairs: readonly (readonly [T, T])[], categories: readonly T[]): number[][] {
  const index = new Map(categories.map((c, i) => [c, i]));
  const m = categories.map(() => categories.map(() => 0));
  for (const [a, b] of pairs) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) throw new Error(`label outside the scale: ${String(i === undefined ? a : b)}`);
    m[i]![j]!++;
  }
  return m;
}

export function percentAgreement<T>(pairs: readonly (readonly [T, T])[]): number | null {
  if (pairs.length === 0) return null;
  return pairs.filter(([a, b]) => a === b).length / pairs.length;
}

/**
 * Weighted κ = 1 − Σ w·observed / Σ w·expected with disagreement weights w(i,j) = |i−j| (linear)
 * or (i−j)² (quadratic); with 0/1 weights it is Cohen's κ. Returns null when undefined (no items,
 * or both raters used a single identical category so chance agreement is total).
 */
export function kappaFromMatrix(m: number[][], weights: Weights | 'nominal' = 'nominal'): number | null {
  const k = m.length;
  const n = m.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0);
  if (n === 0) return null;
  const rows = m.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = m[0]!.map((_, j) => m.reduce((s, row) => s + row[j]!, 0));
  const w = (i: number, j: number): number =>
    weights === 'nominal' ? (i === j ? 0 : 1) : weights === 'linear' ? Math.abs(i - j) / (k - 1 || 1) : ((i - j) / (k - 1 || 1)) ** 2;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      observed += w(i, j) * m[i]![j]!;
      expected += (w(i, j) * rows[i]! * cols[j]!) / n;
    }
  }
  if (expected === 0) return null;
  return 1 - observed / expected;
}


export interface AgreementSummary<K> {
  /** Items both raters labelled. */
  n: number;
  percent: number | null;
  kappa: number | null;
  weighted_kappa_linear: number | null;
  weighted_kappa_quadratic: number | null;
  /** A against B as the truth, supported vs not (see balancedAccuracy). */
  balanced_accuracy: number | null;
  categories: readonly SupportVerdict[];
  matrix: number[][];
  disagreements: { key: K; a: SupportVerdict; b: SupportVerdict }[];
}

/** Agreement of two raters keyed by item (e.g. `${case}|${claim}|${chunk}`); items only one rated are skipped. */
export function agreement<K>(a: ReadonlyMap<K, SupportVerdict>, b: ReadonlyMap<K, SupportVerdict>): AgreementSummary<K> {
  const pairs: [SupportVerdict, SupportVerdict][] = [];
  const disagreements: AgreementSummary<K>['disagreements'] = [];
  for (const [key, la] of a) {
    const lb = b.get(key);
    if (lb === undefined) continue;
    pairs.push([la, lb]);
    if (la !== lb) disagreements.push({ key, a: la, b: lb });
  }
  const matrix = confusionMatrix(pairs, SUPPORT_SCALE);
  return {
    n: pairs.length,
    percent: percentAgreement(pairs),
    kappa: kappaFromMatrix(matrix, 'nominal'),
    weighted_kappa_linear: kappaFromMatrix(matrix, 'linear'),
    weighted_kappa_quadratic: kappaFromMatrix(matrix, 'quadratic'),
    balanced_accuracy: balancedAccuracy(matrix),
    categories: SUPPORT_SCALE,
    matrix,
    disagreements,
  };
}

/**
 * Balanced accuracy of rater A against rater B taken as the truth, on "supported" (fully) vs "not"
 * (partially or not supported): the mean of A's recall on each of B's two classes, so a rater that
 * calls everything supported scores 0.5 however skewed the labels are. Null when B used only one
 * of the two classes (one recall is undefined). `m` is agreement()'s matrix over SUPPORT_SCALE.
 */
export function balancedAccuracy(m: number[][]): number | null {
  const full = SUPPORT_SCALE.indexOf('fully_supported');
  let tp = 0;
  let fn = 0;
  let tn = 0;
  let fp = 0;
  for (let i = 0; i < m.length; i++) {
    for (let j = 0; j < m.length; j++) {
      const n = m[i]![j]!;
      const aSupported = i === full;
      const bSupported = j === full;
      if (bSupported && aSupported) tp += n;
      else if (bSupported) fn += n;
      else if (aSupported) fp += n;
      else tn += n;
    }
  }
  if (tp + fn === 0 || tn + fp === 0) return null;
  return (tp / (tp + fn) + tn / (tn + fp)) / 2;
}
