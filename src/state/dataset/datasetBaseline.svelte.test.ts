import { describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import { datasetRow, datasetRowsToJsonl, type DatasetRow } from '../../core/eval/dataset';
import type { AuditCase } from '../../core/types';
import { DatasetBaseline } from './datasetBaseline.svelte';

const chunks = [
  { id: '1', text: 'Tower one stands 120 metres above the square.' },
  { id: '2', text: 'Work on tower one ended in 1901.' },
];
const make = (id: string, answer: string): AuditCase => ({ id, query: `About ${id}?`, answer, chunks });
const rowsOf = (cases: AuditCase[]): DatasetRow[] => cases.map((c, i) => datasetRow(i, i + 1, auditCase(c), c.query));

const good = 'Tower one is 120 metres tall [1]. Work on it ended in 1901 [2].';
const before = [make('a', good), make('b', good), make('c', 'Tower one is 120 metres tall [1]. Work on it ended in 1901.')];
const after = [make('a', good), make('b', 'Tower one is 120 metres tall [7]. Work on it ended in 1901 [2].'), make('c', good)];

describe('DatasetBaseline', () => {
  it('diffs the current rows against a downloaded baseline: counts, changed-score columns, filters, sides', () => {
    let current = rowsOf(after);
    const b = new DatasetBaseline(() => current);
    expect(b.load('base.jsonl', datasetRowsToJsonl(rowsOf(before)))).toBe(true);
    expect(b.diff?.counts).toMatchObject({ regressed: 1, improved: 1, unchanged: 1 });
    expect(b.changedScores).toEqual(['citation_coverage', 'citation_existence']);
    b.filter = 'regressed';
    expect(b.shown.map((c) => c.name)).toEqual(['b']);
    b.selected = 'b';
    const sides = b.sides(b.selectedCase!);
    expect(sides.before?.dimensions.exists).toBe('PASS');
    expect(sides.after?.dimensions.exists).toBe('FAIL');
    expect(b.currentIndex(b.selectedCase!)).toBe(1);
    b.filter = 'unchanged';
    expect(b.shown.map((c) => c.name)).toEqual(['a']);
    // The same results on both sides: nothing regressed.
    current = rowsOf(before);
    const same = new DatasetBaseline(() => current);
    same.load('base.jsonl', datasetRowsToJsonl(rowsOf(before)));
    expect(same.diff?.counts.unchanged).toBe(3);
    expect(same.changedScores).toEqual([]);
  });

  it('refuses a file without results and keeps the baseline it had', () => {
    const b = new DatasetBaseline(() => rowsOf(after));
    expect(b.load('cases.jsonl', after.map((c) => JSON.stringify(c)).join('\n'))).toBe(false);
    expect(b.problem).toMatchObject({ kind: 'unreadable', line: 1 });
    expect(b.load('empty.jsonl', '\n')).toBe(false);
    expect(b.problem).toEqual({ kind: 'empty' });
    b.load('base.jsonl', datasetRowsToJsonl(rowsOf(before)) + 'not json\n');
    expect(b.name).toBe('base.jsonl');
    expect(b.skipped).toBe(1);
    expect(b.load('cases.jsonl', '{"x":1}')).toBe(false);
    expect(b.name).toBe('base.jsonl');
    expect(b.diff).not.toBeNull();
  });
});
