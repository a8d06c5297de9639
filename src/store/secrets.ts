// The API key must never reach a link, a backup, the history or a log (SPEC §8). Settings are
// stored through a whitelist (schemas.ts); this is the second line: anything shaped like an
// Anthropic key, or equal to a key the caller knows, is cut out of every value we persist or share.

const KEY_PATTERN = /sk-ant-[A-Za-z0-9_-]{8,}/g;
export const REDACTED = '[API key removed]';

function redactString(s: string, known: readonly string[]): string {
  let out = s.includes('sk-ant-') ? s.replace(KEY_PATTERN, REDACTED) : s;
  for (const k of known) if (k.length >= 8 && out.includes(k)) out = out.split(k).join(REDACTED);
  return out;
}

/** A copy of `value` with keys removed from every string (keys of objects too). */
export function redactSecrets<T>(value: T, known: readonly string[] = []): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactString(v, known);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[redactString(k, known)] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

