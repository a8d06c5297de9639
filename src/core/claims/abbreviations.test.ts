// Legal and corporate abbreviations before a capitalised name do not end a sentence (issue 32,
// item 3); a company form before a word that opens sentences still does.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';

const texts = (answer: string, language: 'en' | 'cs' = 'en') => auditCase({ query: '', answer, chunks: [{ id: '1', text: 'x' }], language }).claims.map((c) => c.text);

describe('abbreviations inside a sentence', () => {
  it('keeps "Inc. v. Bruen" and "Smith v. Jones" in one claim', () => {
    expect(texts('The Rifle Association, Inc. v. Bruen case dealt with carrying guns [1]. The court ruled in Smith v. Jones that it may [1].')).toEqual([
      'The Rifle Association, Inc. v. Bruen case dealt with carrying guns.',
      'The court ruled in Smith v. Jones that it may.',
    ]);
    expect(texts('Zákon č. Sb. zavedl tzv. Lex Novák, např. Nové Město, resp. Staré Město [1].', 'cs')).toEqual(['Zákon č. Sb. zavedl tzv. Lex Novák, např. Nové Město, resp. Staré Město.']);
  });
  it('goes on after "Corp." before a name, ends after "Inc." before "The"', () => {
    expect(texts('Acme Corp. Chairman John Smith resigned [1]. They sold Acme Inc. The buyer paid cash [1].')).toEqual([
      'Acme Corp. Chairman John Smith resigned.',
      'They sold Acme Inc.',
      'The buyer paid cash.',
    ]);
  });
});
