// The name rules' answers without the name index (nameScan.ts, NameSource's inProse, mayHave and
// mayHaveCloseWord) must never contradict the index: checked on texts made of the shapes that
// make a short cut wrong (joiners inside a run, dotted capitals, combining marks, initials).
import { describe, expect, it } from 'vitest';
import { entityRuns } from './entities';
import { certainlyProse, dottedWords } from './nameScan';
import { NameSource } from './names';

const TEXTS = [
  'The Bank of England and the Duke of Cambridge met; the bank of the river was wet.',
  'Leonardo da Vinci painted it. da Vinci is also written lower case, la and de too.',
  'The U.S. economy grew, and Ph.D. holders left the U.S.A. for the E.U. in 2019.',
  'xY.W.v and A3.5 and St.Louis, then end.Start of the sentence.',
  'Justice William O. Douglas and J. R. R. Tolkien wrote (of all things) about O. Henry.',
  'Cafe\u0301s in Praha, Ἀθῆναι and ΟΔΟΣ near Dvor\u030ca\u0301k Street; café society.',
  'Obama’s speech, O’Neill’s book and James’ car; the obama-era rules.',
  '𝐀𝐁c.d 𝐀 x and  double  spaces\u00a0of\u00a0Spain, SARS-CoV-2 and sars cov.',
  'Evolution occurs slowly. Roger Federer won. In January the Court of Appeal ruled 1234 times.',
];

function runMask(text: string): Uint8Array {
  const inRun = new Uint8Array(text.length + 2);
  for (const r of entityRuns(text)) inRun.fill(1, r.start, r.end);
  return inRun;
}

describe('certainlyProse', () => {
  it('is never true inside a capitalised run, joiners and initials included', () => {
    for (const text of TEXTS) {
      const inRun = runMask(text);
      const wrong = [];
      for (let q = 0; q <= text.length; q++) if (certainlyProse(text, q) && inRun[q]) wrong.push(text.slice(q, q + 10));
      expect(wrong, text).toEqual([]);
    }
  });
  it('is true for plain lower-case words outside runs', () => {
    const text = 'the bank of the river';
    expect(certainlyProse(text, 0)).toBe(true);
    expect(certainlyProse(text, text.indexOf('river'))).toBe(true);
    // "of" may be a joiner: not certain without the runs.
    expect(certainlyProse(text, text.indexOf('of'))).toBe(false);
  });
});

describe('dottedWords', () => {
  it('gives the capitalised words with a dot inside, and each later capital start in them', () => {
    expect(dottedWords('The U.S. grew; xY.W.v too, and end.Start.')).toEqual(['U.S', 'S', 'W.v', 'Start']);
  });
});

describe('NameSource without its index agrees with the index', () => {
  it('has every word of the index (mayHave), finds close words, and says prose only where the index does', () => {
    for (const text of TEXTS) {
      const index = new NameSource(text, 'en');
      const keys = [...index.where.keys()];
      const bare = () => new NameSource(text, 'en');
      expect(
        keys.filter((k) => !bare().mayHave(k)),
        text,
      ).toEqual([]);
      // A word one letter off each key of six letters or more must be seen as possibly close.
      const off = keys.filter((k) => k.length >= 6).map((k) => `${k.slice(0, -1)}${k.endsWith('z') ? 'y' : 'z'}`);
      expect(
        off.filter((w) => !bare().mayHaveCloseWord(w)),
        text,
      ).toEqual([]);
      expect(
        keys.filter((k) => bare().inProse(k) && !index.where.get(k)!.prose),
        text,
      ).toEqual([]);
      const words = bare().words.words;
      expect(bare().spaced).toBe(` ${words.join(' ')} `);
      expect(bare().squashed).toBe(words.join(''));
    }
  });
  it('answers "certainly not" without building the index', () => {
    const s = new NameSource('A page about the Bank of England and its governors.', 'en');
    expect(s.mayHave('portugal')).toBe(false);
    expect(s.mayHaveCloseWord('portugul')).toBe(false);
    expect(s.inProse('governors')).toBe(true);
    expect((s as unknown as { named?: unknown }).named).toBeUndefined();
  });
});
