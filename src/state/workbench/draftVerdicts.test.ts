// A reload keeps the model's verdicts (issue 31, item 9): the draft holds the case and the last
// report the model judged on it, within localStorage's limits, never the key.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEngine } from '../lazy';
import * as engine from '../engine/engine';
import { DRAFT_KEY, MAX_DRAFT_CHARS } from '../constants';
import type { KeyValueStore } from '../../platform/storage';
import { memoryStore } from '../../../tests/factories/memoryStore';
import type { AuditCase, ModelResults, Report } from '../../core/types';
import { ModelAudit } from '../model/model.svelte';
import { decodeDraft } from './draft';
import { Workbench } from './workbench.svelte';

const tower: AuditCase = {
  id: 'tower',
  query: 'How tall is the clock tower?',
  answer: 'The clock tower is 96 metres tall [1].',
  chunks: [{ id: '1', text: 'The clock tower rises 69 metres above the old square.' }],
};

const results: ModelResults = {
  model: 'claude-judge-test',
  judgements: [{ claim_index: 0, support: [{ chunk_id: '1', verdict: 'not_supported', supporting_phrase: '', missing_or_extra: '96 against 69', decision_basis: 'numbers differ' }], joint_verdict: 'not_supported' }],
};

beforeAll(async () => {
  await loadEngine();
});

/** A page of the app: localStorage shared by the browser, sessionStorage the tab's own. */
function page(local: KeyValueStore, session: KeyValueStore) {
  return new Workbench({ store: local, session, runner: { createWorker: null, debounceMs: 0, engine: async () => engine } });
}

/** A tab whose model judged the tower case (its verdict FAIL, by the model). */
async function judgedTab(local: KeyValueStore = memoryStore(), session: KeyValueStore = memoryStore()) {
  const wb = page(local, session);
  const model = new ModelAudit(wb, { store: memoryStore() });
  wb.loadCase(tower, 'file:tower.json');
  await model.adopt(results);
  await vi.waitFor(() => expect(wb.report?.meta.checked_by).toBe('model'));
  wb.flushDraft();
  return { wb, model, local, session };
}

const ownDraft = (local: KeyValueStore, wb: Workbench) => local.get(`${DRAFT_KEY}:${wb.tabId}`);

describe('the draft keeps the model’s verdicts', () => {
  it('a reload shows the report the model judged, not only the local audit', async () => {
    const { wb, local, session } = await judgedTab();
    const judged: Report = wb.report!;
    const reloaded = page(local, session);
    expect(reloaded.restoreStoredDraft()).toBe('this-tab');
    expect(reloaded.answerText).toBe(tower.answer);
    expect(reloaded.judged).toBe(true);
    expect(reloaded.report?.meta).toMatchObject({ checked_by: 'model', model: 'claude-judge-test' });
    expect(reloaded.report?.verdict).toBe(judged.verdict);
    expect(reloaded.report?.claims).toEqual(judged.claims);
    // Once the local audit of the restored inputs arrives, the model's report still stands.
    await vi.waitFor(() => expect(reloaded.localReport).not.toBeNull());
    expect(reloaded.report?.meta.checked_by).toBe('model');
    // An edit sets it aside, as in the tab that ran the model, and the next draft has no report.
    reloaded.setInput('query', 'How tall is the old clock tower?');
    expect(reloaded.report?.meta.checked_by).not.toBe('model');
    reloaded.flushDraft();
    expect(decodeDraft(ownDraft(local, reloaded))?.judged).toBeUndefined();
  });

  it('never stores the API key', async () => {
    const local = memoryStore();
    const wb = page(local, memoryStore());
    const model = new ModelAudit(wb, { store: local });
    // Made at run time, so that no key-shaped string sits in the repository.
    model.setApiKey(['sk', 'ant', 'never-stored-0123456789'].join('-'));
    wb.loadCase(tower, 'file:tower.json');
    await model.adopt(results);
    await vi.waitFor(() => expect(wb.report?.meta.checked_by).toBe('model'));
    wb.flushDraft();
    expect(decodeDraft(ownDraft(local, wb))?.judged).toBeDefined();
    for (const k of local.keys()) expect(local.get(k)).not.toContain('never-stored');
  });

  it('a report made under other audit settings is not shown as the verdicts of these', async () => {
    const { local, session } = await judgedTab();
    // Another tab changed the required citation style meanwhile (settings are browser-wide).
    page(local, memoryStore()).updateSettings({ requiredStyle: 'latex_cite' });
    const reloaded = page(local, session);
    expect(reloaded.restoreStoredDraft()).toBe('this-tab');
    expect(reloaded.answerText).toBe(tower.answer);
    expect(reloaded.judged).toBe(false);
  });

  it('a draft too large with its report keeps the inputs and leaves the report out', async () => {
    const { wb, local, session } = await judgedTab();
    // A report of several megabytes (the model's words about a long answer).
    wb.setModelReport({ ...wb.report!, recommendations: ['x'.repeat(MAX_DRAFT_CHARS)] });
    wb.flushDraft();
    expect(wb.draftStatus).toBe('saved');
    const stored = decodeDraft(ownDraft(local, wb));
    expect(stored?.inputs.answerText).toBe(tower.answer);
    expect(stored?.judged).toBeUndefined();
    expect(page(local, session).restoreStoredDraft()).toBe('this-tab');
  });

  it('when storage is full, the report gives way before the inputs do', async () => {
    const inner = memoryStore();
    let limit = Infinity;
    const local: KeyValueStore = {
      ...inner,
      set(k, v) {
        const used = inner.keys().reduce((n, key) => n + (key === k ? 0 : (inner.get(key)?.length ?? 0)), 0);
        return used + v.length <= limit ? inner.set(k, v) : false;
      },
    };
    const { wb } = await judgedTab(local);
    const withReport = ownDraft(local, wb)!.length;
    // Room for the inputs, not for the report beside them.
    limit = withReport - 100;
    wb.setInput('goldText', 'The tower is 69 metres tall.');
    wb.flushDraft();
    expect(wb.draftStatus).toBe('saved');
    expect(decodeDraft(ownDraft(local, wb))?.inputs.goldText).toBe('The tower is 69 metres tall.');
  });

  it('a stored report that is not a model report is dropped; the inputs still come back', async () => {
    const { wb, local, session } = await judgedTab();
    const raw = JSON.parse(ownDraft(local, wb)!) as { judged: { report: { meta: Record<string, unknown> } } };
    raw.judged.report.meta.checked_by = 'local';
    local.set(`${DRAFT_KEY}:${wb.tabId}`, JSON.stringify(raw));
    const reloaded = page(local, session);
    expect(reloaded.restoreStoredDraft()).toBe('this-tab');
    expect(reloaded.answerText).toBe(tower.answer);
    expect(reloaded.judged).toBe(false);
  });
});
