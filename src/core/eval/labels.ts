// Human labels of (claim, cited chunk) pairs (SPEC §8): the pairs an answer offers for labelling,
// what to show for one pair, reference labels taken from the human-labelled shapes of public
// datasets, agreement between any two raters, and the labels export. Pure: the annotation state
// stores labels (IndexedDB) and calls these.
import { z } from '../zod';
import { agreement, type AgreementSummary } from './agreement';
import { csvCell } from '../report/export';
import { closestPassage } from '../text/passage';
import { findQuote } from '../text/quoteSearch';
import { tokenize } from '../text/words';
import type { AnnotationLabel } from '../schemas';
import type { AuditCase, Chunk, Language, Report, ReportClaim, SupportJudgement, SupportVerdict } from '../types';

/** The annotator name under which labels imported with a dataset are kept. */
export const REFERENCE_ANNOTATOR = 'reference';
/** The rater id of the model's verdicts in agreement tables (never a valid annotator name). */
export const MODEL_RATER = '\u0000model';

export const SUPPORT_VERDICTS: readonly SupportVerdict[] = ['fully_supported', 'partially_supported', 'not_supported'];

/** One (claim, chunk) pair of a case. */
export interface PairRef {
  claimIndex: number;
  chunkId: string;
}

/** The key of a pair across a dataset. */
export function pairKey(caseKey: string, claimIndex: number, chunkId: string): string {
  return `${caseKey}\u0000${claimIndex}\u0000${chunkId}`;
}

export function splitPairKey(key: string): { caseKey: string; claimIndex: number; chunkId: string } {
  const [caseKey = '', claim = '0', ...rest] = key.split('\u0000');
  return { caseKey, claimIndex: Number(claim), chunkId: rest.join('\u0000') };
}

/**
 * The pairs to label: every claim with each distinct chunk it cites (in answer order). Citations
 * that resolve to no chunk id have nothing to read and are left out. `extra` pairs (e.g. a
 * reference label on evidence the answer does not cite) are appended after the cited ones.
 */
export function citedPairs(report: Report, extra: readonly PairRef[] = []): (PairRef & { cited: boolean })[] {
  const out: (PairRef & { cited: boolean })[] = [];
  const seen = new Set<string>();
  const add = (claimIndex: number, chunkId: string, cited: boolean) => {
    const k = `${claimIndex}\u0000${chunkId}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ claimIndex, chunkId, cited });
  };
  for (const claim of report.claims) {
    for (const i of claim.citation_indexes) {
      const id = report.citations[i]?.chunk_id;
      if (id !== null && id !== undefined) add(claim.index, id, true);
    }
    for (const id of claim.chunk_ids) add(claim.index, id, true);
  }
  const claims = new Set(report.claims.map((c) => c.index));
  for (const p of [...extra].sort((a, b) => a.claimIndex - b.claimIndex)) if (claims.has(p.claimIndex)) add(p.claimIndex, p.chunkId, false);
  return out;
}

/** The model's verdict per pair (`claim\0chunk`) of a model-checked report; empty for a local one. */
export function modelPairVerdicts(report: Report): Map<string, SupportVerdict> {
  const m = new Map<string, SupportVerdict>();
  if (report.meta.checked_by !== 'model') return m;
  for (const claim of report.claims) for (const j of claim.support ?? []) m.set(`${claim.index}\u0000${j.chunk_id}`, j.verdict);
  return m;
}

// ---------------------------------------------------------------------------------------------
// What the annotation view shows for one pair

export interface Span {
  start: number;
  end: number;
}

export interface PairView {
  claimIndex: number;
  chunkId: string;
  /** False for a pair that only a label knows of (the answer does not cite that chunk there). */
  cited: boolean;
  claimText: string;
  /** The claim in the answer (JS string offsets, end exclusive). */
  claimSpan: Span;
  /** Markers of the claim that point at this chunk. */
  markers: string[];
  chunk: Chunk | null;
  /** The quoted text a structured citation carries, and where it is in the chunk. */
  quote: string | null;
  quoteSpan: Span | null;
  /**
   * Where in the chunk to look when there is no quoted span: the passage sharing the most words
   * with the claim (closestPassage), a reading aid and no judgement. Null when a quote is known.
   */
  near: Span | null;
  /** The model's judgement of this pair, when the report was checked by the model. */
  model: (SupportJudgement & { span: Span | null }) | null;
}

export function describePair(report: Report, chunks: readonly Chunk[], pair: PairRef & { cited?: boolean }): PairView | null {
  const claim = report.claims.find((c) => c.index === pair.claimIndex);
  if (!claim) return null;
  const chunk = chunks.find((c) => String(c.id) === pair.chunkId) ?? null;
  const cits = claim.citation_indexes.map((i) => report.citations[i]).filter((c) => c !== undefined && c.chunk_id === pair.chunkId);
  const withQuote = cits.find((c) => c!.quote !== undefined);
  let quoteSpan: Span | null = null;
  const sv = cits.find((c) => c!.source_verification?.found_start !== undefined)?.source_verification;
  if (sv && sv.found_start !== undefined && sv.found_end !== undefined && (sv.chunk_id === null || sv.chunk_id === pair.chunkId)) {
    quoteSpan = { start: sv.found_start, end: sv.found_end };
  } else if (withQuote?.quote && chunk) {
    const m = findQuote(withQuote.quote, chunk.text);
    if (m) quoteSpan = { start: m.start, end: m.end };
  }
  const judged = report.meta.checked_by === 'model' ? claim.support?.find((j) => j.chunk_id === pair.chunkId) : undefined;
  let model: PairView['model'] = null;
  if (judged) {
    const phrase = judged.supporting_phrase.trim();
    const m = phrase && chunk ? findQuote(phrase, chunk.text) : undefined;
    model = { ...judged, span: m ? { start: m.start, end: m.end } : null };
  }
  return {
    claimIndex: claim.index,
    chunkId: pair.chunkId,
    cited: pair.cited ?? cits.length > 0,
    claimText: claim.text,
    claimSpan: { start: claim.start, end: claim.end },
    markers: [...new Set(cits.map((c) => c!.marker))],
    chunk,
    quote: withQuote?.quote ?? null,
    quoteSpan,
    near: nearSpan(report, chunk, claim.text, quoteSpan, claim.citation_indexes.map((i) => report.citations[i]?.marker ?? '')),
    model,
  };
}

function nearSpan(report: Report, chunk: Chunk | null, claim: string, quoteSpan: Span | null, markers: string[]): Span | null {
  if (!chunk || quoteSpan) return null;
  const p = closestPassage(claim, chunk.text, report.meta.language, markers);
  return p ? { start: p.start, end: p.end } : null;
}

/** A text cut into runs, each with the highlight kinds that cover it (overlaps allowed). */
export interface TextRun<K extends string> {
  text: string;
  start: number;
  kinds: K[];
}

/** Cuts `text` at every span boundary; spans outside the text are clipped, empty ones ignored. */
export function highlightRuns<K extends string>(text: string, spans: readonly (Span & { kind: K })[]): TextRun<K>[] {
  const valid = spans
    .map((s) => ({ ...s, start: Math.max(0, Math.min(s.start, text.length)), end: Math.max(0, Math.min(s.end, text.length)) }))
    .filter((s) => s.end > s.start);
  const cuts = new Set<number>([0, text.length]);
  for (const s of valid) {
    cuts.add(s.start);
    cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const runs: TextRun<K>[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (end <= start) continue;
    const kinds = valid.filter((s) => s.start <= start && s.end >= end).map((s) => s.kind);
    runs.push({ text: text.slice(start, end), start, kinds: [...new Set(kinds)] });
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Reference labels from the human-labelled shapes of public datasets
//
// Mapping to our three labels (documented in docs/usage.md too):
// - AttributionBench / HAGRID (`attribution_label` per claim + reference list): "attributable"
//   → fully_supported, "not attributable" → not_supported, for each listed reference.
// - ExpertQA (`support` per claim with its evidence "[n] url\n\ntext"): Complete → fully,
//   Partial and Incomplete → partially, Missing (with evidence) → not_supported; N/A, and any
//   claim without evidence (nothing cited to label), are skipped.
// - Liu et al. 2023 (`citation_supports` per statement and citation), following the authors'
//   own rule that only complete and partial count as support: Completely Supports → fully,
//   Partially Supports → partially, Provides No Support and "Completely Supports but Also
//   Refutes" → not_supported; Inaccessible and Unclear (no judgement of the text) are skipped.
// - CTKFacts (claim verdict + alternative evidence sets): SUPPORTS → fully_supported for a chunk
//   that is an evidence set on its own, partially_supported for one that only supports jointly
//   with others; REFUTES and NOT ENOUGH INFO → not_supported; applied to every claim of the answer
//   (the answer is the claim).
// Label claims are matched to our claims by word overlap (stemmed, stopwords dropped, markers
// removed) because their strings are not always substrings of the answer; a claim that cites the
// label's chunk wins ties. When the matched label claim covers less than COVERAGE_FULL of our
// claim's words (our sentence joins several of theirs), a positive label on its own chunk can only
// vouch for part of our claim: fully_supported becomes partially_supported.

export type ReferenceShape = 'attributionbench' | 'expertqa' | 'liu2023' | 'ctkfacts';

export interface ReferenceLabel extends PairRef {
  label: SupportVerdict;
  /** The source's own label value, e.g. "attributable", "Partial". */
  source: string;
  note?: string;
  /** The label claim's text as the source wrote it (absent for claim-level sources). */
  sourceClaim?: string;
}

/** A reference label as it is stored with the annotators' labels (under {@link REFERENCE_ANNOTATOR}). */
export function storedReferenceLabel(caseKey: string, l: ReferenceLabel, updated: number): AnnotationLabel {
  return {
    caseKey,
    claimIndex: l.claimIndex,
    chunkId: l.chunkId,
    annotator: REFERENCE_ANNOTATOR,
    label: l.label,
    ...(l.note ? { note: l.note } : {}),
    source: l.source,
    updated,
  };
}

export interface ReferenceImport {
  shape: ReferenceShape | null;
  labels: ReferenceLabel[];
  /** Source labels that gave no pair label, with why. */
  skipped: { claim: string; value: string; reason: string }[];
}

const MIN_MATCH = 0.5;
const COVERAGE_FULL = 0.8;
const CITES_BONUS = 0.25;

const idLike = z.union([z.string(), z.number().transform(String)]);

const AttributionBenchSchema = z
  .array(
    z.looseObject({
      claim: z.string().optional(),
      claim_raw_string: z.string().optional(),
      attribution_label: z.string(),
      reference_chunk_ids: z.array(idLike).default([]),
    }),
  )
  .min(1);

const ExpertQaSchema = z
  .array(
    z.looseObject({
      claim_string: z.string(),
      support: z.string().nullable(),
      evidence: z.array(z.string()).nullable().default([]),
      reason_missing_support: z.string().nullable().optional(),
    }),
  )
  .min(1);

const LiuSchema = z.looseObject({
  annotation: z.looseObject({
    statement_to_annotation: z.record(
      z.string(),
      z.looseObject({
        citation_annotations: z
          .array(z.looseObject({ citation_text: z.string(), citation_supports: z.string(), evidence: z.string().nullable().optional() }))
          .nullable()
          .optional(),
      }),
    ),
  }),
});

const CtkFactsSchema = z.looseObject({
  label: z.string(),
  evidence_sets: z.array(z.array(idLike)),
});

/** Marker-like references written in a label's claim string: "[2]", "[1][2]", "[1, 3]". */
function refsIn(text: string): string[] {
  const refs: string[] = [];
  for (const m of text.matchAll(/\[(\d+(?:\s*[,;]\s*\d+)*)\]/g)) for (const r of m[1]!.split(/[,;]/)) refs.push(r.trim());
  return refs;
}

function stripMarkers(text: string): string {
  return text.replace(/\[\d+(?:\s*[,;]\s*\d+)*\]/g, ' ');
}

interface ClaimMatch {
  claim: ReportClaim;
  /** Share of the label claim's words found in our claim. */
  similarity: number;
  /** Share of our claim's words that the label claim has. */
  coverage: number;
}

class ClaimMatcher {
  readonly #claims: { claim: ReportClaim; words: Set<string>; chunks: Set<string> }[];
  readonly #language: Language;

  constructor(private readonly report: Report) {
    this.#language = report.meta.language;
    this.#claims = report.claims.map((claim) => ({
      claim,
      words: new Set(tokenize(claim.text, this.#language)),
      chunks: new Set(this.#chunkIdsOf(claim)),
    }));
  }

  #chunkIdsOf(claim: ReportClaim): string[] {
    const ids = claim.citation_indexes.map((i) => this.report.citations[i]?.chunk_id).filter((x): x is string => typeof x === 'string');
    return [...ids, ...claim.chunk_ids];
  }

  /** A reference as the label wrote it → the chunk id it means for this claim. */
  resolve(ref: string, claim: ReportClaim | null, chunkIds: ReadonlySet<string>): string | null {
    if (claim) {
      for (const i of claim.citation_indexes) {
        const c = this.report.citations[i];
        if (c && (c.ref === ref || c.marker === `[${ref}]`) && c.chunk_id !== null) return c.chunk_id;
      }
    }
    if (chunkIds.has(ref)) return ref;
    const mapped = this.report.mapping.entries.find((e) => e.ref === ref)?.chunk_id;
    return mapped ?? null;
  }

  /** The claim this label text is about, preferring one that cites `chunkIds`; null when none is close. */
  match(text: string, chunkIds: readonly string[]): ClaimMatch | null {
    const words = new Set(tokenize(stripMarkers(text), this.#language));
    let best: (ClaimMatch & { score: number }) | null = null;
    for (const c of this.#claims) {
      let shared = 0;
      for (const w of words) if (c.words.has(w)) shared++;
      const similarity = words.size ? shared / words.size : stripMarkers(text).trim() === c.claim.text.trim() ? 1 : 0;
      const coverage = c.words.size ? shared / c.words.size : similarity;
      const cites = chunkIds.length > 0 && chunkIds.every((id) => c.chunks.has(id));
      const score = similarity + (cites ? CITES_BONUS : 0) + coverage * 0.01;
      if (!best || score > best.score) best = { claim: c.claim, similarity, coverage, score };
    }
    if (!best || best.similarity < MIN_MATCH) return null;
    return { claim: best.claim, similarity: best.similarity, coverage: best.coverage };
  }
}

/** A positive label on a claim that covers only part of ours vouches for part of it. */
function scaled(label: SupportVerdict, m: ClaimMatch): SupportVerdict {
  return label === 'fully_supported' && m.coverage < COVERAGE_FULL ? 'partially_supported' : label;
}

function shapeOf(value: unknown): ReferenceShape | null {
  if (AttributionBenchSchema.safeParse(value).success) return 'attributionbench';
  if (ExpertQaSchema.safeParse(value).success) return 'expertqa';
  if (LiuSchema.safeParse(value).success) return 'liu2023';
  if (CtkFactsSchema.safeParse(value).success) return 'ctkfacts';
  return null;
}

/**
 * The reference labels a case carries in `human_labels` (any of the shapes above), as labels of
 * our (claim, chunk) pairs. `report` is the local audit of the same case (its claims are what
 * labels are matched to). A case without human labels, or in an unknown shape, gives none.
 */
export function referenceLabels(c: AuditCase, report: Report): ReferenceImport {
  const raw = (c as Record<string, unknown>).human_labels;
  const shape = raw === undefined || raw === null ? null : shapeOf(raw);
  const out: ReferenceImport = { shape, labels: [], skipped: [] };
  if (!shape) return out;
  const matcher = new ClaimMatcher(report);
  const chunkIds = new Set(c.chunks.map((ch) => String(ch.id)));
  const byPair = new Map<string, ReferenceLabel>();
  const put = (l: ReferenceLabel) => {
    const k = `${l.claimIndex}\u0000${l.chunkId}`;
    const prev = byPair.get(k);
    // Two source labels landing on one pair: the stricter wins (a false "supported" costs more).
    if (!prev || SUPPORT_ORDER[l.label] < SUPPORT_ORDER[prev.label]) byPair.set(k, l);
  };
  const skip = (claim: string, value: string, reason: string) => out.skipped.push({ claim, value, reason });

  /** Match a label claim, resolve its references, and emit one label per resolved chunk. */
  const emit = (claimText: string, refs: readonly string[], label: SupportVerdict, source: string, note?: string) => {
    const provisional = refs.map((r) => matcher.resolve(r, null, chunkIds) ?? r);
    const m = matcher.match(claimText, provisional);
    if (!m) return skip(claimText, source, 'no claim of the answer matches this text');
    let emitted = 0;
    for (const r of refs) {
      const chunkId = matcher.resolve(r, m.claim, chunkIds);
      if (chunkId === null) continue;
      put({ claimIndex: m.claim.index, chunkId, label: scaled(label, m), source, sourceClaim: claimText, ...(note ? { note } : {}) });
      emitted++;
    }
    if (emitted === 0) skip(claimText, source, 'its references match no chunk');
  };

  switch (shape) {
    case 'attributionbench': {
      for (const rec of AttributionBenchSchema.parse(raw)) {
        const text = rec.claim ?? rec.claim_raw_string ?? '';
        const v = rec.attribution_label.trim().toLowerCase();
        const label: SupportVerdict | null = v === 'attributable' ? 'fully_supported' : v === 'not attributable' ? 'not_supported' : null;
        if (!label) skip(text, rec.attribution_label, 'unknown attribution label');
        else if (rec.reference_chunk_ids.length === 0) skip(text, rec.attribution_label, 'no reference to label');
        else emit(text, rec.reference_chunk_ids, label, rec.attribution_label);
      }
      break;
    }
    case 'expertqa': {
      for (const rec of ExpertQaSchema.parse(raw)) {
        const value = rec.support ?? 'N/A';
        const v = value.trim().toLowerCase();
        const label: SupportVerdict | null =
          v === 'complete' ? 'fully_supported' : v === 'partial' || v === 'incomplete' ? 'partially_supported' : v === 'missing' ? 'not_supported' : null;
        const evidenceRefs = (rec.evidence ?? []).map((e) => /^\s*\[(\d+)\]/.exec(e)?.[1]).filter((x): x is string => x !== undefined);
        const refs = evidenceRefs.length ? evidenceRefs : refsIn(rec.claim_string);
        if (!label) skip(rec.claim_string, value, 'no support judgement');
        else if (refs.length === 0) skip(rec.claim_string, value, 'the claim cites no evidence to label');
        else emit(rec.claim_string, refs, label, value, rec.reason_missing_support?.trim() || undefined);
      }
      break;
    }
    case 'liu2023': {
      const statements = LiuSchema.parse(raw).annotation.statement_to_annotation;
      for (const [statement, ann] of Object.entries(statements)) {
        const cits = ann.citation_annotations ?? [];
        if (cits.length === 0) {
          skip(statement, '', 'no citation judged');
          continue;
        }
        for (const cit of cits) {
          const label = liuLabel(cit.citation_supports);
          const refs = refsIn(cit.citation_text);
          if (!label) skip(statement, cit.citation_supports, 'not a judgement of the source text');
          else if (refs.length === 0) skip(statement, cit.citation_supports, 'no citation reference');
          else emit(statement, refs, label, cit.citation_supports, cit.evidence?.trim() || undefined);
        }
      }
      break;
    }
    case 'ctkfacts': {
      const rec = CtkFactsSchema.parse(raw);
      const v = rec.label.trim().toUpperCase();
      if (v !== 'SUPPORTS' && v !== 'REFUTES' && v !== 'NOT ENOUGH INFO') {
        skip(c.answer, rec.label, 'unknown verdict');
        break;
      }
      const alone = new Set(rec.evidence_sets.filter((s) => s.length === 1).map((s) => s[0]!));
      const all = [...new Set(rec.evidence_sets.flat())];
      if (all.length === 0) skip(c.answer, rec.label, 'no evidence to label');
      for (const claim of report.claims) {
        for (const ref of all) {
          const chunkId = matcher.resolve(ref, null, chunkIds);
          if (chunkId === null) continue;
          const label: SupportVerdict = v === 'SUPPORTS' ? (alone.has(ref) ? 'fully_supported' : 'partially_supported') : 'not_supported';
          put({ claimIndex: claim.index, chunkId, label, source: rec.label });
        }
      }
      break;
    }
  }
  out.labels = [...byPair.values()].sort((a, b) => a.claimIndex - b.claimIndex || a.chunkId.localeCompare(b.chunkId, 'en', { numeric: true }));
  return out;
}

const SUPPORT_ORDER: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };

function liuLabel(value: string): SupportVerdict | null {
  const v = value.toLowerCase();
  if (v.includes('inaccessible') || v.includes('unclear')) return null;
  if (v.includes('refutes') || v.includes('no support')) return 'not_supported';
  if (v.includes('partially')) return 'partially_supported';
  if (v.includes('completely supports')) return 'fully_supported';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Agreement between raters over stored labels

/** A stored label, as far as agreement and export need it (the store's row satisfies this). */
export interface LabelLike {
  caseKey: string;
  claimIndex: number;
  chunkId: string;
  annotator: string;
  label: SupportVerdict;
  note?: string | undefined;
  updated?: number;
}

/** Labels of one annotator keyed by pair. */
export function raterLabels(labels: readonly LabelLike[], annotator: string): Map<string, SupportVerdict> {
  const m = new Map<string, SupportVerdict>();
  for (const l of labels) if (l.annotator === annotator) m.set(pairKey(l.caseKey, l.claimIndex, l.chunkId), l.label);
  return m;
}

/**
 * Agreement of rater a with rater b over the pairs both labelled; a rater is an annotator name
 * or MODEL_RATER (whose labels are `model`, keyed like pairKey). Disagreements are in pair order
 * of `order` when given (the annotation queue), else in a's order.
 */
export function raterAgreement(
  labels: readonly LabelLike[],
  model: ReadonlyMap<string, SupportVerdict>,
  a: string,
  b: string,
  order?: readonly string[],
): AgreementSummary<string> {
  const of = (r: string) => (r === MODEL_RATER ? model : raterLabels(labels, r));
  let ma = of(a);
  if (order) {
    const rank = new Map(order.map((k, i) => [k, i]));
    ma = new Map([...ma].sort((x, y) => (rank.get(x[0]) ?? Infinity) - (rank.get(y[0]) ?? Infinity)));
  }
  return agreement(ma, of(b));
}

/**
 * The two raters (of `raters`, in that order of preference on ties) who labelled the most pairs
 * in common: what the Agreement panel compares until the user picks. Null when no two raters
 * share a pair.
 */
export function busiestRaterPair(labels: readonly LabelLike[], model: ReadonlyMap<string, SupportVerdict>, raters: readonly string[]): [string, string] | null {
  const keys = raters.map((r) => (r === MODEL_RATER ? model : raterLabels(labels, r)));
  let best: [string, string] | null = null;
  let most = 0;
  for (let i = 0; i < raters.length; i++) {
    for (let j = i + 1; j < raters.length; j++) {
      const [small, large] = keys[i]!.size <= keys[j]!.size ? [keys[i]!, keys[j]!] : [keys[j]!, keys[i]!];
      let shared = 0;
      for (const k of small.keys()) if (large.has(k)) shared++;
      if (shared > most) {
        most = shared;
        best = [raters[i]!, raters[j]!];
      }
    }
  }
  return best;
}

/** Annotator names with at least one label, the reference annotator last. */
export function annotatorsOf(labels: readonly LabelLike[]): string[] {
  const names = [...new Set(labels.map((l) => l.annotator))].sort((x, y) => x.localeCompare(y));
  return [...names.filter((n) => n !== REFERENCE_ANNOTATOR), ...names.filter((n) => n === REFERENCE_ANNOTATOR)];
}

// ---------------------------------------------------------------------------------------------
// Labels export (JSONL, one line per labelled or cited pair)

export interface LabelExportRow {
  case_id: string | null;
  case_key: string;
  claim_index: number;
  claim: string;
  chunk_id: string;
  /** The answer span of the claim and the cited source span (quote), when known. */
  claim_span: Span;
  cited_span: (Span & { text: string }) | null;
  markers: string[];
  labels: Record<string, { label: SupportVerdict; note: string | null; updated: string | null }>;
  model_verdict: SupportVerdict | null;
  model_supporting_phrase: string | null;
  model_missing_or_extra: string | null;
  model_decision_basis: string | null;
}

/** One export row for a pair as the annotation view shows it, with every annotator's label. */
export function labelExportRow(caseId: string | null, caseKey: string, view: PairView, labels: readonly LabelLike[]): LabelExportRow {
  const own = labels.filter((l) => l.caseKey === caseKey && l.claimIndex === view.claimIndex && l.chunkId === view.chunkId);
  const byAnnotator: LabelExportRow['labels'] = {};
  for (const name of annotatorsOf(own)) {
    const l = own.find((x) => x.annotator === name)!;
    byAnnotator[name] = { label: l.label, note: l.note?.trim() ? l.note : null, updated: l.updated !== undefined ? new Date(l.updated).toISOString() : null };
  }
  const span = view.quoteSpan;
  return {
    case_id: caseId,
    case_key: caseKey,
    claim_index: view.claimIndex,
    claim: view.claimText,
    chunk_id: view.chunkId,
    claim_span: view.claimSpan,
    cited_span: span && view.chunk ? { ...span, text: view.chunk.text.slice(span.start, span.end) } : view.quote !== null ? { start: -1, end: -1, text: view.quote } : null,
    markers: view.markers,
    labels: byAnnotator,
    model_verdict: view.model?.verdict ?? null,
    model_supporting_phrase: view.model?.supporting_phrase ?? null,
    model_missing_or_extra: view.model?.missing_or_extra ?? null,
    model_decision_basis: view.model?.decision_basis ?? null,
  };
}

export function labelRowsToJsonl(rows: readonly LabelExportRow[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
}

/** The same rows flattened for a spreadsheet: one column pair (label, note) per annotator. */
export function labelRowsToCsv(rows: readonly LabelExportRow[]): string {
  const annotators = annotatorsOf(rows.flatMap((r) => Object.entries(r.labels).map(([annotator, l]) => ({ caseKey: '', claimIndex: 0, chunkId: '', annotator, label: l.label }))));
  const head = ['case_id', 'claim_index', 'claim', 'chunk_id', 'cited_text', 'model_verdict', ...annotators.flatMap((a) => [`label:${a}`, `note:${a}`])];
  const lines = [head.map(csvCell).join(',')];
  for (const r of rows) {
    const cells: unknown[] = [r.case_id, r.claim_index, r.claim, r.chunk_id, r.cited_span?.text ?? null, r.model_verdict];
    for (const a of annotators) cells.push(r.labels[a]?.label ?? null, r.labels[a]?.note ?? null);
    lines.push(cells.map(csvCell).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
