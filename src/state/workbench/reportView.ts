// The report arranged for reading: findings grouped under their dimension, claims with their
// citations and status, scores in display order. Pure functions over a Report.
import type { AnswerFormat, Citation, Dimension, Finding, Report, ReportClaim, Scores, Status, SupportVerdict } from '../../core/types';
import { claimFacts, type ClaimStatus } from '../../core/report/facts';
import { claimSupport } from '../../core/report/verdictScores';
import { isUnstable } from '../../core/report/stability';
import { SCORE_KEYS, type ScoreKey } from '../../core/eval/scoreKeys';
import { DIMENSIONS } from '../../core/checks/registry';

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

/** Same items, by identity. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `next`, with the entries `prev` has for the same finding at the same index; `prev` itself if all are. */
function reuseFindings(prev: readonly IndexedFinding[] | undefined, next: IndexedFinding[]): IndexedFinding[] {
  if (!prev) return next;
  if (prev.length === next.length && next.every((f, i) => f.finding === prev[i]!.finding && f.index === prev[i]!.index)) return prev as IndexedFinding[];
  if (prev.length === 0 || next.length === 0) return next;
  const byIndex = new Map(prev.map((f) => [f.index, f]));
  return next.map((f) => {
    const old = byIndex.get(f.index);
    return old?.finding === f.finding ? old : f;
  });
}

// Both view functions take the views they returned last time and give back those that still
// describe the report (same objects, see reuse.ts), so that the panel re-renders only what changed.

export function dimensionViews(report: Report, prev: readonly DimensionView[] = []): DimensionView[] {
  const byDimension = new Map<Dimension, IndexedFinding[]>(DIMENSIONS.map((d) => [d, []]));
  report.findings.forEach((finding, index) => byDimension.get(finding.dimension)?.push({ finding, index }));
  return DIMENSIONS.map((dimension) => {
    const d = report.dimensions[dimension];
    const old = prev.find((v) => v.dimension === dimension);
    const findings = reuseFindings(old?.findings, byDimension.get(dimension)!);
    const messages = new Set(findings.map((f) => f.finding.message));
    const otherIssues = d.issues.filter((i) => !messages.has(i));
    if (old && old.status === d.status && old.findings === findings && sameItems(old.otherIssues, otherIssues)) return old;
    return { dimension, status: d.status, findings, otherIssues };
  });
}

export type { ClaimStatus };

export interface ClaimView {
  claim: ReportClaim;
  citations: Citation[];
  status: ClaimStatus;
  findings: IndexedFinding[];
}

export function claimViews(report: Report, prev: readonly ClaimView[] = []): ClaimView[] {
  // Statuses and each claim's citations come from claimFacts, as every other count does.
  const facts = claimFacts(report.claims, report.citations, report.meta.unreadable);
  const byIndex = new Map<number, Citation>();
  for (const c of report.citations) if (!byIndex.has(c.index)) byIndex.set(c.index, c);
  const findingsOf = new Map<number, IndexedFinding[]>();
  report.findings.forEach((finding, index) => {
    if (finding.claim_index === undefined) return;
    const list = findingsOf.get(finding.claim_index);
    if (list) list.push({ finding, index });
    else findingsOf.set(finding.claim_index, [{ finding, index }]);
  });
  return report.claims.map((claim, i) => {
    const citations = facts.citationsOf[i]!.map((k) => byIndex.get(k)).filter((c): c is Citation => c !== undefined);
    const status = facts.status[i]!;
    const old = prev[i];
    let own = findingsOf.get(claim.index) ?? [];
    // An exempt row states its rule and reason itself; the finding saying the same is not listed again.
    if (status === 'exempt' && claim.exemption) own = own.filter((f) => f.finding.code !== 'exempt_claim');
    const findings = reuseFindings(old?.findings, own);
    if (old && old.claim === claim && old.status === status && sameItems(old.citations, citations) && old.findings === findings) return old;
    return { claim, citations, status, findings };
  });
}

/** One line of the model's reasoning under a claim, and why the verdict that stands differs from it. */
export interface BasisLine {
  chunk_id: string;
  basis: string;
  missing: string;
  /** The verdict that stands: the judgement's, or the claim's where that is lower. */
  verdict: SupportVerdict;
  /**
   * Why the model's words may speak of more support than stands: the checks lowered the
   * judgement (a number in no cited chunk, a supporting phrase not in the chunk), or the claim as
   * a whole is judged lower than this chunk. Null when the words and the verdict agree.
   */
  lowered: 'numbers' | 'phrase' | 'claim' | null;
}

const SUPPORT_RANK: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };

/** The model's reasoning lines of a claim, each with the verdict it must be read under. */
export function basisLines(claim: ReportClaim): BasisLine[] {
  const whole = claimSupport(claim.support, claim.joint_support);
  const out: BasisLine[] = [];
  for (const s of claim.support ?? []) {
    if (!s.decision_basis && !s.missing_or_extra) continue;
    let lowered: BasisLine['lowered'] = null;
    let verdict = s.verdict;
    if (s.capped_by_numbers) lowered = 'numbers';
    else if (s.phrase_verified === false && s.verdict !== 'not_supported') lowered = 'phrase';
    if (whole && SUPPORT_RANK[whole] < SUPPORT_RANK[verdict]) {
      verdict = whole;
      lowered ??= 'claim';
    }
    out.push({ chunk_id: s.chunk_id, basis: s.decision_basis, missing: s.missing_or_extra, verdict, lowered });
  }
  return out;
}

/** A claim with a citation the model judged differently over its repeated judgements (docs/model.md). */
export const claimUnstable = (claim: ReportClaim): boolean => !!claim.support?.some(isUnstable);

/** Whether the report was made without its chunks (they could not be read): nothing about them is known. */
export function chunksUnreadable(report: Report): boolean {
  return report.meta.unreadable?.some((u) => u.input === 'chunks') ?? false;
}

/** The scores the local checks compute; a model run fills the others. */
const LOCAL_SCORES: readonly ScoreKey[] = ['citation_coverage', 'citation_existence', 'source_verification'];
/** Local scores first, then those a model run fills (each group in the dataset's order). */
const SCORE_ORDER: readonly ScoreKey[] = [...LOCAL_SCORES, ...SCORE_KEYS.filter((k) => !LOCAL_SCORES.includes(k))];

export function scoreRows(scores: Scores): { key: keyof Scores; value: number | null }[] {
  return SCORE_ORDER.map((key) => ({ key, value: scores[key] ?? null }));
}

/** 0.8333 → "83 %"; null → "—". */
export function formatScore(value: number | null, locale: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/**
 * The detected answer format as it should be named: "plain" text is only "with markers" when it
 * has inline markers (an Anthropic-citations answer has none: its citations are the blocks).
 */
export function answerFormatLabelKey(format: AnswerFormat, inlineMarkers: number): AnswerFormat | 'plain-no-markers' {
  return format === 'plain' && inlineMarkers === 0 ? 'plain-no-markers' : format;
}

/** Counts of findings by severity, and of uncited claims (the claim list's and the Answer editor's count). */
export function reportCounts(report: Report): { errors: number; warnings: number; infos: number; uncited: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const f of report.findings) {
    if (f.severity === 'error') errors++;
    else if (f.severity === 'warning') warnings++;
    else infos++;
  }
  const uncited = claimFacts(report.claims, report.citations, report.meta.unreadable).uncited.length;
  return { errors, warnings, infos, uncited };
}
