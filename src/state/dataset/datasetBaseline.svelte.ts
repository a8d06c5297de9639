// A baseline for the Dataset view: an earlier results file (the Dataset view's JSONL download or
// the CLI's JSON lines) set against the dataset's current results with the same diff as
// `citation-audit diff`, filtered to what regressed, improved or stayed the same.
import { datasetRowsToJsonl, SCORE_KEYS, type DatasetRow, type ScoreKey } from '../../core/eval/dataset';
import { diffRuns, parseRunFile, type CaseDiff, type DatasetDiff, type RunCase } from '../../core/eval/diff';

export type BaselineFilter = 'all' | 'regressed' | 'improved' | 'unchanged';

/** Why a file could not serve as the baseline (the UI words it). */
export type BaselineProblem = { kind: 'empty' } | { kind: 'unreadable'; line: number; message: string };

export class DatasetBaseline {
  #name = $state<string | null>(null);
  #before = $state.raw<RunCase[] | null>(null);
  #problem = $state.raw<BaselineProblem | null>(null);
  /** Lines of the baseline file that could not be read (the rest is used). */
  #skipped = $state(0);
  filter = $state<BaselineFilter>('all');
  /** The case whose before/after is open, by its diff name. */
  selected = $state<string | null>(null);

  readonly #rows: () => readonly DatasetRow[];

  constructor(rows: () => readonly DatasetRow[]) {
    this.#rows = rows;
  }

  get name(): string | null {
    return this.#name;
  }
  get problem(): BaselineProblem | null {
    return this.#problem;
  }
  get skipped(): number {
    return this.#skipped;
  }

  /** Reads a results file; keeps the previous baseline when this one has no usable line. */
  load(name: string, text: string): boolean {
    const file = parseRunFile(text);
    if (file.cases.length === 0) {
      const first = file.errors[0];
      this.#problem = first ? { kind: 'unreadable', line: first.line, message: first.message } : { kind: 'empty' };
      return false;
    }
    this.#name = name;
    this.#before = file.cases;
    this.#skipped = file.errors.length;
    this.#problem = null;
    this.selected = null;
    return true;
  }

  clear(): void {
    this.#name = null;
    this.#before = null;
    this.#problem = null;
    this.#skipped = 0;
    this.selected = null;
  }

  /** The current results read the way a downloaded file would be, so both sides match alike. */
  #after: RunCase[] = $derived.by(() => parseRunFile(datasetRowsToJsonl(this.#rows())).cases);

  diff: DatasetDiff | null = $derived.by(() => (this.#before && this.#after.length ? diffRuns(this.#before, this.#after) : null));

  /** Scores that changed in at least one case: one column each. */
  changedScores: ScoreKey[] = $derived.by(() => {
    const d = this.diff;
    if (!d) return [];
    const changed = new Set<ScoreKey>();
    for (const c of d.perCase) for (const s of c.scores) if (s.before !== s.after) changed.add(s.score);
    return SCORE_KEYS.filter((k) => changed.has(k));
  });

  shown: CaseDiff[] = $derived.by(() => {
    const d = this.diff;
    if (!d) return [];
    const f = this.filter;
    return f === 'all' ? d.perCase : d.perCase.filter((c) => c.kind === f);
  });

  selectedCase: CaseDiff | null = $derived(this.shown.find((c) => c.name === this.selected) ?? this.diff?.perCase.find((c) => c.name === this.selected) ?? null);

  /** Both sides of a case as read from the two files. */
  sides(c: CaseDiff): { before: RunCase | null; after: RunCase | null } {
    const before = c.before ? (this.#before?.find((r) => r.line === c.before!.line) ?? null) : null;
    const after = c.after ? (this.#after.find((r) => r.line === c.after!.line) ?? null) : null;
    return { before, after };
  }

  /** The current case's index in the dataset (to open it in the workbench). */
  currentIndex(c: CaseDiff): number | null {
    const after = this.sides(c).after;
    return after ? (this.#rows()[after.position]?.index ?? null) : null;
  }
}
