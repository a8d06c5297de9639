import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePayload, encodeEnvelope } from './codec';
import type { ShareEnvelope } from './envelope';

// Links made by the optimal-parse encoder this project shipped before it compressed with fflate
// (generated with that encoder for codecs 1, 2 and 3; the envelopes are what it decoded to then).
// Links already sent to people must keep opening whatever the encoder is now.
interface Fixture {
  envelopes: Record<string, ShareEnvelope>;
  links: { name: string; codec: number; payload: string }[];
}
const fixture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/share-links-v1.json'), 'utf8')) as Fixture;

describe('links made by earlier encoders', () => {
  it('cover every codec and a payload over the old encoder’s large-input threshold', () => {
    expect(new Set(fixture.links.map((l) => l.codec))).toEqual(new Set([1, 2, 3]));
    expect(Math.max(...fixture.links.map((l) => l.payload.length))).toBeGreaterThan(24_576);
  });

  it.each(fixture.links.map((l) => [l.name, l.codec, l] as const))('%s (codec %i) still opens to the same envelope', (name, _codec, link) => {
    expect(decodePayload(link.payload)).toEqual(fixture.envelopes[name]);
  });

  it.each(Object.entries(fixture.envelopes))('%s re-encoded today decodes to the same envelope', (_name, envelope) => {
    expect(decodePayload(encodeEnvelope(envelope, [1, 2, 3]).payload)).toEqual(envelope);
  });
});
