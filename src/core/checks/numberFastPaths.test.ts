// The numbers check's first tests against the plain readings they stand for, on generated texts:
// a fast path may only skip work whose answer it knows.
import { describe, expect, it } from 'vitest';
import { fractionsByPattern, sourceFractions } from './numberContext';

/** A small deterministic generator (mulberry32), so a failure can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Texts of pieces drawn from `pieces` and `glue`, each letter upper-cased at random. */
function texts(seed: number, count: number, pieces: readonly string[], glue: readonly string[]): string[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let t = '';
    const n = 1 + Math.floor(next() * 6);
    for (let k = 0; k < n; k++) t += pick(glue) + pick(pieces);
    out.push([...t].map((ch) => (next() < 0.15 ? ch.toUpperCase() : ch)).join(''));
  }
  return out;
}

const FRACTION_PIECES = [
  'a quarter', 'one-fourth', 'three quarters', 'three-fourths', 'tři čtvrtiny', 'čtvrtinu', 'a third', 'one-third',
  'two thirds', 'dvě třetiny', 'třetina', 'a half', 'half of', 'polovina', 'one fifth', 'pětinu', 'a tenth', 'desetina',
  'one in four', 'one in 4', 'one in three', 'one in 3', 'one in five', 'one in ten', 'one in 10',
  // Near misses: parts of the words, the words inside others, other spacing.
  'quart', 'thir', 'halves', 'fift', 'tent', 'onein four', 'one  in four', 'one in fourteen', 'behalf', 'thirdly', 'pětiny',
  'čtvrt', 'the 3rd', 'x', '25 %', '0.25',
];
const GLUE = [' ', '', '-', ', ', '\n', 'a', 'é', '1'];

describe('the source fractions hint', () => {
  it('gives what every pattern gives, on generated texts', () => {
    let found = 0;
    for (const t of texts(34, 4000, FRACTION_PIECES, GLUE)) {
      const plain = fractionsByPattern(t);
      expect(sourceFractions(t), t).toEqual(plain);
      if (plain.length) found++;
    }
    // The texts hold fractions often enough for the comparison to mean something.
    expect(found).toBeGreaterThan(1000);
  });
});
