// End-to-end audits of answers in the shapes RAG stacks print them: the whole local pipeline,
// from the case to the report, on small hand-written cases.
import { describe, expect, it } from 'vitest';
import { auditCase } from './audit';
import type { AuditCase, Report } from './types';

const chunks = [
  { id: 'a', title: 'Eiffel Tower - Wikipedia', text: 'The Eiffel Tower is 330 metres tall and was completed in 1889.' },
  { id: 'b', title: 'Tourism in Paris', text: 'About 7 million people visit the tower every year.' },
];
const run = (answer: string, extra: Partial<AuditCase> = {}): Report => auditCase({ query: 'Tell me about the Eiffel Tower.', answer, chunks, ...extra });
const cited = (r: Report) => r.citations.map((c) => [c.marker, c.chunk_id]);
const claimTexts = (r: Report) => r.claims.map((c) => [c.text, c.needs_citation]);

describe('a reference list closing the answer', () => {
  const body = 'The Eiffel Tower is 330 metres tall [2]. About 7 million people visit it each year [1].';

  it('under a "Sources:" heading: entries map the numbers to chunks by title, and are neither citations nor claims', () => {
    const r = run(`${body}\n\nSources:\n[1] Tourism in Paris\n[2] Eiffel Tower - Wikipedia`);
    expect(cited(r)).toEqual([
      ['[2]', 'a'],
      ['[1]', 'b'],
    ]);
    expect(claimTexts(r)).toEqual([
      ['The Eiffel Tower is 330 metres tall.', true],
      ['About 7 million people visit it each year.', true],
      ['Sources:', false],
    ]);
    expect(r.dimensions.complete.status).toBe('PASS');
    expect(r.mapping.description).toContain('reference line');
  });

  it('maps by URL under a "Citations:" line, which needs no citation itself', () => {
    const withUrls = [
      { id: 'r1', url: 'https://example.com/b', text: 'About 7 million people visit the tower every year.' },
      { id: 'r2', url: 'https://example.com/a', text: 'The Eiffel Tower is 330 metres tall.' },
    ];
    const r = run('The tower is 330 metres tall[1]. It has about 7 million visitors a year[2].\n\nCitations:\n[1] https://example.com/a\n[2] https://example.com/b', { chunks: withUrls });
    expect(cited(r)).toEqual([
      ['[1]', 'r2'],
      ['[2]', 'r1'],
    ]);
    expect(r.dimensions.complete.status).toBe('PASS');
  });

  it('as a numbered list of Markdown links under a References heading', () => {
    const r = run(`${body}\n\n## References\n1. [Tourism in Paris](https://example.org/tourism)\n2. [Eiffel Tower - Wikipedia](https://en.wikipedia.org/wiki/Eiffel_Tower)`);
    expect(cited(r)).toEqual([
      ['[2]', 'a'],
      ['[1]', 'b'],
    ]);
    expect(r.claims.filter((c) => c.needs_citation)).toHaveLength(2);
    expect(r.dimensions.complete.status).toBe('PASS');
  });

  it('without a heading only when each "[n] Title" line is cited above it', () => {
    const r = run(`${body}\n\n[1] Tourism in Paris\n[2] Eiffel Tower - Wikipedia`);
    expect(cited(r)).toEqual([
      ['[2]', 'a'],
      ['[1]', 'b'],
    ]);
    // Lines that open with a citation and state facts stay claims with their citations.
    const facts = run('[1] About 7 million people visit it each year.\n[2] The tower is 330 metres tall.');
    expect(facts.citations).toHaveLength(2);
    expect(facts.claims.filter((c) => c.needs_citation)).toHaveLength(2);
  });

  it('leaves a list whose entries cite something themselves as claims', () => {
    const r = run('Renewables matter [1].\n\nSources:\n1. The tower is 330 metres tall [1].\n2. It has 7 million visitors [2].');
    expect(r.citations).toHaveLength(3);
    expect(r.claims.filter((c) => c.needs_citation)).toHaveLength(3);
  });

  it('falls back to positions when the list names no chunk, or a title several chunks share', () => {
    const r = run(`${body}\n\nSources:\n[1] Some page\n[2] Another page`);
    expect(cited(r)).toEqual([
      ['[2]', 'b'],
      ['[1]', 'a'],
    ]);
    expect(r.claims.filter((c) => c.needs_citation)).toHaveLength(2);
    const shared = [
      { id: 'x', title: 'Wikipedia', text: 'The Eiffel Tower is 330 metres tall.' },
      { id: 'y', title: 'Wikipedia', text: 'About 7 million people visit it every year.' },
    ];
    const s = run(`The tower is 330 metres tall [1]. About 7 million people visit it [2].\n\nSources:\n[1] Wikipedia\n[2] Wikipedia`, { chunks: shared });
    expect(cited(s)).toEqual([
      ['[1]', 'x'],
      ['[2]', 'y'],
    ]);
  });
});

describe('where the report language comes from', () => {
  const chunks = [{ id: '1', text: 'The lake is 1,642 metres deep.' }];
  it('a setting, the case, the words, or the fallback when the words do not decide', () => {
    const clear: AuditCase = { query: 'Which lake is the deepest on earth?', answer: 'The lake is the deepest of them all [1].', chunks };
    expect(auditCase(clear).meta.language_source).toBe('detected');
    expect(auditCase(clear).meta.language).toBe('en');
    expect(auditCase(clear, { language: 'cs' }).meta.language_source).toBe('setting');
    expect(auditCase({ ...clear, language: 'cs' }).meta.language_source).toBe('case');
    const thin: AuditCase = { query: 'Baikal?', answer: 'Baikal [1].', chunks };
    expect(auditCase(thin, { fallbackLanguage: 'cs' }).meta.language_source).toBe('fallback');
    expect(auditCase(thin, { fallbackLanguage: 'cs' }).meta.language).toBe('cs');
    expect(auditCase(thin).meta.language).toBe('en');
  });
});

describe('findings in the report', () => {
  it('keep the keys their check gave them, in order, with the excerpt of the answer after them', () => {
    const answer = 'The Eiffel Tower is 330 metres tall [1]. It was painted blue in 1990 by a famous artist who lived in Lyon for a long time and liked towers very much indeed, they say.';
    const r = run(answer);
    const uncited = r.findings.find((f) => f.code === 'uncited_claim');
    expect(uncited).toBeDefined();
    const keys = Object.keys(uncited ?? {});
    expect(keys.slice(0, 4)).toEqual(['check', 'dimension', 'severity', 'code']);
    expect(keys.at(-1)).toBe('excerpt');
    // Cut to 120 characters with an ellipsis; the span itself is kept.
    expect(uncited?.excerpt).toBe(`${answer.slice(uncited?.start, (uncited?.start ?? 0) + 119)}…`);
    for (const f of r.findings) expect(f.excerpt?.length ?? 0).toBeLessThanOrEqual(120);
  });
});
