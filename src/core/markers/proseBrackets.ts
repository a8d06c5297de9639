// Brackets that read as prose once the answer's own marker style is known: in an answer that
// cites with numbers ("[1]", "[2]"), a bracketed word that is no chunk id ("[CO2]", "[H2O]") is a
// formula or an editorial insertion, and a bracketed year ("[1988]") past every chunk number is a
// date, not a source. An id-shaped word with a source label ("[doc7]", "[chunk_3]", "[Source 2]")
// is still a marker: that is how a wrong citation looks.
import type { CitationMarker } from '../types';

const SOURCE_LABEL = /^(?:doc|docs|document|chunk|source|sources|src|passage|ref|reference|id|result|snippet|context|s|d|c|p|zdroj|dokument|pasáž|úryvek)(?:[\s_:#.-]*)\d/iu;

/** `markers` without the brackets that are prose in this answer (indexes renumbered). */
export function withoutProseBrackets(markers: CitationMarker[], chunkIds: readonly string[] | undefined): CitationMarker[] {
  if (!chunkIds?.length || !markers.some((m) => m.style === 'bracket_number' && !m.malformed)) return markers;
  const ids = new Set(chunkIds);
  const numeric = chunkIds.filter((id) => /^\d+$/.test(id)).map(Number);
  const highest = Math.max(chunkIds.length, ...numeric);
  const prose = (m: CitationMarker): boolean => {
    if (m.refs.some((r) => ids.has(r))) return false;
    if (m.style === 'bracket_id') return m.refs.every((r) => !SOURCE_LABEL.test(r) && /\p{L}/u.test(r));
    if (m.style === 'bracket_number' && m.refs.length === 1) {
      const v = Number(m.refs[0]);
      return /^\d{4}$/.test(m.refs[0]!) && v >= 1000 && v <= 2100 && v > 10 * highest;
    }
    return false;
  };
  if (!markers.some(prose)) return markers;
  const kept = markers.filter((m) => !prose(m));
  // Some bracket_number marker must remain: else the answer's style is not numbers after all.
  if (!kept.some((m) => m.style === 'bracket_number')) return markers;
  kept.forEach((m, k) => (m.index = k));
  return kept;
}
