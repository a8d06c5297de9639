// Issue 10 corpus (tests/corpus/precision): for each family, the alarm a reviewer would dismiss
// is not raised and the near-miss still is. Plus property tests for list numbers with glued markers.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { auditCase } from '../../src/core/audit';
import type { Report, ReportClaim } from '../../src/core/types';
import { CORPUS, type Family } from '../corpus/precision/cases';

function claimStarting(report: Report, start: string): ReportClaim {
  const found = report.claims.find((c) => c.text.startsWith(start));
  if (!found) throw new Error(`no claim starts with "${start}"; claims: ${JSON.stringify(report.claims.map((c) => c.text))}`);
  return found;
}

const uncitedErrors = (r: Report) => r.findings.filter((f) => f.code === 'uncited_claim').map((f) => f.claim_index);
const leadInWarnings = (r: Report) => r.findings.filter((f) => f.code === 'uncited_lead_in');

describe('precision corpus (issue 10)', () => {
  it('has a dismissable shape and a near-miss for every family', () => {
    const families = new Set<Family>(CORPUS.map((c) => c.family));
    for (const f of families) {
      const kinds = new Set(CORPUS.filter((c) => c.family === f).map((c) => c.kind));
      expect([f, [...kinds].sort()]).toEqual([f, ['dismiss', 'flag']]);
    }
    expect(families.size).toBe(7);
  });

  for (const pc of CORPUS) {
    it(`${pc.family} · ${pc.kind} · ${pc.name}`, () => {
      const r = auditCase(pc.case, pc.options ?? {});
      const e = pc.expect;
      if (e.language) expect(r.meta.language).toBe(e.language);
      if (e.markers) expect(r.markers.map((m) => m.text)).toEqual(e.markers);
      if (e.claims) expect(r.claims.map((c) => c.text)).toEqual(e.claims);
      for (const [start, rule] of e.exempt ?? []) {
        const c = claimStarting(r, start);
        expect(c.needs_citation, start).toBe(false);
        expect(c.exemption?.rule, start).toBe(rule);
        // The report says which rule exempted it.
        expect(r.findings.some((f) => f.code === 'exempt_claim' && f.claim_index === c.index && f.message.includes(rule))).toBe(true);
      }
      for (const start of e.uncited ?? []) {
        const c = claimStarting(r, start);
        expect(c.needs_citation, start).toBe(true);
        expect(uncitedErrors(r), start).toContain(c.index);
      }
      for (const start of e.warned ?? []) {
        const c = claimStarting(r, start);
        expect(leadInWarnings(r).map((f) => [f.claim_index, f.severity])).toContainEqual([c.index, 'warning']);
      }
      for (const [start, ids] of e.cited ?? []) {
        const c = claimStarting(r, start);
        expect([start, [...c.chunk_ids].sort()]).toEqual([start, ids]);
        // claims[].citation_indexes point at citations of those chunks.
        expect(c.citation_indexes.map((i) => r.citations[i]?.chunk_id).every((id) => id !== undefined && ids.includes(id as string))).toBe(true);
      }
      if (e.complete) expect(r.dimensions.complete.status).toBe(e.complete);
      if (e.exists) expect(r.dimensions.exists.status).toBe(e.exists);
      if (e.formatted) expect(r.dimensions.formatted.status).toBe(e.formatted);
      // No fragment of a reference string or a bare bracket note ever becomes a claim.
      for (const c of r.claims) expect(c.text, c.text).not.toMatch(/^(?:\p{Lu}\.\s?)+$|^\[(?:Online|Internet|PDF|Video)\]\.?$/u);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// List numbers with glued markers: `N[k].`, `N.[k]`, `N[k])`, several markers.

const word = fc.constantFrom('energy', 'boilers', 'report', 'buildings', 'staff', 'windows', 'budget', 'city', 'heat', 'roofs');
const sentence = fc.array(word, { minLength: 2, maxLength: 6 }).map((ws) => ws.join(' '));
const shape = fc.constantFrom('N[k].', 'N.[k]', 'N[k])', 'N[k][j].');

function glue(shapeName: string, n: number, k: number, j: number): string {
  return shapeName.replace('N', String(n)).replace('[k]', `[${k}]`).replace('[j]', `[${j}]`);
}

describe('glued list markers (property)', () => {
  it('the glued marker cites the claim before the number, the item keeps only its own, no claim holds the number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ shape, text: sentence, own: fc.boolean() }), { minLength: 1, maxLength: 4 }),
        sentence,
        fc.boolean(),
        (items, leadWords, blank) => {
          // Chunk ids: 1..m; each glued marker and each item's own marker get fresh ids.
          let next = 1;
          const glued: { ids: string[]; prevClaim: number }[] = [];
          const own: (string | null)[] = [];
          const lines: string[] = [];
          items.forEach((it, i) => {
            const k = next++;
            const jj = it.shape.includes('[j]') ? next++ : 0;
            const ownId = it.own ? next++ : null;
            glued.push({ ids: jj ? [String(k), String(jj)] : [String(k)], prevClaim: i });
            own.push(ownId === null ? null : String(ownId));
            lines.push(`${glue(it.shape, i + 1, k, jj)} Item ${it.text}${ownId === null ? '' : ` [${ownId}]`}.`);
          });
          const answer = `The plan covers ${leadWords}:${blank ? '\n\n' : '\n'}${lines.join('\n')}`;
          const chunks = Array.from({ length: next - 1 }, (_, i) => ({ id: String(i + 1), text: `chunk ${i + 1} ${leadWords}` }));
          const r = auditCase({ query: 'q', answer, chunks });
          expect(r.claims).toHaveLength(items.length + 1);
          // No claim text holds a list number or a marker.
          for (const c of r.claims) expect(c.text).not.toMatch(/^\d|\[\d+\]/);
          items.forEach((_, i) => {
            const before = r.claims[glued[i]!.prevClaim]!;
            const item = r.claims[i + 1]!;
            expect(item.text.startsWith('Item ')).toBe(true);
            for (const id of glued[i]!.ids) {
              expect(before.chunk_ids).toContain(id);
              expect(item.chunk_ids).not.toContain(id);
            }
            const ownId = own[i];
            if (ownId) expect(item.chunk_ids).toContain(ownId);
            // Each citation's claim is the claim listing it.
            for (const ci of item.citation_indexes) expect(r.citations[ci]?.claim_index).toBe(item.index);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a number without punctuation around the marker, or a plain "1. [2]" item, is not read as a glued marker', () => {
    const r = auditCase({ query: 'q', answer: 'The plan covers these points:\n1. [2] Insulate the roofs.\n2023[1] was a warm year.', chunks: [{ id: '1', text: 'a' }, { id: '2', text: 'b' }] });
    // "1. [2]": the item's own leading marker stays with the item.
    expect(r.claims.find((c) => c.text.startsWith('Insulate'))?.chunk_ids).toEqual(['2']);
    // "2023[1] was …" keeps its number as text.
    expect(r.claims.some((c) => c.text.startsWith('2023 was a warm year'))).toBe(true);
  });
});
