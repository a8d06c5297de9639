// How much of a long list the page materialises at once. An answer of 400,000 characters has
// thousands of claims, one of `\cite{` repeated has 50,000 findings; building a DOM row (or an
// editor marker) for each costs seconds of one task, mostly in layout and garbage collection, and
// nobody reads the 40,000th row. Lists show their first rows and say how many more there are;
// "Show more" adds a page at a time, so the cost grows with what the user asks to see.

/** Rows of a report list shown before "Show more". */
export const ROWS_SHOWN = 200;
/** Items inside one row (a claim's findings or citations) shown at most. */
export const ITEMS_PER_ROW = 20;
/** Characters of a claim's text shown in its row (the whole claim is in the Answer editor). */
export const ROW_TEXT_CHARS = 600;
/** Markers set in one editor at most: Monaco lays out and hovers every one it holds. */
export const MAX_MARKERS = 2_000;

export interface Limited<T> {
  shown: readonly T[];
  /** How many were left out. */
  more: number;
}

/** The first `limit` items and how many were left out (the same array when none were). */
export function firstRows<T>(items: readonly T[], limit: number): Limited<T> {
  const n = Math.max(0, Math.floor(limit));
  return items.length <= n ? { shown: items, more: 0 } : { shown: items.slice(0, n), more: items.length - n };
}

/** `text` cut to `limit` characters at most, with an ellipsis when cut (never inside a surrogate pair). */
export function clipText(text: string, limit: number = ROW_TEXT_CHARS): string {
  if (text.length <= limit) return text;
  let end = limit;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * At most `limit` of `items` for the editor's markers, the most severe first (errors, then
 * warnings, then the rest), each group in its original order; `more` says how many were dropped.
 */
export function markersToShow<T extends { severity: string }>(items: readonly T[], limit: number = MAX_MARKERS): Limited<T> {
  if (items.length <= limit) return { shown: items, more: 0 };
  const rank = (s: string) => (s === 'error' ? 0 : s === 'warning' ? 1 : 2);
  const keep: T[] = [];
  for (let r = 0; r < 3 && keep.length < limit; r++) {
    for (const x of items) {
      if (rank(x.severity) !== r) continue;
      keep.push(x);
      if (keep.length >= limit) break;
    }
  }
  return { shown: keep, more: items.length - keep.length };
}
