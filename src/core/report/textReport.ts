// Plain-text rendering of a report, for the CLI and "copy report".
import type { Report } from '../types';
import { DIMENSIONS } from '../checks/registry';
import { plural } from './plural';
import { reasonsText } from './ledger';
import { stabilityLine, unstablePairs, verdictsText } from './stability';
import { visibleControls } from '../text/text';

/**
 * Control characters and the bidirectional controls as visible escapes (core/text visibleControls),
 * line breaks as spaces: the report quotes its input, and a terminal must not act on what the
 * input hid in it (colour or cursor sequences, right-to-left spoofing, a forged report line).
 */
const terminalSafe = (line: string): string => visibleControls(line.replace(/\r?\n|\r/g, ' '));

const pct = (x: number | null): string => (x === null ? '—' : `${Math.round(x * 1000) / 10} %`);

export function renderTextReport(report: Report, origin: { file?: string; id?: string } = {}): string {
  const lines: string[] = [];
  const where = [origin.file, origin.id].filter(Boolean).join(' ');
  lines.push(`${report.verdict}${where ? `  ${where}` : ''}`);
  for (const d of DIMENSIONS) {
    const dim = report.dimensions[d];
    lines.push(`  ${d.toUpperCase().padEnd(10)} ${dim.status}`);
    for (const issue of dim.issues) lines.push(`    - ${issue}`);
  }
  lines.push(`  mapping: ${report.mapping.description}`);
  const cited = report.claims.filter((c) => c.citation_indexes.length > 0).length;
  const needing = report.claims.filter((c) => c.needs_citation).length;
  lines.push(`  claims: ${report.claims.length} (${needing} need a citation, ${cited} cited); citations: ${report.citations.length}`);
  if (report.meta.citation_scope === 'paragraph') {
    const credited = report.claims.filter((c) => c.credited_by === 'paragraph').length;
    lines.push(`  citation scope: paragraph (${plural('en', credited, { one: '# claim', other: '# claims' })} credited by the citation closing their paragraph)`);
  }
  const l = report.meta.ledger;
  if (l) {
    // The ledger: how every claim was decided, and each one left unjudged named with its reason.
    lines.push(`  judged: ${l.local + l.model} of ${plural('en', l.needing, { one: '# claim', other: '# claims' })} needing judgement (${l.model} by the model, ${l.local} by local checks); unjudged: ${l.unjudged}${l.unjudged ? ` (${reasonsText(l.reasons)})` : ''}; exempt: ${l.exempt}`);
    for (const c of report.claims) if (c.decided_by === 'unjudged' && c.unjudged_reason !== 'exempt') lines.push(`    - claim ${c.index + 1} unjudged: ${reasonsText({ [c.unjudged_reason ?? 'no_verdict']: 1 }).replace(/ 1$/, '')}`);
  }
  const st = report.meta.stability;
  if (st) {
    // Repeated judgements: how often they agreed, and each citation the model changed its mind on.
    lines.push(`  ${stabilityLine(st)}; rule: ${st.rule}`);
    for (const u of unstablePairs(report.claims)) lines.push(`    - claim ${u.claim + 1}, chunk ${u.chunk} unstable: ${verdictsText(u.verdicts)} (kept: ${verdictsText([u.kept])})`);
  }
  const s = report.scores;
  const scoreParts: string[] = [`coverage ${pct(s.citation_coverage)}`, `existence ${pct(s.citation_existence)}`];
  if (s.source_verification !== null) scoreParts.push(`quotes ${pct(s.source_verification)}`);
  if (s.citation_recall !== null) scoreParts.push(`ALCE recall ${pct(s.citation_recall)}`, `precision ${pct(s.citation_precision)}`);
  if (s.overall_score !== null) scoreParts.push(`overall ${s.overall_score.toFixed(2)}`);
  lines.push(`  scores: ${scoreParts.join(', ')}`);
  lines.push(`  summary: ${report.summary}`);
  if (report.model_summary) {
    lines.push(`  the model's own summary (its words, not the verdict): ${report.model_summary.text.replace(/\s+/g, ' ')}`);
    if (report.model_summary.contradicts) lines.push('  ! the model\'s summary contradicts the computed result: cited claims are not fully supported');
  }
  for (const r of report.recommendations) lines.push(`  * ${r}`);
  if (report.model_recommendations?.length) {
    lines.push("  the model's own recommendations (its words):");
    for (const r of report.model_recommendations) lines.push(`  * ${r.replace(/\s+/g, ' ')}`);
  }
  return lines.map(terminalSafe).join('\n');
}
