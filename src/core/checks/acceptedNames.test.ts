// Names and numbers a reader accepts as present (issue 32, item 4): a year carried by the
// century that holds it, the author of a work whose title the chunk holds, a country named by its
// capital and a region by its countries; each with its near miss that is still flagged.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';

const codes = (answer: string, chunk: string, language: 'en' | 'cs' = 'en') =>
  auditCase({ query: '', answer, chunks: [{ id: '1', text: chunk }], language })
    .findings.filter((f) => f.code === 'entity_absent' || f.code === 'number_absent')
    .map((f) => `${f.code} ${f.message.match(/["„]([^"“]+)["“]/)?.[1] ?? ''}`);

describe('names and numbers a reader accepts', () => {
  it('a century is carried by a year inside it, in English and Czech', () => {
    expect(codes('Tomatoes reached Italy in the 16th century [1].', 'Tomatoes arrived in Italy in 1548.')).toEqual([]);
    expect(codes('Rajčata se do Itálie dostala v 16. století [1].', 'Rajčata dorazila do Itálie v roce 1548.', 'cs')).toEqual([]);
    expect(codes('Tomatoes reached Italy in the 17th century [1].', 'Tomatoes arrived in Italy in 1548.')).toEqual(['number_absent 17']);
  });

  it('the short end of a year range is the year it abbreviates', () => {
    expect(codes('The renaming takes effect in the 2018–19 academic year [1].', 'The renaming takes effect over the 2018-2019 academic year.')).toEqual([]);
    expect(codes('The season ran in 1999/00 [1].', 'The season ran from 1999 into 2000.')).toEqual([]);
    // Near miss: the chunk has the first year only, so the second is still asked for.
    expect(codes('The renaming takes effect in the 2018–19 academic year [1].', 'The renaming was announced in 2018 for the academic year 2020.')).toEqual(['number_absent 19']);
  });

  it('the author of a work whose title the chunk holds is not asked for', () => {
    const page = 'Deep Residual Learning for Image Recognition (Q123) scientific article published in 2015';
    expect(codes('"Deep Residual Learning for Image Recognition" by Ross Girshick was published in 2015 [1].', page)).toEqual([]);
    expect(codes('"Going Deeper with Convolutions" by Ross Girshick was published in 2015 [1].', page)).toEqual([
      'entity_absent Going Deeper with Convolutions',
      'entity_absent Ross Girshick',
    ]);
  });

  it('a country is named by its capital, a region by its countries; not the other way', () => {
    expect(codes('The restaurant Noma is in Denmark [1].', 'Noma, Copenhagen: seasonal food on a plate.')).toEqual([]);
    expect(codes('Noma serves Nordic food [1].', 'Noma is a Danish restaurant serving seasonal food.')).toEqual([]);
    expect(codes('The restaurant Noma is in Sweden [1].', 'Noma, Copenhagen: seasonal food on a plate.')).toEqual(['entity_absent Sweden']);
    expect(codes('The restaurant Noma is in Copenhagen [1].', 'Noma, Denmark: seasonal food on a plate.')).toEqual(['entity_absent Copenhagen']);
  });
});
