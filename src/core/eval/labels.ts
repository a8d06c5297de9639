// Human labels of (claim, cited chunk) pairs (SPEC §8): the pairs an answer offers for labelling,
// what to show for one pair, agreement between any two raters, and the labels export (reference
// labels from the human-labelled shapes of public datasets are in referenceLabels.ts). Pure: the
// annotation state stores labels (IndexedDB) and calls these.
import { agreement, type AgreementSummary } from './agreement';
import { csvCell } from '../report/export';
import { closestPassage } from '../text/passage';
import { findQuote } from '../text/quoteSearch';
import type { Chunk, Report, SupportJudgement, SupportVerdict } from '../types';

/** The annotator name under which labels imported with a dataset are kept. */
export const REFERENCE_ANNOTATOR = 'reference';
/** The rater id of the model's verdicts in agreement tables (never a valid annotator name). */
export const MODEL_RATER = '\u0000model';

export const SUPPORT_VERDICTS: readonly SupportVerdict[] = ['fully_supported', 'partially_supported', 'not_supported'];

/** How a gold label was settled (consensus.ts): every label the same, a strict majority, or by the lead. */
export type SettledHow = 'unanimous' | 'majority' | 'by_hand';
export const SETTLED_HOW: readonly SettledHow[] = ['unanimous', 'majority', 'by_hand'];

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
  /** Gold labels only (consensus.ts): who settled the pair, and how. */
  settledBy?: string | undefined;
  settledHow?: SettledHow | undefined;
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
  /** Gold labels also say who settled them and how (settled_by, settled_how). */
  labels: Record<string, { label: SupportVerdict; note: string | null; updated: string | null; settled_by?: string; settled_how?: SettledHow }>;
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
    byAnnotator[name] = {
      label: l.label,
      note: l.note?.trim() ? l.note : null,
      updated: l.updated !== undefined ? new Date(l.updated).toISOString() : null,
      ...(l.settledBy !== undefined && l.settledHow !== undefined ? { settled_by: l.settledBy, settled_how: l.settledHow } : {}),
    };
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
