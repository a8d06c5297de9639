// Citation scope (issue 10, item 11). 'sentence' (the default): every claim that asserts a fact
// needs its own citation. 'paragraph': citing once per paragraph is accepted — the citations of
// a paragraph's last claim also credit the earlier claims of that paragraph that have none. A
// paragraph whose last claim has no citation credits nothing, so its uncited claims stay uncited.
// Paragraphs are the blocks the claim splitter read: a Markdown paragraph, one list item, one
// LongCite statement; a heading or a list item never borrows from the paragraph around it.
import type { Citation, Claim } from '../types';

export const CITATION_SCOPES = ['sentence', 'paragraph'] as const;
export type CitationScope = (typeof CITATION_SCOPES)[number];

/** Credits uncited claims from their paragraph's final citations, in place; returns how many. */
export function applyCitationScope(claims: Claim[], citations: readonly Citation[], scope: CitationScope | undefined): number {
  if (scope !== 'paragraph') return 0;
  let credited = 0;
  let k = 0;
  while (k < claims.length) {
    const para = claims[k]?.paragraph;
    let e = k + 1;
    while (para !== undefined && e < claims.length && claims[e]?.paragraph === para) e++;
    const last = claims[e - 1];
    if (last && e - k > 1 && last.citation_indexes.length > 0) {
      const ids = last.citation_indexes.filter((i) => citations[i] !== undefined);
      const chunkIds = [...last.chunk_ids];
      for (let j = k; j < e - 1; j++) {
        const c = claims[j];
        if (!c || !c.needs_citation || c.citation_indexes.length > 0 || c.chunk_ids.length > 0) continue;
        c.citation_indexes = [...ids];
        c.chunk_ids = [...chunkIds];
        c.credited_by = 'paragraph';
        credited++;
      }
    }
    k = e;
  }
  return credited;
}
