// Problems found in a parsed JSON value are first collected against a path (like zod's issue.path),
// and only turned into positioned ParseErrors once the text and its span table are known. This
// keeps the restore logic usable for values that never were text (IndexedDB rows, share links).
import type { JsonParseResult, JsonPath } from './json';
import { LineIndex, makeParseError } from '../text/positions';
import type { InputName, ParseError } from '../types';

export interface PathIssue {
  /** Where in the input value the problem is. */
  path: JsonPath;
  /** One sentence saying what is wrong; the path is prefixed when formatted. */
  message: string;
  /** Point at the property name rather than its value (e.g. a duplicate key). */
  target?: 'value' | 'key';
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `chunks[2].text`, `["odd key"]`, `[0].citations[1]`. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (IDENTIFIER.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export function issueText(issue: PathIssue): string {
  const where = formatPath(issue.path);
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

/**
 * Position an issue in the text it was parsed from. A path that does not exist (a missing field)
 * points at the first character of the deepest object that does, so the marker sits on its brace.
 */
export function positionIssue(
  issue: PathIssue,
  text: string,
  parsed: JsonParseResult,
  source: InputName,
  index: LineIndex,
  base = 0,
): ParseError {
  const exact = parsed.locate(issue.path, issue.target ?? 'value');
  if (exact) return makeParseError(text, issueText(issue), base + exact.offset, base + exact.endOffset, source, index);
  const near = parsed.locateNearest(issue.path);
  if (near) return makeParseError(text, issueText(issue), base + near.offset, base + near.offset + 1, source, index);
  return makeParseError(text, issueText(issue), base, base + 1, source, index);
}

/** A short description of a JSON value's type for messages: "a number", "null", "an array". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      // JSON's 1e999 reads as Infinity: a number, but none a value can be.
      return Number.isFinite(value) ? 'a number' : `a number too large to hold (it reads as ${value > 0 ? '' : '-'}Infinity)`;
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Index of the first character that is not JSON whitespace (or a leading byte order mark). */
export function firstContentIndex(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

/**
 * Whether text is meant as JSON rather than prose that happens to start with a bracket. An object
 * must open with a property name ('{"', '{}', a single-quoted or bare key followed by ':'); an array
 * with a value that prose rarely starts with ('[{', '[[', '["', '[]', "['"). So "[1] Paris is ..."
 * and "[Note] ..." stay prose, while '{"answer": ...' with a typo gets a JSON error at its position.
 */
export function looksLikeJson(text: string): boolean {
  const i = firstContentIndex(text);
  const c = text[i];
  if (c !== '{' && c !== '[') return false;
  let j = i + 1;
  while (j < text.length && /\s/.test(text[j] ?? '')) j++;
  const d = text[j];
  if (d === undefined) return true;
  if (c === '[') return d === '{' || d === '[' || d === '"' || d === ']' || d === "'";
  if (d === '"' || d === '}' || d === "'") return true;
  return /^[A-Za-z_$][\w$]*\s*:/.test(text.slice(j, j + 80));
}

/** Non-blank lines with their offsets (line breaks \n, \r\n, \r). */
export function nonBlankLines(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const m = re.exec(text);
    const end = m ? m.index : text.length;
    if (/\S/.test(text.slice(start, end))) out.push({ start, end });
    if (!m) break;
    start = m.index + m[0].length;
  }
  return out;
}
