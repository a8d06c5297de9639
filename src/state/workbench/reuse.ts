// Structural sharing between one analysis and the next. Typing changes a few claims of a long
// answer, but every analysis is a new tree of objects (it comes from the worker, or from a fresh
// audit); putting back the previous objects wherever nothing changed lets the report and the
// editors skip everything that is still the same, since they compare by identity.

type Plain = Record<string, unknown>;

function isPlainObject(v: unknown): v is Plain {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * `next`, with every array and plain object that deep-equals the one at the same place in `prev`
 * replaced by prev's (arrays are matched index by index). Returns `prev` itself when the two are
 * equal throughout. Neither argument is modified; other kinds of objects are taken from `next`.
 */
export function reuseUnchanged<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next;
    let same = prev.length === next.length;
    let out: unknown[] | null = null;
    // Past the end of prev nothing can be reused: those elements are not visited (a paste that
    // turns 10 findings into 50,000 costs 10 comparisons, not 50,000).
    const n = Math.min(prev.length, next.length);
    for (let i = 0; i < n; i++) {
      const v = reuseUnchanged(prev[i], next[i]);
      if (v !== next[i]) (out ??= next.slice())[i] = v;
      if (!Object.is(v, prev[i])) same = false;
    }
    return (same ? prev : (out ?? next)) as T;
  }
  if (isPlainObject(next)) {
    if (!isPlainObject(prev)) return next;
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    let out: Plain | null = null;
    for (const k of keys) {
      const had = Object.prototype.hasOwnProperty.call(prev, k);
      const v = reuseUnchanged(had ? prev[k] : undefined, next[k]);
      if (v !== next[k]) (out ??= { ...next })[k] = v;
      if (!had || !Object.is(v, prev[k])) same = false;
    }
    return (same ? prev : (out ?? next)) as T;
  }
  return next;
}
