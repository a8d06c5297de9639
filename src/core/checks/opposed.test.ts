// A claim that says the opposite of its cited passage (issue 32 §7): each shape with the near
// miss that must stay quiet.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import type { Language } from '../types';
import { opposedPassage } from './opposed';
import { tokenize } from '../text/words';

const opposed = (answer: string, chunks: string[], language: Language = 'en') =>
  auditCase({ query: '', answer, language, chunks: chunks.map((text, i) => ({ id: String(i + 1), text })) }).findings.filter((f) => f.code === 'contradicts_passage');

describe('contradicts_passage', () => {
  it('a negated part of the claim against a passage that states it without the negation (the ELI5 shape)', () => {
    // Chunk 1 states the first part with the claim's polarity (typographic apostrophe); chunk 2
    // goes against the second part. The whole-claim negation signal stays quiet here.
    const answer = "Student loan repayments do not appear in an individual's credit history and do not affect credit scores [1][2].";
    const chunks = ['Student loan repayments do not appear in an individual’s credit history.', 'Missing a student loan payment can affect your credit score for years.'];
    const found = opposed(answer, chunks);
    expect(found).toHaveLength(1);
    expect(found[0]!.chunk_id).toBe('2');
    expect(found[0]!.message).toContain('Missing a student loan payment can affect your credit score');
    expect(found[0]!.message).toContain('"not" in the claim');
    const all = auditCase({ query: '', answer, chunks: chunks.map((text, i) => ({ id: String(i + 1), text })) }).findings;
    expect(all.filter((f) => f.code === 'negation_mismatch')).toHaveLength(0);
  });

  it('near miss: a passage that has both polarities of the proposition does not contradict', () => {
    const answer = 'Student loan repayments do not affect credit scores [1].';
    expect(opposed(answer, ['On-time student loan repayments do not affect credit scores. Late repayments on a student loan affect credit scores.'])).toHaveLength(0);
    // …while the passage without its first sentence does (here the whole-claim signal says it first).
    expect(opposed(answer, ['Late repayments on a student loan affect credit scores.']).length + negationCount(answer, 'Late repayments on a student loan affect credit scores.')).toBe(1);
  });

  it('near miss: a negation in another part of the passage sentence is about something else', () => {
    const claim = 'Regular exercise lowers cholesterol levels in adults [1].';
    expect(opposed(claim, ['Regular exercise lowers cholesterol levels in adults, although it does not replace medication.'])).toHaveLength(0);
    expect(opposed(claim, ['Doctors say regular exercise does not lower cholesterol levels in adults.']).length + negationCount(claim, 'Doctors say regular exercise does not lower cholesterol levels in adults.')).toBe(1);
  });

  it('near miss: a shared word is not a shared proposition', () => {
    // "Interest" and "rates" are there, "credit" is not: the passage is about something else.
    expect(opposed('Student loan repayments do not affect credit scores [1].', ['Student loan repayments affect interest rates and monthly budgets.'])).toHaveLength(0);
  });

  it('a pair of opposite words, with its near miss of another subject', () => {
    // Two parts; the second is stated as the claim states it, the first goes the other way.
    const chunks = ['Air quality in the valley has worsened sharply since the reform. Tourism keeps growing there every year.'];
    const found = opposed('Air quality in the valley has improved and tourism keeps growing every year [1].', chunks);
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('"improved" against "worsened"');
    // Another subject: water quality worsened, air quality is not said to.
    expect(opposed('Air quality in the valley has improved and tourism keeps growing every year [1].', ['Water quality in the valley has worsened. Tourism keeps growing there every year.'])).toHaveLength(0);
  });

  it('a claim without negation against a negated passage; a question or a hedge is no denial', () => {
    // The first part is stated as the claim states it, the second is denied.
    const claim = 'Jupiter is the largest gas giant of the solar system and has a solid rocky surface [1].';
    expect(opposed(claim, ['Jupiter is the largest gas giant of the solar system. Deep inside, it has no solid rocky surface.'])).toHaveLength(1);
    expect(opposed(claim, ['Jupiter is the largest gas giant of the solar system. Has it no solid rocky surface?'])).toHaveLength(0);
    expect(opposed(claim, ['Jupiter is the largest gas giant of the solar system. It is not clear whether it has a solid rocky surface.'])).toHaveLength(0);
  });

  it('a part whose polarity is unclear (after a negated part of its clause) is not compared', () => {
    // "credit card limits" may carry the "not" of the first part: no decision either way.
    expect(opposed('Student loans do not change credit scores and credit card limits [1].', ['Student loans can raise credit card limits.'])).toHaveLength(0);
  });

  it('Czech: a negated part against the passage, and the passage with both polarities', () => {
    const claim = 'Splátky studentské půjčky neovlivňují úvěrové skóre žadatele [1].';
    expect(opposed(claim, ['Splátky studentské půjčky ovlivňují úvěrové skóre žadatele.'], 'cs').length + negationCount(claim, 'Splátky studentské půjčky ovlivňují úvěrové skóre žadatele.', 'cs')).toBe(1);
    const pair = 'Roční srážky v údolí se zvýšily a cestovní ruch v kraji stále roste [1].';
    expect(opposed(pair, ['Roční srážky v údolí se od reformy snížily. Cestovní ruch v kraji stále roste.'], 'cs')).toHaveLength(1);
    expect(opposed(pair, ['Roční srážky v údolí se snížily. Roční srážky v údolí se zvýšily na jaře. Cestovní ruch v kraji stále roste.'], 'cs')).toHaveLength(0);
  });

  it("reads no sentence of a chunk that lacks the words of the claim's parts (the relevance index says so)", () => {
    const wordsOf = (text: string) =>
      text.split(' ').map((w) => {
        const lower = w.toLowerCase();
        return { lower, term: lower === 'not' || lower === 'do' ? null : (tokenize(lower, 'en')[0] ?? null), negation: lower === 'not', clause: 0 };
      });
    let read = 0;
    const passage = 'Repayments affect credit scores';
    const sentences = () => {
      read++;
      const words = wordsOf(passage);
      const terms = new Set(words.flatMap((w) => (w.term ? [w.term] : [])));
      return [{ text: passage, words, count: (ts: ReadonlySet<string>) => [...ts].filter((t) => terms.has(t)).length }];
    };
    const chunk = (has: boolean) => ({ id: '1', sentences, negated: () => [], hasWord: () => has });
    const claim = wordsOf('Repayments do not affect credit scores');
    expect(opposedPassage(claim, [chunk(false)], 'en')).toBeUndefined();
    expect(read).toBe(0);
    expect(opposedPassage(claim, [chunk(true)], 'en')).toMatchObject({ chunkId: '1', side: 'claim' });
    expect(read).toBeGreaterThan(0);
  });
});

function negationCount(answer: string, chunk: string, language: Language = 'en'): number {
  return auditCase({ query: '', answer, language, chunks: [{ id: '1', text: chunk }] }).findings.filter((f) => f.code === 'negation_mismatch').length;
}
