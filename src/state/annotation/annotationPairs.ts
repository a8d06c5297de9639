// What the annotation state derives from its pairs and labels, as plain functions: the labels
// grouped by pair, the highlighted runs of the pair on screen, and the rows of the labels export.
import { describePair, highlightRuns, labelExportRow, pairKey, type LabelExportRow, type PairView, type TextRun } from '../../core/eval/labels';
import type { AnnotationLabel } from '../../store/schemas';
import type { AnnotationSource, AnnotationTarget, LoadedCase } from './annotationSource.svelte';

/** Every label by the key of its pair, in the order given. */
export function labelsByPair(labels: readonly AnnotationLabel[]): Map<string, AnnotationLabel[]> {
  const m = new Map<string, AnnotationLabel[]>();
  for (const l of labels) {
    const k = pairKey(l.caseKey, l.claimIndex, l.chunkId);
    const list = m.get(k);
    if (list) list.push(l);
    else m.set(k, [l]);
  }
  return m;
}

/**
 * The chunk with the quoted span (or, with no quote, the passage sharing most words with the
 * claim) and — once revealed — the model's supporting phrase.
 */
export function chunkRunsOf(v: PairView | null, revealed: boolean): TextRun<'quote' | 'near' | 'support'>[] {
  if (!v?.chunk) return [];
  const spans: { start: number; end: number; kind: 'quote' | 'near' | 'support' }[] = [];
  if (v.quoteSpan) spans.push({ ...v.quoteSpan, kind: 'quote' });
  else if (v.near) spans.push({ ...v.near, kind: 'near' });
  if (revealed && v.model?.span) spans.push({ ...v.model.span, kind: 'support' });
  return highlightRuns(v.chunk.text, spans);
}

/**
 * One row per pair with at least one label that may be shown (`mayReveal`), in pair order; the
 * cases are loaded one by one.
 */
export async function exportRowsOf(source: AnnotationSource, targets: readonly AnnotationTarget[], labelsAt: (key: string) => readonly AnnotationLabel[], mayReveal: (key: string) => boolean): Promise<LabelExportRow[]> {
  const rows: LabelExportRow[] = [];
  let loaded: LoadedCase | null = null;
  for (const t of targets) {
    const labels = labelsAt(t.key);
    // Blind mode: a pair this annotator has not labelled carries only others' labels and the model's.
    if (!labels.length || !mayReveal(t.key)) continue;
    if (loaded?.caseIndex !== t.caseIndex) loaded = await source.load(t.caseIndex);
    if (!loaded) continue;
    const view = describePair(loaded.report, loaded.chunks, t);
    if (view) rows.push(labelExportRow(t.caseId, t.caseKey, view, labels));
  }
  return rows;
}

/** One rater's label of one pair, as a key. */
export const raterPair = (k: Pick<AnnotationLabel, 'caseKey' | 'claimIndex' | 'chunkId' | 'annotator'>): string => `${k.annotator}\u0001${pairKey(k.caseKey, k.claimIndex, k.chunkId)}`;

/**
 * The store's answer with the local changes it does not show yet (`pending`, by raterPair; null:
 * removed) laid over it: an answer read before a write landed must not take a label back (an
 * export right after labelling would miss it). A change leaves `pending` once the store shows it.
 */
export function overPending(stored: AnnotationLabel[], pending: Map<string, AnnotationLabel | null>): AnnotationLabel[] {
  if (pending.size === 0) return stored;
  const byId = new Map(stored.map((l) => [raterPair(l), l]));
  for (const [id, want] of pending) {
    const have = byId.get(id);
    const shown = want ? have !== undefined && have.updated === want.updated && have.label === want.label && (have.note ?? '') === (want.note ?? '') : have === undefined;
    if (shown) pending.delete(id);
  }
  if (pending.size === 0) return stored;
  const out = stored.filter((l) => !pending.has(raterPair(l)));
  for (const want of pending.values()) if (want) out.push(want);
  return out;
}
