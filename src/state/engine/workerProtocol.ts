// What crosses the boundary between the audit runner and the audit worker. The inputs are large
// (the Chunks editor often holds hundreds of KB) and typing changes one of them at a time, so
// neither side sends what the other already has:
// - a request carries only the inputs that changed since the previous request to that worker,
//   which keeps the others (WorkerInputs);
// - a reply leaves out the inputs (the runner has them), every text of the analysis that is one
//   of them (the plain answer and the case's answer, query and gold answer are the editors' texts,
//   megabytes after a large paste, and a structured clone copies each of them again), every
//   report claim's text that is the answer's own (the claims together are most of the answer;
//   the runner slices them from its copy) and, while the Chunks text is the one of the previous
//   reply, the parsed chunks too (ReplyPacker / ReplyUnpacker);
// - nor the elements of the reply's arrays (findings, claims, citations, markers, diagnostics…)
//   that equal the element at the same index of the previous reply: typing changes a few claims
//   of a long answer, and the rest of the report was copied, decoded on the page and compared
//   there again (reuse.ts) on every keystroke (`kept`, keepUnchanged / restoreKept).
// Messages to and from one worker arrive in order, so both sides always agree on what the
// other holds; a new worker starts from nothing on both sides.
// A reply with long arrays (50,000 findings after a large paste) is sent in parts: the page
// decodes a message in one task, so each long array travels as slices of PART_ITEMS elements,
// one message each, ahead of the reply that has them left out (splitReply / PartCollector).

// Only types from the analysis: the runner imports this module into the page's first bundle.
import type { Analysis, AnalysisRequest } from './analysis';
import type { Inputs } from '../workbench/draft';
import type { ReportClaim } from '../../core/types';

const INPUT_NAMES = ['query', 'answerText', 'chunksText', 'goldText'] as const satisfies readonly (keyof Inputs)[];

export interface WorkerRequest extends Omit<AnalysisRequest, 'inputs'> {
  /** The inputs that differ from those of the previous request to this worker (all of them for the first). */
  inputs: Partial<Inputs>;
}

export interface PackedAnalysis extends Omit<Analysis, 'inputs' | 'chunks'> {
  /** null: the same as in the previous reply (the Chunks text has not changed). */
  chunks: Analysis['chunks'] | null;
  /** The case's chunks are the parsed chunks (else they came with the case, e.g. from a structured answer). */
  caseHasParsedChunks: boolean;
  /** Texts sent empty because they equal an input of the request: where each one goes, which input it is. */
  fromInputs?: Partial<Record<InputText, keyof Inputs>>;
  /**
   * Per claim of the report: the length of its text when it was sent empty because it is the
   * case's answer from the claim's start on (rebuilt from the runner's answer), -1 when it was sent
   * as it is. Absent when no text was left out.
   */
  claimTextLengths?: number[];
  /** Arrays with elements sent as 0 because they equal the previous reply's at the same index. */
  kept?: KeptElements[];
  /** The seq of that previous reply. */
  keptFrom?: number;
}

/** Elements of one array of the reply left out: the previous reply's stand in for them. */
interface KeptElements {
  /** Property names from the reply's analysis to the array. */
  path: string[];
  /** Index ranges [start, end) of the elements left out, flattened: start, end, start, end… */
  ranges: number[];
}

/** The analysis texts that are often exactly an editor's text. */
type InputText = 'answer.answer' | 'case.answer' | 'case.query' | 'case.gold_answer';

export type WorkerReply = { ok: true; analysis: PackedAnalysis; split?: SplitArray[] } | { ok: false; seq: number; error: string };

/** An array left out of a reply (sent empty there) whose elements came before it in parts. */
export interface SplitArray {
  /** Property names from the reply's analysis to the array. */
  path: string[];
  length: number;
}

/** A slice of a long array of the reply for request `seq` that follows. */
export interface WorkerPart {
  part: true;
  seq: number;
  /** Index into the reply's `split`. */
  index: number;
  items: unknown[];
}

export type WorkerMessage = WorkerReply | WorkerPart;

/** Arrays shorter than this travel whole (comparing them saves nothing worth having). */
const KEEP_MIN_ITEMS = 8;

/** Elements per part: small enough that decoding one part never holds the page for long. */
export const PART_ITEMS = 1000;
/** How deep into the analysis's objects long arrays are looked for (report.dimensions.x.issues is 4). */
const SPLIT_DEPTH = 5;

function isPlain(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * The messages to post for a reply: parts of every array longer than `partItems` found in the
 * analysis's plain objects (not inside arrays), then the reply with those arrays empty. Objects
 * on the way to a split array are copied; nothing of `reply` is modified.
 */
export function splitReply(reply: WorkerReply, partItems: number = PART_ITEMS): WorkerMessage[] {
  if (!reply.ok) return [reply];
  const parts: WorkerPart[] = [];
  const split: SplitArray[] = [];
  const seq = reply.analysis.seq;
  const visit = (o: Record<string, unknown>, path: string[]): Record<string, unknown> => {
    let out: Record<string, unknown> | null = null;
    for (const k of Object.keys(o)) {
      const v = o[k];
      let w: unknown = v;
      if (Array.isArray(v) && v.length > partItems) {
        const index = split.length;
        split.push({ path: [...path, k], length: v.length });
        for (let i = 0; i < v.length; i += partItems) parts.push({ part: true, seq, index, items: v.slice(i, i + partItems) });
        w = [];
      } else if (isPlain(v) && path.length + 1 < SPLIT_DEPTH) {
        w = visit(v, [...path, k]);
      }
      if (w !== v) (out ??= { ...o })[k] = w;
    }
    return out ?? o;
  };
  const analysis = visit(reply.analysis as unknown as Record<string, unknown>, []) as unknown as PackedAnalysis;
  if (split.length === 0) return [reply];
  return [...parts, { ok: true, analysis, split }];
}

/** Runner side: gathers the parts of the next reply and puts them back into it. */
export class PartCollector {
  #seq = -1;
  #items = new Map<number, unknown[]>();

  /** Keep one part (parts of another request than the one being collected start over). */
  add(p: WorkerPart): void {
    if (p.seq !== this.#seq) {
      this.#seq = p.seq;
      this.#items = new Map();
    }
    const have = this.#items.get(p.index);
    if (!have) this.#items.set(p.index, p.items);
    else for (const x of p.items) have.push(x);
  }

  /**
   * The reply with its split arrays filled in (the reply is the page's own decoded copy and is
   * modified). Throws when a part is missing; the collector is empty afterwards either way.
   */
  complete(reply: WorkerReply): WorkerReply {
    const items = this.#seq === (reply.ok ? reply.analysis.seq : reply.seq) ? this.#items : new Map<number, unknown[]>();
    this.#seq = -1;
    this.#items = new Map();
    if (!reply.ok || !reply.split) return reply;
    reply.split.forEach((s, index) => {
      const got = items.get(index) ?? [];
      if (got.length !== s.length || s.path.length === 0) throw new Error(`audit worker reply: ${s.path.join('.')} has ${got.length} of ${s.length} elements`);
      let o = reply.analysis as unknown as Record<string, unknown>;
      for (const k of s.path.slice(0, -1)) o = o[k] as Record<string, unknown>;
      o[s.path.at(-1)!] = got;
    });
    const { split: _done, ...rest } = reply;
    return rest;
  }
}

/** The inputs that differ between what the worker holds (null: nothing) and `next`. */
export function inputsPatch(held: Inputs | null, next: Inputs): Partial<Inputs> {
  if (!held) return { ...next };
  const patch: Partial<Inputs> = {};
  for (const k of INPUT_NAMES) if (held[k] !== next[k]) patch[k] = next[k];
  return patch;
}

/** Worker side: the inputs as of the latest request. */
export class WorkerInputs {
  #held: Inputs | null = null;

  apply(patch: Partial<Inputs>): Inputs {
    const next = { ...this.#held, ...patch };
    for (const k of INPUT_NAMES) {
      if (typeof next[k] !== 'string') throw new Error(`audit worker: no ${k} received`);
    }
    this.#held = next as Inputs;
    return this.#held;
  }
}

/** Worker side: leaves out of a reply what the previous reply already carried. */
export class ReplyPacker {
  #chunksText: string | null = null;
  /** The previous reply as packed, before elements were left out (what the runner holds too). */
  #prev: PackedAnalysis | null = null;

  pack(a: Analysis): PackedAnalysis {
    const packed = this.#pack(a);
    const prev = this.#prev;
    this.#prev = packed;
    return prev ? keepUnchanged(packed, prev) : packed;
  }

  #pack(a: Analysis): PackedAnalysis {
    const { inputs, chunks, ...rest } = a;
    const same = this.#chunksText === inputs.chunksText;
    this.#chunksText = inputs.chunksText;
    // The parsed chunks travel at most once, in `chunks`, never again inside the case.
    const caseHasParsedChunks = a.case !== null && a.case.chunks === chunks.chunks;
    const fromInputs: PackedAnalysis['fromInputs'] = {};
    // A text equal to an input travels empty; the runner puts its own copy back.
    const strip = (where: InputText, text: string | undefined, input: keyof Inputs): string | undefined => {
      if (text === undefined || text.length === 0 || text !== inputs[input]) return text;
      fromInputs[where] = input;
      return '';
    };
    let c = a.case;
    if (c) {
      c = { ...c, ...(caseHasParsedChunks ? { chunks: [] } : {}), answer: strip('case.answer', c.answer, 'answerText')!, query: strip('case.query', c.query, 'query')! };
      if (typeof c.gold_answer === 'string') c.gold_answer = strip('case.gold_answer', c.gold_answer, 'goldText');
    }
    const answer = { ...a.answer, answer: strip('answer.answer', a.answer.answer, 'answerText')! };
    const claims = a.report && a.case ? packClaimTexts(a.report.claims, a.case.answer) : null;
    const report = claims ? { ...a.report!, claims: claims.claims } : a.report;
    return { ...rest, report, answer, case: c, chunks: same ? null : chunks, caseHasParsedChunks, fromInputs, ...(claims ? { claimTextLengths: claims.lengths } : {}) };
  }
}

/** Runner side: rebuilds the analysis from a packed reply and the inputs of its request. */
export class ReplyUnpacker {
  #chunks: Analysis['chunks'] | null = null;
  /** The previous reply with its kept elements put back (what the worker's packer holds). */
  #prev: PackedAnalysis | null = null;

  unpack(reply: PackedAnalysis, inputs: Inputs): Analysis {
    const p = restoreKept(reply, this.#prev);
    this.#prev = p;
    const { chunks: packedChunks, caseHasParsedChunks, fromInputs, claimTextLengths: lengths, ...rest } = p;
    const chunks = packedChunks ?? this.#chunks;
    if (!chunks) throw new Error('audit worker reply refers to chunks it never sent');
    this.#chunks = chunks;
    const text = (where: InputText, sent: string): string => {
      const input = fromInputs?.[where];
      return input ? inputs[input] : sent;
    };
    let c = p.case;
    if (c) {
      c = { ...c, ...(caseHasParsedChunks ? { chunks: chunks.chunks } : {}), answer: text('case.answer', c.answer), query: text('case.query', c.query) };
      if (typeof c.gold_answer === 'string') c.gold_answer = text('case.gold_answer', c.gold_answer);
    }
    const answer = { ...rest.answer, answer: text('answer.answer', rest.answer.answer) };
    let report = rest.report;
    if (lengths && report && c) {
      // A slice of the answer shares the answer's characters rather than copying them.
      const at = c.answer;
      const claims = report.claims.map((claim, i) => {
        const n = lengths[i] ?? -1;
        return n >= 0 ? { ...claim, text: at.slice(claim.start, claim.start + n) } : claim;
      });
      report = { ...report, claims };
    }
    return { ...rest, report, answer, inputs, chunks, case: c };
  }
}

/** Deep equality of decoded-message data: plain objects, arrays and primitives (anything else is unequal). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.prototype.hasOwnProperty.call(b, k) || !same(a[k], b[k])) return false;
  return true;
}

/**
 * `next` with every object element of its arrays (in plain objects, as deep as splitReply looks)
 * that equals `prev`'s at the same index sent as 0, and `kept` saying where. Objects on the way to
 * such an array are copied; `next` is not modified.
 */
function keepUnchanged(next: PackedAnalysis, prev: PackedAnalysis): PackedAnalysis {
  const kept: KeptElements[] = [];
  const visit = (o: Record<string, unknown>, p: Record<string, unknown>, path: string[]): Record<string, unknown> => {
    let out: Record<string, unknown> | null = null;
    for (const k of Object.keys(o)) {
      const v = o[k];
      const pv = p[k];
      let w: unknown = v;
      if (Array.isArray(v)) {
        if (Array.isArray(pv) && v.length >= KEEP_MIN_ITEMS) {
          const ranges: number[] = [];
          const n = Math.min(v.length, pv.length);
          for (let i = 0; i < n; i++) {
            const x: unknown = v[i];
            if (x === null || typeof x !== 'object' || !same(x, pv[i])) continue;
            if (ranges.length && ranges[ranges.length - 1] === i) ranges[ranges.length - 1] = i + 1;
            else ranges.push(i, i + 1);
          }
          if (ranges.length) {
            kept.push({ path: [...path, k], ranges });
            const copy = v.slice();
            for (let r = 0; r < ranges.length; r += 2) copy.fill(0, ranges[r], ranges[r + 1]);
            w = copy;
          }
        }
      } else if (isPlain(v) && isPlain(pv) && path.length + 1 < SPLIT_DEPTH) {
        w = visit(v, pv, [...path, k]);
      }
      if (w !== v) (out ??= { ...o })[k] = w;
    }
    return out ?? o;
  };
  const analysis = visit(next as unknown as Record<string, unknown>, prev as unknown as Record<string, unknown>, []) as unknown as PackedAnalysis;
  return kept.length ? { ...analysis, kept, keptFrom: prev.seq } : next;
}

/**
 * The reply with its kept elements taken from the previous one (the same objects: the page's
 * comparison with its previous analysis finds them at once). The reply is the page's own decoded
 * copy and is modified. Throws when the reply keeps elements of a reply this side does not hold.
 */
function restoreKept(reply: PackedAnalysis, prev: PackedAnalysis | null): PackedAnalysis {
  const { kept, keptFrom, ...p } = reply;
  if (!kept) return p;
  if (!prev || prev.seq !== keptFrom) throw new Error('audit worker reply keeps elements of a reply never received');
  for (const { path, ranges } of kept) {
    let o = p as unknown as Record<string, unknown> | undefined;
    let q = prev as unknown as Record<string, unknown> | undefined;
    for (const k of path.slice(0, -1)) {
      o = o?.[k] as Record<string, unknown> | undefined;
      q = q?.[k] as Record<string, unknown> | undefined;
    }
    const last = path[path.length - 1]!;
    const into = o?.[last];
    const from = q?.[last];
    if (!Array.isArray(into) || !Array.isArray(from)) throw new Error(`audit worker reply: no ${path.join('.')} to keep elements of`);
    for (let r = 0; r < ranges.length; r += 2) {
      for (let i = ranges[r]!; i < ranges[r + 1]!; i++) {
        if (i >= from.length || i >= into.length) throw new Error(`audit worker reply: ${path.join('.')} keeps element ${i} of ${from.length}`);
        into[i] = from[i];
      }
    }
  }
  return p;
}

/**
 * The report's claims with every text that is the answer from the claim's start on sent empty,
 * and the lengths to rebuild them (null when there is none). The claims of an answer hold most of
 * its text (all of it for a pasted run of letters with no marker), so without this a reply
 * carried the answer a second time: megabytes decoded on the page in the reply's task, and as
 * much garbage collected there.
 */
function packClaimTexts(claims: ReportClaim[], answer: string): { claims: ReportClaim[]; lengths: number[] } | null {
  let any = false;
  const lengths = claims.map((claim) => {
    const n = claim.text.length;
    if (n === 0 || !answer.startsWith(claim.text, claim.start)) return -1;
    any = true;
    return n;
  });
  if (!any) return null;
  return { claims: claims.map((claim, i) => (lengths[i]! >= 0 ? { ...claim, text: '' } : claim)), lengths };
}

/**
 * The worker's message handler, apart from the worker global so that tests can drive it.
 * `analyze` is passed in so that this module stays free of the audit engine.
 */
export function createWorkerHandler(analyze: (req: AnalysisRequest, where: 'worker') => Analysis): (req: WorkerRequest) => WorkerReply {
  const held = new WorkerInputs();
  const packer = new ReplyPacker();
  return (req) => {
    try {
      const inputs = held.apply(req.inputs);
      return { ok: true, analysis: packer.pack(analyze({ ...req, inputs }, 'worker')) };
    } catch (e) {
      return { ok: false, seq: req.seq, error: e instanceof Error ? e.message : String(e) };
    }
  };
}
