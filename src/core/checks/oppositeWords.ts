// Pairs of opposite words ("increase" / "decrease", "vyšší" / "nižší") the content check compares
// a claim and its cited passage by (./content.ts 'negation_mismatch'), as stems.
import type { Language } from '../types';
import { firstStem } from '../text/words';

export const OPPOSITES_RAW: [string, string][] = [
  ['increase', 'decrease'], ['increased', 'decreased'], ['rise', 'fall'], ['rose', 'fell'], ['higher', 'lower'], ['more', 'less'],
  ['before', 'after'], ['allowed', 'prohibited'], ['permitted', 'forbidden'], ['legal', 'illegal'], ['true', 'false'],
  ['win', 'lose'], ['won', 'lost'], ['accepted', 'rejected'], ['include', 'exclude'], ['same', 'different'],
  ['minimum', 'maximum'], ['earlier', 'later'], ['larger', 'smaller'], ['positive', 'negative'], ['safe', 'unsafe'],
  ['compulsory', 'optional'], ['mandatory', 'voluntary'], ['increases', 'reduces'], ['above', 'below'],
  ['zvýšil', 'snížil'], ['vzrostl', 'klesl'], ['vyšší', 'nižší'], ['více', 'méně'], ['před', 'po'], ['povinné', 'dobrovolné'],
  ['legální', 'nelegální'], ['povoleno', 'zakázáno'], ['minimální', 'maximální'], ['větší', 'menší'],
];

export type Opposite = { term: string; word: string };
const oppositeCache: Partial<Record<Language, Map<string, Opposite[]>>> = {};
/** Stem → the stems and a spelling of each of its opposites. */
export function opposites(lang: Language): Map<string, Opposite[]> {
  let m = oppositeCache[lang];
  if (!m) {
    m = new Map();
    for (const [a, b] of OPPOSITES_RAW) {
      const ta = firstStem(a, lang);
      const tb = firstStem(b, lang);
      if (ta && tb && ta !== tb) {
        add(m, ta, { term: tb, word: b });
        add(m, tb, { term: ta, word: a });
      }
    }
    oppositeCache[lang] = m;
  }
  return m;
}

function add(m: Map<string, Opposite[]>, t: string, o: Opposite): void {
  const list = m.get(t);
  if (!list) m.set(t, [o]);
  else if (!list.some((x) => x.term === o.term)) list.push(o);
}
