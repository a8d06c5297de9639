// The scores a dataset shows per case and averages, in display order: a table of its own, so that
// the page's report view reads it without bringing the dataset's rows and metrics (./dataset.ts)
// into the first paint.
import type { Scores } from '../types';

/** The scores shown per case and averaged over the dataset, in display order. */
export const SCORE_KEYS = [
  'citation_recall',
  'citation_precision',
  'support_weighted_precision',
  'mean_support',
  'interpretability',
  'correctness',
  'overall_score',
  'citation_coverage',
  'citation_existence',
  'source_verification',
] as const satisfies readonly (keyof Scores)[];
export type ScoreKey = (typeof SCORE_KEYS)[number];
