// The draft save waits for a pending audit (issue 34): encoding and writing a large draft on the
// main thread held up the markers of the keystroke that scheduled it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { DRAFT_KEY, DRAFT_SAVE_DEBOUNCE_MS } from '../constants';
import { decodeDraft } from './draft';
import * as engine from '../engine/engine';
import { loadEngine } from '../lazy';
import { Workbench } from './workbench.svelte';

beforeAll(async () => {
  await loadEngine();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A workbench whose audit finishes only when `finish` is called. */
function slowAudit() {
  let finish: () => void = () => {};
  const ready = new Promise<typeof engine>((resolve) => (finish = () => resolve(engine)));
  const local = memoryStore();
  const wb = new Workbench({ store: local, session: memoryStore(), runner: { createWorker: null, debounceMs: 0, engine: () => ready } });
  const saved = () => {
    const key = local.keys().find((k) => k.startsWith(`${DRAFT_KEY}:`));
    return key ? decodeDraft(local.get(key))?.inputs.query : undefined;
  };
  return { wb, saved, finish };
}

describe('the draft save and a pending audit', () => {
  it('waits while the audit runs, and is written once it is done', async () => {
    vi.useFakeTimers();
    const { wb, saved, finish } = slowAudit();
    wb.setInput('query', 'typed');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DEBOUNCE_MS + 50);
    expect(wb.busy).toBe(true);
    expect(saved()).toBeUndefined();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(wb.busy).toBe(false);
    expect(saved()).toBe('typed');
  });

  it('is written when the page is next idle after the audit, not in the task that delivers it', async () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      const { wb, saved, finish } = slowAudit();
      wb.setInput('query', 'typed');
      await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DEBOUNCE_MS + 50);
      finish();
      await vi.advanceTimersByTimeAsync(0);
      expect(wb.busy).toBe(false);
      expect(saved()).toBeUndefined();
      expect(idle).toHaveLength(1);
      idle[0]!();
      expect(saved()).toBe('typed');
      // A page hide with a write waiting for idle writes it at once.
      wb.setInput('query', 'typed more');
      await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DEBOUNCE_MS + 50);
      expect(idle).toHaveLength(2);
      wb.flushDraft();
      expect(saved()).toBe('typed more');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is written anyway when the audit takes longer than a few debounces', async () => {
    vi.useFakeTimers();
    const { wb, saved } = slowAudit();
    wb.setInput('query', 'typed');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DEBOUNCE_MS * 8);
    expect(wb.busy).toBe(true);
    expect(saved()).toBe('typed');
  });

  it('a page hide writes it at once, audit or not', async () => {
    vi.useFakeTimers();
    const { wb, saved } = slowAudit();
    wb.setInput('query', 'typed');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DEBOUNCE_MS + 50);
    wb.flushDraft();
    expect(saved()).toBe('typed');
  });
});
