// Statements about the sources and advice, in Czech as in English (issue 24, family 8): each
// with the near miss that is still a claim.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { isAdvice } from './leadIns';
import { isAbsence, isAbsenceIntro } from './exemptions';

const rules = (answer: string, language: 'en' | 'cs') =>
  auditCase({ query: '', answer, chunks: [{ id: '1', text: 'Knihovna má 500 knih. The library has 500 books.' }], language }).claims.map((c) => [c.text, c.exemption?.rule ?? null]);

describe('Czech statements about the sources', () => {
  it('"se mi nepodařilo nalézt … v dostupné dokumentaci" says what the sources lack', () => {
    expect(isAbsence('Bohužel se mi nepodařilo nalézt přesné datum otevření v dostupné dokumentaci.')).toBe(true);
    expect(isAbsence('Bohužel se mi nepodařilo nalézt přesné datum otevření, protože knihovna vyhořela.')).toBe(false);
  });
  it('exempts the items under "Nenašel jsem:", not those under "Našel jsem:" nor cited ones', () => {
    const answer = 'Nenašel jsem:\n\n- datum otevření knihovny\n- jméno ředitele [1]\n\nNašel jsem:\n\n- knihovna stojí v Brně';
    expect(rules(answer, 'cs')).toEqual([
      ['Nenašel jsem:', 'lead_in'],
      ['datum otevření knihovny', 'no_information'],
      ['jméno ředitele', null],
      ['Našel jsem:', 'meta_intro'],
      ['knihovna stojí v Brně', null],
    ]);
  });
  it('reads the English lead-in the same way', () => {
    expect(isAbsenceIntro('I could not find:')).toBe(true);
    expect(isAbsenceIntro('Unfortunately, I could not find these details:')).toBe(true);
    expect(isAbsenceIntro('I found these details:')).toBe(false);
  });
});

describe('advice with a purpose first', () => {
  it('"Pro přesnou odpověď … doporučuji vyhledat …" is advice; a recommendation with a fact is not', () => {
    expect(isAdvice('Pro přesnou odpověď na tuto otázku doporučuji vyhledat oficiální stránky města.')).toBe(true);
    expect(isAdvice('For an accurate answer, I recommend checking the official city website.')).toBe(true);
    expect(isAdvice('Pro cestu do Brna doporučuji vyhledat vlak, který jede nejrychleji.')).toBe(false);
    expect(isAdvice('Pro cestu do Brna doporučuji vlak.')).toBe(false);
  });
});
