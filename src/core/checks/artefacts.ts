// Retrieval artefacts left in the answer (issue 32 §5): the pipeline's plumbing written as text —
// "Passage ID 4", "[doc 3]" that the marker scan did not read as a marker, "Source: chunk_12",
// <document> tags, "According to passage 2" where passage 2 is not cited. A warning under
// FORMATTED; fixes/artefacts.ts offers the edit that removes it (the span `removal` gives).
//
// What makes a mention plumbing rather than prose about documents:
// - a tag of a retrieval wrapper (<document>, </passage>, <search_result index="2">);
// - a token in the chunk-id naming pattern (chunk_12, doc-3, passage_4) or equal to an id-like chunk id;
// - a label and a number in brackets that the marker scan did not read ("(doc 3)", "(Passage 2)";
//   "[doc 3]" it reads is a marker, and the citation checks judge it);
// - "Passage/Document ID N";
// - "passage/chunk/document N" next to a cue ("according to", "as stated in", "N states that"),
//   where N is a chunk position and the claim does not cite that chunk. "Document 1 of the treaty"
//   (an "of" after it) and "the second passage of the poem" (no number) are prose.
// One scan of the answer with one regular expression per family; claims and citations are read,
// not computed again.
import type { CheckContext, CheckFinding } from '../types';
import { messagesFor } from '../report/messages';
import { finding } from './util';

/** The retrieval wrappers whose tags are plumbing (LongCite's <cite> and <statement> are markers). */
const TAG = /<\/?(?:documents?|doc|passages?|chunks?|contexts?|search_results?|retrieved_[a-z_]+|source)(?:\s+[a-z_]+\s*=\s*(?:"[^"<>]*"|'[^'<>]*'|[^\s<>]+))*\s*\/?>/gi;
/** A token named like a chunk: a retrieval word joined to a number by _ or -. */
const ID_TOKEN = /\b(?:chunk|doc|document|passage|source|context|snippet|result)[_-]\d+\b/gi;
/** A token joined by _ or - (where an id-like chunk id can be). */
const JOINED = /[\p{L}\p{N}]+(?:[_-][\p{L}\p{N}]+)+/gu;
/** A label and a number in brackets or parentheses: "(doc 3)", "[Passage 2]" the marker scan did not read. */
const BRACKETED = /([[(])(?:chunk|doc|document|passage|source|context|snippet|result)\s*(?:id\s*)?[#:]?\s*(\d+)[\])]/gi;
/** "Passage ID 4", "Document ID: 3", "chunk id #2". */
const WITH_ID = /\b(?:chunk|doc|document|passage|source|context|snippet)\s+id\s*[:#]?\s*(\d+)\b/gi;
const LABEL = '(?:the\\s+)?(?:chunk|doc|document|passage|source|context|snippet|search\\s+result)\\s+(?:#\\s*|no\\.\\s*)?(\\d+)';
const CUE_BEFORE = '(?:according\\s+to|as\\s+(?:stated|mentioned|noted|shown|described|explained|reported|indicated)\\s+in|based\\s+on|in|per|from|see)';
/** A cue then the label: "According to passage 2", "as stated in chunk 3", "(see document 1)". */
const CUED = new RegExp(`(,\\s*|\\(\\s*)?\\b${CUE_BEFORE}\\s+${LABEL}\\b(?!\\s+of\\b)(\\s*\\))?(,\\s*)?`, 'gi');
/** The label then a reporting verb at a sentence's start: "Passage 2 states that". */
const REPORTS = new RegExp(`${LABEL}\\s+(?:states|says|mentions|notes|shows|indicates|explains|reports|confirms)(?:\\s+that)?\\s+`, 'gi');

/** An artefact's span in the answer. */
interface Artefact {
  start: number;
  end: number;
}

/** Each retrieval word every family but TAG and JOINED holds ("document" is found as "doc"). */
const RETRIEVAL_WORD = /chunk|doc|passage|source|context|snippet|result/gi;
/** After such a word: what a label's number, an "id" or a joined number needs (looser than the families). */
const NUMBER_AFTER = /(?:ument)?\s+(?:#\s*|no\.\s*)?(\d+)/iy;
const BRACKETED_AFTER = /(?:ument)?\s*(?:id\s*)?[#:]?\s*\d/iy;
const ID_AFTER = /(?:ument)?\s+id/iy;
const JOINED_AFTER = /(?:ument)?[_-]\d/y;

/**
 * Which families can match, by one scan of the retrieval words (each family's match holds one,
 * followed by what `*_AFTER` reads): the families' own expressions, slow to start at every place
 * of a long answer, run only when one can. Words may overlap ("docontext"): each place is tried.
 * A cue's or a report's label counts only with a chunk's position, its whole run of digits
 * (`isPosition`): "Source 9566" starts neither.
 */
function familiesIn(answer: string, isPosition: (n: number) => boolean): { labelled: boolean; bracketed: boolean; withId: boolean; joined: boolean } {
  const can = { labelled: false, bracketed: false, withId: false, joined: false };
  RETRIEVAL_WORD.lastIndex = 0;
  for (let m = RETRIEVAL_WORD.exec(answer); m; m = RETRIEVAL_WORD.exec(answer)) {
    const end = m.index + m[0].length;
    const at = (re: RegExp) => ((re.lastIndex = end), re.test(answer));
    if (!can.labelled) {
      NUMBER_AFTER.lastIndex = end;
      const label = NUMBER_AFTER.exec(answer);
      can.labelled = label !== null && isPosition(Number(label[1]));
    }
    can.bracketed ||= at(BRACKETED_AFTER);
    can.withId ||= at(ID_AFTER);
    can.joined ||= at(JOINED_AFTER);
    if (can.labelled && can.bracketed && can.withId && can.joined) break;
    RETRIEVAL_WORD.lastIndex = m.index + 1;
  }
  return can;
}

function findArtefacts(ctx: CheckContext): Artefact[] {
  const { answer } = ctx;
  // Quick exit: no retrieval word at all, nothing to scan.
  if (!/chunk|doc|passage|source|context|snippet|result/i.test(answer)) return [];
  const out: Artefact[] = [];
  const taken = ctx.markers.map((m) => [m.start, m.end] as const);
  const free = (s: number, e: number) => !taken.some(([a, b]) => s < b && a < e) && !out.some((x) => s < x.end && x.start < e);
  const push = (s: number, e: number) => {
    if (free(s, e)) out.push({ start: s, end: e });
  };
  const positions = ctx.chunks.length;
  const isPosition = (n: number) => n >= 0 && n <= positions;
  const can = familiesIn(answer, isPosition);
  const idLike = new Set(ctx.chunks.map((c) => String(c.id)).filter((id) => /[_-]/.test(id) && /\d/.test(id) && /[a-z]/i.test(id)));

  for (const m of answer.matchAll(TAG)) push(m.index, m.index + m[0].length);
  // In parentheses only a chunk's position: "(Document 12)" in an answer with three chunks is a title's part.
  if (can.bracketed) for (const m of answer.matchAll(BRACKETED)) if (m[1] === '[' || isPosition(Number(m[2]))) push(m.index, m.index + m[0].length);
  if (can.withId) for (const m of answer.matchAll(WITH_ID)) push(m.index, m.index + m[0].length);
  if (can.joined) for (const m of answer.matchAll(ID_TOKEN)) push(m.index, m.index + m[0].length);
  // Only joined tokens can be such an id: the scan skips every plain word.
  if (idLike.size) for (const m of answer.matchAll(JOINED)) if (idLike.has(m[0])) push(m.index, m.index + m[0].length);
  if (can.labelled) for (const m of answer.matchAll(CUED)) {
    const n = Number(m[2]);
    const lead = m[1] ?? '';
    const close = m[3] ?? '';
    // An opening parenthesis counts only with its closing one.
    if (lead.startsWith('(') !== !!close) continue;
    if (!isPosition(n) || citesPosition(ctx, m.index, n)) continue;
    push(m.index + lead.length, m.index + m[0].length - (m[4] ?? '').length - close.length);
  }
  if (can.labelled) for (const m of answer.matchAll(REPORTS)) {
    const n = Number(m[1]);
    if (!sentenceStart(answer, m.index) || !isPosition(n) || citesPosition(ctx, m.index, n)) continue;
    push(m.index, m.index + m[0].trimEnd().length);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The findings: one warning per artefact. */
export function checkArtefacts(ctx: CheckContext): CheckFinding[] {
  const m = messagesFor(ctx.language);
  return findArtefacts(ctx).map((a) =>
    finding(ctx, { severity: 'warning', code: 'retrieval_artefact', start: a.start, end: a.end, ...m.retrievalArtefact({ text: ctx.answer.slice(a.start, a.end) }) }),
  );
}

/** The claim holding `at` cites the chunk at 1- or 0-based position n. */
function citesPosition(ctx: CheckContext, at: number, n: number): boolean {
  const claim = ctx.claims.findIndex((c) => c.start <= at && at < c.end);
  if (claim < 0) return false;
  const ids = new Set([ctx.chunks[n - 1]?.id, ctx.chunks[n]?.id].filter((x) => x !== undefined).map(String));
  return ctx.citations.some((c) => c.claim_index === claim && c.chunk_id !== null && ids.has(c.chunk_id));
}

/** Nothing but spaces, quotes or openers since the last sentence end (or the answer's start). */
function sentenceStart(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[\s"'“(*#>-]/.test(text[i]!)) i--;
  return i < 0 || /[.!?:\n]/.test(text[i]!) || text[i + 1] === '\n';
}

/**
 * The edit that removes the artefact at [start, end) from the answer with what would be left over:
 * the parentheses around it, the comma after a sentence's lead-in ("According to passage 2, x" →
 * "X", capitalised), the comma before a trailing cue (", as stated in passage 2." → "."), else the
 * space before it (or, at a line's start, after it).
 */
export function artefactRemoval(text: string, start: number, end: number): { start: number; end: number; text: string } {
  let s = start;
  let e = end;
  if (text[s - 1] === '(' && text[e] === ')') {
    s--;
    e++;
  }
  const before = trimStartSpace(text, s);
  if (sentenceStart(text, s)) {
    if (text[e] === ',' || text[e] === ':') e++;
    while (e < text.length && text[e] === ' ') e++;
    const next = text[e];
    const cap = next !== undefined && next !== next.toUpperCase() && /\p{Ll}/u.test(next);
    return { start: s, end: cap ? e + 1 : e, text: cap ? next.toUpperCase() : '' };
  }
  if (text[before - 1] === ',' && /^[.;!?)]/.test(text.slice(e, e + 1))) return { start: before - 1, end: e, text: '' };
  if (before < s && text[before - 1] !== '\n') return { start: before, end: e, text: '' };
  while (e < text.length && text[e] === ' ') e++;
  return { start: s, end: e, text: '' };
}

function trimStartSpace(text: string, at: number): number {
  let i = at;
  while (i > 0 && text[i - 1] === ' ') i--;
  return i;
}
