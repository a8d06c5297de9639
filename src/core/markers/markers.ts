// Finds the inline citation markers of an answer (SPEC §3) with exact spans.
//
// One hand-written left-to-right scan: every candidate start character ('[', '\', '【', '<', '`')
// looks ahead a bounded number of characters, so the scan is linear in the answer length and no
// regular expression can backtrack catastrophically. Only the answer is ever scanned; marker-like
// text inside chunks ([233], [Fe/H]) is never looked at here.
//
// Decisions worth knowing (also in docs/formats.md):
// - `[1][2]` is two markers; `[1, 2]` and `[1-3]` are one marker with several refs (ranges are
//   expanded, both ends inclusive; en/em dashes count as hyphens).
// - A non-numeric bracket is a marker only when its content is a known chunk id (opts.chunkIds)
//   or has an id shape: letters, at most one separator (space _ - : # ., the last three perhaps
//   spaced), digits, optionally more `_part`s (doc1, chunk_7, source-3, S3, passage 2, Source: 1,
//   Doc. 3, Sb_2016_263_L3_59); `[Sources: 1, 2]` and `[docs 1-3]` are one such ref per number.
//   `[Fe/H]`, `[sic]`, `[Note]`, `[citation needed]` are prose.
// - Markdown links `[text](url)` and images are not markers, except a link whose text is a
//   citation number (`[1](https://…)`, as search engines write them), which is a bracket_number
//   marker spanning the whole link.
// - `- [ ]` / `- [x]` at the start of a list item are task boxes, not markers; `[ ]` and `[]`
//   anywhere else are malformed markers.
// - `[^1]: target` and `[1]: target` at the start of a line are definitions, not markers; they
//   are returned in footnoteDefinitions (kind 'footnote' / 'link').
// - LongCite: each `[s-e]` inside `<cite>…</cite>` is one 'longcite' marker (inclusive range).
//   An empty `<cite></cite>` is not a marker: the answer states that the statement needs no
//   citation; it is returned in emptyCites.
// - Inline code spans and fenced code blocks are skipped (code is not citing anything), and so
//   are brackets inside a URL (`?tag[1]=x`, `<https://x.org/a[2]>`); a bracket that closes a bare
//   URL (`…/page[1] `) is a marker glued to it.
// - OpenAI file search's 【4:0†report.pdf】 refers to the file named after †.
import type { CitationMarker, CitationStyle } from '../types';
import { parseNumberList, type NumberList } from './numberList';
import { referenceList, type FootnoteDefinition } from './referenceList';
import { withoutProseBrackets } from './proseBrackets';

export type { FootnoteDefinition } from './referenceList';


/** An empty LongCite `<cite></cite>`: the answer's own statement that no citation is needed. */
export interface EmptyCite {
  start: number;
  end: number;
  text: string;
}

export interface MarkerScan {
  markers: CitationMarker[];
  footnoteDefinitions: FootnoteDefinition[];
  emptyCites: EmptyCite[];
}

export interface FindMarkersOptions {
  /** Chunk ids of the case: a bracket holding one of them is a marker whatever its shape. */
  chunkIds?: readonly string[];
}

/** Longest bracket content looked at; longer bracketed text is prose. */
const MAX_BRACKET = 120;
/** Longest \cite{...} argument looked at before calling it unclosed. */
const MAX_CITE = 400;
/** Longest <cite>…</cite> content looked at. */
const MAX_LONGCITE = 4000;
/**
 * Words that open the bracketed annotations of bibliography styles (IEEE `[Online]`,
 * `[Accessed: 22-Oct-2021]`, Vancouver `[Internet]`, `[cited 2021 Oct 22]`, `[PDF]`, `[Video]`);
 * such a bracket is text unless it is a chunk id of the case.
 */
const BIBLIO_WORD =
  /^(?:accessed|retrieved|cited|viewed|visited|updated|last updated|downloaded|online|internet|pdf|video|audio|podcast|abstract|preprint|dataset|software|computer software|e-?book|ebook|microfilm|cd-rom|dvd|blog|tweet|slides|poster|thesis|dissertation|in press|translated|trans|version|ver|edition|ed|revised|rev|archived|navštíveno|citováno|cit|online dokument|přístup)(?![\p{L}\p{N}_-])/iu;
const ID_SHAPE = /^\p{L}{1,24}(?: ?[:#.] ?|[ _-])?\d{1,7}(?:[_\-.:][\p{L}\d]+)*$/u;
/** "[Sources: 1, 2]", "[docs 1-3]": a source word before a number list; each number keeps the word. */
const LABELLED_LIST = /^(\p{L}{1,24})(?: ?[:#.] ?| )(\d.*)$/u;
const LIST_LABELS = new Set(
  'source sources doc docs document documents ref refs reference references chunk chunks passage passages context contexts result results zdroj zdroje dokument dokumenty'.split(' '),
);
/** The singular a plural label takes for each of its numbers ("Sources: 1, 2" → "Source 1", "Source 2"). */
function singularLabel(label: string): string {
  const low = label.toLowerCase();
  if (low === 'zdroje') return label.slice(0, -1);
  if (low === 'dokumenty') return label.slice(0, -1);
  return low.endsWith('s') ? label.slice(0, -1) : label;
}

const CH_LBRACKET = 0x5b;
const CH_RBRACKET = 0x5d;
const CH_BACKSLASH = 0x5c;
const CH_LT = 0x3c;
const CH_NL = 0x0a;
const CH_FW_OPEN = 0x3010; // 【
const CH_FW_CLOSE = 0x3011; // 】
const CH_DAGGER = 0x2020; // †

export function findMarkers(answer: string, opts: FindMarkersOptions = {}): MarkerScan {
  const s = typeof answer === 'string' ? answer : '';
  const known = knownIdSets(opts.chunkIds);
  const markers: CitationMarker[] = [];
  const footnoteDefinitions: FootnoteDefinition[] = [];
  const emptyCites: EmptyCite[] = [];

  const add = (start: number, end: number, style: CitationStyle, refs: string[], malformed?: string): void => {
    const m: CitationMarker = { index: markers.length, text: s.slice(start, end), start, end, style, refs };
    if (malformed) m.malformed = malformed;
    markers.push(m);
  };

  // The regex engine finds the next candidate character much faster than a charCodeAt loop.
  const candidates = /[[\\\u3010<`~]/g;
  const urls = s.includes('://') ? urlSpans(s) : [];
  let u = 0;
  let i = 0;
  for (;;) {
    candidates.lastIndex = i;
    const found = candidates.exec(s);
    if (!found) break;
    i = found.index;
    const c = s.charCodeAt(i);
    while (u < urls.length && urls[u]!.end <= i) u++;
    const url = u < urls.length && urls[u]!.start <= i ? urls[u] : undefined;
    if (url && c !== CH_LT && insideUrl(s, i, url)) {
      i++;
      continue;
    }
    if (c === CH_LBRACKET) i = scanBracket(s, i, known, add, footnoteDefinitions);
    else if (c === CH_BACKSLASH) i = scanLatex(s, i, add);
    else if (c === CH_FW_OPEN) i = scanFullwidth(s, i, add);
    else if (c === CH_LT) i = scanLongCite(s, i, add, emptyCites);
    else i = skipCode(s, i);
  }
  const cited = withoutProseBrackets(markers, opts.chunkIds);
  const refs = referenceList(s, cited, footnoteDefinitions);
  if (refs) {
    const kept = cited.filter((m) => m.start < refs.start);
    kept.forEach((m, k) => (m.index = k));
    footnoteDefinitions.push(...refs.defs);
    footnoteDefinitions.sort((a, b) => a.start - b.start);
    return { markers: kept, footnoteDefinitions, emptyCites };
  }
  return { markers: cited, footnoteDefinitions, emptyCites };
}

// ---------------------------------------------------------------------------------------------
// URLs: brackets inside them are part of the address (`?tag[0]=x`, `<https://x.org/a[2]>`).

interface UrlSpan {
  start: number;
  end: number;
  /** Written as an autolink `<https://…>`: everything up to `>` is the address. */
  angled: boolean;
}

const URL_RE = /<?\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s<>"'`]+>?/gi;
const URL_TRAILING = /[.,;:!?)'"*_]+$/;

function urlSpans(s: string): UrlSpan[] {
  const out: UrlSpan[] = [];
  URL_RE.lastIndex = 0;
  for (let m = URL_RE.exec(s); m; m = URL_RE.exec(s)) {
    const t = m[0];
    const angled = t.startsWith('<') && t.endsWith('>');
    const body = angled ? t : t.replace(/^</, '').replace(URL_TRAILING, '');
    const start = angled ? m.index : m.index + (t.startsWith('<') ? 1 : 0);
    out.push({ start, end: start + body.length, angled });
  }
  return out;
}

/**
 * Whether the candidate at i belongs to the URL: always inside an autolink; else a bracket that
 * the address goes on after (`ref[1]=x`). A bracket closing the address (`…/page[1] `) is the
 * answer's citation glued to a bare URL.
 */
function insideUrl(s: string, i: number, url: UrlSpan): boolean {
  if (url.angled) return true;
  if (s.charCodeAt(i) !== CH_LBRACKET) return false;
  // Past the address a ']' no longer matters (and searching on would go to the end every time).
  const close = indexWithin(s, ']', i, url.end);
  if (close < 0 || close + 1 >= url.end) return false;
  // `…/page[1][2]`: only more brackets follow, so these are markers too.
  return !/^(?:\[[^\]\s]*\])+$/.test(s.slice(close + 1, url.end));
}

type AddMarker = (start: number, end: number, style: CitationStyle, refs: string[], malformed?: string) => void;

interface KnownIds {
  exact: Set<string>;
  /** Folded forms (foldId), built on first need: most answers have no non-numeric brackets. */
  folded: () => Set<string>;
}

function knownIdSets(ids: readonly string[] | undefined): KnownIds {
  const exact = new Set<string>();
  if (Array.isArray(ids)) {
    for (const id of ids) {
      if (typeof id !== 'string' || id.trim() === '') continue;
      exact.add(id);
    }
  }
  let folded: Set<string> | undefined;
  return {
    exact,
    folded: () => {
      if (!folded) {
        folded = new Set<string>();
        for (const id of exact) folded.add(foldId(id));
      }
      return folded;
    },
  };
}

const SPACE_RUNS = /\s+/g;

function foldId(id: string): string {
  return id.trim().replace(SPACE_RUNS, ' ').toLowerCase();
}

/** True when position i is at the start of a line, allowing up to 3 spaces of indentation. */
function atLineStart(s: string, i: number): boolean {
  let k = i - 1;
  let spaces = 0;
  while (k >= 0 && (s[k] === ' ' || s[k] === '\t') && spaces < 4) {
    k--;
    spaces++;
  }
  return k < 0 || s[k] === '\n' || (s[k] === '\r' && spaces < 4);
}

/** True when the bracket at i directly follows a list bullet that opens its line (task box). */
function afterListBullet(s: string, i: number): boolean {
  let k = i - 1;
  if (k < 0 || (s[k] !== ' ' && s[k] !== '\t')) return false;
  while (k >= 0 && (s[k] === ' ' || s[k] === '\t')) k--;
  if (k < 0) return false;
  const b = s[k];
  if (b === '-' || b === '*' || b === '+' || b === '•') {
    k--;
  } else if (b === '.' || b === ')') {
    k--;
    let digits = 0;
    while (k >= 0 && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57 && digits < 4) {
      k--;
      digits++;
    }
    if (digits === 0) return false;
  } else {
    return false;
  }
  let indent = 0;
  while (k >= 0 && (s[k] === ' ' || s[k] === '\t' || s[k] === '>') && indent < 12) {
    k--;
    indent++;
  }
  return k < 0 || s[k] === '\n' || s[k] === '\r';
}

/** s.indexOf(ch, from) when the hit is before limit, else -1; never looks at limit or beyond. */
function indexWithin(s: string, ch: string, from: number, limit: number): number {
  const code = ch.charCodeAt(0);
  const end = Math.min(s.length, limit);
  for (let k = Math.max(0, from); k < end; k++) if (s.charCodeAt(k) === code) return k;
  return -1;
}

function lineEnd(s: string, from: number): number {
  const nl = s.indexOf('\n', from);
  return nl < 0 ? s.length : nl;
}

function trimEndIndex(s: string, start: number, end: number): number {
  let e = end;
  while (e > start && /\s/.test(s[e - 1] ?? '')) e--;
  return e;
}

// ---------------------------------------------------------------------------------------------
// [ ... ]

/**
 * The index of the `close` that ends the bracket opened at i, on the same line, with no other
 * `open` before it and at most MAX_BRACKET characters inside; -1 when there is none.
 */
function closingBracket(s: string, i: number, open: number, close: number): number {
  const limit = Math.min(s.length, i + 1 + MAX_BRACKET);
  let j = i + 1;
  while (j < limit) {
    const c = s.charCodeAt(j);
    if (c === close || c === open || c === CH_NL) break;
    j++;
  }
  return j < s.length && s.charCodeAt(j) === close ? j : -1;
}

function scanBracket(s: string, i: number, known: KnownIds, add: AddMarker, defs: FootnoteDefinition[]): number {
  if (s[i + 1] === '^') return scanFootnote(s, i, add, defs);

  const j = closingBracket(s, i, CH_LBRACKET, CH_RBRACKET);
  if (j < 0) return i + 1;
  const content = s.slice(i + 1, j);
  const end = j + 1;
  const next = s[end];

  // Images never cite; links cite only when their text is a citation number.
  if (next === '(') {
    if (s[i - 1] === '!') return end;
    const num = parseNumberList(content);
    if (num && !num.malformed) {
      const close = findLinkClose(s, end);
      if (close > 0) {
        add(i, close, 'bracket_number', num.refs);
        return close;
      }
    }
    return end;
  }

  // `[1]: https://…` at the start of a line defines a reference; it is not one.
  if (next === ':' && content.trim() !== '' && atLineStart(s, i)) {
    const le = lineEnd(s, end);
    const te = trimEndIndex(s, end + 1, le);
    defs.push({ label: content.trim(), target: s.slice(end + 1, te).trim(), start: i, end: te, kind: 'link' });
    return le;
  }

  if ((content === ' ' || content === 'x' || content === 'X') && afterListBullet(s, i)) return end;

  if (content.trim() === '') {
    add(i, end, 'bracket_number', [], content === '' ? 'empty brackets []' : 'empty brackets [ ]');
    return end;
  }

  const num = parseNumberList(content);
  if (num) {
    add(i, end, 'bracket_number', num.refs, num.malformed);
    return end;
  }

  const ids = bracketIds(content, known);
  if (ids) {
    add(i, end, 'bracket_id', ids);
    return end;
  }
  return i + 1;
}

/** The ids in a non-numeric bracket, or null when it is prose. */
function bracketIds(content: string, known: KnownIds): string[] | null {
  const whole = content.trim();
  if (isKnown(whole, known)) return [whole];
  const labelled = LABELLED_LIST.exec(whole);
  if (labelled && LIST_LABELS.has(labelled[1]!.toLowerCase())) {
    const nums = parseNumberList(labelled[2]!);
    if (nums && !nums.malformed && nums.refs.length > 1) return nums.refs.map((n) => `${singularLabel(labelled[1]!)} ${n}`);
  }
  // "[Accessed: 22-Oct-2021]", "[Updated 2020]": a reference string's annotation, not a source id.
  if (BIBLIO_WORD.test(whole)) return null;
  const parts = whole.split(/[,;]/).map((p) => p.trim());
  if (parts.some((p) => p === '')) return null;
  for (const p of parts) {
    if (!isKnown(p, known) && !ID_SHAPE.test(p)) return null;
  }
  return parts;
}

function isKnown(id: string, known: KnownIds): boolean {
  return known.exact.has(id) || known.folded().has(foldId(id));
}

/** End (exclusive) of a Markdown link's `(url)` starting at `(`, or -1. */
function findLinkClose(s: string, open: number): number {
  const limit = Math.min(s.length, open + 2048);
  let depth = 0;
  for (let k = open; k < limit; k++) {
    const c = s[k];
    if (c === '\n') return -1;
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return k + 1;
    }
  }
  return -1;
}

function scanFootnote(s: string, i: number, add: AddMarker, defs: FootnoteDefinition[]): number {
  const n = s.length;
  let j = i + 2;
  const limit = Math.min(n, i + 2 + MAX_BRACKET);
  while (j < limit) {
    const c = s[j];
    if (c === ']' || c === '[' || c === '\n' || c === ' ' || c === '\t' || c === '\r') break;
    j++;
  }
  if (j >= n || s[j] !== ']') return i + 1;
  const label = s.slice(i + 2, j);
  const end = j + 1;
  if (s[end] === ':' && atLineStart(s, i)) {
    const le = lineEnd(s, end);
    const te = trimEndIndex(s, end + 1, le);
    defs.push({ label, target: s.slice(end + 1, te).trim(), start: i, end: te, kind: 'footnote' });
    return le;
  }
  if (label === '') add(i, end, 'footnote', [], 'empty footnote label [^]');
  else add(i, end, 'footnote', [label]);
  return end;
}

// ---------------------------------------------------------------------------------------------
// \cite{a,b} and its natbib/biblatex relatives (\citep, \citet, \parencite, \autocite, ...)

function scanLatex(s: string, i: number, add: AddMarker): number {
  const n = s.length;
  let k = i + 1;
  if (s[k] === '\\') return i + 2;
  while (k < n && k - i <= 20 && /[A-Za-z]/.test(s[k] ?? '')) k++;
  const name = s.slice(i + 1, k);
  if (name === '' || !/cite/i.test(name) || name.length > 16) return k > i + 1 ? k : i + 1;
  if (s[k] === '*') k++;
  // Optional arguments: \cite[p. 3]{x}, \parencite[see][12]{x}.
  for (let opt = 0; opt < 2 && s[k] === '['; opt++) {
    const close = indexWithin(s, ']', k, k + 81);
    if (close < 0 || close - k > 80 || s.slice(k, close).includes('\n')) break;
    k = close + 1;
  }
  if (s[k] !== '{') {
    add(i, k, 'latex_cite', [], `missing {…} after \\${name}`);
    return k;
  }
  const open = k;
  let j = open + 1;
  const limit = Math.min(n, open + 1 + MAX_CITE);
  while (j < limit) {
    const c = s[j];
    if (c === '}' || c === '{' || c === '\n' || c === '\\') break;
    j++;
  }
  if (j < n && s[j] === '}') {
    const content = s.slice(open + 1, j);
    const parts = content.split(',').map((p) => p.trim());
    const refs = parts.filter((p) => p !== '');
    let malformed: string | undefined;
    if (refs.length === 0) malformed = `empty \\${name}{}`;
    else if (refs.length < parts.length) malformed = `empty id in \\${name}{…}`;
    add(i, j + 1, 'latex_cite', refs, malformed);
    return j + 1;
  }
  // Unclosed: take the first id-like run as the reference and stop there.
  let e = open + 1;
  while (e < n && e - open <= MAX_CITE && !/[\s{}\\,]/.test(s[e] ?? '')) e++;
  const ref = s.slice(open + 1, e);
  add(i, e, 'latex_cite', ref ? [ref] : [], `unclosed \\${name}{`);
  return e;
}

// ---------------------------------------------------------------------------------------------
// 【1】, 【1†source】, 【3:0†source】

function scanFullwidth(s: string, i: number, add: AddMarker): number {
  const j = closingBracket(s, i, CH_FW_OPEN, CH_FW_CLOSE);
  if (j < 0) return i + 1;
  const content = s.slice(i + 1, j);
  const end = j + 1;
  const dagger = content.indexOf(String.fromCharCode(CH_DAGGER));
  const refPart = (dagger >= 0 ? content.slice(0, dagger) : content).trim();
  if (refPart === '') {
    add(i, end, 'fullwidth', [], dagger >= 0 ? 'no reference before † in 【】' : 'empty 【】');
    return end;
  }
  const num = parseNumberList(refPart);
  if (num) {
    add(i, end, 'fullwidth', num.refs, num.malformed);
    return end;
  }
  // OpenAI file search writes 【message:result†file name】: the file name names the source; the
  // pair of numbers indexes the tool's own results, which the pasted chunks need not mirror.
  const label = dagger >= 0 ? content.slice(dagger + 1).trim() : '';
  if (/^\d+:\d+$/.test(refPart) && label !== '' && !/^sources?$/i.test(label)) add(i, end, 'fullwidth', [label]);
  else add(i, end, 'fullwidth', refPart.split(/[,;]/).map((p) => p.trim()).filter((p) => p !== ''));
  return end;
}

// ---------------------------------------------------------------------------------------------
// LongCite <cite>[s-e][s2-e2]</cite>

function scanLongCite(s: string, i: number, add: AddMarker, emptyCites: EmptyCite[]): number {
  if (!s.startsWith('<cite>', i)) return i + 1;
  const n = s.length;
  const from = i + 6;
  let j = from;
  const limit = Math.min(n, from + MAX_LONGCITE);
  while (j < limit && s.charCodeAt(j) !== CH_LT) j++;
  const closed = j < n && s.startsWith('</cite>', j);
  if (!closed) {
    // The line ends before j or j ends it: look no further than j (an unclosed <cite> must not
    // search a long line to its end).
    let le = from;
    while (le < j && s.charCodeAt(le) !== CH_NL) le++;
    const e = trimEndIndex(s, from, le);
    add(i, Math.max(e, from), 'longcite', parseRanges(s, from, e).refs, 'unclosed <cite>');
    return Math.max(e, from);
  }
  const close = j + 7;
  if (s.slice(from, j).trim() === '') {
    emptyCites.push({ start: i, end: close, text: s.slice(i, close) });
    return close;
  }
  let k = from;
  while (k < j) {
    const c = s[k];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === ';') {
      k++;
      continue;
    }
    if (c === '[') {
      const rb = s.indexOf(']', k);
      if (rb > k && rb < j) {
        const inner = s.slice(k + 1, rb);
        const range = parseLongCiteRange(inner);
        if (range) {
          add(k, rb + 1, 'longcite', range.refs, range.malformed);
          k = rb + 1;
          continue;
        }
      }
    }
    const e = trimEndIndex(s, k, j);
    add(k, e, 'longcite', [], 'unreadable <cite> content (expected [start-end] ranges)');
    break;
  }
  return close;
}

function parseRanges(s: string, from: number, to: number): NumberList {
  const refs: string[] = [];
  const re = /\[([^\]\n]{0,40})\]/g;
  const text = s.slice(from, to);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const r = parseLongCiteRange(m[1] ?? '');
    if (r) refs.push(...r.refs);
  }
  return { refs };
}

/** "10-10", "6-7" (inclusive) or a single "4". */
function parseLongCiteRange(inner: string): NumberList | null {
  const parsed = parseNumberList(inner);
  if (!parsed) return null;
  if (/[,;]/.test(inner)) return { refs: parsed.refs, malformed: 'LongCite ranges are written [start-end], one per bracket' };
  return parsed;
}

// ---------------------------------------------------------------------------------------------
// Code: ``` / ~~~ fenced blocks and `inline code` are skipped.

function skipCode(s: string, i: number): number {
  const n = s.length;
  const ch = s[i];
  let run = i;
  while (run < n && s[run] === ch) run++;
  const len = run - i;
  if (len >= 3 && atLineStart(s, i)) {
    // Fenced block: ends at a line that starts with at least as many fence characters.
    let pos = lineEnd(s, run);
    while (pos < n) {
      const ls = pos + 1;
      let k = ls;
      while (k < n && k - ls < 4 && s[k] === ' ') k++;
      let r = k;
      while (r < n && s[r] === ch) r++;
      if (r - k >= len) return lineEnd(s, r);
      pos = lineEnd(s, ls);
    }
    return n;
  }
  if (ch !== '`') return run;
  // Inline code: up to the next backtick on the same line.
  for (let k = run; k < n; k++) {
    const c = s[k];
    if (c === '\n') return run;
    if (c === '`') {
      let e = k;
      while (e < n && s[e] === '`') e++;
      return e;
    }
  }
  return run;
}
