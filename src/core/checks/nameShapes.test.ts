// Shapes of names a reviewer reads past (issue 32 §4, round three): a gloss in brackets after
// words the chunk has, a demonym closing a run before a noun, a region named by its countries and
// a continent by the landmass that holds it; each with its near miss that is still flagged.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';

const absent = (answer: string, chunk: string, language: 'en' | 'cs' = 'en') =>
  auditCase({ query: '', answer, chunks: [{ id: '1', text: chunk }], language })
    .findings.filter((f) => f.code === 'entity_absent')
    .map((f) => f.message.match(/["„]([^"“]+)["“]/)?.[1] ?? '');

describe('name shapes a reviewer reads past', () => {
  it('a gloss in brackets stands for the words before it', () => {
    const chunk = 'Sulfuric acid attacks zinc quickly, releasing hydrogen gas.';
    expect(absent('Zinc reacts with sulfuric acid (H2SO4) [1].', chunk)).toEqual([]);
    // Near miss: the chunk has other words for the substance, so the gloss is not there.
    expect(absent('Zinc reacts with sulfuric acid (H2SO4) [1].', 'Oil of vitriol attacks zinc quickly, releasing hydrogen gas.')).toEqual(['H2SO4']);
    // Near miss: one shared word ("acid") is not the phrase.
    expect(absent('Zinc reacts with sulfuric acid (H2SO4) [1].', 'Nitric acid attacks zinc quickly.')).toEqual(['H2SO4']);
  });

  it('a demonym closing a run before a noun is looked for on its own', () => {
    const chunk = 'U-19 was a German submarine of the First World War, commissioned in 1914.';
    expect(absent('The SM U-19 German submarine was commissioned in 1914 [1].', chunk)).toEqual([]);
    // Near miss: another nationality is still absent.
    expect(absent('The SM U-19 Austrian submarine was commissioned in 1914 [1].', chunk)).toEqual(['Austrian']);
    // A compound demonym is one name: "South American" is not split into "South" and "American".
    expect(absent('Quinoa is a South American grain [1].', 'Quinoa is a grain grown in the Andes.')).toEqual(['South American']);
  });

  it('a region is named by its countries, a continent by the landmass that holds it', () => {
    expect(absent('Ironworking spread early in West Africa [1].', 'Ironworking spread early in what is now Nigeria.')).toEqual([]);
    expect(absent('The plant grows in temperate Asia [1].', 'The plant grows in the temperate zones of Eurasia.')).toEqual([]);
    expect(absent('Rostlina roste v mírném pásu Asie [1].', 'Rostlina roste v mírném pásu Eurasie.', 'cs')).toEqual([]);
    // Near misses: a country of another region; a continent is not named by one of its countries.
    expect(absent('Ironworking spread early in West Africa [1].', 'Ironworking spread early in what is now Kenya.')).toEqual(['West Africa']);
    expect(absent('The plant grows in temperate Asia [1].', 'The plant grows in the temperate zones of Japan.')).toEqual(['Asia']);
  });

  it("a name's words written in lower case are the chunk's name when the chunk capitalises them", () => {
    const chunk = 'Maradona led Argentina to their second World Cup triumph in 1986.';
    expect(absent('Maradona led Argentina to victory in the 1986 FIFA world cup [1].', chunk)).toEqual([]);
    // Near miss: the chunk has the words only in lower case, so they are no part of a name there.
    expect(absent('Argentina won the FIFA world cup [1].', 'Argentina won the cup, and the world watched.')).toEqual(['FIFA']);
    // Near miss: "world" alone is not the chunk's name "World Cup" (the name goes on there).
    expect(absent('Argentina topped the FIFA world ranking [1].', 'Argentina topped the world ranking after the World Cup.')).toEqual(['FIFA']);
    // Near miss: one word the chunk capitalises (a heading) is no name of its own; an absent
    // name stays absent, reported as before.
    expect(absent("Gary Smith's research focuses on trade [1].", 'Research\nJohn Smith studies trade.')).toEqual(["Gary Smith's"]);
    expect(absent('The Roman empire fell in 476 [1].', 'The Ottoman Empire fell in 1922.')).toEqual(['Roman']);
  });
  it('a tail found far into one chunk is still found early in the next (the pattern is kept between audits)', () => {
    const far = `${'Argentina played well that year, and the crowd sang. '.repeat(6)}Then came the World Cup triumph.`;
    expect(absent('Argentina won the 1986 FIFA world cup [1].', far)).toEqual([]);
    expect(absent('Argentina won the 1986 FIFA world cup [1].', 'The World Cup of 1986 went to Argentina.')).toEqual([]);
  });
});
