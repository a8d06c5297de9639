import { describe, expect, it } from 'vitest';
import { bestFuzzyMatch } from './fuzzy';
import { PreparedText } from './quoteSearch';

describe('bestFuzzyMatch on a prepared chunk searched by many quotes', () => {
  it('gives each quote what it gets alone (the table built after a few quotes changes nothing)', () => {
    const chunk = Array.from({ length: 300 }, (_, k) => `Station ${k} recorded ${(k * 37) % 1000} mm of rain in the year ${1900 + (k % 120)}.`).join(' ');
    const quotes = [
      ...Array.from({ length: 8 }, (_, k) => `the harbour ${k} froze over in winter`),
      'Station 17 recorded 629 mm of snow in the year 1917',
      'Station 250 recorded 250 mm of rain in the year 1910',
      'station 42 recorded 554 mm of rain in the yaer 1942',
    ];
    const prepared = new PreparedText(chunk);
    for (const q of [...quotes, ...quotes]) expect(bestFuzzyMatch(q, prepared)).toEqual(bestFuzzyMatch(q, chunk));
    // The near-misses are found where they are, the made-up ones are not.
    const snow = bestFuzzyMatch('Station 17 recorded 629 mm of snow in the year 1917', prepared);
    expect(chunk.slice(snow.start, snow.end)).toContain('Station 17 recorded 629 mm of rain');
    expect(snow.similarity).toBeGreaterThanOrEqual(0.8);
    expect(snow.similarity).toBeLessThan(1);
    expect(bestFuzzyMatch('the harbour 3 froze over in winter', prepared).similarity).toBeLessThan(0.8);
  });
});
