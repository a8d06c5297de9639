// Importing label files into the open dataset: each label read (labelFiles.ts) is matched to one
// of the dataset's pairs, by case key or case id, else by content (claim text and chunk id, and the
// chunk's text when the file has it); merged with the labels already stored, the newer change
// winning; and annotator names that two people seem to share are returned to be asked about.
// Pure: the Annotate view stores what `put` lists.
//
// Name clashes. Two sources (two files, or a file and the labels already here) that carry labels
// under the same annotator name are one person's work when they share a label with the same
// change time to the millisecond (one browser's export taken twice: the other labels may have
// changed since), or when they share no pair, or agree on every pair they share. They are taken
// for two people, and the later source's labels under that name are held back until the caller
// says (`renames`), when they share pairs, no shared label has the same time, and at least one
// shared pair has different labels. A label without a time (CSV) never matches a time. The name of
// the person importing (`currentAnnotator`) is stricter: a file's labels under it are held back
// unless they share a label with the same time with what is stored (her own export read back).
// `gold` and `reference` never clash: the newer label wins.
import { GOLD_ANNOTATOR } from './consensus';
import { MODEL_RATER, REFERENCE_ANNOTATOR, type LabelLike, type SettledHow } from './labels';
import type { ImportedLabel, LabelFileRead } from './labelFiles';
import type { SupportVerdict } from '../types';

/** One pair of the open dataset, as far as matching needs it. */
export interface DatasetPair {
  caseKey: string;
  caseId: string | null;
  claimIndex: number;
  chunkId: string;
  /** The claim's text (for matching by content and checking a match by id). */
  claim?: string;
  chunkText?: string;
}

/** A label already stored (the store's AnnotationLabel satisfies it). */
export interface StoredLike extends LabelLike {
  updated: number;
}

/** What to store: a label of a dataset pair, with the settlement of a gold label (a type, so it fits the store's loose row). */
export type LabelToStore = {
  caseKey: string;
  claimIndex: number;
  chunkId: string;
  annotator: string;
  label: SupportVerdict;
  note?: string;
  claimText?: string;
  updated: number;
  settledBy?: string;
  settledHow?: SettledHow;
};

/** The source name of the labels already stored, in clashes. */
export const STORED_SOURCE = '';

/**
 * Resolves a clash, or renames an annotator: the labels of `from` in `file` (in every file when
 * `file` is absent) are read as `to`'s. `to === from` says they are the same person (merged, no clash).
 */
export interface LabelRename {
  file?: string;
  from: string;
  to: string;
}

export interface NameClash {
  annotator: string;
  /** The source whose labels are kept (STORED_SOURCE for those already stored) … */
  kept: string;
  /** … and the one whose labels under this name are held back. */
  held: string;
  /** Pairs both labelled under this name, and of those, how many with different labels. */
  shared: number;
  conflicting: number;
  /** A few conflicting pairs: the dataset pair and the two labels. */
  examples: { caseKey: string; claimIndex: number; chunkId: string; kept: SupportVerdict; held: SupportVerdict }[];
}

export type UnmatchedReason = 'no-case' | 'no-pair' | 'ambiguous';

export interface LabelImport {
  /** Labels to store (new ones and replacements), one per (pair, annotator). */
  put: LabelToStore[];
  /** Of `put`: labels of pairs the annotator had not labelled here, and those that replace a stored label. */
  added: number;
  replaced: number;
  /** Labels that change nothing: already stored as they are, or older than the stored one. */
  unchanged: number;
  /** Labels read more than once for the same pair and annotator, of which the newer was kept. */
  superseded: number;
  /** Labels whose pair is not in the dataset: how many, by reason, and the first few. */
  unmatched: { count: number; byReason: Record<UnmatchedReason, number>; examples: (ImportedLabel & { reason: UnmatchedReason })[] };
  clashes: NameClash[];
  /** Labels held back by the clashes. */
  held: number;
  /** Annotator names of the labels matched (after renames), gold and reference included. */
  annotators: string[];
}

const MAX_EXAMPLES = 5;

/** A claim's words only: markers, punctuation, spacing and case differ between a file and a report. */
export function plainClaim(t: string): string {
  return t
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}
const plainChunk = (t: string): string => t.replace(/\s+/g, ' ').trim();

const pk = (caseKey: string, claimIndex: number, chunkId: string) => `${caseKey}\u0000${claimIndex}\u0000${chunkId}`;

class PairIndex {
  readonly byKey = new Map<string, DatasetPair>();
  readonly cases = new Set<string>();
  readonly byId = new Map<string, string>();
  readonly byContent = new Map<string, DatasetPair[]>();
  readonly byCaseContent = new Map<string, DatasetPair[]>();

  constructor(pairs: readonly DatasetPair[]) {
    for (const p of pairs) {
      this.byKey.set(pk(p.caseKey, p.claimIndex, p.chunkId), p);
      this.cases.add(p.caseKey);
      if (p.caseId !== null) this.byId.set(p.caseId, p.caseKey);
      if (p.claim !== undefined) {
        const c = `${plainClaim(p.claim)}\u0000${p.chunkId}`;
        push(this.byContent, c, p);
        push(this.byCaseContent, `${p.caseKey}\u0000${c}`, p);
      }
    }
  }

  match(l: ImportedLabel): DatasetPair | UnmatchedReason {
    const caseKey = l.caseKey !== null && this.cases.has(l.caseKey) ? l.caseKey : l.caseId !== null ? (this.byId.get(l.caseId) ?? null) : null;
    const content = l.claim !== null ? `${plainClaim(l.claim)}\u0000${l.chunkId}` : null;
    if (caseKey !== null) {
      const p = this.byKey.get(pk(caseKey, l.claimIndex, l.chunkId));
      // Same case, same place: the same pair unless both texts are known and differ.
      if (p && (l.claim === null || p.claim === undefined || plainClaim(p.claim) === plainClaim(l.claim))) return p;
      const moved = content !== null ? (this.byCaseContent.get(`${caseKey}\u0000${content}`) ?? []) : [];
      return moved.length === 1 ? moved[0]! : moved.length > 1 ? 'ambiguous' : 'no-pair';
    }
    if (content === null) return 'no-case';
    let found = this.byContent.get(content) ?? [];
    if (found.length > 1 && l.chunkText !== null) {
      const t = plainChunk(l.chunkText);
      found = found.filter((p) => p.chunkText === undefined || plainChunk(p.chunkText) === t);
    }
    if (found.length === 1) return found[0]!;
    return found.length > 1 ? 'ambiguous' : 'no-case';
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Newer first: a label with a time beats one without; between equals, the later read wins. */
const newer = (a: { updated: number | null }, b: { updated: number | null }): boolean => (a.updated ?? -Infinity) >= (b.updated ?? -Infinity);

interface Matched {
  pair: DatasetPair;
  label: ImportedLabel;
  annotator: string;
}

/**
 * Matches the labels of `reads` (in the order given: later files are later) to `pairs`, merges
 * them with `stored`, and says what it did. `now` is the time given to labels without one.
 */
export function importLabels(
  pairs: readonly DatasetPair[],
  stored: readonly StoredLike[],
  reads: readonly LabelFileRead[],
  opts: { renames?: readonly LabelRename[]; currentAnnotator?: string; now: number },
): LabelImport {
  const index = new PairIndex(pairs);
  const out: LabelImport = {
    put: [],
    added: 0,
    replaced: 0,
    unchanged: 0,
    superseded: 0,
    unmatched: { count: 0, byReason: { 'no-case': 0, 'no-pair': 0, ambiguous: 0 }, examples: [] },
    clashes: [],
    held: 0,
    annotators: [],
  };
  const renames = opts.renames ?? [];
  const renameOf = (file: string, name: string) => renames.find((r) => (r.file === undefined || r.file === file) && r.from === name);
  const nameIn = (file: string, name: string) => renameOf(file, name)?.to ?? name;

  // --- match ------------------------------------------------------------------------------------
  const bySource = new Map<string, Matched[]>();
  for (const read of reads) {
    const list: Matched[] = [];
    for (const l of read.labels) {
      const annotator = nameIn(read.file, l.annotator);
      if (annotator === MODEL_RATER) continue;
      const m = index.match(l);
      if (typeof m === 'string') {
        out.unmatched.count++;
        out.unmatched.byReason[m]++;
        if (out.unmatched.examples.length < MAX_EXAMPLES) out.unmatched.examples.push({ ...l, reason: m });
        continue;
      }
      list.push({ pair: m, label: l, annotator });
    }
    const prev = bySource.get(read.file);
    bySource.set(read.file, prev ? [...prev, ...list] : list);
  }

  // --- clashes: per name, each source against what came before it -------------------------------
  type Entry = { label: SupportVerdict; updated: number | null };
  const seen = new Map<string, { source: string; labels: Map<string, Entry> }[]>();
  const storedByName = new Map<string, Map<string, Entry>>();
  for (const s of stored) {
    let m = storedByName.get(s.annotator);
    if (!m) storedByName.set(s.annotator, (m = new Map()));
    m.set(pk(s.caseKey, s.claimIndex, s.chunkId), { label: s.label, updated: s.updated });
  }
  for (const [name, labels] of storedByName) seen.set(name, [{ source: STORED_SOURCE, labels }]);
  const heldBack = new Set<string>();
  for (const [source, list] of bySource) {
    const names = new Map<string, Map<string, Entry>>();
    for (const m of list) {
      let e = names.get(m.annotator);
      if (!e) names.set(m.annotator, (e = new Map()));
      e.set(pk(m.pair.caseKey, m.pair.claimIndex, m.pair.chunkId), { label: m.label.label, updated: m.label.updated });
    }
    for (const [name, labels] of names) {
      const before = seen.get(name) ?? [];
      // Said by the caller (renamed or confirmed), or gold: no question. The annotator names of
      // a file are those after renames, so a rename to a new name meets nothing before it.
      // Gold and reference are the team's and the dataset's, not a person's: newer wins, no question.
      const settled = list.some((m) => m.annotator === name && renameOf(source, m.label.annotator) !== undefined) || name === GOLD_ANNOTATOR || name === REFERENCE_ANNOTATOR;
      const mine = name === opts.currentAnnotator ? before.find((b) => b.source === STORED_SOURCE) : undefined;
      const clash = settled
        ? null
        : mine && !sameTime(mine.labels, labels)
          ? clashOf(name, mine.source, mine.labels, source, labels, true)
          : before.map((b) => clashOf(name, b.source, b.labels, source, labels)).find((c) => c !== null);
      if (clash) {
        out.clashes.push(clash);
        heldBack.add(`${source}\u0000${name}`);
      } else before.push({ source, labels });
      seen.set(name, before);
    }
  }

  // --- merge: the newest label per (pair, annotator) -------------------------------------------
  const best = new Map<string, Matched>();
  for (const [source, list] of bySource) {
    for (const m of list) {
      if (heldBack.has(`${source}\u0000${m.annotator}`)) {
        out.held++;
        continue;
      }
      const key = `${pk(m.pair.caseKey, m.pair.claimIndex, m.pair.chunkId)}\u0000${m.annotator}`;
      const prev = best.get(key);
      if (!prev) best.set(key, m);
      else if (same(prev.label, m.label)) continue;
      else {
        out.superseded++;
        if (newer(m.label, prev.label)) best.set(key, m);
      }
    }
  }
  const storedByKey = new Map(stored.map((s) => [`${pk(s.caseKey, s.claimIndex, s.chunkId)}\u0000${s.annotator}`, s]));
  const names = new Set<string>();
  for (const [key, m] of best) {
    names.add(m.annotator);
    const there = storedByKey.get(key);
    const l = m.label;
    if (there && there.label === l.label && (there.note ?? null) === l.note) {
      out.unchanged++;
      continue;
    }
    if (there && (l.updated === null || l.updated <= (there.updated ?? 0))) {
      out.unchanged++;
      continue;
    }
    if (there) out.replaced++;
    else out.added++;
    out.put.push({
      caseKey: m.pair.caseKey,
      claimIndex: m.pair.claimIndex,
      chunkId: m.pair.chunkId,
      annotator: m.annotator,
      label: l.label,
      ...(l.note !== null ? { note: l.note } : {}),
      ...(m.pair.claim !== undefined ? { claimText: m.pair.claim } : l.claim !== null ? { claimText: l.claim } : {}),
      updated: l.updated ?? opts.now,
      ...(l.settledBy !== undefined && l.settledHow !== undefined ? { settledBy: l.settledBy, settledHow: l.settledHow } : {}),
    });
  }
  out.annotators = [...names].sort((a, b) => a.localeCompare(b));
  return out;
}

function same(a: ImportedLabel, b: ImportedLabel): boolean {
  return a.label === b.label && a.note === b.note && a.updated === b.updated;
}

type Entries = ReadonlyMap<string, { label: SupportVerdict; updated: number | null }>;

/** Whether two sources share a label with the same change time (one browser's work). */
function sameTime(a: Entries, b: Entries): boolean {
  for (const [key, x] of b) if (x.updated !== null && a.get(key)?.updated === x.updated) return true;
  return false;
}

/** The clash between what `kept` and `held` have under one name, or null when they seem one person (see the top). */
function clashOf(annotator: string, kept: string, a: Entries, held: string, b: Entries, always = false): NameClash | null {
  let shared = 0;
  let conflicting = 0;
  const examples: NameClash['examples'] = [];
  for (const [key, x] of b) {
    const y = a.get(key);
    if (!y) continue;
    shared++;
    if (x.updated !== null && x.updated === y.updated) return null;
    if (x.label !== y.label) {
      conflicting++;
      if (examples.length < MAX_EXAMPLES) {
        const [caseKey = '', claim = '0', ...chunk] = key.split('\u0000');
        examples.push({ caseKey, claimIndex: Number(claim), chunkId: chunk.join('\u0000'), kept: y.label, held: x.label });
      }
    }
  }
  return conflicting || always ? { annotator, kept, held, shared, conflicting, examples } : null;
}
