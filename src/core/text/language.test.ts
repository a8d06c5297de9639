import { describe, expect, it } from 'vitest';
import { contentWords, languageVote, wordsOf } from './language';
import { detectLanguage } from '../../../tests/factories/language';

describe('detectLanguage', () => {
  it('recognises Czech by its letters and function words', () => {
    expect(detectLanguage('Městská knihovna v Olomouci rozšíří otevírací dobu pro studenty.')).toBe('cs');
    expect(detectLanguage('Jak vyhláška upravuje ochranu před hlukem?')).toBe('cs');
    // Without diacritics, function words still decide.
    expect(detectLanguage('Zakon je platny a podle nej se postupuje, ale neni to jednoduche.')).toBe('cs');
  });

  it('recognises English, including English text with Czech names in it', () => {
    expect(detectLanguage('Which lake is the deepest on earth?')).toBe('en');
    expect(detectLanguage('The Škoda works in Plzeň were founded in 1859 and they employ many people.')).toBe('en');
  });

  it('decides on real words: initials, Czech names and abbreviations of a reference list do not make English Czech', () => {
    const refs =
      'Graph networks generalise convolutions [1].\n\n' +
      '[1] V. K. Dvořák, J. Šťastný, Z. Kříž, and S. Černý, "Graph nets," Sb. Věd. Pr. Vys. Šk. Báň., vol. 3, pp. 1-9, 2019.\n' +
      '[2] M. Růžička, P. Ďurica, "Learning on graphs," Acta Polytech., vol. 5, 2020. [Online]. Available: https://example.cz/š';
    expect(detectLanguage(refs)).toBe('en');
    // The same list under a Czech sentence is Czech.
    expect(detectLanguage(refs.replace('Graph networks generalise convolutions [1].', 'Grafové sítě zobecňují konvoluce na nepravidelné struktury, které se používají v chemii [1].'))).toBe('cs');
  });

  it('falls back to the given language when the evidence is thin', () => {
    expect(detectLanguage('Smith, A. M. (2019). Graphs. J. Netw., 12(3).', 'cs')).toBe('cs');
    expect(detectLanguage('Smith, A. M. (2019). Graphs. J. Netw., 12(3).')).toBe('en');
    expect(detectLanguage('', 'cs')).toBe('cs');
    // Enough real words decide whatever the fallback.
    expect(detectLanguage('Which lake is the deepest on earth and how deep is it?', 'cs')).toBe('en');
    expect(detectLanguage('Které jezero je nejhlubší na světě a jak je hluboké?', 'en')).toBe('cs');
  });

  it('defaults to English for empty or odd input', () => {
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 [1] []')).toBe('en');
    expect(detectLanguage(undefined as unknown as string)).toBe('en');
  });
});

describe('word helpers', () => {
  it('splits words', () => {
    expect(wordsOf("Anna's height is 5'7\" — TRS-80.")).toEqual(["anna's", 'height', 'is', "5'7", 'trs-80']);
  });

  it('keeps content words only', () => {
    expect(contentWords('The river is wide and the bridge is old in 2024')).toEqual(['river', 'wide', 'bridge', 'old', '2024']);
    expect(contentWords('Zákon je platný pro lékařské ozáření')).toEqual(['zakon', 'platny', 'lekarske', 'ozareni']);
  });
});

describe('languageVote', () => {
  it('leaves addresses and e-mail addresses out of the vote, with or without the other kind in the text', () => {
    // Lower-case Czech letters in an address would otherwise outvote two English words.
    const mail = 'Write to the office: řízení.účtů.ěščř@úřad.cz';
    expect(languageVote(mail)).toBe(undefined);
    expect(languageVote(`${mail} or see https://úřad.cz/žádosti`)).toBe(undefined);
    expect(languageVote('See the page https://úřad.cz/řízení-žádostí-ěščř for it')).toBe('en');
    // Near miss: an "@" that is no address leaves the Czech word after it in the vote.
    expect(languageVote('the @ řízení žádostí')).toBe('cs');
    expect(languageVote('Městská knihovna v Olomouci rozšíří otevírací dobu pro studenty.')).toBe('cs');
  });
  it('is undefined when the vote is thin, where detectLanguage takes the fallback', () => {
    expect(languageVote('12345 [1]')).toBe(undefined);
    expect(detectLanguage('12345 [1]', 'cs')).toBe('cs');
    expect(languageVote('Which lake is the deepest on earth?')).toBe('en');
  });
});
