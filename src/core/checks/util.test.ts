import { describe, expect, it } from 'vitest';
import { TextCache } from './util';

describe('TextCache', () => {
  // Texts of one length that differ only between the characters a fingerprint samples.
  const alike = (k: number) => 'a' + String.fromCharCode(0x61 + k) + 'a'.repeat(98);

  it('keeps texts with the same fingerprint apart, and makes each once while it is kept', () => {
    const cache = new TextCache<string>(100);
    let made = 0;
    const make = (t: string) => `${++made}:${t.slice(0, 2)}`;
    expect(cache.get(alike(1), make)).toBe('1:ab');
    expect(cache.get(alike(2), make)).toBe('2:ac');
    expect(cache.get(alike(1), make)).toBe('1:ab');
    // An equal text that is another string object is the same text.
    expect(cache.get(alike(1).split('').join(''), make)).toBe('1:ab');
    expect(made).toBe(2);
  });

  it('gives every text its own value when more texts share a fingerprint than it keeps', () => {
    const cache = new TextCache<string>(100);
    const make = (t: string) => t.slice(0, 2);
    for (let round = 0; round < 2; round++) for (let k = 0; k < 10; k++) expect(cache.get(alike(k), make)).toBe(alike(k).slice(0, 2));
  });

  it('starts again when full', () => {
    const cache = new TextCache<number>(2);
    let made = 0;
    const make = () => ++made;
    cache.get('x', make);
    cache.get('y', make);
    cache.get('z', make); // full: cleared, then z kept
    expect(cache.get('z', make)).toBe(3);
    expect(cache.get('x', make)).toBe(4);
  });

  it('keeps no more than about a million characters of texts, however few they are', () => {
    const cache = new TextCache<number>(100);
    let made = 0;
    const make = () => ++made;
    const first = 'a'.repeat(600_000);
    cache.get(first, make);
    expect(cache.get(first, make)).toBe(1);
    cache.get('b'.repeat(600_000), make); // over the budget: cleared, then kept
    expect(cache.get('b'.repeat(600_000), make)).toBe(2);
    expect(cache.get(first, make)).toBe(3);
  });
});
