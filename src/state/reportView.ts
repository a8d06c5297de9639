// The report arranged for reading: findings grouped under their dimension, claims with their
// citations and status, scores in display order. Pure functions over a Report.
import type { Citation, Dimension, Finding, Report, ReportClaim, Scores, Status } from '../core/types';

export const DIMENSION_ORDER: readonly Dimension[] = ['exists', 'accurate', 'complete', 'formatted'];

export interface IndexedFinding {
  finding: Finding;
  /** Index into report.findings. */
  index: number;
}

export interface DimensionView {
  dimension: Dimension;
  status: Status;
  findings: IndexedFinding[];
  /** Issue strings with no positioned finding (model issues, notes such as "not checked"). */
  otherIssues: string[];
}

export function dimensionViews(report: Report): DimensionView[] {
  return DIMENSION_ORDER.map((dimension) => {
    const d = report.dimensions[dimension];
    const findings = report.findings
      .map((finding, index) => ({ finding, index }))
      .filter((f) => f.finding.dimension === dimension);
    const messages = new Set(findings.map((f) => f.finding.message));
    return { dimension, status: d.status, findings, otherIssues: d.issues.filter((i) => !messages.has(i)) };
  });
}

export type ClaimStatus = 'cited' | 'uncited' | 'exempt' | 'optional';

export interface ClaimView {
  claim: ReportClaim;
  citations: Citation[];
  status: ClaimStatus;
  findings: IndexedFinding[];
}

export function claimViews(report: Report): ClaimView[] {
  return report.claims.map((claim) => {
    const citations = report.citations.filter((c) => c.claim_index === claim.index);
    const status: ClaimStatus = citations.length
      ? 'cited'
      : claim.exemption
        ? 'exempt'
        : claim.needs_citation
          ? 'uncited'
          : 'optional';
    const findings = report.findings
      .map((finding, index) => ({ finding, index }))
      .filter((f) => f.finding.claim_index === claim.index);
    return { claim, citations, status, findings };
  });
}

/** Local scores first, then those a model run fills. */
export const SCORE_ORDER: readonly (keyof Scores)[] = [
  'citation_coverage',
  'citation_existence',
  'source_verification',
  'citation_recall',
  'citation_precision',
  'support_weighted_precision',
  'mean_support',
  'interpretability',
  'correctness',
  'overall_score',
];

export function scoreRows(scores: Scores): { key: keyof Scores; value: number | null }[] {
  return SCORE_ORDER.map((key) => ({ key, value: scores[key] ?? null }));
}

/** 0.8333 → "83 %"; null → "—". */
export function formatScore(value: number | null, locale: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/** Counts for the report header line. */
export function reportCounts(report: Report): { errors: number; warnings: number; infos: number; uncited: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const f of report.findings) {
    if (f.severity === 'error') errors++;
    else if (f.severity === 'warning') warnings++;
    else infos++;
  }
  const uncited = report.claims.filter((c) => c.needs_citation && c.citation_indexes.length === 0).length;
  return { errors, warnings, infos, uncited };
}
