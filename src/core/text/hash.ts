// One short string hash for the core and the model client: cyrb53, 53 bits, fed in pieces.
// Not cryptographic: it tells inputs apart (runs to pair in a diff, the requests a resumed batch
// rebuilt). The stored history's dedup hash is a different one (store/hash.ts, 64-bit FNV-1a)
// because the rows in people's browsers already carry it.

/** cyrb53 of the pieces fed in order, as if joined: hashing them one by one reads flat strings. */
export class Hash53 {
  #h1 = 0xdeadbeef;
  #h2 = 0x41c6ce57;

  add(text: string): this {
    let h1 = this.#h1;
    let h2 = this.#h2;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    this.#h1 = h1;
    this.#h2 = h2;
    return this;
  }

  /** 14 hex digits. */
  hex(): string {
    const h1 = Math.imul(this.#h1 ^ (this.#h1 >>> 16), 2246822507) ^ Math.imul(this.#h2 ^ (this.#h2 >>> 13), 3266489909);
    const h2 = Math.imul(this.#h2 ^ (this.#h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
  }
}
