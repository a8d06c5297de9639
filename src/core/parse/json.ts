// JSON as the app reads it: JSON.parse first (most texts, on every keystroke), the
// position-keeping parse of jsonPositions.ts for what it refuses and for the spans when a
// validation issue needs one.
import { MAX_JSON_DEPTH, parseWithPositions, type JsonParseOptions, type JsonParseResult } from './jsonPositions';

export { MAX_JSON_DEPTH, type JsonParseResult, type JsonPath } from './jsonPositions';

/** JSON.parse's value in a box, or undefined where it throws: a quick first read, the error worded elsewhere. */
export function tryJsonParse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Parses `text`. Valid JSON (most texts, on every keystroke) is read by JSON.parse, and the spans
 * are found only when `locate` or `locateNearest` is first asked (a validation issue to mark);
 * anything JSON.parse refuses, or nested deeper than the cap, is read by the position-keeping
 * parse of jsonPositions.ts, which words the error. Both accept the same texts and give the same values.
 */
export function parseJson(text: string, options: JsonParseOptions = {}): JsonParseResult {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseWithPositions(text, options);
  }
  // Nesting deeper than maxDepth needs at least 2 × (maxDepth + 1) characters.
  if (text.length > 2 * maxDepth && deeperThan(value, maxDepth)) return parseWithPositions(text, options);
  let spans: JsonParseResult | undefined;
  const located = () => (spans ??= parseWithPositions(text, options));
  return {
    value,
    locate: (path, target) => located().locate(path, target),
    locateNearest: (path) => located().locateNearest(path),
  };
}

/** Whether `value` nests arrays and objects more than `depth` levels deep. */
function deeperThan(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (deeperThan(value[i], depth - 1)) return true;
  } else {
    for (const k in value) if (deeperThan((value as Record<string, unknown>)[k], depth - 1)) return true;
  }
  return false;
}
