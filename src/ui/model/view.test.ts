import { describe, expect, test } from 'vitest';
import type { RunProgress } from '../../model/run';
import { MODEL_STRINGS } from './strings';
import { estimateLines, progressLines } from './view';

const base: RunProgress = { phase: 'waiting', pass: 0, passes: 1, batch: 0, batches: 1, claimsJudged: 0, claimsTotal: 3, results: { model: 'm', judgements: [] } };

describe('progressLines while a request is tried again', () => {
  test('the wait, the try of how many, and the reason with its status, in English and Czech', () => {
    const waiting: RunProgress = { ...base, waitMs: 1600, retry: { attempt: 2, attempts: 3, waitMs: 1600, kind: 'overloaded', status: 529 } };
    expect(progressLines(waiting, MODEL_STRINGS.en)[0]).toBe('API overloaded (529) — trying again (2 of 3) in 2 s\u2026');
    expect(progressLines(waiting, MODEL_STRINGS.cs)[0]).toBe('API je přetížené (529) — zkouším znovu (2 z 3) za 2 s\u2026');
  });

  test('during the try itself the wait is no longer named; a network failure has no status', () => {
    const trying: RunProgress = { ...base, phase: 'connecting', retry: { attempt: 3, attempts: 3, waitMs: 2100, kind: 'network' } };
    expect(progressLines(trying, MODEL_STRINGS.en)[0]).toBe('Network unreachable — trying again (3 of 3)\u2026');
    expect(progressLines(trying, MODEL_STRINGS.cs)[0]).toBe('Síť je nedostupná — zkouším znovu (3 z 3)\u2026');
  });

  test('without a retry the phase speaks as before', () => {
    expect(progressLines({ ...base, phase: 'connecting' }, MODEL_STRINGS.en)[0]).toBe('Sending the request…');
  });
});

describe('the estimate of a run with repeated judgements', () => {
  const est = { model: 'claude-sonnet-4-5', requests: 3, repeat: 3, inputTokens: 9000, cachedTokens: 4000, outputTokens: 900, usd: 0.04, uncachedUsd: 0.05, priceKnown: true, split: false, claims: 3 };
  test('says K judgements per claim and what the prompt cache saves, in English and Czech', () => {
    expect(estimateLines(est, MODEL_STRINGS.en, 'en').at(-1)).toBe('3 judgements per claim; the prompt cache saves $0.010');
    expect(estimateLines(est, MODEL_STRINGS.cs, 'cs').at(-1)).toMatch(/^3 hodnocení každého tvrzení; mezipaměť promptu ušetří/);
    expect(estimateLines({ ...est, repeat: 1 }, MODEL_STRINGS.en, 'en')).toHaveLength(2);
  });

  test('the run bar names the judgement under way past strict mode’s two', () => {
    expect(progressLines({ ...base, phase: 'streaming', pass: 2, passes: 4 }, MODEL_STRINGS.en)).toContain('Judgement 3 of 4 of each claim');
  });
});
