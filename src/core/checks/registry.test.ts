import { describe, expect, it } from 'vitest';
import { CHECKS, runChecks } from './registry';
import { DIMENSIONS } from '../types';
import { auditCase } from '../audit';
import { makeContext } from '../../../tests/factories/checkContext';

// A case on which every check speaks: an unknown chunk, a mixed style, an uncited claim, a quote
// not in its chunk, a number and a name the chunk does not have, a citation to the wrong chunk.
const noisy = {
  answer: [
    'The tower is 330 metres tall [1]. It opened in 1889 [2]. Gustave Eiffel designed it \\cite{doc_9}.',
    'Paris has a river.',
    'Visitors buy "tickets at the top of the stairs" [1].',
    'About 7 million people visit the tower [1].',
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

  it('files each finding under the dimension its check is registered with', () => {
    const report = auditCase({ query: 'Tell me about the Eiffel Tower.', ...noisy });
    const dimensionOf = new Map(CHECKS.map((c) => [c.check, c.dimension]));
    expect(new Set(report.findings.map((f) => f.check)).size).toBeGreaterThan(3);
    for (const f of report.findings) expect([f.code, f.dimension]).toEqual([f.code, dimensionOf.get(f.check)]);
  });

  it('skips the checks that need the chunks when the chunks could not be read', () => {
    const ctx = makeContext(noisy);
    const all = runChecks(ctx, new Set());
    const without = runChecks(makeContext(noisy), new Set(['chunks']));
    const needChunks = new Set(CHECKS.filter((c) => c.needs.includes('chunks')).map((c) => c.check));
    expect(all.some((f) => needChunks.has(f.check))).toBe(true);
    expect(without).toEqual(all.filter((f) => !needChunks.has(f.check)));
  });

  it("drops complete's findings about citations when the citations could not be read", () => {
    const all = runChecks(makeContext(noisy), new Set());
    const without = runChecks(makeContext(noisy), new Set(['structured_citations']));
    expect(all.map((f) => f.code)).toContain('uncited_claim');
    expect(without).toEqual(all.filter((f) => f.code !== 'uncited_claim' && f.code !== 'no_citations'));
  });
});
