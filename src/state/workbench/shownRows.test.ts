import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as engine from '../engine/engine';
import { loadEngine } from '../lazy';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { ROWS_SHOWN } from './rowLimit';
import { ShownRows } from './ui.svelte';
import { Workbench } from './workbench.svelte';
import type { AuditCase } from '../../core/types';

const towers = (n: number, what: string): AuditCase => ({
  query: 'How tall are they?',
  answer: Array.from({ length: n }, (_, i) => `${what} ${i + 1} is ${100 + i} metres tall.`).join(' '),
  chunks: [{ id: '1', text: 'Heights of towers.' }],
});

describe('rows shown of the report lists, per case', () => {
  beforeAll(async () => {
    await loadEngine();
  });

  it('keep what was shown through edits and new audits of the same case; another case starts from the first page', async () => {
    const wb = new Workbench({ store: memoryStore(), runner: { createWorker: null, debounceMs: 0, engine: async () => engine } });
    const rows = new ShownRows(() => wb.caseLoads);
    wb.loadCase(towers(450, 'Tower'), 'file:a.json');
    await vi.waitFor(() => expect(wb.localReport?.claims.length).toBe(450));
    expect(rows.shown('claims')).toBe(ROWS_SHOWN);
    rows.more('claims');
    rows.more('claims');
    expect(rows.shown('claims')).toBe(3 * ROWS_SHOWN);
    // Each list has its own count.
    expect(rows.shown('dimension:complete')).toBe(ROWS_SHOWN);

    // The same case audited again: a report replaced by an equal one.
    const before = wb.localReport;
    wb.rerun();
    await vi.waitFor(() => expect(wb.analysis?.seq).toBeGreaterThan(1));
    expect(wb.localReport).toEqual(before);
    expect(rows.shown('claims')).toBe(3 * ROWS_SHOWN);
    // An edit, and another setting: still the same case.
    wb.setInput('answerText', `${wb.answerText} Tower 451 is 550 metres tall.`);
    wb.updateSettings({ requiredStyle: 'latex_cite' });
    await vi.waitFor(() => expect(wb.localReport?.claims.length).toBe(451));
    expect(rows.shown('claims')).toBe(3 * ROWS_SHOWN);

    // Another case: the first page again, for every list.
    wb.loadCase(towers(300, 'Bridge'), 'file:b.json');
    expect(rows.shown('claims')).toBe(ROWS_SHOWN);
    rows.more('dimension:complete');
    expect(rows.shown('dimension:complete')).toBe(2 * ROWS_SHOWN);
    expect(rows.shown('claims')).toBe(ROWS_SHOWN);
    // Taking the load back (undo) is another case too.
    expect(wb.undo()).toBe(true);
    expect(rows.shown('dimension:complete')).toBe(ROWS_SHOWN);
  });
});
