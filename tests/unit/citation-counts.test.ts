// A citation is what the answer cites; claims reference it (issue 23, item 8). An Anthropic text
// block that carries two citations and spans two sentences is two citations, not four: the
// report's list, the text report, the Dataset row, the exports, the CLI and the model scores all
// count the answer's citations, while every sentence the block covers is still credited.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../src/core/audit';
import { restoreCase } from '../../src/core/parse/case';
import { renderTextReport } from '../../src/core/report/textReport';
import { claimRows } from '../../src/core/report/export';
import { claimFacts } from '../../src/core/report/facts';
import { applyModelResults } from '../../src/core/report/report';
import { datasetRow } from '../../src/core/eval/dataset';
import type { AuditCase, ModelResults, SupportVerdict } from '../../src/core/types';
import { runCli } from './cli-harness';
import { caseOf, pageCitation, textBlock } from './structured-pages.fixtures';

const dir = process.env.SHARED_CASES_DIR ?? path.resolve(process.cwd(), '../shared/cases');

/** The Anthropic cases among the shared ones, and how many citations their blocks carry. */
const ANTHROPIC = [
  ['anthropic_cookbook_citations_plaintext_helpcenter', 2],
  ['anthropic_cookbook_citations_custom_content_helpcenter', 1],
  ['anthropic_char_location_grass_sky_langchainjs_docs', 2],
] as const;

const file = (name: string): string => path.join(dir, `${name}.json`);
const present = ANTHROPIC.every(([name]) => existsSync(file(name)));

/** Counted from the raw JSON, apart from the parser: the entries of every block's `citations`. */
function citationsInBlocks(raw: unknown): number {
  const blocks = Array.isArray(raw) ? raw : ((raw as { content?: unknown[]; blocks?: unknown[] }).content ?? (raw as { blocks?: unknown[] }).blocks ?? []);
  return blocks.reduce<number>((n, b) => n + (Array.isArray((b as { citations?: unknown }).citations) ? (b as { citations: unknown[] }).citations.length : 0), 0);
}

describe.skipIf(!present)('the real Anthropic cases count the answer’s citations', () => {
  it.each(ANTHROPIC)('%s: %i citations everywhere', async (name, expected) => {
    const text = readFileSync(file(name), 'utf8');
    expect(citationsInBlocks((JSON.parse(text) as { structured_citations: unknown }).structured_citations)).toBe(expected);
    const c = restoreCase(text).value!;
    const report = auditCase(c);
    expect(report.citations).toHaveLength(expected);
    expect(renderTextReport(report)).toContain(`citations: ${expected}\n`);
    expect(datasetRow(0, 1, report, c.query ?? '').citations).toBe(expected);
    const cli = await runCli([file(name), '--format', 'text']);
    expect(cli.out).toContain(`citations: ${expected}\n`);
    // Each sentence a block covers is still credited, and its export row names the block.
    const facts = claimFacts(report.claims, report.citations);
    for (const c of report.citations) {
      for (const k of report.claims.filter((k) => k.citation_indexes.includes(c.index))) {
        expect(facts.status[report.claims.indexOf(k)]).toBe('cited');
        expect(claimRows(report).find((r) => r.claim_index === k.index && r.chunk_id === c.chunk_id)?.markers).toContain(c.marker);
      }
    }
  });

  it('the plaintext block of two sentences with two citations credits both sentences with both', () => {
    const report = auditCase(restoreCase(readFileSync(file('anthropic_cookbook_citations_plaintext_helpcenter'), 'utf8')).value!);
    expect(report.claims.map((k) => k.citation_indexes)).toEqual([[], [0, 1], [0, 1], [], []]);
    expect(report.scores.citation_coverage).toBe(0.5);
  });
});

// Written here: one block of three sentences citing page 5, then one sentence citing page 9.
const spread: AuditCase = caseOf([
  textBlock('Throughput rose to 412,000 TEU. That was up 9 % on 2022. Waiting time fell to 6.5 hours.', [
    pageCitation(5, 'Container throughput rose to 412,000 TEU, up 9 % on 2022. Average berth waiting time fell to 6.5 hours.'),
  ]),
  textBlock(' Shore power serves every berth.', [pageCitation(9, 'Shore power was installed at two cruise berths.')]),
]);

describe('precision counts each citation of the answer once', () => {
  it('a block over three supported sentences weighs as much as one unsupported citation', () => {
    const local = auditCase(spread);
    expect(local.citations).toHaveLength(2);
    const shared = local.citations[0]!;
    const [a, b, d, e] = local.claims;
    expect([a, b, d].map((k) => k!.citation_indexes)).toEqual([[0], [0], [0]]);
    expect(e!.citation_indexes).toEqual([1]);
    const judge = (chunk_id: string, verdict: SupportVerdict, phrase: string) => ({ chunk_id, verdict, supporting_phrase: phrase, missing_or_extra: '', decision_basis: 'b' });
    const results: ModelResults = {
      model: 'm',
      judgements: [
        { claim_index: a!.index, support: [judge(shared.chunk_id!, 'fully_supported', 'Container throughput rose to 412,000 TEU')] },
        { claim_index: b!.index, support: [judge(shared.chunk_id!, 'fully_supported', 'up 9 % on 2022')] },
        { claim_index: d!.index, support: [judge(shared.chunk_id!, 'fully_supported', 'Average berth waiting time fell to 6.5 hours')] },
        { claim_index: e!.index, support: [judge(local.citations[1]!.chunk_id!, 'not_supported', '')] },
      ],
    };
    const r = applyModelResults(local, results, spread);
    // Two citations: one good, one bad. Counting the block once per sentence said 3 of 4.
    expect(r.scores.citation_precision).toBe(0.5);
    expect(r.scores.support_weighted_precision).toBe(0.5);
    // Claims are still judged one by one: three of four fully supported.
    expect(r.scores.citation_recall).toBe(0.75);
  });
});
