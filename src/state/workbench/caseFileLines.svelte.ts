// The line picker of a case file with many lines (a .jsonl opened with "Open case file"): its
// cases, which one is in the workbench's editors, and the lines that could not be read. Not the
// Dataset view (datasetRun.svelte.ts), which audits every line of its own file at once; "Open as
// dataset" hands this file over to it.
import type { AuditCase, ParseError } from '../../core/types';
import type { Workbench } from './workbench.svelte';

/** A case file of many lines (JSONL, or a JSON list of cases) as it was read. */
export interface ManyLineFile {
  name: string;
  /** The file itself, for "Open as dataset". */
  file?: File;
  cases: AuditCase[];
  /** 1-based line of each case in the file. */
  lines: number[];
  errors: ParseError[];
}

export class CaseFileLines {
  readonly #workbench: Workbench;
  current = $state.raw<ManyLineFile | null>(null);
  index = $state(0);

  constructor(workbench: Workbench) {
    this.#workbench = workbench;
  }

  open(d: ManyLineFile): void {
    this.current = d;
    this.#load(0, 'always');
  }

  go(i: number): void {
    this.#load(i, 'if-edited');
  }

  #load(i: number, undo: 'always' | 'if-edited'): void {
    const d = this.current;
    if (!d) return;
    const clamped = Math.min(Math.max(i, 0), d.cases.length - 1);
    const c = d.cases[clamped];
    if (!c) return;
    this.index = clamped;
    this.#workbench.loadCase(c, `dataset:${d.name}#${d.lines[clamped] ?? clamped + 1}`, { undo });
  }

  close(): void {
    this.current = null;
    this.index = 0;
  }

  /** Short label of a case for the picker: its line and id (or the start of its query). */
  label(i: number): string {
    const d = this.current;
    const c = d?.cases[i];
    if (!d || !c) return '';
    const name = c.id !== undefined ? String(c.id) : c.query.slice(0, 60);
    return `${d.lines[i] ?? i + 1}: ${name}`;
  }
}
