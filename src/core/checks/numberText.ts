// Number and date extraction for the number checks (en/cs formats): digits with separators and
// scales, number words, percentages, amounts, years and decades, dates, hedges ("about").
import { isJsSpace, LETTER_OR_DIGIT_RE } from '../text/text';
import { hasDigitOutside } from './digitOutside';
import type { Language } from '../types';

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

// What follows a century's number: an ordinal suffix and "century", or the Czech ordinal dot
// and "století".
// A four-digit year and a range dash or slash right before a two-digit number.
const SHORT_RANGE_START = /(?<!\d)(\d{4})[-–/]$/;
const CENTURY_AFTER = /^(?:(?:st|nd|rd|th)[\s-]+centur|\.?\s*stolet)/iu;

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
const MONTH_STEMS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|led|únor|břez|dub|květ|červ|srp|září|říj|listopad|prosin';
// What both month patterns below need, read loosely (any case, no word edges): a month's start
// right after a number and a space ("19 October", "19. října"), or a month word right before a
// space and a digit ("October 19", "října 2008"). A month's start alone ("market", "summary") is
// not enough for either, and is in most claims.
const MONTH_HINT = new RegExp(`\\d\\.?\\s(?:${MONTH_STEMS})|(?:${MONTH_STEMS})[a-zěščřžýáíéůú]{0,7}\\.?\\s\\d`, 'i');
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
// The ASCII ones as codes: a plain ASCII text before a number is compared with them in place.
const APPROX_ASCII = APPROX_WORDS.filter((w) => /^[\x00-\x7f]*$/.test(w)).map((w) => [...w].map((ch) => ch.charCodeAt(0)));
const asciiLower = (c: number): number => (c >= 0x41 && c <= 0x5a ? c + 32 : c);
const isAsciiAlnum = (c: number): boolean => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);

function hedgedBefore(s: string, start: number): boolean {
  // The 20 characters before, trailing whitespace dropped (as /\s+$/ would), lower-cased.
  const from = Math.max(0, start - 20);
  let to = start;
  while (to > from && isJsSpace(s.charCodeAt(to - 1))) to--;
  let ascii = true;
  for (let k = from; k < to && ascii; k++) ascii = s.charCodeAt(k) < 0x80;
  if (ascii) return asciiHedge(s, from, to);
  const before = s.slice(from, to).toLowerCase();
  for (const w of APPROX_WORDS) {
    if (!before.endsWith(w)) continue;
    const prev = before.charCodeAt(before.length - w.length - 1);
    // A whole word: nothing or a non-letter before it ("~" needs no boundary).
    if (Number.isNaN(prev) || w === '~' || w === '≈' || !LETTER_OR_DIGIT_RE.test(String.fromCharCode(prev))) return true;
  }
  return false;
}

/**
 * hedgedBefore for s[from, to) all ASCII (lower-casing it changes no length and only A-Z): an
 * ASCII hedge word at its end, in place; a word with other letters cannot end it.
 */
function asciiHedge(s: string, from: number, to: number): boolean {
  for (const w of APPROX_ASCII) {
    const at = to - w.length;
    if (at < from) continue;
    let k = w.length - 1;
    while (k >= 0 && asciiLower(s.charCodeAt(at + k)) === w[k]) k--;
    if (k >= 0) continue;
    // A whole word: nothing or a non-letter before it ("~" needs no boundary).
    if (at === from || w[0] === 0x7e || !isAsciiAlnum(s.charCodeAt(at - 1))) return true;
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

/**
 * Whether code unit c is t, m or b, either case: the first letter of every scale word, in a
 * claim (SCALE) and in a source (numbers.ts), so a word is read as one only after such a letter.
 */
export function isScaleInitial(c: number): boolean {
  const low = c | 0x20;
  return low === 0x74 || low === 0x6d || low === 0x62;
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
    // Every scale word starts with t, m or b (either case), right after the number or one space:
    // the word is read only then.
    const scaleM =
      isScaleInitial(after) || ((after === 0x20 || after === 0xa0) && isScaleInitial(s.charCodeAt(end + 1)))
        ? SCALE_AFTER_RE.exec(s.slice(end, end + 14))
        : null;
    if (scaleM) {
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
    // A century: "the 16th century", "16. století" is carried by any year in it ("1570").
    if (kind === 'number' && !range && !sep && !dec && value >= 1 && value <= 21 && CENTURY_AFTER.test(s.slice(end, end + 14))) {
      range = [(value - 1) * 100, value * 100];
    }
    // The short end of a year range ("2018–19", "1998/99") is the year it abbreviates.
    if (kind === 'number' && !range && !sep && !dec && value >= 0 && digits.length === 2 && start >= 5) {
      const from = SHORT_RANGE_START.exec(s.slice(start - 5, start));
      if (from) {
        const year = Number(from[1]);
        let full = year - (year % 100) + value;
        if (full <= year) full += 100;
        if (year >= 1000 && year <= 2199) alternatives.push(full);
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
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  return out;
}
