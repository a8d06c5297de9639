// Text utilities for the local checks: normalisation with an offset map, quote search, bounded
// fuzzy matching, tokenisation for lexical overlap, and number extraction (en/cs formats).
// Pure TypeScript; every function accepts any string without throwing.
import type { Language } from './types';

// ---------------------------------------------------------------------------------------------
// Normalisation

export interface NormalizedText {
  /** NFKC, lower-cased, quotes/dashes unified, control chars and \r dropped, whitespace runs → one space. */
  text: string;
  /**
   * map[i] is the offset in the original string of the character that produced text[i];
   * map has text.length + 1 entries, the last one being the original length. Non-decreasing.
   * (A typed array of numbers: long chunks are mapped without boxing every offset.)
   */
  map: Int32Array;
  /** ends[i] is the exclusive end, in the original, of the unit that produced text[i]. */
  ends: Int32Array;
}

// Characters unified after NFKC and lower-casing. NFKC already turns … into "..." and most
// typographic spaces into U+0020; these are the ones it leaves alone.
const FOLD: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u02BC': "'", '`': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\uFE58': '-', '\uFE63': '-', '\u2026': '...', '\u00DF': 'ss', '\u03C2': '\u03C3',
};

// Dropped entirely: C0/C1 controls except tab/newline/vertical tab/form feed (those are
// whitespace), \r, soft hyphen, zero-width characters and the BOM. PDF extraction leaves these.
function isDropped(c: number): boolean {
  return (
    (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0b && c !== 0x0c) ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    (c >= 0x200b && c <= 0x200d) ||
    c === 0x2060 ||
    c === 0xfeff
  );
}

const WS_RE = /\s/;
const MARK_RE = /\p{M}/u;

function isSpaceCode(c: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0c);
  return WS_RE.test(String.fromCharCode(c));
}

/** Normalise for matching; see {@link NormalizedText}. Never throws. */
export function normalizeForMatch(s: string): NormalizedText {
  const n = s.length;
  // Typed buffers in plain locals (no closures over them: V8 then keeps them in registers);
  // NFKC can expand a character (ﬁ → fi, … → ...), so the buffers grow when needed.
  let buf = new NormBuffer(n + 16);
  let codes = buf.codes;
  let map = buf.map;
  let ends = buf.ends;
  let len = 0;
  let lastSpace = false;
  let surrogates = false;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && !(i + 1 < n && s.charCodeAt(i + 1) >= 0x300 && MARK_RE.test(s[i + 1]!))) {
      // ASCII fast path (not when a combining mark follows: "e" + U+0301 must compose).
      let out = -1;
      if (c === 0x20 || (c >= 0x09 && c <= 0x0c)) {
        if (!lastSpace) out = 0x20;
      } else if (!isDropped(c)) out = c >= 0x41 && c <= 0x5a ? c + 32 : c === 0x60 ? 0x27 : c;
      if (out >= 0) {
        if (len >= codes.length) {
          buf = buf.grown(len);
          ({ codes, map, ends } = buf);
        }
        codes[len] = out;
        map[len] = i;
        ends[len] = i + 1;
        len++;
        lastSpace = out === 0x20;
      }
      i++;
      continue;
    }
    // A unit is one code point plus any combining marks that follow it, so that NFKC can
    // compose "e" + U+0301 into "é" and the result maps back to the whole unit.
    const start = i;
    const cp = s.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    while (i < n) {
      const d = s.charCodeAt(i);
      if (d < 0x300) break;
      const next = s.codePointAt(i)!;
      const ch = String.fromCodePoint(next);
      if (!MARK_RE.test(ch)) break;
      i += ch.length;
    }
    if (i - start === 1 && isDropped(c)) continue;
    const folded = foldUnit(s.slice(start, i));
    for (let k = 0; k < folded.length; k++) {
      const code = folded.charCodeAt(k);
      if (code >= 0xd800 && code <= 0xdfff) surrogates = true;
      if (code === 0x20) {
        if (lastSpace) continue;
        lastSpace = true;
      } else lastSpace = false;
      if (len >= codes.length) {
        buf = buf.grown(len);
        ({ codes, map, ends } = buf);
      }
      codes[len] = code;
      map[len] = start;
      ends[len] = i;
      len++;
    }
  }
  map[len] = n;
  return { text: codesToString(codes, len, surrogates), map: map.subarray(0, len + 1), ends: ends.subarray(0, len) };
}

class NormBuffer {
  readonly codes: Uint16Array;
  readonly map: Int32Array;
  readonly ends: Int32Array;
  constructor(cap: number) {
    this.codes = new Uint16Array(cap);
    this.map = new Int32Array(cap + 1);
    this.ends = new Int32Array(cap);
  }
  grown(used: number): NormBuffer {
    const b = new NormBuffer(this.codes.length * 2);
    b.codes.set(this.codes.subarray(0, used));
    b.map.set(this.map.subarray(0, used));
    b.ends.set(this.ends.subarray(0, used));
    return b;
  }
}

/** One non-ASCII unit → its normalised text: NFKC, lower case, folds; spaces as U+0020, drops removed. */
function foldUnit(unit: string): string {
  let u = unit;
  try {
    u = u.normalize('NFKC');
  } catch {
    // Lone surrogates normalise fine in V8; keep the raw unit if an engine refuses.
  }
  u = u.toLowerCase();
  let out = '';
  for (const ch of u) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && isDropped(code)) continue;
    if (ch.length === 1 && isSpaceCode(code)) out += ' ';
    else out += FOLD[ch] ?? ch;
  }
  return out;
}

// TextDecoder turns the code buffer into a string natively; it would replace lone surrogates,
// so it is only used when there are none (String.fromCharCode keeps them).
const UTF16 = typeof TextDecoder === 'function' ? new TextDecoder('utf-16le') : undefined;

function codesToString(codes: Uint16Array, len: number, surrogates: boolean): string {
  const view = codes.subarray(0, len);
  if (UTF16 && !surrogates) return UTF16.decode(view);
  const parts: string[] = [];
  for (let i = 0; i < len; i += 8192) parts.push(String.fromCharCode.apply(null, view.subarray(i, Math.min(len, i + 8192)) as unknown as number[]));
  return parts.join('');
}

/** Original span of the normalised span [start, end) of `norm`. */
export function toOriginalSpan(norm: NormalizedText, start: number, end: number): { start: number; end: number } {
  const len = norm.text.length;
  const s = Math.max(0, Math.min(start, len));
  const e = Math.max(s, Math.min(end, len));
  const os = norm.map[s]!;
  const oe = e > s ? norm.ends[e - 1]! : os;
  return { start: os, end: Math.max(os, oe) };
}

// ---------------------------------------------------------------------------------------------
// Quote search

/**
 * A haystack prepared once and searched many times (a chunk is searched by every citation that
 * cites it); the normalised and compact forms are built on first use.
 */
export class PreparedText {
  readonly raw: string;
  #norm?: NormalizedText;
  #compact?: { text: string; toNorm: Int32Array };
  #unhyphenated?: { text: string; at: Int32Array };
  constructor(raw: string) {
    this.raw = raw;
  }
  /** The compact text without hyphens between letters, with a map to compact indexes. */
  get unhyphenated(): { text: string; at: Int32Array } {
    return (this.#unhyphenated ??= unhyphenate(this.compact.text));
  }
  get norm(): NormalizedText {
    return (this.#norm ??= normalizeForMatch(this.raw));
  }
  /** The normalised text without spaces, with a map to normalised indexes. */
  get compact(): { text: string; toNorm: Int32Array } {
    if (!this.#compact) {
      const t = this.norm.text;
      const toNorm = new Int32Array(t.length);
      let k = 0;
      for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) !== 0x20) toNorm[k++] = i;
      this.#compact = { text: t.replace(/ /g, ''), toNorm: toNorm.subarray(0, k) };
    }
    return this.#compact;
  }
}

/** A quote normalised once, for searching many haystacks. */
export class PreparedQuote {
  readonly raw: string;
  /** Normalised and trimmed. */
  readonly norm: string;
  /** Normalised without any spaces. */
  readonly compact: string;
  #unhyphenated?: string;
  constructor(raw: string) {
    this.raw = raw;
    this.norm = normalizeForMatch(raw).text.trim();
    this.compact = this.norm.replace(/ /g, '');
  }
  /** The compact form without hyphens between letters. */
  get unhyphenated(): string {
    return (this.#unhyphenated ??= unhyphenate(this.compact).text);
  }
}

const LETTER_RE = /\p{L}/u;

/**
 * A compact text without the hyphens that stand between two letters: PDF extraction keeps the
 * line-end hyphenation of the page ("pro-\ncedure"), which a quote rarely has. `at[k]` is the
 * compact index of the k-th character kept.
 */
function unhyphenate(compact: string): { text: string; at: Int32Array } {
  const at = new Int32Array(compact.length);
  let out = '';
  let k = 0;
  let run = 0;
  for (let i = 0; i < compact.length; i++) {
    if (compact.charCodeAt(i) === 0x2d && i > 0 && i + 1 < compact.length && LETTER_RE.test(compact[i - 1]!) && LETTER_RE.test(compact[i + 1]!)) {
      out += compact.slice(run, i);
      run = i + 1;
      continue;
    }
    at[k++] = i;
  }
  out += compact.slice(run);
  return { text: out, at: at.subarray(0, k) };
}

export interface QuoteMatch {
  start: number;
  end: number;
  method: 'exact' | 'normalized';
}

// Below this many non-space characters a quote is not searched with spaces ignored: short
// strings glued together match too easily ("the rapist" / "therapist").
const COMPACT_MIN = 12;

/** All start indexes of needle in hay, capped. */
function occurrences(hay: string, needle: string, cap = 64): number[] {
  const found: number[] = [];
  if (!needle) return found;
  let i = hay.indexOf(needle);
  while (i >= 0 && found.length < cap) {
    found.push(i);
    i = hay.indexOf(needle, i + 1);
  }
  return found;
}

function closest(xs: number[], near: number | undefined): number | undefined {
  if (xs.length === 0) return undefined;
  if (near === undefined) return xs[0];
  let best = xs[0]!;
  for (const x of xs) if (Math.abs(x - near) < Math.abs(best - near)) best = x;
  return best;
}

function trimmedNorm(quote: string): { text: string } {
  return { text: normalizeForMatch(quote).text.trim() };
}

/**
 * Where `quote` occurs in `haystack`, in haystack offsets: verbatim first, then after
 * normalisation (the span covers the original characters, e.g. a trailing space that the
 * quote kept is not required, \r\n in the quote matches a space), then — for quotes of at least
 * 12 non-space characters — ignoring whitespace altogether (tokenised text such as "( ČTK )").
 * When the quote occurs several times, the occurrence nearest to `near` wins.
 */
export function findQuote(quote: string | PreparedQuote, haystack: string | PreparedText, near?: number): QuoteMatch | undefined {
  const hay = typeof haystack === 'string' ? new PreparedText(haystack) : haystack;
  const raw = typeof quote === 'string' ? quote : quote.raw;
  if (!raw) return undefined;
  const exact = closest(occurrences(hay.raw, raw), near);
  if (exact !== undefined) return { start: exact, end: exact + raw.length, method: 'exact' };
  const pq = typeof quote === 'string' ? new PreparedQuote(quote) : quote;
  const q = pq.norm;
  if (!q) return undefined;
  const norm = hay.norm;
  const nearNorm = near === undefined ? undefined : normIndexOf(norm, near);
  const at = closest(occurrences(norm.text, q), nearNorm);
  if (at !== undefined) return { ...toOriginalSpan(norm, at, at + q.length), method: 'normalized' };
  const qc = pq.compact;
  if (qc.length < COMPACT_MIN) return undefined;
  const compact = hay.compact;
  const nearCompact = nearNorm === undefined ? undefined : compactIndexOf(compact.toNorm, nearNorm);
  const cAt = closest(occurrences(compact.text, qc), nearCompact);
  if (cAt !== undefined) {
    const ns = compact.toNorm[cAt]!;
    const ne = compact.toNorm[cAt + qc.length - 1]! + 1;
    return { ...toOriginalSpan(norm, ns, ne), method: 'normalized' };
  }
  // Last, hyphens between letters ignored on both sides (line-end hyphenation of PDF text).
  if (!compact.text.includes('-') && !qc.includes('-')) return undefined;
  const uq = pq.unhyphenated;
  const uh = hay.unhyphenated;
  const uAt = closest(occurrences(uh.text, uq), nearCompact === undefined ? undefined : compactIndexOf(uh.at, nearCompact));
  if (uAt === undefined || uq.length === 0) return undefined;
  const ns = compact.toNorm[uh.at[uAt]!]!;
  const ne = compact.toNorm[uh.at[uAt + uq.length - 1]!]! + 1;
  return { ...toOriginalSpan(norm, ns, ne), method: 'normalized' };
}

// An elision inside a quote: "...", "…", "[...]", "[…]", "(...)".
const ELLIPSIS_RE = /\s*(?:\[\s*(?:\.\s*){3}\]|\[\s*…\s*\]|\(\s*(?:\.\s*){3}\)|\(\s*…\s*\)|\.{3,}|…)\s*/g;

/**
 * A quote with elisions ("The tower … was completed in 1889"): every part, in order, in the
 * haystack (each found as findQuote finds it). The match spans from the first part to the last.
 * Undefined when the quote has no elision, a part is shorter than four characters, or a part is
 * missing.
 */
export function findElidedQuote(quote: string, haystack: string, near?: number): QuoteMatch | undefined {
  ELLIPSIS_RE.lastIndex = 0;
  if (!ELLIPSIS_RE.test(quote)) return undefined;
  const parts = quote
    .split(ELLIPSIS_RE)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.some((p) => p.replace(/\s/g, '').length < 4)) return undefined;
  // The first part nearest to the hint, then each next part after the previous one.
  const first = findQuote(parts[0]!, haystack, near);
  if (!first) return undefined;
  let end = first.end;
  for (const part of parts.slice(1)) {
    const m = findQuote(part, haystack.slice(end));
    if (!m) return undefined;
    end += m.end;
  }
  return { start: first.start, end, method: 'normalized' };
}

// What may stand at a quote's edges without being part of the quoted words: whitespace,
// punctuation that closes or opens a sentence or clause, quotation marks, brackets, dashes and
// an elision mark ("…", "...", "[…]"). Letters and digits never: a word more or less changes
// what is quoted ("not effective" is not "effective").
const EDGE_LEAD_RE = /^(?:[\s.,;:!?"'“”„‘’«»()[\]{}\-–—*_]|…|\[\s*(?:…|\.{3})\s*\])+/u;
const EDGE_TAIL_RE = /(?:[\s.,;:!?"'“”„‘’«»()[\]{}\-–—*_]|…|\[\s*(?:…|\.{3})\s*\])+$/u;
const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/** The quote without the punctuation, quotation marks and elision marks at its edges. */
export function trimQuoteEdges(quote: string): string {
  return quote.replace(EDGE_LEAD_RE, '').replace(EDGE_TAIL_RE, '');
}

/**
 * A quote that differs from the text only at its edges — "…adaptations for speed." where the
 * text goes on "…adaptations for speed, including…", a leading elision, quotation marks — is
 * found when its trimmed words are (as findQuote or findElidedQuote finds them) and the match
 * does not cut a word of the haystack: "effective." does not match inside "ineffective,".
 * Undefined when nothing was trimmed (findQuote has answered that already) or the rest is
 * shorter than four characters.
 */
export function findQuoteIgnoringEdges(quote: string, haystack: string | PreparedText, near?: number): QuoteMatch | undefined {
  const core = trimQuoteEdges(quote);
  if (core === quote || core.replace(/\s/g, '').length < 4) return undefined;
  const hay = typeof haystack === 'string' ? new PreparedText(haystack) : haystack;
  const m = findQuote(core, hay, near) ?? findElidedQuote(core, hay.raw, near);
  if (!m) return undefined;
  const text = hay.raw;
  const cutsWord = (inside: string | undefined, outside: string | undefined): boolean =>
    inside !== undefined && outside !== undefined && WORD_CHAR_RE.test(inside) && WORD_CHAR_RE.test(outside);
  if (cutsWord(text[m.start], text[m.start - 1]) || cutsWord(text[m.end - 1], text[m.end])) return undefined;
  return { start: m.start, end: m.end, method: 'normalized' };
}

/**
 * Several texts searched as one: which of them contains a quote (verbatim, normalised, or —
 * for long quotes — with spaces ignored)? The joined forms are built on first use, so a search
 * over hundreds of chunks is a handful of native indexOf calls instead of one per chunk.
 */
export class TextCorpus {
  readonly #texts: readonly PreparedText[];
  #joined?: { norm: string; normStarts: number[]; compact: string; compactStarts: number[] };
  constructor(texts: readonly PreparedText[]) {
    this.#texts = texts;
  }
  /** Index of the first text (other than `except`) that contains the quote, if any. */
  find(quote: PreparedQuote, except?: number): number | undefined {
    if (!quote.raw) return undefined;
    for (let i = 0; i < this.#texts.length; i++) if (i !== except && this.#texts[i]!.raw.includes(quote.raw)) return i;
    if (!quote.norm) return undefined;
    const j = this.#join();
    const hit = findIn(j.norm, j.normStarts, quote.norm, except);
    if (hit !== undefined || quote.compact.length < COMPACT_MIN) return hit;
    return findIn(j.compact, j.compactStarts, quote.compact, except);
  }
  #join() {
    if (!this.#joined) {
      // U+0001 never survives normalisation, so no match can straddle two texts.
      const norms = this.#texts.map((t) => t.norm.text);
      const compacts = this.#texts.map((t) => t.compact.text);
      const starts = (parts: string[]) => {
        const out: number[] = [];
        let at = 0;
        for (const p of parts) {
          out.push(at);
          at += p.length + 1;
        }
        return out;
      };
      this.#joined = { norm: norms.join('\u0001'), normStarts: starts(norms), compact: compacts.join('\u0001'), compactStarts: starts(compacts) };
    }
    return this.#joined;
  }
}

function findIn(joined: string, starts: number[], needle: string, except: number | undefined): number | undefined {
  let from = 0;
  for (;;) {
    const at = joined.indexOf(needle, from);
    if (at < 0) return undefined;
    // The text holding position `at`: last start <= at.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    if (lo !== except) return lo;
    from = at + 1;
  }
}

/** First normalised index whose original offset is >= orig (binary search over the monotonic map). */
function normIndexOf(norm: NormalizedText, orig: number): number {
  let lo = 0;
  let hi = norm.text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (norm.map[mid]! < orig) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function compactIndexOf(toNorm: Int32Array, normIdx: number): number {
  let lo = 0;
  let hi = toNorm.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (toNorm[mid]! < normIdx) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when a and b are equal after normalisation and trimming. */
export function equalNormalized(a: string, b: string): boolean {
  if (a === b) return true;
  return trimmedNorm(a).text === trimmedNorm(b).text;
}

// ---------------------------------------------------------------------------------------------
// Fuzzy matching

export interface FuzzyMatch {
  /** Span in the haystack (original offsets, end exclusive) of the best-matching window. */
  start: number;
  end: number;
  /** 1 − edit distance / max(quote length, window length), in 0..1. */
  similarity: number;
}

// Quotes up to this many normalised characters are aligned character by character; longer ones
// word by word (a 2 KB quote is ~350 words), which keeps the alignment a few hundred thousand
// cells at most.
const CHAR_MODE_MAX = 400;
// Alignment work cap per candidate window (cells); above it the gram overlap stands in.
const MAX_CELLS = 1_500_000;
const CANDIDATES = 3;

interface Symbols {
  /** Symbol codes. */
  sym: Int32Array;
  /** Normalised start / end (exclusive) of each symbol. */
  from: Int32Array;
  to: Int32Array;
}

function charSymbols(t: string): Symbols {
  const n = t.length;
  const sym = new Int32Array(n);
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    sym[i] = t.charCodeAt(i);
    from[i] = i;
    to[i] = i + 1;
  }
  return { sym, from, to };
}

function wordSymbols(t: string, dict: Map<string, number>): Symbols {
  const sym: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const re = /[^ ]+/g;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    let id = dict.get(m[0]);
    if (id === undefined) {
      id = dict.size;
      dict.set(m[0], id);
    }
    sym.push(id);
    from.push(m.index);
    to.push(m.index + m[0].length);
  }
  return { sym: Int32Array.from(sym), from: Int32Array.from(from), to: Int32Array.from(to) };
}

// Gram codes: k consecutive symbols folded into one number (collisions only cost precision of
// the candidate search, never correctness of the final alignment).
function gramCode(sym: Int32Array, i: number, k: number): number {
  let h = 0;
  for (let j = 0; j < k; j++) h = (Math.imul(h, 0x01000193) ^ (sym[i + j]! + 1)) >>> 0;
  return h;
}

/** Up to `count` best non-overlapping window starts by shared-gram count. */
function candidateWindows(q: Int32Array, h: Int32Array, k: number, count: number): { start: number; hits: number; grams: number }[] {
  const m = q.length;
  const n = h.length;
  const qGrams = new Set<number>();
  for (let i = 0; i + k <= m; i++) qGrams.add(gramCode(q, i, k));
  const grams = Math.max(1, m - k + 1);
  if (n <= m) {
    let hits = 0;
    for (let i = 0; i + k <= n; i++) if (qGrams.has(gramCode(h, i, k))) hits++;
    return [{ start: 0, hits, grams }];
  }
  const hitCount = n - k + 1;
  const prefix = new Int32Array(hitCount + 1);
  for (let i = 0; i < hitCount; i++) prefix[i + 1] = prefix[i]! + (qGrams.has(gramCode(h, i, k)) ? 1 : 0);
  const windows = n - m + 1;
  const span = m - k + 1;
  const taken: { start: number; hits: number; grams: number }[] = [];
  for (let c = 0; c < count; c++) {
    let best = -1;
    let bestHits = -1;
    for (let s = 0; s < windows; s++) {
      const e = Math.min(hitCount, s + span);
      const hits = prefix[e]! - prefix[s]!;
      if (hits > bestHits && !taken.some((t) => Math.abs(t.start - s) < m)) {
        best = s;
        bestHits = hits;
      }
    }
    if (best < 0 || (c > 0 && bestHits === 0)) break;
    taken.push({ start: best, hits: bestHits, grams });
  }
  return taken;
}

/**
 * Semi-global edit distance: the whole of q against any substring of h[lo, hi).
 * Returns the distance and the symbol span of the best substring.
 */
function alignInWindow(q: Int32Array, h: Int32Array, lo: number, hi: number): { dist: number; start: number; end: number } {
  const m = q.length;
  const w = hi - lo;
  let prev = new Int32Array(w + 1);
  let cur = new Int32Array(w + 1);
  let prevStart = new Int32Array(w + 1);
  let curStart = new Int32Array(w + 1);
  for (let j = 0; j <= w; j++) prevStart[j] = j; // free start anywhere in the window
  for (let i = 1; i <= m; i++) {
    const qi = q[i - 1]!;
    cur[0] = i;
    curStart[0] = 0;
    for (let j = 1; j <= w; j++) {
      let best = prev[j - 1]! + (qi === h[lo + j - 1]! ? 0 : 1);
      let st = prevStart[j - 1]!;
      const del = prev[j]! + 1;
      if (del < best) {
        best = del;
        st = prevStart[j]!;
      }
      const ins = cur[j - 1]! + 1;
      if (ins < best) {
        best = ins;
        st = curStart[j - 1]!;
      }
      cur[j] = best;
      curStart[j] = st;
    }
    [prev, cur] = [cur, prev];
    [prevStart, curStart] = [curStart, prevStart];
  }
  let bestJ = 0;
  for (let j = 1; j <= w; j++) if (prev[j]! < prev[bestJ]!) bestJ = j;
  return { dist: prev[bestJ]!, start: lo + prevStart[bestJ]!, end: lo + bestJ };
}

/**
 * The window of `haystack` most similar to `quote`, in haystack offsets. Both sides are
 * normalised first. Candidate windows come from shared character trigrams (or words, for quotes
 * over 400 characters), then each of the best three is aligned by edit distance with some slack
 * around it. Work is linear in the haystack plus a capped alignment, so a 2 KB quote against a
 * 100 KB chunk stays in the low milliseconds.
 */
export function bestFuzzyMatch(quote: string | PreparedQuote, haystack: string | PreparedText): FuzzyMatch {
  const hay = typeof haystack === 'string' ? new PreparedText(haystack) : haystack;
  const q = (typeof quote === 'string' ? new PreparedQuote(quote) : quote).norm;
  const norm = hay.norm;
  const h = norm.text;
  if (!q || !h.trim()) return { start: 0, end: 0, similarity: 0 };
  const at = h.indexOf(q);
  if (at >= 0) return { ...toOriginalSpan(norm, at, at + q.length), similarity: 1 };

  const wordMode = q.length > CHAR_MODE_MAX;
  let qs: Symbols;
  let hs: Symbols;
  if (wordMode) {
    const dict = new Map<string, number>();
    qs = wordSymbols(q, dict);
    hs = wordSymbols(h, dict);
  } else {
    qs = charSymbols(q);
    hs = charSymbols(h);
  }
  const m = qs.sym.length;
  const n = hs.sym.length;
  if (m === 0 || n === 0) return { start: 0, end: 0, similarity: 0 };
  const k = wordMode ? 1 : Math.min(3, m);
  const slack = Math.ceil(m / 4) + k;
  let best: FuzzyMatch = { start: 0, end: 0, similarity: 0 };
  let bestSim = -1;
  for (const cand of candidateWindows(qs.sym, hs.sym, k, CANDIDATES)) {
    const lo = Math.max(0, cand.start - slack);
    const hi = Math.min(n, cand.start + m + slack);
    let symStart: number;
    let symEnd: number;
    let similarity: number;
    if (m * (hi - lo) > MAX_CELLS) {
      // Too big to align: the share of quote grams present in the window is a fair stand-in.
      symStart = cand.start;
      symEnd = Math.min(n, cand.start + m);
      similarity = cand.hits / cand.grams;
    } else {
      const r = alignInWindow(qs.sym, hs.sym, lo, hi);
      symStart = r.start;
      symEnd = r.end;
      similarity = 1 - r.dist / Math.max(m, r.end - r.start);
    }
    similarity = Math.max(0, Math.min(1, similarity));
    if (similarity > bestSim) {
      bestSim = similarity;
      const ns = hs.from[symStart] ?? norm.text.length;
      const ne = symEnd > symStart ? hs.to[symEnd - 1]! : ns;
      best = { ...toOriginalSpan(norm, ns, ne), similarity };
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Tokenisation for lexical overlap

// Our own short lists of function words; content words, numbers and names are what overlap
// should count.
const STOP_EN = new Set(
  ('a an the and or but nor so yet if then than that this these those there here of in on at to ' +
    'for from by with within without about into onto upon over under between among through during ' +
    'before after across along toward towards via per ' +
    'above below up down out off again further once is are was were be been being am do does did ' +
    'doing done have has had having i me my mine we us our ours you your yours he him his she her ' +
    'hers it its they them their theirs what which who whom whose when where why how all any both ' +
    'each few more most other some such no not only own same too very can could will would shall ' +
    'should may might must also just as because while until s t also however therefore thus ' +
    'based according document documents source sources chunk')
    .split(' '),
);
// Czech, written without diacritics because tokens are compared folded.
const STOP_CS = new Set(
  ('a i o u v ve k ke s se z ze na do od po pro pri pres pred za nad pod mezi bez krom kolem ' +
    'a ani ale nebo i jak jako ze aby kdyz pokud protoze proto tak take tez jen jiz uz jeste ' +
    'je jsou byl byla bylo byli byly bude budou jsem jsi jsme jste byt by bych bychom ' +
    'to ten ta ty tento tato toto tyto tomto tomu toho tech temto tim teto tuto tu ti ' +
    'ktery ktera ktere kteri kterou kterych kterym kterymi jenz coz co kdo kde kdy jak proc ' +
    'jeho jeji jejich jim jej ji mu ho nam vam nas vas se si sebe svuj sva sve svych svym ' +
    'on ona ono oni my vy ja ty tam zde tady vsak take rovnez dale podle dokumentu dokument ' +
    'zdroj zdroje uryvek velmi vice mene')
    .split(' '),
);

const CS_SUFFIXES = [
  'atech', 'etech', 'ovych', 'ovymi', 'ovani', 'enim', 'ovou', 'ovym', 'ovem', 'atum', 'etem',
  'ovat', 'ich', 'ych', 'ymi', 'imi', 'ami', 'emi', 'ach', 'ech', 'eho', 'iho', 'emu', 'imu', 'ymu',
  'ove', 'ova', 'ovy', 'ani', 'eni', 'ost', 'ou', 'um', 'em', 'ho', 'mu', 'ym', 'im', 'ej', 'at',
  'et', 'it', 'a', 'e', 'i', 'o', 'u', 'y',
];
const CS_STEM_MIN = 3;
const CS_PREFIX_LEN = 6;

/**
 * Czech light stemmer on a diacritic-free lower-case word: strip the longest listed case or
 * derivation ending that leaves at least 3 characters, then keep at most the first 6 characters.
 * The prefix cut merges forms whose stems alternate late in the word (zaměstnanců / zaměstnance
 * → "zamest"); it over-merges a little, which is harmless for an overlap hint.
 */
function stemCs(w: string): string {
  if (/^\d/.test(w)) return w;
  for (const suf of CS_SUFFIXES) {
    if (w.length - suf.length >= CS_STEM_MIN && w.endsWith(suf)) {
      w = w.slice(0, w.length - suf.length);
      break;
    }
  }
  return w.length > CS_PREFIX_LEN ? w.slice(0, CS_PREFIX_LEN) : w;
}

const EN_PREFIX_LEN = 7;

/**
 * English light stemmer: possessive, plural, -ing, -ed, a final "e", then at most the first 7
 * characters ("vote" / "voting" / "voted" → "vot"; "Argentina" / "Argentines" → "argenti").
 */
function stemEn(w: string): string {
  if (/^\d/.test(w)) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  w = w.replace(/'/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w.length > EN_PREFIX_LEN ? w.slice(0, EN_PREFIX_LEN) : w;
}

// Per UTF-16 unit: 0 = not part of a word, 1 = combining mark (skipped inside a word), else the
// folded code (lower case, diacritics removed: "Č" → "c"). ASCII is filled here, the rest on
// first sight; 0xffff marks "not computed yet".
const FOLD_CODE = new Uint16Array(65536).fill(0xffff);
for (let c = 0; c < 128; c++) {
  FOLD_CODE[c] = c >= 0x41 && c <= 0x5a ? c + 32 : (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) ? c : 0;
}
const LETTER_OR_DIGIT_RE = /[\p{L}\p{N}]/u;

function foldCode(c: number): number {
  const f = FOLD_CODE[c]!;
  if (f !== 0xffff) return f;
  let r = 0;
  if (c >= 0xd800 && c <= 0xdfff) r = 0; // astral characters are not word material here
  else {
    const ch = String.fromCharCode(c);
    if (MARK_RE.test(ch)) r = 1;
    else if (LETTER_OR_DIGIT_RE.test(ch)) {
      const b = ch.toLowerCase().normalize('NFD').charCodeAt(0);
      r = Number.isNaN(b) || b < 2 || b === 0xffff ? c : b;
    }
  }
  FOLD_CODE[c] = r;
  return r;
}

const isLetterCode = (f: number) => f > 1 && !(f >= 0x30 && f <= 0x39);

// Raw word (by hash of its folded form) → stem, or null for a dropped word; shared by all audits
// and cleared when it grows large. Two independent 32-bit hashes make a 53-bit key, so a
// collision between two different words is not a practical concern.
const STEM_CACHE: Record<Language, Map<number, string | null>> = { en: new Map(), cs: new Map() };
const STEM_CACHE_MAX = 200_000;

function stemOfFolded(w: string, lang: Language): string | null {
  if (STOP_EN.has(w) || STOP_CS.has(w)) return null;
  if (w.length === 1 && !(w >= '0' && w <= '9')) return null;
  return lang === 'cs' ? stemCs(w) : stemEn(w);
}

function foldWord(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x27 || c === 0x2019) out += "'";
    else {
      const f = foldCode(c);
      if (f > 1) out += String.fromCharCode(f);
    }
  }
  return out;
}

/**
 * Interns the stems of one audit as small integers, so lexical statistics work on numbers.
 * Words are found by a single pass over character codes; each distinct word is stemmed once.
 */
export class Vocabulary {
  readonly language: Language;
  /** Term strings by id. */
  readonly terms: string[] = [];
  #ids = new Map<string, number>();
  // Word lookup by a 30-bit hash (small-integer Map keys are fast), confirmed by a second
  // 30-bit hash; a word whose first hash collides with another word's goes by its text.
  #slot = new Map<number, number>();
  #slotCheck: number[] = [];
  #slotId: number[] = [];
  #collided = new Map<string, number>();
  constructor(language: Language) {
    this.language = language;
  }

  /** Term ids of the words of `text`, in order, stopwords removed. */
  termIds(text: string, out: number[] = []): number[] {
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c0 = text.charCodeAt(i);
      const f0 = c0 < 128 ? FOLD_CODE[c0]! : foldCode(c0);
      if (f0 <= 1) {
        i++;
        continue;
      }
      const start = i;
      let h1 = 0x811c9dc5;
      let h2 = 0;
      while (i < n) {
        const c = text.charCodeAt(i);
        let f = c < 128 ? FOLD_CODE[c]! : foldCode(c);
        if (f === 0) {
          // An apostrophe between letters stays inside the word: "don't", "Brian's".
          if ((c === 0x27 || c === 0x2019) && i + 1 < n) {
            const d = text.charCodeAt(i + 1);
            if (isLetterCode(d < 128 ? FOLD_CODE[d]! : foldCode(d))) f = 0x27;
          }
          if (f === 0) break;
        }
        if (f !== 1) {
          h1 = Math.imul(h1 ^ f, 0x01000193);
          h2 = (Math.imul(h2, 31) + f) | 0;
        }
        i++;
      }
      const k1 = h1 & 0x3fffffff;
      const k2 = h2 & 0x3fffffff;
      const slot = this.#slot.get(k1);
      let id: number;
      if (slot !== undefined && this.#slotCheck[slot] === k2) id = this.#slotId[slot]!;
      else {
        const key = k1 * 0x800000 + (k2 & 0x7fffff);
        if (slot === undefined) {
          id = this.#intern(key, text, start, i);
          this.#slot.set(k1, this.#slotId.length);
          this.#slotCheck.push(k2);
          this.#slotId.push(id);
        } else {
          const raw = text.slice(start, i);
          const known = this.#collided.get(raw);
          id = known ?? this.#intern(key, text, start, i);
          if (known === undefined) this.#collided.set(raw, id);
        }
      }
      if (id >= 0) out.push(id);
    }
    return out;
  }

  #intern(key: number, text: string, start: number, end: number): number {
    const cache = STEM_CACHE[this.language];
    let stem = cache.get(key);
    if (stem === undefined) {
      stem = stemOfFolded(foldWord(text.slice(start, end)), this.language);
      if (cache.size >= STEM_CACHE_MAX) cache.clear();
      cache.set(key, stem);
    }
    if (stem === null) return -1;
    let id = this.#ids.get(stem);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(stem);
      this.#ids.set(stem, id);
    }
    return id;
  }
}

const SHARED_VOCAB: Record<Language, Vocabulary> = { en: new Vocabulary('en'), cs: new Vocabulary('cs') };

/**
 * Lower-case word tokens (letters and digits; an apostrophe between letters stays in the word)
 * with diacritics removed, stopwords of both languages dropped (answers mix them), and a light
 * stem by the language's rule (stemEn / stemCs above), so "lékařské" and "lekarske" meet.
 */
export function tokenize(s: string, lang: Language): string[] {
  let v = SHARED_VOCAB[lang] ?? SHARED_VOCAB.en;
  if (v.terms.length > STEM_CACHE_MAX) v = SHARED_VOCAB[v.language] = new Vocabulary(v.language);
  return v.termIds(s).map((id) => v.terms[id]!);
}

// ---------------------------------------------------------------------------------------------
// Numbers

export type NumberKind = 'number' | 'year' | 'date' | 'percent' | 'amount';

export interface NumberMention {
  value: number;
  text: string;
  start: number;
  end: number;
  kind: NumberKind;
  /** Other plausible readings: the other side of an ambiguous separator (12,717 vs 12.717), the unscaled value of "1.2 million". */
  alternatives?: number[];
  /** For dates: the parts present. */
  date?: { year?: number; month?: number; day?: number };
  /** Unit of the last significant digit (12,700 → 100; 3.5 → 0.1; 1.2 million → 100000). */
  step?: number;
  /** Hedged ("about 12,700") or scaled ("1.2 million"): a rounded reading of a source value. */
  approximate?: boolean;
  /** Hedged by a word ("about", "nearly", "přibližně"): looser than a number that is only rounded. */
  hedged?: boolean;
  /** Any value in [from, to] supports it (a decade: "the 1990s"). */
  range?: [number, number];
}

export interface ExtractNumbersOptions {
  /** Spans (same offsets as s) whose numbers are not claim numbers: markers, ids. */
  ignore?: readonly { start: number; end: number }[];
  /** Also read number words ("three", "tři"); meant for the source side of a comparison. */
  words?: boolean;
}

const EN_MONTHS: [RegExp, number][] = [
  [/^jan(?:uary|\.)?$/, 1], [/^feb(?:ruary|\.)?$/, 2], [/^mar(?:ch|\.)?$/, 3], [/^apr(?:il|\.)?$/, 4],
  [/^may$/, 5], [/^june?$/, 6], [/^july?$/, 7], [/^aug(?:ust|\.)?$/, 8], [/^sep(?:t|tember|\.)?\.?$/, 9],
  [/^oct(?:ober|\.)?$/, 10], [/^nov(?:ember|\.)?$/, 11], [/^dec(?:ember|\.)?$/, 12],
];
// Czech month names in the cases used with dates (nominative, genitive, locative).
const CS_MONTHS: [RegExp, number][] = [
  [/^led(?:en|na|nu)$/, 1], [/^únor(?:a|u)?$/, 2], [/^břez(?:en|na|nu)$/, 3], [/^dub(?:en|na|nu)$/, 4],
  [/^květ(?:en|na|nu)$/, 5], [/^červen(?:ec|ce|ci)$/, 7], [/^červ(?:en|na|nu)$/, 6], [/^srp(?:en|na|nu)$/, 8],
  [/^září$/, 9], [/^říj(?:en|na|nu)$/, 10], [/^listopad(?:u)?$/, 11], [/^prosin(?:ec|ce|ci)$/, 12],
];
const MONTH_HINT = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|led|únor|břez|dub|květ|červ|srp|září|říj|listopad|prosin/i;
// Only words that start like a month are tried, so the date patterns stay cheap on long text.
const MONTH_WORD =
  '(?:[Jj]an|[Ff]eb|[Mm]ar|[Aa]pr|[Mm]ay|[Jj]un|[Jj]ul|[Aa]ug|[Ss]ep|[Oo]ct|[Nn]ov|[Dd]ec|led|únor|břez|dub|květ|červ|srp|září|říj|listopad|prosin)[a-zěščřžýáíéůú]{0,7}\\.?';

function monthOf(word: string): number | undefined {
  const w = word.toLowerCase();
  // English month names only when capitalised: "5 may be" is not the fifth of May.
  if (/^[A-Z]/.test(word)) for (const [re, m] of EN_MONTHS) if (re.test(w)) return m;
  for (const [re, m] of CS_MONTHS) if (re.test(w)) return m;
  return undefined;
}

const SCALE_WORDS: [RegExp, number][] = [
  [/^(?:thousand|tis\.?|tisíc[eůi]?|tisíce)$/i, 1e3],
  [/^(?:million|millions|mil\.?|milion[ůyu]?|miliony)$/i, 1e6],
  [/^(?:billion|billions|bn|mld\.?|miliard[ayuě]?|miliardy)$/i, 1e9],
  [/^(?:trillion|trillions|bil\.?|bilion[ůyu]?)$/i, 1e12],
];
const CURRENCY_PREFIX = /(?:[$€£¥₹]|\b(?:USD|EUR|CZK|GBP))\s?$/u;
// `\b` is ASCII-only even with the u flag, so word ends are spelled out for "Kč".
const END = '(?![\\p{L}\\p{N}])';
const CURRENCY_SUFFIX = new RegExp(
  `^[ \\u00A0\\u202F]?(?:[$€£¥₹]|(?:Kč|Kčs|CZK|EUR|USD|GBP|dollars?|euros?|pounds?|korun[ay]?|korunami|dolar[ůuy]?|eur)${END})`,
  'iu',
);
const PERCENT_SUFFIX = new RegExp(`^[ \\u00A0\\u202F]?(?:%|‰|(?:per ?cent|percent|procent[ao]?|procentní)${END})`, 'iu');
// Letter suffixes that still make a number a quantity (units, ordinals) rather than an id (3D, 4G).
const UNIT_SUFFIXES = new Set(
  ('st nd rd th km m cm mm µm nm kg g mg t l ml dl h hod min s ms x k bn mln mld tis kč czk eur usd gb mb kb tb ' +
    'kw mw gw kwh mwh gwh hz khz mhz ghz v kv w mph kph ft in lb lbs oz ha yr yrs °c °f c f mil. ' +
    'px pt pp ppm')
    .split(' '),
);
// Words that make the number after them a rounded or bounded figure.
const APPROX_WORDS = [
  'about', 'around', 'approximately', 'approx.', 'roughly', 'nearly', 'almost', 'over', 'more than', 'less than',
  'under', 'some', 'cca', 'cca.', 'přibližně', 'zhruba', 'asi', 'téměř', 'skoro', 'přes', 'více než', 'méně než',
  'kolem', 'okolo', '~', '≈',
];
function hedgedBefore(s: string, start: number): boolean {
  // The 20 characters before, trailing whitespace dropped (as /\s+$/ would), lower-cased.
  const from = Math.max(0, start - 20);
  let to = start;
  while (to > from && isJsSpace(s.charCodeAt(to - 1))) to--;
  const before = s.slice(from, to).toLowerCase();
  for (const w of APPROX_WORDS) {
    if (!before.endsWith(w)) continue;
    const prev = before.charCodeAt(before.length - w.length - 1);
    // A whole word: nothing or a non-letter before it ("~" needs no boundary).
    if (Number.isNaN(prev) || w === '~' || w === '≈' || !LETTER_OR_DIGIT_RE.test(String.fromCharCode(prev))) return true;
  }
  return false;
}

const NUMBER_WORDS_EN: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90, hundred: 100, thousand: 1000, million: 1e6, billion: 1e9, dozen: 12,
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  half: 0.5, twice: 2, double: 2, triple: 3,
};
const NUMBER_WORDS_CS: Record<string, number> = {
  nula: 0, jeden: 1, jedna: 1, jedno: 1, jednoho: 1, jedné: 1, dva: 2, dvě: 2, dvou: 2, dvěma: 2,
  tři: 3, tří: 3, třech: 3, třem: 3, čtyři: 4, čtyř: 4, čtyřech: 4, pět: 5, pěti: 5, šest: 6, šesti: 6,
  sedm: 7, sedmi: 7, osm: 8, osmi: 8, devět: 9, devíti: 9, deset: 10, deseti: 10, jedenáct: 11,
  dvanáct: 12, třináct: 13, čtrnáct: 14, patnáct: 15, šestnáct: 16, sedmnáct: 17, osmnáct: 18,
  devatenáct: 19, dvacet: 20, třicet: 30, čtyřicet: 40, padesát: 50, šedesát: 60, sedmdesát: 70,
  osmdesát: 80, devadesát: 90, sto: 100, tisíc: 1000, milion: 1e6, miliarda: 1e9,
  první: 1, druhý: 2, druhá: 2, druhé: 2, třetí: 3, čtvrtý: 4, pátý: 5, polovina: 0.5, polovinu: 0.5,
  dvakrát: 2, třikrát: 3, dvojnásobek: 2, dvojnásobně: 2, třetina: 1 / 3, třetinu: 1 / 3,
};

// Both languages' words in one table; a Map, so that "constructor" is not a number.
const NUMBER_WORDS = new Map<string, number>([...Object.entries(NUMBER_WORDS_EN), ...Object.entries(NUMBER_WORDS_CS)]);
const NUMBER_WORD_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...NUMBER_WORDS.keys()].sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);
/** Values some number word stands for; a number outside this set is never written as a word here. */
export const NUMBER_WORD_VALUES: ReadonlySet<number> = new Set(NUMBER_WORDS.values());

/** Number words in `s` ("three", "tři", "dozen"), English and Czech. */
export function numberWords(s: string): NumberMention[] {
  const out: NumberMention[] = [];
  NUMBER_WORD_RE.lastIndex = 0;
  for (let m = NUMBER_WORD_RE.exec(s); m; m = NUMBER_WORD_RE.exec(s)) {
    const v = NUMBER_WORDS.get(m[0].toLowerCase());
    if (v !== undefined) out.push({ value: v, text: m[0], start: m.index, end: m.index + m[0].length, kind: 'number', step: 1 });
  }
  return out;
}

const DATE_PATTERNS: { hint: RegExp; re: RegExp; parse: (m: RegExpExecArray, lang: Language) => { year?: number; month?: number; day?: number } | undefined }[] = [
  // 2008-10-19
  {
    hint: /\d-\d/,
    re: /(?<![\p{L}\p{N}_.\-/])(\d{4})-(\d{1,2})-(\d{1,2})(?![\p{N}\-/])/gu,
    parse: (m) => ymd(+m[1]!, +m[2]!, +m[3]!),
  },
  // 19.10.2008, 19. 10. 2008
  {
    hint: /\d\.\s?\d{1,2}\./,
    re: /(?<![\p{L}\p{N}_.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?![\p{N}])/gu,
    parse: (m) => ymd(+m[3]!, +m[2]!, +m[1]!),
  },
  // 10/19/2008 (en) or 19/10/2008
  {
    hint: /\d\/\d/,
    re: /(?<![\p{L}\p{N}_/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\p{N}/])/gu,
    parse: (m, lang) => {
      const a = +m[1]!;
      const b = +m[2]!;
      const monthFirst = a > 12 ? false : b > 12 ? true : lang === 'en';
      return monthFirst ? ymd(+m[3]!, a, b) : ymd(+m[3]!, b, a);
    },
  },
  // 19 October 2008, 19. října 2008, 19 Oct
  {
    hint: MONTH_HINT,
    re: new RegExp(`(?<![\\p{L}\\p{N}_])(\\d{1,2})\\.?\\s(${MONTH_WORD})(?:,?\\s(\\d{4}))?(?![\\p{L}\\p{N}])`, 'gu'),
    parse: (m) => {
      const month = monthOf(m[2]!.replace(/\.$/, ''));
      if (!month) return undefined;
      return ymd(m[3] ? +m[3] : undefined, month, +m[1]!);
    },
  },
  // October 19, 2008 / October 2008 / v říjnu 2008
  {
    hint: MONTH_HINT,
    re: new RegExp(`(?<![\\p{L}\\p{N}_])(${MONTH_WORD})\\s(?:(\\d{1,2})(?:st|nd|rd|th)?(?:,\\s?|\\s)(\\d{4})|(\\d{1,2})(?:st|nd|rd|th)?|(\\d{4}))(?![\\p{L}\\p{N}])`, 'gu'),
    parse: (m) => {
      const month = monthOf(m[1]!.replace(/\.$/, ''));
      if (!month) return undefined;
      if (m[2]) return ymd(+m[3]!, month, +m[2]);
      if (m[4]) return ymd(undefined, month, +m[4]);
      return ymd(+m[5]!, month, undefined);
    },
  },
];

function ymd(year: number | undefined, month: number | undefined, day: number | undefined): { year?: number; month?: number; day?: number } | undefined {
  if (month !== undefined && (month < 1 || month > 12)) return undefined;
  if (day !== undefined && (day < 1 || day > 31)) return undefined;
  if (year !== undefined && (year < 1000 || year > 2999)) return undefined;
  const d: { year?: number; month?: number; day?: number } = {};
  if (year !== undefined) d.year = year;
  if (month !== undefined) d.month = month;
  if (day !== undefined) d.day = day;
  return d;
}

// One number: optional sign, integer with a consistent thousands separator or plain digits,
// optional decimal part. Validation of what the separators mean happens in code.
const NUM_RE =
  /(?<![\p{L}\p{N}_])(?<![\p{L}_][-‐/])([-−](?=\d))?(\d{1,3}(?:([,.'\u00A0\u202F\u2009 ])\d{3}(?:\3\d{3})*(?!\d))|\d+)(?:([.,])(\d+))?/gu;

/** An ASCII digit (what `\d` matches) at an index no span covers. */
function hasDigitOutside(s: string, spans: readonly { start: number; end: number }[]): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) continue;
    let covered = false;
    for (const sp of spans) {
      if (sp.start <= i && i < sp.end) {
        covered = true;
        break;
      }
    }
    if (!covered) return true;
  }
  return false;
}

function overlaps(a: { start: number; end: number }, spans: readonly { start: number; end: number }[]): boolean {
  for (const s of spans) if (a.start < s.end && s.start < a.end) return true;
  return false;
}

function stepOf(intDigits: string, fracDigits: string): number {
  if (fracDigits) return Math.pow(10, -fracDigits.length);
  let z = 0;
  while (z < intDigits.length && intDigits.charCodeAt(intDigits.length - 1 - z) === 0x30) z++;
  return Math.pow(10, Math.min(z, Math.max(0, intDigits.length - 1)));
}

const GLUED_RE = /^[\p{L}_°µ][\p{L}.]*/u;
const FINAL_DOT = /\.$/;
const NON_DIGITS = /\D/g;
const SCALE_AFTER_RE = /^[ \u00A0]?([\p{L}]+\.?)/u;

/**
 * Whether code unit c can start GLUED_RE (withUnderscore) or a \p{L} run: an ASCII letter, "_"
 * when asked, or anything non-ASCII (left to the pattern). NaN (past the end) cannot.
 */
function mayStartWord(c: number, withUnderscore: boolean): boolean {
  if (c >= 0x80) return true;
  const low = c | 0x20;
  return (low >= 0x61 && low <= 0x7a) || (withUnderscore && c === 0x5f);
}

// First characters PERCENT_SUFFIX and CURRENCY_SUFFIX can match (after one optional space),
// with what case-insensitive Unicode matching folds to them (the Kelvin sign is a "k"); last
// characters of CURRENCY_PREFIX before its optional space.
const codes = (chars: string): ReadonlySet<number> => new Set([...chars].map((ch) => ch.charCodeAt(0)));
const PERCENT_FIRST = codes('%‰pP');
const CURRENCY_FIRST = codes('$€£¥₹KkCcEeUuGgDdPp\u212A');
const CURRENCY_LAST = codes('$€£¥₹DRKP');

/** The code unit a suffix pattern ^[ \u00A0\u202F]?X would match X against at `end`. */
function suffixStart(s: string, end: number): number {
  const c = s.charCodeAt(end);
  return c === 0x20 || c === 0xa0 || c === 0x202f ? s.charCodeAt(end + 1) : c;
}

/** The code unit a prefix pattern X\s?$ would match X against, ending at `start`. */
function prefixEnd(s: string, start: number): number {
  const c = s.charCodeAt(start - 1);
  return isJsSpace(c) ? s.charCodeAt(start - 2) : c;
}

/**
 * Numbers, years, dates, percentages and amounts in `s`, with their offsets.
 *
 * - Thousands: `12,717` (en), `12 717` / NBSP / thin space (both), `12.717` (cs). A single group
 *   after one separator is ambiguous (`12,717` could be a Czech decimal), so the other reading
 *   is kept in `alternatives`.
 * - Decimals: `3.5` (both; `.` followed by other than three digits), `3,5` (cs). `-2.09` and
 *   `−2.09` are negative; the dash of a range (`1952–1989`, `3-5`) is not a sign.
 * - Numbers glued to letters or underscores (`x_12`, `COVID-19`, `3D`) are ids, not quantities,
 *   unless the letters are a unit or ordinal suffix (`5km`, `21st`).
 * - Dates (`2008-10-19`, `19. 10. 2008`, `19 October 2008`, `19. října`) are one mention each.
 * - Scale words (`1.2 million`, `5 mil. Kč`) multiply the value; the bare number stays an alternative.
 */
export function extractNumbers(s: string, lang: Language, opts: ExtractNumbersOptions = {}): NumberMention[] {
  const ignore: readonly { start: number; end: number }[] = opts.ignore ?? [];
  const out: NumberMention[] = [];
  // Every mention holds a digit (number words aside), so digits all inside ignored spans
  // (markers) leave nothing to find.
  if (!s || (!opts.words && !hasDigitOutside(s, ignore))) return out;

  // Dates first; their spans are then off limits to the plain-number pass.
  const taken: { start: number; end: number }[] = [];
  let monthHint: boolean | undefined;
  for (const p of DATE_PATTERNS) {
    // The month patterns share one hint; test it once.
    const ok = p.hint === MONTH_HINT ? (monthHint ??= MONTH_HINT.test(s)) : p.hint.test(s);
    if (!ok) continue;
    p.re.lastIndex = 0;
    for (let m = p.re.exec(s); m; m = p.re.exec(s)) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (overlaps(span, taken) || overlaps(span, ignore)) continue;
      const d = p.parse(m, lang);
      if (!d) continue;
      taken.push(span);
      const value = (d.year ?? 0) * 10000 + (d.month ?? 0) * 100 + (d.day ?? 0);
      out.push({ value, text: m[0], ...span, kind: 'date', date: d });
    }
  }

  NUM_RE.lastIndex = 0;
  for (let m = NUM_RE.exec(s); m; m = NUM_RE.exec(s)) {
    const sign = m[1] ? -1 : 1;
    const intText = m[2]!;
    const sep = m[3];
    let dec = m[4];
    let frac = m[5] ?? '';
    let start = m.index;
    let end = m.index + m[0].length;
    // A decimal mark equal to the grouping separator is not a decimal mark ("1,234,56"); in
    // English a comma followed by other than three digits separates list items ("3,5").
    if (dec && ((sep && dec === sep) || (dec === ',' && lang === 'en'))) {
      end -= 1 + frac.length;
      dec = undefined;
      frac = '';
      NUM_RE.lastIndex = end;
    }
    if (overlaps({ start, end }, taken) || overlaps({ start, end }, ignore)) continue;

    // Glued to letters → an id, unless the letters are a unit or an ordinal suffix.
    const glued = mayStartWord(s.charCodeAt(end), true) ? GLUED_RE.exec(s.slice(end, end + 8)) : null;
    if (glued) {
      const suffix = glued[0].toLowerCase();
      if (!UNIT_SUFFIXES.has(suffix) && !UNIT_SUFFIXES.has(suffix.replace(FINAL_DOT, ''))) {
        NUM_RE.lastIndex = Math.max(NUM_RE.lastIndex, end + glued[0].length);
        continue;
      }
    }

    // Without a grouping separator the integer part is plain digits.
    const digits = sep ? intText.replace(NON_DIGITS, '') : intText;
    // The primary reading as integer digits + fraction digits; alternatives for the other one.
    let intDigits = digits;
    let fracDigits = dec ? frac : '';
    const alternatives: number[] = [];
    if (sep && !dec && (sep === ',' || sep === '.') && intText.split(sep).length === 2) {
      // One group after a "," or "." is ambiguous: thousands or a decimal part.
      const [whole, part] = intText.split(sep) as [string, string];
      const decimalFirst = (sep === ',' && lang === 'cs') || (sep === '.' && lang === 'en');
      if (decimalFirst) {
        intDigits = whole;
        fracDigits = part;
        alternatives.push(Number(digits));
      } else alternatives.push(Number(`${whole}.${part}`));
    }
    let value = Number(fracDigits ? `${intDigits}.${fracDigits}` : intDigits);
    if (!Number.isFinite(value)) continue;
    value *= sign;
    for (let i = 0; i < alternatives.length; i++) alternatives[i] = alternatives[i]! * sign;
    let step = stepOf(intDigits, fracDigits);
    const hedged = hedgedBefore(s, start);
    let approximate = hedged;

    // Scale word after the number: "1.2 million", "5 mil. Kč".
    let scaled = false;
    const after = s.charCodeAt(end);
    const scaleM =
      mayStartWord(after, false) || ((after === 0x20 || after === 0xa0) && mayStartWord(s.charCodeAt(end + 1), false))
        ? SCALE_AFTER_RE.exec(s.slice(end, end + 14))
        : null;
    // Every scale word starts with t, m or b.
    const scaleInitial = scaleM ? scaleM[1]!.charCodeAt(0) | 0x20 : 0;
    if (scaleM && (scaleInitial === 0x74 || scaleInitial === 0x6d || scaleInitial === 0x62)) {
      for (const [re, mult] of SCALE_WORDS) {
        if (re.test(scaleM[1]!)) {
          alternatives.push(value);
          value *= mult;
          step *= mult;
          approximate = true;
          scaled = true;
          end += scaleM[0].length;
          break;
        }
      }
    }
    let kind: NumberKind = 'number';
    // The unit patterns are tried only when the character they must start (or end) with is there.
    const unitAt = suffixStart(s, end);
    const pct = PERCENT_FIRST.has(unitAt) ? PERCENT_SUFFIX.exec(s.slice(end, end + 16)) : null;
    const curAfter = pct || !CURRENCY_FIRST.has(unitAt) ? null : CURRENCY_SUFFIX.exec(s.slice(end, end + 16));
    const curBefore = CURRENCY_LAST.has(prefixEnd(s, start)) ? CURRENCY_PREFIX.exec(s.slice(Math.max(0, start - 5), start)) : null;
    if (pct) {
      kind = 'percent';
      end += pct[0].length;
    } else if (curAfter || curBefore) {
      kind = 'amount';
      if (curAfter) end += curAfter[0].length;
      if (curBefore) start -= curBefore[0].length;
    } else if (!sep && !dec && !scaled && sign > 0 && digits.length === 4 && value >= 1000 && value <= 2199) {
      kind = 'year';
    }
    // A decade: "the 1990s", "1990's" is any year from 1990 to 1999.
    let range: [number, number] | undefined;
    if (kind === 'year' && value % 10 === 0) {
      const decade = /^'?s(?![\p{L}\p{N}])/u.exec(s.slice(end, end + 3));
      if (decade) {
        range = [value, value + 9];
        end += decade[0].length;
      }
    }
    const mention: NumberMention = { value, text: s.slice(start, end), start, end, kind, step };
    if (range) mention.range = range;
    if (alternatives.length) mention.alternatives = alternatives;
    if (approximate) mention.approximate = true;
    if (hedged) mention.hedged = true;
    out.push(mention);
    NUM_RE.lastIndex = Math.max(NUM_RE.lastIndex, end);
  }

  if (opts.words) {
    for (const w of numberWords(s)) if (!overlaps(w, ignore)) out.push(w);
  }
  sortInPlace(out, (a, b) => a.start - b.start || a.end - b.end);
  return out;
}

/** A one-line excerpt of at most about `max` characters, cut at a word boundary, for messages. */
export function excerpt(s: string, max = 60): string {
  if (!Number.isInteger(max) || max < 0) return excerptOf(s.replace(/\s+/g, ' ').trim(), max);
  // The text with whitespace runs collapsed to one space and trimmed (`\s` and trim() mean the
  // same characters), built only as far as it is shown: max + 1 characters say it is too long.
  const n = s.length;
  const cap = max + 1;
  let t = '';
  let i = 0;
  while (i < n && isJsSpace(s.charCodeAt(i))) i++;
  while (i < n && t.length < cap) {
    let j = i;
    while (j < n && !isJsSpace(s.charCodeAt(j))) j++;
    t += s.slice(i, Math.min(j, i + cap - t.length));
    i = j;
    while (i < n && isJsSpace(s.charCodeAt(i))) i++;
    if (i < n && t.length < cap) t += ' ';
  }
  return excerptOf(t, max);
}

/** The excerpt of `t`, already collapsed and trimmed (or at least max + 1 characters of it). */
function excerptOf(t: string, max: number): string {
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const sp = cut.lastIndexOf(' ');
  const body = sp > max * 0.6 ? cut.slice(0, sp) : cut;
  // Do not end on half of a surrogate pair.
  const last = body.charCodeAt(body.length - 1);
  const safe = last >= 0xd800 && last <= 0xdbff ? body.slice(0, -1) : body;
  // Without trailing spaces and , . ; : (what /[\s,.;:]+$/ would remove).
  let e = safe.length;
  for (;;) {
    const c = safe.charCodeAt(e - 1);
    if (e > 0 && (isJsSpace(c) || c === 0x2c || c === 0x2e || c === 0x3b || c === 0x3a)) e--;
    else break;
  }
  return `${e < safe.length ? safe.slice(0, e) : safe}…`;
}

/** What `\s` matches and trim() removes: WhiteSpace and LineTerminator code units. */
export function isJsSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** True when s.trim() === '', without building the trimmed string. */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isJsSpace(s.charCodeAt(i))) return false;
  return true;
}

/**
 * arr.sort(cmp), skipped when V8's sort would find the array already in order: it makes one
 * pass comparing each element with the one before (cmp(next, previous) < 0 starts a change),
 * and a single non-descending run leaves the array as it is. Most lists here arrive sorted,
 * and Array.prototype.sort allocates its work space even for a handful of elements.
 */
export function sortInPlace<T>(arr: T[], cmp: (a: T, b: T) => number): T[] {
  for (let i = 1; i < arr.length; i++) if (cmp(arr[i]!, arr[i - 1]!) < 0) return arr.sort(cmp);
  return arr;
}
