import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { auditCase } from '../audit';
import type { CheckContext } from '../types';
import { checkRepeats, MIN_WORDS } from './repeats';

const CHUNKS = [
  { id: '1', text: 'The Eiffel Tower opened in 1889 for the World Fair held in Paris that year.' },
  { id: '2', text: 'About seven million people visit the tower every year.' },
];

function repeats(answer: string, language?: 'en' | 'cs') {
  const report = auditCase({ query: 'Tell me about the Eiffel Tower.', answer, chunks: CHUNKS }, language ? { language } : {});
  return report.findings.filter((f) => f.code === 'repeated_sentence').map((f) => ({ text: answer.slice(f.start, f.end), claim: f.claim_index, message: f.message, severity: f.severity }));
}

const S = 'The Eiffel Tower opened in 1889 for the World Fair in Paris [1].';

describe('the same sentence repeated (issue 32 §6)', () => {
  it('warns on each repeat and names the first occurrence, as HAGRID answers repeat one sentence', () => {
    const answer = `${S} About seven million people visit it every year [2]. ${S} ${S}`;
    const found = repeats(answer);
    expect(found.map((f) => f.text)).toEqual([S, S]);
    expect(found.map((f) => f.claim)).toEqual([2, 3]);
    for (const f of found) expect([f.severity, f.message]).toEqual(['warning', expect.stringContaining('claim 1 again')]);
  });

  it('reads the words only: case, punctuation and markers do not hide a repeat', () => {
    const again = 'The eiffel tower opened in 1889, for the world fair in PARIS! [2]';
    expect(repeats(`${S} ${again}`).map((f) => f.text)).toEqual([again]);
  });

  it('near misses: short list items said twice, and sentences that differ by a word, are not repeats', () => {
    expect(repeats('Visitors can see:\n- the top floor\n- the restaurant\n- the top floor\n- the museum [1]')).toEqual([]);
    expect(repeats(`${S} The Eiffel Tower opened in 1890 for the World Fair in Paris [1].`)).toEqual([]);
    // One word short of the floor: a short sentence said twice is left alone.
    const short = `${Array.from({ length: MIN_WORDS - 1 }, (_, i) => `w${i}`).join(' ')}.`;
    expect(repeats(`${short} ${short}`)).toEqual([]);
  });

  it('writes the warning in Czech for a Czech report', () => {
    const cs = 'Eiffelova věž byla otevřena v roce 1889 pro světovou výstavu v Paříži [1].';
    const found = repeats(`${cs} ${cs}`, 'cs');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('opakuje tvrzení 1');
  });
});

describe('repeats found by a hash of the words', () => {
  // The definition: a claim's words, lower case, joined by one space; the first claim of each key.
  const byKeys = (texts: string[]): [number, number][] => {
    const first = new Map<string, number>();
    const out: [number, number][] = [];
    texts.forEach((t, i) => {
      const key = t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      if (!key || key.split(' ').length < MIN_WORDS) return;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, i);
      else out.push([i, seen]);
    });
    return out;
  };
  const found = (texts: string[]): [number, number][] => {
    const answer = texts.join(' ');
    const claims = texts.map((text, index) => ({ index, text, start: 0, end: 0 }));
    const ctx = { answer, claims, language: 'en' } as unknown as CheckContext;
    return checkRepeats(ctx).map((f) => [f.claim_index!, Number(/claim (\d+)/.exec(f.message)![1]) - 1]);
  };

  it('tells apart two sentences whose hashes meet', () => {
    // The two keys have the same 32-bit FNV-1a hash.
    const a = 'w673879 a b c d e f g';
    const b = 'w1180600 a b c d e f g';
    expect(found([a, b, `${b}.`, `${a}!`])).toEqual([
      [2, 1],
      [3, 0],
    ]);
  });

  it('finds what comparing the keys finds: case, other scripts, astral letters, lone surrogates, marks', () => {
    const word = fc.constantFrom('a', 'A', 'b', 'İ', 'i', 'ß', 'SS', 'é', 'e\u0301', '𝒜', '\ud835', '\udc9c', '3', '٣', 'Ǆ', 'ǆ', 'Ω', 'ω', 'K', '\u212a');
    const gap = fc.constantFrom(' ', ', ', '-', '\u00a0', '[1] ', '', '\u0301');
    const sentence = fc.array(fc.tuple(word, gap), { minLength: 6, maxLength: 10 }).map((ws) => ws.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 2, maxLength: 12 }), (texts) => {
        const withRepeats = [...texts, ...texts.slice(0, 3).map((t) => t.toUpperCase())];
        expect(found(withRepeats)).toEqual(byKeys(withRepeats));
      }),
      { numRuns: 500 },
    );
  });
});
