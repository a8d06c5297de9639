import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeyValueStore } from '../../platform/storage';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { DRAFT_KEY, MAX_TAB_DRAFTS, TAB_ID_KEY, TAB_RECENT_MS, TAB_SEEN_KEY } from '../constants';
import { decodeDraft, draftSavedAt, encodeDraft, EMPTY_INPUTS } from './draft';
import * as engine from '../engine/engine';
import { loadEngine } from '../lazy';
import { TabDrafts } from './tabDrafts';
import { Workbench } from './workbench.svelte';

beforeAll(async () => {
  await loadEngine();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A tab: the browser's shared localStorage, and the tab's own sessionStorage. */
function tab(local: KeyValueStore, session: KeyValueStore = memoryStore()) {
  const wb = new Workbench({ store: local, session, runner: { createWorker: null, debounceMs: 0, engine: async () => engine } });
  return { wb, session };
}

function typeInto(wb: Workbench, query: string): void {
  wb.setInput('query', query);
  wb.flushDraft();
}

/** At the time `now`: a tab over a fresh store, with `query` typed in, and that store. */
function typedTab(now: number, query: string) {
  vi.useFakeTimers({ now });
  const local = memoryStore();
  const t = tab(local);
  typeInto(t.wb, query);
  return { local, ...t };
}

const draftKeys = (local: KeyValueStore) => local.keys().filter((k) => k.startsWith(`${DRAFT_KEY}:`));

describe('one draft per tab', () => {
  it('a reload of tab A shows tab A’s inputs, not those tab B wrote later', () => {
    const local = memoryStore();
    const a = tab(local);
    const b = tab(local);
    typeInto(a.wb, 'typed in tab A');
    typeInto(b.wb, 'typed in tab B');
    // Reload A: the same sessionStorage, a new page.
    const reloaded = tab(local, a.session).wb;
    expect(reloaded.restoreStoredDraft()).toBe('this-tab');
    expect(reloaded.query).toBe('typed in tab A');
    expect(reloaded.restoredFrom?.source).toBe('this-tab');
    const reloadedB = tab(local, b.session).wb;
    expect(reloadedB.storedDraft()?.inputs.query).toBe('typed in tab B');
  });

  it('a reload is not an edit: the reloaded tab’s draft keeps its time, so it does not become the newest', () => {
    const { local, ...a } = typedTab(1_000_000, 'tab A');
    vi.setSystemTime(2_000_000);
    typeInto(tab(local).wb, 'tab B');
    vi.setSystemTime(3_000_000);
    const reloaded = tab(local, a.session).wb;
    reloaded.restoreStoredDraft();
    reloaded.flushDraft();
    expect(draftSavedAt(local.get(`${DRAFT_KEY}:${reloaded.tabId}`)!)).toBe(1_000_000);
    expect(tab(local).wb.storedDraft()?.inputs.query).toBe('tab B');
    // An edit after the reload is a new save time.
    typeInto(reloaded, 'tab A, edited');
    expect(draftSavedAt(local.get(`${DRAFT_KEY}:${reloaded.tabId}`)!)).toBe(3_000_000);
  });

  it('a fresh tab starts from the newest draft of any tab and knows it was another tab’s', () => {
    const { local } = typedTab(1_000_000, 'older, tab A');
    vi.setSystemTime(2_000_000);
    const b = tab(local);
    typeInto(b.wb, 'newer, tab B');
    vi.setSystemTime(3_000_000);
    // Tab B is still open: its timer says so.
    b.wb.touchTab();
    const fresh = tab(local).wb;
    expect(fresh.hasOwnDraft()).toBe(false);
    expect(fresh.restoreStoredDraft()).toBe('other-tab');
    expect(fresh.query).toBe('newer, tab B');
    expect(fresh.restoredFrom).toEqual({ source: 'other-tab', savedAt: 2_000_000 });
    // From its first save on, it keeps a draft of its own; B's is untouched.
    fresh.setInput('query', 'edited in the fresh tab');
    fresh.flushDraft();
    expect(fresh.hasOwnDraft()).toBe(true);
    expect(tab(local, b.session).wb.storedDraft()?.inputs.query).toBe('newer, tab B');
    fresh.dismissRestoredFrom();
    expect(fresh.restoredFrom).toBeNull();
  });

  it('a draft stored under the single key of earlier versions is restored, then moved to the tab’s key', () => {
    // Exactly the payload earlier versions wrote (no `at`, no `tab`).
    const old = JSON.stringify({
      v: 1,
      inputs: { ...EMPTY_INPUTS, query: 'from the old version', answerText: 'Kept [1].' },
      attached: { origin: 'paste' },
      savedAt: '2026-01-02T03:04:05.000Z',
    });
    const local = memoryStore({ [DRAFT_KEY]: old });
    const t = tab(local).wb;
    expect(t.restoreStoredDraft()).toBe('single-key');
    expect(t.restoredFrom?.savedAt).toBe(Date.parse('2026-01-02T03:04:05.000Z'));
    expect(t.answerText).toBe('Kept [1].');
    t.flushDraft();
    expect(local.get(DRAFT_KEY)).toBeNull();
    expect(decodeDraft(local.get(`${DRAFT_KEY}:${t.tabId}`))?.inputs.query).toBe('from the old version');
  });

  it(`keeps at most ${MAX_TAB_DRAFTS} drafts, dropping the oldest`, () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const local = memoryStore();
    const tabs = [];
    for (let i = 0; i < MAX_TAB_DRAFTS + 4; i++) {
      vi.setSystemTime(1_000_000 + i * 1000);
      const t = tab(local);
      typeInto(t.wb, `tab ${i}`);
      tabs.push(t.wb);
    }
    const kept = draftKeys(local);
    expect(kept).toHaveLength(MAX_TAB_DRAFTS);
    const queries = kept.map((k) => decodeDraft(local.get(k))!.inputs.query).sort();
    const newest = tabs.slice(-MAX_TAB_DRAFTS).map((_, i) => `tab ${i + 4}`).sort();
    expect(queries).toEqual(newest);
    // An old tab that saves again is kept (its own draft is never the one pruned).
    vi.setSystemTime(9_000_000);
    typeInto(tabs[0]!, 'tab 0 again');
    expect(draftKeys(local)).toHaveLength(MAX_TAB_DRAFTS);
    expect(decodeDraft(local.get(`${DRAFT_KEY}:${tabs[0]!.tabId}`))?.inputs.query).toBe('tab 0 again');
  });

  it('when storage is full, the oldest drafts of other tabs make room for this tab’s', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const inner = memoryStore();
    // A storage of 3,000 characters in all.
    const local: KeyValueStore = {
      ...inner,
      set(k, v) {
        const used = inner.keys().reduce((n, key) => n + (key === k ? 0 : (inner.get(key)?.length ?? 0)), 0);
        return used + v.length <= 3000 ? inner.set(k, v) : false;
      },
    };
    const a = tab(local);
    typeInto(a.wb, 'a'.repeat(900));
    vi.setSystemTime(2_000_000);
    const b = tab(local);
    typeInto(b.wb, 'b'.repeat(900));
    vi.setSystemTime(3_000_000);
    const c = tab(local);
    typeInto(c.wb, 'c'.repeat(1200));
    expect(c.wb.draftStatus).toBe('saved');
    // A's (the oldest) gave way; B's stays.
    expect(local.get(`${DRAFT_KEY}:${a.wb.tabId}`)).toBeNull();
    expect(decodeDraft(local.get(`${DRAFT_KEY}:${b.wb.tabId}`))?.inputs.query).toBe('b'.repeat(900));
  });

  it('a duplicated tab (same sessionStorage) moves to a key of its own when told', () => {
    const local = memoryStore();
    const original = tab(local);
    typeInto(original.wb, 'original');
    // A duplicate starts with a copy of the original's sessionStorage.
    const copy = tab(local, memoryStore({ [TAB_ID_KEY]: original.session.get(TAB_ID_KEY)! })).wb;
    expect(copy.tabId).toBe(original.wb.tabId);
    copy.restoreStoredDraft();
    copy.renewTabId();
    expect(copy.tabId).not.toBe(original.wb.tabId);
    typeInto(copy, 'the copy');
    expect(tab(local, original.session).wb.storedDraft()?.inputs.query).toBe('original');
  });
});

describe('draftSavedAt', () => {
  it('reads the time from the payload’s start, or from the ISO time of earlier payloads', () => {
    const d = { inputs: EMPTY_INPUTS, attached: {} };
    expect(draftSavedAt(encodeDraft(d, { at: 1234, tab: 'x' }))).toBe(1234);
    expect(draftSavedAt(JSON.stringify({ v: 1, inputs: EMPTY_INPUTS, attached: {}, savedAt: '2026-01-01T00:00:00.000Z' }))).toBe(Date.parse('2026-01-01T00:00:00.000Z'));
    expect(draftSavedAt('not json')).toBeNull();
  });

  it('an unreadable draft of another tab is skipped, not restored', () => {
    const local = memoryStore({ [`${DRAFT_KEY}:other`]: '{"v":1,"at":99,"inputs":' });
    expect(new TabDrafts(local, memoryStore()).restorable()).toBeNull();
  });
});

describe('when a fresh tab says the draft was another tab’s (issue 31)', () => {
  const T0 = 1_000_000_000;

  it('a browser reopened with no other tab starts from its last draft without a word', () => {
    const { local, wb: last } = typedTab(T0, 'typed before the browser closed');
    // The tab is closed (pagehide flushes and stamps it), and the browser with it.
    last.flushDraft();
    vi.setSystemTime(T0 + TAB_RECENT_MS + 60_000);
    const reopened = tab(local).wb;
    expect(reopened.restoreStoredDraft()).toBe('earlier-session');
    expect(reopened.query).toBe('typed before the browser closed');
    expect(reopened.restoredFrom?.source).toBe('earlier-session');
  });

  it('a tab that is open says so on its timer, however old its draft', () => {
    const { local, wb: open } = typedTab(T0, 'typed an hour ago, tab still open');
    vi.setSystemTime(T0 + 3_600_000);
    open.touchTab();
    vi.setSystemTime(T0 + 3_600_000 + 20_000);
    const fresh = tab(local).wb;
    expect(fresh.restoreStoredDraft()).toBe('other-tab');
    expect(fresh.restoredFrom).toEqual({ source: 'other-tab', savedAt: T0 });
  });

  it('a tab closed a moment ago still counts as another tab', () => {
    const { local, wb: closed } = typedTab(T0, 'typed, then the tab was closed');
    vi.setSystemTime(T0 + 30_000);
    closed.flushDraft();
    vi.setSystemTime(T0 + 30_000 + TAB_RECENT_MS - 1_000);
    expect(tab(local).wb.restoreStoredDraft()).toBe('other-tab');
  });

  it('a draft whose tab never said it was open (an earlier version wrote it) is not announced', () => {
    vi.useFakeTimers({ now: T0 });
    const payload = encodeDraft({ inputs: { ...EMPTY_INPUTS, query: 'from before the stamps' }, attached: {} }, { at: T0 - 1000, tab: 'old-tab' });
    const local = memoryStore({ [`${DRAFT_KEY}:old-tab`]: payload });
    const fresh = tab(local).wb;
    expect(fresh.restoreStoredDraft()).toBe('earlier-session');
    expect(fresh.query).toBe('from before the stamps');
  });

  it('drops the stamps of tabs that left no draft once they are old, and with a dropped draft', () => {
    vi.useFakeTimers({ now: T0 });
    const local = memoryStore({ [`${TAB_SEEN_KEY}:gone`]: String(T0 - TAB_RECENT_MS - 1), [`${TAB_SEEN_KEY}:recent`]: String(T0 - 1000) });
    typeInto(tab(local).wb, 'anything');
    expect(local.get(`${TAB_SEEN_KEY}:gone`)).toBeNull();
    expect(local.get(`${TAB_SEEN_KEY}:recent`)).not.toBeNull();
  });
});
