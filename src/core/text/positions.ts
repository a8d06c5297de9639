// Offsets (0-based JS string indexes) <-> 1-based line/column, as editors show them.
// Line breaks are \n, \r\n and a lone \r (what Monaco counts); columns count UTF-16 code units.
import type { InputName, ParseError } from '../types';
import { lastAtOrBelow } from './sorted';

export interface Position {
  line: number;
  column: number;
}

/** A line-start table over one text: building it is O(n), each query is O(log lines). */
export class LineIndex {
  readonly text: string;
  readonly #starts: number[];

  constructor(text: string) {
    this.text = text;
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.#starts = starts;
  }

  get lineCount(): number {
    return this.#starts.length;
  }

  /** Offset of the first character of a 1-based line (clamped to the text). */
  lineStart(line: number): number {
    const i = Math.min(Math.max(Math.trunc(line), 1), this.#starts.length) - 1;
    return this.#starts[i] ?? 0;
  }

  /** Offset just past the last character of a line, before its line break. */
  lineEnd(line: number): number {
    const l = Math.min(Math.max(Math.trunc(line), 1), this.#starts.length);
    if (l === this.#starts.length) return this.text.length;
    let end = (this.#starts[l] ?? this.text.length) - 1;
    if (end > 0 && this.text.charCodeAt(end) === 10 && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** 1-based line and column of an offset; offsets outside the text are clamped. */
  position(offset: number): Position {
    const o = clamp(offset, this.text.length);
    const starts = this.#starts;
    const lo = lastAtOrBelow(starts, o);
    return { line: lo + 1, column: o - (starts[lo] ?? 0) + 1 };
  }

  /** Offset of a 1-based line/column; a column past the line's end stops at the line's end. */
  offset(line: number, column: number): number {
    const start = this.lineStart(line);
    const end = this.lineEnd(line);
    return Math.min(start + Math.max(Math.trunc(column), 1) - 1, end);
  }
}

function clamp(offset: number, length: number): number {
  if (!Number.isFinite(offset)) return offset > 0 ? length : 0;
  return Math.min(Math.max(Math.trunc(offset), 0), length);
}

// Repeated one-off queries on the same text (the usual case: several errors in one input) reuse
// the last table instead of rescanning.
let lastIndex: LineIndex | undefined;

export function lineIndexOf(text: string): LineIndex {
  if (lastIndex === undefined || lastIndex.text !== text) lastIndex = new LineIndex(text);
  return lastIndex;
}

/**
 * A ParseError for a span of `text`. Offsets are clamped into the text and ordered, so the result
 * always satisfies 0 <= offset <= endOffset <= text.length, line >= 1, column >= 1.
 */
export function makeParseError(
  text: string,
  message: string,
  offset: number,
  endOffset: number,
  source: InputName,
  index: LineIndex = lineIndexOf(text),
): ParseError {
  const start = clamp(offset, text.length);
  const end = Math.max(start, clamp(endOffset, text.length));
  const { line, column } = index.position(start);
  return { message, line, column, offset: start, endOffset: end, source };
}
