// The local checks, as one table: which check, the dimension its findings count against, the inputs
// it cannot do without, and how to run it. auditCase runs the rows in order and nothing else; a
// new check is a new row (and its file). The order is the order of the findings before they are
// sorted by position, so it is part of the output: do not reorder rows.
import type { CheckContext, CheckName, Dimension, Finding, UnreadableInput } from '../types';
import { checkExists } from './exists';
import { checkFormatted } from './formatted';
import { checkComplete } from './complete';
import { checkQuotes } from './quotes';
import { checkNumbers } from './numbers';
import { checkRelevance } from './relevance';
import { checkContent } from './content';

/** An input of a case that may fail to parse (then it is named in the report's `unreadable`). */
type CaseInput = UnreadableInput['input'];

export interface CheckEntry {
  /** The name its findings carry in `check`. */
  check: CheckName;
  dimension: Dimension;
  /**
   * Inputs the check does not run without: when one of them could not be read, its verdict
   * would be about the parse failure ("the case has no chunks"), not about the answer.
   */
  needs: readonly CaseInput[];
  /**
   * Findings of a check that runs without these inputs but that speak about them: dropped when
   * one of `inputs` could not be read (an answer whose citations were unreadable is not "uncited").
   */
  dropWithout?: { inputs: readonly CaseInput[]; codes: readonly string[] };
  /** Also what the check reads besides the answer, for the reader of this table. */
  reads: readonly ('chunks' | 'citations' | 'claims' | 'markers' | 'query' | 'style')[];
  run: (ctx: CheckContext) => readonly Finding[];
}

export const CHECKS: readonly CheckEntry[] = [
  { check: 'exists', dimension: 'exists', needs: ['chunks'], reads: ['chunks', 'citations'], run: checkExists },
  { check: 'formatted', dimension: 'formatted', needs: [], reads: ['markers', 'style'], run: checkFormatted },
  {
    check: 'complete',
    dimension: 'complete',
    needs: [],
    dropWithout: { inputs: ['structured_citations', 'answer'], codes: ['uncited_claim', 'no_citations'] },
    reads: ['claims', 'citations'],
    run: checkComplete,
  },
  { check: 'quotes', dimension: 'accurate', needs: ['chunks'], reads: ['chunks', 'citations'], run: quotesVerified },
  { check: 'numbers', dimension: 'accurate', needs: ['chunks'], reads: ['chunks', 'citations', 'claims', 'query'], run: checkNumbers },
  { check: 'relevance', dimension: 'accurate', needs: ['chunks'], reads: ['chunks', 'citations', 'claims'], run: (ctx) => checkRelevance(ctx) },
  { check: 'content', dimension: 'accurate', needs: ['chunks'], reads: ['chunks', 'citations', 'claims'], run: checkContent },
];

/**
 * The quotes check, writing what it verified onto the citations (the report's citations carry
 * it, and the checks after it see it) and returning its findings.
 */
function quotesVerified(ctx: CheckContext): readonly Finding[] {
  const { findings, verifications } = checkQuotes(ctx);
  for (const [index, verification] of verifications) {
    const citation = ctx.citations[index];
    if (citation) citation.source_verification = verification;
  }
  return findings;
}

/** The findings of every check that can run without the inputs in `unreadable`, in table order. */
export function runChecks(ctx: CheckContext, unreadable: ReadonlySet<CaseInput>): Finding[] {
  const findings: Finding[] = [];
  for (const entry of CHECKS) {
    if (entry.needs.some((input) => unreadable.has(input))) continue;
    let found = entry.run(ctx);
    const drop = entry.dropWithout;
    if (drop && drop.inputs.some((input) => unreadable.has(input))) found = found.filter((f) => !drop.codes.includes(f.code));
    for (const f of found) findings.push(f);
  }
  return findings;
}
