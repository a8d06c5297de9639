import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { caseHeadline, checkThresholds, ciMetrics, duration, mdCell, parseThresholds, progressLine, toJunit, toMarkdown, worstCases, xmlEscape, type CiCase } from './ci';
import type { AuditCase } from '../types';

const chunks = [{ id: '1', text: 'Paris is the capital of France.' }];
const mk = (id: string, answer: string, extra: Partial<AuditCase> = {}): AuditCase => ({ id, query: 'Where is Paris?', answer, chunks, ...extra });
const asCi = (cases: AuditCase[]): CiCase[] => cases.map((c, index) => ({ file: 'set.jsonl', id: c.id ?? null, index, query: c.query, report: auditCase(c) }));

const good = mk('good', 'Paris is the capital of France [1].');
const uncited = mk('uncited', 'Paris is the capital of France. It has 2 million people [1].');
const ghost = mk('ghost', 'Paris is the capital of France [7].');

describe('parseThresholds', () => {
  it('reads score=value pairs, percentages and >=', () => {
    expect(parseThresholds('citation_recall=0.8, citation_coverage>=95%')).toEqual([
      { score: 'citation_recall', min: 0.8 },
      { score: 'citation_coverage', min: 0.95 },
    ]);
  });
  it('rejects an unknown score naming the known ones, and out-of-range values', () => {
    expect(() => parseThresholds('citation_recal=0.8')).toThrow(/unknown score "citation_recal".*citation_recall/);
    expect(() => parseThresholds('citation_recall=1.5')).toThrow(/between 0 and 1/);
    expect(() => parseThresholds('citation_recall')).toThrow(/SCORE=VALUE/);
    expect(() => parseThresholds('')).toThrow();
  });
});

describe('checkThresholds', () => {
  const cases = asCi([good, uncited]);
  const m = ciMetrics(cases);
  it('uses the dataset mean: one case at 1 and one at 0.5 coverage average 0.75', () => {
    expect(m.scores.citation_coverage.mean).toBe(0.75);
    const [pass, fail] = checkThresholds(m, [
      { score: 'citation_coverage', min: 0.75 },
      { score: 'citation_coverage', min: 0.76 },
    ]);
    expect(pass!.passed).toBe(true);
    expect(fail!.passed).toBe(false);
    expect(fail!.measured).toBe(0.75);
  });
  it('fails a threshold on a score no case has (model score without the model)', () => {
    const [r] = checkThresholds(m, [{ score: 'citation_recall', min: 0 }]);
    expect(r!.passed).toBe(false);
    expect(r!.measured).toBeNull();
  });
});

describe('JUnit', () => {
  it('is one testcase per case, a failure for a FAIL with its findings, escaped', () => {
    const evil = mk('a<b>&"c\'', 'Paris is the capital of France [7].');
    const xml = toJunit(asCi([good, evil]), { thresholds: [{ score: 'citation_coverage', min: 1.1, measured: 1, n: 2, passed: false }] });
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('name="a&lt;b&gt;&amp;&quot;c&apos;"');
    expect(xml).toMatch(/<failure message="EXISTS failed[^"]*" type="FAIL">[^<]*unknown_chunk/);
    expect(xml).toMatch(/tests="3" failures="2" errors="0"/);
    // The passing case has no failure element.
    const goodCase = xml.slice(xml.indexOf('name="good"'), xml.indexOf('</testcase>', xml.indexOf('name="good"')));
    expect(goodCase).not.toContain('<failure');
  });
  it('shows controls and bidi controls as escapes, and replaces what XML 1.0 still forbids', () => {
    expect(xmlEscape('a\u0000b\u001bc\ud800d')).toBe('a\\u0000b\\u001Bc\ufffdd');
    expect(xmlEscape('x\u202ey')).toBe('x\\u202Ey');
    expect(xmlEscape('tab\tok')).toBe('tab\tok');
  });
  it('reports a model error as <error>', () => {
    const [c] = asCi([good]);
    const xml = toJunit([{ ...c!, error: 'overloaded <529>' }]);
    expect(xml).toContain('<error message="overloaded &lt;529&gt;" type="model_error">');
    expect(xml).toMatch(/errors="1"/);
  });
});

describe('Markdown', () => {
  it('counts verdicts, lists means and the worst cases with their top finding first', () => {
    const md = toMarkdown(asCi([good, uncited, ghost]));
    expect(md).toMatch(/\| FAIL \| 2 \|/);
    expect(md).toMatch(/\| INCOMPLETE \| 1 \|/);
    expect(md).toMatch(/\| `citation_coverage` \| 83\.3 % \| 3 \|/);
    const worst = md.slice(md.indexOf('**Worst cases**'));
    expect(worst).toContain('ghost');
    expect(worst).toContain('uncited');
    expect(worst).not.toContain('| good |');
    expect(md.startsWith('### ❌')).toBe(true);
  });
  it('keeps table cells in one row whatever the text', () => {
    expect(mdCell('a | b\nc <script>')).toBe('a \\| b c &lt;script&gt;');
  });
  it('says ✅ when nothing fails and every gate holds', () => {
    const md = toMarkdown(asCi([good]), { thresholds: [{ score: 'citation_coverage', min: 0.9, measured: 1, n: 1, passed: true }] });
    expect(md.startsWith('### ✅')).toBe(true);
    expect(md).toContain('✅ ≥ 0.9');
  });
});

describe('worst cases and headlines', () => {
  it('orders failing before incomplete, then by error count', () => {
    const order = worstCases(asCi([good, uncited, ghost]), 3).map((c) => c.id);
    expect(order[2]).toBe('good');
    expect(caseHeadline(asCi([ghost])[0]!.report)).toMatch(/^exists: /);
  });
});

describe('progress line', () => {
  it('shows done, rate and ETA', () => {
    expect(progressLine(50, 200, 10_000)).toBe('50/200 cases (25 %) · 5.0/s · ETA 30s');
    expect(progressLine(0, 10, 0)).toContain('ETA —');
    expect(duration(3725)).toBe('1h02m');
  });
});
