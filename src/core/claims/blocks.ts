// Markdown blocks of an answer (headings, list items, table rows, paragraphs; fences, breaks and
// definition lines skipped) and the sentences inside each block: segmentation, an introduction
// cut from the sentence it opens, and cited comma lists split into one item per entry.
import { draft, MARKER, plainEnd, setFlags, STRIP, TAG, PLAIN, trimEndIdx, type Ctx, type Draft, type DraftKind } from './context';
import { isMeta } from './exemptions';
import { wordsOf } from '../text/language';
import { sentenceRanges, shouldMerge } from './sentences';
import { isSpace } from '../text/text';
import type { Language } from '../types';

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

export function splitRegion(ctx: Ctx, from: number, to: number): void {
  const { s } = ctx;
  const st: { cur: Block | null } = { cur: null };
  let fence: string | null = null;
  const flush = (): void => {
    if (st.cur) segmentBlock(ctx, st.cur);
    st.cur = null;
  };

  // Line by line: a line's case ends its turn with `continue`; the next line starts at `next`.
  let next: number;
  for (let pos = from; pos < to; pos = next) {
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
      setFlags(ctx, qs, c, STRIP);
      while (c < lineEnd && (s[c] === ' ' || s[c] === '\t')) c++;
    }
    const line = s.slice(c, lineEnd);
    next = le + 1;

    if (fence !== null) {
      if (line.startsWith(fence)) fence = null;
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      flush();
      fence = fenceMatch[1] ?? '```';
      continue;
    }
    if (isDefinitionLine(ctx, c, lineEnd, line, indent)) {
      flush();
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
      continue;
    }
    const curBlock = st.cur;
    if (curBlock && curBlock.kind === 'paragraph' && curBlock.lines === 1 && SETEXT.test(line)) {
      // "Title\n=====": the paragraph was a heading.
      const b = trimEndIdx(ctx, curBlock.start, curBlock.end);
      pushDraft(ctx, curBlock.start, b, 'heading', ++ctx.block);
      st.cur = null;
      continue;
    }
    if (THEMATIC.test(line)) {
      flush();
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      if (!TABLE_SEPARATOR.test(line)) {
        const nextLine = next < to ? s.slice(next, Math.min(to, lineEndOf(s, next))).trim() : '';
        const isHeader = nextLine.startsWith('|') && TABLE_SEPARATOR.test(nextLine);
        pushDraft(ctx, c, trimEndIdx(ctx, c, lineEnd), isHeader ? 'heading' : 'list_item', ++ctx.block);
      }
      continue;
    }
    const glued = gluedListNumber(ctx, c, lineEnd, flush);
    if (glued) {
      st.cur = { kind: 'list_item', start: glued, end: lineEnd, lines: 1 };
      continue;
    }
    const bullet = LIST_BULLET.exec(line);
    if (bullet) {
      flush();
      let a = c + bullet[0].length;
      const box = TASK_BOX.exec(s.slice(a, Math.min(lineEnd, a + 8)));
      if (box) a += box[0].length;
      st.cur = { kind: 'list_item', start: a, end: lineEnd, lines: 1 };
      continue;
    }
    if (BOLD_LINE.test(line.trim()) && !/[.!?]\s*(?:\*\*|__)\s*:?\s*$/.test(line.trim())) {
      flush();
      pushDraft(ctx, c, trimEndIdx(ctx, c, lineEnd), 'heading', ++ctx.block);
      continue;
    }
    if (st.cur) {
      st.cur.end = lineEnd;
      st.cur.lines++;
    } else {
      st.cur = { kind: 'paragraph', start: c, end: lineEnd, lines: 1 };
    }
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
  setFlags(ctx, c, numEnd + (dotBefore ? 1 : 0), STRIP);
  if (dotAfter) setFlags(ctx, markerEnd, markerEnd + 1, STRIP);
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
  const masked = maskedText(ctx, block.start, block.end);

  // Raw sentence ranges (relative), then merged where the segmenter cut too eagerly.
  const merged: [number, number][] = [];
  for (const r of sentenceRanges(masked, ctx.lang)) {
    const last = merged[merged.length - 1];
    // The ranges are this call's own: a merged one grows in place.
    if (last && shouldMerge(masked, last[0], last[1], r[1])) last[1] = r[1];
    else merged.push(r);
  }

  const pieces: [number, number][] = [];
  for (const r of merged) {
    const cut = metaIntroCut(masked, r[0], r[1], ctx.lang);
    if (cut) pieces.push([r[0], cut[0]], [cut[1], r[1]]);
    else pieces.push(r);
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

/** The block's text with everything not PLAIN (markers, tags, Markdown syntax) blanked out. */
function maskedText(ctx: Ctx, a: number, b: number): string {
  const { s, flags } = ctx;
  let out = '';
  let k = a;
  while (k < b) {
    const f = flags[k];
    let e = k + 1;
    if (f === PLAIN) e = plainEnd(ctx, e, b);
    else while (e < b && flags[e] === f) e++;
    out += f === PLAIN ? s.slice(k, e) : ' '.repeat(e - k);
    k = e;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// "Based on the documentation, I can explain why: You'll receive…" → intro + sentence

/** Where a meta introduction ends and the sentence after it starts, if [a, b) opens with one. */
function metaIntroCut(masked: string, a: number, b: number, lang: Language): [number, number] | undefined {
  // Only a short opening can be an introduction; never search further than that.
  const colon = masked.slice(a, Math.min(b, a + 220)).indexOf(':');
  if (colon < 0 || a + colon >= b - 1) return undefined;
  const text = masked.slice(a, b);
  const re = /:\s+(?=["“„'(]?[\p{Lu}\p{N}])/gu;
  const m = re.exec(text);
  if (!m) return undefined;
  const cut = m.index + 1;
  if (text.slice(cut).trim() === '') return undefined;
  if (!isMeta(text.slice(0, cut), lang)) return undefined;
  return [a + cut, a + m.index + m[0].length];
}

// ---------------------------------------------------------------------------------------------
// "Marazan [1], Stephen Morris [1], Beyond the Black Stump [2]." → one list item per entry

const MAX_ITEM_WORDS = 12;

function splitCitedEnumeration(ctx: Ctx, a: number, b: number): [number, number][] | null {
  const { s, flags } = ctx;
  // Fewer than 3 markers cannot make 3 groups: most sentences stop here.
  let markerRuns = 0;
  for (let k = plainEnd(ctx, a, b); k < b && markerRuns < 3; k = plainEnd(ctx, k + 1, b)) if (flags[k] === MARKER && (k === a || flags[k - 1] !== MARKER)) markerRuns++;
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
