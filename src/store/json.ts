// JSON.stringify of a large value in slices of a few ms. The history stores an audit's report as
// JSON in a Blob: IndexedDB copies a value with structured clone inside put(), synchronously, and
// a report of a pasted megabyte has about a million small objects (hundreds of ms in one task);
// even as one string it is tens of MB to copy, twice. A Blob is stored by reference. The text is
// made here a bounded piece at a time between which the page stays responsive; small subtrees go
// to the native JSON.stringify whole.
import type { SliceOptions } from './hash';
import { JsonWalk } from './jsonWalk';

/**
 * Builds JSON.stringify(value) resumably (jsonWalk.ts): `run` stops when its `more` callback says
 * so and carries on from there on the next call. Same output as JSON.stringify, and the same
 * TypeError on a cycle.
 */
export class JsonWriter {
  readonly #walk: JsonWalk;
  /** Pieces not yet joined, and joined pieces (joining as we go keeps the arrays short). */
  #pieces: string[] = [];
  readonly #chunks: string[] = [];
  #empty = true;
  #pending = 0;

  /** `small`: subtrees of up to this many values go to JSON.stringify whole. */
  constructor(value: unknown, small?: number) {
    this.#walk = new JsonWalk(value, { keys: 'json', sink: (s) => this.#write(s), ...(small !== undefined ? { small } : {}) });
  }

  get done(): boolean {
    return this.#walk.done;
  }

  /** Code units written since the last take(). */
  get pending(): number {
    return this.#pending;
  }

  /** The text written since the last call (complete pieces: no value is cut), for streaming it out. */
  take(): string[] {
    if (this.#pieces.length) this.#flush();
    this.#pending = 0;
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
  run(more?: () => boolean): boolean {
    return this.#walk.run(more);
  }

  #write(s: string): void {
    this.#empty = false;
    this.#pending += s.length;
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
 * Text is encoded into a Blob once this many code units are waiting, inside the slice and on its
 * clock: 8 ms of writing a long string makes megabytes, whose encoding at the slice's end took
 * 25-35 ms more (a pasted 5 MB answer in the report).
 */
const BLOB_PIECE = 1 << 16;

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
  const more = (until: number) => {
    if (w.pending >= BLOB_PIECE) parts.push(new Blob(w.take()));
    return now() < until;
  };
  for (;;) {
    const until = now() + sliceMs;
    const done = w.run(() => more(until));
    if (done) break;
    if (w.pending) parts.push(new Blob(w.take()));
    slices++;
    await pause();
  }
  const rest = w.text();
  if (rest === undefined) return { blob: undefined, slices };
  return { blob: new Blob([...parts, rest], { type: 'application/json' }), slices };
}
