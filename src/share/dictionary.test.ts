import { deflateSync, inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { dictionaryBytes } from './dictionary';

describe('dictionaries', () => {
  it('are frozen: links in the wild decode only with these exact bytes', () => {
    // If this fails, a dictionary was edited. Restore it and add a new one under a new codec byte.
    expect(crc32(dictionaryBytes('en')).toString(16)).toBe('de650efd');
    expect(crc32(dictionaryBytes('cs')).toString(16)).toBe('61dc4387');
    // Deflate reaches back 32 KiB: a larger dictionary would be partly unreachable.
    expect(dictionaryBytes('en').length).toBeLessThanOrEqual(32_768);
  });

  it('shorten typical text when both sides use them', () => {
    const text = new TextEncoder().encode('The answer cites the source [1], but the source does not state the year given in the claim.');
    const withDict = deflateSync(text, { level: 9, dictionary: dictionaryBytes('en') });
    expect(inflateSync(withDict, { dictionary: dictionaryBytes('en') })).toEqual(text);
    expect(withDict.length).toBeLessThan(deflateSync(text, { level: 9 }).length);
  });
});
