import { describe, expect, it } from 'vitest';
import { checkComplete } from './complete';
import { makeContext } from '../../../tests/factories/checkContext';

describe('checkComplete', () => {
  it('passes when every factual claim is cited', () => {
    const fs = checkComplete(makeContext({ answer: 'Grass is green [1]. Sky is blue [2].', chunks: ['g', 's'] }));
    expect(fs.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('flags each uncited claim over its span', () => {
    const ctx = makeContext({ answer: 'Grass is green [1]. Sky is blue. Water is wet.', chunks: ['g'] });
    const fs = checkComplete(ctx).filter((f) => f.code === 'uncited_claim');
    expect(fs.map((f) => ctx.answer.slice(f.start, f.end))).toEqual(['Sky is blue.', 'Water is wet.']);
    expect(fs[0]).toMatchObject({ severity: 'error', claim_index: 1 });
    expect(fs[0]!.message).toContain('"Sky is blue."');
  });

  it('fails an answer with no citation at all: one error per uncited claim, the summary only as info', () => {
    const ctx = makeContext({ answer: 'Brian is 5\'11". He is tall.', chunks: ['Suzy is 6\'2"'] });
    const fs = checkComplete(ctx);
    expect(fs[0]).toMatchObject({ code: 'no_citations', severity: 'info', start: 0, end: ctx.answer.length });
    expect(fs.filter((f) => f.code === 'uncited_claim')).toHaveLength(2);
    expect(fs.filter((f) => f.severity === 'error').map((f) => f.code)).toEqual(['uncited_claim', 'uncited_claim']);
  });

  it('lists exempt claims as info with their rule', () => {
    const ctx = makeContext({ answer: 'Grass is green [1]. What do you think?', chunks: ['g'] });
    const fs = checkComplete(ctx);
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ code: 'exempt_claim', severity: 'info', claim_index: 1 });
    expect(fs[0]!.message).toMatch(/^Exempt \(a question, question\)/);
    const cs = checkComplete({ ...ctx, language: 'cs' });
    // The Czech name of the rule, with its id beside it (what docs/checks.md and the JSON call it).
    expect(cs[0]!.message).toMatch(/^Výjimka \(otázka, question\)/);
  });

  it('warns about an uncited claim whose exemption is doubtful, without failing; cited, it is only listed', () => {
    const ctx = makeContext({ answer: 'Grass is green [1]. Sky is blue.', chunks: ['g'] });
    ctx.claims[1]!.needs_citation = false;
    ctx.claims[1]!.exemption = { rule: 'lead_in_unsure', reason: 'maybe a lead-in', doubtful: true };
    const fs = checkComplete(ctx);
    expect(fs.map((f) => [f.code, f.severity, f.claim_index])).toEqual([['uncited_lead_in', 'warning', 1]]);
    expect(fs[0]!.message).toContain('lead_in_unsure');
    ctx.claims[1]!.exemption.doubtful = false;
    expect(checkComplete(ctx).map((f) => [f.code, f.severity])).toEqual([['exempt_claim', 'info']]);
  });

  it('does not count an exempt-only answer as lacking citations', () => {
    const ctx = makeContext({ answer: 'What do you think?', chunks: ['g'] });
    expect(checkComplete(ctx).map((f) => f.code)).toEqual(['exempt_claim']);
  });
});
