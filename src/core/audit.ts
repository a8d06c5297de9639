// One local audit: parse → find citations → split claims → run every local check → report.
// Pure and synchronous, so the page, a worker, the CLI and the tests all call the same thing.
import type { AuditCase, AuditOptions, CheckContext, Finding, Language, Report } from './types';
import { prepareCase } from './parse/case';
import { findMarkers } from './markers';
import { resolveMapping } from './mapping';
import { splitClaims } from './claims';
import { detectLanguage } from './language';
import { buildCitations } from './citations';
import { checkExists } from './checks/exists';
import { checkFormatted } from './checks/formatted';
import { checkComplete } from './checks/complete';
import { checkQuotes } from './checks/quotes';
import { checkNumbers } from './checks/numbers';
import { checkRelevance } from './checks/relevance';
import { checkContent } from './checks/content';
import { buildLocalReport } from './report';
import { sortInPlace } from './text';
import { applyCitationScope } from './scope';

const EXCERPT_MAX = 120;

export function resolveLanguage(
  c: Pick<AuditCase, 'query' | 'answer' | 'language'>,
  opt: AuditOptions['language'],
  fallback: Language = 'en',
): Language {
  if (opt && opt !== 'auto') return opt;
  if (c.language) return c.language;
  return detectLanguage(`${c.query}\n${c.answer}`, fallback);
}

export function auditCase(c: AuditCase, opts: AuditOptions = {}): Report {
  const prepared = prepareCase(c);
  const { answer, chunks, structured } = prepared;
  const language = resolveLanguage({ query: c.query, answer, ...(c.language ? { language: c.language } : {}) }, opts.language, opts.fallbackLanguage);
  const requiredStyle = opts.requiredStyle ?? 'auto';

  const chunkIds = chunks.map((ch) => ch.id);
  const { markers, footnoteDefinitions } = findMarkers(answer, { chunkIds });
  const mapping = resolveMapping(markers, chunks, { ...(structured ? { structured } : {}), footnoteDefinitions });
  const rawClaims = splitClaims(answer, markers, language, { footnoteDefinitions, query: c.query });
  const { citations, claims } = buildCitations({
    answer,
    markers,
    mapping,
    claims: rawClaims,
    chunks,
    ...(structured ? { structured } : {}),
  });

  const citationScope = opts.citationScope === 'paragraph' ? 'paragraph' : 'sentence';
  applyCitationScope(claims, citations, citationScope);

  const ctx: CheckContext = {
    answer,
    query: c.query,
    chunks,
    chunkById: new Map(chunks.map((ch) => [ch.id, ch])),
    markers,
    citations,
    claims,
    mapping,
    ...(structured ? { structured } : {}),
    language,
    requiredStyle,
    citationScope,
  };

  const findings: Finding[] = [...checkExists(ctx), ...checkFormatted(ctx), ...checkComplete(ctx)];
  const quotes = checkQuotes(ctx);
  for (const [index, verification] of quotes.verifications) {
    const citation = citations[index];
    if (citation) citation.source_verification = verification;
  }
  findings.push(...quotes.findings, ...checkNumbers(ctx), ...checkRelevance(ctx), ...checkContent(ctx));
  // Structured citations that had to be repaired or could not be read are reported like any
  // other formatting finding (a warning: the citations that were read are still checked).
  for (const message of prepared.errors) {
    findings.push({ check: 'formatted', dimension: 'formatted', severity: 'warning', code: 'structured_citations', message, start: 0, end: 0 });
  }
  for (const f of findings) {
    const text = answer.slice(f.start, f.end);
    f.excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
  }
  sortInPlace(findings, (a, b) => a.start - b.start || a.end - b.end);

  const report = buildLocalReport(ctx, findings, {
    ...(c.id !== undefined ? { caseId: String(c.id) } : {}),
    answerFormat: structured?.format ?? 'plain',
  });
  return report;
}
