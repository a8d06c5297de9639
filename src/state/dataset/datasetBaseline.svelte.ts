// A baseline for the Dataset view: an earlier results file (the Dataset view's JSONL download or
// the CLI's JSON lines) set against the dataset's current results with the same diff as
// `citation-audit diff`, filtered to what regressed, improved or stayed the same. The page keeps
// one instance (app.ts), so the baseline outlives the Dataset view while the user is elsewhere.
import { datasetRowsToJsonl, SCORE_KEYS, type DatasetRow, type ScoreKey } from '../../core/eval/dataset';
import { diffRuns, parseRunFile, type CaseDiff, type DatasetDiff, type RunCase } from '../../core/eval/diff';
import type { BaselineFile } from './baselineFile';
import { firstRows, ROWS_SHOWN, type Limited } from '../workbench/rowLimit';

export type BaselineFilter = 'all' | 'regressed' | 'improved' | 'newly_measured' | 'unchanged';

/** Why a file could not serve as the baseline (the UI words it). */
export type BaselineProblem = { kind: 'empty' } | { kind: 'unreadable'; line: number; message: string } | { kind: 'failed'; message: string };

/** Reads a baseline file (in a worker on the page); rejects when aborted or when reading fails. */
export type ReadBaseline = (file: Blob, signal: AbortSignal) => Promise<BaselineFile>;

/**
 * A row of the comparison, unique even when cases repeat (same query, no id, so the same name):
 * each line of either file is in one pair only.
 */
export const diffRowKey = (c: CaseDiff): string => `${c.before?.line ?? '-'}>${c.after?.line ?? '-'}`;

export class DatasetBaseline {
  #name = $state<string | null>(null);
  #before = $state.raw<RunCase[] | null>(null);
  #problem = $state.raw<BaselineProblem | null>(null);
  /** Lines of the baseline file that could not be read (the rest is used). */
  #skipped = $state(0);
  /** The name of the file being read, while it is. */
  #loading = $state<string | null>(null);
  #reading: AbortController | null = null;
  #filter = $state<BaselineFilter>('all');
  /** Rows of the table built (a baseline can hold tens of thousands of cases). */
  #limit = $state(ROWS_SHOWN);
  /** The case whose before/after is open, by its row key (diffRowKey). */
  selected = $state<string | null>(null);

  readonly #rows: () => readonly DatasetRow[];
  readonly #read: ReadBaseline;

  constructor(rows: () => readonly DatasetRow[], read: ReadBaseline) {
    this.#rows = rows;
    this.#read = read;
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
  get loading(): string | null {
    return this.#loading;
  }
  get filter(): BaselineFilter {
    return this.#filter;
  }
  set filter(f: BaselineFilter) {
    this.#filter = f;
    this.#limit = ROWS_SHOWN;
  }
  showMore(): void {
    this.#limit += ROWS_SHOWN;
  }

  /**
   * Reads a results file; keeps the previous baseline when this one has no usable line. A newer
   * file (or clear) makes an older one still being read stale: its result is dropped.
   */
  async load(name: string, file: Blob): Promise<boolean> {
    this.#reading?.abort();
    const reading = new AbortController();
    this.#reading = reading;
    this.#loading = name;
    let read: BaselineFile;
    try {
      read = await this.#read(file, reading.signal);
    } catch (e) {
      if (reading.signal.aborted) return false;
      this.#problem = { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
      return false;
    } finally {
      if (this.#reading === reading) {
        this.#reading = null;
        this.#loading = null;
      }
    }
    if (reading.signal.aborted) return false;
    if (read.cases.length === 0) {
      const first = read.firstError;
      this.#problem = first ? { kind: 'unreadable', line: first.line, message: first.message } : { kind: 'empty' };
      return false;
    }
    this.#name = name;
    this.#before = read.cases;
    this.#skipped = read.skipped;
    this.#problem = null;
    this.selected = null;
    this.#limit = ROWS_SHOWN;
    return true;
  }

  clear(): void {
    this.#reading?.abort();
    this.#reading = null;
    this.#loading = null;
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
    const f = this.#filter;
    return f === 'all' ? d.perCase : d.perCase.filter((c) => c.kind === f);
  });

  /** The rows of `shown` the table builds, and how many more there are. */
  visible: Limited<CaseDiff> = $derived(firstRows(this.shown, this.#limit));

  selectedCase: CaseDiff | null = $derived(this.diff?.perCase.find((c) => diffRowKey(c) === this.selected) ?? null);

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
