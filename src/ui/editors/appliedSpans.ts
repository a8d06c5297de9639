// Markers and decorations are set on an editor after every analysis, but most analyses of a long
// answer put back exactly what is there (the user typed after the last marker). Setting them
// again makes Monaco drop and rebuild hundreds of decorations and repaint; this tells when that
// can be skipped. Monaco moves what it shows along with each edit, so a span list that equals the
// last one set still shows correctly only if every edit since then came after all of its spans.

export interface Span {
  start: number;
  end: number;
}

export class AppliedSpans<T extends Span> {
  #items: readonly T[] | null = null;
  /** Offset of the first edit since the items were set (Infinity: none). */
  #editedFrom = Infinity;
  readonly #same: (a: T, b: T) => boolean;

  constructor(same: (a: T, b: T) => boolean) {
    this.#same = same;
  }

  /** The text changed at `offset` (in the text as it was before the change). */
  edited(offset: number): void {
    if (offset < this.#editedFrom) this.#editedFrom = offset;
  }

  /** Whether setting `items` now would show exactly what the editor shows. */
  unchanged(items: readonly T[]): boolean {
    const last = this.#items;
    if (!last || last.length !== items.length) return false;
    if (items.length === 0) return true;
    let end = 0;
    for (let i = 0; i < items.length; i++) {
      const a = items[i]!;
      if (!this.#same(a, last[i]!)) return false;
      // A zero-width span is shown one character wide.
      end = Math.max(end, a.end, a.start + 1);
    }
    // Strictly after: an edit touching a span's end may stretch it.
    return this.#editedFrom > end;
  }

  /** `items` were just set. */
  set(items: readonly T[]): void {
    this.#items = items;
    this.#editedFrom = Infinity;
  }

  /** Nothing is known about what the editor shows (a new model, cleared spans). */
  reset(): void {
    this.#items = null;
    this.#editedFrom = Infinity;
  }
}
