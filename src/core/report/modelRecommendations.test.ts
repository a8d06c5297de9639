// The model's recommendations are its words (issue 31, item 11): kept apart from the tool's own,
// marked as the model's in the text report, and never an empty or contentless line such as "ok".
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { applyModelResults } from './report';
import { renderTextReport } from './textReport';
import type { AuditCase, ModelResults } from '../types';

const c: AuditCase = {
  query: 'How tall is the tower?',
  answer: 'The tower is 96 metres tall [1]. It opened in 1901 [1].',
  chunks: [{ id: '1', text: 'The tower is 69 metres tall.' }],
};

const results = (recommendations: string[]): ModelResults => ({
  model: 'm',
  judgements: [
    { claim_index: 0, support: [{ chunk_id: '1', verdict: 'not_supported', supporting_phrase: '', missing_or_extra: '96 against 69', decision_basis: 'numbers differ' }] },
    { claim_index: 1, support: [{ chunk_id: '1', verdict: 'not_supported', supporting_phrase: '', missing_or_extra: 'no year', decision_basis: 'absent' }] },
  ],
  recommendations,
});

describe('the model’s recommendations', () => {
  it('are kept apart from the tool’s own, which lead the Recommendations', () => {
    const local = auditCase(c);
    const r = applyModelResults(local, results(['ok', 'Cite a source that gives the opening year.']), c);
    expect(r.recommendations.length).toBeGreaterThan(0);
    expect(r.recommendations).not.toContain('ok');
    expect(r.recommendations).not.toContain('Cite a source that gives the opening year.');
    expect(r.model_recommendations).toEqual(['Cite a source that gives the opening year.']);
  });

  it('leave out empty and contentless lines, and say each line once', () => {
    const lines = ['', '   ', 'ok', 'OK.', 'N/A', 'None', '—', '...', 'No recommendations.', 'Žádná doporučení.', 'v pořádku', ' Fix the height: 69 m. ', 'Fix the height: 69 m.'];
    const r = applyModelResults(auditCase(c), results(lines), c);
    expect(r.model_recommendations).toEqual(['Fix the height: 69 m.']);
    const none = applyModelResults(auditCase(c), results(['ok', '']), c);
    expect(none.model_recommendations).toBeUndefined();
  });

  it('are marked as the model’s words in the text report', () => {
    const r = applyModelResults(auditCase(c), results(['ok', 'Cite a source that gives the opening year.']), c);
    const text = renderTextReport(r);
    const lines = text.split('\n');
    const mark = lines.indexOf("  the model's own recommendations (its words):");
    expect(mark).toBeGreaterThan(0);
    expect(lines[mark + 1]).toBe('  * Cite a source that gives the opening year.');
    // Everything before the mark is the tool's own; "ok" is nowhere.
    expect(lines.slice(0, mark).join('\n')).not.toContain('opening year');
    expect(lines).not.toContain('  * ok');
  });
});
