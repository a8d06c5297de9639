// Binary search over ascending numbers (offset maps, positions), shared by the text searches.

/**
 * The first index in [lo, hi) of ascending `xs` whose value is >= x (hi when none is). `lo` and
 * `hi` narrow the search to a part of `xs`; the caller keeps them inside it.
 */
export function lowerBound(xs: ArrayLike<number>, x: number, lo = 0, hi = xs.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
