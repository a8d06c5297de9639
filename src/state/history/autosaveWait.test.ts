// The history's save of an audit waits while the inputs have changed since (issue 34): the audit of
// the new inputs replaces it, so saving the old one then only put hashing and encoding between a
// keystroke and its markers.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditCase } from '../../core/types';
import { listAudits } from '../../store/history';
import { newWorkbench, useHistories } from '../../../tests/factories/history';
import { loadEngine } from '../lazy';
import type { Workbench } from '../workbench/workbench.svelte';

const tower: AuditCase = {
  query: 'How tall is the clock tower?',
  answer: 'The clock tower is 96 metres tall [1].',
  chunks: [{ id: '1', text: 'The clock tower rises 96 metres above the old square.' }],
};
const SAVE_MS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await loadEngine();
});
const histories = useHistories('autosave-wait');

/** A workbench whose edits are audited only when asked (`wb.rerun()`), and its started history. */
const setup = () => histories({ auditDebounceMs: 60_000, saveDebounceMs: SAVE_MS });

async function analysed(wb: Workbench) {
  for (let i = 0; i < 200 && wb.analysis?.revision !== wb.revision; i++) await sleep(5);
  expect(wb.analysis?.revision).toBe(wb.revision);
}

describe('the history save and an edit whose audit is pending', () => {
  it('waits for the new audit and saves that one, once', async () => {
    const { db, wb, history } = setup();
    wb.loadCase(tower, 'file:tower.json');
    await analysed(wb);
    history.autosave.sync();
    expect(history.autosave.saveStatus).toBe('pending');
    // Typed before the save's wait is over: the audit of the new text is pending.
    wb.setInput('query', 'How tall is the old clock tower?');
    history.autosave.sync();
    await sleep(SAVE_MS * 4);
    expect(history.autosave.saveStatus).toBe('pending');
    expect((await listAudits(db)).total).toBe(0);
    // The new audit arrives: it is what the history gets.
    wb.rerun();
    await analysed(wb);
    history.autosave.sync();
    await history.autosave.flush();
    const page = await listAudits(db);
    expect(page.total).toBe(1);
    expect(page.rows[0]!.queryPreview).toBe('How tall is the old clock tower?');
  });

  it('still saves the waiting audit when the new inputs give no audit', async () => {
    const { db, wb, history } = setup();
    wb.loadCase(tower, 'file:tower.json');
    await analysed(wb);
    history.autosave.sync();
    wb.setInput('query', 'edited');
    history.autosave.sync();
    await sleep(SAVE_MS * 4);
    expect((await listAudits(db)).total).toBe(0);
    // Every editor emptied: no case, no report to replace the waiting one.
    wb.setInput('query', '');
    wb.setInput('answerText', '');
    wb.setInput('chunksText', '');
    wb.rerun();
    await analysed(wb);
    history.autosave.sync();
    for (let i = 0; i < 100 && history.autosave.saveStatus !== 'saved'; i++) await sleep(10);
    const page = await listAudits(db);
    expect(page.total).toBe(1);
    expect(page.rows[0]!.queryPreview).toBe(tower.query);
  });
});

describe('a history that starts after the editors are ready', () => {
  it('saves an example edited before it started as the user’s audit', async () => {
    const wb = newWorkbench();
    wb.loadCase(tower, 'example:tower');
    wb.setInput('query', 'How tall is the old clock tower?');
    await analysed(wb);
    const { db, history } = histories({ workbench: wb });
    expect(history.autosave.isPristineExample()).toBe(false);
    history.autosave.sync();
    await history.autosave.flush();
    expect((await listAudits(db)).total).toBe(1);
  });
});

describe('a save that lands after other inputs were loaded', () => {
  it('writes the audit it was for, and the loaded case is not saved over it', async () => {
    const { db, wb, history } = setup();
    wb.loadCase(tower, 'file:tower.json');
    await analysed(wb);
    history.autosave.sync();
    expect(history.autosave.saveStatus).toBe('pending');
    // An example opened before the tower's save ran; the save runs after it.
    const library: AuditCase = {
      query: 'When does the library open?',
      answer: 'The library opens at nine [1].',
      chunks: [{ id: '1', text: 'The library opens at nine every weekday.' }],
    };
    wb.loadCase(library, 'example:library');
    await analysed(wb);
    history.autosave.sync();
    await history.autosave.flush();
    expect((await listAudits(db)).rows.map((r) => r.queryPreview)).toEqual([tower.query]);
    // Editing the example is a new audit of its own: the tower's row keeps the tower.
    wb.setInput('query', 'When does the city library open?');
    wb.rerun();
    await analysed(wb);
    history.autosave.sync();
    await history.autosave.flush();
    expect((await listAudits(db)).rows.map((r) => r.queryPreview).sort()).toEqual([tower.query, 'When does the city library open?'].sort());
  });

  it('writes the last edits of saved work to its own row, not to a second one', async () => {
    const { db, wb, history } = setup();
    wb.loadCase(tower, 'file:tower.json');
    await analysed(wb);
    history.autosave.sync();
    await history.autosave.flush();
    // Edited further; the example comes before this edit's save has run.
    wb.setInput('query', 'How tall is the old clock tower?');
    wb.rerun();
    await analysed(wb);
    history.autosave.sync();
    wb.loadCase({ query: 'Q?', answer: 'A [1].', chunks: [{ id: '1', text: 'A.' }] }, 'example:short');
    await analysed(wb);
    history.autosave.sync();
    await history.autosave.flush();
    expect((await listAudits(db)).rows.map((r) => r.queryPreview)).toEqual(['How tall is the old clock tower?']);
  });
});
