// A reference list closing an answer, and bibliographic lines: read by the marker scan (markers.ts).
import type { CitationMarker } from '../types';

export interface FootnoteDefinition {
  /** The label as written between the brackets, without '^' ("1" for `[^1]: doc-a`). */
  label: string;
  /** The rest of the line after the colon, trimmed. */
  target: string;
  /** Span of the whole definition line (without its line break). */
  start: number;
  end: number;
  /** 'footnote' for `[^1]: x`, 'link' for a Markdown reference line `[1]: https://…`. */
  kind: 'footnote' | 'link';
}

// ---------------------------------------------------------------------------------------------
// A reference list closing the answer: "Sources:\n[1] Eiffel Tower – Wikipedia\n[2] …", or
// "1. [Title](url)" under a References heading, or a last block of "[n] Title" lines after a
// blank line whose every label the answer cites above it. Its entries say which source each
// label means: they are definitions, like `[1]: …` lines, neither citations nor claims.

const REF_HEADING =
  /^[ \t]{0,3}(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*(?:sources?|references?|citations?|cited sources|sources used|sources cited|bibliography|works cited|zdroje|použité zdroje|odkazy|citace|literatura|prameny)[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*$/iu;
// "[1] Title", "[^2]: x", "- [3] Title", "1. Title", "2) Title", "【4】 Title"; groups 1–3 hold the label.
const REF_ENTRY = /^[ \t]{0,3}(?:[-*•][ \t]+)?(?:\[\^?([^\]\s]{1,30})\]|(\d{1,3})[.)]|【(\d{1,3})】)[ \t]*:?[ \t]*(\S.*)$/u;
const REF_ENTRY_BRACKET = /^[ \t]{0,3}(?:[-*•][ \t]+)?\[/;

export function referenceList(
  s: string,
  markers: readonly CitationMarker[],
  defs: readonly FootnoteDefinition[],
): { start: number; defs: FootnoteDefinition[] } | undefined {
  if (markers.length === 0 && defs.length === 0) return undefined;
  const entries: FootnoteDefinition[] = [];
  let blockStart = s.length;
  let blankAbove = false;
  let headed = false;
  let bracketsOnly = true;
  let unlabelled = false;
  // Lines from the end upwards: entries and blank lines, until a heading or any other line.
  let end = s.length;
  for (let lines = 0; end >= 0 && lines < 400; lines++) {
    const nl = end > 0 ? s.lastIndexOf('\n', end - 1) : -1;
    const ls = nl + 1;
    const line = s.slice(ls, end).replace(/\r$/, '');
    if (line.trim() === '') {
      if (entries.length > 0) blankAbove = true;
    } else {
      const m = REF_ENTRY.exec(line);
      const first = ls + (line.length - line.trimStart().length);
      if (!m) {
        if (REF_HEADING.test(line)) {
          headed = entries.length > 0;
          break;
        }
        // An entry without a label (APA "Smith, A. M. (2019). Title. …", a bare URL): the
        // block counts only under a heading, checked below; it defines nothing.
        if (!looksBibliographic(line)) break;
        entries.unshift({ label: '', target: line.trim(), start: first, end: ls + line.trimEnd().length, kind: 'link' });
        unlabelled = true;
        bracketsOnly = false;
        blockStart = ls;
        blankAbove = false;
        if (nl < 0) return undefined;
        end = nl;
        continue;
      }
      const kind = line.trimStart().startsWith('[^') ? 'footnote' : 'link';
      entries.unshift({ label: m[1] ?? m[2] ?? m[3] ?? '', target: (m[4] ?? '').trim(), start: first, end: ls + line.trimEnd().length, kind });
      if (!REF_ENTRY_BRACKET.test(line)) bracketsOnly = false;
      blockStart = ls;
      blankAbove = false;
    }
    if (nl < 0) return undefined; // the whole answer would be the list
    end = nl;
  }
  if (entries.length === 0) return undefined;
  // An entry that cites something itself ("1. Solar power [2]") is a claim in a list, not a source.
  for (const m of markers) {
    if (m.start < blockStart) continue;
    if (entries.some((e) => m.start > e.start && m.start < e.end)) return undefined;
  }
  if (!headed) {
    // Without a heading: "[n] Title" lines, or "n. …" lines that all read as bibliography
    // entries, after a blank line, each label cited above.
    if (unlabelled || !blankAbove) return undefined;
    if (!bracketsOnly && !entries.every((e) => looksBibliographic(e.target))) return undefined;
    const cited = new Set<string>();
    for (const m of markers) if (m.start < blockStart) for (const r of m.refs) cited.add(r);
    if (!entries.every((e) => cited.has(e.label) || cited.has(String(Number(e.label))))) return undefined;
  }
  // Lines the scanner already read as definitions (`[1]: …`) stay as they are.
  const known = new Set(defs.map((d) => d.start));
  return { start: blockStart, defs: entries.filter((e) => !known.has(e.start)) };
}

/**
 * Whether a line reads as a bibliography entry (IEEE, APA, Vancouver, numbered lists): at least
 * two kinds of cue among a year, author initials, "et al.", a quoted title and venue words
 * (vol., pp., doi, Proc., Journal, Available:, Retrieved from, a URL) — or the line is only a URL
 * or a Markdown link.
 */
export function looksBibliographic(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.length > 1000) return false;
  if (BIB_LINK_ONLY.test(t)) return true;
  let cues = 0;
  for (const re of BIB_CUES) if (re.test(t) && ++cues >= 2) return true;
  return false;
}
const BIB_LINK_ONLY = /^(?:[-*•][ \t]+|\d{1,3}[.)][ \t]+)?(?:<?https?:\/\/\S+>?|\[[^\]]+\]\([^)\s]+\))[ \t]*$/;
/** The cues: "et al.", a quoted title, a year, venue words, author initials. */
const BIB_CUES: readonly RegExp[] = [
  /\bet al\./,
  /["“][^"”]{3,}["”]/,
  /\(\s*(?:1[5-9]|20)\d{2}[a-z]?\s*\)|(?:^|[\s,.(])(?:1[5-9]|20)\d{2}[a-z]?(?:[.,;)]|$)/,
  /\b(?:vol\.|no\.\s*\d|pp?\.\s*\d|doi|isbn|issn|proc\.|proceedings|journal|trans\.|conference|retrieved from|available(?: at| from| online)?:|accessed|in:|eds?\.)|https?:\/\/|\[(?:online|internet)\]/i,
  /\b\p{Lu}\.(?:[ -]?\p{Lu}\.)*(?:,|\s*&|\s+and\s|\s+\p{Lu}\p{Ll})|\p{Lu}\p{Ll}+,\s\p{Lu}\.|\p{Lu}\p{Ll}+ \p{Lu}{1,3}(?:,|\.\s)/u,
];

