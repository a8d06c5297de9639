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
  // The object opens with a key; a brace in prose before it ("each {claim, chunk} pair") does not.
  const start = text.search(/\{\s*"/);
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

// ---------------------------------------------------------------------------------------------
// JSON inside prose: servers that ignore output_config let the model answer in its own way

/** Top-level `{` tried as the start of an object, at most: bounds the work on a brace-heavy text. */
const MAX_OBJECT_STARTS = 64;

/**
 * Where the object opening at `start` closes: the index of its matching `}`, or -1 when it never
 * closes or a bracket closes the wrong opener. Brackets inside strings (escapes included) do not
 * count.
 */
export function balancedEnd(text: string, start: number): number {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') closers.push('}');
    else if (ch === '[') closers.push(']');
    else if (ch === '}' || ch === ']') {
      if (closers.pop() !== ch) return -1;
      if (closers.length === 0) return i;
    }
  }
  return -1;
}

function parseObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ok: true, value: value as Record<string, unknown> } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/**
 * Every JSON object a reply holds, best guess first: the whole reply, then each fenced code
 * block (```json or bare ```), then each balanced top-level `{…}` of the text, left to right (a
 * brace in prose that does not make an object is skipped; objects nested in one already found
 * are not listed again).
 */
export function* jsonObjectsIn(text: string): Generator<Record<string, unknown>> {
  const t = text.replace(/^\uFEFF/, '').trim();
  const whole = parseObject(t);
  if (whole.ok) {
    yield whole.value;
    return;
  }
  for (const m of t.matchAll(/```[ \t]*[\w+.-]*[ \t]*\r?\n([\s\S]*?)```/g)) {
    const fenced = parseObject(m[1]!.trim());
    if (fenced.ok) yield fenced.value;
  }
  let tries = 0;
  for (let start = t.indexOf('{'); start >= 0 && tries < MAX_OBJECT_STARTS; tries++) {
    const end = balancedEnd(t, start);
    const found = end < 0 ? { ok: false as const } : parseObject(t.slice(start, end + 1));
    if (found.ok) yield found.value;
    start = t.indexOf('{', found.ok ? end + 1 : start + 1);
  }
}
