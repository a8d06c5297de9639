// The team's agreement in the Annotate view: Krippendorff's α over every rater, Cohen's κ for each
// two (the heat map), per rater how much they labelled and how often they agree with the others,
// and the pairs where labels differ, filtered by rater. The model and the reference count only
// when asked; gold (settled labels) is no rater of agreement. Hidden, like every other rater's
// label, while blind mode still hides pairs from the person at the keyboard.
import { labelsByRater, disagreementsWith, teamAgreement, type TeamAgreement, type TeamDisagreement } from '../../core/eval/team';
import { MODEL_RATER, REFERENCE_ANNOTATOR, annotatorsOf, pairKey } from '../../core/eval/labels';
import type { Annotation } from './annotation.svelte';
import { GOLD_RATER } from './gold';

export class TeamView {
  readonly #a: Annotation;
  /** Count the model's verdicts as one more rater. */
  includeModel = $state(false);
  /** Count the reference labels (those a dataset brings) as one more rater. */
  includeReference = $state(false);
  /** Show only the disagreements this rater took part in (null: all). */
  filter = $state<string | null>(null);

  constructor(annotation: Annotation) {
    this.#a = annotation;
  }

  /** Whether the model and the reference are there to be counted. */
  hasModel: boolean = $derived.by(() => this.#a.source.modelVerdicts.size > 0);
  hasReference: boolean = $derived.by(() => this.#a.labels.some((l) => l.annotator === REFERENCE_ANNOTATOR));

  /** The raters counted: the annotators, then the reference and the model when asked for. */
  raters: string[] = $derived.by(() => {
    if (this.#a.blindLeft > 0) return [];
    const names = annotatorsOf(this.#a.labels).filter((n) => n !== REFERENCE_ANNOTATOR && n !== GOLD_RATER);
    if (this.includeReference && this.hasReference) names.push(REFERENCE_ANNOTATOR);
    if (this.includeModel && this.hasModel) names.push(MODEL_RATER);
    return names;
  });

  /** Null with fewer than two raters, or while blind mode hides the others' labels. */
  team: TeamAgreement | null = $derived.by(() => {
    const raters = this.raters;
    if (raters.length < 2) return null;
    const keys = new Set(this.#a.targets.map((t) => t.key));
    const human = raters.filter((r) => r !== MODEL_RATER);
    const byRater = labelsByRater(
      this.#a.labels.filter((l) => keys.has(pairKey(l.caseKey, l.claimIndex, l.chunkId))),
      human,
    );
    if (raters.includes(MODEL_RATER)) byRater.set(MODEL_RATER, new Map([...this.#a.source.modelVerdicts].filter(([k]) => keys.has(k))));
    return teamAgreement(byRater);
  });

  /** κ of two raters from the table (null when undefined or not computed). */
  kappa(a: string, b: string): { n: number; kappa: number | null } | null {
    return this.team?.pairwise.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a)) ?? null;
  }

  /** The disagreements of the filter's rater, in pair order. */
  disagreements: TeamDisagreement[] = $derived.by(() => {
    const team = this.team;
    if (!team) return [];
    const rater = this.filter !== null && team.raters.includes(this.filter) ? this.filter : null;
    const rank = new Map(this.#a.targets.map((t, i) => [t.key, i]));
    return [...disagreementsWith(team, rater)].sort((x, y) => (rank.get(x.key) ?? Infinity) - (rank.get(y.key) ?? Infinity));
  });
}
