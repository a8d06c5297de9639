// The request-economy benchmark (bench/model.ts) on small factory cases: no network.
import { expect, test } from 'vitest';
import { benchModelRequests } from '../../bench/model';
import { makeCase, threeClaimCase } from '../server/factories';

test('one request per audit against one per claim, and fewer input bytes', async () => {
  const cases = [threeClaimCase(), makeCase({ chunks: [['a', 'Alpha beta gamma.'], ['b', 'Delta '.repeat(300)]], claims: [{ text: 'Alpha beta.', cites: ['a'] }, { text: 'Gamma.', cites: ['a'] }] })];
  const reports = new Map(cases.map(({ c, report }) => [c, report]));
  const figures = await benchModelRequests(
    cases.map((x) => x.c),
    { audit: (c) => reports.get(c)! },
  );
  expect(figures['requests / audit (ours)']).toBe('1.00');
  expect(figures['requests / audit (naive)']).toBe('2.50');
  expect(Number(figures['input ratio ours/naive (target ≤ 0.6)'])).toBeLessThan(0.6);
  expect(figures['judged claims']).toBe(5);
});
