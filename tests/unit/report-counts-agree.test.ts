// One truth about uncited claims: the claim list, the COMPLETE issues, the recommendation, the
// header counts, the coverage score and the Answer editor's problems agree, and the report
// JSON's citations[].claim_index and claims[].citation_indexes do not contradict each other — on
// every real shared case and on structured answers whose citation blocks span several claims.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../src/core/audit';
import { claimFacts } from '../../src/core/report/facts';
import { restoreCase } from '../../src/core/parse/case';
import { msg, render } from '../../src/core/report/messages';
import type { AuditCase, Report } from '../../src/core/types';
import { buildDiagnostics } from '../../src/state/engine/analysis';
import { buildOffsetMap } from '../../src/state/engine/offsetMap';
import { claimViews, reportCounts } from '../../src/state/workbench/reportView';
import { caseOf, pageCitation, textBlock } from './structured-pages.fixtures';

const dir = process.env.SHARED_CASES_DIR ?? path.resolve(process.cwd(), '../shared/cases');
const present = existsSync(dir);

function sharedCases(): [string, AuditCase][] {
  if (!present) return [];
  const out: [string, AuditCase][] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const r = restoreCase(readFileSync(path.join(dir, f), 'utf8'));
    if (r.value) out.push([f, r.value]);
  }
  return out;
}

// Written here: answers in the Citations API block shape whose blocks span several sentences
// and list items, some uncited.
const STRUCTURED: [string, AuditCase][] = [
  [
    'one block over three sentences, one uncited sentence after it',
    caseOf([
      textBlock('Throughput rose to 412,000 TEU. Waiting time fell to 6.5 hours. Cruise calls reached 118.', [
        pageCitation(5, 'Container throughput rose to 412,000 TEU, up 9 % on 2022. Average berth waiting time fell to 6.5 hours.', 7),
      ]),
      textBlock(' The channel will take 14-metre ships from the autumn of 2024.'),
    ]),
  ],
  [
    'a block over a list of three items after an uncited lead sentence',
    caseOf([
      textBlock('The port reported strong figures in its finances last year.\n\n'),
      textBlock('- Revenue was 84.2 million euros.\n- The surplus was 11.7 million euros.\n- Channel spending was 26 million euros.', [
        pageCitation(7, 'Revenue was 84.2 million euros and the operating surplus 11.7 million euros. Capital spending on the channel was 26 million euros.'),
      ]),
      textBlock('\n- Port dues were unchanged.'),
    ]),
  ],
  [
    'two blocks, each over two sentences, with two citations each',
    caseOf([
      textBlock('Shore power now serves two cruise berths. Emissions at berth fell by 18 %.', [
        pageCitation(9, 'Shore power was installed at two cruise berths.'),
        pageCitation(9, 'Emissions from vessels at berth fell by 18 %.'),
      ]),
      textBlock(' All six beaches met the bathing standard. Growth will slow in 2024.', [
        pageCitation(10, 'Water quality sampling found no breach of the bathing water standard at any of the six beaches monitored.'),
        pageCitation(11, 'The board expects throughput to grow more slowly in 2024 as the channel works limit night arrivals.'),
      ]),
    ]),
  ],
];

function checkAgreement(report: Report): number {
  const facts = claimFacts(report.claims, report.citations);
  const n = facts.uncited.length;
  const uncitedFindings = report.findings.filter((f) => f.code === 'uncited_claim');
  expect(uncitedFindings.length, 'COMPLETE findings').toBe(n);
  expect(uncitedFindings.map((f) => f.claim_index).sort(), 'the same claims').toEqual(facts.uncited.map((k) => report.claims[k]!.index).sort());
  const issueSet = new Set(report.dimensions.complete.issues);
  expect(uncitedFindings.filter((f) => issueSet.has(f.message)).length, 'COMPLETE issues').toBe(n);
  expect(claimViews(report).filter((v) => v.status === 'uncited').length, 'claim list').toBe(n);
  expect(reportCounts(report).uncited, 'header counts').toBe(n);
  const rec = render(msg('recAddCitations', { claims: n }), report.meta.language);
  if (n > 0) expect(report.recommendations, 'recommendation').toContain(rec);
  else expect(report.texts?.recommendations.filter((r) => typeof r !== 'string' && r.key === 'recAddCitations')).toEqual([]);
  if (facts.needing > 0) expect(report.scores.citation_coverage).toBeCloseTo(facts.covered / facts.needing, 4);

  // The report JSON: each citation is listed by the claim it names; a claim lists only
  // citations that exist and, but for a paragraph's borrowed ones, overlap it.
  for (const c of report.citations) {
    const owner = report.claims.find((k) => k.index === c.claim_index);
    if (c.claim_index >= 0) expect(owner?.citation_indexes, `citation ${c.index}`).toContain(c.index);
  }
  for (const k of report.claims) {
    for (const i of k.citation_indexes) {
      const c = report.citations[i];
      expect(c, `claim ${k.index} lists citation ${i}`).toBeDefined();
      if (k.credited_by === undefined && c!.end > c!.start && c!.claim_index !== k.index) expect(c!.start < k.end && k.start < c!.end, `claim ${k.index} lists citation ${i}`).toBe(true);
    }
  }
  return n;
}

function editorCount(c: AuditCase, report: Report): number {
  // The Answer editor shows the findings at their spans; its uncited problems are these.
  const diags = buildDiagnostics([], [], [], report, buildOffsetMap(c.answer, c.answer));
  return diags.filter((d) => d.editor === 'answer' && d.code === 'uncited_claim').length;
}

describe.skipIf(!present)('counts agree on every shared case', () => {
  it.each(sharedCases())('%s', (_, c) => {
    const report = auditCase(c);
    const n = checkAgreement(report);
    if (c.answer) expect(editorCount(c, report), 'editor problems').toBe(n);
  });
});

// The cases trust.spec.ts opened in the page, with the uncited claims it counted there (until the
// eighth pass of issue 30 it opened all three; the page now shows two of them): the counts are
// exercised, not all zero.
describe.skipIf(!present)('known uncited claims of three shared cases', () => {
  it.each([
    ['ctkfacts_cs_supports_7.json', 1],
    ['anthropic_cookbook_citations_plaintext_helpcenter.json', 2],
    ['azure_openai_on_your_data_docN.json', 4],
  ] as const)('%s has %i', (file, uncited) => {
    const c = sharedCases().find(([f]) => f === file)?.[1];
    expect(c, file).toBeDefined();
    expect(checkAgreement(auditCase(c!))).toBe(uncited);
  });
});

describe('counts agree on structured answers whose blocks span several claims', () => {
  it.each(STRUCTURED)('%s', (_, c) => {
    const report = auditCase(c);
    checkAgreement(report);
    // The answer editor holds the block texts joined: the same text the report is about.
    const answer = report.claims.length ? (c.structured_citations as { content: { text: string }[] }).content.map((b) => b.text).join('') : '';
    const diags = buildDiagnostics([], [], [], report, buildOffsetMap(answer, answer));
    expect(diags.filter((d) => d.code === 'uncited_claim').length).toBe(claimFacts(report.claims, report.citations).uncited.length);
  });

  it('credits every sentence and list item a block spans', () => {
    const [, first] = STRUCTURED[0]!;
    const r1 = auditCase(first);
    expect(claimFacts(r1.claims, r1.citations).uncited.map((k) => r1.claims[k]!.text)).toEqual(['The channel will take 14-metre ships from the autumn of 2024.']);
    const [, list] = STRUCTURED[1]!;
    const r2 = auditCase(list);
    const uncited = claimFacts(r2.claims, r2.citations).uncited.map((k) => r2.claims[k]!.text);
    expect(uncited).toContain('Port dues were unchanged.');
    expect(uncited.some((t) => t.includes('million euros'))).toBe(false);
  });
});
