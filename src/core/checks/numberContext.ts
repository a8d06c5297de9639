// What makes a number in a claim not a fact to find in its sources, and when a source states the
// same quantity in another unit or scale. Used by the numbers check (./numbers.ts).
//
// Not facts from a source:
// - maths notation: the exponent or index of a symbol (`S^2`, `x^{2}`, `a_1`, `x_{12}`);
// - a footnote digit glued to a grouped amount: in English "$230,0003" is "$230,000" followed by
//   footnote 3 (a comma group of four digits is not a number there); Czech reads it as the
//   decimal it can be, and either reading may match;
// - a number the claim repeats from the user's query in the same role (the same word after it,
//   "a 12-year-old" / "75 kg"), when the query asks an open question ("how much…", "what…"):
//   the number is the question's given, and the answer's own figures are still checked. A
//   yes/no question ("Can you vote at 16?") asks whether the number holds, so an answer
//   repeating it ("You can vote at 16") asserts it and is still checked.
// - prose references to the inputs ("passage 3"): see ./references.ts.
//
// Same quantity, other unit: a number followed by a unit of length, mass or time matches a
// source number with a unit of the same kind when the two agree in the base unit within the
// claim's own rounding (half a unit of its last digit; a hedged number, one unit): "about 150
// million km" matches "149,597,870,700 metres", "150 million miles" does not. A percentage
// matches the same share written as a fraction ("25 %" / "0.25" / "a quarter").
//
// Same count, counted in pairs: "38 chromosomes" matches a source's "19 chromosome pairs" or "19
// pairs of chromosomes", and "23 pairs of chromosomes" a source's "46 chromosomes" — the same
// noun (by stem) on both sides. "38 chromosomes" against "19 chromosomes", or against "19 pairs
// of genes", is still absent.
import type { Language } from '../types';
import type { NumberMention } from './numberText';
import { escapeRegExp } from '../text/text';

// ---------------------------------------------------------------------------------------------
// Maths notation and glued footnotes

// The digits of an exponent or index after a symbol: a letter, closing bracket or prime, then
// ^ or _, then digits (optionally braced).
const NOTATION_RE = /(?<=[\p{L})\]}'’])[\^_]\{?(-?\d+(?:\.\d+)?)\}?/gu;

/** Spans of the digits of maths notation in `text`. */
export function notationSpans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  if (text.indexOf('^') < 0 && text.indexOf('_') < 0) return out;
  NOTATION_RE.lastIndex = 0;
  for (let m = NOTATION_RE.exec(text); m; m = NOTATION_RE.exec(text)) {
    const at = m.index + m[0].indexOf(m[1]!);
    out.push({ start: at, end: at + m[1]!.length });
  }
  return out;
}

// A comma-grouped amount whose last group has one or two digits too many.
const GLUED_FOOTNOTE_RE = /(?<![\p{L}\p{N}_.,])(\d{1,3}(?:,\d{3})*,\d{3})(\d{1,2})(?![\p{N}]|[.,]\d)/gu;

/**
 * `text` with footnote digits glued to a comma-grouped amount replaced by spaces (same length,
 * so offsets hold). English only: in Czech "230,0003" is a decimal number.
 */
export function maskGluedFootnotes(text: string, lang: Language): { text: string; masked: { start: number; end: number }[] } {
  const masked: { start: number; end: number }[] = [];
  if (lang !== 'en' || text.indexOf(',') < 0) return { text, masked };
  GLUED_FOOTNOTE_RE.lastIndex = 0;
  let out = '';
  let from = 0;
  for (let m = GLUED_FOOTNOTE_RE.exec(text); m; m = GLUED_FOOTNOTE_RE.exec(text)) {
    const at = m.index + m[1]!.length;
    out += text.slice(from, at) + ' '.repeat(m[2]!.length);
    from = at + m[2]!.length;
    masked.push({ start: at, end: from });
  }
  return masked.length ? { text: out + text.slice(from), masked } : { text, masked };
}

// ---------------------------------------------------------------------------------------------
// Numbers repeated from the query

// A yes/no question opens with an auxiliary or a verb (English) or a verb form Czech questions
// open with; an open question has a question word somewhere.
const CLOSED_START_EN = /^(?:is|are|was|were|am|can|could|do|does|did|will|would|should|shall|has|have|had|must|may|might)\b/i;
const CLOSED_START_CS = /^(?:je|jsou|byl[aoiy]?|bude|budou|lze|může|můžu|mohu|můžeme|má|mají|mám|musí|musím|smí|smím|dá se|existuje|platí)(?![\p{L}])/iu;
const OPEN_WORD = /(?<![\p{L}])(?:how|what|which|when|where|who|whom|whose|why|kolik|jak\p{L}*|kdy|kde|kdo|proč|co|čem|čeho|kter\p{L}*)(?![\p{L}])/iu;

/** Whether the query asks whether something holds (yes/no) rather than for something. */
export function isClosedQuestion(query: string): boolean {
  // The question itself: the last sentence with a question mark, else the whole query.
  const parts = query.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  const q = [...parts].reverse().find((s) => s.endsWith('?')) ?? query.trim();
  if (OPEN_WORD.test(q)) return false;
  return CLOSED_START_EN.test(q) || CLOSED_START_CS.test(q);
}

// The word right after a number (past a hyphen or space, and past any citation markers), as a
// crude unit/role: "12-year-old" → "year", "75kg" → "kg", "16?" → "".
const AFTER_WORD = /^(?:\s*\[[^\]]{0,12}\])*[\s\u00A0-]*([\p{L}%°$€£]+)/u;

export function wordAfter(text: string, end: number): string {
  const m = AFTER_WORD.exec(text.slice(end, end + 40));
  if (!m) return '';
  const w = m[1]!.toLowerCase();
  // Plural and case endings do not change the role ("years" / "year", "let" stays).
  return w.length > 3 ? w.replace(/(?:es|s)$/, '') : w;
}

export interface QueryNumber {
  value: number;
  after: string;
}

/** The query's numbers with the word after each, or none when the query is a yes/no question. */
export function queryGivens(query: string, extract: (s: string) => NumberMention[]): QueryNumber[] {
  if (!query || !/\d/.test(query) || isClosedQuestion(query)) return [];
  return extract(query).map((n) => ({ value: n.value, after: wordAfter(query, n.end) }));
}

/** The years the query names, open or closed question alike. */
export function queryYears(query: string, extract: (s: string) => NumberMention[]): Set<number> {
  if (!query || !/\d/.test(query)) return new Set();
  return new Set(extract(query).filter((n) => n.kind === 'year').map((n) => n.value));
}

/** Whether mention `n` of `claim` repeats a given of the query in the same role. */
export function repeatsQuery(n: NumberMention, claim: string, givens: readonly QueryNumber[]): boolean {
  if (!givens.length || n.kind === 'date') return false;
  const after = wordAfter(claim, n.end);
  return givens.some((g) => g.value === n.value && g.after === after);
}

// ---------------------------------------------------------------------------------------------
// Units

type Dimension = 'length' | 'mass' | 'time';
interface Unit {
  dim: Dimension;
  /** Size in the dimension's base unit (metre, kilogram, second). */
  factor: number;
}

const UNIT_TABLE: [RegExp, Unit][] = [
  [/^(?:km|kilomet(?:er|re)s?|kilometr\p{L}*)$/u, { dim: 'length', factor: 1e3 }],
  [/^(?:m|met(?:er|re)s?|metr\p{L}*)$/u, { dim: 'length', factor: 1 }],
  [/^(?:cm|centimet(?:er|re)s?|centimetr\p{L}*)$/u, { dim: 'length', factor: 1e-2 }],
  [/^(?:mm|millimet(?:er|re)s?|milimetr\p{L}*)$/u, { dim: 'length', factor: 1e-3 }],
  [/^(?:mi|miles?|mil[eí])$/u, { dim: 'length', factor: 1609.344 }],
  [/^(?:ft|foot|feet)$/u, { dim: 'length', factor: 0.3048 }],
  [/^(?:inch|inches)$/u, { dim: 'length', factor: 0.0254 }],
  [/^(?:yd|yards?)$/u, { dim: 'length', factor: 0.9144 }],
  [/^(?:kg|kilos?|kilograms?|kilogram\p{L}*)$/u, { dim: 'mass', factor: 1 }],
  [/^(?:g|grams?|gram\p{L}*)$/u, { dim: 'mass', factor: 1e-3 }],
  [/^(?:mg|milligrams?|miligram\p{L}*)$/u, { dim: 'mass', factor: 1e-6 }],
  [/^(?:t|tonnes?|tun[ayěu]?)$/u, { dim: 'mass', factor: 1e3 }],
  [/^(?:lbs?|pounds?)$/u, { dim: 'mass', factor: 0.45359237 }],
  [/^(?:oz|ounces?)$/u, { dim: 'mass', factor: 0.028349523125 }],
  [/^(?:s|secs?|seconds?|sekund\p{L}*)$/u, { dim: 'time', factor: 1 }],
  [/^(?:min|mins|minutes?|minut\p{L}*)$/u, { dim: 'time', factor: 60 }],
  [/^(?:h|hrs?|hours?|hod|hodin\p{L}*)$/u, { dim: 'time', factor: 3600 }],
  [/^(?:days?|den|dny|dní|dnů|dnech)$/u, { dim: 'time', factor: 86400 }],
  [/^(?:weeks?|týd(?:en|ny|nů|nech))$/u, { dim: 'time', factor: 604800 }],
  [/^(?:years?|yrs?|rok\p{L}*|let)$/u, { dim: 'time', factor: 31557600 }],
];
// A scale word may stand between the number and the unit ("150 million km").
const SCALE_RE = /^(?:thousand|million|billion|tis\.?|tisíc\p{L}*|mil\.|milion\p{L}*|mld\.|miliard\p{L}*)$/u;
const SCALES: [RegExp, number][] = [
  [/^(?:thousand|tis|tisíc)/u, 1e3],
  [/^(?:million|mil\.|milion)/u, 1e6],
  [/^(?:billion|mld|miliard)/u, 1e9],
];
const UNIT_WORDS = /^[\s\u00A0-]*([\p{L}.]+)(?:[\s\u00A0]+([\p{L}]+))?/u;

// Words after numbers repeat ("km", "years", and the same nouns across a dataset): each word's
// unit is looked up in UNIT_TABLE once (null: none), then remembered.
const unitCache = new Map<string, Unit | null>();
const UNIT_CACHE_MAX = 10_000;

function unitOfWord(w: string): Unit | undefined {
  let u = unitCache.get(w);
  if (u === undefined) {
    const word = w.replace(/\.$/, '');
    u = null;
    for (const [re, unit] of UNIT_TABLE) {
      if (re.test(word)) {
        u = unit;
        break;
      }
    }
    if (unitCache.size >= UNIT_CACHE_MAX) unitCache.clear();
    unitCache.set(w, u);
  }
  return u ?? undefined;
}

/** The unit after a number ending at `end` (the number's own scale word already read or not), and a scale word before it. */
export function unitAfter(text: string, end: number): { unit: Unit; scale: number } | undefined {
  const m = UNIT_WORDS.exec(text.slice(end, end + 32));
  if (!m) return undefined;
  const first = m[1]!.toLowerCase();
  const direct = unitOfWord(first);
  if (direct) return { unit: direct, scale: 1 };
  if (m[2] && SCALE_RE.test(first)) {
    const unit = unitOfWord(m[2].toLowerCase());
    if (unit) return { unit, scale: SCALES.find(([re]) => re.test(first))?.[1] ?? 1 };
  }
  return undefined;
}

export interface SourceQuantity {
  dim: Dimension;
  /** The value in the dimension's base unit. */
  base: number;
  /** The value as written (scale word applied), and its unit's size. */
  value: number;
  factor: number;
}

// A number in a source (grouped or decimal, either separator), its optional scale word and unit.
const SOURCE_QUANTITY_RE = /(\d+(?:[,.'\u00A0\u202F\u2009 ]\d{3}(?!\d))*(?:[.,]\d+)?)/g;

/** Every number-with-unit of a source text, in base units (both decimal readings of "3,5"). */
export function sourceQuantities(text: string): SourceQuantity[] {
  const out: SourceQuantity[] = [];
  SOURCE_QUANTITY_RE.lastIndex = 0;
  for (let m = SOURCE_QUANTITY_RE.exec(text); m; m = SOURCE_QUANTITY_RE.exec(text)) {
    const end = m.index + m[0].length;
    const u = unitAfter(text, end);
    if (!u) continue;
    for (const v of readings(m[0])) out.push({ dim: u.unit.dim, base: v * u.scale * u.unit.factor, value: v * u.scale, factor: u.unit.factor });
  }
  return out;
}

function readings(s: string): number[] {
  const out: number[] = [];
  const grouped = /^\d{1,3}(?:[,.'\u00A0\u202F\u2009 ]\d{3})+$/.test(s);
  if (grouped) out.push(Number(s.replace(/\D/g, '')));
  const dec = /^(.*)[.,](\d+)$/.exec(s);
  if (dec) out.push(Number(`${dec[1]!.replace(/\D/g, '')}.${dec[2]}`));
  if (!grouped && !dec) out.push(Number(s.replace(/\D/g, '')));
  return out.filter(Number.isFinite);
}

/**
 * Whether a claim mention with a unit (read from `claim` after it) equals, within its rounding,
 * a source quantity of the same kind in any unit.
 */
export function convertedPresent(n: NumberMention, claim: string, quantities: () => readonly SourceQuantity[]): boolean {
  if (n.kind !== 'number') return false;
  const u = unitAfter(claim, n.end);
  if (!u) return false;
  const qs = quantities();
  if (!qs.length) return false;
  return agrees(n, u, qs);
}

function agrees(n: NumberMention, u: { unit: Unit; scale: number }, qs: readonly SourceQuantity[]): boolean {
  const factor = u.scale * u.unit.factor;
  const value = Math.abs(n.value) * factor;
  const tolerance = (n.step ?? 1) * factor * (n.hedged ? 1 : 0.5) * (1 + 1e-9);
  for (const q of qs) if (q.dim === u.unit.dim && Math.abs(q.base - value) <= tolerance) return true;
  return false;
}

/**
 * Whether the claim's number is in the source only with another unit of the same kind and a
 * different quantity: "150 million miles" against "149,597,870,700 metres" (whose digits can be
 * read as 149.6 million) is a wrong conversion, not a match.
 */
export function unitConflict(n: NumberMention, claim: string, quantities: () => readonly SourceQuantity[]): boolean {
  if (n.kind !== 'number') return false;
  const u = unitAfter(claim, n.end);
  if (!u) return false;
  const qs = quantities();
  if (!qs.length || agrees(n, u, qs)) return false;
  const value = Math.abs(n.value) * u.scale;
  const tolerance = (n.step ?? 1) * u.scale * (n.approximate ? (n.hedged ? 1 : 0.5) : 1e-6) * (1 + 1e-9);
  return qs.some((q) => q.dim === u.unit.dim && q.factor !== u.unit.factor && Math.abs(q.value - value) <= tolerance);
}

// ---------------------------------------------------------------------------------------------
// Percentages and fractions

// Fractions written out in a source, as shares of one.
const FRACTION_WORDS: [RegExp, number][] = [
  [/(?<![\p{L}])(?:a|one)[ -](?:quarter|fourth)(?![\p{L}])|(?<![\p{L}])čtvrtin\p{L}*/giu, 0.25],
  [/(?<![\p{L}])three[ -](?:quarters|fourths)(?![\p{L}])|(?<![\p{L}])tři čtvrtiny(?![\p{L}])/giu, 0.75],
  [/(?<![\p{L}])(?:a|one)[ -]third(?![\p{L}])|(?<![\p{L}])třetin\p{L}*/giu, 1 / 3],
  [/(?<![\p{L}])two[ -]thirds(?![\p{L}])|(?<![\p{L}])dvě třetiny(?![\p{L}])/giu, 2 / 3],
  [/(?<![\p{L}])(?:a|one)[ -]half(?![\p{L}])|(?<![\p{L}])half of(?![\p{L}])|(?<![\p{L}])polovin\p{L}*/giu, 0.5],
  [/(?<![\p{L}])(?:a|one)[ -]fifth(?![\p{L}])|(?<![\p{L}])pětin\p{L}*/giu, 0.2],
  [/(?<![\p{L}])(?:a|one)[ -]tenth(?![\p{L}])|(?<![\p{L}])desetin\p{L}*/giu, 0.1],
  [/(?<![\p{L}])one in (?:four|4)(?![\p{L}\p{N}])/giu, 0.25],
  [/(?<![\p{L}])one in (?:three|3)(?![\p{L}\p{N}])/giu, 1 / 3],
  [/(?<![\p{L}])one in (?:five|5)(?![\p{L}\p{N}])/giu, 0.2],
  [/(?<![\p{L}])one in (?:ten|10)(?![\p{L}\p{N}])/giu, 0.1],
];

/**
 * Whether a claim percentage is a source fraction: `values` are the source's plain numbers
 * (0.25), `source` may write the share out (a quarter). The claim's rounding decides: "33 %"
 * matches a third, "30 %" does not; only the words of shares that close are looked for.
 */
export function percentAsFraction(n: NumberMention, values: readonly number[], source: string): boolean {
  if (n.kind !== 'percent') return false;
  const share = Math.abs(n.value) / 100;
  const tolerance = ((n.step ?? 1) / 100) * (n.hedged ? 1 : 0.5) * (1 + 1e-9);
  for (const v of values) if (v > 0 && v < 1 && Math.abs(v - share) <= 1e-9) return true;
  for (const [re, f] of FRACTION_WORDS) {
    if (!(Math.abs(f - share) <= tolerance)) continue;
    re.lastIndex = 0;
    if (re.test(source)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Counts in pairs

// After a claim's number: "pairs of X", "X pairs" / "X-pairs", or a plain "X".
const CLAIM_PAIRS = /^[ \u00A0]+(?:pairs?[ \u00A0]+of[ \u00A0]+(\p{L}{3,})|(\p{L}{3,})[ \u00A0-]+pairs?(?![\p{L}]))/iu;
const CLAIM_NOUN = /^[ \u00A0]+(\p{L}{3,})/u;

/** A noun's stem for this comparison: lower case, without a plural ending. */
const nounStem = (w: string) => w.toLowerCase().replace(/(?:es|s)$/, '');

/**
 * Whether the source states the count of mention `n` in pairs ("38 chromosomes" / "19 chromosome
 * pairs"), or the count of its pairs singly ("23 pairs of chromosomes" / "46 chromosomes"), of
 * the same noun. `sourceSaysPair` answers /pair/i for the source (a caller reading one chunk for
 * many numbers keeps the answer).
 */
export function countedInPairs(n: NumberMention, claim: string, source: string, sourceSaysPair = (): boolean => /pair/i.test(source)): boolean {
  const v = n.value;
  if (n.kind !== 'number' || !Number.isInteger(v) || v <= 0 || !(/pair/i.test(claim) || sourceSaysPair())) return false;
  const after = claim.slice(n.end, n.end + 60);
  const paired = CLAIM_PAIRS.exec(after);
  if (paired) {
    const noun = escapeRegExp(nounStem(paired[1] ?? paired[2]!));
    return new RegExp(`(?<![\\d.,])${v * 2}[ \\u00A0]+${noun}(?:es|s|e)?(?![\\p{L}])`, 'iu').test(source);
  }
  const plain = CLAIM_NOUN.exec(after);
  if (!plain || v % 2 !== 0 || /^pairs?$/i.test(plain[1]!)) return false;
  const noun = escapeRegExp(nounStem(plain[1]!));
  const re = `(?<![\\d.,])${v / 2}[ \\u00A0]+(?:${noun}(?:es|s|e)?[ \\u00A0-]+pairs?|pairs?[ \\u00A0]+of[ \\u00A0]+${noun}(?:es|s|e)?)(?![\\p{L}])`;
  return new RegExp(re, 'iu').test(source);
}
