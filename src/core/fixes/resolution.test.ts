// The fixes of a new report share what the markers mean with the previous report's (context.ts
// FixContext.resolution) while the chunks, the markers' references and the definitions are the
// same: typing in the answer away from its markers builds no resolver and verifies nothing again.
// Any other change of those starts afresh.
import { describe, expect, it, vi } from 'vitest';
import type { Chunk, Report } from '../types';

const resolvers = vi.hoisted(() => ({ built: 0 }));
vi.mock('../citations/mapping', async (importOriginal) => {
  const real = await importOriginal<typeof import('../citations/mapping')>();
  return {
    ...real,
    createResolver: (...args: Parameters<typeof real.createResolver>) => {
      resolvers.built++;
      return real.createResolver(...args);
    },
  };
});

const { auditCase } = await import('../audit');
const { fixesFor } = await import('./fixes');

const SHOP: Chunk[] = [
  { id: '1', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: '2', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
  { id: '3', text: 'Password reset: open account settings and choose change password.' },
];

const ANSWER = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [7].';

/** The fixes of the answer's unknown chunk, and how many resolvers the fixes built for them. */
function fixesOf(answer: string, chunks: Chunk[]) {
  const report: Report = auditCase({ query: 'How do returns and shipping work?', answer, chunks });
  const finding = report.findings.find((f) => f.code === 'unknown_chunk');
  if (!finding) throw new Error(`no unknown_chunk in ${report.findings.map((f) => f.code).join(', ')}`);
  resolvers.built = 0;
  const fixes = fixesFor({ answer, chunks, report }, finding);
  return { fixes, built: resolvers.built };
}

describe('quick fixes: the resolution shared between reports', () => {
  it('a new report of the same markers and chunks builds no resolver and gives the same fixes', () => {
    const first = fixesOf(ANSWER, SHOP);
    expect(first.fixes.map((f) => f.chunkId)).toEqual(['2', '1', '3']);
    expect(first.built).toBeGreaterThan(1); // the baseline, and one per change verified

    // A keystroke after the last marker: a new report, the same chunk list.
    const typed = fixesOf(`${ANSWER} Thanks`, SHOP);
    expect(typed.built).toBe(0);
    expect(typed.fixes).toEqual(first.fixes);
  });

  it('edited chunks start afresh and give the fixes of the new chunks', () => {
    fixesOf(ANSWER, SHOP);
    // The same ids and markers, another list: the Chunks editor was edited.
    const edited: Chunk[] = [SHOP[0]!, { id: '2', text: 'Password reset: open account settings.' }, { id: '3', text: 'Returns: items can be returned within 30 days for a full refund.' }];
    const after = fixesOf(ANSWER, edited);
    expect(after.built).toBeGreaterThan(1);
    expect(after.fixes.map((f) => f.chunkId)).toEqual(['3', '1', '2']);
    // The same as with nothing shared: the first list again is another list too.
    const fresh = fixesOf(ANSWER, structuredClone(edited));
    expect(fresh.built).toBeGreaterThan(1);
    expect(after.fixes).toEqual(fresh.fixes);
  });

  it('other markers or definitions start afresh', () => {
    fixesOf(ANSWER, SHOP);
    // One more reference: the pairs and counts differ, so a reference may mean something else.
    const more = fixesOf(`${ANSWER} Express shipping takes 1-2 days [1][3].`, SHOP);
    expect(more.built).toBeGreaterThan(1);
    // A definition added at the end.
    const defined = fixesOf(`${ANSWER}\n\n[1]: https://example.com/shipping`, SHOP);
    expect(defined.built).toBeGreaterThan(1);
    // Each a fix that cites the chunk the finding should cite.
    expect(more.fixes[0]?.chunkId).toBe('2');
    expect(defined.fixes.length).toBeGreaterThan(0);
  });
});
