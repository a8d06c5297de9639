// JSON.stringify of a large value in slices of a few ms. The history stores an audit's report as
// JSON in a Blob: IndexedDB copies a value with structured clone inside put(), synchronously, and
// a report of a pasted megabyte has about a million small objects (hundreds of ms in one task);
// even as one string it is tens of MB to copy, twice. A Blob is stored by reference. The text is
// made here a bounded piece at a time between which the page stays responsive; small subtrees go
// to the native JSON.stringify whole.
import type { SliceOptions } from './hash';

/** Subtrees up to this many values (containers and array elements) are stringified natively. */
const SMALL = 256;

/**
 * What is left of `budget` after counting the values of `v` (negative: more than that). Stops
 * as soon as the budget is spent, so a large subtree costs only `budget` steps to recognise.
 */
function remaining(v: object, budget: number): number {
  budget--;
  if (Array.isArray(v)) {
    budget -= v.length;
    for (let i = 0; i < v.length && budget >= 0; i++) {
      const x: unknown = v[i];
      if (x !== null && typeof x === 'object') budget = remaining(x, budget);
    }
    return budget;
  }
  for (const k in v) {
    if (budget < 0) break;
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    budget--;
    const x: unknown = (v as Record<string, unknown>)[k];
    if (x !== null && typeof x === 'object') budget = remaining(x, budget);
  }
  return budget;
}

type Frame = { array: readonly unknown[]; i: number } | { object: Record<string, unknown>; keys: string[]; i: number; wrote: boolean };

/** A container too large to stringify in one go: opened as a frame and written value by value. */
const LARGE = Symbol('large');

/**
 * Builds JSON.stringify(value) resumably: `run` stops when its `more` callback says so and carries
 * on from there on the next call. Same output as JSON.stringify (key order, undefined and
 * functions left out of objects and null in arrays, toJSON), and the same TypeError on a cycle.
 */
export class JsonWriter {
  readonly #stack: Frame[] = [];
  /** The containers being written, to refuse a cycle as JSON.stringify does. */
  readonly #open = new Set<object>();
  /** Pieces not yet joined, and joined pieces (joining as we go keeps the arrays short). */
  #pieces: string[] = [];
  readonly #chunks: string[] = [];
  #empty = true;
  readonly #small: number;

  /** `small`: subtrees of up to this many values go to JSON.stringify whole. */
  constructor(value: unknown, small = SMALL) {
    this.#small = small;
    const first = this.#piece(value);
    if (first === LARGE) this.#enter(value as object);
    else if (first !== undefined) this.#write(first);
  }

  get done(): boolean {
    return this.#stack.length === 0;
  }

  /** The text written since the last call (complete pieces: no value is cut), for streaming it out. */
  take(): string[] {
    if (this.#pieces.length) this.#flush();
    return this.#chunks.splice(0);
  }

  /** The JSON text (undefined for a value JSON.stringify gives undefined for); after take(), the rest. */
  text(): string | undefined {
    if (!this.done) throw new Error('JsonWriter: not finished');
    if (this.#empty) return undefined;
    const chunks = this.take();
    return chunks.length === 1 ? chunks[0] : chunks.join('');
  }

  /** Works until finished (true) or until `more()`, asked every few dozen values, is false. */
  run(more: () => boolean = () => true): boolean {
    let n = 0;
    while (this.#stack.length) {
      if ((++n & 31) === 0 && !more()) return false;
      const f = this.#stack[this.#stack.length - 1]!;
      if ('array' in f) {
        if (f.i >= f.array.length) {
          this.#close(f.array, ']');
          continue;
        }
        const v = f.array[f.i++];
        const piece = this.#piece(v);
        const comma = f.i > 1 ? ',' : '';
        if (piece === LARGE) {
          if (comma) this.#write(comma);
          this.#enter(v as object);
        } else this.#write(comma + (piece ?? 'null'));
      } else {
        if (f.i >= f.keys.length) {
          this.#close(f.object, '}');
          continue;
        }
        const k = f.keys[f.i++]!;
        const v = f.object[k];
        const piece = this.#piece(v);
        if (piece === undefined) continue;
        const prefix = `${f.wrote ? ',' : ''}${JSON.stringify(k)}:`;
        f.wrote = true;
        if (piece === LARGE) {
          this.#write(prefix);
          this.#enter(v as object);
        } else this.#write(prefix + piece);
      }
    }
    return true;
  }

  /** The text of a primitive or a small subtree; LARGE for a container to write value by value. */
  #piece(v: unknown): string | undefined | typeof LARGE {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(v);
    if (this.#open.has(v)) throw new TypeError('Converting circular structure to JSON');
    return remaining(v, this.#small) >= 0 ? JSON.stringify(v) : LARGE;
  }

  #enter(v: object): void {
    this.#open.add(v);
    if (Array.isArray(v)) {
      this.#write('[');
      this.#stack.push({ array: v, i: 0 });
    } else {
      this.#write('{');
      this.#stack.push({ object: v as Record<string, unknown>, keys: Object.keys(v), i: 0, wrote: false });
    }
  }

  #close(v: object, bracket: string): void {
    this.#write(bracket);
    this.#open.delete(v);
    this.#stack.pop();
  }

  #write(s: string): void {
    this.#empty = false;
    this.#pieces.push(s);
    if (this.#pieces.length >= 4096) this.#flush();
  }

  #flush(): void {
    this.#chunks.push(this.#pieces.join(''));
    this.#pieces = [];
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * JSON.stringify(value) as a Blob (UTF-8), made in slices: each slice's text becomes a small Blob
 * at once and the result joins them by reference, so no step encodes the whole text. IndexedDB
 * stores a Blob without copying its bytes inside put(). Undefined when JSON gives no text.
 */
export async function jsonBlobInSlices(value: unknown, opts: Omit<SliceOptions, 'onString'> = {}): Promise<{ blob: Blob | undefined; slices: number }> {
  const sliceMs = opts.sliceMs ?? 8;
  const pause = opts.pause ?? nextTask;
  const now = opts.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
  const w = new JsonWriter(value);
  const parts: Blob[] = [];
  let slices = 1;
  for (;;) {
    const until = now() + sliceMs;
    const done = w.run(() => now() < until);
    if (done) break;
    parts.push(new Blob(w.take()));
    slices++;
    await pause();
  }
  const rest = w.text();
  if (rest === undefined) return { blob: undefined, slices };
  return { blob: new Blob([...parts, rest], { type: 'application/json' }), slices };
}
