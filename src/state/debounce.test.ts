import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Debouncer } from './debounce';

describe('Debouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // What the run saw: the value the caller had set when it ran.
  function setUp(ms = 100) {
    let value = 0;
    const seen: number[] = [];
    const d = new Debouncer(() => seen.push(value), ms);
    const call = (v: number) => {
      value = v;
      d.schedule();
    };
    return { d, seen, call };
  }

  it('runs once, `ms` after the last of a burst of calls, with the last value', () => {
    const { d, seen, call } = setUp();
    call(1);
    vi.advanceTimersByTime(60);
    call(2);
    vi.advanceTimersByTime(60);
    call(3);
    // 120 ms after the first call and 60 after the second: still waiting for the calls to rest.
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([3]);
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([3]);
  });

  it('runs again for a call after a run', () => {
    const { seen, call } = setUp();
    call(1);
    vi.advanceTimersByTime(100);
    call(2);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 2]);
  });

  it('flush runs a waiting call at once and only once; with nothing waiting it runs nothing', () => {
    const { d, seen, call } = setUp();
    expect(d.flush()).toBe(false);
    expect(seen).toEqual([]);
    call(1);
    vi.advanceTimersByTime(50);
    call(2);
    expect(d.flush()).toBe(true);
    expect(seen).toEqual([2]);
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(d.flush()).toBe(false);
    expect(seen).toEqual([2]);
  });

  it('cancel drops a waiting call and says whether there was one', () => {
    const { d, seen, call } = setUp();
    expect(d.cancel()).toBe(false);
    call(1);
    expect(d.cancel()).toBe(true);
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
    expect(d.cancel()).toBe(false);
  });

  it('is not fooled by a run that schedules again (the new wait stands)', () => {
    let runs = 0;
    const d: Debouncer = new Debouncer(() => {
      runs++;
      if (runs === 1) d.schedule();
    }, 100);
    d.schedule();
    vi.advanceTimersByTime(100);
    expect(runs).toBe(1);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(100);
    expect(runs).toBe(2);
    expect(d.pending).toBe(false);
  });
});
