// Resolve disagreements into gold: the lead steps through the pairs whose labels differ, sees
// every rater's label and note, and picks the final label (1/2/3, with a reason). Unanimous pairs
// become gold when resolving starts; "settle by majority" does the rest in one step, leaving the
// ties. Gold is the reserved rater `gold`; each gold label says who settled it and how. Every
// step can be undone, a batch at once.
import { pairConsensus, settleByHand } from '../../core/eval/consensus';
import type { SettledHow } from '../../core/eval/labels';
import type { SupportVerdict } from '../../core/types';
import type { AnnotationLabel } from '../../store/schemas';
import type { Annotation, LabelKey } from './annotation.svelte';
import { GOLD_RATER, RESERVED_RATERS } from './gold';
import { handleKey, type KeyInput, type KeyOutcome } from './keyboard';

/** One labelled pair as the lead sees it: the raters' votes, the gold label if any, the consensus. */
export interface PairVotes {
  key: string;
  /** The raters' labels (gold and the reference left out), in name order. */
  votes: AnnotationLabel[];
  gold: AnnotationLabel | null;
  /** single: one vote; unanimous: two or more, all alike; majority: a strict majority; tie: none. */
  kind: 'single' | 'unanimous' | 'majority' | 'tie';
  /** The unanimous or majority verdict. */
  verdict: SupportVerdict | null;
}

export type ResolveMessage = 'need-annotator' | 'hidden-blind' | 'undone' | 'nothing-to-undo' | 'save-failed' | 'all-settled';

/** The consensus of a pair's votes. */
export function votesOf(key: string, labels: readonly AnnotationLabel[]): PairVotes {
  const votes = labels.filter((l) => !RESERVED_RATERS.has(l.annotator)).sort((x, y) => x.annotator.localeCompare(y.annotator));
  const gold = labels.find((l) => l.annotator === GOLD_RATER) ?? null;
  const c = pairConsensus(votes.map((v) => v.label));
  const kind = c.kind === 'none' ? 'single' : c.kind;
  return { key, votes, gold, kind, verdict: 'verdict' in c ? c.verdict : null };
}

interface UndoBatch {
  /** What to write back, and which gold labels to remove, to take the batch back. */
  put: AnnotationLabel[];
  remove: LabelKey[];
  at: string | null;
}

export class Resolver {
  readonly #a: Annotation;
  #active = $state(false);
  #undo = $state.raw<UndoBatch[]>([]);
  #message = $state.raw<ResolveMessage | null>(null);
  /** The reasons typed, by pair: each goes with that pair's pick, not with whatever is picked next. */
  #reasons = $state.raw<ReadonlyMap<string, string>>(new Map());

  /** The reason the lead gives with the pick of the pair on screen. */
  get reason(): string {
    const key = this.#a.current?.key;
    return key ? (this.#reasons.get(key) ?? '') : '';
  }
  set reason(text: string) {
    const key = this.#a.current?.key;
    if (!key) return;
    const next = new Map(this.#reasons);
    if (text) next.set(key, text);
    else next.delete(key);
    this.#reasons = next;
  }

  constructor(annotation: Annotation) {
    this.#a = annotation;
  }

  /** Every pair of the source with at least one rater's label, in pair order. */
  pairs: PairVotes[] = $derived.by(() => {
    const out: PairVotes[] = [];
    for (const t of this.#a.targets) {
      const labels = this.#a.labelsAt(t.key);
      if (labels.length) out.push(votesOf(t.key, labels));
    }
    return out;
  });

  /** The pairs whose raters disagree (settled or not). */
  disagreements: PairVotes[] = $derived(this.pairs.filter((p) => p.kind === 'majority' || p.kind === 'tie'));

  counts = $derived.by(() => {
    const c = { disagreements: this.disagreements.length, open: 0, ties: 0, unanimousOpen: 0, gold: 0, single: 0 };
    for (const p of this.pairs) {
      if (p.gold) c.gold++;
      if (p.kind === 'single') c.single++;
      if (p.kind === 'unanimous' && !p.gold) c.unanimousOpen++;
      if ((p.kind === 'majority' || p.kind === 'tie') && !p.gold) {
        c.open++;
        if (p.kind === 'tie') c.ties++;
      }
    }
    return c;
  });

  /** Resolving, and allowed to: turning blind mode back on with pairs left ends it. */
  get active(): boolean {
    return this.#active && this.available;
  }
  get message(): ResolveMessage | null {
    return this.#message;
  }
  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  /** Resolving shows everyone's labels: not while blind mode still hides some from this annotator. */
  get available(): boolean {
    return this.#a.blindLeft === 0;
  }

  /** The disagreement on screen (null when the pair shown has none). */
  current: PairVotes | null = $derived.by(() => {
    const key = this.#a.current?.key;
    return this.disagreements.find((p) => p.key === key) ?? null;
  });

  /** Starts resolving: unanimous pairs become gold, and the first open disagreement is shown. */
  async start(): Promise<void> {
    if (!this.#ready()) return;
    this.#active = true;
    this.#message = null;
    await this.#settle(this.pairs.filter((p) => p.kind === 'unanimous' && !p.gold), 'unanimous');
    this.#goToOpen(0);
  }

  stop(): void {
    this.#active = false;
    this.#message = null;
  }

  /** Gold for every open disagreement with a strict majority; the ties stay for the lead. */
  async settleByMajority(): Promise<number> {
    if (!this.#ready()) return 0;
    const open = this.disagreements.filter((p) => p.kind === 'majority' && !p.gold);
    await this.#settle(open, 'majority');
    this.#goToOpen(0, new Set(open.map((p) => p.key)));
    return open.length;
  }

  /** The lead's final label for the pair on screen (with the reason typed), then the next open one. */
  async pick(verdict: SupportVerdict): Promise<void> {
    const p = this.current;
    if (!p || !this.#ready()) return;
    const reason = this.reason.trim();
    this.reason = '';
    const claimText = p.votes.find((v) => v.claimText)?.claimText;
    const gold = { ...settleByHand(p.votes[0] ?? p.gold!, verdict, { settledBy: this.#a.annotator, note: reason, now: this.#a.stamp() }), ...(claimText ? { claimText } : {}) };
    await this.#write([gold], [p], p.key);
    this.#goToOpen(this.disagreements.findIndex((d) => d.key === p.key) + 1, new Set([p.key]));
  }

  /** Takes back the last pick or batch and shows its (first) pair. */
  async undo(): Promise<void> {
    const last = this.#undo[this.#undo.length - 1];
    if (!last) {
      this.#message = 'nothing-to-undo';
      return;
    }
    this.#undo = this.#undo.slice(0, -1);
    const ok = await this.#a.applyMany(last.put, last.remove);
    this.#message = ok ? 'undone' : 'save-failed';
    if (last.at) this.#a.goTo(last.at);
  }

  next(): void {
    this.#step(1);
  }
  prev(): void {
    this.#step(-1);
  }

  /** The keys while resolving: 1/2/3 pick, j/k move among the disagreements, u undoes, n goes to the reason. */
  handleKey(e: KeyInput): KeyOutcome {
    return handleKey(e, { next: () => this.next(), prev: () => this.prev(), undo: () => this.undo(), label: (l) => this.pick(l) });
  }

  dismissMessage(): void {
    this.#message = null;
  }

  #ready(): boolean {
    if (!this.available) this.#message = 'hidden-blind';
    else if (!this.#a.annotator) this.#message = 'need-annotator';
    else return true;
    return false;
  }

  #step(dir: 1 | -1): void {
    const list = this.disagreements;
    if (!list.length) return;
    const i = list.findIndex((p) => p.key === this.#a.current?.key);
    const j = i < 0 ? 0 : Math.min(list.length - 1, Math.max(0, i + dir));
    this.#a.goTo(list[j]!.key);
  }

  /**
   * Shows the first open disagreement from position `from` on (wrapping); says so when none is
   * left. `settled` are the pairs just given gold: the store's live query may still deliver a
   * snapshot from before that write, which must not send the lead back to a settled pair.
   */
  #goToOpen(from: number, settled: ReadonlySet<string> = new Set()): void {
    const list = this.disagreements;
    for (let s = 0; s < list.length; s++) {
      const p = list[(from + s) % list.length]!;
      if (!p.gold && !settled.has(p.key)) {
        this.#a.goTo(p.key);
        return;
      }
    }
    if (list.length) this.#message = 'all-settled';
  }

  /** A gold label set by a rule (unanimous, majority) in the lead's name. */
  #gold(p: PairVotes, verdict: SupportVerdict, how: SettledHow): AnnotationLabel {
    const claimText = p.votes.find((v) => v.claimText)?.claimText;
    const [first] = p.votes;
    return {
      caseKey: first?.caseKey ?? p.gold!.caseKey,
      claimIndex: first?.claimIndex ?? p.gold!.claimIndex,
      chunkId: first?.chunkId ?? p.gold!.chunkId,
      annotator: GOLD_RATER,
      label: verdict,
      ...(claimText ? { claimText } : {}),
      updated: this.#a.stamp(),
      settledBy: this.#a.annotator,
      settledHow: how,
    };
  }

  async #settle(pairs: readonly PairVotes[], how: SettledHow): Promise<void> {
    if (!pairs.length) return;
    await this.#write(pairs.map((p) => this.#gold(p, p.verdict!, how)), pairs, null);
  }

  /** Writes gold labels, keeping what they replace for undo. */
  async #write(gold: AnnotationLabel[], pairs: readonly PairVotes[], at: string | null): Promise<void> {
    const put = pairs.flatMap((p) => (p.gold ? [p.gold] : []));
    const remove = gold.filter((g, i) => !pairs[i]!.gold).map(({ caseKey, claimIndex, chunkId, annotator }) => ({ caseKey, claimIndex, chunkId, annotator }));
    this.#undo = [...this.#undo.slice(-99), { put, remove, at }];
    if (!(await this.#a.applyMany(gold))) this.#message = 'save-failed';
    else if (this.#message !== 'all-settled') this.#message = null;
  }
}
