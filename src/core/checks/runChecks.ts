// How each check of the table (checks/registry.ts) runs, and the run itself: every check that can
// run on what was read, in table order, each finding stamped with its row's name and dimension;
// then the findings about the case's inputs, filed under the table's INPUTS_CHECK.
import type { CheckContext, CheckFinding, Finding, UnreadableInput } from '../types';
import { messagesFor } from '../report/messages';
import { CHECKS, INPUTS_CHECK, type CheckEntry, type CheckName } from './registry';
import { checkExists } from './exists';
import { checkFormatted } from './formatted';
import { checkComplete } from './complete';
import { checkQuotes } from './quotes';
import { checkNumbers } from './numbers';
import { checkRelevance } from './relevance';
import { checkContent } from './content';

/** How each check runs: a row of the table without its run here does not compile. */
const RUNS: { readonly [K in CheckName]: (ctx: CheckContext) => readonly CheckFinding[] } = {
  exists: checkExists,
  formatted: checkFormatted,
  complete: checkComplete,
  quotes: quotesVerified,
  numbers: checkNumbers,
  relevance: (ctx) => checkRelevance(ctx),
  content: checkContent,
};

/** What the audit found of the case's inputs besides what the context holds. */
export interface CaseInputs {
  /** The inputs that could not be read. */
  unreadable: readonly UnreadableInput[];
  /** Why structured citations had to be repaired (what could be read of them is still checked). */
  repairs: readonly string[];
}

/**
 * The findings of every check that can run without the inputs that could not be read, in table
 * order, then one finding for each input that could not be read and each repair.
 */
export function runChecks(ctx: CheckContext, inputs: CaseInputs): Finding[] {
  const unreadable = new Set(inputs.unreadable.map((u) => u.input));
  const findings: Finding[] = [];
  for (const entry of CHECKS) {
    if (entry.needs.some((input) => unreadable.has(input))) continue;
    let found = RUNS[entry.check](ctx);
    const drop = entry.dropWithout;
    if (drop && drop.inputs.some((input) => unreadable.has(input))) found = found.filter((f) => !drop.codes.includes(f.code));
    for (const f of found) findings.push(stamped(entry, f));
  }
  const filer = CHECKS.find((entry) => entry.check === INPUTS_CHECK)!;
  for (const f of inputFindings(ctx, inputs, unreadable.has('structured_citations'))) findings.push(stamped(filer, f));
  return findings;
}

function stamped(entry: CheckEntry, f: CheckFinding): Finding {
  return { check: entry.check, dimension: entry.dimension, ...f };
}

/**
 * The quotes check, writing what it verified onto the citations (the report's citations carry
 * it, and the checks after it see it) and returning its findings.
 */
function quotesVerified(ctx: CheckContext): readonly CheckFinding[] {
  const { findings, verifications } = checkQuotes(ctx);
  for (const [index, verification] of verifications) {
    const citation = ctx.citations[index];
    if (citation) citation.source_verification = verification;
  }
  return findings;
}

/**
 * A warning for each input that could not be read, and for each repair of structured citations
 * (unless they could not be read at all: then that is the one thing said of them).
 */
function inputFindings(ctx: CheckContext, inputs: CaseInputs, structuredUnreadable: boolean): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const out: CheckFinding[] = [];
  for (const u of inputs.unreadable) {
    const where = u.line !== undefined ? { line: u.line, column: u.column ?? 1 } : undefined;
    out.push({ severity: 'warning', code: 'input_unreadable', ...m.inputUnreadable({ input: u.input, message: u.message, ...(where ? where : {}) }), start: 0, end: 0 });
  }
  if (!structuredUnreadable) {
    for (const message of inputs.repairs) out.push({ severity: 'warning', code: 'structured_citations', ...m.structuredRepaired({ message }), start: 0, end: 0 });
  }
  return out;
}
