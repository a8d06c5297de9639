import { describe, expect, it } from 'vitest';
import { FILE_ID_KEYS, ID_KEYS, LIST_KEYS, TEXT_KEYS, WRAPPER_KEYS, parseChunks } from '../../core/parse/chunks';
import { ChunksPasteSchema, chunksJsonSchema } from './chunkSchema';

/** The editor must not flag what the parser reads without errors, and the parser must read it. */
function acceptedByBoth(value: unknown): void {
  const parsed = parseChunks(JSON.stringify(value));
  expect(parsed.errors).toEqual([]);
  expect(parsed.chunks.length).toBeGreaterThan(0);
  expect(ChunksPasteSchema.safeParse(value).success).toBe(true);
}

describe('the Chunks editor schema', () => {
  it('accepts every id key the parser reads', () => {
    for (const k of [...ID_KEYS, ...FILE_ID_KEYS]) acceptedByBoth([{ [k]: 'a', text: 'x' }]);
  });

  it('accepts every text key the parser reads, as a string or as content parts', () => {
    for (const k of TEXT_KEYS) {
      acceptedByBoth([{ id: 1, [k]: 'x' }]);
      acceptedByBoth([{ id: 1, [k]: [{ type: 'text', text: 'x' }] }]);
    }
  });

  it('accepts every wrapper and every list key the parser reads', () => {
    for (const k of WRAPPER_KEYS) acceptedByBoth([{ [k]: { id: 'w', text: 'x' }, score: 0.5 }]);
    for (const k of LIST_KEYS) acceptedByBoth({ [k]: [{ id: 'l', text: 'x' }] });
    acceptedByBoth({ a: 'text of a', b: { text: 'text of b' } });
  });

  it('still flags wrong types (near misses)', () => {
    for (const bad of [[{ text: 5 }], [{ id: 1, content: { nested: true } }], [{ node_id: {}, text: 'x' }], { a: 5 }, [{ chunk: 7 }], { documents: [5] }]) {
      expect(ChunksPasteSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('names every key in the JSON schema Monaco gets', () => {
    const json = JSON.stringify(chunksJsonSchema());
    for (const k of [...ID_KEYS, ...FILE_ID_KEYS, ...TEXT_KEYS, ...WRAPPER_KEYS, ...LIST_KEYS]) expect(json).toContain(`"${k}"`);
  });
});
