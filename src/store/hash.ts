// A content hash for deduplication: the same audit imported twice, or a backup restored onto
// itself, must not make two rows. Synchronous (crypto.subtle is async) and stable across key order.
// The history hashes every audit it saves, and an audit of a pasted megabyte serialises to tens of
// megabytes: StableHasher does the same work resumably, so that the page can hash it in slices
// between frames (contentHashInSlices) instead of in one task that freezes it.
import { JsonWalk } from './jsonWalk';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableStringify(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** 64-bit FNV-1a of the UTF-16 code units, fed in pieces. Not cryptographic: dedup only. */
export class Hash64 {
  // Two 32-bit halves of the 64-bit state; the FNV prime is 2^40 + 2^8 + 0xb3.
  #h0 = 0x84222325;
  #h1 = 0xcbf29ce4;

  update(text: string): this {
    let h0 = this.#h0;
    let h1 = this.#h1;
    for (let i = 0; i < text.length; i++) {
      h0 ^= text.charCodeAt(i);
      // (h1:h0) * 0x100000001b3, keeping 64 bits.
      const lo = h0 * 0x1b3;
      const carry = Math.floor(lo / 0x100000000);
      const hi = Math.imul(h1, 0x1b3) + Math.imul(h0, 0x100) + carry;
      h0 = lo >>> 0;
      h1 = hi >>> 0;
    }
    this.#h0 = h0;
    this.#h1 = h1;
    return this;
  }

  /** 16 hex digits. */
  digest(): string {
    return this.#h1.toString(16).padStart(8, '0') + this.#h0.toString(16).padStart(8, '0');
  }
}

export function hash64(text: string): string {
  return new Hash64().update(text).digest();
}

export function contentHash(value: unknown): string {
  return hash64(stableStringify(value));
}

/**
 * hash64(stableStringify(value)) computed a bounded piece at a time (jsonWalk.ts, keys sorted):
 * `run` stops when its `more` callback says so and carries on from there on the next call. Every
 * string (values and keys) is shown to `onString` on the way, so a caller can scan the value in
 * the same pass.
 */
export class StableHasher {
  readonly #hash = new Hash64();
  readonly #walk: JsonWalk;
  #length = 0;

  constructor(value: unknown, onString?: (s: string) => void) {
    const sink = (s: string) => {
      this.#hash.update(s);
      this.#length += s.length;
    };
    this.#walk = new JsonWalk(value, { keys: 'sorted', sink, every: 256, ...(onString ? { onString } : {}) });
  }

  /** Characters of stableStringify(value) hashed so far (all of them once done). */
  get length(): number {
    return this.#length;
  }

  get done(): boolean {
    return this.#walk.done;
  }

  digest(): string {
    if (!this.done) throw new Error('StableHasher: not finished');
    return this.#hash.digest();
  }

  /** Works until finished (true) or until `more()`, asked every few hundred values, is false. */
  run(more?: () => boolean): boolean {
    return this.#walk.run(more);
  }
}

export interface SlicedHash {
  hash: string;
  /** Characters of the stable serialisation. */
  length: number;
  /** How many slices it took (1: it never had to pause). */
  slices: number;
}

export interface SliceOptions {
  /** Work per slice, in ms (default 8). */
  sliceMs?: number;
  /** What to wait for between slices (default: a macrotask, so input and frames get their turn). */
  pause?: () => Promise<void>;
  onString?: (s: string) => void;
  now?: () => number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** contentHash(value), computed in slices of about `sliceMs` with a pause between them. */
export async function contentHashInSlices(value: unknown, opts: SliceOptions = {}): Promise<SlicedHash> {
  const sliceMs = opts.sliceMs ?? 8;
  const pause = opts.pause ?? nextTask;
  const now = opts.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
  const h = new StableHasher(value, opts.onString);
  let slices = 1;
  for (;;) {
    const until = now() + sliceMs;
    if (h.run(() => now() < until)) break;
    slices++;
    await pause();
  }
  return { hash: h.digest(), length: h.length, slices };
}
