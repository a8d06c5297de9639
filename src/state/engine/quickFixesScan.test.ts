// The quick fixes take the answer's footnote definitions from the analysis (the audit's scan,
// in the worker for a large answer) instead of scanning the whole answer again on the page.
import { describe, expect, it, vi } from 'vitest';
import { request } from './quickFixes.fixtures';

// Scans of the whole answer (the fixes also scan each marker they write, a few characters).
const scans = vi.hoisted(() => ({ count: 0, answer: '' }));
vi.mock('../../core/markers/markers', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/markers/markers')>();
  return {
    ...real,
    findMarkers: (...args: Parameters<typeof real.findMarkers>) => {
      if (args[0] === scans.answer) scans.count++;
      return real.findMarkers(...args);
    },
  };
});

const { analyze } = await import('./analysis');
const { quickFixesFor } = await import('./quickFixes');

const analysisOf = (answerText: string) => analyze(request(answerText));

describe('quick fixes and the answer scan', () => {
  it('computes a fix from the definitions the audit found, without scanning the answer again', () => {
    const text = 'Standard shipping takes 3-5 business days[^s]. Items can be returned within 30 days for a full refund [9].\n\n[^s]: chunk 1';
    scans.answer = text;
    const a = analysisOf(text);
    expect(a.footnoteDefinitions?.map((d) => [d.label, d.kind])).toEqual([['s', 'footnote']]);
    const index = a.report!.findings.findIndex((f) => f.code === 'unknown_chunk' || f.code === 'ref_out_of_range');
    expect(index).toBeGreaterThanOrEqual(0);

    scans.count = 0;
    const fixes = quickFixesFor(a, index);
    expect(scans.count).toBe(0);
    expect(fixes.length).toBeGreaterThan(0);

    // The same fixes as with the definitions scanned here (an analysis that did not bring them).
    const { footnoteDefinitions: _, ...bare } = analysisOf(text);
    scans.count = 0;
    const again = quickFixesFor(bare, index);
    expect(scans.count).toBe(1);
    expect(again).toEqual(fixes);
  });
});
