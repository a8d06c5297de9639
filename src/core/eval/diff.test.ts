import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { datasetRow, datasetRowsToJsonl } from './dataset';
import { caseHashes, diffRuns, diffToMarkdown, diffToText, parseRunFile } from './diff';
import { Hash53 } from '../text/hash';
import type { AuditCase, Report } from '../types';

const chunks = [
  { id: '1', text: 'Paris is the capital of France.' },
  { id: '2', text: 'Berlin is the capital of Germany.' },
];
const mk = (id: string | undefined, answer: string, query = `Question ${id ?? answer}`): AuditCase => ({ ...(id ? { id } : {}), query, answer, chunks });
const report = (c: AuditCase, scores: Partial<Report['scores']> = {}): Report => {
  const r = auditCase(c);
  return { ...r, scores: { ...r.scores, ...scores }, meta: { ...r.meta, input_hash: caseHashes(c.query, c.answer).input_hash } };
};
const lines = (rs: Report[]): string => rs.map((r) => JSON.stringify(r)).join('\n') + '\n';
const cases = (text: string) => {
  const f = parseRunFile(text);
  expect(f.errors).toEqual([]);
  return f.cases;
};

const a = mk('a', 'Paris is the capital of France [1].');
const b = mk('b', 'Berlin is the capital of Germany [2].');
const bBroken = mk('b', 'Berlin is the capital of Germany [7].');

describe('diffRuns over CLI report lines', () => {
  it('catches a planted regression: the verdict, the dimension, the score and the new finding', () => {
    const before = cases(lines([report(a), report(b)]));
    const after = cases(lines([report(a), report(bBroken)]));
    const d = diffRuns(before, after);
    expect(d.regressed).toBe(true);
    expect(d.counts).toMatchObject({ regressed: 1, unchanged: 1 });
    const cb = d.perCase.find((c) => c.name === 'b')!;
    expect(cb.verdictChange).toEqual({ from: 'INCOMPLETE', to: 'FAIL' });
    expect(cb.dimensions).toEqual([{ dimension: 'exists', from: 'PASS', to: 'FAIL' }]);
    expect(cb.scores.find((s) => s.score === 'citation_existence')).toMatchObject({ before: 1, after: 0, delta: -1 });
    expect(cb.appeared.map((f) => f.code)).toContain('unknown_chunk');
    expect(cb.regressions.join('\n')).toMatch(/new error finding/);
    expect(d.means.find((m) => m.score === 'citation_existence')).toMatchObject({ before: 1, after: 0.5, delta: -0.5 });
    expect(d.regressions).toContain('mean citation_existence 1 → 0.5 (-0.5)');
    // The reverse direction is an improvement, not a regression.
    const back = diffRuns(after, before);
    expect(back.regressed).toBe(false);
    expect(back.counts.improved).toBe(1);
    expect(back.perCase.find((c) => c.name === 'b')!.disappeared.map((f) => f.code)).toContain('unknown_chunk');
  });

  it('ignores score drops within the tolerance, and flags the one just past it', () => {
    const before = cases(lines([report(a, { citation_recall: 0.9 })]));
    const after = cases(lines([report(a, { citation_recall: 0.85 })]));
    expect(diffRuns(before, after, { tolerance: 0.05 }).regressed).toBe(false);
    const d = diffRuns(before, after, { tolerance: 0.04 });
    expect(d.regressed).toBe(true);
    expect(d.perCase[0]!.regressions).toEqual(['citation_recall 0.9 → 0.85 (-0.05)']);
  });

  it('counts a score that is no longer measured and a missing case as regressions', () => {
    const before = cases(lines([report(a, { citation_recall: 0.9 }), report(b)]));
    const after = cases(lines([report(a)]));
    const d = diffRuns(before, after);
    expect(d.regressed).toBe(true);
    expect(d.counts.removed).toBe(1);
    expect(d.perCase.find((c) => c.kind === 'removed')!.regressions).toEqual(['missing from the after run']);
    expect(d.perCase.find((c) => c.name === 'a')!.regressions).toEqual(['citation_recall no longer measured (was 0.9)']);
  });

  it('counts a model run that failed for a case as a regression, as a Dataset row\'s error is', () => {
    const failed = (r: Report): Report => ({ ...r, meta: { ...r.meta, model_error: { kind: 'auth', message: 'The API key was not accepted (401).', claims_judged: 0, claims_left: 1 } } as Report['meta'] });
    const before = cases(lines([report(a), report(b)]));
    const after = cases(lines([failed(report(a)), report(b)]));
    const d = diffRuns(before, after);
    expect(d.regressed).toBe(true);
    expect(d.perCase.find((c) => c.name === 'a')!.regressions).toEqual(['audit error: model: The API key was not accepted (401).']);
    // The same failure on both sides is no change; its end is no regression.
    expect(diffRuns(after, after).regressed).toBe(false);
    expect(diffRuns(after, before).regressed).toBe(false);
  });

  it('matches cases without ids by the query+answer hash, whatever their order', () => {
    const x = mk(undefined, 'Paris is the capital of France [1].', 'q1');
    const y = mk(undefined, 'Berlin is the capital of Germany [2].', 'q2');
    const yBroken = mk(undefined, 'Berlin is the capital of Germany [7].', 'q2');
    const d = diffRuns(cases(lines([report(x), report(y)])), cases(lines([report(y), report(x)])));
    expect(d.perCase.every((c) => c.matchedBy === 'input_hash' && c.kind === 'unchanged')).toBe(true);
    // A changed answer is a different input: removed + added, and the removal regresses.
    const changed = diffRuns(cases(lines([report(x), report(y)])), cases(lines([report(x), report(yBroken)])));
    expect(changed.counts).toMatchObject({ added: 1, removed: 1, unchanged: 1 });
    expect(changed.regressed).toBe(true);
  });
});

describe('diffRuns over the Dataset view JSONL', () => {
  const rows = (cs: AuditCase[]) => datasetRowsToJsonl(cs.map((c, i) => datasetRow(i, i + 1, auditCase(c), c.query)));
  it('reads the flat rows (no findings) and still catches the regression', () => {
    const before = parseRunFile(rows([a, b]));
    expect(before.kind).toBe('dataset');
    const d = diffRuns(before.cases, cases(rows([a, bBroken])));
    expect(d.findingsCompared).toBe(false);
    expect(d.regressed).toBe(true);
    expect(d.perCase.find((c) => c.name === 'b')!.dimensions).toEqual([{ dimension: 'exists', from: 'PASS', to: 'FAIL' }]);
  });
  it('matches rows without ids by their query', () => {
    const x = mk(undefined, 'Paris is the capital of France [1].', 'q1');
    const y = mk(undefined, 'Berlin is the capital of Germany [2].', 'q2');
    const d = diffRuns(cases(rows([x, y])), cases(rows([y, x])));
    expect(d.perCase.map((c) => c.matchedBy)).toEqual(['query', 'query']);
    expect(d.regressed).toBe(false);
  });
  it('compares a CLI run with a Dataset view download by id', () => {
    const d = diffRuns(cases(rows([a, b])), cases(lines([report(a), report(bBroken)])));
    expect(d.cases.matched).toBe(2);
    expect(d.regressed).toBe(true);
  });
});

describe('parseRunFile', () => {
  it('reads a single pretty-printed report', () => {
    const f = parseRunFile(JSON.stringify(report(a), null, 2));
    expect(f.cases).toHaveLength(1);
    expect(f.kind).toBe('reports');
  });
  it('names the line of anything that is not a result', () => {
    const f = parseRunFile(`${JSON.stringify(report(a))}\n{"query": "q", "answer": "x", "chunks": []}\nnot json\n`);
    expect(f.cases).toHaveLength(1);
    expect(f.errors.map((e) => e.line)).toEqual([2, 3]);
  });
});

describe('diff output', () => {
  const d = diffRuns(cases(lines([report(a), report(b)])), cases(lines([report(a), report(bBroken)])));
  it('text names the regressed case and what flipped', () => {
    const t = diffToText(d);
    expect(t.startsWith('REGRESSED')).toBe(true);
    expect(t).toMatch(/REGRESSED {2}b/);
    expect(t).toContain('EXISTS PASS → FAIL');
    expect(t).toMatch(/appeared +\[error\] unknown_chunk/);
  });
  it('markdown has the means table and the case', () => {
    const m = diffToMarkdown(d);
    expect(m).toContain('### ❌');
    expect(m).toMatch(/\| `citation_existence` \| 1 \| 0\.5 \| -0\.5 ❌ \|/);
    expect(m).toMatch(/\| b \| regressed \| verdict INCOMPLETE → FAIL/);
  });
});

describe('a score measured for the first time (issue 31)', () => {
  it('is "newly measured", not "improved", when a case stayed FAIL with recall going from — to 0', () => {
    const before = cases(lines([report(bBroken), report(a)]));
    const after = cases(lines([report(bBroken, { citation_recall: 0, citation_precision: 0 }), report(a)]));
    const d = diffRuns(before, after);
    const cb = d.perCase.find((c) => c.name === 'b')!;
    expect(cb.before?.verdict).toBe('FAIL');
    expect(cb.after?.verdict).toBe('FAIL');
    expect(cb.kind).toBe('newly_measured');
    expect(cb.improvements).toEqual([]);
    expect(cb.measured).toEqual(['citation_recall now measured (0)', 'citation_precision now measured (0)']);
    expect(d.counts).toMatchObject({ improved: 0, newly_measured: 1, unchanged: 1 });
    expect(d.regressed).toBe(false);
    const text = diffToText(d);
    expect(text).toContain('0 improved, 1 newly measured');
    expect(text).toMatch(/^NEWLY MEASURED {2}b {2}\(lines 1 → 1\)$/m);
    expect(text).toContain('  ~ citation_recall now measured (0)');
    const markdown = diffToMarkdown(d);
    expect(markdown).toContain('0 improved · 1 newly measured');
    expect(markdown).toContain('| b | newly measured | citation\\_recall now measured \\(0\\); citation\\_precision now measured \\(0\\) |');
  });

  it('stays "improved" when something did get better beside the new measurement', () => {
    const before = cases(lines([report(bBroken)]));
    const after = cases(lines([report(b, { citation_recall: 1 })]));
    const cb = diffRuns(before, after).perCase[0]!;
    expect(cb.kind).toBe('improved');
    expect(cb.measured).toContain('citation_recall now measured (1)');
  });
});

describe('caseHashes', () => {
  it('hashes the query, and the query and answer joined by U+0000, as before (reports keep them)', () => {
    expect(caseHashes('What is the capital?', 'Praha je hlavní město 🇨🇿 [1].')).toEqual({ input_hash: '1b1091d6b6d61d', query_hash: new Hash53().add('What is the capital?').hex() });
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '\u0000', 'é', '\n', '\ud83d\ude00'), maxLength: 12 });
    fc.assert(
      fc.property(text, text, (query, answer) => {
        expect(caseHashes(query, answer)).toEqual({ input_hash: new Hash53().add(`${query}\u0000${answer}`).hex(), query_hash: new Hash53().add(query).hex() });
      }),
      { numRuns: 2000 },
    );
  });
});
