// A report in a given language. The core writes a report's words in its feedback language
// (meta.language: the case's language, or the one set) and keeps them as texts too; this writes
// them again in another language — the page shows a report in the interface language, exports
// and the model stay in the feedback language. Words that are not ours (the model's judgements
// and recommendations, a parser's message) stay as they were written.
import type { Dimension, Language, Msg, Report, ReportTexts } from '../types';
import { msg, renderOr } from './messages';
import { DIMENSIONS } from '../checks/registry';

/** The words of `texts` in `lang`; `old` gives the words to keep where a text cannot be written. */
export function renderTexts(
  texts: ReportTexts,
  lang: Language,
  old?: { summary: string; recommendations: readonly string[]; issues: Record<Dimension, readonly string[]> },
): { summary: string; recommendations: string[]; issues: Record<Dimension, string[]> } {
  const one = (t: Msg | string, fallback: string | undefined) => renderOr(t, lang, fallback ?? (typeof t === 'string' ? t : t.key));
  const issues = {} as Record<Dimension, string[]>;
  for (const d of DIMENSIONS) issues[d] = (texts.issues[d] ?? []).map((t, i) => one(t, old?.issues[d]?.[i]));
  return {
    summary: texts.summary.length === 1 ? one(texts.summary[0]!, old?.summary) : texts.summary.map((t) => one(t, undefined)).join(' '),
    recommendations: texts.recommendations.map((t, i) => one(t, old?.recommendations[i])),
    issues,
  };
}

/** The words of a report that localizeReport writes again: the findings' messages and the texts'. */
export interface ScreenWords {
  messages: string[];
  words: ReturnType<typeof renderTexts> | null;
}

/**
 * The words of `report` in `lang` that cost work in proportion to its findings: each finding's
 * message (as it is where there is no text to write it from) and the summary, recommendations and
 * issues. The audit worker works these out beside the report, so that the page, which shows the
 * report in the interface language, does not word tens of thousands of findings again in one task
 * after a large paste.
 */
export function screenWords(report: Report, lang: Language): ScreenWords {
  const messages = report.findings.map((f) => (f.text ? renderOr(f.text, lang, f.message) : f.message));
  if (!report.texts) return { messages, words: null };
  const old = { summary: report.summary, recommendations: report.recommendations, issues: {} as Record<Dimension, string[]> };
  for (const d of DIMENSIONS) old.issues[d] = report.dimensions[d]?.issues ?? [];
  return { messages, words: renderTexts(report.texts, lang, old) };
}

/**
 * `report` with its own words in `lang`: summary, recommendations, issues and finding messages.
 * The same object when it is already in `lang` or carries no texts (made by an older version).
 * `ahead`: screenWords(report, lang) when worked out already (elsewhere, for this very report).
 */
export function localizeReport(report: Report, lang: Language, ahead?: ScreenWords): Report {
  if (!report.texts || report.meta.language === lang) return report;
  const fit = ahead && ahead.messages.length === report.findings.length && ahead.words ? ahead : screenWords(report, lang);
  const said = fit.messages;
  const words = fit.words!;
  const missingBefore = renderOr(msg('missingSource', {}), report.meta.language, '');
  const missingNow = renderOr(msg('missingSource', {}), lang, missingBefore);
  const dimensions = { ...report.dimensions };
  for (const d of DIMENSIONS) if (dimensions[d]) dimensions[d] = { ...dimensions[d], issues: words.issues[d] };
  return {
    ...report,
    summary: words.summary,
    recommendations: words.recommendations,
    dimensions,
    findings: report.findings.map((f, i) => (f.text && said[i] !== f.message ? { ...f, message: said[i]! } : f)),
    mapping: report.mapping.texts ? { ...report.mapping, description: report.mapping.texts.map((t) => renderOr(t, lang, '')).join(' ') || report.mapping.description } : report.mapping,
    claims: report.claims.map((c) => {
      let out = c;
      if (c.exemption) out = { ...out, exemption: { ...c.exemption, reason: renderOr(msg('exemptionReason', { rule: c.exemption.rule }), lang, c.exemption.reason) } };
      // The basis the tool itself gives a claim whose cited chunks are missing (report.ts), unlike the model's.
      if (c.support?.some((j) => j.decision_basis === missingBefore)) {
        out = { ...out, support: c.support.map((j) => (j.decision_basis === missingBefore ? { ...j, decision_basis: missingNow } : j)) };
      }
      return out;
    }),
  };
}

/** `report` as exported: its words only, without the texts they were written from. */
export function withoutTexts(report: Report): Report {
  if (!report.texts && !report.mapping.texts && !report.findings.some((f) => f.text)) return report;
  const { texts: _texts, ...rest } = report;
  const { texts: _mapping, ...mapping } = report.mapping;
  return { ...rest, mapping, findings: report.findings.map(({ text: _text, ...f }) => f) };
}
