// Sentence ranges of a block of text: Intl.Segmenter in windows (with the UAX #29 fast path in
// uaxSentences.ts, and a plain fallback without Intl), then our repairs for abbreviations,
// initials and other false sentence ends (shouldMerge).
import { isSpace, isSpaceChar } from '../text/text';
import type { Language } from '../types';
import { uaxSentences } from './uaxSentences';

const WINDOW = 2000;

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
  for (const cut of windowCuts(text)) {
    rangesOf(text.slice(start, cut), start, lang, out);
    start = cut;
  }
  rangesOf(text.slice(start), start, lang, out);
  return out;
}

/**
 * Where sentenceRanges cuts a long text into windows (each cut ends a sentence), ascending;
 * none for a text of WINDOW characters or fewer.
 */
export function windowCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let start = 0; text.length - start > WINDOW; ) cuts.push((start = windowCut(text, start)));
  return cuts;
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
/** Company forms of MAYBE_TERMINAL: go on before a capitalised word that does not open sentences. */
const COMPANY = new Set('inc ltd co corp'.split(' '));
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
export function shouldMerge(text: string, prevStart: number, nextStart: number, nextEnd: number): boolean {
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
  // "Inc. v. Bruen": a lower-case "v." is "versus", never the end of a sentence.
  if (tok === 'v') return true;
  if (MAYBE_TERMINAL.has(low)) {
    if (/^[\d§(]/.test(n)) return true;
    // "Acme Corp. Chairman Smith" goes on; "Apple Inc. The company …" ends: as after initials.
    if (!COMPANY.has(low) || !UPPER_RE.test(n[0] ?? '')) return false;
    return !OPENERS.has((FIRST_WORD_RE.exec(n)?.[0] ?? '').toLowerCase());
  }
  if (SCALES.has(low) && ts - 2 >= prevStart && isSpace(text, ts - 1) && /\p{N}/u.test(text[ts - 2] ?? '')) return CURRENCY_START.test(n);
  if (INITIALS_RE.test(tok)) {
    // Another initial follows ("U. S. Army", "T. G. Masaryk"): still the same name.
    if (/^\p{Lu}\.\s/u.test(n)) return true;
    const firstWord = (FIRST_WORD_RE.exec(n)?.[0] ?? '').toLowerCase();
    return !OPENERS.has(firstWord);
  }
  return false;
}
