// Quick fixes on the real public cases (../shared/cases): every fix offered, once applied, takes
// away a finding of the kind it fixes and breaks no citation that resolved before (EXISTS errors
// never grow). Skipped locally when the folder is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../src/core/audit';
import { fixesFor } from '../../src/core/fixes/fixes';
import { applyEdits } from '../factories/applyEdits';
import { parseCaseText } from '../../src/core/parse/case';
import type { AuditOptions, Finding, Report } from '../../src/core/types';

const dir = process.env.SHARED_CASES_DIR ?? path.resolve(process.cwd(), '../shared/cases');
const present = existsSync(dir);
const files = present ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

/** Fixes tried per case and setting, at most (the first ones of each finding). */
const PER_CASE = 40;

let triedAll = 0;
const kinds = new Map<string, number>();

const count = (r: Report, code: string) => r.findings.filter((f) => f.code === code).length;
const existsErrors = (r: Report) => r.findings.filter((f) => f.dimension === 'exists' && f.severity === 'error').length;

describe.skipIf(!present)('quick fixes on the shared cases', () => {
  const settings: AuditOptions[] = [{}, { requiredStyle: 'latex_cite' }, { requiredStyle: 'bracket_number' }];
  it.each(files)('%s: each fix removes what it fixes and breaks nothing', (file) => {
    const parsed = parseCaseText(readFileSync(path.join(dir, file), 'utf8'));
    const c = parsed.value;
    const prepared = parsed.prepared;
    expect(c && prepared, file).toBeTruthy();
    if (!c || !prepared) return;
    let tried = 0;
    for (const opts of settings) {
      const report = auditCase(c, opts);
      if (report.meta.answer_format !== 'plain') continue;
      const answer = prepared.answer;
      const chunks = prepared.chunks;
      let here = 0;
      for (const f of report.findings as Finding[]) {
        for (const fix of fixesFor({ answer, chunks, report }, f).slice(0, 3)) {
          if (here++ >= PER_CASE) break;
          tried++;
          kinds.set(fix.kind, (kinds.get(fix.kind) ?? 0) + 1);
          const fixed = applyEdits(answer, fix.edits);
          expect(fixed, `${file} ${f.code}`).not.toBe(answer);
          const after = auditCase({ ...c, answer: fixed }, opts);
          expect(count(after, f.code), `${file} ${f.code} → ${fix.kind} ${JSON.stringify(fix.edits)}`).toBeLessThan(count(report, f.code));
          expect(existsErrors(after), `${file} ${f.code} → ${fix.kind} ${JSON.stringify(fix.edits)}`).toBeLessThanOrEqual(existsErrors(report));
        }
      }
    }
    triedAll += tried;
  });

  it('tried fixes of several kinds at all (the cases have fixable findings)', () => {
    expect(triedAll).toBeGreaterThan(20);
    expect([...kinds.keys()].sort()).toEqual(expect.arrayContaining(['convert_all_styles', 'convert_style', 'insert_citation', 'replace_ref']));
    if (process.env.FIX_STATS) console.log(triedAll, Object.fromEntries(kinds));
  });
});
