import { describe, expect, it } from 'vitest';
import { plural } from './plural';

const FORMS = { one: 'one #', few: 'few #', many: 'many #', other: 'other #' };

describe('plural', () => {
  it('picks the form Intl.PluralRules names, for numbers the cache keeps and those it does not', () => {
    for (const lang of ['en', 'cs'] as const) {
      const rules = new Intl.PluralRules(lang);
      // Twice over: the second round reads the cached categories.
      for (let round = 0; round < 2; round++) {
        for (const n of [0, 1, 2, 3, 4, 5, 11, 21, 22, 101, 999, 1000, 1001, 1.5, -1, -2, 2.25]) {
          expect(plural(lang, n, FORMS)).toBe(`${rules.select(n)} ${n}`);
        }
      }
    }
  });
  it('Czech has few for 2–4 and other from 5; a missing form falls back to other', () => {
    expect(plural('cs', 3, FORMS)).toBe('few 3');
    expect(plural('cs', 5, FORMS)).toBe('other 5');
    expect(plural('cs', 3, { one: '# den', other: '# dní' })).toBe('3 dní');
    expect(plural('en', 1, { one: 'a claim', other: '# claims' })).toBe('a claim');
  });
});
