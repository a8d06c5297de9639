// Share-link payloads: envelope → wire text (layout.ts) → raw DEFLATE with a preset dictionary →
// bytes framed as [codec byte][deflate stream][CRC-32 of both, big-endian] → base64url.
//
// The codec byte versions the whole pipeline (layout + dictionary); old codecs keep decoding.
// The CRC covers the transmitted bytes, so a link that was cut, changed or extended on the way is
// rejected before anything is inflated. Inflating is bounded: input in small slices, output
// counted, a decompression bomb stops at DECODE_MAX_BYTES.
import { deflateSync, Inflate } from 'fflate';
import { fromBase64Url, toBase64Url } from './base64url';
import { DECODE_MAX_BYTES, DECODE_MAX_CHARS, INFLATE_SLICE_BYTES } from './constants';
import { crc32 } from './crc32';
import { dictionaryBytes, type DictionaryName } from './dictionary';
import { restoreEnvelope, type ShareEnvelope } from './envelope';
import { envelopeToWire, LayoutError, wireToEnvelopeValue } from './layout';

/** Codec bytes: layout 1 with the English-nearest or Czech-nearest dictionary, or none. */
const CODECS: Record<number, { dictionary: DictionaryName | null }> = {
  1: { dictionary: 'en' },
  2: { dictionary: 'cs' },
  3: { dictionary: null },
};

export type ShareErrorKind = 'empty' | 'too-long' | 'not-base64' | 'damaged' | 'unknown-version' | 'too-large' | 'invalid';

export class ShareDecodeError extends Error {
  constructor(
    readonly kind: ShareErrorKind,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'ShareDecodeError';
  }
}

export interface EncodedPayload {
  /** The base64url text that goes after `#a=`. */
  payload: string;
  /** Size of the wire text and of the framed, compressed bytes. */
  rawBytes: number;
  compressedBytes: number;
  codec: number;
}

// The preset dictionary gives most of the gain over plain deflate; a hand-written optimal parse
// (used until links-v1 fixtures were made) saved only ~5 % more, so fflate's level 9 does it.
function compress(raw: Uint8Array, dictionary: Uint8Array | null): Uint8Array {
  return deflateSync(raw, { level: 9, ...(dictionary ? { dictionary } : {}) });
}

function frame(codec: number, deflated: Uint8Array): Uint8Array {
  const out = new Uint8Array(deflated.length + 5);
  out[0] = codec;
  out.set(deflated, 1);
  const crc = crc32(out.subarray(0, deflated.length + 1));
  const at = deflated.length + 1;
  out[at] = crc >>> 24;
  out[at + 1] = (crc >>> 16) & 255;
  out[at + 2] = (crc >>> 8) & 255;
  out[at + 3] = crc & 255;
  return out;
}

/** The shortest payload of an envelope over every codec. */
export function encodeEnvelope(e: ShareEnvelope, codecs: readonly number[] = [1, 2]): EncodedPayload {
  const raw = new TextEncoder().encode(envelopeToWire(e));
  let best: Uint8Array | null = null;
  let bestCodec = 0;
  for (const codec of codecs) {
    const spec = CODECS[codec];
    if (!spec) throw new Error(`unknown share codec ${codec}`);
    const framed = frame(codec, compress(raw, spec.dictionary ? dictionaryBytes(spec.dictionary) : null));
    if (!best || framed.length < best.length) {
      best = framed;
      bestCodec = codec;
    }
  }
  return { payload: toBase64Url(best!), rawBytes: raw.length, compressedBytes: best!.length, codec: bestCodec };
}

function inflateBounded(data: Uint8Array, dictionary: Uint8Array | null, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate(dictionary ? { dictionary } : {}, (chunk) => {
    total += chunk.length;
    if (total > maxBytes) {
      throw new ShareDecodeError('too-large', `The link expands to more than ${Math.round(maxBytes / 1024 / 1024)} MB; it was not opened.`);
    }
    parts.push(chunk);
  });
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let i = 0; i < data.length; i += INFLATE_SLICE_BYTES) {
      inflater.push(data.subarray(i, i + INFLATE_SLICE_BYTES), i + INFLATE_SLICE_BYTES >= data.length);
    }
  } catch (e) {
    if (e instanceof ShareDecodeError) throw e;
    throw new ShareDecodeError('damaged', 'The link is damaged: its compressed data cannot be read.');
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The envelope of a payload (the text after `#a=`). Throws ShareDecodeError with a message for
 * the user; never returns anything unvalidated.
 */
export function decodePayload(payload: string): ShareEnvelope {
  const text = payload.trim();
  if (text === '') throw new ShareDecodeError('empty', 'The link carries no audit.');
  if (text.length > DECODE_MAX_CHARS) {
    throw new ShareDecodeError('too-long', `The link is ${text.length.toLocaleString('en')} characters long, more than the ${DECODE_MAX_CHARS.toLocaleString('en')} a share link may have; it was not opened.`);
  }
  const bytes = fromBase64Url(text);
  // Every character is one a link has: the length or the last character is wrong, as when the
  // link is cut short.
  if (!bytes && /^[\w-]+$/.test(text)) throw new ShareDecodeError('damaged', 'The link is damaged: it looks cut short (incomplete); copy the whole link again.');
  if (!bytes) throw new ShareDecodeError('not-base64', 'The link is damaged: it contains characters a share link never has (was it cut or edited?).');
  if (bytes.length < 6) throw new ShareDecodeError('damaged', 'The link is damaged: it is too short to hold an audit (was it cut?).');
  const body = bytes.subarray(0, bytes.length - 4);
  const stored = ((bytes[bytes.length - 4]! << 24) | (bytes[bytes.length - 3]! << 16) | (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!) >>> 0;
  if (crc32(body) !== stored) {
    throw new ShareDecodeError('damaged', 'The link is damaged: its checksum does not match (it was cut or changed on the way).');
  }
  const spec = CODECS[body[0]!];
  if (!spec) {
    throw new ShareDecodeError('unknown-version', `The link was made by a newer version of Citation Auditor (format ${body[0]}); reload the page to update, then open it again.`);
  }
  const raw = inflateBounded(body.subarray(1), spec.dictionary ? dictionaryBytes(spec.dictionary) : null, DECODE_MAX_BYTES);
  let wire: string;
  try {
    wire = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new ShareDecodeError('damaged', 'The link is damaged: its text is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = wireToEnvelopeValue(wire);
  } catch (e) {
    const why = e instanceof LayoutError ? e.message : 'it cannot be read';
    throw new ShareDecodeError('invalid', `The link does not hold a valid audit: ${why}.`);
  }
  const restored = restoreEnvelope(value);
  if (!restored.value) {
    throw new ShareDecodeError('invalid', 'The link does not hold a valid audit.', restored.errors.slice(0, 20));
  }
  return restored.value;
}
