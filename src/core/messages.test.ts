import { describe, expect, it } from 'vitest';
import { citationLabel, messagesFor, type FindingMessages } from './messages';

// One set of parameters for every message, so both catalogues are exercised in full.
const PARAMS: { [K in keyof FindingMessages]: Parameters<FindingMessages[K]>[0] } = {
  unknownChunk: { marker: '[7]', ref: 'doc_7' },
  refOutOfRange: { marker: '[7]', ref: '7', count: 5, base: 1 },
  emptyChunk: { marker: '[2]', chunkId: 'b' },
  noChunks: { marker: '[1]' },
  locationMissing: { marker: 'Citation of "Annual report", page 14' },
  inputUnreadable: { input: 'chunks', message: "Unexpected 'broken': expected a JSON value", line: 1, column: 23 },
  malformedMarker: { marker: '\\cite{}', reason: 'empty \\cite{}' },
  mixedStyles: { marker: '[chunk_3]', style: 'bracket_id', majority: 'latex_cite' },
  wrongStyle: { marker: '[chunk_3]', style: 'bracket_id', required: 'latex_cite' },
  uncitedClaim: { claim: 'The sky is blue and the grass is green, as everyone who has looked outside knows.' },
  noCitations: { claims: 3 },
  exemptClaim: { claim: 'What do you think?', rule: 'question', reason: 'a question asserts nothing' },
  uncitedLeadIn: { claim: 'Einstein won the Nobel Prize for the following discovery:', rule: 'lead_in_unsure' },
  offsetsOutOfBounds: { marker: '[1]', chunkId: '0', start: 30, end: 99, length: 36 },
  offsetsInverted: { marker: '[1]', chunkId: '0', start: 9, end: 3 },
  offsetsWrong: { marker: '[1]', chunkId: '0', start: 0, end: 16, foundStart: 20, foundEnd: 36 },
  quoteUncertain: { marker: '[1]', chunkId: '0', quote: 'The sky is blu', similarity: 0.93 },
  quoteNotFound: { marker: '[1]', chunkId: '0', quote: 'Refunds in ten days', similarity: 0.31, sourceMissing: false },
  quoteInOtherChunk: { marker: '[1]', chunkId: '0', quote: 'Refunds in ten days', otherChunkId: '4' },
  numberAbsent: { number: '12,717', claim: 'The town had 12,717 residents.', chunkIds: ['1', '3'] },
  betterChunk: { marker: '[3]', claim: 'Items can be returned within 30 days.', chunkId: '3', suggested: '2' },
  lowOverlap: { marker: '[3]', claim: 'Items can be returned within 30 days.', chunkId: '3' },
  entityAbsent: { name: 'Pierre Curie', claim: 'Pierre Curie discovered radium.', chunkIds: ['2'] },
  negationMismatch: { word: 'no', inClaim: false, claim: 'Coffee causes dehydration.', chunkIds: ['1'] },
  oppositeMismatch: { word: 'increased', claim: 'Sales increased in May.', chunkIds: ['1'] },
  qualifierMismatch: { word: 'all', claim: 'All citizens can vote.', chunkIds: ['1', '2'] },
};

describe('messages', () => {
  const en = messagesFor('en');
  const cs = messagesFor('cs');
  const keys = Object.keys(PARAMS) as (keyof FindingMessages)[];

  it('has every message in both languages, different and non-empty', () => {
    expect(Object.keys(cs).sort()).toEqual(Object.keys(en).sort());
    expect(keys.sort()).toEqual(Object.keys(en).sort());
    for (const k of keys) {
      const call = (m: FindingMessages) => (m[k] as (p: unknown) => string)(PARAMS[k]);
      const e = call(en);
      const c = call(cs);
      expect(e.length, k).toBeGreaterThan(10);
      expect(c.length, k).toBeGreaterThan(10);
      expect(c, k).not.toBe(e);
      expect(e.length, k).toBeLessThan(220);
    }
  });

  it('says where: the marker or the start of the claim', () => {
    expect(en.unknownChunk(PARAMS.unknownChunk)).toBe('[7] cites "doc_7", which is not among the chunks.');
    expect(en.uncitedClaim(PARAMS.uncitedClaim)).toBe('No citation for the claim "The sky is blue and the grass is green, as everyone who has…".');
    expect(cs.uncitedClaim(PARAMS.uncitedClaim)).toMatch(/^Tvrzení „The sky is blue/);
    expect(cs.refOutOfRange(PARAMS.refOutOfRange)).toBe('[7] odkazuje na úryvek číslo 7 (číslováno od 1), ale k dispozici jsou jen 5 úryvků.');
    expect(cs.malformedMarker(PARAMS.malformedMarker)).toBe('Chybně zapsaná citace \\cite{}: prázdná značka.');
    expect(en.quoteUncertain(PARAMS.quoteUncertain)).toContain('93 %');
  });

  it('ends a sentence with one full stop, whether or not the reason brought its own', () => {
    for (const m of [en, cs]) {
      for (const reason of ['A question asserts nothing.', 'a question asserts nothing', 'Ends with a question?']) {
        const text = m.exemptClaim({ ...PARAMS.exemptClaim, reason });
        expect(text, reason).not.toMatch(/[.?]\.$/);
        expect(text, reason).toMatch(/[.?]$/);
      }
    }
  });

  it('uses Czech plural forms', () => {
    expect(cs.noCitations({ claims: 1 })).toContain('1 tvrzení potřebuje');
    expect(cs.noCitations({ claims: 4 })).toContain('4 tvrzení potřebují');
    expect(cs.refOutOfRange({ ...PARAMS.refOutOfRange, count: 3 })).toContain('jsou jen 3 úryvky');
    expect(cs.refOutOfRange({ ...PARAMS.refOutOfRange, count: 1 })).toContain('je jen 1 úryvek');
  });

  it('labels structured citations without a marker', () => {
    expect(citationLabel({ marker: '[2]', ref: '2', style: 'bracket_number' }, 'en')).toBe('[2]');
    expect(citationLabel({ marker: '', ref: '3', style: 'structured' }, 'en')).toBe('Citation of source "3"');
    expect(citationLabel({ marker: '', ref: '3', style: 'structured' }, 'cs')).toBe('Citace zdroje „3“');
  });
});
