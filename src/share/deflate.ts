// A small raw-DEFLATE (RFC 1951) encoder that spends CPU to save bytes: share links are short and
// made one at a time, so an optimal parse is affordable where a general library picks matches
// greedily. It finds every useful match (including back-references into a preset dictionary),
// chooses the cheapest path through the input with a shortest-path pass under the current Huffman
// costs, rebuilds the codes from that path and repeats a few times. The output is plain DEFLATE:
// any inflater that is given the same dictionary decodes it (fflate does in this project).

const WINDOW = 32768;
const MIN_MATCH = 3;
const MAX_MATCH = 258;

// Length symbols 257..285: base length and extra bits (RFC 1951 §3.2.5).
const LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
// Order in which code-length code lengths are sent (RFC 1951 §3.2.7).
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const lengthSymbol = new Uint16Array(MAX_MATCH + 1);
for (let code = 0; code < LEN_BASE.length; code++) {
  const base = LEN_BASE[code]!;
  const span = 1 << LEN_EXTRA[code]!;
  for (let l = base; l < base + span && l <= MAX_MATCH; l++) lengthSymbol[l] = code;
}
lengthSymbol[MAX_MATCH] = 28; // 258 has its own code, not the last one of 227..258.

function distanceCode(d: number): number {
  // Binary search is plenty: called once per match per iteration.
  let lo = 0;
  let hi = DIST_BASE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (DIST_BASE[mid]! <= d) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// ------------------------------------------------------------------------------------------------
// Match finding: for each position, the smallest distance for every reachable length, kept as
// (maxLength, distance) steps: lengths up to steps[k].len are reached with steps[k].dist.

interface MatchSteps {
  /** Flat arrays per position: start index into lens/dists, count. */
  start: Int32Array;
  count: Uint16Array;
  lens: Uint16Array;
  dists: Uint16Array;
}

function findMatches(buf: Uint8Array, from: number, maxChain: number): MatchSteps {
  const n = buf.length;
  const HASH_BITS = 15;
  const head = new Int32Array(1 << HASH_BITS).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const hash = (p: number) => ((buf[p]! << 10) ^ (buf[p + 1]! << 5) ^ buf[p + 2]!) & ((1 << HASH_BITS) - 1);

  const start = new Int32Array(n - from + 1);
  const count = new Uint16Array(n - from + 1);
  let lens = new Uint16Array(1024);
  let dists = new Uint16Array(1024);
  let used = 0;
  const push = (len: number, dist: number) => {
    if (used === lens.length) {
      const nl = new Uint16Array(used * 2);
      nl.set(lens);
      lens = nl;
      const nd = new Uint16Array(used * 2);
      nd.set(dists);
      dists = nd;
    }
    lens[used] = len;
    dists[used] = dist;
    used++;
  };

  for (let p = 0; p + MIN_MATCH <= n; p++) {
    const h = hash(p);
    if (p >= from) {
      const i = p - from;
      start[i] = used;
      const limit = Math.min(MAX_MATCH, n - p);
      let best = MIN_MATCH - 1;
      let cand = head[h]!;
      let chain = maxChain;
      while (cand >= 0 && p - cand <= WINDOW && chain-- > 0) {
        // Cheap reject: a longer match must agree at position `best`.
        if (buf[cand + best] === buf[p + best]) {
          let l = 0;
          while (l < limit && buf[cand + l] === buf[p + l]) l++;
          if (l > best) {
            push(l, p - cand);
            best = l;
            if (l === limit) break;
          }
        }
        cand = prev[cand]!;
      }
      count[i] = used - start[i]!;
    }
    prev[p] = head[h]!;
    head[h] = p;
  }
  return { start, count, lens: lens.subarray(0, used), dists: dists.subarray(0, used) };
}

// ------------------------------------------------------------------------------------------------
// Huffman code lengths with a length limit: an ordinary Huffman tree, then, in the rare case it is
// too deep, the overflow is pushed up the way zlib does it (the code stays complete).

function limitedCodeLengths(freqs: ArrayLike<number>, maxBits: number): Uint8Array {
  const n = freqs.length;
  const lengths = new Uint8Array(n);
  const symbols: number[] = [];
  for (let i = 0; i < n; i++) if (freqs[i]! > 0) symbols.push(i);
  if (symbols.length === 0) return lengths;
  if (symbols.length === 1) {
    lengths[symbols[0]!] = 1;
    return lengths;
  }
  symbols.sort((a, b) => freqs[a]! - freqs[b]! || a - b);
  const leaves = symbols.length;
  // Two-queue construction: leaves in frequency order, internal nodes appended in creation order.
  const weight = new Float64Array(2 * leaves - 1);
  const parent = new Int32Array(2 * leaves - 1);
  for (let i = 0; i < leaves; i++) weight[i] = freqs[symbols[i]!]!;
  let nextLeaf = 0;
  let nextNode = leaves;
  let created = leaves;
  const take = (): number => {
    if (nextLeaf < leaves && (nextNode >= created || weight[nextLeaf]! <= weight[nextNode]!)) return nextLeaf++;
    return nextNode++;
  };
  while (created < 2 * leaves - 1) {
    const a = take();
    const b = take();
    weight[created] = weight[a]! + weight[b]!;
    parent[a] = created;
    parent[b] = created;
    created++;
  }
  const root = created - 1;
  const depth = new Uint8Array(2 * leaves - 1);
  for (let i = root - 1; i >= 0; i--) depth[i] = depth[parent[i]!]! + 1;

  const blCount = new Uint32Array(Math.max(maxBits, 64) + 1);
  let overflow = 0;
  for (let i = 0; i < leaves; i++) {
    let d = depth[i]!;
    if (d > maxBits) {
      d = maxBits;
      overflow++;
    }
    blCount[d]!++;
  }
  while (overflow > 0) {
    let bits = maxBits - 1;
    while (blCount[bits] === 0) bits--;
    blCount[bits]!--; // a leaf moves down one level...
    blCount[bits + 1]! += 2; // ...and an overflowed leaf becomes its sibling
    blCount[maxBits]!--;
    overflow -= 2;
  }
  // Longest codes to the rarest symbols.
  let i = 0;
  for (let bits = maxBits; bits >= 1; bits--) {
    for (let k = blCount[bits]!; k > 0; k--) lengths[symbols[i++]!] = bits;
  }
  return lengths;
}

/** Canonical codes (RFC 1951 §3.2.2), bit-reversed for LSB-first output. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const maxLen = Math.max(0, ...lengths);
  const blCount = new Uint16Array(maxLen + 1);
  for (const l of lengths) if (l) blCount[l]!++;
  const next = new Uint16Array(maxLen + 2);
  let code = 0;
  for (let bits = 1; bits <= maxLen; bits++) {
    code = (code + blCount[bits - 1]!) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s]!;
    if (!len) continue;
    let c = next[len]!++;
    let r = 0;
    for (let i = 0; i < len; i++) {
      r = (r << 1) | (c & 1);
      c >>= 1;
    }
    codes[s] = r;
  }
  return codes;
}

// ------------------------------------------------------------------------------------------------
// Shortest path through the input under a cost model.

type Path = { lens: Uint16Array; dists: Uint16Array; size: number }; // len 1 = literal

/** Beyond this match length the longest match is taken without weighing shorter ones. */
const NICE_LENGTH = 128;

function cheapestPath(buf: Uint8Array, from: number, m: MatchSteps, litCost: Float64Array, distCost: Float64Array): Path {
  const size = buf.length - from;
  const cost = new Float64Array(size + 1).fill(Infinity);
  const stepLen = new Uint16Array(size + 1);
  const stepDist = new Uint16Array(size + 1);
  // Cost of each match length (symbol + extra bits) under this model, looked up in the inner loop.
  const lenCost = new Float64Array(MAX_MATCH + 1);
  for (let l = MIN_MATCH; l <= MAX_MATCH; l++) lenCost[l] = litCost[257 + lengthSymbol[l]!]! + LEN_EXTRA[lengthSymbol[l]!]!;
  cost[0] = 0;
  let skipUntil = 0;
  for (let i = 0; i < size; i++) {
    const here = cost[i]!;
    const s = m.start[i]!;
    const c = m.count[i]!;
    const lit = here + litCost[buf[from + i]!]!;
    if (lit < cost[i + 1]!) {
      cost[i + 1] = lit;
      stepLen[i + 1] = 1;
    }
    if (i < skipUntil || c === 0) continue;
    const longest = m.lens[s + c - 1]!;
    if (longest >= NICE_LENGTH) {
      // Inside long repeats weighing every length of every step costs O(258) per byte and gains
      // nothing measurable: take the longest match and do not branch from inside it.
      const dist = m.dists[s + c - 1]!;
      const dc = distanceCode(dist);
      const total = here + distCost[dc]! + DIST_EXTRA[dc]! + lenCost[longest]!;
      if (total < cost[i + longest]!) {
        cost[i + longest] = total;
        stepLen[i + longest] = longest;
        stepDist[i + longest] = dist;
      }
      skipUntil = i + longest;
      continue;
    }
    let lo = MIN_MATCH;
    for (let k = 0; k < c; k++) {
      const maxLen = m.lens[s + k]!;
      const dist = m.dists[s + k]!;
      const dc = distanceCode(dist);
      const base = here + distCost[dc]! + DIST_EXTRA[dc]!;
      for (let l = lo; l <= maxLen; l++) {
        const total = base + lenCost[l]!;
        if (total < cost[i + l]!) {
          cost[i + l] = total;
          stepLen[i + l] = l;
          stepDist[i + l] = dist;
        }
      }
      lo = maxLen + 1;
    }
  }
  // Walk back from the end.
  const revL: number[] = [];
  const revD: number[] = [];
  for (let i = size; i > 0; ) {
    const l = stepLen[i]!;
    revL.push(l);
    revD.push(stepDist[i]!);
    i -= l;
  }
  const lens = new Uint16Array(revL.length);
  const dists = new Uint16Array(revL.length);
  for (let k = 0; k < revL.length; k++) {
    lens[k] = revL[revL.length - 1 - k]!;
    dists[k] = revD[revD.length - 1 - k]!;
  }
  return { lens, dists, size: revL.length };
}

function symbolFrequencies(buf: Uint8Array, from: number, path: Path): { lit: Uint32Array; dist: Uint32Array } {
  const lit = new Uint32Array(286);
  const dist = new Uint32Array(30);
  let pos = from;
  for (let k = 0; k < path.size; k++) {
    const l = path.lens[k]!;
    if (l === 1) lit[buf[pos]!]!++;
    else {
      lit[257 + lengthSymbol[l]!]!++;
      dist[distanceCode(path.dists[k]!)]!++;
    }
    pos += l;
  }
  lit[256]!++;
  return { lit, dist };
}

// ------------------------------------------------------------------------------------------------
// Output

class BitWriter {
  private out: number[] = [];
  private acc = 0;
  private n = 0;
  bits = 0;
  write(value: number, count: number): void {
    this.bits += count;
    for (let i = 0; i < count; i++) {
      this.acc |= ((value >>> i) & 1) << this.n;
      if (++this.n === 8) {
        this.out.push(this.acc);
        this.acc = 0;
        this.n = 0;
      }
    }
  }
  finish(): Uint8Array {
    if (this.n) this.out.push(this.acc);
    return Uint8Array.from(this.out);
  }
}

type ClToken = { sym: number; extra: number; extraBits: number };

/** Run-length tokens for the code lengths (symbols 16/17/18), each kind switchable. */
function codeLengthTokens(lengths: Uint8Array, use16: boolean, use17: boolean, use18: boolean): ClToken[] {
  const out: ClToken[] = [];
  for (let i = 0; i < lengths.length; ) {
    const v = lengths[i]!;
    let run = 1;
    while (i + run < lengths.length && lengths[i + run] === v) run++;
    let left = run;
    if (v === 0) {
      while (use18 && left >= 11) {
        const r = Math.min(left, 138);
        out.push({ sym: 18, extra: r - 11, extraBits: 7 });
        left -= r;
      }
      while (use17 && left >= 3) {
        const r = Math.min(left, 10);
        out.push({ sym: 17, extra: r - 3, extraBits: 3 });
        left -= r;
      }
    } else if (use16 && left >= 4) {
      out.push({ sym: v, extra: 0, extraBits: 0 });
      left--;
      while (left >= 3) {
        const r = Math.min(left, 6);
        out.push({ sym: 16, extra: r - 3, extraBits: 2 });
        left -= r;
      }
    }
    for (; left > 0; left--) out.push({ sym: v, extra: 0, extraBits: 0 });
    i += run;
  }
  return out;
}

/** Ensures a tree has at least two codes, which every inflater accepts. */
function atLeastTwo(freqs: Uint32Array): Uint32Array {
  const f = freqs.slice();
  let nonzero = 0;
  for (const x of f) if (x) nonzero++;
  for (let s = 0; nonzero < 2 && s < f.length; s++) {
    if (!f[s]) {
      f[s] = 1;
      nonzero++;
    }
  }
  return f;
}

interface Header {
  litLengths: Uint8Array;
  distLengths: Uint8Array;
  hlit: number;
  hdist: number;
  tokens: ClToken[];
  clLengths: Uint8Array;
  hclen: number;
  bits: number;
}

function buildHeader(litLengths: Uint8Array, distLengths: Uint8Array): Header {
  let hlit = 286;
  while (hlit > 257 && !litLengths[hlit - 1]) hlit--;
  let hdist = 30;
  while (hdist > 1 && !distLengths[hdist - 1]) hdist--;
  const all = new Uint8Array(hlit + hdist);
  all.set(litLengths.subarray(0, hlit));
  all.set(distLengths.subarray(0, hdist), hlit);
  let best: Header | null = null;
  for (let variant = 0; variant < 8; variant++) {
    const tokens = codeLengthTokens(all, !!(variant & 1), !!(variant & 2), !!(variant & 4));
    const freq = new Uint32Array(19);
    for (const t of tokens) freq[t.sym]!++;
    const clLengths = limitedCodeLengths(atLeastTwo(freq), 7);
    let hclen = 19;
    while (hclen > 4 && !clLengths[CL_ORDER[hclen - 1]!]) hclen--;
    let bits = 14 + hclen * 3;
    for (const t of tokens) bits += clLengths[t.sym]! + t.extraBits;
    if (!best || bits < best.bits) best = { litLengths, distLengths, hlit, hdist, tokens, clLengths, hclen, bits };
  }
  return best!;
}

// The fixed codes of RFC 1951 §3.2.6.
const FIXED_LIT_LENGTHS = new Uint8Array(288).map((_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8));
const FIXED_DIST_LENGTHS = new Uint8Array(30).fill(5);
const FIXED = {
  litCost: Float64Array.from(FIXED_LIT_LENGTHS.subarray(0, 286)),
  distCost: Float64Array.from(FIXED_DIST_LENGTHS),
};

function encodeBlock(buf: Uint8Array, from: number, path: Path, fixed: boolean): Uint8Array {
  const w = new BitWriter();
  w.write(1, 1); // BFINAL
  let litLengths: Uint8Array;
  let distLengths: Uint8Array;
  if (fixed) {
    w.write(1, 2); // fixed Huffman codes
    litLengths = FIXED_LIT_LENGTHS;
    distLengths = FIXED_DIST_LENGTHS;
  } else {
    const { lit, dist } = symbolFrequencies(buf, from, path);
    litLengths = limitedCodeLengths(atLeastTwo(lit), 15);
    distLengths = limitedCodeLengths(atLeastTwo(dist), 15);
    const h = buildHeader(litLengths, distLengths);
    const clCodes = canonicalCodes(h.clLengths);
    w.write(2, 2); // dynamic Huffman codes
    w.write(h.hlit - 257, 5);
    w.write(h.hdist - 1, 5);
    w.write(h.hclen - 4, 4);
    for (let i = 0; i < h.hclen; i++) w.write(h.clLengths[CL_ORDER[i]!]!, 3);
    for (const t of h.tokens) {
      w.write(clCodes[t.sym]!, h.clLengths[t.sym]!);
      if (t.extraBits) w.write(t.extra, t.extraBits);
    }
  }
  const litCodes = canonicalCodes(litLengths);
  const distCodes = canonicalCodes(distLengths);
  let pos = from;
  for (let k = 0; k < path.size; k++) {
    const l = path.lens[k]!;
    if (l === 1) {
      const b = buf[pos]!;
      w.write(litCodes[b]!, litLengths[b]!);
    } else {
      const ls = lengthSymbol[l]!;
      w.write(litCodes[257 + ls]!, litLengths[257 + ls]!);
      if (LEN_EXTRA[ls]) w.write(l - LEN_BASE[ls]!, LEN_EXTRA[ls]!);
      const d = path.dists[k]!;
      const dc = distanceCode(d);
      w.write(distCodes[dc]!, distLengths[dc]!);
      if (DIST_EXTRA[dc]) w.write(d - DIST_BASE[dc]!, DIST_EXTRA[dc]!);
    }
    pos += l;
  }
  w.write(litCodes[256]!, litLengths[256]!);
  return w.finish();
}

function costsFrom(lit: Uint32Array, dist: Uint32Array): { litCost: Float64Array; distCost: Float64Array } {
  // Bits per symbol under the code the frequencies would give; unseen symbols get a pessimistic
  // price so the next pass tries them only where they clearly pay.
  const litLengths = limitedCodeLengths(atLeastTwo(lit), 15);
  const distLengths = limitedCodeLengths(atLeastTwo(dist), 15);
  const litCost = new Float64Array(286);
  const distCost = new Float64Array(30);
  for (let s = 0; s < 286; s++) litCost[s] = litLengths[s] || 14;
  for (let s = 0; s < 30; s++) distCost[s] = distLengths[s] || 13;
  return { litCost, distCost };
}

export interface OptimalDeflateOptions {
  dictionary?: Uint8Array;
  /** Passes of parse → recode per start (more is smaller, slower). */
  iterations?: number;
  /** How many starting cost guesses to iterate from (1–4, default all). */
  starts?: number;
  /** How many earlier positions with the same 3-byte hash each position examines. */
  maxChain?: number;
}

/** Raw DEFLATE of `input`, one dynamic block, optimally parsed. Deterministic. */
export function deflateOptimal(input: Uint8Array, opts: OptimalDeflateOptions = {}): Uint8Array {
  const dict = opts.dictionary ?? new Uint8Array(0);
  const dictTail = dict.length > WINDOW ? dict.subarray(dict.length - WINDOW) : dict;
  const buf = new Uint8Array(dictTail.length + input.length);
  buf.set(dictTail);
  buf.set(input, dictTail.length);
  const from = dictTail.length;
  const matches = findMatches(buf, from, opts.maxChain ?? 4096);

  // Iterating parse → code → costs finds a local optimum that depends on the starting costs, so
  // start from several guesses (English-like text, uniform, cheap matches, cheap literals) and keep
  // the smallest result.
  const textLike = new Float64Array(286).fill(9);
  for (let c = 32; c < 127; c++) textLike[c] = 7;
  for (const c of ' etaoinshr') textLike[c.charCodeAt(0)] = 5;
  for (let s = 257; s < 286; s++) textLike[s] = 7;
  const starts = [
    { litCost: textLike, distCost: new Float64Array(30).fill(5) },
    { litCost: new Float64Array(286).fill(8), distCost: new Float64Array(30).fill(5) },
    { litCost: new Float64Array(286).fill(8).fill(5, 257), distCost: new Float64Array(30).fill(3) },
    { litCost: new Float64Array(286).fill(6).fill(9, 257), distCost: new Float64Array(30).fill(7) },
  ];
  let best: Uint8Array | null = null;
  for (const start of starts.slice(0, opts.starts ?? starts.length)) {
    let costs: { litCost: Float64Array; distCost: Float64Array } = start;
    let stale = 0;
    let localBest = Infinity;
    for (let it = 0; it < (opts.iterations ?? 10) && stale < 2; it++) {
      const path = cheapestPath(buf, from, matches, costs.litCost, costs.distCost);
      const out = encodeBlock(buf, from, path, false);
      if (out.length < localBest) {
        localBest = out.length;
        stale = 0;
      } else stale++;
      if (!best || out.length < best.length) best = out;
      const f = symbolFrequencies(buf, from, path);
      costs = costsFrom(f.lit, f.dist);
    }
  }
  // Tiny inputs do better without a code table in the header: try the fixed codes too.
  const fixed = encodeBlock(buf, from, cheapestPath(buf, from, matches, FIXED.litCost, FIXED.distCost), true);
  return fixed.length < best!.length ? fixed : best!;
}
