// Numbers (SPEC §4): a number, date or amount in a cited claim that none of its cited chunks
// contains makes the claim at most partially supported. Values are compared, not spellings:
// 12,717 = 12 717 = 12717, Czech 3,5 = 3.5, a year matches the year of a full date, a digit
// matches its word in the source ("3" / "three" / "tři"), and the sign is ignored ("fell by
// 2 %" against "−2 %"). A hedged number ("about 12,700") matches a source value within one unit
// of its last significant digit, a scaled one ("1.2 million") within half a unit (its rounding).
// Uncited claims are left to COMPLETE, and claims whose cited chunks have no text to EXISTS.
import type { CheckContext, Chunk, Claim, CheckFinding } from '../types';
import { messagesFor } from '../report/messages';
import { extractNumbers, isScaleInitial, numberWords, NUMBER_WORD_VALUES, type NumberMention } from './numberText';
import { citationsByClaim, citedChunksWithText, finding, memoOf, TextCache } from './util';
import { proseReferences } from './references';
import { lowerBound } from '../text/sorted';
import { isDigitCode } from '../text/text';
import {
  convertedPresent,
  countedInPairs,
  maskGluedFootnotes,
  notationSpans,
  percentAsFraction,
  queryGivens,
  queryYears,
  repeatsQuery,
  sourceQuantities,
  type SourceQuantity,
  unitConflict,
} from './numberContext';

interface SourceNumbers {
  values: Set<number>;
  /** Every value, for hedged comparisons. */
  all: number[];
  /** Values written as words ("three", "tři"), read on first need. */
  words?: Set<number>;
  /** Numbers with a unit of length, mass or time, in base units, read on first need. */
  quantities?: SourceQuantity[];
  /** Values written as percentages, read on first need. */
  percents?: Set<number>;
  /** Whether the text says "pair" (any case), read on first need. */
  saysPair?: boolean;
}

const SOURCE_PERCENT = /(\d+(?:[.,]\d+)?)[ \u00A0\u202F]?(?:%|per ?cent|procent)/giu;

function percentsOf(text: string): Set<number> {
  const out = new Set<number>();
  SOURCE_PERCENT.lastIndex = 0;
  for (let m = SOURCE_PERCENT.exec(text); m; m = SOURCE_PERCENT.exec(text)) out.add(key(Number(m[1]!.replace(',', '.'))));
  return out;
}

const key = (v: number) => Math.round(Math.abs(v) * 1e6) / 1e6;

// Digit runs in a source, with any grouping or decimal separator. The source side is read
// leniently, in every plausible way at once (English and Czech separators, a list "3,5" as
// 3, 5 and 3.5), because a wider set of source values can only avoid false alarms; the claim
// side is read strictly by the claim's language with extractNumbers.
// The characters that may group a run's digits; plainIntegerIn reads a run's edges by the same.
const RUN_SEPARATORS = ",.'\u00A0\u202F\u2009 ";
const SOURCE_RUN = new RegExp(`\\d+(?:[${RUN_SEPARATORS}]\\d{3}(?!\\d))*(?:[.,]\\d+)?`, 'g');
const SOURCE_SCALE = /^[ \u00A0]?(thousand|tis\.?|tisíc\w*|million\w*|mil\.?|milion\w*|billion\w*|bn|mld\.?|miliard\w*)/iu;
const SCALE_OF = (w: string): number => (/^(?:th|tis)/i.test(w) ? 1e3 : /^(?:b|mld|miliard)/i.test(w) ? 1e9 : 1e6);

/** Digits of text[from, to) without the separators, as a string. */
function digitsOf(text: string, from: number, to: number): string {
  let out = '';
  let run = from;
  for (let k = from; k < to; k++) {
    if (isDigitCode(text.charCodeAt(k))) continue;
    out += text.slice(run, k);
    run = k + 1;
  }
  return out + text.slice(run, to);
}

/** Number(text.slice(from, to)) for a run of plain digits, without the slice when it is exact. */
function digitsValue(text: string, from: number, to: number): number {
  if (to - from > 15) return Number(text.slice(from, to));
  let v = 0;
  for (let k = from; k < to; k++) v = v * 10 + (text.charCodeAt(k) - 0x30);
  return v;
}

function sourceNumbers(text: string): SourceNumbers {
  const values = new Set<number>();
  const all: number[] = [];
  const add = (v: number) => {
    if (!Number.isFinite(v)) return;
    const k = key(v);
    if (!values.has(k)) {
      values.add(k);
      all.push(k);
    }
  };
  const n = text.length;
  SOURCE_RUN.lastIndex = 0;
  for (let m = SOURCE_RUN.exec(text); m; m = SOURCE_RUN.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    // The separators of the run, by code: how many, and where the last one is.
    let seps = 0;
    let lastAt = -1;
    for (let k = start; k < end; k++) {
      if (!isDigitCode(text.charCodeAt(k))) {
        seps++;
        lastAt = k;
      }
    }
    // Up to three readings, in this order.
    let r0: number;
    let r1 = NaN;
    let r2 = NaN;
    let count: number;
    if (seps === 0) {
      r0 = digitsValue(text, start, end);
      count = 1;
    } else {
      const last = text.charCodeAt(lastAt);
      const tailLength = end - lastAt - 1;
      const readings: number[] = [];
      // Grouped integer (every separator a thousands separator).
      if (tailLength === 3) readings.push(Number(digitsOf(text, start, end)));
      // The last "," or "." as a decimal mark, the others as grouping.
      if (last === 0x2c || last === 0x2e) {
        readings.push(Number(`${digitsOf(text, start, lastAt)}.${text.slice(lastAt + 1, end)}`));
        // A single "," between short numbers may be a list: "3,5".
        if (seps === 1 && last === 0x2c && tailLength !== 3) readings.push(digitsValue(text, start, lastAt), digitsValue(text, lastAt + 1, end));
      }
      count = readings.length;
      r0 = readings[0] ?? NaN;
      r1 = readings[1] ?? NaN;
      r2 = readings[2] ?? NaN;
    }
    let mult = 0;
    if (end < n) {
      const c0 = text.charCodeAt(end);
      if (isScaleInitial(c0) || ((c0 === 0x20 || c0 === 0xa0) && end + 1 < n && isScaleInitial(text.charCodeAt(end + 1)))) {
        const scale = SOURCE_SCALE.exec(text.slice(end, end + 14));
        if (scale) mult = SCALE_OF(scale[1]!);
      }
    }
    for (let k = 0; k < count; k++) {
      const v = k === 0 ? r0 : k === 1 ? r1 : r2;
      add(v);
      if (mult) add(v * mult);
    }
  }
  return { values, all };
}

// A chunk's numbers depend on its text alone, so they are kept by text across audits (the
// workbench re-audits on every edit of the answer while the chunk texts stay the same).
const sourceCache = new TextCache<SourceNumbers>(4096);

function sourceNumbersOf(ch: Chunk): SourceNumbers {
  return sourceCache.get(ch.text, sourceNumbers);
}

function wordValues(text: string): Set<number> {
  return new Set(numberWords(text).map((n) => key(n.value)));
}

function datePresent(d: NonNullable<NumberMention['date']>, src: SourceNumbers): boolean {
  // Dates are matched by their numbers: the year and the day must both be in the source (in
  // any format: "19. 10. 2008", "19 October 2008", "2008-10-19"); month names are not compared.
  if (d.year === undefined && d.day === undefined) return true;
  return (d.year === undefined || src.values.has(d.year)) && (d.day === undefined || src.values.has(d.day));
}

/**
 * A cited chunk's numbers in one audit: read in full on first need, and until then looked up by
 * their digits, within a budget so that many claims citing one long chunk read it a bounded
 * number of times in all (then its numbers are read once, and each lookup is a Set's).
 */
interface CitedNumbers {
  chunk: Chunk;
  numbers?: SourceNumbers;
  /** Characters the digit lookups may still read before the numbers are read in full. */
  plainBudget: number;
}

/** How many times a chunk's length its digit lookups may read in one audit. */
const PLAIN_READS = 2;

function present(n: NumberMention, c: CitedNumbers, claim: string): boolean {
  const srcOf = () => (c.numbers ??= sourceNumbersOf(c.chunk));
  const text = c.chunk.text;
  if (n.kind === 'date' && n.date) return datePresent(n.date, srcOf());
  const found = (c.numbers === undefined && c.plainBudget > 0 && plainIntegerIn(n.value, c)) || presentByValue(n, srcOf(), text, claim);
  // A value found only with another unit of the same kind is a wrong conversion.
  return found && unitConflict(n, claim, () => (srcOf().quantities ??= sourceQuantities(text))) ? false : found;
}

const isRunSeparator = (c: number): boolean => RUN_SEPARATORS.includes(String.fromCharCode(c));

/**
 * Whether the chunk's text has |value| (a whole number of at most 15 digits) as a run of plain
 * digits that SOURCE_RUN reads as exactly that run: no digit or digit-and-separator touches it
 * on either side. Such a run puts the value in sourceNumbers(text).values, so the usual number
 * of a claim is found without reading every number of the chunk. (False only means "not this
 * way": the full reading decides then.) What it reads is taken from the chunk's budget.
 */
function plainIntegerIn(value: number, c: CitedNumbers): boolean {
  const v = Math.abs(value);
  if (!Number.isInteger(v) || v >= 1e15) return false;
  const text = c.chunk.text;
  const digits = String(v);
  const n = text.length;
  for (let at = text.indexOf(digits); at >= 0; at = text.indexOf(digits, at + 1)) {
    // Every separator inside a run follows a digit: a run from before reaches `at` only so.
    if (at > 0) {
      const before = text.charCodeAt(at - 1);
      if (isDigitCode(before)) continue;
      if (isRunSeparator(before) && at > 1 && isDigitCode(text.charCodeAt(at - 2))) continue;
    }
    // After it: no more digits, and no separator that a group or a decimal part follows.
    const end = at + digits.length;
    if (end < n) {
      const after = text.charCodeAt(end);
      if (isDigitCode(after)) continue;
      if (isRunSeparator(after) && end + 1 < n && isDigitCode(text.charCodeAt(end + 1))) continue;
    }
    c.plainBudget -= end;
    return true;
  }
  c.plainBudget -= n;
  return false;
}

function presentByValue(n: NumberMention, src: SourceNumbers, text: string, claim: string): boolean {
  // The value and its other readings (no array made for the usual single reading).
  const alternatives = n.alternatives ?? NONE;
  if (src.values.has(key(n.value))) return true;
  for (const v of alternatives) if (src.values.has(key(v))) return true;
  if (n.range) {
    const [from, to] = n.range;
    for (const w of src.all) if (w >= from && w <= to) return true;
  }
  if (n.approximate && n.step) {
    // A hedged number may be one unit of its last digit off; a number that is only scaled
    // ("1.2 million") is a rounding: half a unit ("1.3 million" is not 1,204,000).
    const v = Math.abs(n.value);
    const tolerance = n.step * (n.hedged ? 1 : 0.5) * (1 + 1e-9);
    for (const w of src.all) if (Math.abs(w - v) <= tolerance) return true;
  }
  // The same quantity in another unit ("150 million km" / "149,597,870,700 metres"), or a share
  // written another way ("25 %" / "0.25" / "a quarter", "0.25" / "25 %").
  if (convertedPresent(n, claim, () => (src.quantities ??= sourceQuantities(text)))) return true;
  if (percentAsFraction(n, src.all, text)) return true;
  if (countedInPairs(n, claim, text, () => (src.saysPair ??= /pair/i.test(text)))) return true;
  if (n.kind === 'number' && n.value > 0 && n.value < 1) {
    src.percents ??= percentsOf(text);
    if (src.percents.has(key(n.value * 100))) return true;
  }
  // A digit in the claim may be a word in the source: "3" / "three" / "tři".
  if (!NUMBER_WORD_VALUES.has(Math.abs(n.value)) && !alternatives.some((v) => NUMBER_WORD_VALUES.has(Math.abs(v)))) return false;
  src.words ??= wordValues(text);
  if (src.words.has(key(n.value))) return true;
  for (const v of alternatives) if (src.words.has(key(v))) return true;
  return false;
}

const NONE: readonly number[] = [];

// "1. ", "2) ", "- 3. " at the start of a list item number the list, they do not claim anything;
// markers glued to the number ("1[2]. Eros…") do not change that.
const ENUMERATOR_START = /^\s*(?:[-*•]\s*)?(?:#+\s*)?\d{1,3}/;

function enumeratorEnd(text: string, markers: { start: number; end: number }[]): number | undefined {
  const m = ENUMERATOR_START.exec(text);
  if (!m) return undefined;
  let at = m[0].length;
  for (let moved = true; moved; ) {
    moved = false;
    for (const s of markers) {
      if (s.start === at && s.end > at) {
        at = s.end;
        moved = true;
      }
    }
  }
  return /^[.)]\s/.test(text.slice(at, at + 2)) ? at + 1 : undefined;
}

/** Digits (one to three) at the start of a line that a marker follows directly: "1[1]. Item". */
function gluedListNumbers(text: string, markers: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of markers) {
    let k = m.start;
    while (k > 0 && k > m.start - 3 && isDigitCode(text.charCodeAt(k - 1))) k--;
    if (k === m.start || (k > 0 && isDigitCode(text.charCodeAt(k - 1)))) continue;
    let b = k;
    while (b > 0 && (text[b - 1] === ' ' || text[b - 1] === '\t')) b--;
    if (b > 0 && text[b - 1] === '\n') out.push({ start: k, end: m.start });
  }
  return out;
}

const DIGIT_RUNS = /\d+/g;

/** Ascending offsets of the ASCII digits of `answer` that no marker span covers. */
function freeDigits(answer: string, spans: readonly { start: number; end: number }[]): readonly number[] {
  const found: number[] = [];
  // spans are sorted by start; `reach` is the furthest end of the spans started so far.
  let k = 0;
  let reach = -Infinity;
  DIGIT_RUNS.lastIndex = 0;
  while (DIGIT_RUNS.test(answer)) {
    const runEnd = DIGIT_RUNS.lastIndex;
    let i = runEnd - 1;
    while (i > 0 && isDigitCode(answer.charCodeAt(i - 1))) i--;
    for (; i < runEnd; i++) {
      while (k < spans.length && spans[k]!.start <= i) reach = Math.max(reach, spans[k++]!.end);
      if (i >= reach) found.push(i);
    }
  }
  // (The list itself: a typed copy cost more to make than the searches in it save.)
  return found;
}

/** First index of `xs` (ascending) whose value is >= v; searched from `from` when v only grows. */
function firstAtLeast(xs: readonly number[], v: number, from: number): number {
  return lowerBound(xs, v, from < xs.length && (from === 0 || xs[from - 1]! < v) ? from : 0);
}

interface ClaimNumbers {
  claim: Claim;
  absent: NumberMention[];
  chunkIds: string[];
}

interface Analysis {
  /** The context fields the analysis read (a copy of the context with other values is analysed again). */
  inputs: readonly unknown[];
  result: ClaimNumbers[];
}

const analysisInputs = (ctx: CheckContext): unknown[] => [ctx.answer, ctx.claims, ctx.citations, ctx.markers, ctx.chunkById, ctx.language, ctx.query, ctx.chunks];

function analyse(ctx: CheckContext): ClaimNumbers[] {
  const hit = ctx.memo?.get(analyse) as Analysis | undefined;
  const inputs = analysisInputs(ctx);
  if (hit && hit.inputs.every((v, i) => v === inputs[i])) return hit.result;
  const out: ClaimNumbers[] = [];
  const citationsOf = citationsByClaim(ctx);
  // The markers by start (findMarkers lists them so; anything else is sorted first).
  const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;
  let markerSpans: readonly { start: number; end: number }[] = ctx.markers;
  for (let i = 1; i < markerSpans.length; i++) {
    if (byStart(markerSpans[i]!, markerSpans[i - 1]!) < 0) {
      markerSpans = ctx.markers.map((mk) => ({ start: mk.start, end: mk.end })).sort(byStart);
      break;
    }
  }
  const longest = markerSpans.reduce((mx, s) => Math.max(mx, s.end - s.start), 0);
  // Markers overlapping [start, end): binary search for the first one that could, then scan.
  const markersIn = (start: number, end: number) => {
    let lo = 0;
    let hi = markerSpans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (markerSpans[mid]!.start < start - longest) lo = mid + 1;
      else hi = mid;
    }
    const out: { start: number; end: number }[] = [];
    for (let i = lo; i < markerSpans.length && markerSpans[i]!.start < end; i++) {
      const s = markerSpans[i]!;
      if (s.end > start) out.push({ start: s.start - start, end: s.end - start });
    }
    return out;
  };
  const answer = ctx.answer;
  // Digits outside every marker, to pass over claims without any number quickly; only for
  // markers with whole-number spans (as findMarkers makes them), else every claim is read.
  const free = markerSpans.every((s) => Number.isInteger(s.start) && Number.isInteger(s.end)) ? freeDigits(answer, markerSpans) : undefined;
  let freeAt = 0;
  const numbersOf = new Map<Chunk, CitedNumbers>();
  // The query's numbers, read on first need (see queryGivens for when they count as givens).
  let givens: ReturnType<typeof queryGivens> | undefined;
  let years: Set<number> | undefined;
  // Both read the same query's numbers: extracted once (neither changes the list).
  let queryMentions: NumberMention[] | undefined;
  const queryNumbers = (q: string): NumberMention[] => (queryMentions ??= extractNumbers(q, ctx.language));
  for (const claim of ctx.claims) {
    const start = Math.max(0, Math.min(claim.start, answer.length));
    const end = Math.max(start, Math.min(claim.end, answer.length));
    // Numbers need digits outside the markers (and the list enumerator, which only removes more).
    // (Offsets as slice() reads them: truncated, NaN as 0.)
    if (free) {
      freeAt = firstAtLeast(free, Math.trunc(start) || 0, freeAt);
      if (!(freeAt < free.length && free[freeAt]! < (Math.trunc(end) || 0))) continue;
    }
    const ignore = markersIn(start, end);
    const citations = citationsOf(claim);
    const claimChunkIds = claim.chunk_ids ?? [];
    if (citations.length === 0 && claimChunkIds.length === 0) continue;
    const chunks = citedChunksWithText(ctx, citations, claimChunkIds);
    if (chunks.length === 0) continue;
    const raw = answer.slice(start, end);
    const enumerator = enumeratorEnd(raw, ignore);
    if (enumerator !== undefined) ignore.push({ start: 0, end: enumerator });
    // A list number glued to the marker the lead-in before it takes ("…township:\n1[1]. Langa")
    // is the next item's number, not a figure of this claim.
    for (const g of gluedListNumbers(raw, ignore)) ignore.push(g);
    // Numbers that name no fact: maths notation, prose references to the chunks, footnote
    // digits glued to an amount (masked, so the amount reads whole).
    ignore.push(...notationSpans(raw));
    for (const r of proseReferences(raw, ctx.chunks, ctx.chunkById)) ignore.push(r);
    const text = maskGluedFootnotes(raw, ctx.language).text;
    const mentions = extractNumbers(text, ctx.language, { ignore });
    if (mentions.length === 0) continue;
    const cited = chunks.map((ch) => {
      let c = numbersOf.get(ch);
      if (!c) numbersOf.set(ch, (c = { chunk: ch, plainBudget: PLAIN_READS * ch.text.length }));
      return c;
    });
    // Absent from every cited chunk and not a given of the query. (The chunks are asked first:
    // most numbers are found there, and then the query is never read.)
    const missing = mentions.filter((n) => !cited.some((c) => present(n, c, text)));
    if (missing.length === 0) continue;
    givens ??= queryGivens(ctx.query ?? '', queryNumbers);
    years ??= queryYears(ctx.query ?? '', queryNumbers);
    // A year the question names, set against a number the chunks do have ("could not have
    // existed in 1490: it was built in 1612"), is the question's premise, not the source's fact.
    const compared = missing.length < mentions.length;
    const absent = missing.filter((n) => !repeatsQuery(n, text, givens!) && !(compared && n.kind === 'year' && years!.has(n.value))).map((n) => ({ ...n, start: n.start + start, end: n.end + start }));
    if (absent.length) out.push({ claim, absent, chunkIds: chunks.map((ch) => ch.id) });
  }
  memoOf(ctx).set(analyse, { inputs, result: out } satisfies Analysis);
  return out;
}

export function checkNumbers(ctx: CheckContext): CheckFinding[] {
  const m = messagesFor(ctx.language);
  const out: CheckFinding[] = [];
  for (const { claim, absent, chunkIds } of analyse(ctx)) {
    for (const n of absent) {
      out.push(
        finding(ctx, {
          severity: 'warning',
          code: 'number_absent',
          start: n.start,
          end: n.end,
          claim_index: claim.index,
          ...m.numberAbsent({ number: n.text, claim: claim.text, chunkIds }),
        }),
      );
    }
  }
  return out;
}
