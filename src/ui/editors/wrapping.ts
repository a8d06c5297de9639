// How an editor wraps its lines. Measured ('advanced') wrapping lets the browser lay out the
// edited line on every keystroke, which is right for a proportional font but grows with the
// line: a 50,000-character paragraph costs ~50 ms a key. And when a whole text arrives at once
// (a paste, a loaded file) Monaco measures every line of it in one task, in the DOM: 400,000
// characters of prose cost seconds. Past LONG_LINE_CHARS on one line, or LARGE_TEXT_CHARS in
// all, the editor wraps by character count ('simple') instead, which costs next to nothing.

/** A line longer than this switches its editor to character-count wrapping. */
export const LONG_LINE_CHARS = 10_000;

/** A text longer than this, whatever its lines, switches its editor to character-count wrapping. */
export const LARGE_TEXT_CHARS = 100_000;

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
  return text.length > LARGE_TEXT_CHARS || hasLongLine(text) ? 'simple' : 'advanced';
}

/**
 * The wrapping an editor must have *before* `incoming` replaces `[selectionLength]` characters
 * of its `currentLength`-character text (a paste): measured wrapping would lay out the pasted
 * lines in the same task as the edit, before the text's own strategy could be applied.
 */
export function wrappingBeforeInsert(current: WrappingStrategy, currentLength: number, selectionLength: number, incoming: string): WrappingStrategy {
  if (current === 'simple') return 'simple';
  return currentLength - selectionLength + incoming.length > LARGE_TEXT_CHARS || hasLongLine(incoming) ? 'simple' : 'advanced';
}
