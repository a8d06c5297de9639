import { describe, expect, it } from 'vitest';
import { AppliedSpans, type Span } from './appliedSpans';

type Item = Span & { label: string };
const spans = () => new AppliedSpans<Item>((a, b) => a.start === b.start && a.end === b.end && a.label === b.label);
const item = (start: number, end: number, label = 'x'): Item => ({ start, end, label });

describe('AppliedSpans', () => {
  it('knows nothing until something is set', () => {
    const s = spans();
    expect(s.unchanged([])).toBe(false);
    expect(s.unchanged([item(0, 1)])).toBe(false);
  });

  it('skips equal spans when nothing was edited, or only after them', () => {
    const s = spans();
    s.set([item(2, 5), item(8, 10)]);
    expect(s.unchanged([item(2, 5), item(8, 10)])).toBe(true);
    s.edited(11);
    s.edited(40);
    expect(s.unchanged([item(2, 5), item(8, 10)])).toBe(true);
  });

  it('sets again when the spans differ in any way', () => {
    const s = spans();
    s.set([item(2, 5), item(8, 10)]);
    expect(s.unchanged([item(2, 5)])).toBe(false);
    expect(s.unchanged([item(2, 5), item(8, 11)])).toBe(false);
    expect(s.unchanged([item(2, 5), item(8, 10, 'y')])).toBe(false);
    expect(s.unchanged([item(8, 10), item(2, 5)])).toBe(false);
  });

  it('sets again after an edit before, inside or at the end of a span (the editor has moved them)', () => {
    for (const at of [0, 3, 9, 10]) {
      const s = spans();
      s.set([item(2, 5), item(8, 10)]);
      s.edited(at);
      expect(s.unchanged([item(2, 5), item(8, 10)]), `edit at ${at}`).toBe(false);
    }
  });

  it('counts a zero-width span as one character', () => {
    const s = spans();
    s.set([item(4, 4)]);
    s.edited(4);
    expect(s.unchanged([item(4, 4)])).toBe(false);
    const t = spans();
    t.set([item(4, 4)]);
    t.edited(5);
    expect(t.unchanged([item(4, 4)])).toBe(false);
    const u = spans();
    u.set([item(4, 4)]);
    u.edited(6);
    expect(u.unchanged([item(4, 4)])).toBe(true);
  });

  it('forgets edits once set again, and everything after a reset', () => {
    const s = spans();
    s.set([item(2, 5)]);
    s.edited(0);
    s.set([item(3, 6)]);
    expect(s.unchanged([item(3, 6)])).toBe(true);
    s.reset();
    expect(s.unchanged([item(3, 6)])).toBe(false);
  });

  it('an empty list stays empty whatever is edited', () => {
    const s = spans();
    s.set([]);
    s.edited(0);
    expect(s.unchanged([])).toBe(true);
    expect(s.unchanged([item(0, 1)])).toBe(false);
  });
});
