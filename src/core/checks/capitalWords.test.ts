// entityRuns (./entities.ts) reads its capitalised words unit by unit (nextCapitalWord): it must find what the
// pattern it replaced finds, from any offset, in texts made of the units that make a reading go
// wrong (a letter or digit just before, digits followed by a letter, marks, pairs and lone
// surrogates, the marks a word may hold).
import { describe, expect, it } from 'vitest';
import { nextCapitalWord } from './capitalWords';
import { entityRuns } from './entities';

const PATTERN = /(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}\p{N}'’.-]*|\d{3,}(?![\p{L}\p{N}]))/gu;

/** The words the pattern finds from `from` on, as [start, end) pairs. */
function byPattern(text: string, from: number): [number, number][] {
  const out: [number, number][] = [];
  PATTERN.lastIndex = from;
  for (let m = PATTERN.exec(text); m; m = PATTERN.exec(text)) out.push([m.index, m.index + m[0].length]);
  return out;
}

function byScan(text: string, from: number): [number, number][] {
  const out: [number, number][] = [];
  const found = { end: 0 };
  for (let at = nextCapitalWord(text, from, found); at >= 0; at = nextCapitalWord(text, found.end, found)) out.push([at, found.end]);
  return out;
}

const UNITS = ['A', 'Zo', 'b', 'É', 'é', 'Ř', 'ß', '1', '12', '345', ' ', ' ', '.', "'", '’', '-', ',', 'Σ', 'ǅ', 'Ⅷ', '٣', '\u0301', '\u{1d400}', '\u{1d41a}', '\u{1d7d9}', '\ud835', '\udc00', '\u00a0', 'of '];
let seed = 11;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const TEXTS: string[] = ['The Bank of England, 1234 and 12a, O’Neill’s U.S.-based Ph.D. in Třinec; 𝐀𝐁c and İstanbul.'];
for (let k = 0; k < 4000; k++) {
  let t = '';
  const n = 1 + Math.floor(next() * 10);
  for (let i = 0; i < n; i++) t += UNITS[Math.floor(next() * UNITS.length)];
  TEXTS.push(t);
}
for (let c = 0x80; c < 0x10000; c += 7) TEXTS.push(`x ${String.fromCharCode(c)}ab 1${String.fromCharCode(c)}23`);

describe('nextCapitalWord', () => {
  it('finds the words the pattern finds, from every offset of generated texts but the inside of a pair', () => {
    const wrong: string[] = [];
    for (const text of TEXTS) {
      for (let from = 0; from <= text.length; from++) {
        // entityRuns starts at a sentence's start, never inside a pair (where the pattern's search steps back).
        if (/[\ud800-\udbff]/.test(text[from - 1] ?? '') && /[\udc00-\udfff]/.test(text[from] ?? '')) continue;
        if (JSON.stringify(byScan(text, from)) !== JSON.stringify(byPattern(text, from))) wrong.push(`${JSON.stringify(text)} from ${from}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
  it('gives entityRuns the runs of the worked examples', () => {
    const runs = entityRuns('In 2019 the Bank of England and J. R. R. Tolkien met 12 times at O’Neill’s. Evolution is slow.');
    expect(runs.map((r) => r.words.map((w) => w.text).join('|'))).toEqual(['2019', 'Bank|England', 'J|R|R|Tolkien', 'O’Neill’s']);
  });
});
