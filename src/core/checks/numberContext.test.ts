import { describe, expect, it } from 'vitest';
import { extractNumbers } from './numberText';
import { countedInPairs, isClosedQuestion, maskGluedFootnotes, notationSpans, percentAsFraction, queryGivens, repeatsQuery, unitAfter } from './numberContext';
import type { NumberMention } from './numberText';
import { proseReferences } from './references';
import { entityRuns } from './entities';
import { random } from '../../../tests/factories/random';

describe('numbers that name no sourced fact', () => {
  it('tells yes/no questions from open ones, in English and Czech', () => {
    expect(isClosedQuestion('Can you vote at 16 in Argentina?')).toBe(true);
    expect(isClosedQuestion('Is 75 kg a healthy weight for a 180 cm man?')).toBe(true);
    expect(isClosedQuestion('I am 16. Can I vote?')).toBe(true);
    expect(isClosedQuestion('How much protein does a 75 kg adult need?')).toBe(false);
    expect(isClosedQuestion('I weigh 75kg. What should I eat?')).toBe(false);
    expect(isClosedQuestion('protein needs 75 kg adult')).toBe(false);
    expect(isClosedQuestion('Je možné volit v 16 letech?')).toBe(true);
    expect(isClosedQuestion('Kolik spánku potřebuje dvanáctileté dítě?')).toBe(false);
  });

  it('takes a query number as a given only in the same role', () => {
    const extract = (s: string) => extractNumbers(s, 'en');
    const givens = queryGivens('How much sleep does a 12-year-old need?', extract);
    const claim = 'A 12-year-old needs 12 hours [1].';
    const [age, hours] = extractNumbers(claim, 'en');
    expect(repeatsQuery(age!, claim, givens)).toBe(true);
    // The same value with another word after it is another quantity.
    expect(repeatsQuery(hours!, claim, givens)).toBe(false);
    expect(queryGivens('Can you vote at 16?', extract)).toEqual([]);
  });

  it('finds notation digits and glued footnotes, English only for the latter', () => {
    expect(notationSpans('S^2 and x_1 and x^{10} but not 10^6 or H2O').map((s) => [s.start, s.end])).toEqual([
      [2, 3],
      [10, 11],
      [19, 21],
    ]);
    expect(maskGluedFootnotes('cost $230,0003 and 1,250,00012.', 'en').text).toBe('cost $230,000  and 1,250,000  .');
    expect(maskGluedFootnotes('cena 230,0003 Kč', 'cs').masked).toEqual([]);
    // A proper grouped number or a decimal is left alone.
    expect(maskGluedFootnotes('cost $230,000 and 3.25', 'en').masked).toEqual([]);
  });

  it('reads units after a number, with a scale word between', () => {
    expect(unitAfter('5 km', 1)).toMatchObject({ unit: { dim: 'length', factor: 1000 }, scale: 1 });
    expect(unitAfter('150 million miles', 3)).toMatchObject({ unit: { dim: 'length' }, scale: 1e6 });
    expect(unitAfter('5 kilogramů', 1)).toMatchObject({ unit: { dim: 'mass', factor: 1 } });
    // "in" is a preposition far more often than an inch.
    expect(unitAfter('5 in 10 people', 1)).toBeUndefined();
  });
});

describe('prose references to the chunks', () => {
  const chunks = [{ id: 'a', text: 'x' }, { id: 'b', text: 'y' }, { id: '7', text: 'z' }];
  const byId = new Map(chunks.map((c) => [c.id, c]));
  it('resolves by id, then by 1-based position, and only to chunks that exist', () => {
    expect(proseReferences('see passage 2 and Passage ID 7', chunks, byId).map((r) => r.chunkIds)).toEqual([['b'], ['7']]);
    expect(proseReferences('documents 1, 2 and 3 agree', chunks, byId).map((r) => r.chunkIds)).toEqual([['a', 'b', '7']]);
    expect(proseReferences('Source 9 says so', chunks, byId)).toEqual([]);
    expect(proseReferences('Article 2 of the treaty', chunks, byId)).toEqual([]);
    expect(proseReferences('podle úryvku 1', chunks, byId).map((r) => r.chunkIds)).toEqual([['a']]);
  });
});

describe('names in a claim', () => {
  const names = (s: string) => entityRuns(s).map((r) => r.words.map((w) => w.text).join(' '));
  it('keeps capitalised runs and acronyms, not a word opening a sentence or a month', () => {
    expect(names('Evolution is slow. Roger Federer won in March 2006 at Wimbledon.')).toEqual(['Roger Federer', '2006', 'Wimbledon']);
    // A capitalised stopword stays in the run here; the users drop stopwords by their stemmer.
    expect(names('The EHCP covers children. 1. Bank of England rates rose.')).toEqual(['The EHCP', 'Bank England']);
    expect(names('written by Michael Price and Dan Walsh')).toEqual(['Michael Price', 'Dan Walsh']);
  });
});

describe('a count stated in pairs', () => {
  const inPairs = (claim: string, source: string) => countedInPairs(extractNumbers(claim, 'en')[0]!, claim, source);
  it('matches the count of a noun against its pairs, and the pairs against the count', () => {
    expect(inPairs('A pig has 38 chromosomes in each cell.', 'Since pigs have 19 chromosome pairs, there are many arrangements.')).toBe(true);
    expect(inPairs('A pig has 38 chromosomes in each cell.', 'Pigs have 19 pairs of chromosomes.')).toBe(true);
    expect(inPairs('Humans have 23 pairs of chromosomes.', 'Each human cell holds 46 chromosomes.')).toBe(true);
    expect(inPairs('Humans have 23 chromosome pairs.', 'Each human cell holds 46 chromosomes.')).toBe(true);
  });
  it('asks for the same noun and the pairs', () => {
    expect(inPairs('A pig has 38 chromosomes in each cell.', 'Pigs have 19 chromosomes, and many pairs of genes.')).toBe(false);
    expect(inPairs('A pig has 38 genes in each cell.', 'Pigs have 19 chromosome pairs.')).toBe(false);
    expect(inPairs('Humans have 23 pairs of chromosomes.', 'Each cell holds 46 genes, in pairs.')).toBe(false);
    expect(inPairs('A pig has 37 chromosomes.', 'Pigs have 18 chromosome pairs.')).toBe(false);
    expect(inPairs('A pig has 38 chromosomes.', 'Pigs have 119 chromosome pairs.')).toBe(false);
  });
  it("takes the caller's kept answer to whether the source says pair, asked only when the claim does not", () => {
    const claim = 'A pig has 38 chromosomes in each cell.';
    const source = 'Since pigs have 19 chromosome pairs, there are many arrangements.';
    let asked = 0;
    const says = (answer: boolean) => () => (asked++, answer);
    expect(countedInPairs(extractNumbers(claim, 'en')[0]!, claim, source, says(false))).toBe(false);
    expect(countedInPairs(extractNumbers(claim, 'en')[0]!, claim, source, says(true))).toBe(true);
    expect(asked).toBe(2);
    const paired = 'Humans have 23 pairs of chromosomes.';
    expect(countedInPairs(extractNumbers(paired, 'en')[0]!, paired, 'Each human cell holds 46 chromosomes.', says(false))).toBe(true);
    expect(asked).toBe(2);
  });
});

describe('a percentage written out as a share', () => {
  // Phrases a source may write, with the shares each says (the Czech plural also says the
  // single share: "tři čtvrtiny" holds "čtvrtiny"); and words that say none.
  const SAYS: [string, ...number[]][] = [
    ['a quarter', 0.25], ['one-fourth', 0.25], ['čtvrtina', 0.25], ['one in 4', 0.25],
    ['three quarters', 0.75], ['tři čtvrtiny', 0.75, 0.25],
    ['a third', 1 / 3], ['třetiny', 1 / 3], ['one in three', 1 / 3],
    ['two-thirds', 2 / 3], ['dvě třetiny', 2 / 3, 1 / 3],
    ['one half', 0.5], ['half of', 0.5], ['polovina', 0.5],
    ['a fifth', 0.2], ['pětina', 0.2], ['one in 5', 0.2],
    ['a tenth', 0.1], ['desetiny', 0.1], ['one in ten', 0.1],
  ];
  const NOISE = ['quarterly', 'thirdly', 'halfway', 'the results', 'fifths', 'one in 40', 'tenths', 'rates'];

  it('matches the shares the source writes out, and no others, for any rounding', () => {
    const rnd = random(7);
    const next = (n: number) => Math.floor(rnd() * n);
    let found = 0;
    for (let i = 0; i < 3000; i++) {
      const said: number[] = [];
      const words: string[] = [];
      for (let k = next(4); k > 0; k--) {
        if (next(3) === 0) words.push(NOISE[next(NOISE.length)]!);
        else {
          const [phrase, ...shares] = SAYS[next(SAYS.length)]!;
          words.push(phrase);
          said.push(...shares);
        }
      }
      const source = words.join(' . ');
      const step = [1, 0.1, 5, 10][next(4)]!;
      const value = [25, 75, 33, 33.3, 67, 66.7, 50, 20, 10, 30, 40, 0][next(12)]!;
      const hedged = next(2) === 0;
      const n: NumberMention = { value, text: `${value} %`, start: 0, end: 4, kind: 'percent', step, approximate: hedged, hedged };
      const tolerance = (step / 100) * (hedged ? 1 : 0.5) * (1 + 1e-9);
      const expected = said.some((f) => Math.abs(f - value / 100) <= tolerance);
      expect(percentAsFraction(n, [], source), `${value} % (step ${step}${hedged ? ', hedged' : ''}) in "${source}"`).toBe(expected);
      if (expected) found++;
    }
    // Both answers are exercised.
    expect(found).toBeGreaterThan(300);
    expect(found).toBeLessThan(2700);
  });

  it('takes a plain share among the source numbers, and never a number that is not a percentage', () => {
    const pct = (value: number): NumberMention => ({ value, text: `${value} %`, start: 0, end: 4, kind: 'percent', step: 1 });
    expect(percentAsFraction(pct(25), [0.25], '')).toBe(true);
    expect(percentAsFraction(pct(25), [0.26], '')).toBe(false);
    expect(percentAsFraction({ ...pct(25), kind: 'number' }, [0.25], 'a quarter')).toBe(false);
  });
});
