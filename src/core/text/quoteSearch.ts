// Exact quote search over normalised text: spaces, hyphenation and elisions tolerated, edges
// trimmed, and many quotes against many chunks through a joined corpus.
import { normalizeForMatch, toOriginalSpan, type NormalizedText } from './normalize';
import { lastAtOrBelow, lowerBound } from './sorted';
import { TextSearch } from './textSearch';

/**
 * A haystack prepared once and searched many times (a chunk is searched by every citation that
 * cites it); the normalised and compact forms, and a searcher for each (./textSearch.ts: a chunk
 * searched by many quotes is indexed once instead of scanned per quote), are built on first use.
 */
export class PreparedText {
  readonly raw: string;
  #norm?: NormalizedText;
  #compact?: { text: string; toNorm: Int32Array };
  #unhyphenated?: { text: string; at: Int32Array };
  #rawSearch?: TextSearch;
  #normSearch?: TextSearch;
  #compactSearch?: TextSearch;
  #unhyphenatedSearch?: TextSearch;
  #hyphen?: boolean;
  constructor(raw: string) {
    this.raw = raw;
  }
  get rawSearch(): TextSearch {
    return (this.#rawSearch ??= new TextSearch(this.raw));
  }
  get normSearch(): TextSearch {
    return (this.#normSearch ??= new TextSearch(this.norm.text));
  }
  get compactSearch(): TextSearch {
    return (this.#compactSearch ??= new TextSearch(this.compact.text));
  }
  get unhyphenatedSearch(): TextSearch {
    return (this.#unhyphenatedSearch ??= new TextSearch(this.unhyphenated.text));
  }
  /** Whether the compact form has a hyphen (else the unhyphenated form is the compact one). */
  get hasHyphen(): boolean {
    return (this.#hyphen ??= this.compact.text.includes('-'));
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
  const exact = closest(hay.rawSearch.occurrences(raw), near);
  if (exact !== undefined) return { start: exact, end: exact + raw.length, method: 'exact' };
  const pq = typeof quote === 'string' ? new PreparedQuote(quote) : quote;
  const q = pq.norm;
  if (!q) return undefined;
  const norm = hay.norm;
  const nearNorm = near === undefined ? undefined : normIndexOf(norm, near);
  const at = closest(hay.normSearch.occurrences(q), nearNorm);
  if (at !== undefined) return { ...toOriginalSpan(norm, at, at + q.length), method: 'normalized' };
  const qc = pq.compact;
  if (qc.length < COMPACT_MIN) return undefined;
  const compact = hay.compact;
  const nearCompact = nearNorm === undefined ? undefined : lowerBound(compact.toNorm, nearNorm);
  const cAt = closest(hay.compactSearch.occurrences(qc), nearCompact);
  if (cAt !== undefined) {
    const ns = compact.toNorm[cAt]!;
    const ne = compact.toNorm[cAt + qc.length - 1]! + 1;
    return { ...toOriginalSpan(norm, ns, ne), method: 'normalized' };
  }
  // Last, hyphens between letters ignored on both sides (line-end hyphenation of PDF text).
  if (!hay.hasHyphen && !qc.includes('-')) return undefined;
  const uq = pq.unhyphenated;
  const uh = hay.unhyphenated;
  const uAt = closest(hay.unhyphenatedSearch.occurrences(uq), nearCompact === undefined ? undefined : lowerBound(uh.at, nearCompact));
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
  const parts = elidedParts(quote);
  if (!parts) return undefined;
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

/** The parts of a quote with elisions, as findElidedQuote looks for them; undefined when it finds none. */
export function elidedParts(quote: string): string[] | undefined {
  ELLIPSIS_RE.lastIndex = 0;
  if (!ELLIPSIS_RE.test(quote)) return undefined;
  const parts = quote
    .split(ELLIPSIS_RE)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.some((p) => p.replace(/\s/g, '').length < 4)) return undefined;
  return parts;
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
 * for long quotes — with spaces ignored)? Each form of the texts is joined once into one text
 * with a searcher (./textSearch.ts), so a search over hundreds of chunks is one search, and
 * many searches cost about the joined length plus their needles.
 */
export class TextCorpus {
  readonly #texts: readonly PreparedText[];
  #raw?: Joined;
  #norm?: Joined;
  #compact?: Joined;
  #unhyphenated?: Joined;
  constructor(texts: readonly PreparedText[]) {
    this.#texts = texts;
  }
  /** Index of the first text (other than `except`) that contains the quote, if any. */
  find(quote: PreparedQuote, except?: number): number | undefined {
    if (!quote.raw) return undefined;
    if (quote.raw.includes(SEPARATOR)) {
      // A match could straddle two texts of the joined form: text by text.
      for (let i = 0; i < this.#texts.length; i++) if (i !== except && this.#texts[i]!.raw.includes(quote.raw)) return i;
    } else {
      const hit = findIn((this.#raw ??= join(this.#texts.map((t) => t.raw))), quote.raw, except);
      if (hit !== undefined) return hit;
    }
    if (!quote.norm) return undefined;
    // The separator never survives normalisation, so no match can straddle two texts.
    const hit = findIn((this.#norm ??= join(this.#texts.map((t) => t.norm.text))), quote.norm, except);
    if (hit !== undefined || quote.compact.length < COMPACT_MIN) return hit;
    return findIn((this.#compact ??= join(this.#texts.map((t) => t.compact.text))), quote.compact, except);
  }
  /**
   * The first text from index `from` on where findQuote could find the quote: where one of its
   * forms (verbatim, normalised, without spaces, without hyphens) occurs. Every text where
   * findQuote finds it is such a text; the caller confirms with findQuote. Each call costs about
   * the quote's length (plus the places compared), not the texts', once they are indexed.
   */
  firstFrom(quote: PreparedQuote, from: number): number | undefined {
    const n = this.#texts.length;
    if (!quote.raw || from >= n) return undefined;
    let best: number | undefined;
    const take = (at: number | undefined) => {
      if (at !== undefined && (best === undefined || at < best)) best = at;
    };
    if (quote.raw.includes(SEPARATOR)) {
      for (let i = from; i < n; i++) {
        if (this.#texts[i]!.raw.includes(quote.raw)) {
          take(i);
          break;
        }
      }
    } else take(nextIn((this.#raw ??= join(this.#texts.map((t) => t.raw))), quote.raw, from));
    if (!quote.norm) return best;
    take(nextIn((this.#norm ??= join(this.#texts.map((t) => t.norm.text))), quote.norm, from));
    if (quote.compact.length < COMPACT_MIN) return best;
    take(nextIn((this.#compact ??= join(this.#texts.map((t) => t.compact.text))), quote.compact, from));
    if (quote.unhyphenated) take(nextIn((this.#unhyphenated ??= join(this.#texts.map((t) => t.unhyphenated.text))), quote.unhyphenated, from));
    return best;
  }
}

const SEPARATOR = '\u0001';

interface Joined {
  search: TextSearch;
  /** Where each text starts in the joined text. */
  starts: number[];
}

function join(parts: string[]): Joined {
  const starts: number[] = [];
  let at = 0;
  for (const p of parts) {
    starts.push(at);
    at += p.length + 1;
  }
  return { search: new TextSearch(parts.join(SEPARATOR)), starts };
}

/** The text holding the first occurrence of needle from the start of text `from` on; needle has no separator. */
function nextIn(joined: Joined, needle: string, from: number): number | undefined {
  const at = joined.search.indexOf(needle, joined.starts[from] ?? Infinity);
  return at < 0 ? undefined : lastAtOrBelow(joined.starts, at);
}

/** The first text (other than `except`) with needle in it; needle has no separator. */
function findIn(joined: Joined, needle: string, except: number | undefined): number | undefined {
  const starts = joined.starts;
  let from = 0;
  for (;;) {
    const at = joined.search.indexOf(needle, from);
    if (at < 0) return undefined;
    const lo = lastAtOrBelow(starts, at);
    if (lo !== except) return lo;
    // Every other match in the excepted text is skipped at once.
    if (lo + 1 >= starts.length) return undefined;
    from = starts[lo + 1]!;
  }
}

/** First normalised index whose original offset is >= orig (binary search over the monotonic map). */
function normIndexOf(norm: NormalizedText, orig: number): number {
  return lowerBound(norm.map, orig, 0, norm.text.length);
}

/** True when a and b are equal after normalisation and trimming. */
export function equalNormalized(a: string, b: string): boolean {
  if (a === b) return true;
  return trimmedNorm(a).text === trimmedNorm(b).text;
}
