import { describe, expect, it } from 'vitest';
import { checkNumbers } from './numbers';
import { makeContext, spansInside } from '../../../tests/factories/checkContext';

function absent(answer: string, chunks: string[], language: 'en' | 'cs' = 'en') {
  const ctx = makeContext({ answer, chunks, language });
  const fs = checkNumbers(ctx);
  expect(spansInside(ctx, fs)).toBe(true);
  return fs.map((f) => ctx.answer.slice(f.start, f.end));
}

describe('checkNumbers', () => {
  it('passes numbers the cited chunk contains, compared by value', () => {
    expect(absent('The town had 12,717 residents [1].', ['Population: 12 717 (2011 census).'])).toEqual([]);
    expect(absent('The town had 12 717 residents [1].', ['Population: 12,717.'])).toEqual([]);
    expect(absent('Město mělo 12.717 obyvatel [1].', ['Population: 12,717.'], 'cs')).toEqual([]);
  });

  it('treats a Czech decimal comma and an English point as the same value', () => {
    expect(absent('Nezaměstnanost klesla na 3,5 % [1].', ['Unemployment fell to 3.5 % in May.'], 'cs')).toEqual([]);
    expect(absent('Unemployment fell to 3.5% [1].', ['Nezaměstnanost klesla na 3,5 %.'])).toEqual([]);
    expect(absent('Nezaměstnanost klesla na 3,5 % [1].', ['Nezaměstnanost klesla na 4,5 %.'], 'cs')).toEqual(['3,5 %']);
  });

  it('flags a number no cited chunk has, with its span in the answer', () => {
    const ctx = makeContext({ answer: 'Brian is 5\'11" tall [1][3].', chunks: ['Suzy is 6\'2"', 'Jeremiah is blonde', 'Brian is 3 inches shorter than Suzy'] });
    const fs = checkNumbers(ctx);
    expect(fs.map((f) => ctx.answer.slice(f.start, f.end))).toEqual(['5', '11']);
    expect(fs[0]).toMatchObject({ code: 'number_absent', severity: 'warning', claim_index: 0 });
    expect(fs[0]!.message).toContain('(1, 3)');
    // Both are the one claim's (the model step caps its verdict by them, report.ts).
    expect(fs.map((f) => f.claim_index)).toEqual([0, 0]);
  });

  it('finds a plain number only where the source reads it whole, not inside a longer number', () => {
    expect(absent('It had 869 rooms [1].', ['It had 5 869 rooms.'])).toEqual(['869']);
    expect(absent('It had 869 rooms [1].', ['It had 12.869 rooms, 1869 in all, 8690 later.'])).toEqual(['869']);
    expect(absent('It had 869 rooms [1].', ['It had 5 869 rooms, then 869.'])).toEqual([]);
    expect(absent('It had 869 rooms [1].', ['It had 0869 rooms.'])).toEqual([]);
    expect(absent('It had 869 rooms [1].', ['It had 869,5 rooms.'])).toEqual([]);
  });

  it('only looks in the claim’s own cited chunks', () => {
    expect(absent('It opened in 1987 [1]. It closed in 1999 [2].', ['Opened 1987.', 'Opened 1999.'])).toEqual([]);
    expect(absent('It opened in 1987 [2].', ['Opened 1987.', 'Closed 1999.'])).toEqual(['1987']);
  });

  it('matches years inside dates, dates across formats, and digits against words', () => {
    expect(absent('It happened in 2008 [1].', ['On 19 October 2008 it happened.'])).toEqual([]);
    expect(absent('Stalo se 19. 10. 2008 [1].', ['Stalo se 19. října 2008.'], 'cs')).toEqual([]);
    expect(absent('On 20 October 2008 it happened [1].', ['On 19 October 2008 it happened.'])).toEqual(['20 October 2008']);
    expect(absent('She has 3 cats [1].', ['She has three cats.'])).toEqual([]);
    expect(absent('Firma zaplatí dvě třetiny, tedy 2 díly [1].', ['Zaplatí dvě třetiny nákladů.'], 'cs')).toEqual([]);
  });

  it('accepts hedged or scaled numbers within one unit of their last digit, not bare ones', () => {
    expect(absent('About 12,700 people live there [1].', ['Population 12,717.'])).toEqual([]);
    expect(absent('Some 1.2 million people live there [1].', ['Population 1,234,567.'])).toEqual([]);
    expect(absent('12,700 people live there [1].', ['Population 12,717.'])).toEqual(['12,700']);
    // Scaled without a hedge is a rounding: half a unit either way.
    expect(absent('1.2 million people live there [1].', ['Population 1,234,567.'])).toEqual([]);
    expect(absent('1.3 million people live there [1].', ['Population 1 204 000.'])).toEqual(['1.3 million']);
    expect(absent('About 1.3 million people live there [1].', ['Population 1 204 000.'])).toEqual([]);
    // A decade is any of its years.
    expect(absent("Sales rose in the 1990s [1].", ['Sales rose sharply in 1995.'])).toEqual([]);
    expect(absent("Sales rose in the 1980's [1].", ['Sales rose sharply in 1995.'])).toEqual(["1980's"]);
    expect(absent('Pokuta činí 150 milionů korun [1].', ['Pokuta až 100 mil. Kč.'], 'cs')).toHaveLength(1);
    expect(absent('Pokuta činí 100 milionů korun [1].', ['Pokuta až 100 mil. Kč.'], 'cs')).toEqual([]);
  });

  it('ignores the sign, markers, list enumerators and uncited claims', () => {
    expect(absent('Prices fell by 2.09% [1].', ['Change: −2.09%.'])).toEqual([]);
    expect(absent('Growth was strong \\cite{doc_12}.', ['Growth was strong.'])).toEqual([]);
    expect(absent('2. Growth was strong [1].', ['Growth was strong.'])).toEqual([]);
    const answer = '1[2]. Growth was strong [1].';
    const glued = makeContext({
      answer,
      chunks: ['Growth was strong.', 'Strong growth.'],
      claims: [{ index: 0, text: 'Growth was strong.', start: 0, end: answer.length, kind: 'list_item', chunk_ids: ['1', '2'], citation_indexes: [0, 1], needs_citation: true }],
    });
    expect(checkNumbers(glued)).toEqual([]);
    expect(absent('It cost 5 dollars. It grew [1].', ['It grew.'])).toEqual([]);
  });

  it('does not check claims whose cited chunks have no text', () => {
    expect(absent('It cost 500 dollars [1].', [''])).toEqual([]);
  });
});
