import { describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import { datasetRow, datasetRowsToJsonl, type DatasetRow } from '../../core/eval/dataset';
import { diffRuns, parseRunFile } from '../../core/eval/diff';
import type { AuditCase } from '../../core/types';
import { readBaselineFile } from './baselineFile';
import { DatasetBaseline, diffRowKey, type ReadBaseline } from './datasetBaseline.svelte';

const chunks = [
  { id: '1', text: 'Tower one stands 120 metres above the square.' },
  { id: '2', text: 'Work on tower one ended in 1901.' },
];
const make = (id: string, answer: string): AuditCase => ({ id, query: `About ${id}?`, answer, chunks });
const rowsOf = (cases: AuditCase[]): DatasetRow[] => cases.map((c, i) => datasetRow(i, i + 1, auditCase(c), c.query));

/** What the page's worker does, in process. */
const readHere: ReadBaseline = async (file) => readBaselineFile(await file.text());
const blob = (text: string): Blob => new Blob([text]);

const good = 'Tower one is 120 metres tall [1]. Work on it ended in 1901 [2].';
const before = [make('a', good), make('b', good), make('c', 'Tower one is 120 metres tall [1]. Work on it ended in 1901.')];
const after = [make('a', good), make('b', 'Tower one is 120 metres tall [7]. Work on it ended in 1901 [2].'), make('c', good)];

describe('DatasetBaseline', () => {
  it('files a case whose only change is a score now measured (— → 0) as newly measured, not improved', async () => {
    // The model run after a local one: recall and precision measured, the cases as they were.
    const judged = rowsOf(after).map((r) => ({ ...r, checked_by: 'model' as const, scores: { ...r.scores, citation_recall: 0, citation_precision: 0 } }));
    const b = new DatasetBaseline(() => judged, readHere);
    expect(await b.load('local.jsonl', blob(datasetRowsToJsonl(rowsOf(after))))).toBe(true);
    expect(b.diff?.counts).toMatchObject({ improved: 0, newly_measured: 3, regressed: 0 });
    b.filter = 'improved';
    expect(b.shown).toEqual([]);
    b.filter = 'newly_measured';
    expect(b.shown.map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });

  it('diffs the current rows against a downloaded baseline: counts, changed-score columns, filters, sides', async () => {
    let current = rowsOf(after);
    const b = new DatasetBaseline(() => current, readHere);
    expect(await b.load('base.jsonl', blob(datasetRowsToJsonl(rowsOf(before))))).toBe(true);
    expect(b.diff?.counts).toMatchObject({ regressed: 1, improved: 1, unchanged: 1 });
    expect(b.changedScores).toEqual(['citation_coverage', 'citation_existence']);
    b.filter = 'regressed';
    expect(b.shown.map((c) => c.name)).toEqual(['b']);
    b.selected = diffRowKey(b.shown[0]!);
    const sides = b.sides(b.selectedCase!);
    expect(sides.before?.dimensions.exists).toBe('PASS');
    expect(sides.after?.dimensions.exists).toBe('FAIL');
    expect(b.currentIndex(b.selectedCase!)).toBe(1);
    b.filter = 'unchanged';
    expect(b.shown.map((c) => c.name)).toEqual(['a']);
    // The same results on both sides: nothing regressed.
    current = rowsOf(before);
    const same = new DatasetBaseline(() => current, readHere);
    await same.load('base.jsonl', blob(datasetRowsToJsonl(rowsOf(before))));
    expect(same.diff?.counts.unchanged).toBe(3);
    expect(same.changedScores).toEqual([]);
  });

  it('refuses a file without results and keeps the baseline it had', async () => {
    const b = new DatasetBaseline(() => rowsOf(after), readHere);
    expect(await b.load('cases.jsonl', blob(after.map((c) => JSON.stringify(c)).join('\n')))).toBe(false);
    expect(b.problem).toMatchObject({ kind: 'unreadable', line: 1 });
    expect(await b.load('empty.jsonl', blob('\n'))).toBe(false);
    expect(b.problem).toEqual({ kind: 'empty' });
    await b.load('base.jsonl', blob(datasetRowsToJsonl(rowsOf(before)) + 'not json\n'));
    expect(b.name).toBe('base.jsonl');
    expect(b.skipped).toBe(1);
    expect(await b.load('cases.jsonl', blob('{"x":1}'))).toBe(false);
    expect(b.name).toBe('base.jsonl');
    expect(b.diff).not.toBeNull();
  });

  it('pairs ~200 rows that repeat the same content as the CLI diff does, one row key each', async () => {
    // Ten cases without ids, repeated twenty times: names repeat, so the name is no row key.
    const cases = Array.from({ length: 200 }, (_, i) => ({ query: `About tower ${i % 10}?`, answer: i % 3 ? good : 'Tower one is 120 metres tall [7].', chunks }));
    const rows = cases.map((c, i) => datasetRow(i, i + 1, auditCase(c), c.query));
    const text = datasetRowsToJsonl(rows);
    // The current run lost its last case: the repeated queries pair with nothing, so case n is
    // added on line n and removed from line n under the same name.
    const current = rows.slice(0, 199);
    const b = new DatasetBaseline(() => current, readHere);
    expect(await b.load('base.jsonl', blob(text))).toBe(true);
    const cli = diffRuns(parseRunFile(text).cases, parseRunFile(datasetRowsToJsonl(current)).cases);
    expect(b.diff?.counts).toEqual(cli.counts);
    expect(b.diff?.perCase.map((c) => [c.before?.line, c.after?.line])).toEqual(cli.perCase.map((c) => [c.before?.line, c.after?.line]));
    const keys = b.shown.map(diffRowKey);
    expect(new Set(keys).size).toBe(keys.length);
    // Opening one of the repeated cases opens that one, not the first of its name.
    b.selected = keys[37]!;
    expect(b.selectedCase && diffRowKey(b.selectedCase)).toBe(keys[37]);
    // The table builds a page of rows at a time.
    expect(b.shown.length).toBe(399);
    expect(b.visible.shown.length).toBe(200);
    expect(b.visible.more).toBe(199);
    b.showMore();
    expect(b.visible.more).toBe(0);
    b.filter = 'all';
    expect(b.visible.shown.length).toBe(200);
  });

  it('keeps the baseline in the state, and drops a read that a newer file replaced', async () => {
    let release: () => void = () => {};
    const slow: ReadBaseline = (file, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        release = () => void readHere(file, signal).then(resolve);
      });
    const b = new DatasetBaseline(() => rowsOf(after), slow);
    const first = b.load('old.jsonl', blob(datasetRowsToJsonl(rowsOf(after))));
    expect(b.loading).toBe('old.jsonl');
    const releaseFirst = release;
    const second = b.load('new.jsonl', blob(datasetRowsToJsonl(rowsOf(before))));
    releaseFirst();
    expect(await first).toBe(false);
    release();
    expect(await second).toBe(true);
    expect(b.name).toBe('new.jsonl');
    expect(b.loading).toBeNull();
    expect(b.problem).toBeNull();
    expect(b.diff?.counts.regressed).toBe(1);
  });

  it('says so when the file cannot be read at all', async () => {
    const b = new DatasetBaseline(() => rowsOf(after), () => Promise.reject(new Error('worker crashed')));
    expect(await b.load('x.jsonl', blob(''))).toBe(false);
    expect(b.problem).toEqual({ kind: 'failed', message: 'worker crashed' });
  });
});
