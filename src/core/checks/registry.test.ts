import { describe, expect, it } from 'vitest';
import { CHECKS, DIMENSIONS, INPUTS_CHECK } from './registry';
import { runChecks } from './runChecks';
import { auditCase } from '../audit';
import { makeContext } from '../../../tests/factories/checkContext';

// A case on which every check but quotes speaks (quotes needs structured citations): an unknown
// chunk, a mixed style, an uncited claim, a number and a name the chunk does not have, a citation
// to the wrong chunk.
const noisy = {
  answer: [
    'The tower is 330 metres tall [1]. It opened in 1889 [2]. Gustave Eiffel designed it \\cite{doc_9}.',
    'Paris has a river.',
    'Visitors buy "tickets at the top of the stairs" [1].',
    'About 7 million people visit the tower [1].',
    'Marie Curie painted the tower [1].',
  ].join(' '),
  chunks: [
    { id: 'doc_1', text: 'The Eiffel Tower is 324 metres tall. It is in Paris. Tickets are sold at the entrance.' },
    { id: 'doc_2', text: 'About seven million people visit the Eiffel Tower every year.' },
  ],
};

describe('the registry of checks', () => {
  it('registers each check once', () => {
    const names = CHECKS.map((c) => c.check);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('gives every dimension of the report a check, and no check a dimension outside it', () => {
    for (const d of DIMENSIONS) expect(CHECKS.filter((c) => c.dimension === d).map((c) => c.check), d).not.toEqual([]);
    for (const c of CHECKS) expect(DIMENSIONS, c.check).toContain(c.dimension);
  });

  it('keeps the order the findings are produced in: exists, formatted, complete, then the accuracy checks', () => {
    expect(CHECKS.map((c) => c.check)).toEqual(['exists', 'formatted', 'complete', 'quotes', 'numbers', 'relevance', 'content']);
  });

  it('files each finding under the dimension its check is registered with, for every check', () => {
    const report = auditCase({ query: 'Tell me about the Eiffel Tower.', ...noisy });
    const invented = makeContext({ answer: 'Grass is green.', chunks: ['The grass is green.'], citations: [{ ref: '1', quote: 'Refunds take ten business days.' }] });
    const findings = [...report.findings, ...runChecks(invented, { unreadable: [], repairs: [] })];
    const dimensionOf = new Map(CHECKS.map((c) => [c.check, c.dimension]));
    expect(new Set(findings.map((f) => f.check))).toEqual(new Set(CHECKS.map((c) => c.check)));
    for (const f of findings) expect([f.code, f.dimension]).toEqual([f.code, dimensionOf.get(f.check)]);
  });

  it('skips the checks that need the chunks when the chunks could not be read', () => {
    const ctx = makeContext(noisy);
    const all = runChecks(ctx, { unreadable: [], repairs: [] });
    const without = runChecks(makeContext(noisy), { unreadable: [{ input: 'chunks', message: 'no' }], repairs: [] });
    const needChunks = new Set(CHECKS.filter((c) => c.needs.includes('chunks')).map((c) => c.check));
    expect(all.some((f) => needChunks.has(f.check))).toBe(true);
    expect(without.slice(0, -1)).toEqual(all.filter((f) => !needChunks.has(f.check)));
  });

  it("drops complete's findings about citations when the citations could not be read", () => {
    const all = runChecks(makeContext(noisy), { unreadable: [], repairs: [] });
    const without = runChecks(makeContext(noisy), { unreadable: [{ input: 'structured_citations', message: 'no' }], repairs: [] });
    expect(all.map((f) => f.code)).toContain('uncited_claim');
    expect(without.slice(0, -1)).toEqual(all.filter((f) => f.code !== 'uncited_claim' && f.code !== 'no_citations'));
  });

  it("files what could not be read, and each repair, under the inputs' check, after every check's findings", () => {
    const dimension = CHECKS.find((c) => c.check === INPUTS_CHECK)!.dimension;
    const unreadable = [{ input: 'answer' as const, message: 'not JSON', line: 2, column: 5 }];
    const checks = runChecks(makeContext(noisy), { unreadable, repairs: [] }).slice(0, -1);
    const found = runChecks(makeContext(noisy), { unreadable, repairs: ['structured_citations[0].start: moved'] });
    expect(found.slice(0, checks.length)).toEqual(checks);
    expect(found.slice(checks.length).map((f) => [f.check, f.dimension, f.severity, f.code])).toEqual([
      [INPUTS_CHECK, dimension, 'warning', 'input_unreadable'],
      [INPUTS_CHECK, dimension, 'warning', 'structured_citations'],
    ]);
    expect(found.at(-2)!.message).toContain('line 2, column 5');
    expect(found.at(-1)!.message).toContain('structured_citations[0].start: moved');
    // Structured citations that could not be read at all are said once, not again as repairs.
    const unread = runChecks(makeContext(noisy), { unreadable: [{ input: 'structured_citations', message: 'no' }], repairs: ['moved'] });
    expect(unread.filter((f) => f.start === 0 && f.end === 0).map((f) => f.code)).toEqual(['input_unreadable']);
  });
});
