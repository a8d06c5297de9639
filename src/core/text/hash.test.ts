import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Hash53 } from './hash';

describe('Hash53', () => {
  it('gives the values the diff and batch hashes gave before they were one (reports and batch files keep them)', () => {
    // Taken from diff.ts inputHash / queryHash as they were before the move.
    expect(new Hash53().add('What is the capital?').add('\u0000').add('Praha je hlavní město 🇨🇿 [1].').hex()).toBe('1b1091d6b6d61d');
    expect(new Hash53().hex()).toBe('0bdcb81aee8d83');
    expect(new Hash53().add('Příliš žluťoučký kůň').hex()).toBe('159befde953a02');
  });

  it('hashes pieces as if they were joined, and tells different texts apart', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), (parts) => {
        const fed = new Hash53();
        for (const p of parts) fed.add(p);
        expect(fed.hex()).toBe(new Hash53().add(parts.join('')).hex());
        expect(fed.hex()).toMatch(/^[0-9a-f]{14}$/);
      }),
    );
    expect(new Hash53().add('ab').hex()).not.toBe(new Hash53().add('ba').hex());
  });
});
