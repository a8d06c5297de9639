import { describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import type { Report } from '../../core/types';
import { examples } from '../../examples/catalog';
import { basisLines, chunksUnreadable, claimViews, dimensionViews, scoreRows } from './reportView';
import { applyModelResults } from '../../core/report/report';
import { DIMENSIONS } from '../../core/checks/registry';

// The straightforward definitions (a filter per claim / dimension): the grouped versions must
// produce exactly the same views, in the same order.
function naiveClaimViews(report: Report) {
  return report.claims.map((claim) => {
    const citations = report.citations.filter((c) => c.claim_index === claim.index);
    const status = citations.length ? 'cited' : claim.exemption ? 'exempt' : claim.needs_citation ? 'uncited' : 'optional';
    const findings = report.findings
      .map((finding, index) => ({ finding, index }))
      .filter((f) => f.finding.claim_index === claim.index && !(status === 'exempt' && f.finding.code === 'exempt_claim'));
    return { claim, citations, status, findings };
  });
}

function naiveDimensionViews(report: Report) {
  return DIMENSIONS.map((dimension) => {
    const findings = report.findings.map((finding, index) => ({ finding, index })).filter((f) => f.finding.dimension === dimension);
    const messages = new Set(findings.map((f) => f.finding.message));
    return { dimension, status: report.dimensions[dimension].status, findings, otherIssues: report.dimensions[dimension].issues.filter((i) => !messages.has(i)) };
  });
}

const reports = examples.map((e) => [e.id, auditCase(e.case)] as const);

describe('report views', () => {
  it.each(reports)('%s: claims and dimensions group citations and findings as a filter would', (_id, report) => {
    expect(claimViews(report)).toEqual(naiveClaimViews(report));
    expect(dimensionViews(report)).toEqual(naiveDimensionViews(report));
  });

  it('keeps report order within a claim and skips findings of no claim', () => {
    const [, base] = reports.find(([, r]) => r.claims.length > 0 && r.findings.length > 0)!;
    const claim = base.claims[0]!;
    const f = base.findings[0]!;
    const report: Report = {
      ...base,
      findings: [
        { ...f, claim_index: claim.index, message: 'second' },
        { ...f, claim_index: undefined, message: 'none' },
        { ...f, claim_index: claim.index, message: 'fourth' },
      ],
    };
    const view = claimViews(report).find((v) => v.claim.index === claim.index)!;
    expect(view.findings.map((x) => [x.index, x.finding.message])).toEqual([
      [0, 'second'],
      [2, 'fourth'],
    ]);
    expect(claimViews(report).flatMap((v) => v.findings.map((x) => x.finding.message))).not.toContain('none');
  });
});

describe('an exempt claim', () => {
  it('states its rule and reason once: the row says it, the same finding is not listed under it', () => {
    const r = auditCase({ query: 'Where is Paris?', answer: 'Paris is the capital of France [1]. I hope this helps!', chunks: [{ id: '1', text: 'Paris is the capital of France.' }] });
    const exempt = r.claims.find((c) => c.exemption)!;
    expect(r.findings.some((f) => f.code === 'exempt_claim' && f.claim_index === exempt.index)).toBe(true);
    const view = claimViews(r).find((v) => v.claim.index === exempt.index)!;
    expect(view.status).toBe('exempt');
    expect(view.findings.map((f) => f.finding.code)).not.toContain('exempt_claim');
  });
});

describe('basisLines', () => {
  const c = { query: 'How tall is the tower?', answer: 'The tower is 300 metres tall [1]. It opened in 1889 [2].', chunks: [{ id: '1', text: 'The tower is 300 metres tall.' }, { id: '2', text: 'The tower opened to the public in 1889.' }] };
  const judge = (chunk_id: string, verdict: 'fully_supported' | 'partially_supported', supporting_phrase: string) => ({ chunk_id, verdict, supporting_phrase, missing_or_extra: '', decision_basis: 'All citations are fully supported.' });

  it('reads the model\u2019s "fully supported" words under the verdict that stands', () => {
    const r = applyModelResults(auditCase(c), {
      model: 'm',
      judgements: [
        // A phrase that is not in chunk 1: the checks lower "fully" to "partially".
        { claim_index: 0, support: [judge('1', 'fully_supported', 'The tower is 900 metres tall')] },
        { claim_index: 1, support: [judge('2', 'fully_supported', 'opened to the public in 1889')] },
      ],
    }, c);
    expect(r.claims[0]!.support![0]!.verdict).toBe('partially_supported');
    expect(basisLines(r.claims[0]!)).toEqual([{ chunk_id: '1', basis: 'All citations are fully supported.', missing: '', verdict: 'partially_supported', lowered: 'phrase' }]);
    expect(basisLines(r.claims[1]!)[0]).toMatchObject({ verdict: 'fully_supported', lowered: null });
  });

  it('follows the claim\u2019s joint verdict when it is lower than the chunk\u2019s', () => {
    const r = applyModelResults(auditCase(c), {
      model: 'm',
      judgements: [{ claim_index: 0, support: [judge('1', 'fully_supported', 'The tower is 300 metres tall')], joint_verdict: 'partially_supported' }],
    }, c);
    expect(basisLines(r.claims[0]!)[0]).toMatchObject({ verdict: 'partially_supported', lowered: 'claim' });
  });
});

describe('chunksUnreadable', () => {
  it('is true only when the chunks input could not be read', () => {
    const error = { message: 'Expected a comma.', line: 1, column: 2, offset: 1, endOffset: 2, source: 'chunks' as const };
    expect(chunksUnreadable(auditCase({ query: 'q', answer: 'A [0].', chunks: [] }, { unreadable: { chunks: error } }))).toBe(true);
    expect(chunksUnreadable(auditCase({ query: 'q', answer: 'A [0].', chunks: [] }))).toBe(false);
  });
});

describe('report views, one report after another', () => {
  // A report as the workbench holds it after reuse.ts: unchanged claims and findings are the same objects.
  const [, base] = reports.reduce((a, b) => (b[1].claims.length * b[1].findings.length > a[1].claims.length * a[1].findings.length ? b : a));

  it('gives back the previous views while nothing they show changed', () => {
    const dims = dimensionViews(base);
    const claims = claimViews(base);
    const next: Report = { ...base, meta: { ...base.meta, generated_at: 'later' } };
    expect(dimensionViews(next, dims)).toEqual(dims);
    dimensionViews(next, dims).forEach((v, i) => expect(v).toBe(dims[i]));
    claimViews(next, claims).forEach((v, i) => expect(v).toBe(claims[i]));
  });

  it('makes new views only for a claim or finding that changed, and keeps the other entries', () => {
    expect(base.claims.length).toBeGreaterThan(1);
    const dims = dimensionViews(base);
    const claims = claimViews(base);
    const changedClaim = { ...base.claims[0]!, text: `${base.claims[0]!.text} (edited)` };
    const changedFinding = { ...base.findings[0]!, message: 'changed' };
    const next: Report = { ...base, claims: [changedClaim, ...base.claims.slice(1)], findings: [changedFinding, ...base.findings.slice(1)] };
    const nextClaims = claimViews(next, claims);
    expect(nextClaims).toEqual(claimViews(next));
    expect(nextClaims[0]).not.toBe(claims[0]);
    expect(nextClaims[0]!.claim.text).toMatch(/\(edited\)$/);
    for (let i = 1; i < claims.length; i++) {
      const touched = claims[i]!.findings.some((f) => f.index === 0);
      if (touched) expect(nextClaims[i]!.findings[0]!.finding.message).toBe('changed');
      else expect(nextClaims[i]).toBe(claims[i]);
    }
    const nextDims = dimensionViews(next, dims);
    expect(nextDims).toEqual(dimensionViews(next));
    const dim = nextDims.find((d) => d.dimension === changedFinding.dimension)!;
    const oldDim = dims.find((d) => d.dimension === changedFinding.dimension)!;
    expect(dim).not.toBe(oldDim);
    expect(dim.findings[0]!.finding.message).toBe('changed');
    dim.findings.slice(1).forEach((f, i) => expect(f).toBe(oldDim.findings[i + 1]));
  });

  it('drops views of claims that are gone and makes views for new ones', () => {
    const claims = claimViews(base);
    const fewer: Report = { ...base, claims: base.claims.slice(0, 1), citations: base.citations.filter((c) => c.claim_index === base.claims[0]!.index) };
    expect(claimViews(fewer, claims)).toEqual(claimViews(fewer));
    expect(claimViews(base, claimViews(fewer))).toEqual(claims);
  });
});

describe('the detected answer format is named truthfully', () => {
  it('an Anthropic-citations answer (no inline markers) is not "plain text with markers"', async () => {
    const { answerFormatLabelKey } = await import('./reportView');
    const blocks = auditCase({
      query: 'q',
      answer: '',
      chunks: [{ id: '0', title: 'Doc', text: 'The grass is green.' }],
      structured_citations: [{ type: 'text', text: 'Grass is green.', citations: [{ type: 'char_location', cited_text: 'The grass is green.', document_index: 0, document_title: 'Doc', start_char_index: 0, end_char_index: 19 }] }],
    });
    // The editor holds the plain answer text; the structured citations come beside it.
    expect(answerFormatLabelKey('plain', blocks.markers.length)).toBe('plain-no-markers');
    expect(answerFormatLabelKey(blocks.meta.answer_format, blocks.markers.length)).toBe('anthropic-blocks');
    const marked = auditCase({ query: 'q', answer: 'Grass is green [0].', chunks: [{ id: '0', text: 'The grass is green.' }] });
    expect(answerFormatLabelKey('plain', marked.markers.length)).toBe('plain');
  });
});

describe('score rows', () => {
  it('lists every score once, the local ones first, with null for those not computed', () => {
    const report = auditCase(examples[0]!.case);
    const rows = scoreRows(report.scores);
    const local = ['citation_coverage', 'citation_existence', 'source_verification'];
    const model = ['citation_recall', 'citation_precision', 'support_weighted_precision', 'mean_support', 'interpretability', 'correctness', 'overall_score'];
    expect(rows.map((r) => r.key)).toEqual([...local, ...model]);
    expect(rows.map((r) => r.key).sort()).toEqual(Object.keys(report.scores).sort());
    expect(rows.find((r) => r.key === 'overall_score')!.value).toBeNull();
    expect(rows.find((r) => r.key === 'citation_coverage')!.value).toBe(report.scores.citation_coverage);
  });
});
