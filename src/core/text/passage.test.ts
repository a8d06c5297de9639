import { describe, expect, it } from 'vitest';
import { closestPassage } from './passage';

const chunk =
  'The tower was designed by a local engineer. Work started in 1887 and the tower opened to visitors in 1889. ' +
  'It is 330 metres tall, including its antennas. Every seven years it is repainted by hand.';

const at = (text: string, p: { start: number; end: number } | null) => (p ? text.slice(p.start, p.end) : null);

describe('closestPassage', () => {
  it('points at the sentence that holds the claim, not at the chunk start', () => {
    const p = closestPassage('The tower is 330 metres tall [1].', chunk, 'en', ['[1]']);
    expect(at(chunk, p)).toBe('It is 330 metres tall, including its antennas.');
    expect(p!.coverage).toBeGreaterThanOrEqual(0.5);
  });

  // Each row: what it shows, the chunk, the claim (its markers), the language, the passage found.
  it.each([
    [
      'joins a neighbouring sentence when the claim spans both',
      'Construction began in 1887 after a public competition. The tower was finished in 1889 for the fair. Visitors queue for hours.',
      'Construction began in 1887 after a competition and the tower was finished in 1889 for the fair.',
      [],
      'en',
      'Construction began in 1887 after a public competition. The tower was finished in 1889 for the fair.',
    ],
    [
      'prefers the sentence with the rare words over one with the common ones',
      'The tower is in Paris. The tower is visited by tourists. The tower stands on the Champ de Mars in Paris.',
      'The tower stands on the Champ de Mars.',
      [],
      'en',
      'The tower stands on the Champ de Mars in Paris.',
    ],
    ['leaves the claim markers out (a marker number is not a shared word)', 'Item 2 of the list. Herons nest near lakes and rivers.', 'Herons nest near rivers [2].', ['[2]'], 'en', 'Herons nest near lakes and rivers.'],
    [
      'works on Czech with diacritics and inflection',
      'Věž stojí na náměstí. Věž byla dokončena v roce 1889 podle návrhu inženýra. Každých sedm let se natírá.',
      'Věž dokončili v roce 1889 podle návrhů inženýra.',
      [],
      'cs',
      'Věž byla dokončena v roce 1889 podle návrhu inženýra.',
    ],
  ] as const)('%s', (_, text, claim, markers, language, passage) => {
    expect(at(text, closestPassage(claim, text, language, [...markers]))).toBe(passage);
  });

  it('gives nothing when the chunk shares too little with the claim', () => {
    expect(closestPassage('Herons nest in tall trees near water.', chunk, 'en')).toBeNull();
    expect(closestPassage('[1]', chunk, 'en', ['[1]'])).toBeNull();
    expect(closestPassage('The tower is tall.', '   ', 'en')).toBeNull();
  });

  it('returns offsets inside the text for any input', () => {
    const texts = ['', 'a', 'One. Two. Three.', '\n\nTower 330 metres.\n\n', 'x'.repeat(5000) + '. tower 330 metres'];
    for (const t of texts) {
      const p = closestPassage('tower 330 metres', t, 'en');
      if (p) {
        expect(p.start).toBeGreaterThanOrEqual(0);
        expect(p.end).toBeLessThanOrEqual(t.length);
        expect(p.end).toBeGreaterThan(p.start);
      }
    }
  });
});
