// A JSON parser that remembers where every value is, so that a validation issue at a path (zod's
// issue.path) can become an editor marker, and a syntax error names what was expected at the exact
// offset. Iterative (an explicit stack), linear in the input, with a nesting cap so that values it
// returns can be walked recursively by others without exhausting the call stack.

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

// Character codes.
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const QUOTE = 34;
const APOSTROPHE = 39;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const ZERO = 48;
const NINE = 57;
const COLON = 58;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const STAR = 42;
const LOWER_E = 101;
const UPPER_E = 69;

// A run of string characters that need no attention (the regex engine skips them much faster
// than a character loop).
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function isWordChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c) || c === 95 || c === 36;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

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

function setProperty(obj: Record<string, unknown>, key: string, value: unknown): void {
  // A JSON key "__proto__" is an ordinary own property (as with JSON.parse), never the prototype.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

export function parseJson(text: string, options: JsonParseOptions = {}): JsonParseResult {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const n = text.length;
  const info = new WeakMap<object, number[] | Map<string, number[]>>();
  const stack: Frame[] = [];
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipWs = (): void => {
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === SPACE || c === LINE_FEED || c === CARRIAGE_RETURN || c === TAB) pos++;
      else break;
    }
  };

  const fail = (message: string, offset: number, endOffset: number = offset + 1): never => {
    throw new JsonFailure(message, offset, Math.min(Math.max(endOffset, offset), n));
  };

  const openContainerNote = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < top.start; i++) {
      const c = text.charCodeAt(i);
      if (c === LINE_FEED || (c === CARRIAGE_RETURN && text.charCodeAt(i + 1) !== LINE_FEED)) {
        line++;
        lineStart = i + 1;
      }
    }
    return ` (the ${top.isArray ? 'array' : 'object'} opened at line ${line}, column ${top.start - lineStart + 1} is not closed)`;
  };

  /** The error for an unexpected character (or the end) where `expected` should have been. */
  const unexpected = (expected: string, plain?: string): never => {
    if (pos >= n) return fail(`Unexpected end of input: expected ${expected}${openContainerNote()}`, n, n);
    const c = text.charCodeAt(pos);
    const next = text.charCodeAt(pos + 1);
    if (c === SLASH && (next === SLASH || next === STAR)) {
      let end: number;
      if (next === SLASH) {
        end = pos + 2;
        while (end < n && text.charCodeAt(end) !== LINE_FEED && text.charCodeAt(end) !== CARRIAGE_RETURN) end++;
      } else {
        const close = text.indexOf('*/', pos + 2);
        end = close < 0 ? n : close + 2;
      }
      return fail('Comments are not allowed in JSON', pos, end);
    }
    if (c === APOSTROPHE) {
      const close = text.indexOf("'", pos + 1);
      return fail('Strings must use double quotes, not single quotes', pos, close < 0 ? pos + 1 : close + 1);
    }
    if (isWordChar(c) && !isDigit(c)) {
      let end = pos;
      while (end < n && isWordChar(text.charCodeAt(end))) end++;
      const word = text.slice(pos, end);
      const hint: Record<string, string> = {
        True: "use 'true'",
        False: "use 'false'",
        None: "use 'null'",
        undefined: "use 'null'",
        NaN: 'JSON has no NaN',
        Infinity: 'JSON has no Infinity',
      };
      if (hint[word] !== undefined) return fail(`'${word}' is not a JSON value: ${hint[word]}`, pos, end);
      if (expected === 'a property name in double quotes') return fail(`Property names must be in double quotes: '${word}'`, pos, end);
      return fail(plain ?? `Unexpected '${word}': expected ${expected}`, pos, end);
    }
    const width = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    return fail(plain ?? `Unexpected character ${describeChar(text, pos)}: expected ${expected}`, pos, pos + width);
  };

  const readString = (): string => {
    const start = pos;
    let i = pos + 1;
    let chunkStart = i;
    let out = '';
    for (;;) {
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(text);
      i = PLAIN_RUN.lastIndex;
      if (i >= n) return fail('Unterminated string: the closing quote is missing', start, n);
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        pos = i + 1;
        return chunkStart === start + 1 ? text.slice(chunkStart, i) : out + text.slice(chunkStart, i);
      }
      if (c === BACKSLASH) {
        out += text.slice(chunkStart, i);
        if (i + 1 >= n) return fail('Unterminated string: the closing quote is missing', start, n);
        const e = text.charCodeAt(i + 1);
        switch (e) {
          case QUOTE: out += '"'; break;
          case BACKSLASH: out += '\\'; break;
          case SLASH: out += '/'; break;
          case 98: out += '\b'; break;
          case 102: out += '\f'; break;
          case 110: out += '\n'; break;
          case 114: out += '\r'; break;
          case 116: out += '\t'; break;
          case 117: {
            let k = 0;
            while (k < 4 && i + 2 + k < n && isHex(text.charCodeAt(i + 2 + k))) k++;
            if (k < 4) fail('Invalid unicode escape: expected 4 hex digits after \\u', i, i + 2 + k);
            out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
            i += 4;
            break;
          }
          default:
            if (e === LINE_FEED || e === CARRIAGE_RETURN) fail('Unterminated string: a line break comes before the closing quote', start, i + 1);
            fail(`Invalid escape ${describeChar(text, i + 1).replace(/^'(.*)'$/, "'\\$1'")} in string`, i, i + 2);
        }
        i += 2;
        chunkStart = i;
        continue;
      }
      if (c < 0x20) {
        if (c === LINE_FEED || c === CARRIAGE_RETURN) fail('Unterminated string: a line break comes before the closing quote', start, i);
        fail(`Control character ${describeChar(text, i)} must be escaped in a string`, i, i + 1);
      }
      i++;
    }
  };

  const readNumber = (): number => {
    const start = pos;
    if (text.charCodeAt(pos) === MINUS) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        const word = /^[A-Za-z]+/.exec(text.slice(pos, pos + 10))?.[0];
        if (word === 'Infinity') fail("'-Infinity' is not a JSON value: JSON has no Infinity", start, pos + word.length);
        fail("Invalid number: expected a digit after '-'", start, pos + 1);
      }
    }
    if (text.charCodeAt(pos) === ZERO) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) {
        let end = pos;
        while (isDigit(text.charCodeAt(end))) end++;
        fail('Invalid number: leading zeros are not allowed', start, end);
      }
    } else {
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    if (text.charCodeAt(pos) === DOT) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) fail('Invalid number: expected a digit after the decimal point', start, pos + 1);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === LOWER_E || e === UPPER_E) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === PLUS || sign === MINUS) pos++;
      if (!isDigit(text.charCodeAt(pos))) fail('Invalid number: expected a digit in the exponent', start, pos + 1);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    return Number(text.slice(start, pos));
  };

  /** Reads `"key"` and the colon after it into the frame; pos ends after the colon. */
  const readKey = (frame: Frame): void => {
    skipWs();
    if (text.charCodeAt(pos) !== QUOTE || pos >= n) unexpected('a property name in double quotes');
    frame.keyStart = pos;
    frame.key = readString();
    frame.keyEnd = pos;
    skipWs();
    if (text.charCodeAt(pos) !== COLON || pos >= n) unexpected("':' after property name", pos < n ? "Expected ':' after property name" : undefined);
    pos++;
  };

  const open = (isArray: boolean): Frame => {
    if (stack.length >= maxDepth) fail(`Nesting is too deep: more than ${maxDepth} levels of arrays and objects`, pos, pos + 1);
    const container: unknown[] | Record<string, unknown> = isArray ? [] : {};
    const frame: Frame = { isArray, container, start: pos, spans: [], keys: new Map(), key: '', keyStart: 0, keyEnd: 0 };
    info.set(container, isArray ? frame.spans : frame.keys);
    stack.push(frame);
    pos++;
    return frame;
  };

  let root: unknown;
  let rootStart = 0;
  let rootEnd = 0;

  try {
    outer: for (;;) {
      // Expecting a value.
      skipWs();
      if (pos >= n) unexpected('a JSON value');
      let value: unknown;
      let vStart = pos;
      let vEnd: number;
      const c = text.charCodeAt(pos);
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const isArray = c === OPEN_BRACKET;
        const frame = open(isArray);
        skipWs();
        if (text.charCodeAt(pos) === (isArray ? CLOSE_BRACKET : CLOSE_BRACE) && pos < n) {
          pos++;
          stack.pop();
          value = frame.container;
          vEnd = pos;
        } else {
          if (!isArray) {
            if (text.charCodeAt(pos) === COMMA) fail('Expected a property name in double quotes', pos);
            readKey(frame);
          } else if (text.charCodeAt(pos) === COMMA) {
            fail('Unexpected character \',\': expected a JSON value', pos);
          }
          continue outer;
        }
      } else if (c === QUOTE) {
        value = readString();
        vEnd = pos;
      } else if (c === MINUS || isDigit(c)) {
        value = readNumber();
        vEnd = pos;
      } else {
        if (c === 116 || c === 102 || c === 110) {
          let end = pos;
          while (end < n && isWordChar(text.charCodeAt(end))) end++;
          const word = text.slice(pos, end);
          if (word === 'true' || word === 'false' || word === 'null') {
            value = word === 'true' ? true : word === 'false' ? false : null;
            pos = end;
            vEnd = end;
          } else {
            unexpected('a JSON value');
            vEnd = pos; // unreachable: unexpected() throws
          }
        } else {
          const top = stack[stack.length - 1];
          if (top && (c === CLOSE_BRACKET || c === CLOSE_BRACE)) {
            fail(`Unexpected '${String.fromCharCode(c)}': expected a JSON value`, pos);
          }
          unexpected('a JSON value');
          vEnd = pos; // unreachable
        }
      }

      // A complete value: attach it to its parent, closing containers as they end.
      for (;;) {
        const top = stack[stack.length - 1];
        if (!top) {
          root = value;
          rootStart = vStart;
          rootEnd = vEnd;
          break outer;
        }
        if (top.isArray) {
          (top.container as unknown[]).push(value);
          top.spans.push(vStart, vEnd);
        } else {
          setProperty(top.container as Record<string, unknown>, top.key, value);
          top.keys.set(top.key, [top.keyStart, top.keyEnd, vStart, vEnd]);
        }
        skipWs();
        const close = top.isArray ? CLOSE_BRACKET : CLOSE_BRACE;
        const d = text.charCodeAt(pos);
        if (pos < n && d === COMMA) {
          const comma = pos;
          pos++;
          skipWs();
          if (pos < n && text.charCodeAt(pos) === close) fail('Trailing comma is not allowed in JSON', comma, comma + 1);
          if (!top.isArray) readKey(top);
          continue outer;
        }
        if (pos < n && d === close) {
          pos++;
          stack.pop();
          value = top.container;
          vStart = top.start;
          vEnd = pos;
          continue;
        }
        const what = top.isArray ? "',' or ']' after array element" : "',' or '}' after property value";
        if (pos >= n) unexpected(what);
        const missingComma = d === QUOTE || d === OPEN_BRACE || d === OPEN_BRACKET || isDigit(d);
        const isComment = d === SLASH && (text.charCodeAt(pos + 1) === SLASH || text.charCodeAt(pos + 1) === STAR);
        if (isComment) unexpected(what);
        const closerMismatch = d === CLOSE_BRACE || d === CLOSE_BRACKET;
        fail(
          `Expected ${what}` +
            (missingComma ? ' (is a comma missing?)' : closerMismatch ? `, found '${String.fromCharCode(d)}'` : ''),
          pos,
          pos + 1,
        );
      }
    }
    skipWs();
    if (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === SLASH && (text.charCodeAt(pos + 1) === SLASH || text.charCodeAt(pos + 1) === STAR)) unexpected('the end of input');
      fail(
        c === OPEN_BRACE || c === OPEN_BRACKET
          ? 'Unexpected content after the JSON value: only one value is allowed (JSON Lines needs one value per line)'
          : 'Unexpected content after the JSON value',
        pos,
        n,
      );
    }
  } catch (e) {
    if (!(e instanceof JsonFailure)) throw e;
    const error: JsonSyntaxError = { message: e.message, offset: e.offset, endOffset: e.endOffset };
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
