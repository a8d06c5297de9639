// Statements about the retrieval itself need no citation (issue 32, item 2), in Czech as in
// English; a fact that merely names the documents is still a claim.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { isRetrievalNote } from './exemptions';

const rules = (answer: string, language: 'en' | 'cs') =>
  auditCase({ query: '', answer, chunks: [{ id: '1', text: 'Distributor stanoví podmínky. The distributor sets the terms.' }], language }).claims.map((c) => [c.text, c.exemption?.rule ?? null]);

describe('statements about the retrieval', () => {
  it('exempts a Czech search that found nothing, the sources’ topic and the items under "Nenalezl jsem:"', () => {
    const answer = 'Nenašel jsem zmínku o výši poplatku. Dokumenty se zabývají hlavně technickými podmínkami.\n\nNenalezl jsem:\n\n- výši poplatku\n- lhůtu pro podání\n\nPodmínky stanoví distributor [1].';
    expect(rules(answer, 'cs')).toEqual([
      ['Nenašel jsem zmínku o výši poplatku.', 'no_information'],
      ['Dokumenty se zabývají hlavně technickými podmínkami.', 'meta'],
      ['Nenalezl jsem:', 'lead_in'],
      ['výši poplatku', 'no_information'],
      ['lhůtu pro podání', 'no_information'],
      ['Podmínky stanoví distributor.', null],
    ]);
  });

  it('exempts the English forms, and keeps a fact that starts with "According to the documents"', () => {
    const answer = "I couldn't find any mention of the fee. The provided documents discuss the technical terms. According to the documents, the fee is paid yearly. The distributor sets the terms [1].";
    expect(rules(answer, 'en')).toEqual([
      ["I couldn't find any mention of the fee.", 'no_information'],
      ['The provided documents discuss the technical terms.', 'meta'],
      ['According to the documents, the fee is paid yearly.', null],
      ['The distributor sets the terms.', null],
    ]);
  });

  it('near misses: a reported fact, someone else’s search, a sentence that goes on', () => {
    expect(isRetrievalNote('The documents discuss how the fee was set.')).toBe('topic');
    expect(isRetrievalNote('The documents state that the fee is paid yearly.')).toBeUndefined();
    expect(isRetrievalNote('Dokumenty uvádějí, že poplatek se platí ročně.')).toBeUndefined();
    expect(isRetrievalNote('Researchers could not find a link between the two.')).toBeUndefined();
    expect(isRetrievalNote("I couldn't find the fee, but the terms are set by the distributor.")).toBeUndefined();
    expect(isRetrievalNote('Nenašel jsem 3 položky.')).toBeUndefined();
  });
});
