// Small factories for model tests: a case and the local report the core would make of it, built
// directly so these tests depend only on the shapes in core/types.ts.
import type { AuditCase, Chunk, Citation, Language, Report, ReportClaim } from '../../src/core/types';
import { TOOL_VERSION } from '../../src/core/types';
import type { ModelHost } from '../../src/state/model/model.svelte';

export interface ClaimSpec {
  text: string;
  cites?: string[];
  kind?: ReportClaim['kind'];
}

export interface CaseSpec {
  query?: string;
  chunks: (Chunk | [string, string])[];
  claims: ClaimSpec[];
  gold?: string;
  language?: Language;
  id?: string;
}

export function makeCase(spec: CaseSpec): { c: AuditCase; report: Report } {
  const chunks: Chunk[] = spec.chunks.map((ch) => (Array.isArray(ch) ? { id: ch[0], text: ch[1] } : ch));
  const ids = new Set(chunks.map((ch) => ch.id));
  let answer = '';
  const claims: ReportClaim[] = [];
  const citations: Citation[] = [];
  spec.claims.forEach((cl, index) => {
    if (answer) answer += ' ';
    const start = answer.length;
    answer += cl.text;
    const citationIndexes: number[] = [];
    for (const ref of cl.cites ?? []) {
      const marker = `[${ref}]`;
      const mStart = answer.length;
      answer += marker;
      citationIndexes.push(citations.length);
      citations.push({
        index: citations.length,
        marker,
        marker_index: citations.length,
        ref,
        chunk_id: ids.has(ref) ? ref : null,
        start: mStart,
        end: mStart + marker.length,
        exists: ids.has(ref) && (chunks.find((ch) => ch.id === ref)?.text.trim() ?? '') !== '',
        claim_index: index,
        style: 'bracket_id',
      });
    }
    const kind = cl.kind ?? (cl.text.trim().endsWith('?') ? 'question' : 'sentence');
    claims.push({
      index,
      text: cl.text,
      start,
      end: answer.length,
      kind,
      chunk_ids: (cl.cites ?? []).filter((r) => ids.has(r)),
      citation_indexes: citationIndexes,
      needs_citation: kind === 'sentence' || kind === 'list_item',
    });
  });
  const language = spec.language ?? 'en';
  const c: AuditCase = {
    query: spec.query ?? 'What does the source say?',
    answer,
    chunks,
    ...(spec.gold !== undefined ? { gold_answer: spec.gold } : {}),
    ...(spec.id !== undefined ? { id: spec.id } : {}),
    language,
  };
  const uncited = claims.filter((cl) => cl.needs_citation && cl.citation_indexes.length === 0);
  const report: Report = {
    verdict: uncited.length ? 'FAIL' : 'INCOMPLETE',
    dimensions: {
      exists: { status: 'PASS', issues: [] },
      accurate: { status: 'NOT_CHECKED', issues: [] },
      complete: { status: uncited.length ? 'FAIL' : 'PASS', issues: uncited.map((u) => `Claim ${u.index + 1} has no citation.`) },
      formatted: { status: 'PASS', issues: [] },
    },
    summary: 'Local checks only.',
    recommendations: [],
    citations,
    claims,
    scores: {
      citation_coverage: null,
      citation_existence: null,
      source_verification: null,
      citation_recall: null,
      citation_precision: null,
      support_weighted_precision: null,
      mean_support: null,
      interpretability: null,
      correctness: null,
      overall_score: null,
    },
    findings: [],
    markers: [],
    mapping: { kind: 'id', description: 'ids as written', entries: [] },
    meta: {
      tool_version: TOOL_VERSION,
      checked_by: 'local',
      language,
      answer_format: 'plain',
      required_style: 'auto',
    },
  };
  return { c, report };
}

/**
 * One claim citing c1, and a long chunk c9 it does not cite (sent as a preview), which a test
 * scripts the judge to ask for with get_chunk_content; `longText` is c9's text.
 */
export function toolLoopCase(): { c: AuditCase; report: Report; longText: string } {
  const longText = `Opening hours and prices. ${'The tower opens every day of the year. '.repeat(20)}`;
  const { c, report } = makeCase({
    chunks: [
      ['c1', 'The Eiffel Tower was built between 1887 and 1889.'],
      ['c9', longText],
    ],
    claims: [{ text: 'The Eiffel Tower was built between 1887 and 1889.', cites: ['c1'] }],
  });
  return { c, report, longText };
}

/** A three-claim English case where the lexical judge gives one label of each kind. */
export function threeClaimCase(): { c: AuditCase; report: Report } {
  return makeCase({
    query: 'When was the Eiffel Tower built and how tall is it?',
    chunks: [
      ['c1', 'The Eiffel Tower was built between 1887 and 1889 as the entrance arch to the 1889 World Fair in Paris.'],
      ['c2', 'The tower is 330 metres tall and was the tallest man-made structure in the world for 41 years.'],
      ['c3', 'Gustave Eiffel\u2019s company designed and built the tower; engineers Maurice Koechlin and Émile Nouguier drew it.'],
      ['c4', 'Paris hosts many museums, including the Louvre, which houses the Mona Lisa and thousands of other works of art from many centuries.'],
    ],
    claims: [
      { text: 'The Eiffel Tower was built between 1887 and 1889 as the entrance arch to the World Fair.', cites: ['c1'] },
      { text: 'The tower is 330 metres tall and attracts seven million visitors every year.', cites: ['c2'] },
      { text: 'Construction costs were covered by a national lottery.', cites: ['c3'] },
      { text: 'It remains a symbol of France.' },
    ],
  });
}

/**
 * A workbench as the model state sees it (state/model ModelHost), holding threeClaimCase's case
 * and local report at revision 1; every report it is given, or folds in, is kept in `reports`.
 */
export function modelHost(): ModelHost & { reports: { r: Report | null; rev: number | undefined }[]; revision: number; caseLoads: number } {
  const { c, report } = threeClaimCase();
  return {
    auditCase: c,
    localReport: report,
    revision: 1,
    caseLoads: 0,
    busy: false,
    settings: { uiLanguage: 'en' },
    reports: [],
    setModelReport(r, rev) {
      this.reports.push({ r, rev });
    },
    judgeWhenAnalysed(rev, merge) {
      this.reports.push({ r: merge(report, c), rev });
    },
  };
}
