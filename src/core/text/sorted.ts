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

/** The index of the last value of ascending `xs` that is <= x: 0 when none is (or xs is empty). */
export function lastAtOrBelow(xs: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
