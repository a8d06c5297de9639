import fc from 'fast-check';
import { deflateSync, inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { deflateOptimal } from './deflate';
import { dictionaryBytes } from './dictionary';

const enc = new TextEncoder();

describe('deflateOptimal', () => {
  it('produces standard DEFLATE that fflate inflates, with and without a dictionary (property)', () => {
    const dict = dictionaryBytes('en');
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }),
      fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => enc.encode(s)),
      // Repetitive data: long matches, overlapping copies, runs longer than 258 bytes.
      fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 400 })).map(([s, n]) => enc.encode(s.repeat(n))),
    );
    fc.assert(
      fc.property(inputs, fc.boolean(), (data, withDict) => {
        const out = deflateOptimal(data, withDict ? { dictionary: dict } : {});
        const back = inflateSync(out, withDict ? { dictionary: dict } : {});
        expect(back).toEqual(data);
      }),
      { numRuns: 120 },
    );
  });

  it('handles the edges: empty input, one byte, a single repeated byte, all 256 byte values', () => {
    const cases = [new Uint8Array(0), new Uint8Array([7]), new Uint8Array(70_000).fill(97), Uint8Array.from({ length: 1024 }, (_, i) => i % 256)];
    for (const data of cases) expect(inflateSync(deflateOptimal(data))).toEqual(data);
  });

  it('is deterministic and never larger than fflate at level 9 on text', () => {
    const text = enc.encode(
      'The harbour board built the lighthouse in 1874; keepers left when the light was automated in 1961. '.repeat(3) +
        'Grey herons nest high in trees close to lakes and rivers, and return to the same colony each spring.',
    );
    const a = deflateOptimal(text);
    expect(deflateOptimal(text)).toEqual(a);
    expect(a.length).toBeLessThanOrEqual(deflateSync(text, { level: 9 }).length);
  });
});

describe('dictionaries', () => {
  it('are frozen: links in the wild decode only with these exact bytes', () => {
    // If this fails, a dictionary was edited. Restore it and add a new one under a new codec byte.
    expect(crc32(dictionaryBytes('en')).toString(16)).toBe('de650efd');
    expect(crc32(dictionaryBytes('cs')).toString(16)).toBe('61dc4387');
    // Deflate reaches back 32 KiB: a larger dictionary would be partly unreachable.
    expect(dictionaryBytes('en').length).toBeLessThanOrEqual(32_768);
  });
});
