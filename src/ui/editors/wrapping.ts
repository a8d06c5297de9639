// How an editor wraps its lines. Measured ('advanced') wrapping lets the browser lay out the
// edited line on every keystroke, which is right for a proportional font but grows with the
// line: a 50,000-character paragraph costs ~50 ms a key. Past LONG_LINE_CHARS the editor
// wraps by character count ('simple') instead, which costs next to nothing.

/** A line longer than this switches its editor to character-count wrapping. */
export const LONG_LINE_CHARS = 10_000;

/** Whether `text` has a line longer than `limit` characters (stops at the first one). */
export function hasLongLine(text: string, limit: number = LONG_LINE_CHARS): boolean {
  if (text.length <= limit) return false;
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (end - start > limit) return true;
    if (nl < 0) return false;
    start = nl + 1;
  }
}

export type WrappingStrategy = 'simple' | 'advanced';

export function wrappingFor(text: string): WrappingStrategy {
  return hasLongLine(text) ? 'simple' : 'advanced';
}
