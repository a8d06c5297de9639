// The local checks, as one table: each check's name, the dimension its findings count against, and
// the inputs it cannot do without. It is the source of truth: `CheckName` is its names, a finding's
// `check` and `dimension` are stamped from its row (the checks themselves write neither), and the
// report's dimensions are listed here. checks/runChecks.ts says how each row runs and runs them.
// A new check is a new row, its file and its run there (the compiler asks for the run).
// The order is the order of the findings before they are sorted by position, so it is part of the
// output: do not reorder rows.
// This file imports nothing: core/types.ts takes its names from here.

const DIMENSION_LIST = ['exists', 'accurate', 'complete', 'formatted'] as const;
export type Dimension = (typeof DIMENSION_LIST)[number];
/** The dimensions of a report, in the order every output lists them. */
export const DIMENSIONS: readonly Dimension[] = DIMENSION_LIST;

/** An input of a case that may fail to parse (then it is named in the report's `unreadable`). */
export type CaseInput = 'chunks' | 'answer' | 'structured_citations';

interface Row {
  /** The name its findings carry in `check`. */
  check: string;
  /** The dimension its findings count against. */
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
}

const ROWS = [
  { check: 'exists', dimension: 'exists', needs: ['chunks'] },
  { check: 'formatted', dimension: 'formatted', needs: [] },
  { check: 'complete', dimension: 'complete', needs: [], dropWithout: { inputs: ['structured_citations', 'answer'], codes: ['uncited_claim', 'no_citations'] } },
  { check: 'quotes', dimension: 'accurate', needs: ['chunks'] },
  { check: 'numbers', dimension: 'accurate', needs: ['chunks'] },
  { check: 'relevance', dimension: 'accurate', needs: ['chunks'] },
  { check: 'content', dimension: 'accurate', needs: ['chunks'] },
] as const satisfies readonly Row[];

/** The name of a check, as its findings carry it. */
export type CheckName = (typeof ROWS)[number]['check'];

export interface CheckEntry extends Row {
  check: CheckName;
}

export const CHECKS: readonly CheckEntry[] = ROWS;

/**
 * The check under which the findings about the case's inputs are filed (an input that could not
 * be read, structured citations that had to be repaired): they are about the form of what was given.
 */
export const INPUTS_CHECK: CheckName = 'formatted';
