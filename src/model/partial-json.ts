// Progress while the reply streams: the JSON arrives in pieces cut anywhere, and we want every
// element of the top-level "claims" array that is already complete. A small scanner over the
// text so far does it without a full incremental parser.

/**
 * The complete elements (objects or arrays) of the array stored under `key` in the top-level
 * object of `text`, which may end anywhere. Elements that are not yet closed are left out;
 * an element that does not parse is skipped.
 */
export function completedArrayItems(text: string, key: string): unknown[] {
  const items: unknown[] = [];
  const start = text.indexOf('{');
  if (start < 0) return items;

  let depth = 0; // nesting of { and [
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastKeyAtDepth1: string | null = null;
  let expectingTargetArray = false;
  let targetDepth = -1; // depth inside the target array, once entered
  let itemStart = -1;

  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        if (depth === 1 && targetDepth < 0) {
          try {
            lastKeyAtDepth1 = JSON.parse(text.slice(stringStart, i + 1)) as string;
          } catch {
            lastKeyAtDepth1 = null;
          }
        }
      }
      continue;
    }
    switch (ch) {
      case '"':
        inString = true;
        stringStart = i;
        break;
      case ':':
        if (depth === 1 && targetDepth < 0) expectingTargetArray = lastKeyAtDepth1 === key;
        break;
      case ',':
        if (depth === 1) lastKeyAtDepth1 = null;
        break;
      case '{':
      case '[':
        depth++;
        if (expectingTargetArray && depth === 2) {
          expectingTargetArray = false;
          if (ch === '[') targetDepth = 2;
        } else if (targetDepth > 0 && depth === targetDepth + 1) {
          itemStart = i;
        }
        break;
      case '}':
      case ']':
        if (targetDepth > 0 && depth === targetDepth + 1 && itemStart >= 0) {
          try {
            items.push(JSON.parse(text.slice(itemStart, i + 1)));
          } catch {
            // A malformed element is the validator's business, not progress's.
          }
          itemStart = -1;
        }
        if (targetDepth > 0 && depth === targetDepth && ch === ']') return items;
        depth--;
        break;
      default:
        if (expectingTargetArray && depth === 1 && !/\s/.test(ch)) expectingTargetArray = false;
    }
  }
  return items;
}

/** The reply as JSON: structured output is bare JSON, but tolerate a ```json fence around it. */
export function parseJsonReply(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  let t = text.trim();
  const fence = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(t);
  if (fence) t = fence[1]!.trim();
  try {
    return { ok: true, value: JSON.parse(t) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
