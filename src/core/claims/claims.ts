// Splits an answer into claims: sentences and list items (SPEC §4 COMPLETE), per language.
//
// 1. Lines are read as Markdown blocks: headings, list items, table rows, paragraphs; fenced code,
//    thematic breaks and footnote/reference definition lines are not claims. LongCite answers are
//    split by <statement>…</statement> instead: one statement, one claim.
// 2. Paragraphs and list items are cut into sentences with Intl.Segmenter, run on a copy of the
//    text in which citation markers and tags are blanked out (same length, so offsets hold). A
//    marker after a period (`1987.[1][2] Babe`, `(Q500). \cite{x} V`) is then trailing blank space
//    of the previous sentence, where it belongs; a marker before the period (`[3].`) stays in its
//    sentence. Long blocks go to the segmenter in windows of about 2,000 characters, because its
//    cost grows faster than linearly with the input length; blocks with no sentence punctuation
//    before their end skip it, and windows of plain Latin text are cut by our own implementation
//    of the same Unicode rules (uaxSentences), which gives ICU's ranges at a fraction of its cost.
// 3. Our own rules then repair the segmenter: no split after abbreviations (e.g., Dr., č., odst.,
//    písm., např., tzv.), initials and dotted acronyms (U.S.) unless a usual sentence opener
//    follows, or before a lowercase letter; an introduction ending with ':' that says nothing
//    itself ("Based on the documentation, I can explain why:") is cut from the sentence it opens;
//    a comma list whose every item carries its own citation ("Prague [1], Brno [2], Plzeň [3].")
//    becomes one list item per entry; fragments without a letter ("1[2].") join a neighbour.
// 4. Exemptions (needs_citation false, with a rule id and a reason): headings, questions, meta
//    sentences (only words about the answer, the documents or the conversation — no names,
//    numbers or other content words; an introduction ending with ':' may hold two), LongCite
//    statements whose <cite></cite> is empty, and fragments without a single word.
// Here: the run, LongCite statements, letterless fragments and the claims themselves. Step 1 and
// the block's sentences are in claimBlocks.ts, step 2's segmenter and step 3's abbreviation
// repairs in sentences.ts (uaxSentences.ts the fast path), the rules of step 4 in exemptions.ts
// and leadIns.ts.
import type { CitationMarker, Claim, ClaimKind, ExemptionRule, Language } from '../types';
import { classifyLeadIn, isAdvice, statesCount, topicWords } from './leadIns';
import { splitRegion } from './blocks';
import { classArrays, draft, MARKER, PLAIN, plainEnd, setFlags, TAG, trimEndIdx, type Ctx, type Draft, type DraftKind } from './context';
import { isAbsence, isAbsenceIntro, isMeta, isMetaWord, isQuestion, isRetrievalNote } from './exemptions';
import { endsWithColon, isBlank, isLetterCode, isSpace } from '../text/text';
import { msg, render } from '../report/messages';

export interface SplitClaimsOptions {
  /**
   * Definition lines found by findMarkers (`[^1]: doc-a`, `[1]: https://…`); they are never
   * claims. Lines of that shape are also recognised without this option.
   */
  footnoteDefinitions?: readonly { start: number; end: number }[];
  /** The user's question: a lead-in that only repeats its topic asserts nothing new. */
  query?: string;
}

export function splitClaims(
  answer: string,
  markers: readonly CitationMarker[],
  language: Language,
  opts: SplitClaimsOptions = {},
): Claim[] {
  const s = typeof answer === 'string' ? answer : '';
  if (isBlank(s)) return [];
  const lang: Language = language === 'cs' ? 'cs' : 'en';
  const defs = Array.isArray(opts.footnoteDefinitions)
    ? opts.footnoteDefinitions.filter((d) => d && Number.isInteger(d.start) && Number.isInteger(d.end)).sort((x, y) => x.start - y.start)
    : [];
  const { flags, coarse } = classArrays(s.length);
  const ctx: Ctx = { s, flags, coarse, lang, defs, drafts: [], block: 0, query: opts.query, topic: null };
  markTags(ctx);
  for (const m of Array.isArray(markers) ? markers : []) {
    if (!m || !Number.isInteger(m.start) || !Number.isInteger(m.end)) continue;
    setFlags(ctx, Math.max(0, m.start), Math.min(s.length, m.end), MARKER);
  }

  const statements = findStatements(s);
  let pos = 0;
  for (const st of statements) {
    if (st.start > pos) splitRegion(ctx, pos, st.start);
    statementDraft(ctx, st);
    pos = st.end;
  }
  if (pos < s.length) splitRegion(ctx, pos, s.length);

  const drafts = absorbLetterless(ctx, ctx.drafts);
  const claims = drafts.map((d, index) => toClaim(ctx, d, index, drafts[index + 1]));
  absentItems(ctx, claims);
  return claims;
}

/**
 * The uncited items of a list announced as what the answer could not find ("Nenašel jsem:", "I
 * could not find:"): each names something the sources lack, so there is nothing to cite for it.
 */
function absentItems(ctx: Ctx, claims: Claim[]): void {
  for (let i = 0; i + 1 < claims.length; i++) {
    if (!endsWithColon(claims[i]!.text) || !isAbsenceIntro(claims[i]!.text)) continue;
    for (let k = i + 1; k < claims.length && claims[k]!.kind === 'list_item'; k++) {
      const item = claims[k]!;
      if (!hasMarker(ctx, item.start, item.end) && !DIGIT.test(item.text)) exempt(ctx, item, 'meta', 'no_information');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// LongCite tags and statements

function markTags(ctx: Ctx): void {
  const { s } = ctx;
  if (!s.includes('<')) return;
  const tagRe = /<\/?statement>|<cite>|<\/cite>/g;
  for (let m = tagRe.exec(s); m; m = tagRe.exec(s)) {
    const start = m.index;
    let end = start + m[0].length;
    if (m[0] === '<cite>') {
      // Only a </cite> at the next '<' closes it; looking no further than that '<' keeps the scan
      // linear when many <cite> are never closed.
      const nextLt = s.indexOf('<', end);
      if (nextLt >= 0 && nextLt - end <= 4000 && s.startsWith('</cite>', nextLt)) end = nextLt + 7;
    }
    setFlags(ctx, start, end, TAG);
    tagRe.lastIndex = end;
  }
}

interface Statement {
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
}

function findStatements(s: string): Statement[] {
  const out: Statement[] = [];
  const OPEN = '<statement>';
  const CLOSE = '</statement>';
  let open = s.indexOf(OPEN);
  // The first CLOSE at or after a position is the one found before while that is still ahead
  // (or none, when none was found): unclosed statements do not each search to the end.
  let close = -2;
  while (open >= 0) {
    const contentStart = open + OPEN.length;
    const nextOpen = s.indexOf(OPEN, contentStart);
    if (close !== -1 && close < contentStart) close = s.indexOf(CLOSE, contentStart);
    if (close >= 0 && (nextOpen < 0 || close < nextOpen)) {
      out.push({ start: open, end: close + CLOSE.length, contentStart, contentEnd: close });
      open = nextOpen;
    } else {
      const end = nextOpen >= 0 ? nextOpen : s.length;
      out.push({ start: open, end, contentStart, contentEnd: end });
      open = nextOpen;
    }
  }
  return out;
}

function statementDraft(ctx: Ctx, st: Statement): void {
  const { s } = ctx;
  let a = st.contentStart;
  while (a < st.contentEnd && (isSpace(s, a) || ctx.flags[a] !== PLAIN)) a++;
  let kind: DraftKind = 'sentence';
  const bullet = /^(?:[-*+•]|\d{1,3}[.)])[ \t]+/.exec(s.slice(a, Math.min(st.contentEnd, a + 8)));
  if (bullet) {
    kind = 'list_item';
    a += bullet[0].length;
  } else if (/^#{1,6}[ \t]/.test(s.slice(a, a + 8))) {
    kind = 'heading';
    while (a < st.contentEnd && (s[a] === '#' || isSpace(s, a))) a++;
  }
  let b = trimEndIdx(ctx, a, st.contentEnd);
  if (b <= a) return;
  const inner = s.slice(st.contentStart, st.contentEnd);
  // The first <cite> and the first </cite> after it (as /<cite>([\s\S]*?)<\/cite>/ would find,
  // without retrying the lazy scan from every further <cite> when none is closed).
  const citeOpen = inner.indexOf('<cite>');
  const citeClose = citeOpen >= 0 ? inner.indexOf('</cite>', citeOpen + 6) : -1;
  const citeMatch = citeClose >= 0 ? { index: citeOpen, body: inner.slice(citeOpen + 6, citeClose), length: citeClose + 7 - citeOpen } : null;
  const d = draft(a, b, kind, ++ctx.block);
  if (citeMatch && citeMatch.body.trim() === '') d.emptyCite = true;
  else if (citeMatch) {
    // The statement's span runs to the end of its <cite>…</cite>, markers included.
    const citeEnd = st.contentStart + citeMatch.index + citeMatch.length;
    if (citeEnd > b && citeEnd <= st.contentEnd) b = citeEnd;
    d.end = b;
  }
  ctx.drafts.push(d);
}

// ---------------------------------------------------------------------------------------------
// Fragments without a letter ("1[2].", a paragraph holding only "[3]") join a neighbour

function absorbLetterless(ctx: Ctx, drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  let carry: { start: number; block: number } | null = null;
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i] as Draft; // drafts are ours: adjusted in place
    if (carry && carry.block === d.block) d.start = Math.min(d.start, carry.start);
    carry = null;
    d.text = claimText(ctx, d.start, d.end);
    if (d.kind === 'heading' || !isContentless(d.text)) {
      out.push(d);
      continue;
    }
    if (!hasMarker(ctx, d.start, d.end)) continue; // nothing said and nothing cited: not a claim
    const prev = out[out.length - 1];
    if (prev && prev.block === d.block) {
      prev.end = Math.max(prev.end, d.end);
      prev.text = null;
      continue;
    }
    const next = drafts[i + 1];
    if (next && next.block === d.block) {
      carry = { start: d.start, block: d.block };
      continue;
    }
    if (prev) {
      prev.end = Math.max(prev.end, d.end);
      prev.text = null;
    } else out.push(d); // kept alone; exempt as no_content
  }
  return out;
}

/** No word to support: no letter, and at most a list label like "1." or "2)". */
function isContentless(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (isLetterCode(text.charCodeAt(k))) return false;
  if (/\p{L}/u.test(text)) return false;
  const rest = text.replace(/[\s\p{P}\p{S}]+/gu, '');
  return rest === '' || /^\s*\d{1,3}\s*[.)]\s*$/.test(text);
}

function hasMarker(ctx: Ctx, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (ctx.flags[k] === MARKER) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Claims, their text and exemptions

function toClaim(ctx: Ctx, d: Draft, index: number, next: Draft | undefined): Claim {
  const text = d.text ?? claimText(ctx, d.start, d.end);
  const claim: Claim = {
    index,
    text,
    start: d.start,
    end: d.end,
    kind: d.kind,
    chunk_ids: [],
    citation_indexes: [],
    needs_citation: true,
    paragraph: d.block,
  };
  if (d.kind === 'heading' || SECTION_LABEL.test(text)) exempt(ctx, claim, 'heading', 'heading');
  else if (isQuestion(text)) exempt(ctx, claim, 'question', 'question');
  else if (d.emptyCite) exempt(ctx, claim, d.kind, 'longcite_empty_cite');
  else if (isContentless(text)) exempt(ctx, claim, d.kind, 'no_content');
  else if (endsWithColon(text)) leadIn(ctx, claim, text, next);
  // A number is content: meta talk, advice and "the sources do not say" all hold none, so a
  // claim with a digit (most of them) is none of the three.
  else if (DIGIT.test(text)) return claim;
  else if (isMeta(text, ctx.lang)) exempt(ctx, claim, 'meta', 'meta');
  else if (isAdvice(text)) exempt(ctx, claim, 'meta', 'advice');
  else if (isAbsence(text)) exempt(ctx, claim, 'meta', 'no_information');
  else {
    const note = isRetrievalNote(text);
    if (note) exempt(ctx, claim, 'meta', note === 'search' ? 'no_information' : 'meta');
  }
  return claim;
}

const DIGIT = /\d/;

/**
 * A sentence ending with ':'. A count or a number in it is a specific assertion, whatever else it
 * says; otherwise words only about the answer make it a meta introduction, advice stays advice,
 * and when something follows it, leadIns.ts decides by its content words (exempt, doubtful, claim).
 */
function leadIn(ctx: Ctx, claim: Claim, text: string, next: Draft | undefined): void {
  if (statesCount(text)) return;
  if (isMeta(text, ctx.lang)) return exempt(ctx, claim, 'meta', 'meta_intro');
  if (isAdvice(text)) return exempt(ctx, claim, 'meta', 'advice');
  // Nothing follows, or only a heading: it introduces nothing, so it is read as a claim.
  if (!next || next.kind === 'heading') return;
  const cls = classifyLeadIn(text, isMetaWord, (ctx.topic ??= topicWords(ctx.query)));
  if (cls === 'lead_in') exempt(ctx, claim, 'meta', 'lead_in');
  else if (cls === 'lead_in_unsure') {
    // Not known to be meta: it keeps its kind, and COMPLETE warns when it is uncited.
    exempt(ctx, claim, claim.kind, 'lead_in_unsure');
    if (claim.exemption) claim.exemption.doubtful = true;
  }
}

/** A line that only names the list of sources below it ("References:", "Zdroje"). */
const SECTION_LABEL = /^(?:sources?|references?|citations?|cited sources|sources used|bibliography|works cited|zdroje|použité zdroje|odkazy|citace|literatura|prameny)\s*:?$/iu;

function exempt(ctx: Ctx, claim: Claim, kind: ClaimKind, rule: ExemptionRule): void {
  claim.kind = kind;
  claim.needs_citation = false;
  claim.exemption = { rule, reason: reasonOf(rule, ctx.lang) };
}

/** The reason of each rule in each language, rendered once. */
const REASONS = new Map<string, string>();

function reasonOf(rule: ExemptionRule, lang: Language): string {
  const key = `${lang}:${rule}`;
  let reason = REASONS.get(key);
  if (reason === undefined) REASONS.set(key, (reason = render(msg('exemptionReason', { rule }), lang) ?? rule));
  return reason;
}

/** The claim's words: markers, LongCite tags and Markdown emphasis removed, spaces collapsed. */
function claimText(ctx: Ctx, a: number, b: number): string {
  const { s, flags } = ctx;
  // Pieces, not one growing string: trimming the end of a long claim at every marker followed
  // by punctuation would copy it each time.
  const parts: string[] = [];
  let k = a;
  // Where the last run of markers and spaces ended; markers inside it end at the same place.
  let runEnd = -1;
  while (k < b) {
    const f = flags[k];
    let e = k + 1;
    if (f === PLAIN) e = plainEnd(ctx, e, b);
    else while (e < b && flags[e] === f) e++;
    if (f === PLAIN) {
      parts.push(s.slice(k, e));
    } else if (f === MARKER) {
      // Drop the marker; drop the space before it too when punctuation or the end follows.
      let after = runEnd > e ? runEnd : e;
      while (after < b && (flags[after] === MARKER || (flags[after] === PLAIN && isSpace(s, after)))) after++;
      runEnd = after;
      const nextChar = after < b ? s[after] : undefined;
      if (nextChar === undefined || CLOSING_PUNCT.has(nextChar)) {
        trimPartsEnd(parts);
        e = after;
      } else parts.push(' ');
    } else {
      parts.push(' ');
    }
    k = e;
  }
  let out = parts.join('');
  if (out.includes('**')) out = out.replace(/\*\*/g, '').replace(/ +(?=[.,;:!?](?:\s|$))/g, '');
  if (COLLAPSIBLE.test(out)) out = out.replace(SPACE_RUNS, ' ');
  return out.trim();
}

/** Drops trailing whitespace from the text the pieces make. */
function trimPartsEnd(parts: string[]): void {
  while (parts.length > 0) {
    const last = (parts[parts.length - 1] as string).trimEnd();
    if (last !== '') {
      parts[parts.length - 1] = last;
      return;
    }
    parts.pop();
  }
}

// Claim text with whitespace to collapse, and the runs themselves.
const COLLAPSIBLE = /\s\s|[\t\n\r\f\v\u00a0]/;
const SPACE_RUNS = /\s+/g;

const CLOSING_PUNCT = new Set(['.', ',', ';', ':', '!', '?', '…', ')', ']', '"', "'", '”', '’']);
