// One resumable walk over a value as JSON text, for the two things the history does with a large
// audit in slices between frames: write it as JSON (json.ts, JsonWriter) and hash it with its keys
// sorted (hash.ts, StableHasher). The walk hands the text to a sink piece by piece and stops when
// asked, carrying on from there on the next call.

/** Subtrees up to this many values (containers and array elements) are stringified natively. */
const SMALL = 256;

/**
 * Strings longer than this many code units are written a piece of about this size at a time, each
 * piece counting as a whole batch of values: a pasted 5 MB answer is one string, and escaping and
 * hashing it in one go was a task of 50-60 ms on the page.
 */
const LONG = 1 << 15;

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * What is left of `budget` after counting the values of `v` (negative: more than that). Stops
 * as soon as the budget is spent, so a large subtree costs only `budget` steps to recognise.
 */
function remaining(v: object, budget: number, long: number): number {
  budget--;
  if (Array.isArray(v)) {
    budget -= v.length;
    for (let i = 0; i < v.length && budget >= 0; i++) {
      const x: unknown = v[i];
      if (x !== null && typeof x === 'object') budget = remaining(x, budget, long);
      else if (typeof x === 'string' && x.length > long) return -1; // written in pieces, so never small
    }
    return budget;
  }
  for (const k in v) {
    if (budget < 0) break;
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    budget--;
    const x: unknown = (v as Record<string, unknown>)[k];
    if (x !== null && typeof x === 'object') budget = remaining(x, budget, long);
    else if (typeof x === 'string' && x.length > long) return -1;
  }
  return budget;
}

interface WalkOptions {
  /** Receives the text in order; each piece is whole (no value is cut). */
  sink: (text: string) => void;
  /**
   * 'json': exactly JSON.stringify (its key order, toJSON, undefined, functions and symbols left
   * out of objects and null in arrays), subtrees of up to `small` values stringified whole.
   * 'sorted': exactly stableStringify (hash.ts): keys in code-unit order, only undefined left out
   * of objects, anything else JSON has no text for written as null, toJSON not called, and every
   * value visited (so `onString` sees every string).
   */
  keys: 'json' | 'sorted';
  /** Every string, values and keys, on the way ('sorted' only). */
  onString?: (s: string) => void;
  small?: number;
  /** `more()` is asked every this many values (a power of two). */
  every?: number;
  /** Strings longer than this are written in pieces of about this many code units (default LONG). */
  long?: number;
}

/**
 * `of`: the container, to refuse a cycle as JSON.stringify does (a value inside itself is one of
 * the frames'); null for a long string being written piece by piece (`text` from `i` on).
 */
type Frame =
  | { of: object; array: readonly unknown[]; i: number }
  | { of: object; object: Record<string, unknown>; keys: string[]; i: number; wrote: boolean }
  | { of: null; text: string; i: number };

/** Frames compared one by one for a cycle; those deeper are looked up in a set (a long nesting stays linear). */
const SCANNED = 32;

/** A container to write value by value, or a long string to write piece by piece. */
const ENTER = Symbol('enter');

export class JsonWalk {
  readonly #stack: Frame[] = [];
  /** The containers of the frames past the first SCANNED. */
  readonly #deep = new Set<object>();
  readonly #sink: (text: string) => void;
  readonly #sorted: boolean;
  readonly #onString: ((s: string) => void) | undefined;
  readonly #small: number;
  readonly #mask: number;
  readonly #long: number;

  constructor(value: unknown, opts: WalkOptions) {
    this.#sink = opts.sink;
    this.#sorted = opts.keys === 'sorted';
    this.#onString = this.#sorted ? opts.onString : undefined;
    this.#small = opts.small ?? SMALL;
    this.#mask = (opts.every ?? 32) - 1;
    this.#long = Math.max(2, opts.long ?? LONG);
    const first = this.#piece(value);
    if (first === ENTER) this.#enter(value as object | string);
    else if (first !== undefined) this.#sink(first);
    else if (this.#sorted) this.#sink('null');
  }

  get done(): boolean {
    return this.#stack.length === 0;
  }

  /** Works until finished (true) or until `more()`, asked every `every` values, is false. */
  run(more: () => boolean = () => true): boolean {
    let n = 0;
    while (this.#stack.length) {
      if ((++n & this.#mask) === 0 && !more()) return false;
      const f = this.#stack[this.#stack.length - 1]!;
      if ('text' in f) {
        if (f.i >= f.text.length) {
          this.#close('"');
          continue;
        }
        let end = Math.min(f.i + this.#long, f.text.length);
        // Never between the halves of a surrogate pair: JSON.stringify escapes a lone half.
        // Anywhere else, escaping piece by piece gives the same text as escaping the whole.
        if (end < f.text.length && isHighSurrogate(f.text.charCodeAt(end - 1))) end--;
        this.#sink(JSON.stringify(f.text.slice(f.i, end)).slice(1, -1));
        f.i = end;
        // A piece is as much work as a batch of values: ask `more()` before the next step.
        n |= this.#mask;
        continue;
      }
      if ('array' in f) {
        if (f.i >= f.array.length) {
          this.#close(']');
          continue;
        }
        const v = f.array[f.i++];
        const piece = this.#piece(v);
        const comma = f.i > 1 ? ',' : '';
        if (piece === ENTER) {
          if (comma) this.#sink(comma);
          this.#enter(v as object | string);
        } else this.#sink(comma + (piece ?? 'null'));
      } else {
        if (f.i >= f.keys.length) {
          this.#close('}');
          continue;
        }
        const k = f.keys[f.i++]!;
        const v = f.object[k];
        // (Set only when sorted, where the only value left out is undefined.)
        if (this.#onString && v !== undefined) this.#onString(k);
        const piece = this.#piece(v);
        if (piece === undefined) continue;
        const prefix = `${f.wrote ? ',' : ''}${JSON.stringify(k)}:`;
        f.wrote = true;
        if (piece === ENTER) {
          this.#sink(prefix);
          this.#enter(v as object | string);
        } else this.#sink(prefix + piece);
      }
    }
    return true;
  }

  /** The text of a primitive or a small subtree; ENTER for a container or a long string; undefined: left out. */
  #piece(v: unknown): string | undefined | typeof ENTER {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'string') {
        this.#onString?.(v);
        if (v.length > this.#long) return ENTER;
      }
      if (!this.#sorted) return JSON.stringify(v);
      if (v === undefined) return undefined;
      return JSON.stringify(v) ?? 'null';
    }
    const st = this.#stack;
    for (let i = 0, n = Math.min(st.length, SCANNED); i < n; i++) if (st[i]!.of === v) throw new TypeError('Converting circular structure to JSON');
    if (st.length > SCANNED && this.#deep.has(v)) throw new TypeError('Converting circular structure to JSON');
    if (this.#sorted) return ENTER;
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(v);
    return remaining(v, this.#small, this.#long) >= 0 ? JSON.stringify(v) : ENTER;
  }

  #enter(v: object | string): void {
    if (typeof v === 'string') {
      this.#sink('"');
      this.#stack.push({ of: null, text: v, i: 0 });
      return;
    }
    if (this.#stack.length >= SCANNED) this.#deep.add(v);
    if (Array.isArray(v)) {
      this.#sink('[');
      this.#stack.push({ of: v, array: v, i: 0 });
    } else {
      this.#sink('{');
      const keys = Object.keys(v);
      if (this.#sorted) keys.sort();
      this.#stack.push({ of: v, object: v as Record<string, unknown>, keys, i: 0, wrote: false });
    }
  }

  #close(bracket: string): void {
    this.#sink(bracket);
    const f = this.#stack.pop()!;
    if (f.of && this.#stack.length >= SCANNED) this.#deep.delete(f.of);
  }
}
