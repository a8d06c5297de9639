// References to the provided sources written in prose ("Passage ID 1", "see passage 3",
// "Document 2", "podle úryvku 4"). Their numbers name an input, not a fact from it, so the
// numbers check skips them; and a claim that names its passage itself is not told to cite
// another one.
//
// A reference counts only when its number names a chunk that exists: a chunk id, or a 1-based
// position within the chunk list ("Source 12" in a case with three chunks is left to the
// numbers check). "Article 5", "Section 3", "page 12" are not references to the inputs: they
// are facts about a document and stay claim numbers.
import type { Chunk } from '../types';

// Nouns that name the retrieved inputs (English and Czech, any case ending), then an optional
// "ID" / "#" / "no." / "number" / "č.", then one number or a list of them ("passages 1, 2 and 4").
const REF_RE = new RegExp(
  '(?<![\\p{L}\\p{N}])' +
    '(?:passages?|documents?|docs?|sources?|chunks?|snippets?|excerpts?|contexts?|search results?|results?|references?|refs?\\.?|' +
    'pasáž\\p{L}*|dokument\\p{L}*|zdroj\\p{L}*|úryv\\p{L}*|odkaz\\p{L}*|výňat\\p{L}*|kontext\\p{L}*)' +
    '[ \\u00A0]*(?:(?:id|ID|Id|#|no\\.?|No\\.?|number|č\\.|číslo)[ \\u00A0:]*)?' +
    '(\\[?\\d{1,4}\\]?(?:[ \\u00A0]*(?:,|and|&|or|a|nebo|[-–])[ \\u00A0]*\\[?\\d{1,4}\\]?)*)(?![\\p{L}\\p{N}])',
  'giu',
);
const DIGITS = /\d+/g;
// A cheap first test: some reference noun's start, anywhere.
const REF_HINT = /passag|docum|doc|sourc|chunk|snippet|excerpt|context|result|ref|pasáž|dokument|zdroj|úryv|odkaz|výňat|kontext/i;

export interface ProseReference {
  /** Span of the number(s), in the text's offsets. */
  start: number;
  end: number;
  /** The chunk ids the reference resolves to (by id first, else by 1-based position). */
  chunkIds: string[];
}

/** Whether `n` names one of the chunks, and which. */
function resolve(n: string, chunks: readonly Chunk[], byId: ReadonlyMap<string, Chunk>): string | undefined {
  if (byId.has(n)) return n;
  const p = Number(n);
  if (Number.isInteger(p) && p >= 1 && p <= chunks.length) return String(chunks[p - 1]!.id);
  return undefined;
}

/** The prose references to existing chunks in `text` (a claim or the whole answer). */
export function proseReferences(text: string, chunks: readonly Chunk[], byId: ReadonlyMap<string, Chunk>): ProseReference[] {
  const out: ProseReference[] = [];
  if (chunks.length === 0) return out;
  // A cheap pre-test: no digit, no reference.
  if (!/\d/.test(text) || !REF_HINT.test(text)) return out;
  REF_RE.lastIndex = 0;
  for (let m = REF_RE.exec(text); m; m = REF_RE.exec(text)) {
    const nums = m[1]!;
    const at = m.index + m[0].length - nums.length;
    const ids: string[] = [];
    let all = true;
    DIGITS.lastIndex = 0;
    for (let d = DIGITS.exec(nums); d; d = DIGITS.exec(nums)) {
      const id = resolve(d[0], chunks, byId);
      if (id === undefined) all = false;
      else if (!ids.includes(id)) ids.push(id);
    }
    // Every number of the list must name a chunk; otherwise the phrase is about something else.
    if (all && ids.length) out.push({ start: at, end: at + nums.length, chunkIds: ids });
  }
  return out;
}
