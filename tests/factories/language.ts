// The language the audit takes for a text with no language set (core/audit.ts): the words' vote,
// else the fallback.
import { languageVote } from '../../src/core/text/language';
import type { Language } from '../../src/core/types';

export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  return languageVote(text) ?? (fallback === 'cs' ? 'cs' : 'en');
}
