// The facts about claims and their citations that several places state — the claim list's
// "N without a needed citation", the COMPLETE issues, the recommendation "Add a citation to N
// claims", the coverage score, the Answer editor's problem count. Computed here once, from the
// report's claims and citations, so that no view counts on its own and none can disagree.
import type { Citation, Claim, UnreadableInput } from '../types';

/** 'unchecked': it would need a citation, but the citations could not be read to say. */
export type ClaimStatus = 'cited' | 'uncited' | 'exempt' | 'optional' | 'unchecked';

export interface ClaimFacts {
  /** Per claim (by position in the claims list): its status. */
  status: ClaimStatus[];
  /** Per claim (by position): the indexes of its citations, ascending. */
  citationsOf: number[][];
  /** Positions of the claims that need a citation and have none. */
  uncited: number[];
  /** Claims that need a citation (cited or not). */
  needing: number;
  /** Claims that need a citation and have one. */
  covered: number;
  exempt: number;
  cited: number;
}

// The last result, by the arrays it was computed from: an audit asks for its facts three times
// (COMPLETE, the scores, the recommendations) and a view twice for the report it shows. One entry
// serves those calls and keeps nothing of earlier audits alive.
let last: { claims: readonly Claim[]; citations: readonly Citation[]; blind: boolean; facts: ClaimFacts } | undefined;

/** True when the report's citations could not all be read (COMPLETE cannot be decided). */
export function citationsUnreadable(unreadable: readonly UnreadableInput[] | undefined): boolean {
  return !!unreadable?.some((u) => u.input === 'structured_citations' || u.input === 'answer');
}

/**
 * A claim's citations are those it lists (citation_indexes) and those that name it
 * (claim_index). One citation may be listed by several claims (a text block over three
 * sentences, a paragraph's closing marker) but names one; reading both keeps a report from
 * elsewhere (an older history entry) counted the same way. A claim with a citation is cited;
 * else uncited when it needs one; else exempt when a rule exempted it.
 */
export function claimFacts(claims: readonly Claim[], citations: readonly Citation[], unreadable?: readonly UnreadableInput[]): ClaimFacts {
  const blind = citationsUnreadable(unreadable);
  if (last && last.claims === claims && last.citations === citations && last.blind === blind) return last.facts;
  const position = new Map<number, number>();
  claims.forEach((c, k) => {
    if (!position.has(c.index)) position.set(c.index, k);
  });
  const sets: Set<number>[] = claims.map((c) => new Set(Array.isArray(c.citation_indexes) ? c.citation_indexes : []));
  for (const c of citations) {
    const k = position.get(c.claim_index);
    if (k !== undefined) sets[k]!.add(c.index);
  }
  const facts: ClaimFacts = { status: [], citationsOf: [], uncited: [], needing: 0, covered: 0, exempt: 0, cited: 0 };
  claims.forEach((claim, k) => {
    const list = [...sets[k]!].sort((a, b) => a - b);
    facts.citationsOf.push(list);
    const status: ClaimStatus = list.length > 0 ? 'cited' : claim.needs_citation ? (blind ? 'unchecked' : 'uncited') : claim.exemption ? 'exempt' : 'optional';
    facts.status.push(status);
    if (claim.needs_citation) {
      facts.needing++;
      if (list.length > 0) facts.covered++;
    }
    if (status === 'uncited') facts.uncited.push(k);
    else if (status === 'exempt') facts.exempt++;
    else if (status === 'cited') facts.cited++;
  });
  last = { claims, citations, blind, facts };
  return facts;
}
