// When the Answer editor holds a structured response (JSON), the audited answer is text decoded
// from string literals inside it. This maps offsets in that answer back to offsets in the editor
// text, so that every finding still lands on the characters the user sees.

/** A run of answer characters [a, a+n) that sit at editor offsets e, e+w, e+2w, ... */
export interface OffsetRun {
  a: number;
  e: number;
  n: number;
  /** Editor characters per answer character: 1 for plain text, the escape's length for escapes. */
  w: number;
}

/** Serializable (crosses the worker boundary). null runs = identity. */
export interface OffsetMap {
  runs: OffsetRun[] | null;
}

export const IDENTITY: OffsetMap = { runs: null };

interface Literal {
  /** Decoded value. */
  value: string;
  runs: OffsetRun[];
  isKey: boolean;
}

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Every JSON string literal with its decoded value and per-character source offsets. */
function scanLiterals(text: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '"') {
      i++;
      continue;
    }
    let j = i + 1;
    let value = '';
    const runs: OffsetRun[] = [];
    let runStart = -1;
    const closeRun = (end: number) => {
      if (runStart >= 0) {
        const n = end - runStart;
        runs.push({ a: value.length - n, e: runStart, n, w: 1 });
        runStart = -1;
      }
    };
    let closed = false;
    while (j < text.length) {
      const ch = text[j]!;
      if (ch === '"') {
        closeRun(j);
        closed = true;
        break;
      }
      if (ch === '\\') {
        closeRun(j);
        const next = text[j + 1] ?? '';
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) {
          runs.push({ a: value.length, e: j, n: 1, w: 6 });
          value += String.fromCharCode(parseInt(text.slice(j + 2, j + 6), 16));
          j += 6;
        } else {
          runs.push({ a: value.length, e: j, n: 1, w: 2 });
          value += SIMPLE_ESCAPES[next] ?? next;
          j += 2;
        }
        continue;
      }
      if (ch === '\n') break; // unterminated literal: not valid JSON, stop here
      if (runStart < 0) runStart = j;
      value += ch;
      j++;
    }
    if (!closed) {
      i = j + 1;
      continue;
    }
    let k = j + 1;
    while (k < text.length && /\s/.test(text[k]!)) k++;
    out.push({ value, runs, isKey: text[k] === ':' });
    i = j + 1;
  }
  return out;
}

/**
 * Offsets of `answer` inside `editorText`: identity when they are equal, the position of the
 * answer when it is a plain substring, else the sequence of JSON string values whose decoded
 * texts, in document order, concatenate to the answer. null when none of these holds.
 */
export function buildOffsetMap(editorText: string, answer: string): OffsetMap | null {
  if (editorText === answer) return IDENTITY;
  if (answer.length === 0) return { runs: [] };
  const plain = editorText.indexOf(answer);
  if (plain >= 0 && !/^\s*[[{]/.test(editorText)) return { runs: [{ a: 0, e: plain, n: answer.length, w: 1 }] };

  const runs: OffsetRun[] = [];
  let p = 0;
  for (const lit of scanLiterals(editorText)) {
    if (lit.isKey || lit.value.length === 0) continue;
    if (!answer.startsWith(lit.value, p)) continue;
    for (const r of lit.runs) runs.push({ ...r, a: r.a + p });
    p += lit.value.length;
    if (p === answer.length) return { runs };
  }
  return null;
}

/** Editor offset of an answer offset. `end` maps an exclusive end to just after its character. */
export function toEditorOffset(map: OffsetMap, answerOffset: number, end = false): number | null {
  const runs = map.runs;
  if (runs === null) return answerOffset;
  if (runs.length === 0) return null;
  const probe = end ? answerOffset - 1 : answerOffset;
  let lo = 0;
  let hi = runs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runs[mid]!.a <= probe) lo = mid;
    else hi = mid - 1;
  }
  const r = runs[lo]!;
  if (probe < r.a || probe >= r.a + r.n) {
    // Past the last character (an empty span at the very end): stick to the end of the last run.
    if (probe >= r.a + r.n && lo === runs.length - 1) return r.e + r.n * r.w;
    return null;
  }
  const at = r.e + (probe - r.a) * r.w;
  return end ? at + r.w : at;
}

/** Answer offset of an editor offset (for hover and cursor lookups); null outside the answer text. */
export function toAnswerOffset(map: OffsetMap, editorOffset: number): number | null {
  const runs = map.runs;
  if (runs === null) return editorOffset;
  for (const r of runs) {
    if (editorOffset >= r.e && editorOffset < r.e + r.n * r.w) return r.a + Math.floor((editorOffset - r.e) / r.w);
  }
  return null;
}
