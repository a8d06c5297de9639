// Settling a team's labels into one gold set: the reserved rater `gold`, whose every label says
// who settled it and how. Unanimous pairs settle at once; the majority rule settles a pair when
// one label has a strict majority among at least two; the rest (ties) are left to the lead, who
// settles them by hand. Pure; the Annotate view stores the gold labels, the CLI writes them.
import { REFERENCE_ANNOTATOR, pairKey, SETTLED_HOW, type LabelLike, type SettledHow } from './labels';
import type { SupportVerdict } from '../types';

/** The annotator name of settled labels (reserved, like REFERENCE_ANNOTATOR). */
export const GOLD_ANNOTATOR = 'gold';


/** unanimous: only pairs where every label is the same; majority: also a strict majority. */
export type ConsensusRule = 'unanimous' | 'majority';

export interface GoldLabel extends LabelLike {
  annotator: typeof GOLD_ANNOTATOR;
  updated: number;
  /** Who settled it: the lead's name, or the tool that applied the rule. */
  settledBy: string;
  settledHow: SettledHow;
}

/** Labels of one pair by several raters. */
export interface PairLabels {
  key: string;
  labels: Record<string, SupportVerdict>;
}

export interface ConsensusResult {
  /** Gold labels the rule gives, for pairs without a gold label settled by hand. */
  gold: GoldLabel[];
  /** Pairs with two or more labels that the rule leaves to the lead (under majority: the ties). */
  unsettled: PairLabels[];
  /** Pairs whose gold label was settled by hand (or by a majority that still holds, under the unanimous rule): left as they are. */
  kept: number;
  /** Gold labels a rule set earlier that the rule no longer gives (the labels changed): to delete. */
  stale: GoldLabel[];
}

/** How one pair's labels settle: all the same, a strict majority, a tie, or fewer than two labels. */
export type PairConsensus = { kind: 'unanimous' | 'majority'; verdict: SupportVerdict } | { kind: 'tie' | 'single' | 'none' };

/** The consensus of one pair's labels (rater → label, or the labels alone); the caller leaves out gold, reference and model. */
export function pairConsensus(labels: Readonly<Record<string, SupportVerdict>> | readonly SupportVerdict[]): PairConsensus {
  const values = Array.isArray(labels) ? (labels as readonly SupportVerdict[]) : Object.values(labels);
  if (values.length === 0) return { kind: 'none' };
  if (values.length === 1) return { kind: 'single' };
  if (values.every((v) => v === values[0])) return { kind: 'unanimous', verdict: values[0]! };
  const counts = new Map<SupportVerdict, number>();
  for (const l of values) counts.set(l, (counts.get(l) ?? 0) + 1);
  for (const [verdict, n] of counts) if (n * 2 > values.length) return { kind: 'majority', verdict };
  return { kind: 'tie' };
}

export interface ConsensusOptions {
  rule: ConsensusRule;
  /** Whose labels count (default: every annotator but gold and reference). */
  raters?: readonly string[];
  settledBy: string;
  now: number;
}

/** Whether a stored label is a gold label with its settlement (from a store row or a file). */
export function isGoldLabel(l: LabelLike): l is GoldLabel {
  const g = l as Partial<GoldLabel>;
  return l.annotator === GOLD_ANNOTATOR && typeof g.settledBy === 'string' && SETTLED_HOW.includes(g.settledHow as SettledHow) && typeof l.updated === 'number';
}

/** The gold labels `labels` support under `rule` (see ConsensusResult). */
export function consensus(labels: readonly LabelLike[], opts: ConsensusOptions): ConsensusResult {
  const counted = (name: string) => (opts.raters ? opts.raters.includes(name) : name !== GOLD_ANNOTATOR && name !== REFERENCE_ANNOTATOR);
  const pairs = new Map<string, { ref: LabelLike; labels: Record<string, SupportVerdict> }>();
  const gold = new Map<string, LabelLike>();
  for (const l of labels) {
    const key = pairKey(l.caseKey, l.claimIndex, l.chunkId);
    if (l.annotator === GOLD_ANNOTATOR) gold.set(key, l);
    if (!counted(l.annotator) || l.annotator === GOLD_ANNOTATOR) continue;
    let p = pairs.get(key);
    if (!p) pairs.set(key, (p = { ref: l, labels: {} }));
    p.labels[l.annotator] = l.label;
  }
  const out: ConsensusResult = { gold: [], unsettled: [], kept: 0, stale: [] };
  const given = new Set<string>();
  for (const [key, p] of pairs) {
    const values = Object.values(p.labels);
    if (values.length < 2) continue;
    const prior = gold.get(key);
    if (prior && isGoldLabel(prior) && prior.settledHow === 'by_hand') {
      out.kept++;
      continue;
    }
    const c = pairConsensus(values);
    const unanimous = c.kind === 'unanimous';
    const label = unanimous || (c.kind === 'majority' && opts.rule === 'majority') ? c.verdict : null;
    // The unanimous rule leaves alone a majority settled earlier that still holds.
    if (label === null && prior && isGoldLabel(prior) && prior.settledHow === 'majority' && c.kind === 'majority' && c.verdict === prior.label) {
      out.kept++;
      given.add(key);
      continue;
    }
    if (label === null) {
      out.unsettled.push({ key, labels: p.labels });
      continue;
    }
    given.add(key);
    out.gold.push({
      caseKey: p.ref.caseKey,
      claimIndex: p.ref.claimIndex,
      chunkId: p.ref.chunkId,
      annotator: GOLD_ANNOTATOR,
      label,
      updated: opts.now,
      settledBy: opts.settledBy,
      settledHow: unanimous ? 'unanimous' : 'majority',
    });
  }
  for (const [key, g] of gold) if (isGoldLabel(g) && g.settledHow !== 'by_hand' && !given.has(key)) out.stale.push(g);
  return out;
}

/** The gold label the lead chose for a pair. */
export function settleByHand(pair: Pick<LabelLike, 'caseKey' | 'claimIndex' | 'chunkId'>, label: SupportVerdict, opts: { settledBy: string; note?: string; now: number }): GoldLabel {
  return {
    caseKey: pair.caseKey,
    claimIndex: pair.claimIndex,
    chunkId: pair.chunkId,
    annotator: GOLD_ANNOTATOR,
    label,
    ...(opts.note?.trim() ? { note: opts.note.trim() } : {}),
    updated: opts.now,
    settledBy: opts.settledBy,
    settledHow: 'by_hand',
  };
}
