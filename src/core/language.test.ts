import { describe, expect, it } from 'vitest';
import { contentWords, detectLanguage, foldWord, wordsOf } from './language';

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

  it('defaults to English for empty or odd input', () => {
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 [1] []')).toBe('en');
    expect(detectLanguage(undefined as unknown as string)).toBe('en');
  });
});

describe('word helpers', () => {
  it('splits words and folds diacritics', () => {
    expect(wordsOf("Anna's height is 5'7\" — TRS-80.")).toEqual(["anna's", 'height', 'is', "5'7", 'trs-80']);
    expect(foldWord('Třinecké')).toBe('trinecke');
  });

  it('keeps content words only', () => {
    expect(contentWords('The river is wide and the bridge is old in 2024')).toEqual(['river', 'wide', 'bridge', 'old', '2024']);
    expect(contentWords('Zákon je platný pro lékařské ozáření')).toEqual(['zakon', 'platny', 'lekarske', 'ozareni']);
  });
});
