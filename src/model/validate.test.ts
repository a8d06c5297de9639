import { describe, expect, test } from 'vitest';
import { judgedSoFar, limitWords, validateReply, type BatchExpectation } from './validate';

const exp: BatchExpectation = {
  claims: new Map([
    [0, ['a']],
    [2, ['a', 'b']],
  ]),
  uncited: new Set([1]),
  wantsCorrectness: false,
};
const pair = (chunk_id: string, verdict = 'fully_supported') => ({
  chunk_id,
  supporting_phrase: 'x',
  missing_or_extra: '',
  decision_basis: 'Because.',
  verdict,
});
const good = {
  claims: [
    { claim_index: 0, judgements: [pair('a')], joint_verdict: 'fully_supported' },
    { claim_index: 2, judgements: [pair('a'), pair('b', 'not_supported')], joint_verdict: 'partially_supported' },
  ],
  uncited: [{ claim_index: 1, is_factual_claim: true, reason: 'A fact.' }],
  answer_evaluation: null,
  summary: 'Fine.',
  recommendations: [],
};

describe('validateReply', () => {
  test('finds the output in a fence or before a remark, and says when a reply holds no JSON', () => {
    expect(validateReply(`Here it is:\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\`\nDone.`, exp).ok).toBe(true);
    expect(validateReply(`${JSON.stringify(good)}\n\nNote: {claim 2} was close.`, exp).ok).toBe(true);
    // An unrelated object first does not hide the output that follows.
    expect(validateReply(`Legend: {"fully_supported": "all of it"}. ${JSON.stringify(good)}`, exp).ok).toBe(true);
    const prose = validateReply('Claim 0 is fully supported.', exp);
    expect(prose).toMatchObject({ ok: false, notJson: true });
    expect(validateReply('Legend: {"a": 1}', exp)).toMatchObject({ ok: false, notJson: true });
    // An attempt at the output that fails the schema goes to the repair round with its problems.
    const wrong = validateReply('Sure: {"claims": "none"} ok', exp);
    expect(wrong.ok).toBe(false);
    expect(wrong).not.toHaveProperty('notJson');
    expect(!wrong.ok && wrong.problems.join(' ')).toMatch(/claims/);
  });

  test('accepts a complete reply (as text or object)', () => {
    expect(validateReply(good, exp).ok).toBe(true);
    expect(validateReply(JSON.stringify(good), exp).ok).toBe(true);
  });

  test('names every problem: missing claim, unknown chunk, stray claim, unclassified sentence', () => {
    const bad = {
      ...good,
      claims: [
        { claim_index: 0, judgements: [pair('zzz')], joint_verdict: 'fully_supported' },
        { claim_index: 7, judgements: [], joint_verdict: 'not_supported' },
      ],
      uncited: [],
    };
    const r = validateReply(bad, exp);
    expect(r.ok).toBe(false);
    const text = r.ok ? '' : r.problems.join('\n');
    expect(text).toMatch(/chunk id "zzz" is not one of its cited chunks/);
    expect(text).toMatch(/no judgement for cited chunk "a"/);
    expect(text).toMatch(/claim_index 7 was not in the claims list/);
    expect(text).toMatch(/claims not judged: 2/);
    expect(text).toMatch(/uncited sentences not classified: 1/);
  });

  test('schema errors carry their path', () => {
    const r = validateReply({ ...good, claims: [{ claim_index: 0, judgements: [pair('a', 'maybe')], joint_verdict: 'fully_supported' }] }, exp);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.join(' ')).toMatch(/claims\.0\.judgements\.0\.verdict/);
  });

  test('extra keys are refused (the schema is strict)', () => {
    expect(validateReply({ ...good, verdict: 'PASS' }, exp).ok).toBe(false);
  });

  test('answer_evaluation is required when a gold answer was given', () => {
    const r = validateReply(good, { ...exp, wantsCorrectness: true });
    expect(r.ok).toBe(false);
    const withEval = { ...good, answer_evaluation: { verdict: 'CORRECT', missing_information: [], correctness_score: 1.5, explanation: '' } };
    const r2 = validateReply(withEval, { ...exp, wantsCorrectness: true });
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.problems.join(' ')).toMatch(/correctness_score/);
  });

  test('word limits are enforced by shortening, and fully supported has no missing part', () => {
    const long = Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ');
    const r = validateReply(
      { ...good, claims: [{ ...good.claims[0]!, judgements: [{ ...pair('a'), missing_or_extra: 'stray', decision_basis: long }] }, good.claims[1]] },
      exp,
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      const j = r.value.claims[0]!.judgements[0]!;
      expect(j.missing_or_extra).toBe('');
      expect(j.decision_basis.split(' ')).toHaveLength(30);
    }
    expect(limitWords('a b c', 2)).toBe('a b\u2026');
  });
});

describe('judgedSoFar', () => {
  test('returns the valid, complete claims of a cut reply', () => {
    const text = JSON.stringify(good);
    const cut = text.slice(0, text.indexOf('"uncited"') - 10);
    expect(judgedSoFar(cut, exp).map((c) => c.claim_index)).toEqual([0]);
    expect(judgedSoFar(text, exp).map((c) => c.claim_index)).toEqual([0, 2]);
  });
});
