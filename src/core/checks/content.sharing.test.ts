// The content check finds the sentences of a cited chunk that share enough of a claim's words in
// two ways: by asking each sentence (the first claim that reads the chunk) and from an index of
// the chunk's sentences by term (every later one, kept with the chunk's text). An audit repeated
// with the same chunk texts takes the index; its findings must be the first audit's.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { random } from '../../../tests/factories/random';

const WORDS = 'river bridge castle market tower harbour garden meadow valley forest village mountain'.split(' ');
const VERBS = 'crossed reached guarded faced opened closed'.split(' ');

describe('sentences that share a claim’s words', () => {
  it('are the same asked one by one and read from the index', () => {
    const rnd = random(41);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const sentence = (negated: boolean) => {
      const ws = [pick(WORDS), negated ? 'did not ' + pick(VERBS) : pick(VERBS), 'the', pick(WORDS), 'near the', pick(WORDS)];
      if (rnd() < 0.5) ws.push('and the', pick(WORDS));
      return ws.join(' ');
    };
    let negations = 0;
    for (let c = 0; c < 300; c++) {
      // Texts new to the audit's caches: the case number is in each.
      const sentences = Array.from({ length: 3 + Math.floor(rnd() * 8) }, () => sentence(rnd() < 0.3));
      const text = `Case ${c}. ` + sentences.map((s) => s[0]!.toUpperCase() + s.slice(1) + '.').join(' ');
      // Claims restate sentences of the chunk, some with the polarity changed, some mixed.
      const claims = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => {
        const s = pick(sentences);
        const changed = rnd() < 0.5 ? (s.includes(' not ') ? s.replace('did not ', '') : s.replace(/ (\w+) the/, ' did not $1 the')) : s;
        return (rnd() < 0.2 ? changed.replace(/near the \w+/, 'near the ' + pick(WORDS)) : changed) + ' [1].';
      });
      const input = { query: '', answer: claims.map((s) => s[0]!.toUpperCase() + s.slice(1)).join(' '), chunks: [{ id: '1', text }] };
      const first = auditCase(input).findings;
      const again = auditCase({ ...input, chunks: [{ id: '1', text }] }).findings;
      expect(again, JSON.stringify(input)).toEqual(first);
      negations += first.filter((f) => f.code === 'negation_mismatch').length;
    }
    expect(negations).toBeGreaterThan(50);
  });
});
