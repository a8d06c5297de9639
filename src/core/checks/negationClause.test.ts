// A negation counts for the clause it stands in (issue 32, item 1): a "not" in a clause of the
// claim that the passage does not state, or in a clause of the passage that does not carry the
// shared proposition, is no mismatch; a negation that denies what both sides state still is.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';

const negations = (answer: string, ...chunks: string[]) =>
  auditCase({ query: '', answer, chunks: chunks.map((text, i) => ({ id: String(i + 1), text })) }).findings.filter((f) => f.code === 'negation_mismatch').length;

describe('negation in its own clause', () => {
  it('a negated clause of the claim the passage does not state is no mismatch', () => {
    // The passage writes the apostrophes typographically, the claim plainly.
    const claim = "While bus passes do not appear in a rider's record and do not affect fares, operators do count the number of a rider's bus passes when they plan routes [1][2].";
    const passages = [
      'Bus passes do not appear in a rider’s record, so there is nothing to show. Operators will count the number of a rider’s bus passes in order to plan routes.',
      'Planning depends on data.',
    ];
    expect(negations(claim, ...passages)).toBe(0);
    // Near miss: the passage states the negated clause without the negation.
    expect(negations('Bus passes do not appear in a rider’s travel record [1].', 'Bus passes appear in a rider’s travel record.')).toBe(1);
  });

  it('a negation in another clause of the passage does not deny the claim', () => {
    const passage = 'Tin is resistant to most acids, though it does react with lye. Tin also mixes with lead, forming solder, and as the tin melts simply, this is not a chemical reaction.';
    expect(negations('Tin is resistant to most chemical reactions [1].', passage)).toBe(0);
    // Near miss: the negation stands in the clause that states the claim.
    expect(negations('Tin is resistant to most chemical reactions [1].', 'Tin is not resistant to most chemical reactions.')).toBe(1);
  });

  it('"not limited to" and "Not-so-" add or hedge; "not" itself still denies', () => {
    expect(negations('Graph theory has uses in scheduling [1].', 'Uses of graph theory are not limited to scheduling, but reach into finance.')).toBe(0);
    expect(negations('Acme Airlines was a business of the Smith family [1].', 'Not-so-successful Acme Airlines was a business of the Smith family.')).toBe(0);
    expect(negations('Graph theory has uses in scheduling [1].', 'Graph theory has no uses in scheduling.')).toBe(1);
  });
});
