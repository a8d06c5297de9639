// Reading a baseline results file for the Dataset view. It runs in the baseline worker: a results
// file can be a hundred megabytes of report lines, and reading it on the page held the page still
// for seconds. What goes back to the page is only what the comparison needs.
import { parseRunFile, type RunCase } from '../../core/eval/diff';

export interface BaselineFile {
  cases: RunCase[];
  /** Lines that could not be read, and the first of them (to say why when none could). */
  skipped: number;
  firstError: { line: number; message: string } | null;
}

/** Request to the baseline worker: the file itself, read there, so the page never holds its text. */
export interface BaselineRequest {
  file: Blob;
}

export type BaselineReply = { ok: true; file: BaselineFile } | { ok: false; message: string };

export function readBaselineFile(text: string): BaselineFile {
  const parsed = parseRunFile(text);
  // The current side (the dataset's rows) never carries findings, so the diff cannot compare them:
  // leaving them out keeps the reply to the page small (most of a report line is its findings).
  const cases = parsed.cases.map((c) => (c.findings ? { ...c, findings: null } : c));
  return { cases, skipped: parsed.errors.length, firstError: parsed.errors[0] ?? null };
}
