// Agreement of a whole team over the same pairs: Krippendorff's α over every rater (missing
// labels allowed), Cohen's κ for each two raters, per rater how much they labelled and how often
// they agree with the others, and the pairs where the labels differ. Pure; the Annotate view and
// `citation-audit agreement` show it.
import { agreement, SUPPORT_SCALE } from './agreement';
import { alphaFromCoincidences, coincidences } from './krippendorff';
import { pairKey, type LabelLike } from './labels';
import type { SupportVerdict } from '../types';

/** rater → (item key → label); item keys are pairKey(caseKey, claimIndex, chunkId) for stored labels. */
export type RaterLabels = ReadonlyMap<string, ReadonlyMap<string, SupportVerdict>>;

export interface PairwiseKappa {
  a: string;
  b: string;
  /** Items both labelled. */
  n: number;
  kappa: number | null;
}

export interface RaterSummary {
  rater: string;
  /** Items this rater labelled. */
  labelled: number;
  /** Items this rater shares with at least one other rater. */
  shared: number;
  /** Percent agreement with the others, pooled over every shared (item, other rater); null when nothing is shared. */
  agreement: number | null;
  /** The mean of this rater's pairwise κ (those defined); null when none is. */
  mean_kappa: number | null;
}

export interface TeamDisagreement {
  key: string;
  /** Each rater's label for the item (raters who did not label it are absent). */
  labels: Record<string, SupportVerdict>;
}

export interface TeamAgreement {
  raters: string[];
  /** Items labelled by at least one rater. */
  items: number;
  /** Items labelled by at least two raters (what α is computed over). */
  pairable: number;
  alpha_nominal: number | null;
  /** On not_supported < partially_supported < fully_supported. */
  alpha_ordinal: number | null;
  pairwise: PairwiseKappa[];
  per_rater: RaterSummary[];
  /** Items with two or more different labels, in first-seen order. */
  disagreements: TeamDisagreement[];
}

/** Stored labels as rater maps keyed by pairKey, one per annotator in `annotators` order when given (others left out). */
export function labelsByRater(labels: readonly LabelLike[], annotators?: readonly string[]): Map<string, ReadonlyMap<string, SupportVerdict>> {
  const out = new Map<string, Map<string, SupportVerdict>>();
  for (const name of annotators ?? []) out.set(name, new Map());
  for (const l of labels) {
    if (annotators && !out.has(l.annotator)) continue;
    let m = out.get(l.annotator);
    if (!m) out.set(l.annotator, (m = new Map()));
    m.set(pairKey(l.caseKey, l.claimIndex, l.chunkId), l.label);
  }
  return out;
}

/** Agreement over all raters of `byRater` (in its order). */
export function teamAgreement(byRater: RaterLabels): TeamAgreement {
  const raters = [...byRater.keys()];
  const units = new Map<string, Map<string, SupportVerdict>>();
  for (const [rater, labels] of byRater) {
    for (const [key, label] of labels) {
      let u = units.get(key);
      if (!u) units.set(key, (u = new Map()));
      u.set(rater, label);
    }
  }
  const { matrix, pairable } = coincidences(units.values(), SUPPORT_SCALE);

  const pairwise: PairwiseKappa[] = [];
  const pooled = new Map(raters.map((r) => [r, { agree: 0, total: 0, kappas: [] as number[] }]));
  for (let i = 0; i < raters.length; i++) {
    for (let j = i + 1; j < raters.length; j++) {
      const a = raters[i]!;
      const b = raters[j]!;
      const s = agreement(byRater.get(a)!, byRater.get(b)!);
      pairwise.push({ a, b, n: s.n, kappa: s.kappa });
      const agreed = s.n - s.disagreements.length;
      for (const r of [a, b]) {
        const p = pooled.get(r)!;
        p.agree += agreed;
        p.total += s.n;
        if (s.kappa !== null) p.kappas.push(s.kappa);
      }
    }
  }
  const per_rater: RaterSummary[] = raters.map((rater) => {
    const p = pooled.get(rater)!;
    let shared = 0;
    for (const key of byRater.get(rater)!.keys()) if (units.get(key)!.size > 1) shared++;
    return {
      rater,
      labelled: byRater.get(rater)!.size,
      shared,
      agreement: p.total ? p.agree / p.total : null,
      mean_kappa: p.kappas.length ? p.kappas.reduce((x, y) => x + y, 0) / p.kappas.length : null,
    };
  });
  const disagreements: TeamDisagreement[] = [];
  for (const [key, u] of units) if (new Set(u.values()).size > 1) disagreements.push({ key, labels: Object.fromEntries(u) });
  return {
    raters,
    items: units.size,
    pairable,
    alpha_nominal: alphaFromCoincidences(matrix, 'nominal'),
    alpha_ordinal: alphaFromCoincidences(matrix, 'ordinal'),
    pairwise,
    per_rater,
    disagreements,
  };
}

/** The disagreements `rater` took part in (all of them when rater is null). */
export function disagreementsWith(team: Pick<TeamAgreement, 'disagreements'>, rater: string | null): TeamDisagreement[] {
  return rater === null ? team.disagreements : team.disagreements.filter((d) => Object.hasOwn(d.labels, rater));
}
