import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreCase } from '../core/parse/case';
import type { AuditCase, ModelResults } from '../core/types';
import { fromBase64Url, toBase64Url } from './base64url';
import { decodePayload, encodeEnvelope, ShareDecodeError } from './codec';
import { DECODE_MAX_CHARS } from './constants';
import { payloadFromHash, shareUrl } from './link';
import { crc32 } from './crc32';
import type { ShareEnvelope } from './envelope';

const CASES_DIR = path.resolve(process.cwd(), '../shared/cases');
const sharedCases = readdirSync(CASES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, case: restoreCase(JSON.parse(readFileSync(path.join(CASES_DIR, f), 'utf8'))).value! }));

function decodeError(payload: string): ShareDecodeError {
  try {
    decodePayload(payload);
  } catch (e) {
    if (e instanceof ShareDecodeError) return e;
    throw e;
  }
  throw new Error('decoded without an error');
}

/** Frames arbitrary deflate bytes with a codec byte and a valid checksum, as a crafted link would. */
function craft(codec: number, deflated: Uint8Array): string {
  const body = new Uint8Array(deflated.length + 1);
  body[0] = codec;
  body.set(deflated, 1);
  const crc = crc32(body);
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  out.set([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255], body.length);
  return toBase64Url(out);
}

const model: ModelResults = {
  model: 'claude-test',
  judgements: [
    {
      claim_index: 0,
      support: [{ chunk_id: '1', verdict: 'partially_supported', supporting_phrase: 'stands', missing_or_extra: 'the height', decision_basis: 'Only the place is given.' }],
      joint_verdict: 'partially_supported',
    },
  ],
  summary: 'Partly supported.',
  recommendations: ['Cite the survey.'],
};

describe('round trips', () => {
  it.each(sharedCases.map((c) => [c.file, c.case] as const))('%s decodes to the same case', (_file, c) => {
    const e = encodeEnvelope({ v: 1, case: c });
    expect(decodePayload(e.payload)).toEqual({ v: 1, case: c });
  });

  it('carries settings, model results and labels', () => {
    const envelope: ShareEnvelope = {
      v: 1,
      case: sharedCases[0]!.case,
      settings: { requiredStyle: 'latex_cite', language: 'cs', citationScope: 'paragraph' },
      model,
      labels: [{ caseKey: 'id:x', claimIndex: 0, chunkId: '1', annotator: 'ana', label: 'not_supported', note: 'no', updated: 3 }],
    };
    expect(decodePayload(encodeEnvelope(envelope).payload)).toEqual(envelope);
  });

  it('keeps unusual ids, titles, metadata and separator characters', () => {
    const c: AuditCase = {
      id: '',
      query: 'q\u001e\u001f\u001b',
      answer: '\u001b',
      gold_answer: '',
      chunks: [
        { id: '0', text: 'a\u001fb', title: '' },
        { id: '1', text: '', url: 'https://example.org', page: 3, extra: { deep: [1, 'x'] } },
      ],
      language: 'cs',
      structured_citations: [{ start: 0, end: 1 }],
      custom_field: 'kept',
    };
    expect(decodePayload(encodeEnvelope({ v: 1, case: c }).payload)).toEqual({ v: 1, case: c });
    const odd: AuditCase = { query: '', answer: '', chunks: [{ id: 'x/y z', text: 't' }, { id: '7', text: 'u' }] };
    expect(decodePayload(encodeEnvelope({ v: 1, case: odd }).payload)).toEqual({ v: 1, case: odd });
  });

  it('round-trips arbitrary cases (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 200 });
    const chunk = fc.record({ id: fc.string({ maxLength: 8 }), text, title: fc.option(text, { nil: undefined }) });
    const arbCase = fc.record({
      id: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
      query: text,
      answer: text,
      // Distinct ids: a case with two chunks of one id is refused before it could be shared.
      chunks: fc.uniqueArray(chunk, { maxLength: 6, selector: (c) => c.id.trim() }),
      gold_answer: fc.option(text, { nil: undefined }),
    });
    fc.assert(
      fc.property(arbCase, (raw) => {
        const restored = restoreCase(JSON.parse(JSON.stringify(raw)));
        expect(restored.errors).toEqual([]);
        const c = restored.value!;
        expect(decodePayload(encodeEnvelope({ v: 1, case: c }).payload)).toEqual({ v: 1, case: c });
      }),
      { numRuns: 150 },
    );
  });

  it('is shorter than plain deflate + base64url of the same JSON for every shared case', () => {
    for (const { case: c } of sharedCases) {
      const plain = toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify(c)), { level: 9 })).length;
      expect(encodeEnvelope({ v: 1, case: c }).payload.length).toBeLessThan(plain);
    }
  });
});

describe('rejection', () => {
  const good = encodeEnvelope({ v: 1, case: sharedCases[0]!.case }).payload;

  it('rejects a link changed in any one character', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < good.length; i += 7) {
      const ch = good[i]!;
      const other = alphabet[(alphabet.indexOf(ch) + 1) % 64]!;
      const e = decodeError(good.slice(0, i) + other + good.slice(i + 1));
      expect(['damaged', 'not-base64']).toContain(e.kind);
    }
  });

  it('rejects a truncated or extended link', () => {
    for (const cut of [1, 2, 3, 10, Math.floor(good.length / 2), good.length - 8]) {
      expect(['damaged', 'not-base64']).toContain(decodeError(good.slice(0, good.length - cut)).kind);
    }
    expect(['damaged', 'not-base64']).toContain(decodeError(good + 'A').kind);
    expect(['damaged', 'not-base64']).toContain(decodeError(good + 'AAAA').kind);
  });

  it('says a link cut short looks cut short, not that it has wrong characters', () => {
    const cut = good.slice(0, good.length - (good.length % 4) - 3);
    expect(cut.length % 4).toBe(1);
    expect(decodeError(cut).message).toMatch(/cut short \(incomplete\)/);
    expect(decodeError(good.slice(0, 20) + '!' + good.slice(21)).message).toMatch(/characters a share link never has/);
  });

  it('reads a percent-encoded fragment, as chat apps and mail clients rewrite links', () => {
    const hash = new URL(shareUrl('https://example.org/app/', good)).hash;
    expect(payloadFromHash(hash)).toBe(good);
    expect(payloadFromHash(hash.replace('=', '%3D'))).toBe(good);
    expect(payloadFromHash(`#x%3D1%26a%3d${good}`)).toBe(good);
    expect(payloadFromHash('#section-2')).toBeNull();
  });

  it('rejects garbage with a ShareDecodeError, never anything else (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        expect(() => decodePayload(s)).toThrow(ShareDecodeError);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(1, 2, 3, 9), (bytes, codec) => {
        // Valid checksum, arbitrary content: the inflater, UTF-8, layout and zod must catch it.
        expect(() => decodePayload(craft(codec, bytes))).toThrow(ShareDecodeError);
      }),
      { numRuns: 300 },
    );
  });

  it('stops a decompression bomb at the size cap', () => {
    const bomb = craft(3, deflateSync(new Uint8Array(16 * 1024 * 1024), { level: 9 }));
    expect(bomb.length).toBeLessThan(DECODE_MAX_CHARS);
    const e = decodeError(bomb);
    expect(e.kind).toBe('too-large');
    expect(e.message).toMatch(/more than 2 MB/);
  });

  it('refuses links longer than the cap before decoding', () => {
    expect(decodeError('A'.repeat(DECODE_MAX_CHARS + 1)).kind).toBe('too-long');
  });

  it('says when a link comes from a newer version', () => {
    const e = decodeError(craft(200, deflateSync(new TextEncoder().encode('x'))));
    expect(e.kind).toBe('unknown-version');
    expect(e.message).toMatch(/newer version/);
  });

  it('explains a well-formed link whose case is invalid', () => {
    const wire = '\u001e\u001e\u001e'; // header, id, query, answer: all empty → valid empty case
    expect(decodePayload(craft(3, deflateSync(new TextEncoder().encode(wire)))).case).toEqual({ query: '', answer: '', chunks: [] });
    const badHeader = craft(3, deflateSync(new TextEncoder().encode('{"x":5}\u001e\u001eq\u001ea')));
    const e = decodeError(badHeader);
    expect(e.kind).toBe('invalid');
    const badModel = craft(3, deflateSync(new TextEncoder().encode('{"m":{"model":1}}\u001e\u001eq\u001ea')));
    expect(decodeError(badModel).details.join(' ')).toMatch(/model/);
    expect(decodeError('').kind).toBe('empty');
  });
});

describe('secrets', () => {
  it('a link never carries an API key (settings are not in the envelope beyond style and language)', () => {
    const key = `sk-ant-${'api03-secretsecretsecret-123'}`;
    // The envelope type has no place for a key; a caller passing extra settings is stripped on decode.
    const withKey = { v: 1 as const, case: sharedCases[1]!.case, settings: { requiredStyle: 'auto', apiKey: key } as never };
    const payload = encodeEnvelope(withKey).payload;
    const decoded = decodePayload(payload);
    expect(JSON.stringify(decoded)).not.toContain(key);
  });
});

describe('base64url and crc32', () => {
  it('round-trips bytes and rejects non-canonical or foreign text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (b) => {
        expect(fromBase64Url(toBase64Url(b))).toEqual(b);
      }),
    );
    expect(toBase64Url(new TextEncoder().encode('hello?'))).toBe('aGVsbG8_');
    expect(fromBase64Url('aGVsbG8/')).toBeNull();
    expect(fromBase64Url('A')).toBeNull();
    expect(fromBase64Url('AQ')).toEqual(new Uint8Array([1]));
    expect(fromBase64Url('AB')).toBeNull(); // leftover bits set
    expect(fromBase64Url('č')).toBeNull();
  });

  it('matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
