import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { MIN_WORDS } from './repeats';

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
