import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreCase } from '../../core/parse/case';
import type { AuditCase, ModelResults } from '../../core/types';
import { AppDb } from '../../store/db';
import { listAudits, saveAudit } from '../../store/history';
import { makeSave } from '../../../tests/factories/audits';
import { useHistories } from '../../../tests/factories/history';
import { loadEngine } from '../lazy';
import { History, sameRows } from './history.svelte';
import { Share, type PageLocation } from '../share/share.svelte';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { useFreshDbs } from '../../../tests/factories/db';
import { Workbench, caseToDraft } from '../workbench/workbench.svelte';

// Restored like every case the app loads (so chunk keys are in the schema's order).
const caseA: AuditCase = restoreCase({
  id: 'tower-a',
  query: 'How tall is the clock tower?',
  answer: 'The clock tower is 96 metres tall [1].',
  chunks: [{ id: '1', title: 'Clock tower', text: 'The clock tower rises 96 metres above the old square.' }],
}).value!;
const caseB: AuditCase = {
  query: 'Where do herons nest?',
  answer: 'Herons nest in tall trees near water [1].',
  chunks: [{ id: '1', text: 'Grey herons build nests high in trees close to lakes and rivers.' }],
};

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

beforeAll(async () => {
  await loadEngine();
});

const setup = useHistories('state');
const freshDb = useFreshDbs('same');

/** Waits until the workbench's analysis is current, lets the history see it (the page's effect
 *  does this on every change) and write it. */
async function settle(wb: Workbench, history: History) {
  await vi.waitFor(() => expect(wb.analysis?.revision).toBe(wb.revision));
  history.autosave.sync();
  await history.autosave.flush();
}

describe('History auto-save', () => {
  it('saves an audit, updates the same row while it is edited, and starts a new row for another case', async () => {
    const { db, wb, history } = setup();
    wb.loadCase(caseA, 'file:a.json');
    await settle(wb, history);
    let page = await listAudits(db);
    expect(page.total).toBe(1);
    const id = page.rows[0]!.id;
    expect(history.autosave.currentId).toBe(id);

    wb.setInput('query', 'How tall is the old clock tower?');
    await settle(wb, history);
    page = await listAudits(db);
    expect(page.total).toBe(1);
    expect(page.rows[0]!.queryPreview).toBe('How tall is the old clock tower?');

    wb.loadCase(caseB, 'file:b.json');
    await settle(wb, history);
    page = await listAudits(db);
    expect(page.total).toBe(2);
    expect(history.autosave.currentId).not.toBe(id);

    // Undo brings the first audit back: its edits go on to its own row, not to a copy of it,
    // even when they come before the audit brought back was saved again (found as its twin).
    expect(wb.undo()).toBe(true);
    wb.setInput('query', 'How tall is the clock tower, really?');
    await settle(wb, history);
    page = await listAudits(db);
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.queryPreview)).toContain('How tall is the clock tower, really?');
  });

  it('saves when the page is idle, not straight from the timer', async () => {
    const pending: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => pending.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      const { db, wb, history } = setup();
      wb.loadCase(caseA, 'file:a.json');
      await vi.waitFor(() => expect(wb.analysis?.revision).toBe(wb.revision));
      history.autosave.sync();
      await vi.waitFor(() => expect(pending).toHaveLength(1));
      expect((await listAudits(db)).total).toBe(0);
      pending[0]!();
      await vi.waitFor(async () => expect((await listAudits(db)).total).toBe(1));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not save a built-in example nobody touched', async () => {
    const { db, wb, history } = setup();
    const fresh = new History(wb, { db, debounceMs: 0, store: memoryStore() });
    wb.loadCase(caseA, 'example:tower');
    // A history started after the example was loaded sees it as pristine.
    const stop = fresh.start();
    cleanups.push(async () => {
      await fresh.ready;
      stop();
    });
    await settle(wb, fresh);
    expect(fresh.autosave.isPristineExample()).toBe(true);
    expect((await listAudits(db)).total).toBe(0);
    wb.setInput('query', 'Edited question');
    await settle(wb, fresh);
    expect((await listAudits(db)).total).toBe(1);
    void history;
  });

  it('reopens a stored audit into the workbench and keeps saving to that row', async () => {
    const { db, wb, history } = setup();
    wb.updateSettings({ citationScope: 'paragraph' });
    wb.loadCase(caseA, 'file:a.json');
    await settle(wb, history);
    const id = (await listAudits(db)).rows[0]!.id;
    expect((await db.bodies.get(id))?.settings.citationScope).toBe('paragraph');
    wb.updateSettings({ citationScope: 'sentence' });
    wb.loadCase(caseB, 'file:b.json');
    await settle(wb, history);
    expect(await history.reopen(id)).toBe(true);
    expect(wb.query).toBe(caseA.query);
    // The audit comes back with the scope it was made with.
    expect(wb.settings.citationScope).toBe('paragraph');
    expect(history.autosave.currentId).toBe(id);
    wb.setInput('answerText', 'The clock tower is 96 metres high [1].');
    await settle(wb, history);
    expect((await listAudits(db)).total).toBe(2);
    expect((await db.bodies.get(id))?.case.answer).toBe('The clock tower is 96 metres high [1].');
  });

  it('keeps the model\u2019s verdicts over a change of interface language and never overwrites them with a local audit', async () => {
    const { db, wb, history } = setup();
    wb.updateSettings({ uiLanguage: 'en' });
    wb.loadCase(caseA, 'file:a.json');
    await vi.waitFor(() => expect(wb.analysis?.revision).toBe(wb.revision));
    const local = wb.localReport!;
    const judged = { ...local, verdict: 'FAIL' as const, meta: { ...local.meta, checked_by: 'model' as const } };
    wb.setModelReport(judged, wb.revision);
    await settle(wb, history);
    const id = (await listAudits(db)).rows[0]!.id;
    expect((await db.audits.get(id))?.checkedBy).toBe('model');

    // The interface language re-words the report on screen; it does not audit again.
    const revision = wb.revision;
    expect(wb.dropsVerdicts({ uiLanguage: 'cs' })).toBe(false);
    wb.updateSettings({ uiLanguage: 'cs' });
    expect(wb.revision).toBe(revision);
    expect(wb.report).toBe(judged);
    await settle(wb, history);
    expect((await listAudits(db)).total).toBe(1);
    expect((await db.audits.get(id))?.checkedBy).toBe('model');

    // The feedback language audits again: the page asks, and the judged row stays as it was.
    expect(wb.dropsVerdicts({ language: 'cs' })).toBe(true);
    wb.updateSettings({ language: 'cs' });
    expect(wb.report?.meta.checked_by).toBe('local');
    await settle(wb, history);
    const rows = (await listAudits(db)).rows;
    expect(rows).toHaveLength(2);
    expect((await db.audits.get(id))?.checkedBy).toBe('model');
    expect(history.autosave.currentId).not.toBe(id);
  });

  it('keeps the audit in memory and offers it in the backup when the disk is full', async () => {
    const { db, wb, history } = setup();
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const put = vi.spyOn(db.bodies, 'put').mockRejectedValue(quota);
    wb.loadCase(caseA, 'file:a.json');
    await settle(wb, history);
    expect(history.autosave.saveStatus).toBe('quota');
    expect(history.autosave.hasUnsaved).toBe(true);
    expect(wb.query).toBe(caseA.query); // the draft is untouched
    put.mockRestore();
    const backup = JSON.parse((await history.exportBackup()).text) as { audits: { case: AuditCase }[] };
    expect(backup.audits.map((a) => a.case.query)).toEqual([caseA.query]);
  });

  it('deletes with undo', async () => {
    const { db, wb, history } = setup();
    wb.loadCase(caseA, 'file:a.json');
    await settle(wb, history);
    const id = (await listAudits(db)).rows[0]!.id;
    await history.remove(id);
    expect((await listAudits(db)).total).toBe(0);
    expect(history.undoEntry?.title).toBe(caseA.query);
    await history.undoRemove();
    expect((await listAudits(db)).total).toBe(1);
    expect(history.undoEntry).toBeNull();
  });

  it('says which way an imported file is not a backup as a kind the page words, not as English text', async () => {
    const { history } = setup();
    await history.ready;
    const file = (text: string) => ({ size: text.length, text: async () => text });
    await history.importBackup(file('{oops'));
    expect(history.message).toEqual({ kind: 'backup-error', problem: 'not-json' });
    await history.importBackup(file(JSON.stringify({ format: 'citation-auditor-backup', version: 999, audits: [] })));
    expect(history.message).toEqual({ kind: 'backup-error', problem: 'newer-version', version: 999 });
  });

  it('pages through the list live', async () => {
    const { db, wb, history } = setup();
    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.loaded).toBe(true));
    expect(history.list.total).toBe(0);
    wb.loadCase(caseA, 'file:a.json');
    await settle(wb, history);
    await vi.waitFor(() => expect(history.list.total).toBe(1));
    expect(history.list.rowAt(0)?.title).toBe(caseA.query);
    history.list.text = 'herons';
    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.loaded).toBe(true));
    expect(history.list.total).toBe(0);
    void db;
  });

  it('shows the first page without waiting for a timer', async () => {
    const { db, history } = setup();
    await saveAudit(db, makeSave({ case: caseA, now: 1000 }));
    await history.ready;
    // Dexie's liveQuery would start this read from setTimeout(0), i.e. after the browser painted
    // the frame that opened the panel. With timers frozen the page must still arrive.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      history.list.showRange(0, 10);
      for (let i = 0; i < 200 && !history.list.loaded; i++) await new Promise((r) => setImmediate(r));
      expect(history.list.loaded).toBe(true);
      expect(history.list.total).toBe(1);
      expect(history.list.rowAt(0)?.title).toBe(caseA.query);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows writes made through another connection (another tab)', async () => {
    const { db, history } = setup();
    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.loaded).toBe(true));
    const otherTab = new AppDb(db.name);
    cleanups.push(() => otherTab.close());
    await saveAudit(otherTab, makeSave({ case: caseB, now: 5000 }));
    await vi.waitFor(() => expect(history.list.total).toBe(1));
    expect(history.list.rowAt(0)?.title).toBe(caseB.query);
  });

  it('does not miss a write that lands while a page is being read', async () => {
    const { db, history } = setup();
    await saveAudit(db, makeSave({ case: caseA, now: 1000 }));
    await history.ready;
    history.list.text = 'tower';
    // A search reads the matching ids, then their rows, in two transactions. This write is queued
    // behind the first one and commits before the second: the read in flight misses it, so its
    // change notice (which arrives during that read) must make the page be read once more.
    history.list.showRange(0, 10);
    const other = restoreCase({ ...caseA, id: 'tower-b', query: 'Which tower is older?' }).value!;
    await saveAudit(db, makeSave({ case: other, now: 2000 }));
    await vi.waitFor(() => expect(history.list.total).toBe(2));
    expect(history.list.rowAt(0)?.title).toBe('Which tower is older?');
  });

  it('keeps the rows it shows when a re-read finds them unchanged', async () => {
    const { db, history } = setup({ pageSize: 1 });
    await saveAudit(db, makeSave({ case: caseA, now: 2000 }));
    history.list.showRange(0, 0);
    await vi.waitFor(() => expect(history.list.total).toBe(1));
    const shown = history.list.rowAt(0);
    // An older audit lands on page 1: page 0 is read again and is the same, so it is kept as is
    // (the panel does not render its rows again).
    await saveAudit(db, makeSave({ case: caseB, now: 1000 }));
    await vi.waitFor(() => expect(history.list.total).toBe(2));
    expect(history.list.rowAt(0)).toBe(shown);
  });
});

describe('History list after the panel closes', () => {
  it('stops following writes until the rows are shown again', async () => {
    const { db, history } = setup();
    await saveAudit(db, makeSave({ case: caseA, now: 1000 }));
    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.total).toBe(1));
    history.list.release();
    await saveAudit(db, makeSave({ case: caseB, now: 2000 }));
    // Nothing is watched: the write's change notice reads nothing (a read would take a few ms).
    await new Promise((r) => setTimeout(r, 150));
    expect(history.list.total).toBe(1);
    expect(history.list.rowAt(0)?.title).toBe(caseA.query);
    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.total).toBe(2));
    expect(history.list.rowAt(0)?.title).toBe(caseB.query);
  });
});

describe('History list across a filter change', () => {
  it('keeps the previous rows until the new filter answers, then shows only the new ones', async () => {
    const { db, history } = setup();
    await saveAudit(db, makeSave({ case: caseA, now: 1000 }));
    await saveAudit(db, makeSave({ case: caseB, now: 2000 }));
    await history.ready;
    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.total).toBe(2));
    const before = history.list.rowAt(0);
    expect(before?.title).toBe(caseB.query);
    history.list.text = 'tower';
    history.list.showRange(0, 10);
    // Not answered yet: the rows shown are still there (no placeholders), marked as not loaded.
    expect(history.list.loaded).toBe(false);
    expect(history.list.rowAt(0)).toBe(before);
    await vi.waitFor(() => expect(history.list.loaded).toBe(true));
    expect(history.list.total).toBe(1);
    expect(history.list.rowAt(0)?.title).toBe(caseA.query);
    expect(history.list.rowAt(1)).toBeUndefined();
  });
});

describe('sameRows', () => {
  it('is true for equal rows read twice and false when a shown field or the content changed', async () => {
    const db = freshDb();
    await saveAudit(db, makeSave({ case: caseA, now: 1000 }));
    await saveAudit(db, makeSave({ case: caseB, now: 2000 }));
    const a = (await listAudits(db)).rows;
    const b = (await listAudits(db)).rows;
    expect(a[0]).not.toBe(b[0]);
    expect(sameRows(a, b)).toBe(true);
    expect(sameRows(a, b.slice(1))).toBe(false);
    expect(sameRows(a, [b[1]!, b[0]!])).toBe(false);
    expect(sameRows(a, [{ ...b[0]!, title: 'Renamed' }, b[1]!])).toBe(false);
    expect(sameRows(a, [{ ...b[0]!, updated: 3000 }, b[1]!])).toBe(false);
    expect(sameRows(a, [{ ...b[0]!, hash: 'other' }, b[1]!])).toBe(false);
  });
});

function stubLocation(hash = ''): PageLocation & { cleared: number; hash: string } {
  return {
    href: `https://auditor.example/app/${hash}`,
    hash,
    cleared: 0,
    clearHash() {
      this.cleared++;
      this.hash = '';
    },
  };
}

const model: ModelResults = {
  model: 'claude-test',
  judgements: [
    {
      claim_index: 0,
      support: [
        { chunk_id: '1', verdict: 'fully_supported', supporting_phrase: 'rises 96 metres', missing_or_extra: '', decision_basis: 'The chunk gives the height.' },
      ],
      joint_verdict: 'fully_supported',
    },
  ],
  summary: 'The claim is supported.',
  recommendations: [],
  usage: { input_tokens: 10, output_tokens: 5, requests: 1 },
};

describe('Share', () => {
  async function makeLink(c: AuditCase, results: ModelResults | null = null) {
    const { wb, history } = setup({ model: { results } });
    wb.updateSettings({ requiredStyle: 'bracket_number', citationScope: 'paragraph' });
    wb.loadCase(c, 'file:x.json');
    await vi.waitFor(() => expect(wb.analysis?.revision).toBe(wb.revision));
    const share = new Share(wb, { history, model: { results }, location: stubLocation() });
    await share.openDialog();
    return { wb, share, link: share.link! };
  }

  it('opens a link in a fresh workbench with identical inputs, settings and report', async () => {
    const sender = await makeLink(caseA);
    expect(sender.link.url).toMatch(/^https:\/\/auditor\.example\/app\/#a=[A-Za-z0-9_-]+$/);
    expect(sender.link.long).toBe(false);

    const { wb, history } = setup();
    const loc = stubLocation(sender.link.url.slice(sender.link.url.indexOf('#')));
    const receiver = new Share(wb, { history, location: loc });
    await receiver.openFromHash(loc.hash);
    expect(receiver.incoming).toBeNull();
    expect(wb.inputs).toEqual(sender.wb.inputs);
    expect(wb.settings.requiredStyle).toBe('bracket_number');
    expect(wb.settings.citationScope).toBe('paragraph');
    await vi.waitFor(() => expect(wb.analysis?.revision).toBe(wb.revision));
    expect(wb.report?.verdict).toBe(sender.wb.report?.verdict);
    expect(wb.report?.meta.citation_scope).toBe('paragraph');
    expect(wb.report?.findings).toEqual(sender.wb.report?.findings);
    expect(loc.cleared).toBe(1);
    // The opened audit goes into history.
    await settle(wb, history);
    expect(history.autosave.currentId).not.toBeNull();
  });

  it('carries the model results: the receiver recomputes the same model report', async () => {
    const sender = await makeLink(caseA, model);
    // The sender's report as the model state would have made it.
    const { wb, history } = setup();
    const receiver = new Share(wb, { history, location: stubLocation() });
    await receiver.openFromHash(sender.link.url.slice(sender.link.url.indexOf('#')));
    expect(wb.report?.meta.checked_by).toBe('model');
    expect(wb.report?.meta.model).toBe('claude-test');
    expect(wb.report?.claims[0]?.support?.[0]?.verdict).toBe('fully_supported');
    expect(sender.link.carries.model).toBe(true);
    // Token use stays with the sender.
    expect(receiver.incoming).toBeNull();
  });

  it('asks before replacing different local work, and changes nothing when the user keeps it', async () => {
    const sender = await makeLink(caseA);
    const { wb, history } = setup();
    wb.loadCase(caseB, 'file:mine.json');
    const before = wb.inputs;
    const loc = stubLocation(sender.link.url.slice(sender.link.url.indexOf('#')));
    const receiver = new Share(wb, { history, location: loc });
    await receiver.openFromHash(loc.hash);
    expect(receiver.incoming?.kind).toBe('confirm');
    expect(wb.inputs).toEqual(before);
    receiver.dismissIncoming();
    expect(wb.inputs).toEqual(before);
    expect(loc.cleared).toBe(1);

    await receiver.openFromHash(sender.link.url.slice(sender.link.url.indexOf('#')));
    await receiver.confirmIncoming();
    expect(wb.query).toBe(caseA.query);
    expect(wb.undo()).toBe(true); // the replaced work comes back with Undo
    expect(wb.inputs).toEqual(before);
  });

  it('a new tab asks too: a restored draft that edited an example is the user\u2019s work; an untouched example is not', async () => {
    const sender = await makeLink(caseA);
    const hash = sender.link.url.slice(sender.link.url.indexOf('#'));
    for (const edited of [true, false]) {
      // The new tab: the draft is restored before the history starts and the link is read.
      const d = caseToDraft(caseB, 'example:b');
      if (edited) d.inputs = { ...d.inputs, answerText: `${d.inputs.answerText} My own sentence.` };
      const { wb, history } = setup({ beforeStart: (w) => w.restoreDraft(d) });
      const before = wb.inputs;
      const receiver = new Share(wb, { history, location: stubLocation(hash), exampleCase: async (id) => (id === 'b' ? caseB : null) });
      await receiver.openFromHash(hash);
      if (edited) {
        expect(receiver.incoming?.kind).toBe('confirm');
        expect(wb.inputs).toEqual(before);
      } else {
        expect(receiver.incoming).toBeNull();
        expect(wb.query).toBe(caseA.query);
      }
    }
  });

  it('shows a clear error for a damaged link and changes nothing else', async () => {
    const sender = await makeLink(caseA);
    const { wb, history } = setup();
    wb.loadCase(caseB, 'file:mine.json');
    const before = { inputs: wb.inputs, settings: wb.settings };
    const receiver = new Share(wb, { history, location: stubLocation() });
    const hash = sender.link.url.slice(sender.link.url.indexOf('#'));
    for (const bad of [hash.slice(0, -5), hash.slice(0, 20) + (hash[20] === 'A' ? 'B' : 'A') + hash.slice(21), '#a=%%%garbage', '#a=']) {
      await receiver.openFromHash(bad);
      expect(receiver.incoming?.kind).toBe('error');
      if (receiver.incoming?.kind === 'error') expect(receiver.incoming.error.message).toMatch(/link/i);
      receiver.dismissIncoming();
      expect({ inputs: wb.inputs, settings: wb.settings }).toEqual(before);
    }
    // A fragment without a link parameter is not a link at all.
    await receiver.openFromHash('#report');
    expect(receiver.incoming).toBeNull();
  });

  it('never puts an API key into a link', async () => {
    const key = `sk-ant-${'api03-0123456789abcdefghijklmnop'}`;
    const sender = await makeLink({ ...caseA, answer: `${caseA.answer} ${key}` }, { ...model, model: 'claude-test' });
    const payload = sender.link.url.split('#a=')[1]!;
    const { decodePayload } = await import('../../share/codec');
    expect(JSON.stringify(decodePayload(payload))).not.toContain(key);
  });

  it('leaves extra case fields out unless asked, and offers the case file', async () => {
    const sender = await makeLink({ ...caseA, notes: 'x'.repeat(400) });
    expect(sender.link.extrasAvailable).toBe(true);
    expect(sender.link.carries.extras).toBe(false);
    const short = sender.link.chars;
    sender.share.includeExtras = true;
    await sender.share.refresh();
    expect(sender.share.link!.carries.extras).toBe(true);
    expect(sender.share.link!.chars).toBeGreaterThan(short);
    expect(JSON.parse(sender.share.caseFile()!.text).notes).toHaveLength(400);
  });
});
