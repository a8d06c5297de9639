// The JSON schema the Chunks editor validates against, generated from zod and from the parser's
// own key lists (core/parse/chunks.ts), so the editor never flags a key the parser reads: a list
// of chunk objects or strings, an id → text map, or an object holding such a list.
import { z } from '../../core/zod';
import { ChunkSchema } from '../../core/types';
import { FILE_ID_KEYS, ID_KEYS, LIST_KEYS, TEXT_KEYS, WRAPPER_KEYS } from '../../core/parse/chunks';

const idValue = z.union([z.string(), z.number()]).nullable();
// A string, or a list of content parts (`[{type: 'text', text}]`, OpenAI vector store results).
const textValue = z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ text: z.string() })]))]).nullable();

const keysOf = <T>(keys: readonly string[], value: T) => Object.fromEntries(keys.map((k) => [k, value]));

// The core's chunk schema, with every alias key the parser reads; every key optional because any
// one of the aliases may carry the id or the text.
const BaseChunk = ChunkSchema.partial().extend({
  ...keysOf([...ID_KEYS, ...FILE_ID_KEYS], idValue.optional()),
  ...keysOf(TEXT_KEYS, textValue.optional()),
  id: idValue.optional().describe(`Chunk id (also read from ${[...ID_KEYS.slice(1), ...FILE_ID_KEYS].join(', ')}).`),
  text: textValue.optional().describe(`Chunk text (also read from ${TEXT_KEYS.slice(1).join(', ')}).`),
  title: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  page: z.number().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

// Wrappers around the chunk itself ({node: {...}, score}); a key that is both a text key and a
// wrapper key ("chunk", "passage") takes either.
const textKeys: readonly string[] = TEXT_KEYS;
const ChunkObject = BaseChunk.extend(
  Object.fromEntries(WRAPPER_KEYS.map((k) => [k, (textKeys.includes(k) ? z.union([textValue, BaseChunk]) : BaseChunk).optional()])),
).describe('One retrieved chunk.');

const ChunkList = z.array(z.union([ChunkObject, z.string()]));

export const ChunksPasteSchema = z
  .union([
    ChunkList.describe('A list of chunks.'),
    z.record(z.string(), z.union([z.string(), ChunkObject])).describe('A map from chunk id to its text.'),
    // One branch per key, each requiring its key: an object without any of them is a map above.
    ...LIST_KEYS.map((k) => z.looseObject({ [k]: ChunkList }).describe(`An object holding the chunks under "${k}".`)),
  ])
  .describe('Retrieved chunks for the audit.');

let cached: Record<string, unknown> | undefined;

export function chunksJsonSchema(): Record<string, unknown> {
  cached ??= z.toJSONSchema(ChunksPasteSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return cached;
}
