// Substring search in one text, many times over (a chunk searched by every quote that cites it,
// or by every quote not found where it should be). The first searches scan the text
// (String.prototype.indexOf); once they have together walked BUILD_AFTER times its length, a
// table of where each 4-character gram occurs is built, and each later search looks only at
// the positions of the needle's rarest gram (none at all when a gram of the needle is nowhere
// in the text, the usual case for a quote that is not there). Answers are always indexOf's: the
// table only picks the places to compare, and a search that would compare more than a scan
// walks falls back to the scan. So k searches of a text of n characters cost O(n + k × needle)
// in general instead of O(k × n), and a text searched once or twice costs what it did.

const GRAM = 4;
/** How many lengths of the text the scans may walk before the table pays for itself. */
const BUILD_AFTER = 4;

/** A 4-unit gram's hash at s[i..i+4) (any 32-bit value; the table is bucketed by its low bits). */
function gramHash(s: string, i: number): number {
  let h = Math.imul(s.charCodeAt(i), 0x9e3779b1);
  h = Math.imul(h ^ s.charCodeAt(i + 1), 0x85ebca77);
  h = Math.imul(h ^ s.charCodeAt(i + 2), 0xc2b2ae3d);
  h = Math.imul(h ^ s.charCodeAt(i + 3), 0x27d4eb2f);
  return h ^ (h >>> 15);
}

interface GramTable {
  mask: number;
  /** Bucket b holds pos[heads[b] .. heads[b + 1]), ascending. */
  heads: Int32Array;
  pos: Int32Array;
}

function buildTable(text: string): GramTable {
  const count = Math.max(0, text.length - GRAM + 1);
  let size = 1;
  while (size < count) size <<= 1;
  const mask = size - 1;
  const bucket = new Int32Array(count);
  const heads = new Int32Array(size + 1);
  for (let i = 0; i < count; i++) {
    const b = gramHash(text, i) & mask;
    bucket[i] = b;
    heads[b + 1]!++;
  }
  for (let b = 0; b < size; b++) heads[b + 1]! += heads[b]!;
  const fill = heads.slice(0, size);
  const pos = new Int32Array(count);
  for (let i = 0; i < count; i++) pos[fill[bucket[i]!]!++] = i;
  return { mask, heads, pos };
}

export class TextSearch {
  readonly text: string;
  #scanned = 0;
  #table?: GramTable;
  constructor(text: string) {
    this.text = text;
  }

  /** text.indexOf(needle, from), the same answer. */
  indexOf(needle: string, from = 0): number {
    const text = this.text;
    const n = text.length;
    const start = Math.min(Math.max(Math.trunc(from) || 0, 0), n);
    const L = needle.length;
    if (L < GRAM || start + L > n || !this.#ready()) return this.#scan(needle, start);
    const { mask, heads, pos } = this.#table!;
    // The needle's rarest gram: its positions are the only places to compare.
    let at = 0;
    let fewest = Infinity;
    for (let j = 0; j + GRAM <= L; j++) {
      const b = gramHash(needle, j) & mask;
      const c = heads[b + 1]! - heads[b]!;
      if (c === 0) return -1;
      if (c < fewest) {
        fewest = c;
        at = j;
      }
    }
    const b = gramHash(needle, at) & mask;
    let lo = heads[b]!;
    let hi = heads[b + 1]!;
    const first = start + at;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pos[mid]! < first) lo = mid + 1;
      else hi = mid;
    }
    // Comparing costs up to L per place; past what a scan would walk, scan instead.
    let budget = n - start;
    for (let k = lo; k < heads[b + 1]!; k++) {
      const s = pos[k]! - at;
      if (s + L > n) return -1;
      if (text.startsWith(needle, s)) return s;
      budget -= L;
      if (budget < 0) return this.#scan(needle, s + 1);
    }
    return -1;
  }

  /** Whether the text contains needle. */
  includes(needle: string): boolean {
    return this.indexOf(needle) >= 0;
  }

  /** The first `cap` start offsets of needle in the text, ascending (overlapping ones included). */
  occurrences(needle: string, cap = 64): number[] {
    const found: number[] = [];
    if (!needle) return found;
    let i = this.indexOf(needle);
    while (i >= 0 && found.length < cap) {
      found.push(i);
      i = this.indexOf(needle, i + 1);
    }
    return found;
  }

  #scan(needle: string, start: number): number {
    const at = this.text.indexOf(needle, start);
    this.#scanned += (at >= 0 ? at + needle.length : this.text.length) - start + 1;
    return at;
  }

  #ready(): boolean {
    if (this.#table) return true;
    if (this.#scanned < BUILD_AFTER * this.text.length) return false;
    this.#table = buildTable(this.text);
    return true;
  }
}
