// Export of a report: the report JSON, one row per (claim, cited chunk) as JSONL, and the same
// rows as CSV (SPEC §7). Pure functions; the page and the CLI share them.
import type { Report, SupportVerdict } from '../types';
import { NLI_LABEL, SUPPORT_SCORE } from './verdictScores';

/** A human label for one (claim, chunk) pair, as the annotation feature stores it. */
export interface HumanLabel {
  claim_index: number;
  chunk_id: string | null;
  label: SupportVerdict;
  annotator?: string;
  note?: string;
}

export type NliLabel = 'ENTAILMENT' | 'NEUTRAL' | 'CONTRADICTION';

/** One exported row: a claim and one of its cited chunks (or no chunk for an uncited claim). */
export interface ClaimRow {
  case_id: string | null;
  claim_index: number;
  claim: string;
  claim_start: number;
  claim_end: number;
  claim_kind: string;
  needs_citation: boolean;
  exemption: string | null;
  chunk_id: string | null;
  markers: string[];
  /** The quoted source text a structured citation carries, when it has one. */
  cited_text: string | null;
  source_verification: string | null;
  verdict: SupportVerdict | null;
  nli: NliLabel | null;
  support_score: number | null;
  supporting_phrase: string | null;
  missing_or_extra: string | null;
  decision_basis: string | null;
  /** Codes of the local findings about this claim (and chunk), e.g. "number_absent". */
  local_issues: string[];
  human_label: SupportVerdict | null;
  human_annotator: string | null;
  human_note: string | null;
}

export const CLAIM_ROW_COLUMNS: readonly (keyof ClaimRow)[] = [
  'case_id',
  'claim_index',
  'claim',
  'claim_start',
  'claim_end',
  'claim_kind',
  'needs_citation',
  'exemption',
  'chunk_id',
  'markers',
  'cited_text',
  'source_verification',
  'verdict',
  'nli',
  'support_score',
  'supporting_phrase',
  'missing_or_extra',
  'decision_basis',
  'local_issues',
  'human_label',
  'human_annotator',
  'human_note',
];

/** The report as the file a user downloads: stable key order, two-space indent. */
export function reportToJson(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/** One row per (claim, distinct cited chunk); a claim without citations gets one row with chunk_id null. */
export function claimRows(report: Report, labels: readonly HumanLabel[] = []): ClaimRow[] {
  const rows: ClaimRow[] = [];
  const caseId = report.meta.case_id ?? null;
  for (const claim of report.claims) {
    // Every citation the claim references, a text block it shares with other claims included.
    const own = new Set(claim.citation_indexes);
    const citations = report.citations.filter((c) => c.claim_index === claim.index || own.has(c.index));
    const chunkIds: (string | null)[] = [];
    for (const c of citations) if (!chunkIds.includes(c.chunk_id)) chunkIds.push(c.chunk_id);
    for (const id of claim.chunk_ids) if (!chunkIds.includes(id)) chunkIds.push(id);
    if (chunkIds.length === 0) chunkIds.push(null);

    for (const chunkId of chunkIds) {
      const cited = citations.filter((c) => c.chunk_id === chunkId);
      const withQuote = cited.find((c) => c.quote !== undefined);
      const verification = cited.find((c) => c.source_verification)?.source_verification;
      const support = chunkId === null ? undefined : claim.support?.find((s) => s.chunk_id === chunkId);
      const label = labels.find((l) => l.claim_index === claim.index && l.chunk_id === chunkId);
      const issues = report.findings
        .filter(
          (f) =>
            (f.claim_index === claim.index && (f.chunk_id === undefined || f.chunk_id === chunkId)) ||
            (f.citation_index !== undefined && cited.some((c) => c.index === f.citation_index)),
        )
        .map((f) => f.code);
      rows.push({
        case_id: caseId,
        claim_index: claim.index,
        claim: claim.text,
        claim_start: claim.start,
        claim_end: claim.end,
        claim_kind: claim.kind,
        needs_citation: claim.needs_citation,
        exemption: claim.exemption?.rule ?? null,
        chunk_id: chunkId,
        markers: [...new Set(cited.map((c) => c.marker))],
        cited_text: withQuote?.quote ?? null,
        source_verification: verification?.status ?? null,
        verdict: support?.verdict ?? null,
        nli: support ? NLI_LABEL[support.verdict] : null,
        support_score: support ? SUPPORT_SCORE[support.verdict] : null,
        supporting_phrase: support?.supporting_phrase ?? null,
        missing_or_extra: support?.missing_or_extra ?? null,
        decision_basis: support?.decision_basis ?? null,
        local_issues: [...new Set(issues)],
        human_label: label?.label ?? null,
        human_annotator: label?.annotator ?? null,
        human_note: label?.note ?? null,
      });
    }
  }
  return rows;
}

/** JSON Lines: one object per row, newline-terminated. */
export function rowsToJsonl(rows: readonly ClaimRow[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
}

/** A CSV cell per RFC 4180. Cells a spreadsheet would run as a formula get a leading apostrophe. */
export function csvCell(value: unknown): string {
  let s: string;
  if (value === null || value === undefined) s = '';
  else if (Array.isArray(value)) s = value.join('; ');
  else if (typeof value === 'string') s = value;
  else s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV with a header row and CRLF line ends (what spreadsheets expect). */
export function rowsToCsv(rows: readonly ClaimRow[]): string {
  const lines = [CLAIM_ROW_COLUMNS.join(',')];
  for (const r of rows) lines.push(CLAIM_ROW_COLUMNS.map((k) => csvCell(r[k])).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** A file name from the case id (or "report"), safe on every file system. */
export function exportFileName(report: Report | null, suffix: string, ext: string): string {
  const base = (report?.meta.case_id ?? 'audit').replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'audit';
  return `${base}-${suffix}.${ext}`;
}
