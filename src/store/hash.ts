// A content hash for deduplication: the same audit imported twice, or a backup restored onto
// itself, must not make two rows. Synchronous (crypto.subtle is async) and stable across key order.

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableStringify(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** 64-bit FNV-1a of the UTF-16 code units, as 16 hex digits. Not cryptographic: dedup only. */
export function hash64(text: string): string {
  // Two 32-bit halves of the 64-bit state; the FNV prime is 2^40 + 2^8 + 0xb3.
  let h0 = 0x84222325;
  let h1 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // (h1:h0) * 0x100000001b3, keeping 64 bits.
    const lo = h0 * 0x1b3;
    const carry = Math.floor(lo / 0x100000000);
    const hi = Math.imul(h1, 0x1b3) + Math.imul(h0, 0x100) + carry;
    h0 = lo >>> 0;
    h1 = hi >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h0.toString(16).padStart(8, '0');
}

export function contentHash(value: unknown): string {
  return hash64(stableStringify(value));
}
