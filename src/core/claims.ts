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
import type { CitationMarker, Claim, ClaimKind, Language } from './types';
import { foldWord, wordsOf, STOPWORDS } from './language';
import { classifyLeadIn, isAdvice, statesCount, topicWords } from './leadIns';

export interface SplitClaimsOptions {
  /**
   * Definition lines found by findMarkers (`[^1]: doc-a`, `[1]: https://…`); they are never
   * claims. Lines of that shape are also recognised without this option.
   */
  footnoteDefinitions?: readonly { start: number; end: number }[];
  /** The user's question: a lead-in that only repeats its topic asserts nothing new. */
  query?: string;
}

type DraftKind = 'sentence' | 'list_item' | 'heading';

interface Draft {
  start: number;
  end: number;
  kind: DraftKind;
  block: number;
  emptyCite: boolean;
  /** claimText of the span, once computed. */
  text: string | null;
}

function draft(start: number, end: number, kind: DraftKind, block: number): Draft {
  return { start, end, kind, block, emptyCite: false, text: null };
}

// Character classes of the answer, one byte per UTF-16 unit.
const PLAIN = 0;
const MARKER = 1;
const TAG = 2; // LongCite <statement>, </statement>, <cite>…</cite>
const STRIP = 3; // Markdown syntax that is not text: blockquote '>' prefixes

const WINDOW = 2000;

interface Ctx {
  s: string;
  flags: Uint8Array;
  lang: Language;
  defs: readonly { start: number; end: number }[];
  drafts: Draft[];
  block: number;
  query: string | undefined;
  topic: Set<string> | null;
}

export function splitClaims(
  answer: string,
  markers: readonly CitationMarker[],
  language: Language,
  opts: SplitClaimsOptions = {},
): Claim[] {
  const s = typeof answer === 'string' ? answer : '';
  if (s.trim() === '') return [];
  const lang: Language = language === 'cs' ? 'cs' : 'en';
  const flags = new Uint8Array(s.length);
  markTags(s, flags);
  for (const m of Array.isArray(markers) ? markers : []) {
    if (!m || !Number.isInteger(m.start) || !Number.isInteger(m.end)) continue;
    const a = Math.max(0, m.start);
    const b = Math.min(s.length, m.end);
    if (b > a) flags.fill(MARKER, a, b);
  }
  const defs = Array.isArray(opts.footnoteDefinitions)
    ? opts.footnoteDefinitions.filter((d) => d && Number.isInteger(d.start) && Number.isInteger(d.end)).sort((x, y) => x.start - y.start)
    : [];
  const ctx: Ctx = { s, flags, lang, defs, drafts: [], block: 0, query: opts.query, topic: null };

  const statements = findStatements(s);
  let pos = 0;
  for (const st of statements) {
    if (st.start > pos) splitRegion(ctx, pos, st.start);
    statementDraft(ctx, st);
    pos = st.end;
  }
  if (pos < s.length) splitRegion(ctx, pos, s.length);

  const drafts = absorbLetterless(ctx, ctx.drafts);
  return drafts.map((d, index) => toClaim(ctx, d, index, drafts[index + 1]));
}

// ---------------------------------------------------------------------------------------------
// LongCite tags and statements

function markTags(s: string, flags: Uint8Array): void {
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
    flags.fill(TAG, start, end);
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
// Markdown blocks

interface Block {
  kind: 'paragraph' | 'list_item';
  start: number;
  end: number;
  lines: number;
}

const LIST_BULLET = /^(?:[-*+•‣◦▪●]|\d{1,3}[.)])[ \t]+/;
const HEADING = /^#{1,6}(?=[ \t]|$)/;
const THEMATIC = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^(?:=+|-+)[ \t]*$/;
const FENCE = /^(`{3,}|~{3,})/;
const DEFINITION = /^\[\^?[^\]\s][^\]\n]*\]:/;
const TABLE_SEPARATOR = /^\|?[ \t:]*-+[ \t:]*(?:\|[ \t:]*-+[ \t:]*)*\|?[ \t]*$/;
const BOLD_LINE = /^(\*\*|__)(?=\S)([^*_\n]{1,150}?)(?<=\S)\1[ \t]*:?[ \t]*$/;
const TASK_BOX = /^\[[ xX]\][ \t]+/;

function splitRegion(ctx: Ctx, from: number, to: number): void {
  const { s, flags } = ctx;
  const st: { cur: Block | null } = { cur: null };
  let fence: string | null = null;
  const flush = (): void => {
    if (st.cur) segmentBlock(ctx, st.cur);
    st.cur = null;
  };

  let pos = from;
  while (pos < to) {
    let le = s.indexOf('\n', pos);
    if (le < 0 || le > to) le = to;
    let lineEnd = le;
    if (lineEnd > pos && s[lineEnd - 1] === '\r') lineEnd--;

    // Indentation and blockquote prefixes.
    let c = pos;
    while (c < lineEnd && (s[c] === ' ' || s[c] === '\t')) c++;
    const indent = c - pos;
    while (c < lineEnd && s[c] === '>') {
      const qs = c;
      c++;
      if (s[c] === ' ') c++;
      flags.fill(STRIP, qs, c);
      while (c < lineEnd && (s[c] === ' ' || s[c] === '\t')) c++;
    }
    const line = s.slice(c, lineEnd);
    const next = le + 1;

    if (fence !== null) {
      if (line.startsWith(fence)) fence = null;
      pos = next;
      continue;
    }
    if (line.trim() === '') {
      flush();
      pos = next;
      continue;
    }
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      flush();
      fence = fenceMatch[1] ?? '```';
      pos = next;
      continue;
    }
    if (isDefinitionLine(ctx, c, lineEnd, line, indent)) {
      flush();
      pos = next;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      let a = c + heading[0].length;
      let b = lineEnd;
      while (b > a && (isSpace(s, b - 1) || s[b - 1] === '#')) b--;
      while (a < b && isSpace(s, a)) a++;
      pushDraft(ctx, a, b, 'heading', ++ctx.block);
      pos = next;
      continue;
    }
    const curBlock = st.cur;
    if (curBlock && curBlock.kind === 'paragraph' && curBlock.lines === 1 && SETEXT.test(line)) {
      // "Title\n=====": the paragraph was a heading.
      const b = trimEndIdx(ctx, curBlock.start, curBlock.end);
      pushDraft(ctx, curBlock.start, b, 'heading', ++ctx.block);
      st.cur = null;
      pos = next;
      continue;
    }
    if (THEMATIC.test(line)) {
      flush();
      pos = next;
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      if (!TABLE_SEPARATOR.test(line)) {
        const nextLine = next < to ? s.slice(next, Math.min(to, lineEndOf(s, next))).trim() : '';
        const isHeader = nextLine.startsWith('|') && TABLE_SEPARATOR.test(nextLine);
        pushDraft(ctx, c, trimEndIdx(ctx, c, lineEnd), isHeader ? 'heading' : 'list_item', ++ctx.block);
      }
      pos = next;
      continue;
    }
    const glued = gluedListNumber(ctx, c, lineEnd, flush);
    if (glued) {
      st.cur = { kind: 'list_item', start: glued, end: lineEnd, lines: 1 };
      pos = next;
      continue;
    }
    const bullet = LIST_BULLET.exec(line);
    if (bullet) {
      flush();
      let a = c + bullet[0].length;
      const box = TASK_BOX.exec(s.slice(a, Math.min(lineEnd, a + 8)));
      if (box) a += box[0].length;
      st.cur = { kind: 'list_item', start: a, end: lineEnd, lines: 1 };
      pos = next;
      continue;
    }
    if (BOLD_LINE.test(line.trim()) && !/[.!?]\s*(?:\*\*|__)\s*:?\s*$/.test(line.trim())) {
      flush();
      pushDraft(ctx, c, trimEndIdx(ctx, c, lineEnd), 'heading', ++ctx.block);
      pos = next;
      continue;
    }
    if (st.cur) {
      st.cur.end = lineEnd;
      st.cur.lines++;
    } else {
      st.cur = { kind: 'paragraph', start: c, end: lineEnd, lines: 1 };
    }
    pos = next;
  }
  flush();
}

/**
 * `1[2]. Item`, `1.[2] Item`, `2[3][4]) Item`: a list number with markers glued to it. Such
 * markers come from citing sentence by sentence an answer whose splitter ended a sentence at the
 * list number ("…the following approaches:⏎⏎1." + "[2]"), so they belong to the claim before the
 * number, which is where they go (its span then runs to the markers; the number itself is
 * blanked out of every claim). With no claim before it, or only a heading, the item keeps them.
 * Returns where the item's text starts, or 0 when the line has no such number.
 */
function gluedListNumber(ctx: Ctx, c: number, lineEnd: number, flush: () => void): number {
  const { s, flags } = ctx;
  let k = c;
  while (k < lineEnd && k - c < 3 && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
  if (k === c) return 0;
  const numEnd = k;
  const dotBefore = s[k] === '.' || s[k] === ')';
  if (dotBefore) k++;
  if (flags[k] !== MARKER) return 0;
  while (k < lineEnd && flags[k] === MARKER) k++;
  const markerEnd = k;
  const dotAfter = !dotBefore && (s[k] === '.' || s[k] === ')');
  if (dotAfter) k++;
  if ((!dotBefore && !dotAfter) || !isSpace(s, k)) return 0;
  while (k < lineEnd && isSpace(s, k)) k++;
  if (k >= lineEnd) return 0;
  flush();
  flags.fill(STRIP, c, numEnd + (dotBefore ? 1 : 0));
  if (dotAfter) flags[markerEnd] = STRIP;
  const prev = ctx.drafts[ctx.drafts.length - 1];
  if (prev && prev.kind !== 'heading') {
    prev.end = Math.max(prev.end, markerEnd);
    prev.text = null;
  }
  return k;
}

function lineEndOf(s: string, from: number): number {
  const nl = s.indexOf('\n', from);
  return nl < 0 ? s.length : nl;
}

function isDefinitionLine(ctx: Ctx, c: number, lineEnd: number, line: string, indent: number): boolean {
  if (indent <= 3 && DEFINITION.test(line)) return true;
  // A definition findMarkers reported starts on this line (binary search: defs are in order).
  const defs = ctx.defs;
  let lo = 0;
  let hi = defs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((defs[mid]?.start ?? 0) < c) lo = mid + 1;
    else hi = mid;
  }
  const d = defs[lo];
  return d !== undefined && d.start < lineEnd;
}

function pushDraft(ctx: Ctx, a: number, b: number, kind: DraftKind, block: number): void {
  let start = a;
  while (start < b && (isSpace(ctx.s, start) || ctx.flags[start] === TAG || ctx.flags[start] === STRIP)) start++;
  const end = trimEndIdx(ctx, start, b);
  if (end > start) ctx.drafts.push(draft(start, end, kind, block));
}

// ---------------------------------------------------------------------------------------------
// Sentences inside a block

function segmentBlock(ctx: Ctx, block: Block): void {
  const { s, flags } = ctx;
  const id = ++ctx.block;
  const kind: DraftKind = block.kind === 'list_item' ? 'list_item' : 'sentence';
  const base = block.start;
  const masked = maskedText(s, flags, block.start, block.end);

  // Raw sentence ranges (relative), then merged where the segmenter cut too eagerly.
  const raw = sentenceRanges(masked, ctx.lang);
  const merged: [number, number][] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && shouldMerge(masked, last[0], last[1], r[1])) last[1] = r[1];
    else merged.push([r[0], r[1]]);
  }

  const pieces: [number, number][] = [];
  for (const [a, b] of merged) {
    for (const p of splitMetaIntro(masked, a, b, ctx.lang)) pieces.push(p);
  }

  let prevInBlock: Draft | null = null;
  for (const [ra, rb] of pieces) {
    const a = base + ra;
    const b = base + rb;
    // A marker never starts a claim: leading markers go to the previous sentence of the block.
    let start = a;
    let firstMarker = -1;
    let lastMarkerEnd = -1;
    while (start < b && (isSpace(s, start) || flags[start] !== PLAIN)) {
      if (flags[start] === MARKER) {
        if (firstMarker < 0) firstMarker = start;
        lastMarkerEnd = start + 1;
      }
      start++;
    }
    // (Leading markers of a block's first sentence have no previous sentence; the claim starts
    // after them and buildCitations attaches them by proximity.)
    if (lastMarkerEnd > 0 && prevInBlock) prevInBlock.end = Math.max(prevInBlock.end, lastMarkerEnd);
    else if (start >= b && firstMarker >= 0) {
      // Only markers: a fragment that absorbLetterless gives to a neighbouring claim.
      const d = draft(firstMarker, lastMarkerEnd, kind, id);
      ctx.drafts.push(d);
      prevInBlock = d;
      continue;
    }
    const end = trimEndIdx(ctx, start, b);
    if (end <= start) continue;
    const items = splitCitedEnumeration(ctx, start, end);
    if (items) {
      for (const [ia, ib] of items) {
        const d = draft(ia, ib, 'list_item', id);
        ctx.drafts.push(d);
        prevInBlock = d;
      }
      continue;
    }
    const d = draft(start, end, kind, id);
    ctx.drafts.push(d);
    prevInBlock = d;
  }
}

function maskedText(s: string, flags: Uint8Array, a: number, b: number): string {
  let out = '';
  let k = a;
  while (k < b) {
    const f = flags[k];
    let e = k + 1;
    while (e < b && flags[e] === f) e++;
    out += f === PLAIN ? s.slice(k, e) : ' '.repeat(e - k);
    k = e;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Intl.Segmenter (windowed), with a plain fallback

const segmenters = new Map<string, Intl.Segmenter | null>();
/** Sentence punctuation followed by more text somewhere: the segmenter has work to do. */
const INNER_TERMINAL = /[.!?…。！？][^]*?\S/;

/** Whether getSegmenter can give a segmenter (creating one does not fail for a well-formed locale). */
function hasSegmenter(): boolean {
  return typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function';
}

function getSegmenter(lang: Language): Intl.Segmenter | null {
  if (segmenters.has(lang)) return segmenters.get(lang) ?? null;
  let seg: Intl.Segmenter | null = null;
  try {
    if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
      seg = new Intl.Segmenter(lang, { granularity: 'sentence' });
    }
  } catch {
    seg = null;
  }
  segmenters.set(lang, seg);
  return seg;
}

export function sentenceRanges(text: string, lang: Language): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  while (text.length - start > WINDOW) {
    const cut = windowCut(text, start);
    rangesOf(text.slice(start, cut), start, lang, out);
    start = cut;
  }
  rangesOf(text.slice(start), start, lang, out);
  return out;
}

/** Where to end a window: after the last likely sentence end in its second half. */
function windowCut(text: string, start: number): number {
  const hi = start + WINDOW;
  const lo = start + WINDOW / 2;
  for (let k = hi - 1; k > lo; k--) {
    const c = text[k];
    if ((c === '.' || c === '!' || c === '?') && isSpaceChar(text[k + 1])) {
      let e = k + 1;
      while (e < text.length && isSpaceChar(text[e])) e++;
      if (UPPER_RE.test(text[e] ?? '')) return e;
    }
  }
  for (let k = hi - 1; k > lo; k--) if (isSpaceChar(text[k])) return k + 1;
  return hi;
}

function rangesOf(text: string, offset: number, lang: Language, out: [number, number][]): void {
  if (text === '') return;
  if (!INNER_TERMINAL.test(text)) {
    // No sentence punctuation before the end: one sentence, no need to ask the segmenter.
    out.push([offset, offset + text.length]);
    return;
  }
  // Plain Latin text is segmented here by the same Unicode rules as Intl.Segmenter, without
  // ICU's cost (per window, and the segmenter's creation on first use); only where ICU would
  // be asked at all.
  if (hasSegmenter() && uaxSentences(text, offset, out)) return;
  const seg = getSegmenter(lang);
  if (seg) {
    for (const part of seg.segment(text)) out.push([offset + part.index, offset + part.index + part.segment.length]);
    return;
  }
  const re = /[.!?…]+["'”’»)\]]*\s+/g;
  let from = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const e = m.index + m[0].length;
    out.push([offset + from, offset + e]);
    from = e;
  }
  if (from < text.length) out.push([offset + from, offset + text.length]);
}

// ---------------------------------------------------------------------------------------------
// Unicode sentence boundaries (UAX #29) for text made only of characters whose Sentence_Break
// class is known here: ASCII, NBSP, Latin-1 and Latin Extended-A letters, typographic quotes
// and dashes. Intl.Segmenter (ICU) implements the same rules; for such text both give the same
// ranges, and this costs a pass over the text instead of an ICU iterator per window. Anything
// else (other scripts, combining marks, controls, ';' whose class changed between Unicode
// versions) leaves the window to ICU.

const SB_OTHER = 1;
const SB_SP = 2;
const SB_LOWER = 3;
const SB_UPPER = 4;
const SB_NUMERIC = 5;
const SB_ATERM = 6;
const SB_STERM = 7;
const SB_CLOSE = 8;
const SB_SCONTINUE = 9;
const SB_CR = 10;
const SB_LF = 11;
const SB_LIMIT = 0x2020;

/** Sentence_Break class by code unit below SB_LIMIT; 0 = not handled here. */
const SB_CLASS = ((): Uint8Array => {
  const t = new Uint8Array(SB_LIMIT);
  for (let c = 0x21; c < 0x7f; c++) t[c] = SB_OTHER;
  for (const c of [0x09, 0x0b, 0x0c, 0x20, 0xa0]) t[c] = SB_SP;
  t[0x0a] = SB_LF;
  t[0x0d] = SB_CR;
  for (let c = 0x30; c <= 0x39; c++) t[c] = SB_NUMERIC;
  for (let c = 0x41; c <= 0x5a; c++) t[c] = SB_UPPER;
  for (let c = 0x61; c <= 0x7a; c++) t[c] = SB_LOWER;
  t[0x2e] = SB_ATERM;
  t[0x21] = SB_STERM;
  t[0x3f] = SB_STERM;
  for (const c of [0x22, 0x27, 0x28, 0x29, 0x5b, 0x5d, 0x7b, 0x7d, 0xab, 0xbb, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e]) t[c] = SB_CLOSE;
  for (const c of [0x2c, 0x2d, 0x3a, 0x2013, 0x2014]) t[c] = SB_SCONTINUE;
  t[0x3b] = 0;
  for (const c of [0xa7, 0xb0, 0xd7, 0xf7]) t[c] = SB_OTHER;
  for (let c = 0xc0; c <= 0x17f; c++) {
    const ch = String.fromCharCode(c);
    if (/\p{Lu}/u.test(ch)) t[c] = SB_UPPER;
    else if (/\p{Ll}/u.test(ch)) t[c] = SB_LOWER;
  }
  return t;
})();

/** Any code unit SB_CLASS does not handle (built from the table, so the two always agree). */
const SB_UNHANDLED = ((): RegExp => {
  const ranges: string[] = [];
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  for (let c = 0; c < SB_LIMIT; c++) {
    if (SB_CLASS[c] === 0) continue;
    let e = c;
    while (e + 1 < SB_LIMIT && SB_CLASS[e + 1] !== 0) e++;
    ranges.push(e > c ? `${hex(c)}-${hex(e)}` : hex(c));
    c = e;
  }
  return new RegExp(`[^${ranges.join('')}]`);
})();
/** Where a sentence can end: a terminator or a paragraph separator. */
const SB_ENDS = /[.!?\r\n]/g;

const sbClassAt = (text: string, i: number): number => SB_CLASS[text.charCodeAt(i)] ?? 0;

/**
 * Pushes the sentence ranges of `text` (plus offset) to `out` and returns true, or returns false
 * without pushing anything when `text` holds a character outside SB_CLASS. Exported for tests.
 */
export function uaxSentences(text: string, offset: number, out: [number, number][]): boolean {
  if (SB_UNHANDLED.test(text)) return false;
  const n = text.length;
  let start = 0;
  let i = 0;
  // Only terminators and paragraph separators can end a sentence: the regex engine finds them.
  for (;;) {
    SB_ENDS.lastIndex = i;
    if (!SB_ENDS.test(text)) break;
    i = SB_ENDS.lastIndex - 1;
    const k = sbClassAt(text, i);
    if (k === SB_CR || k === SB_LF) {
      // SB3 CR × LF; SB4 ParaSep ÷
      const e = k === SB_CR && i + 1 < n && text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
      if (e < n) {
        out.push([offset + start, offset + e]);
        start = e;
      }
      i = e;
      continue;
    }
    // SATerm Close* Sp*: no break inside (SB9, SB10); j is where one may come.
    let j = i + 1;
    while (j < n && sbClassAt(text, j) === SB_CLOSE) j++;
    while (j < n && sbClassAt(text, j) === SB_SP) j++;
    if (j >= n) break; // SB2: the end of the text ends the sentence anyway
    const c = sbClassAt(text, j);
    if (c !== SB_CR && c !== SB_LF && !sbContinues(text, i, j, k, c)) {
      out.push([offset + start, offset + j]); // SB11
      start = j;
    }
    i = j; // a terminator or paragraph separator at j is looked at next
  }
  out.push([offset + start, offset + n]);
  return true;
}

/** After the terminator at t (class k), Close* Sp* up to j whose class is c: does the sentence go on? */
function sbContinues(text: string, t: number, j: number, k: number, c: number): boolean {
  if (k === SB_ATERM && j === t + 1) {
    if (c === SB_NUMERIC) return true; // SB6: ATerm × Numeric
    if (c === SB_UPPER && t > 0) {
      const before = sbClassAt(text, t - 1);
      if (before === SB_UPPER || before === SB_LOWER) return true; // SB7: (Upper | Lower) ATerm × Upper
    }
  }
  if (k === SB_ATERM) {
    // SB8: ATerm Close* Sp* × (¬(OLetter | Upper | Lower | ParaSep | SATerm))* Lower
    const n = text.length;
    let m = j;
    let d = 0;
    while (m < n) {
      d = sbClassAt(text, m);
      if (d === SB_UPPER || d === SB_LOWER || d === SB_CR || d === SB_LF || d === SB_ATERM || d === SB_STERM) break;
      m++;
    }
    if (m < n && d === SB_LOWER) return true;
  }
  return c === SB_SCONTINUE || c === SB_ATERM || c === SB_STERM; // SB8a
}

// ---------------------------------------------------------------------------------------------
// Abbreviations and other false sentence ends

/** Never end a sentence (titles, "e.g.", Czech legal abbreviations). Lower case, no final dot. */
const NON_TERMINAL = new Set(
  (
    'dr mr mrs ms prof st mt gen col lt sgt capt rev hon sen gov pres e.g i.e eg ie cf vs approx ca viz al ' +
    'trans proc conf intl natl acad assoc univ dept lett netw comput symp ' +
    'č čl odst písm např tzv tzn tj mj resp str s srov cca doc ing mgr mudr judr phdr rndr bc sv ul nám tel obr tab kap zák vyhl nař pozn příp popř odd roč př zejm vč ev'
  ).split(' '),
);
/** End a sentence unless a number follows ("No. 5", "Fig. 2"). */
const BEFORE_NUMBER = new Set('no nos vol vols p pp ch sec art fig figs ed eds op r jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '));
/** May end a sentence; do not before a number or §. */
const MAYBE_TERMINAL = new Set('etc apod atd aj sb inc ltd co corp jr sr min max hod a.s s.r.o'.split(' '));
/** Number scales: "100 mil. Kč", "12,7 mld. EUR" go on when a currency follows. */
const SCALES = new Set('tis mil mld bil mln bn'.split(' '));
const CURRENCY_START = /^(?:Kčs?|CZK|EUR|USD|GBP|CHF|PLN|JPY|Sk|US\$|[$€£¥])(?![\p{L}])/u;
/** Words that usually open a sentence: after an initial or acronym they signal a real end. */
const OPENERS = new Set(
  (
    'the a an he she it they we i you this that these those there in on at but however and as after before since when while if its his her their our my ' +
    'one some many most all both each for from to with by also then thus so other another such what which who yet ' +
    'ten ta to tento tato toto tyto v ve na podle ale však když pokud jeho její jejich také proto tak je jsou byl byla mezi po před od do za při s se z ze'
  ).split(' '),
);

const UPPER_RE = /\p{Lu}/u;
const INITIALS_RE = /^(?:\p{Lu}\.)*\p{Lu}$/u;
const FIRST_WORD_RE = /^[\p{L}]+/u;

// Per UTF-16 unit, whether it is a cased letter (its lower and upper case differ) and a lower
// case one, computed on first sight: 0 = not yet known, 1 = not a cased letter, 2 = a cased
// letter, 3 = a cased letter equal to its lower case.
const CASED = new Uint8Array(65536);

function casedKind(c: number): number {
  let k = CASED[c]!;
  if (k === 0) {
    const ch = String.fromCharCode(c);
    const low = ch.toLowerCase();
    k = low === ch.toUpperCase() ? 1 : low === ch ? 3 : 2;
    CASED[c] = k;
  }
  return k;
}

/** Whether text[k] is a cased letter. */
function isCasedAt(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  return c === c && casedKind(c) >= 2;
}

/** Whether text[prevStart, nextStart) and text[nextStart, nextEnd) are one sentence after all. */
function shouldMerge(text: string, prevStart: number, nextStart: number, nextEnd: number): boolean {
  let ns = nextStart;
  while (ns < nextEnd && isSpace(text, ns)) ns++;
  if (ns === nextEnd) return true;
  const firstCode = text.charCodeAt(ns);
  if (firstCode === firstCode && casedKind(firstCode) === 3) return true; // a lowercase start
  let pe = nextStart;
  while (pe > prevStart && isSpace(text, pe - 1)) pe--;
  if (text.charCodeAt(pe - 1) !== 0x2e) return false;
  // The word before the final period, dots inside kept ("e.g", "U.S", "č").
  let ts = pe - 1;
  while (
    ts > prevStart &&
    pe - ts <= 12 &&
    (isCasedAt(text, ts - 1) || (text.charCodeAt(ts - 1) === 0x2e && ts - 2 >= prevStart && isCasedAt(text, ts - 2)))
  )
    ts--;
  if (ts >= pe - 1 || !isCasedAt(text, ts) || (ts > prevStart && /[\p{N}_]/u.test(text[ts - 1] ?? ''))) return false;
  const tok = text.slice(ts, pe - 1);
  const low = tok.toLowerCase();
  if (NON_TERMINAL.has(low)) return true;
  const n = text.slice(ns, Math.min(nextEnd, ns + 40));
  // "p. 5" goes on; "P. Q. Jones" is read as initials below ("p", "r" are also initials).
  if (BEFORE_NUMBER.has(low) && (/^[\d(]/.test(n) || tok.length > 1 || tok === low)) return /^[\d(]/.test(n);
  if (MAYBE_TERMINAL.has(low)) return /^[\d§(]/.test(n);
  if (SCALES.has(low) && ts - 2 >= prevStart && isSpace(text, ts - 1) && /\p{N}/u.test(text[ts - 2] ?? '')) return CURRENCY_START.test(n);
  if (INITIALS_RE.test(tok)) {
    const firstWord = (FIRST_WORD_RE.exec(n)?.[0] ?? '').toLowerCase();
    return !OPENERS.has(firstWord);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// "Based on the documentation, I can explain why: You'll receive…" → intro + sentence

function splitMetaIntro(masked: string, a: number, b: number, lang: Language): [number, number][] {
  // Only a short opening can be an introduction; never search further than that.
  const colon = masked.slice(a, Math.min(b, a + 220)).indexOf(':');
  if (colon < 0 || a + colon >= b - 1) return [[a, b]];
  const text = masked.slice(a, b);
  const re = /:\s+(?=["“„'(]?[\p{Lu}\p{N}])/gu;
  const m = re.exec(text);
  if (!m) return [[a, b]];
  const cut = m.index + 1;
  if (text.slice(cut).trim() === '') return [[a, b]];
  if (!isMeta(text.slice(0, cut), lang)) return [[a, b]];
  return [
    [a, a + cut],
    [a + m.index + m[0].length, b],
  ];
}

// ---------------------------------------------------------------------------------------------
// "Marazan [1], Stephen Morris [1], Beyond the Black Stump [2]." → one list item per entry

const MAX_ITEM_WORDS = 12;

function splitCitedEnumeration(ctx: Ctx, a: number, b: number): [number, number][] | null {
  const { s, flags } = ctx;
  // Fewer than 3 markers cannot make 3 groups: most sentences stop here.
  let markerRuns = 0;
  for (let k = a; k < b && markerRuns < 3; k++) if (flags[k] === MARKER && (k === a || flags[k - 1] !== MARKER)) markerRuns++;
  if (markerRuns < 3) return null;
  // Marker groups: runs of markers separated only by spaces.
  const groups: [number, number][] = [];
  let k = a;
  while (k < b) {
    if (flags[k] !== MARKER) {
      k++;
      continue;
    }
    const gs = k;
    let ge = k;
    while (k < b) {
      if (flags[k] === MARKER) {
        k++;
        ge = k;
      } else if (isSpace(s, k)) {
        k++;
      } else break;
    }
    groups.push([gs, ge]);
  }
  if (groups.length < 3) return null;
  const items: [number, number][] = [];
  let itemStart = a;
  for (let g = 0; g < groups.length; g++) {
    const [gs, ge] = groups[g] as [number, number];
    const textPart = s.slice(itemStart, gs);
    const words = wordsOf(textPart);
    if (words.length === 0 || words.length > MAX_ITEM_WORDS || !/\p{L}/u.test(textPart) || /[,;]/.test(textPart)) return null;
    let after = ge;
    while (after < b && isSpace(s, after)) after++;
    const last = g === groups.length - 1;
    if (last) {
      if (!/^[.!;…]*$/.test(s.slice(after, b).trim())) return null;
      items.push([itemStart, b]);
    } else {
      if (s[after] !== ',' && s[after] !== ';') return null;
      items.push([itemStart, ge]);
      itemStart = after + 1;
      while (itemStart < b && isSpace(s, itemStart)) itemStart++;
    }
  }
  return items.length >= 3 ? items : null;
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
  else if (/[:：]\s*$/.test(text)) leadIn(ctx, claim, text, next);
  else if (isMeta(text, ctx.lang)) exempt(ctx, claim, 'meta', 'meta');
  else if (isAdvice(text)) exempt(ctx, claim, 'meta', 'advice');
  else if (isAbsence(text)) exempt(ctx, claim, 'meta', 'no_information');
  return claim;
}

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
  claim.exemption = { rule, reason: REASONS[ctx.lang][rule] };
}

type ExemptionRule = 'heading' | 'question' | 'meta' | 'meta_intro' | 'lead_in' | 'lead_in_unsure' | 'advice' | 'no_information' | 'longcite_empty_cite' | 'no_content';

const REASONS: Record<Language, Record<ExemptionRule, string>> = {
  en: {
    lead_in: 'It only announces the list or text that follows (no count, number or fact of its own); what follows carries the claims.',
    lead_in_unsure: 'It introduces what follows, but names more than a generic announcement would: check whether it states a fact that needs a citation.',
    advice: 'Advice to the reader or an announcement of the explanation itself: it states no fact from a source.',
    no_information: 'It says that the provided sources do not contain something: there is nothing to cite for it.',
    heading: 'A heading only structures the answer; it asserts nothing.',
    question: 'A question asserts nothing, so it needs no citation.',
    meta: 'A sentence about the answer or the conversation itself: no names, numbers or facts to support.',
    meta_intro: 'An introduction to what follows; it states no fact of its own.',
    longcite_empty_cite: 'The answer marks this statement as needing no citation (empty <cite></cite>).',
    no_content: 'There are no words here to support.',
  },
  cs: {
    lead_in: 'Jen ohlašuje seznam nebo text, který následuje (bez počtu, čísla či vlastního faktu); tvrzení nese to, co následuje.',
    lead_in_unsure: 'Uvádí to, co následuje, ale jmenuje víc než obecné ohlášení: ověřte, zda netvrdí fakt, který potřebuje citaci.',
    advice: 'Rada čtenáři nebo ohlášení samotného vysvětlení: netvrdí žádný fakt ze zdroje.',
    no_information: 'Konstatuje, že poskytnuté zdroje něco neobsahují: není co citovat.',
    heading: 'Nadpis jen člení odpověď; nic netvrdí.',
    question: 'Otázka nic netvrdí, a proto nepotřebuje citaci.',
    meta: 'Věta o odpovědi nebo o rozhovoru samotném: žádná jména, čísla ani fakta k doložení.',
    meta_intro: 'Úvod k tomu, co následuje; sám nic netvrdí.',
    longcite_empty_cite: 'Odpověď tento výrok označuje jako výrok bez potřeby citace (prázdné <cite></cite>).',
    no_content: 'Nejsou zde žádná slova k doložení.',
  },
};

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
    while (e < b && flags[e] === f) e++;
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

function isQuestion(text: string): boolean {
  let e = text.length;
  while (e > 0 && QUESTION_TAIL.has(text[e - 1] ?? '')) e--;
  const c = text[e - 1];
  return c === '?' || c === '？';
}

const QUESTION_TAIL = new Set([' ', '"', "'", '”', '’', '»', ')', ']', '*', '_']);

// Words about the answer, the documents or the conversation (not about the world). English as
// written; Czech by stem, because Czech inflects.
const META_WORDS_EN = new Set(
  (
    'based according document documents documentation doc docs context source sources search results result information info ' +
    'text texts article articles passage passages excerpt excerpts material materials provided given following below above ' +
    'summary summarize summarized overview answer answers question questions query help helps helpful hope glad happy ' +
    'tell explain explained say said note noted found find see know think let feel free ask asked clarify details detail ' +
    'here points point key main findings mention mentioned mentions state states stated describe describes described ' +
    'list listed show shows shown look looking check need needs further additional assist assistance please thanks thank ' +
    'sure certainly course unfortunately review reviewed read provide provides able unable specific specifically regarding ' +
    'topic request requested relevant explanation understanding understand hopefully questions anything fact facts citation citations bibliography'
  ).split(' '),
);
/** Czech meta words by unambiguous stem (diacritics folded). */
const META_STEMS_CS = [
  'dokument', 'kontext', 'zdroj', 'informac', 'poskytnut', 'uveden', 'zaklad', 'nasleduj', 'shrn', 'odpoved', 'otazk',
  'dotaz', 'pomoh', 'pomuz', 'pomoc', 'doufam', 'vysvetl', 'nalezen', 'nasel', 'nasla', 'najdete', 'najit', 'myslit',
  'myslite', 'podrobnost', 'vynat', 'rici', 'rict', 'uvest', 'uvadi', 'prehled', 'dozvedet', 'zeptat', 'nevahejte',
  'klicov', 'zminen', 'popsan', 'citac',
];
/** Czech meta words that would clash with English words as stems ("body", "radiation", "textile"). */
const META_EXACT_CS = new Set(
  'zde tady nize vyse bod bodu bodech hlavni rad rada radi text textu textech texty material materialu materialy ptat'.split(' '),
);

const META_STEM_RE = new RegExp(`^(?:${META_STEMS_CS.join('|')})`);

function isMetaWord(folded: string): boolean {
  return META_WORDS_EN.has(folded) || META_EXACT_CS.has(folded) || META_STEM_RE.test(folded);
}

/**
 * True when a sentence only talks about the answer itself: it has at least one word about the
 * documents or the conversation, no number, no capitalised name inside the sentence, and no other
 * content word — or at most two for an introduction ending with ':'.
 */
export function isMeta(text: string, _lang: Language): boolean {
  const trimmed = text.trim();
  // Talk about the answer is short; long sentences always carry content.
  if (trimmed === '' || trimmed.length > 200 || /\d/.test(trimmed)) return false;
  const intro = trimmed.endsWith(':');
  let metaCount = 0;
  let content = 0;
  let i = -1;
  const n = trimmed.length;
  let k = 0;
  while (k < n) {
    while (k < n && !isLetterCode(trimmed.charCodeAt(k))) k++;
    if (k >= n) break;
    const from = k;
    while (k < n) {
      const c = trimmed.charCodeAt(k);
      if (isLetterCode(c)) k++;
      else if ((c === 0x27 || c === 0x2019) && isLetterCode(trimmed.charCodeAt(k + 1))) k += 2;
      else break;
    }
    i++;
    const tok = trimmed.slice(from, k);
    const folded = foldWord(tok);
    // Meta words first: some are stopwords too ("here", "below"), and still say what follows.
    if (isMetaWord(folded)) {
      metaCount++;
      continue;
    }
    if (STOPWORDS.has(folded)) continue;
    if (i > 0 && tok[0] !== tok[0]?.toLowerCase()) return false; // a name
    content++;
    if (content > 2) return false;
  }
  if (metaCount === 0) return false;
  return content === 0 || (intro && content <= 2);
}

// "The provided documents do not mention the price." / "V kontextu nejsou informace o ceně.":
// the answer says what its sources lack. The sources must be named as the retrieval context (the
// documents, the context, the provided texts) and the denial must be about them ("the sources do
// not say", "no information … in the context", "I could not find … in the documents"), not a
// fact that merely mentions them ("According to the documents, no country bans it."); the
// sentence must not go on to state a fact of its own ("…, but it costs 20 euros") or hold a number.
const SRC_EN =
  '(?:(?:the|these|those|this|your|my)\\s+(?:(?:provided|given|retrieved|available|supplied|attached|above|following|shared)\\s+)?(?:documents?|documentation|context|sources?|search results|excerpts?|passages?|snippets?|texts?|materials?)|(?:provided|given|retrieved|available|supplied|attached)\\s+(?:documents?|documentation|context|sources?|search results|excerpts?|passages?|snippets?|texts?|information|materials?|data))';
const NOT_EN = "(?:\\s*n['’]t|\\s+not)";
const ABSENCE_EN: RegExp[] = [
  // "the provided documents do not mention", "the sources don't say"
  new RegExp(`\\b${SRC_EN}\\s+(?:\\w+\\s+)?(?:do|does|did)${NOT_EN}\\s+(?:\\w+\\s+)?(?:mention|contain|say|state|specify|provide|include|discuss|cover|address|describe|give|offer|list|explain|indicate|talk|reference|detail)`, 'i'),
  // "the context lacks", "the documents say nothing about"
  new RegExp(`\\b${SRC_EN}\\s+(?:\\w+\\s+)?(?:lacks?|(?:contains?|mentions?|says?|provides?|gives?|includes?|offers?)\\s+(?:no|nothing))\\b`, 'i'),
  // "X is not mentioned in the provided documents"
  new RegExp(`\\b(?:is|are|was|were)${NOT_EN}\\s+(?:\\w+\\s+)?(?:mentioned|specified|provided|given|stated|available|covered|included|discussed|described|found|addressed|listed)\\s+(?:\\w+\\s+){0,2}?(?:in|by|within)\\s+${SRC_EN}`, 'i'),
  // "There is no information about X in the provided context"
  new RegExp(`\\bno\\s+(?:\\w+\\s+){0,2}?(?:information|details?|data|mention|indication|references?)\\b.*\\b${SRC_EN}`, 'i'),
  // "I could not find any information about X in the documents"
  new RegExp(`\\bI\\s+(?:could|can|did|was|am)${NOT_EN}\\s+(?:be able to\\s+|able to\\s+)?(?:find|locate|see|identify|determine)\\b.*\\b${SRC_EN}`, 'i'),
];
const SRC_CS = '(?:(?:poskytnut|dostupn|dodan|uveden|přiložen)\\p{L}*\\s+(?:dokument|zdroj|text|materiál|podklad|pasáž|úryvk|informac)\\p{L}*|dokument(?:y|ech|u|ů|ace|aci)|zdroj(?:e|ích|ů)|kontext(?:u|em)?|podklad(?:y|ech|ů))';
const ABSENCE_CS: RegExp[] = [
  // "dokumenty neuvádějí", "kontext neobsahuje", "zdroje o tom nic neříkají"
  new RegExp(`(?:^|[^\\p{L}])${SRC_CS}\\s+(?:\\p{L}+\\s+){0,3}?(?:neuvád|neobsah|nezmi|nezmí|neřík|nepopis|nespecifik|neposkyt|nepojedn|neřeš)\\p{L}*`, 'iu'),
  // "v kontextu nejsou informace", "v dokumentech není uvedeno"
  new RegExp(`(?:^|[^\\p{L}])(?:nejsou|není|nebyl\\p{L}*)\\s+(?:\\p{L}+\\s+){0,2}?(?:uveden|zmíněn|popsán|specifikován|k dispozici|informac|údaj|zmínk)\\p{L}*`, 'iu'),
  // "žádné informace o …"
  new RegExp(`(?:^|[^\\p{L}])(?:žádn\\p{L}*|nic)\\s+(?:\\p{L}+\\s+)?(?:informac|údaj|zmínk|uveden)\\p{L}*`, 'iu'),
  // "nepodařilo se mi najít", "nenašel jsem"
  new RegExp(`(?:^|[^\\p{L}])(?:nepodařilo se (?:mi )?(?:najít|dohledat|zjistit)|nenaš(?:el|la|li)|nenalezl\\p{L}*)`, 'iu'),
];
const SRC_CS_RE = new RegExp(`(?:^|[^\\p{L}])${SRC_CS}(?![\\p{L}])`, 'iu');
/** A word every source pattern above needs (a cheap first test: most claims have none). */
const ABSENCE_NAMES_SOURCES = /document|context|source|result|excerpt|passage|snippet|text|material|information|data|zdroj|podklad|pasáž|úryvk|informac|kontext|dokument|materiál/i;
/** A denial every pattern needs: not / no / nothing / n't / lack, Czech ne…, žádn…, nic. */
const ABSENCE_DENIES = /\bno(?:t|thing)?\b|n['’]t\b|\blacks?\b|(?:^|[\s(„"'])(?:ne|žádn|nic)/i;
const ABSENCE_GOES_ON = /,\s*(?:but|however|though|yet|ale|avšak|však|přesto|nicméně)(?![\p{L}])|;\s*\S|\b(?:however|nevertheless)\b/iu;

/** True when a sentence only says that the provided sources do not contain something. */
export function isAbsence(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 220 || /\d/.test(t) || !ABSENCE_NAMES_SOURCES.test(t) || !ABSENCE_DENIES.test(t) || ABSENCE_GOES_ON.test(t)) return false;
  if (ABSENCE_EN.some((re) => re.test(t))) return true;
  return SRC_CS_RE.test(t) && ABSENCE_CS.some((re) => re.test(t));
}

/**
 * Letters by code: ASCII letters and everything from U+00C0 to U+1FFF except × and ÷ (Latin
 * with diacritics, Greek, Cyrillic, …). A fast stand-in for \p{L} in hot loops.
 */
function isLetterCode(c: number): boolean {
  const low = c | 0x20;
  if (low >= 0x61 && low <= 0x7a) return true;
  return c >= 0xc0 && c < 0x2000 && c !== 0xd7 && c !== 0xf7;
}

// ---------------------------------------------------------------------------------------------

function isSpaceChar(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\u00a0' || c === '\f' || c === '\v' || c === '\u2028' || c === '\u2029';
}

/** isSpaceChar by code (NaN, past the end, is not a space). */
function isSpaceCode(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x2028 || c === 0x2029;
}

function isSpace(s: string, k: number): boolean {
  return isSpaceCode(s.charCodeAt(k));
}

/** End of a span without trailing spaces, tags or Markdown syntax (trailing markers are kept). */
function trimEndIdx(ctx: Ctx, a: number, b: number): number {
  let e = b;
  while (e > a && (isSpace(ctx.s, e - 1) || ctx.flags[e - 1] === TAG || ctx.flags[e - 1] === STRIP)) e--;
  return e;
}
