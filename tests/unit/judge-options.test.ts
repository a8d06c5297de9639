// The library's options per provider (AnthropicJudgeOptions, OpenAIJudgeOptions) are written out
// by hand: they are the published declarations, each field with its own words, and deriving them
// from PROVIDERS would put the whole table (prices, model lists, settings field names) into
// cli/dist/index.d.ts. They must still follow the table: one member per provider, and a key that
// may be left out exactly where the provider's row does not need one everywhere. `npm run check`
// type-checks this file; a row added or changed without its member fails there.
import { describe, expectTypeOf, it } from 'vitest';
import type { JudgeOptions } from '../../src/lib/index';
import type { Provider, PROVIDERS } from '../../src/model/providers';

/** The member of JudgeOptions that names provider P. */
type MemberOf<P extends Provider> = Extract<JudgeOptions, { provider?: P }>;
type KeyOptional<P extends Provider> = undefined extends MemberOf<P>['apiKey'] ? true : false;
type KeyOptionalInTable<P extends Provider> = (typeof PROVIDERS)[P]['key']['requiredAt'] extends 'everywhere' ? false : true;

describe('the library options per provider', () => {
  it('have one member for each provider of the table, and none for another', () => {
    expectTypeOf<NonNullable<JudgeOptions['provider']>>().toEqualTypeOf<Provider>();
    expectTypeOf<{ [P in Provider]: [MemberOf<P>] extends [never] ? 'missing' : 'present' }>().toEqualTypeOf<{ [P in Provider]: 'present' }>();
  });

  it('let the key be left out exactly where the provider does not need one everywhere', () => {
    expectTypeOf<{ [P in Provider]: KeyOptional<P> }>().toEqualTypeOf<{ [P in Provider]: KeyOptionalInTable<P> }>();
  });
});
