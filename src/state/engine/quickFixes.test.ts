import { describe, expect, it } from 'vitest';
import { analyze } from './analysis';
import { request } from './quickFixes.fixtures';
import { quickFixesAt, quickFixesFor } from './quickFixes';
import { applyEdits } from '../../../tests/factories/applyEdits';

describe('quickFixesAt', () => {
  it('offers the fixes of the findings at the caret, in editor offsets', () => {
    const text = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [9].';
    const a = analyze(request(text));
    const at = text.indexOf('[9]') + 1;
    const fixes = quickFixesAt(a, at, at);
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes[0]!.fix).toMatchObject({ kind: 'replace_ref', chunkId: '2', preferred: true });
    expect(applyEdits(text, fixes[0]!.edits)).toBe('Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].');
    // Away from every finding: nothing.
    expect(quickFixesAt(a, 3, 3)).toEqual([]);
  });

  it('edits the JSON of a structured answer in place, and offers no answer-text edit there', () => {
    const chunk = 'The pronghorn can sustain 55 km/h over several kilometres; it has an oversized windpipe.';
    const value = { answer: 'Pronghorns have an oversized windpipe.', citations: [{ chunk_id: 'c1', start: 3, end: 20, quote: 'it has a oversized windpipe' }] };
    const text = JSON.stringify(value, null, 2);
    const req = request(text);
    req.inputs.chunksText = JSON.stringify([{ id: 'c1', text: chunk }]);
    const a = analyze(req);
    expect(a.answer.structuredInEditor).toBe(true);
    const index = a.report!.findings.findIndex((f) => f.code === 'quote_uncertain');
    const fixes = quickFixesFor(a, index);
    expect(fixes.map((f) => f.fix.kind)).toEqual(['exact_quote']);
    const fixed = JSON.parse(applyEdits(text, fixes[0]!.edits)) as typeof value;
    expect(fixed.citations[0]!.quote).toBe('it has an oversized windpipe');
    // Findings on the answer text inside the JSON have no fix that edits the answer text.
    for (const [i, f] of a.report!.findings.entries()) {
      for (const x of quickFixesFor(a, i)) expect(x.fix.target, f.code).toBe('editor');
    }
  });

  it('re-checks a structured citation’s fix with the analysis’ own case and options, and the fix is what the next analysis audits', () => {
    const value = { answer: 'Items can be returned within 30 days for a full refund.', citations: [{ chunk_id: 'r-9', quote: 'items can be returned within 30 days' }] };
    const text = JSON.stringify(value, null, 2);
    const a = analyze(request(text));
    expect(a.auditOptions).toMatchObject({ requiredStyle: 'auto', language: 'auto' });
    const index = a.report!.findings.findIndex((f) => f.code === 'unknown_chunk');
    const fixes = quickFixesFor(a, index);
    expect(fixes.map((f) => [f.fix.kind, f.fix.target, f.fix.chunkId])).toEqual([['replace_ref', 'editor', '2']]);
    // Asked for one, one is checked and given.
    expect(quickFixesFor(a, index, 1)).toHaveLength(1);
    const fixed = applyEdits(text, fixes[0]!.edits);
    const after = analyze({ ...request(fixed), seq: 2 });
    expect(after.report!.findings.map((f) => f.code)).not.toContain('unknown_chunk');
    expect(after.report!.dimensions.exists.status).toBe('PASS');
  });
});

describe('quickFixesAt on a structured answer', () => {
  it('lists a fix once when several findings of one citation offer it', () => {
    // An unknown chunk whose quote is in chunk 2: unknown_chunk and quote_in_other_chunk both say "cite chunk 2 instead".
    const value = { answer: 'Items can be returned within 30 days for a full refund.', citations: [{ chunk_id: 'r-9', quote: 'items can be returned within 30 days for a full refund' }] };
    const text = JSON.stringify(value, null, 2);
    const a = analyze(request(text));
    const codes = a.report!.findings.map((f) => f.code);
    expect(codes).toContain('unknown_chunk');
    expect(codes).toContain('quote_in_other_chunk');
    // Both findings sit on the citation's claim in the JSON's answer string.
    const at = a.diagnostics.find((d) => d.finding === codes.indexOf('quote_in_other_chunk'))!.start + 1;
    const fixes = quickFixesAt(a, at, at);
    const cite2 = fixes.filter((f) => f.fix.kind === 'replace_ref' && f.fix.chunkId === '2');
    expect(cite2).toHaveLength(1);
    expect(cite2[0]!.fix.preferred).toBe(true);
  });
});

describe('quickFixesFor asked again', () => {
  it('works out a finding’s fixes once per analysis: the same array again, another analysis its own', () => {
    const text = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [9].';
    const a = analyze(request(text));
    const i = a.report!.findings.findIndex((f) => f.code === 'ref_out_of_range' || f.code === 'unknown_chunk');
    expect(i).toBeGreaterThanOrEqual(0);
    const first = quickFixesFor(a, i);
    expect(first.length).toBeGreaterThan(0);
    expect(quickFixesFor(a, i)).toBe(first);
    // Another limit is another question.
    expect(quickFixesFor(a, i, 1)).not.toBe(first);
    expect(quickFixesFor(a, i, 1)).toEqual(first.slice(0, 1));
    // Another analysis of the same text is worked out anew, to the same fixes.
    const b = analyze(request(text));
    expect(quickFixesFor(b, i)).not.toBe(first);
    expect(quickFixesFor(b, i)).toEqual(first);
  });
});
