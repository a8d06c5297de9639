// The JSON schema the Chunks editor validates against, generated from zod: the chunk shapes the
// parser accepts as JSON (a list of chunk objects or strings, or an id → text map).
import { z } from '../core/zod';
import { ChunkSchema } from '../core/types';

const idValue = z.union([z.string(), z.number()]);
const textValue = z.string().nullable();

// The core's chunk schema, with the alias keys the parser also reads; every key optional because
// any one of the aliases may carry the id or the text.
const ChunkObject = ChunkSchema.partial()
  .extend({
    id: idValue.optional().describe('Chunk id (also read from chunk_id, doc_id, source_id, document_id).'),
    chunk_id: idValue.optional(),
    doc_id: idValue.optional(),
    source_id: idValue.optional(),
    document_id: idValue.optional(),
    text: textValue.optional().describe('Chunk text (also read from content, page_content, chunk, passage).'),
    content: textValue.optional(),
    page_content: textValue.optional(),
    pageContent: textValue.optional(),
    chunk: textValue.optional(),
    passage: textValue.optional(),
    title: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
    page: z.number().nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('One retrieved chunk.');

export const ChunksPasteSchema = z
  .union([
    z.array(z.union([ChunkObject, z.string()])).describe('A list of chunks.'),
    z.record(z.string(), z.union([z.string(), ChunkObject])).describe('A map from chunk id to its text.'),
  ])
  .describe('Retrieved chunks for the audit.');

let cached: Record<string, unknown> | undefined;

export function chunksJsonSchema(): Record<string, unknown> {
  cached ??= z.toJSONSchema(ChunksPasteSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return cached;
}
