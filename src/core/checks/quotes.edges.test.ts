// Quotes that differ from their chunk only at their edges are verbatim; a word changed inside or
// at an edge is not. The source panel must say what the quote check says.
import { describe, expect, it } from 'vitest';
import { checkQuotes } from './quotes';
import { makeContext } from '../../../tests/factories/checkContext';
import { auditCase } from '../audit';
import { sourceView } from '../../state/engine/sourceView';

const CHUNK =
  'The pronghorn is the fastest land mammal of the Americas. It can sustain 55 km/h over several kilometres; ' +
  'it has evolved an oversized windpipe, heart and lungs for endurance, including unusually large hooves. ' +
  'It is not closely related to true antelopes.';

function verify(quote: string, chunk = CHUNK) {
  const ctx = makeContext({ answer: 'Pronghorns run far.', chunks: [chunk], citations: [{ ref: '1', quote }] });
  const r = checkQuotes(ctx);
  return { v: r.verifications.get(0)!, findings: r.findings };
}

describe('quotes that differ only at their edges', () => {
  it.each([
    ['a full stop where the chunk goes on with a comma', 'it has evolved an oversized windpipe, heart and lungs for endurance.'],
    ['a semicolon kept, a capital letter added', 'It can sustain 55 km/h over several kilometres;'],
    ['an elided end', 'The pronghorn is the fastest land mammal…'],
    ['an elided start and a full stop', '… an oversized windpipe, heart and lungs for endurance.'],
    ['quotation marks around it', '“It is not closely related to true antelopes.”'],
    ['a bracketed elision at the end', 'It can sustain 55 km/h over several kilometres [...]'],
    ['an elision inside and punctuation at the end', 'The pronghorn is the fastest … over several kilometres.'],
  ])('%s is VERIFIED with no finding', (_, quote) => {
    const { v, findings } = verify(quote);
    expect(v.status).toBe('VERIFIED');
    expect(findings).toEqual([]);
    expect(v.found_start).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['a word changed inside', 'it has evolved an oversized windpipe, heart and lungs for speed.'],
    ['a dropped "not" at the edge', 'It is closely related to true antelopes.'],
    ['an added "not" at the edge', 'not the fastest land mammal of the Americas.'],
    ['a word cut by the trimmed edge', 'ndurance, including unusually large hooves;'],
  ])('%s stays not verbatim', (_, quote) => {
    const { v, findings } = verify(quote);
    expect(v.status).not.toBe('VERIFIED');
    expect(findings.length).toBeGreaterThan(0);
  });

  it('does not match a trimmed word inside a longer one', () => {
    const { v } = verify('effective.', 'The dose was ineffective, the trial found.');
    expect(v.status).not.toBe('VERIFIED');
  });

  it('keeps the given offsets when only the trimmed punctuation lies between them and the words', () => {
    const chunk = 'First point. Second point, and more.';
    const start = chunk.indexOf('Second');
    const ctx = makeContext({
      answer: 'A claim.',
      chunks: [chunk],
      citations: [{ ref: '1', quote: 'Second point.', source_start: start, source_end: start + 'Second point,'.length }],
    });
    const r = checkQuotes(ctx);
    expect(r.verifications.get(0)).toMatchObject({ status: 'VERIFIED', method: 'normalized', found_start: start });
    expect(r.findings).toEqual([]);
  });
});

describe('the source panel says what the quote check says', () => {
  const chunks = [{ id: 'p', text: CHUNK }];
  const caseWith = (quote: string) =>
    auditCase({ query: 'q', answer: 'Pronghorns have big lungs.', chunks, structured_citations: { answer: 'Pronghorns have big lungs.', citations: [{ id: 'p', quote }] } });

  it('a verified edge quote is highlighted as the quote', () => {
    const report = caseWith('it has evolved an oversized windpipe, heart and lungs for endurance.');
    const c = report.citations[0]!;
    expect(c.source_verification?.status).toBe('VERIFIED');
    const view = sourceView(report, chunks, 0)!;
    expect(view.reason).toBe('quote');
  });

  it('an only-similar quote is not presented as found', () => {
    const report = caseWith('it has evolved an oversized windpipe, heart and lungs for speed');
    expect(report.citations[0]!.source_verification?.status).toBe('UNCERTAIN');
    const view = sourceView(report, chunks, 0)!;
    expect(view.reason).toBe('similar');
    expect(view.quoteStatus).toBe('UNCERTAIN');
  });

  it('a quote not found says so, whatever passage is highlighted', () => {
    const report = caseWith('Pronghorns hibernate through the northern winter in burrows.');
    expect(report.citations[0]!.source_verification?.status).toBe('LIKELY_FABRICATED');
    const view = sourceView(report, chunks, 0)!;
    expect(view.reason).not.toBe('quote');
    expect(view.quoteStatus).toBe('LIKELY_FABRICATED');
  });
});
