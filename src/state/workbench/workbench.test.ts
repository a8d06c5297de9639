import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEngine } from '../lazy';
import { DRAFT_KEY, SETTINGS_KEY } from '../constants';
import { decodeDraft } from './draft';
import * as engine from '../engine/engine';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { caseToDraft, Workbench } from './workbench.svelte';
import type { AuditCase, ModelResults } from '../../core/types';
import { ModelAudit } from '../model/model.svelte';

const caseA: AuditCase = {
  id: 'a',
  query: 'Where is Paris?',
  answer: 'Paris is in France [1].',
  chunks: [{ id: '1', text: 'Paris is the capital of France.' }],
  notes: 'kept',
};
const caseB: AuditCase = { query: 'Q', answer: 'B [1].', chunks: [{ id: '1', text: 'B.' }], structured_citations: { answer: 'B [1].', citations: [1] } };

function bench(store = memoryStore()) {
  return { store, wb: new Workbench({ store, runner: { createWorker: null, debounceMs: 0, engine: async () => engine } }) };
}

// toCase() and auditCase compute with the engine the page loads at start-up.
beforeAll(async () => {
  await loadEngine();
});

describe('Workbench', () => {
  it('round-trips a case through the editors, keeping extra fields and structured citations', async () => {
    const { wb } = bench();
    wb.loadCase(caseB, 'test');
    expect(wb.answerText).toBe('B [1].');
    expect(JSON.parse(wb.chunksText)).toEqual(caseB.chunks);
    await vi.waitFor(() => expect(wb.localReport).not.toBeNull());
    expect(wb.toCase()).toMatchObject({ query: 'Q', answer: 'B [1].', structured_citations: caseB.structured_citations });
    wb.loadCase(caseA, 'test');
    await vi.waitFor(() => expect(wb.analysis?.inputs.answerText).toBe(caseA.answer));
    expect(wb.toCase()).toMatchObject({ id: 'a', notes: 'kept' });
    expect(wb.toCase()?.structured_citations).toBeUndefined();
  });

  it('makes replacing a different draft undoable, and loading into an empty one not', () => {
    const { wb } = bench();
    wb.loadCase(caseA, 'example:a');
    expect(wb.undoEntry).toBeNull();
    wb.setInput('query', 'my own question');
    wb.loadCase(caseB, 'file:b.json');
    expect(wb.undoEntry?.origin).toBe('file:b.json');
    expect(wb.undo()).toBe(true);
    expect(wb.query).toBe('my own question');
    expect(wb.answerText).toBe(caseA.answer);
    expect(wb.undoEntry).toBeNull();
  });

  it('steps through a dataset without undo entries unless the user edited the case', () => {
    const { wb } = bench();
    wb.loadCase(caseA, 'dataset:x#1', { undo: 'if-edited' });
    wb.loadCase(caseB, 'dataset:x#2', { undo: 'if-edited' });
    expect(wb.undoEntry).toBeNull();
    wb.setInput('answerText', 'edited');
    wb.loadCase(caseA, 'dataset:x#1', { undo: 'if-edited' });
    expect(wb.undoEntry).not.toBeNull();
  });

  it('saves the draft (debounced, or at once on flush) and a new workbench restores it', async () => {
    vi.useFakeTimers();
    try {
      const { wb, store } = bench();
      wb.loadCase(caseA, 'example:a');
      wb.setInput('goldText', 'Paris is in France.');
      // Each tab has its draft key (tabDrafts.ts): the draft is under this tab's.
      const key = `${DRAFT_KEY}:${wb.tabId}`;
      expect(decodeDraft(store.get(key))).toBeNull();
      // Async: the draft waits for the pending audit (draftWait.test.ts), whose reply is a promise.
      await vi.advanceTimersByTimeAsync(1000);
      expect(decodeDraft(store.get(key))?.inputs.goldText).toBe('Paris is in France.');
      wb.setInput('query', 'changed');
      wb.flushDraft();
      const again = bench(store).wb;
      const draft = again.storedDraft();
      expect(draft?.inputs.query).toBe('changed');
      again.restoreDraft(draft!);
      expect(again.goldText).toBe('Paris is in France.');
      expect(again.attached.caseId).toBe('a');
    } finally {
      vi.useRealTimers();
    }
  });

  it('persists settings and ignores unreadable stored ones', () => {
    const store = memoryStore({ [SETTINGS_KEY]: '{"requiredStyle":"nonsense","uiLanguage":"cs"}' });
    const { wb } = bench(store);
    // Settings stored before the citation scope existed read as 'sentence', today's behaviour.
    expect(wb.settings).toEqual({ requiredStyle: 'auto', language: 'auto', uiLanguage: 'cs', citationScope: 'sentence' });
    wb.updateSettings({ requiredStyle: 'latex_cite' });
    expect(JSON.parse(store.get(SETTINGS_KEY)!).requiredStyle).toBe('latex_cite');
    wb.updateSettings({ citationScope: 'paragraph' });
    expect(JSON.parse(store.get(SETTINGS_KEY)!).citationScope).toBe('paragraph');
  });

  // The browser test of the citation scope (tests/e2e/workbench.spec.ts) shows the Settings
  // dialog's choice re-auditing and surviving a reload; what the choice computes, and that it is
  // read back from storage, are proven here.
  it('audits again when the citation scope changes, and a new workbench over the same storage keeps it', async () => {
    const brno: AuditCase = {
      query: 'Tell me about Brno.',
      answer: 'Brno is the second largest Czech city. It is the seat of the Constitutional Court [1].',
      chunks: [{ id: '1', text: 'Brno, the second largest Czech city, is the seat of the Constitutional Court.' }],
    };
    const { wb, store } = bench();
    wb.loadCase(brno, 'test');
    await vi.waitFor(() => expect(wb.localReport?.dimensions.complete.status).toBe('FAIL'));
    expect(wb.localReport!.dimensions.complete.issues.join(' ')).toContain('Brno is the second largest Czech city.');
    wb.updateSettings({ citationScope: 'paragraph' });
    await vi.waitFor(() => expect(wb.localReport?.dimensions.complete.status).toBe('PASS'));

    const again = bench(store).wb;
    expect(again.settings.citationScope).toBe('paragraph');
    again.loadCase(brno, 'test');
    await vi.waitFor(() => expect(again.localReport?.dimensions.complete.status).toBe('PASS'));
  });

  it('shows a model report only for the revision it judged', async () => {
    const { wb } = bench();
    wb.loadCase(caseA, 'x');
    await vi.waitFor(() => expect(wb.localReport).not.toBeNull());
    const judged = wb.revision;
    const model = { ...wb.localReport!, meta: { ...wb.localReport!.meta, checked_by: 'model' as const } };
    wb.setModelReport(model, judged);
    expect(wb.report?.meta.checked_by).toBe('model');
    wb.setInput('query', 'edited while the model ran');
    expect(wb.report?.meta.checked_by).toBe('local');
    wb.setModelReport(model, judged);
    expect(wb.report?.meta.checked_by).toBe('local');
  });

  it('opens a case with model results judged elsewhere: the report is the model\u2019s, not the local one', async () => {
    const { wb } = bench();
    const model = new ModelAudit(wb, { store: memoryStore() });
    wb.loadCase(caseA, 'dataset:d.jsonl#1');
    const results: ModelResults = {
      model: 'claude-sonnet-5-5',
      judgements: [{ claim_index: 0, support: [{ chunk_id: '1', verdict: 'not_supported', supporting_phrase: '', missing_or_extra: 'x', decision_basis: 'b' }], joint_verdict: 'not_supported' }],
    };
    await model.adopt(results);
    await vi.waitFor(() => expect(wb.report?.meta.checked_by).toBe('model'));
    expect(wb.report?.verdict).toBe('FAIL');
    expect(model.results).toBe(results);
    // Another case drops them.
    wb.loadCase(caseB, 'dataset:d.jsonl#2');
    expect(model.results).toBeNull();
    await vi.waitFor(() => expect(wb.localReport?.meta.checked_by).toBe('local'));
    expect(wb.report?.meta.checked_by).toBe('local');
  });

  it('turns a case into editor texts', () => {
    const d = caseToDraft(caseA, 'o');
    expect(d.inputs.answerText).toBe(caseA.answer);
    expect(d.attached).toMatchObject({ origin: 'o', caseId: 'a', extras: { notes: 'kept' } });
  });
});

describe('a Chunks editor that stops parsing', () => {
  it('keeps the last good parse to show, while the audit leaves EXISTS and ACCURATE unchecked', async () => {
    const { wb } = bench();
    wb.loadCase(caseA, 'test');
    await vi.waitFor(() => expect(wb.localReport?.dimensions.exists.status).toBe('PASS'));
    expect(wb.lastGoodChunks).toBeNull();
    wb.setInput('chunksText', wb.chunksText.replace('[', '[{ "id": "9", "text": broken },'));
    await vi.waitFor(() => expect(wb.localReport?.dimensions.exists.status).toBe('NOT_CHECKED'));
    expect(wb.lastGoodChunks?.chunks.map((c) => c.id)).toEqual(['1']);
    expect(wb.localReport?.meta.unreadable?.[0]?.input).toBe('chunks');
    // What the user typed is kept as typed.
    expect(wb.chunksText).toContain('broken');
  });
});
