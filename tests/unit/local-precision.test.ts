// The local signals over a corpus of realistic answers (tests/corpus/signals/cases.json):
// for each family of false alarm, the shape a reviewer would dismiss must stay quiet, and the
// near-miss next to it must still be flagged. The content signals are warnings, never a FAIL.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../src/core/audit';
import type { AuditCase } from '../../src/core/types';

interface Entry {
  family: string;
  expect: 'quiet' | 'flag';
  code: string;
  /** Text the flagged finding's excerpt or message must contain. */
  flagged?: string;
  case: AuditCase;
}

const corpus = JSON.parse(readFileSync(new URL('../corpus/signals/cases.json', import.meta.url), 'utf8')) as Entry[];

describe('local signals over the precision corpus', () => {
  it('has both shapes for every family', () => {
    const families = new Map<string, Set<string>>();
    for (const e of corpus) families.set(e.family.replace(/:.*$/, ''), (families.get(e.family.replace(/:.*$/, '')) ?? new Set()).add(e.expect));
    for (const [family, shapes] of families) expect([...shapes].sort(), family).toEqual(['flag', 'quiet']);
  });

  for (const [i, e] of corpus.entries()) {
    it(`${e.family} — ${e.expect}: ${e.case.answer.slice(0, 60)}`, () => {
      const report = auditCase({ ...e.case, id: `precision-${i}` });
      const hits = report.findings.filter((f) => f.code === e.code);
      if (e.expect === 'quiet') {
        expect(hits.map((f) => f.message)).toEqual([]);
      } else {
        expect(hits.length, `no ${e.code} finding`).toBeGreaterThan(0);
        expect(hits.some((f) => `${f.excerpt ?? ''} ${f.message}`.includes(e.flagged ?? '')), hits.map((f) => `${f.excerpt}: ${f.message}`).join('\n')).toBe(true);
      }
      // Hints and warnings never fail ACCURATE on their own (no quote was checked here).
      for (const f of report.findings) if (['numbers', 'relevance', 'content'].includes(f.check)) expect(f.severity).not.toBe('error');
      expect(report.dimensions.accurate.status).not.toBe('FAIL');
    });
  }
});
