// Numbers (SPEC §4): a number, date or amount in a cited claim that none of its cited chunks
// contains makes the claim at most partially supported. Values are compared, not spellings:
// 12,717 = 12 717 = 12717, Czech 3,5 = 3.5, a year matches the year of a full date, a digit
// matches its word in the source ("3" / "three" / "tři"), and the sign is ignored ("fell by
// 2 %" against "−2 %"). A hedged or scaled number ("about 12,700", "1.2 million") matches a source
// value within one unit of its last significant digit. Uncited claims are left to COMPLETE, and
// claims whose cited chunks have no text to EXISTS.
import type { CheckContext, Chunk, Claim, Finding } from '../types';
import { messagesFor } from '../messages';
import { extractNumbers, numberWords, NUMBER_WORD_VALUES, type NumberMention } from '../text';
import { citationsByClaim, chunkOf, finding, hasText } from './util';

interface SourceNumbers {
  values: Set<number>;
  /** Every value, for hedged comparisons. */
  all: number[];
  /** Values written as words ("three", "tři"), read on first need. */
  words?: Set<number>;
}

const key = (v: number) => Math.round(Math.abs(v) * 1e6) / 1e6;

// Digit runs in a source, with any grouping or decimal separator. The source side is read
// leniently, in every plausible way at once (English and Czech separators, a list "3,5" as
// 3, 5 and 3.5), because a wider set of source values can only avoid false alarms; the claim
// side is read strictly by the claim's language with extractNumbers.
const SOURCE_RUN = /\d+(?:[,.'\u00A0\u202F\u2009 ]\d{3}(?!\d))*(?:[.,]\d+)?/g;
const SOURCE_SCALE = /^[ \u00A0]?(thousand|tis\.?|tisíc\w*|million\w*|mil\.?|milion\w*|billion\w*|bn|mld\.?|miliard\w*)/iu;
const SCALE_OF = (w: string): number => (/^(?:th|tis)/i.test(w) ? 1e3 : /^(?:b|mld|miliard)/i.test(w) ? 1e9 : 1e6);

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
  SOURCE_RUN.lastIndex = 0;
  for (let m = SOURCE_RUN.exec(text); m; m = SOURCE_RUN.exec(text)) {
    const run = m[0];
    const readings: number[] = [];
    const seps = run.match(/[^\d]/g) ?? [];
    if (seps.length === 0) readings.push(Number(run));
    else {
      const last = seps[seps.length - 1]!;
      const lastAt = run.lastIndexOf(last);
      const tail = run.slice(lastAt + 1);
      const digitsOnly = run.replace(/\D/g, '');
      // Grouped integer (every separator a thousands separator).
      if (tail.length === 3) readings.push(Number(digitsOnly));
      // The last "," or "." as a decimal mark, the others as grouping.
      if (last === ',' || last === '.') {
        readings.push(Number(`${run.slice(0, lastAt).replace(/\D/g, '')}.${tail}`));
        // A single "," between short numbers may be a list: "3,5".
        if (seps.length === 1 && last === ',' && tail.length !== 3) readings.push(Number(run.slice(0, lastAt)), Number(tail));
      }
    }
    const scale = SOURCE_SCALE.exec(text.slice(m.index + run.length, m.index + run.length + 14));
    for (const v of readings) {
      add(v);
      if (scale) add(v * SCALE_OF(scale[1]!));
    }
  }
  return { values, all };
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

function present(n: NumberMention, src: SourceNumbers, text: string): boolean {
  if (n.kind === 'date' && n.date) return datePresent(n.date, src);
  const candidates = [n.value, ...(n.alternatives ?? [])];
  for (const v of candidates) if (src.values.has(key(v))) return true;
  if (n.approximate && n.step) {
    const v = Math.abs(n.value);
    for (const w of src.all) if (Math.abs(w - v) <= n.step * (1 + 1e-9)) return true;
  }
  // A digit in the claim may be a word in the source: "3" / "three" / "tři".
  if (!candidates.some((v) => NUMBER_WORD_VALUES.has(Math.abs(v)))) return false;
  src.words ??= wordValues(text);
  for (const v of candidates) if (src.words.has(key(v))) return true;
  return false;
}

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

interface ClaimNumbers {
  claim: Claim;
  absent: NumberMention[];
  chunkIds: string[];
}

const cache = new WeakMap<CheckContext, ClaimNumbers[]>();

function analyse(ctx: CheckContext): ClaimNumbers[] {
  const hit = cache.get(ctx);
  if (hit) return hit;
  const out: ClaimNumbers[] = [];
  const citationsOf = citationsByClaim(ctx);
  const sources = new Map<Chunk, SourceNumbers>();
  const markerSpans = ctx.markers.map((mk) => ({ start: mk.start, end: mk.end })).sort((a, b) => a.start - b.start);
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
  for (const claim of ctx.claims) {
    const citations = citationsOf(claim);
    if (citations.length === 0 && (claim.chunk_ids?.length ?? 0) === 0) continue;
    const chunks: Chunk[] = [];
    for (const id of new Set([...citations.map((c) => c.chunk_id), ...(claim.chunk_ids ?? [])])) {
      const ch = chunkOf(ctx, id);
      if (hasText(ch) && !chunks.includes(ch)) chunks.push(ch);
    }
    if (chunks.length === 0) continue;
    const start = Math.max(0, Math.min(claim.start, ctx.answer.length));
    const end = Math.max(start, Math.min(claim.end, ctx.answer.length));
    const text = ctx.answer.slice(start, end);
    const ignore = markersIn(start, end);
    const enumerator = enumeratorEnd(text, ignore);
    if (enumerator !== undefined) ignore.push({ start: 0, end: enumerator });
    const mentions = extractNumbers(text, ctx.language, { ignore });
    if (mentions.length === 0) continue;
    const srcs = chunks.map((ch) => {
      let s = sources.get(ch);
      if (!s) sources.set(ch, (s = sourceNumbers(ch.text)));
      return s;
    });
    const absent = mentions
      .filter((n) => !srcs.some((s, i) => present(n, s, chunks[i]!.text)))
      .map((n) => ({ ...n, start: n.start + start, end: n.end + start }));
    if (absent.length) out.push({ claim, absent, chunkIds: chunks.map((ch) => ch.id) });
  }
  cache.set(ctx, out);
  return out;
}

export function checkNumbers(ctx: CheckContext): Finding[] {
  const m = messagesFor(ctx.language);
  const out: Finding[] = [];
  for (const { claim, absent, chunkIds } of analyse(ctx)) {
    for (const n of absent) {
      out.push(
        finding(ctx, {
          check: 'numbers',
          dimension: 'accurate',
          severity: 'warning',
          code: 'number_absent',
          start: n.start,
          end: n.end,
          claim_index: claim.index,
          message: m.numberAbsent({ number: n.text, claim: claim.text, chunkIds }),
        }),
      );
    }
  }
  return out;
}

/** Claim index → the number texts its cited chunks lack; the model step caps those verdicts. */
export function numbersAbsentByClaim(ctx: CheckContext): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const { claim, absent } of analyse(ctx)) out.set(claim.index, absent.map((n) => n.text));
  return out;
}
