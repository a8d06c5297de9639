// Reference labels: the human labels some public datasets carry with a case (`human_labels`), as
// labels of our (claim, chunk) pairs, kept under the reference annotator beside the annotators'.
// Pure. The pairs themselves, agreement between raters and the labels export are in labels.ts.
import { z } from '../zod';
import { tokenize } from '../text/words';
import { citedPairs, REFERENCE_ANNOTATOR, type PairRef } from './labels';
import type { AnnotationLabel } from '../schemas';
import type { AuditCase, Language, Report, ReportClaim, SupportVerdict } from '../types';

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
// - The simple shape a team writes by hand (docs/formats.md): `human_label` on a case whose
//   answer has one claim citing chunks, for each chunk it cites; or `human_labels` as a list of
//   { claim, chunk_id, label, note? } for several. Labels: fully_supported (or supported, fully),
//   partially_supported (partially, partial), not_supported (unsupported, not), any case.
// Label claims are matched to our claims by word overlap (stemmed, stopwords dropped, markers
// removed) because their strings are not always substrings of the answer; a claim that cites the
// label's chunk wins ties. When the matched label claim covers less than COVERAGE_FULL of our
// claim's words (our sentence joins several of theirs), a positive label on its own chunk can only
// vouch for part of our claim: fully_supported becomes partially_supported.

export type ReferenceShape = 'attributionbench' | 'expertqa' | 'liu2023' | 'ctkfacts' | 'simple';

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

const SimpleListSchema = z
  .array(z.looseObject({ claim: z.string().min(1), chunk_id: idLike, label: z.string(), note: z.string().nullable().optional() }))
  .min(1);

const SIMPLE_LABELS: Record<string, SupportVerdict> = {
  fully_supported: 'fully_supported',
  supported: 'fully_supported',
  fully: 'fully_supported',
  partially_supported: 'partially_supported',
  partially: 'partially_supported',
  partial: 'partially_supported',
  not_supported: 'not_supported',
  unsupported: 'not_supported',
  not: 'not_supported',
};

/** A label of the simple shape; null for a value it does not know. */
function simpleLabel(value: string): SupportVerdict | null {
  return Object.hasOwn(SIMPLE_LABELS, value.trim().toLowerCase()) ? SIMPLE_LABELS[value.trim().toLowerCase()]! : null;
}

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
  if (SimpleListSchema.safeParse(value).success) return 'simple';
  return null;
}

/**
 * The reference labels a case carries in `human_labels` (any of the shapes above), as labels of
 * our (claim, chunk) pairs. `report` is the local audit of the same case (its claims are what
 * labels are matched to). A case without human labels, or in an unknown shape, gives none.
 */
export function referenceLabels(c: AuditCase, report: Report): ReferenceImport {
  const raw = (c as Record<string, unknown>).human_labels;
  const one = (c as Record<string, unknown>).human_label;
  const shape = raw === undefined || raw === null ? (typeof one === 'string' ? 'simple' : null) : shapeOf(raw);
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
    case 'simple': {
      if (raw === undefined || raw === null) {
        // `human_label` on the case: the one claim that cites chunks, for each chunk it cites.
        const value = one as string;
        const label = simpleLabel(value);
        const citing = citedPairs(report);
        const claims = [...new Set(citing.map((p) => p.claimIndex))];
        if (!label) skip(c.answer, value, 'unknown label');
        else if (claims.length !== 1) skip(c.answer, value, claims.length ? 'human_label needs an answer with one citing claim; use the list form' : 'the answer cites no chunk to label');
        else for (const p of citing) put({ claimIndex: p.claimIndex, chunkId: p.chunkId, label, source: value });
        break;
      }
      for (const rec of SimpleListSchema.parse(raw)) {
        const label = simpleLabel(rec.label);
        const note = rec.note?.trim();
        // chunk_id names the chunk itself (never a marker number).
        const m = label && chunkIds.has(rec.chunk_id) ? matcher.match(rec.claim, [rec.chunk_id]) : null;
        if (!label) skip(rec.claim, rec.label, 'unknown label');
        else if (!chunkIds.has(rec.chunk_id)) skip(rec.claim, rec.label, 'no chunk has this id');
        else if (!m) skip(rec.claim, rec.label, 'no claim of the answer matches this text');
        else put({ claimIndex: m.claim.index, chunkId: rec.chunk_id, label: scaled(label, m), source: rec.label, sourceClaim: rec.claim, ...(note ? { note } : {}) });
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
