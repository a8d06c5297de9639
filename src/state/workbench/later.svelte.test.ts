import { describe, expect, it } from 'vitest';
import type { Report } from '../../core/types';
import { largeReport } from './later.svelte';

/** Only what largeReport reads: the counts of findings and claims. */
const reportOf = (findings: number, claims: number) => ({ findings: new Array(findings).fill({}), claims: new Array(claims).fill({}) }) as unknown as Report;

describe('largeReport', () => {
  it('a usual case is taken at once', () => {
    expect(largeReport(null)).toBe(false);
    expect(largeReport(reportOf(30, 20))).toBe(false);
  });

  it('a 5 MB paste with no spaces (about 700 claims and as many findings) is taken a task later', () => {
    // Its markers, highlights, panel and claim rows together were one task of 45-57 ms of CPU.
    expect(largeReport(reportOf(702, 702))).toBe(true);
    expect(largeReport(reportOf(0, 501))).toBe(true);
  });
});
