// JSON parsed with the positions of every value, so that a validation issue at a path (zod's
// issue.path) can become an editor marker, and a syntax error says where and what was expected.
// jsonc-parser reads the text (comments and trailing commas refused, as JSON does) and reports
// each value with its offset; this file builds the value and its spans from those reports, caps
// the nesting, and words the first error: jsonc-parser's codes say what kind of token went
// wrong, the state of the parse (what was expected there) and the text at the offset say the rest.
import { visit, type JSONVisitor } from 'jsonc-parser';

export type JsonPath = readonly (string | number)[];

export interface JsonSpan {
  /** 0-based offset of the first character (JS string index). */
  offset: number;
  /** Exclusive end offset. */
  endOffset: number;
}

export interface JsonSyntaxError extends JsonSpan {
  message: string;
}

export interface JsonParseResult {
  /** The parsed value; undefined when `error` is set. */
  value?: unknown;
  error?: JsonSyntaxError;
  /**
   * The span of the value (or, with target 'key', of the property name) at `path`; numeric strings
   * index arrays, numbers name object keys as strings. Undefined when the path does not exist.
   */
  locate(path: JsonPath, target?: 'value' | 'key'): JsonSpan | undefined;
  /** The span of the deepest existing value along `path`, and how many path segments matched. */
  locateNearest(path: JsonPath): (JsonSpan & { depth: number }) | undefined;
}

export interface JsonParseOptions {
  /** Deepest nesting of arrays and objects accepted (default MAX_JSON_DEPTH). */
  maxDepth?: number;
  /**
   * The line `text` starts on when it is one line of a longer text (a JSON Lines line): the
   * "opened at line N" of an error counts from it (default 1).
   */
  firstLine?: number;
}

export const MAX_JSON_DEPTH = 512;

class JsonFailure {
  constructor(
    readonly message: string,
    readonly offset: number,
    readonly endOffset: number,
  ) {}
}

interface Frame {
  isArray: boolean;
  container: unknown[] | Record<string, unknown>;
  start: number;
  /** Arrays: [start, end] per element. */
  spans: number[];
  /** Objects: key -> [keyStart, keyEnd, valueStart, valueEnd]. */
  keys: Map<string, number[]>;
  key: string;
  keyStart: number;
  keyEnd: number;
}

/** What the parse expects next: where a token went wrong decides how the error is worded. */
type Expecting = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after' | 'end';

// jsonc-parser's ParseErrorCode values (a const enum in its types, so not importable as values).
const INVALID_NUMBER_FORMAT = 2;
const INVALID_COMMENT_TOKEN = 10;
const UNEXPECTED_END_OF_COMMENT = 11;
const UNEXPECTED_END_OF_STRING = 12;
const UNEXPECTED_END_OF_NUMBER = 13;
const INVALID_UNICODE = 14;
const INVALID_ESCAPE_CHARACTER = 15;
const INVALID_CHARACTER = 16;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isWordChar = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c) || c === 95 || c === 36;
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isLineBreak = (c: number): boolean => c === 10 || c === 13;
const startsComment = (text: string, pos: number): boolean => text[pos] === '/' && (text[pos + 1] === '/' || text[pos + 1] === '*');

const WORD_HINTS: Record<string, string> = {
  True: "use 'true'",
  False: "use 'false'",
  None: "use 'null'",
  undefined: "use 'null'",
  NaN: 'JSON has no NaN',
  Infinity: 'JSON has no Infinity',
};

/** How a character is named in a message: 'x' when printable, else its code point. */
export function describeChar(text: string, offset: number): string {
  const cp = text.codePointAt(offset);
  if (cp === undefined) return 'end of input';
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xfeff || cp === 0x2028 || cp === 0x2029 || (cp >= 0xd800 && cp <= 0xdfff)) {
    const names: Record<number, string> = { 9: 'tab', 10: 'line break', 13: 'carriage return', 0xa0: 'no-break space', 0xfeff: 'byte order mark', 0x2028: 'line separator', 0x2029: 'paragraph separator' };
    return names[cp] ? `${hex} (${names[cp]})` : hex;
  }
  return `'${String.fromCodePoint(cp)}'`;
}

/** The first problem in the string token starting at `start` (jsonc-parser names only the token). */
function stringProblem(text: string, start: number): JsonFailure | undefined {
  const n = text.length;
  for (let i = start + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return undefined;
    if (c === 92) {
      if (i + 1 >= n) break;
      const e = text.charCodeAt(i + 1);
      if (e === 117) {
        let k = 0;
        while (k < 4 && i + 2 + k < n && isHex(text.charCodeAt(i + 2 + k))) k++;
        if (k < 4) return new JsonFailure('Invalid unicode escape: expected 4 hex digits after \\u', i, i + 2 + k);
        i += 5;
        continue;
      }
      if (isLineBreak(e)) return new JsonFailure('Unterminated string: a line break comes before the closing quote', start, i + 1);
      if (!'"\\/bfnrt'.includes(text[i + 1]!)) return new JsonFailure(`Invalid escape ${describeChar(text, i + 1).replace(/^'(.*)'$/, "'\\$1'")} in string`, i, i + 2);
      i++;
      continue;
    }
    if (isLineBreak(c)) return new JsonFailure('Unterminated string: a line break comes before the closing quote', start, i);
    if (c < 0x20) return new JsonFailure(`Control character ${describeChar(text, i)} must be escaped in a string`, i, i + 1);
  }
  return new JsonFailure('Unterminated string: the closing quote is missing', start, n);
}

/** The first problem in the number starting at `start` ('-' included). */
function numberProblem(text: string, start: number): JsonFailure | undefined {
  let pos = start;
  if (text[pos] === '-') {
    pos++;
    if (!isDigit(text.charCodeAt(pos))) {
      if (text.startsWith('Infinity', pos)) return new JsonFailure("'-Infinity' is not a JSON value: JSON has no Infinity", start, pos + 8);
      return new JsonFailure("Invalid number: expected a digit after '-'", start, pos + 1);
    }
  }
  if (text[pos] === '0') {
    pos++;
    if (isDigit(text.charCodeAt(pos))) {
      let end = pos;
      while (isDigit(text.charCodeAt(end))) end++;
      return new JsonFailure('Invalid number: leading zeros are not allowed', start, end);
    }
  } else while (isDigit(text.charCodeAt(pos))) pos++;
  if (text[pos] === '.') {
    pos++;
    if (!isDigit(text.charCodeAt(pos))) return new JsonFailure('Invalid number: expected a digit after the decimal point', start, pos + 1);
    while (isDigit(text.charCodeAt(pos))) pos++;
  }
  if (text[pos] === 'e' || text[pos] === 'E') {
    pos++;
    if (text[pos] === '+' || text[pos] === '-') pos++;
    if (!isDigit(text.charCodeAt(pos))) return new JsonFailure('Invalid number: expected a digit in the exponent', start, pos + 1);
  }
  return undefined;
}

function setProperty(obj: Record<string, unknown>, key: string, value: unknown): void {
  // A JSON key "__proto__" is an ordinary own property (as with JSON.parse), never the prototype.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/**
 * The parse that keeps every value's span and words the first error (jsonc-parser underneath).
 * parseJson (json.ts) reads with it what JSON.parse refuses, and the spans when asked for;
 * bench/json-equivalence.ts checks that the two agree.
 */
export function parseWithPositions(text: string, options: JsonParseOptions = {}): JsonParseResult {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const n = text.length;
  const info = new WeakMap<object, number[] | Map<string, number[]>>();
  const stack: Frame[] = [];
  let expecting: Expecting = 'value';
  /** The last number or literal read: a digit right after "0" is a leading zero, not a missing comma. */
  let lastLiteral = { start: -1, end: -1 };
  let root: unknown;
  let rootStart = 0;
  let rootEnd = 0;

  const openContainerNote = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    let line = options.firstLine ?? 1;
    let lineStart = 0;
    for (let i = 0; i < top.start; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
        line++;
        lineStart = i + 1;
      }
    }
    return ` (the ${top.isArray ? 'array' : 'object'} opened at line ${line}, column ${top.start - lineStart + 1} is not closed)`;
  };

  /** An unexpected character (or the end) at `pos` where `expected` should have been. */
  const unexpected = (pos: number, expected: string, plain?: string): JsonFailure => {
    if (pos >= n) return new JsonFailure(`Unexpected end of input: expected ${expected}${openContainerNote()}`, n, n);
    const c = text.charCodeAt(pos);
    const next = text.charCodeAt(pos + 1);
    if (startsComment(text, pos)) {
      let end = pos + 2;
      if (text[pos + 1] === '/') while (end < n && !isLineBreak(text.charCodeAt(end))) end++;
      else end = text.indexOf('*/', pos + 2) < 0 ? n : text.indexOf('*/', pos + 2) + 2;
      return new JsonFailure('Comments are not allowed in JSON', pos, end);
    }
    if (text[pos] === "'") {
      const close = text.indexOf("'", pos + 1);
      return new JsonFailure('Strings must use double quotes, not single quotes', pos, close < 0 ? pos + 1 : close + 1);
    }
    if (isWordChar(c) && !isDigit(c)) {
      let end = pos;
      while (end < n && isWordChar(text.charCodeAt(end))) end++;
      const word = text.slice(pos, end);
      if (WORD_HINTS[word] !== undefined) return new JsonFailure(`'${word}' is not a JSON value: ${WORD_HINTS[word]}`, pos, end);
      if (expected === 'a property name in double quotes') return new JsonFailure(`Property names must be in double quotes: '${word}'`, pos, end);
      return new JsonFailure(plain ?? `Unexpected '${word}': expected ${expected}`, pos, end);
    }
    const width = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    return new JsonFailure(plain ?? `Unexpected character ${describeChar(text, pos)}: expected ${expected}`, pos, pos + width);
  };

  /** The comma before `pos` (only white space between), if any. */
  const commaBefore = (pos: number): number => {
    let i = pos - 1;
    while (i >= 0 && ' \t\n\r'.includes(text[i]!)) i--;
    return text[i] === ',' ? i : -1;
  };

  /** What is wrong at `pos`, given what the parse expected there. */
  const problemAt = (pos: number, state: Expecting): JsonFailure => {
    const top = stack[stack.length - 1];
    const c = text[pos];
    if ((state === 'after' || state === 'end') && pos === lastLiteral.end && isDigit(text.charCodeAt(pos)) && /^-?0$/.test(text.slice(lastLiteral.start, lastLiteral.end))) {
      return numberProblem(text, lastLiteral.start) ?? unexpected(pos, 'a JSON value');
    }
    switch (state) {
      case 'value':
      case 'firstValue': {
        if (pos < n && top && (c === ']' || c === '}')) {
          const comma = commaBefore(pos);
          if (comma >= 0 && c === (top.isArray ? ']' : '}')) return new JsonFailure('Trailing comma is not allowed in JSON', comma, comma + 1);
          return new JsonFailure(`Unexpected '${c}': expected a JSON value`, pos, pos + 1);
        }
        if (c === '-' || isDigit(text.charCodeAt(pos))) return numberProblem(text, pos) ?? unexpected(pos, 'a JSON value');
        const word = /^(?:true|false|null)(?![\w$])/.exec(text.slice(pos, pos + 6))?.[0];
        if (word) return problemAt(pos + word.length, stack.length ? 'after' : 'end');
        return unexpected(pos, 'a JSON value');
      }
      case 'firstKey':
      case 'key':
        if (state === 'firstKey' && c === ',') return new JsonFailure('Expected a property name in double quotes', pos, pos + 1);
        if (state === 'key' && c === '}') {
          const comma = commaBefore(pos);
          if (comma >= 0) return new JsonFailure('Trailing comma is not allowed in JSON', comma, comma + 1);
        }
        return unexpected(pos, 'a property name in double quotes');
      case 'colon':
        return unexpected(pos, "':' after property name", pos < n ? "Expected ':' after property name" : undefined);
      case 'after': {
        const what = top?.isArray ? "',' or ']' after array element" : "',' or '}' after property value";
        if (pos >= n || startsComment(text, pos)) return unexpected(pos, what);
        const missingComma = c === '"' || c === '{' || c === '[' || isDigit(text.charCodeAt(pos));
        const closerMismatch = c === '}' || c === ']';
        return new JsonFailure(`Expected ${what}` + (missingComma ? ' (is a comma missing?)' : closerMismatch ? `, found '${c}'` : ''), pos, pos + 1);
      }
      case 'end':
        if (startsComment(text, pos)) return unexpected(pos, 'the end of input');
        return new JsonFailure(
          c === '{' || c === '['
            ? 'Unexpected content after the JSON value: only one value is allowed (JSON Lines needs one value per line)'
            : 'Unexpected content after the JSON value',
          pos,
          n,
        );
    }
  };

  const onError = (code: number, offset: number, length: number): never => {
    const state = expecting;
    if (code === INVALID_COMMENT_TOKEN || code === UNEXPECTED_END_OF_COMMENT) throw new JsonFailure('Comments are not allowed in JSON', offset, Math.min(offset + length, n));
    const inString = code === UNEXPECTED_END_OF_STRING || code === INVALID_UNICODE || code === INVALID_ESCAPE_CHARACTER || code === INVALID_CHARACTER;
    // A broken string or number where none may stand is first of all in the wrong place.
    if (inString && state !== 'after' && state !== 'end' && state !== 'colon') throw stringProblem(text, offset) ?? problemAt(offset, state);
    if ((code === UNEXPECTED_END_OF_NUMBER || code === INVALID_NUMBER_FORMAT) && (state === 'value' || state === 'firstValue')) throw numberProblem(text, offset) ?? problemAt(offset, state);
    throw problemAt(offset, state);
  };

  const complete = (value: unknown, start: number, end: number): void => {
    const top = stack[stack.length - 1];
    expecting = top ? 'after' : 'end';
    if (!top) {
      root = value;
      rootStart = start;
      rootEnd = end;
    } else if (top.isArray) {
      (top.container as unknown[]).push(value);
      top.spans.push(start, end);
    } else {
      setProperty(top.container as Record<string, unknown>, top.key, value);
      top.keys.set(top.key, [top.keyStart, top.keyEnd, start, end]);
    }
  };

  const open = (isArray: boolean, offset: number): void => {
    if (stack.length >= maxDepth) throw new JsonFailure(`Nesting is too deep: more than ${maxDepth} levels of arrays and objects`, offset, offset + 1);
    const container: unknown[] | Record<string, unknown> = isArray ? [] : {};
    const frame: Frame = { isArray, container, start: offset, spans: [], keys: new Map(), key: '', keyStart: 0, keyEnd: 0 };
    info.set(container, isArray ? frame.spans : frame.keys);
    stack.push(frame);
    expecting = isArray ? 'firstValue' : 'firstKey';
  };

  const close = (offset: number, length: number): void => {
    // jsonc-parser ends a container before it reports a missing ']' or '}': keep it open for the error.
    if (text[offset] !== (stack[stack.length - 1]?.isArray ? ']' : '}')) return;
    const frame = stack.pop()!;
    complete(frame.container, frame.start, offset + length);
  };

  const visitor: JSONVisitor = {
    onObjectBegin: (offset) => open(false, offset),
    onArrayBegin: (offset) => open(true, offset),
    onObjectEnd: close,
    onArrayEnd: close,
    onObjectProperty: (key, offset, length) => {
      const top = stack[stack.length - 1]!;
      top.key = key;
      top.keyStart = offset;
      top.keyEnd = offset + length;
      expecting = 'colon';
    },
    onSeparator: (sep) => {
      expecting = sep === ':' ? 'value' : stack[stack.length - 1]?.isArray ? 'value' : 'key';
    },
    onLiteralValue: (value: unknown, offset, length) => {
      lastLiteral = { start: offset, end: offset + length };
      complete(value, offset, offset + length);
    },
    onError,
  };

  try {
    // A byte order mark becomes a space: skipped, and every offset stays that of the original text.
    visit(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text, visitor, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (e) {
    if (!(e instanceof JsonFailure)) throw e;
    const error: JsonSyntaxError = { message: e.message, offset: e.offset, endOffset: Math.min(Math.max(e.endOffset, e.offset), n) };
    return { error, locate: () => undefined, locateNearest: () => undefined };
  }

  const walk = (path: JsonPath): { span: JsonSpan; key?: JsonSpan; depth: number } => {
    let cur: unknown = root;
    let span: JsonSpan = { offset: rootStart, endOffset: rootEnd };
    let key: JsonSpan | undefined;
    let depth = 0;
    for (const seg of path) {
      if (cur === null || typeof cur !== 'object') break;
      const entry = info.get(cur);
      if (entry === undefined) break;
      if (Array.isArray(entry)) {
        const idx = typeof seg === 'number' ? seg : /^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : NaN;
        if (!Number.isInteger(idx) || idx < 0 || 2 * idx + 1 >= entry.length) break;
        span = { offset: entry[2 * idx] ?? 0, endOffset: entry[2 * idx + 1] ?? 0 };
        key = undefined;
        cur = (cur as unknown[])[idx];
      } else {
        const k = String(seg);
        const e = entry.get(k);
        if (e === undefined) break;
        key = { offset: e[0] ?? 0, endOffset: e[1] ?? 0 };
        span = { offset: e[2] ?? 0, endOffset: e[3] ?? 0 };
        cur = (cur as Record<string, unknown>)[k];
      }
      depth++;
    }
    return key === undefined ? { span, depth } : { span, key, depth };
  };

  return {
    value: root,
    locate(path, target = 'value') {
      const r = walk(path);
      if (r.depth < path.length) return undefined;
      return target === 'key' && r.key ? r.key : r.span;
    },
    locateNearest(path) {
      const r = walk(path);
      return { ...r.span, depth: r.depth };
    },
  };
}
