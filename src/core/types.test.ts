// The input types of types.ts are written out for readable declarations; the schemas must still
// produce exactly them, or one of the two has drifted.
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from './zod';
import { CaseSchema, ChunkSchema, LanguageSchema, type AuditCase, type Chunk, type Language } from './types';

describe('the written-out input types', () => {
  it('are what the schemas produce', () => {
    expectTypeOf<z.output<typeof ChunkSchema>>().toEqualTypeOf<Chunk>();
    expectTypeOf<z.output<typeof LanguageSchema>>().toEqualTypeOf<Language>();
    expectTypeOf<z.output<typeof CaseSchema>>().toEqualTypeOf<AuditCase>();
  });
});
