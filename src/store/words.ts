// Words for the full-text index: lower case, without diacritics (so "prilis" finds "příliš"),
// split on anything that is not a letter or a digit. Search matches word prefixes.

/** At most this many distinct words per audit go into the index (long answers stay bounded). */
export const MAX_INDEXED_WORDS = 2_000;
/** Longer tokens are cut: nobody types them, and keys stay small. */
const MAX_WORD_LENGTH = 40;

export function normalizeWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

function tokens(text: string): string[] {
  return normalizeWord(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 || /\d/.test(w))
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** The distinct index words of some texts, in order of first appearance, capped. */
export function indexWords(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const t of texts) {
    for (const w of tokens(t)) {
      if (w.length === 0) continue;
      seen.add(w);
      if (seen.size >= MAX_INDEXED_WORDS) return [...seen];
    }
  }
  return [...seen];
}

/** The words of a search box text; each must prefix some indexed word of a hit. */
export function queryWords(text: string): string[] {
  return [...new Set(tokens(text).filter((w) => w.length > 0))];
}
