// The reference-list reader against its first, plain form: the shortcuts (no heading above, the
// bibliography cues cheapest first) must never change what it finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIB_CUES, BIB_LINK_ONLY, looksBibliographic, readReferenceList, referenceList, type FootnoteDefinition } from './referenceList';
import type { CitationMarker } from '../types';

// The plain forms: the reader with no early stop, and a line's cues all counted in any order.

function plainBibliographic(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.length > 1000) return false;
  if (BIB_LINK_ONLY.test(t)) return true;
  return BIB_CUES.filter((re) => re.test(t)).length >= 2;
}

const plainReferenceList = (s: string, markers: readonly CitationMarker[], defs: readonly FootnoteDefinition[]) => readReferenceList(s, markers, defs, false);

// ---------------------------------------------------------------------------------------------

/** `[n]` markers and `[x]: target` definition lines, as the marker scan would give them. */
function scan(s: string): { markers: CitationMarker[]; defs: FootnoteDefinition[] } {
  const markers: CitationMarker[] = [];
  const defs: FootnoteDefinition[] = [];
  for (const m of s.matchAll(/^\[(\^?)([^\]\s]+)\]:[ \t]*(.*)$/gm)) {
    defs.push({ label: m[2]!, target: m[3]!.trim(), start: m.index, end: m.index + m[0].length, kind: m[1] ? 'footnote' : 'link' });
  }
  for (const m of s.matchAll(/\[(\d{1,3})\](?!:)/g)) {
    markers.push({ index: markers.length, text: m[0], start: m.index, end: m.index + m[0].length, style: 'bracket_number', refs: [m[1]!] });
  }
  return { markers, defs };
}

const LINES = [
  'Sources:', '## References', '**Zdroje**', 'Bibliography', '  Works cited:', 'Sources of the claims above',
  '[1] Eiffel Tower – Wikipedia', '[2] Smith, J. "Graph nets," Proc. AAAI, 2019.', '- [3] https://x.org/a', '【1】 Title', '[^1]: doc-a', '[1]: https://x.org',
  '1. Smith, A. M. (2019). Graphs. J. Netw., 12(3).', '2) Doe, J. et al. Title. 2020.', '3. Solar power [2]', '1. Plain words',
  'Smith, A. M. (2019). Graphs. Journal of X.', 'https://example.org/page', '[Title](https://x.org)', 'Doe J, et al. "A study." 2021.',
  'Paris is the capital of France [1].', 'The tower is 330 m tall [2].', 'Brno [1], Plzeň [2], Ostrava [3].', 'Volume 3, pp. 5 and doi',
  '', ' ', '\r', 'Retrieved from the site in 2019.', 'J. R. R. Tolkien wrote it.',
];
const answerArb = fc
  .tuple(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 14 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, eol, trailing]) => lines.join(eol) + (trailing ? eol : ''));

describe('referenceList', () => {
  it('finds what the plain reader finds, on any arrangement of entries, headings, bibliography and prose', () => {
    fc.assert(
      fc.property(answerArb, (s) => {
        const { markers, defs } = scan(s);
        expect(referenceList(s, markers, defs)).toEqual(plainReferenceList(s, markers, defs));
      }),
      { numRuns: 4000 },
    );
  });

  it('reads an unlabelled list under a heading, and no list in prose with nothing above it', () => {
    const headed = 'Eiffel is tall [1].\n\nSources:\nSmith, A. M. (2019). Towers. Journal of X.\nDoe, J. et al. "Iron," 2020.';
    const { markers, defs } = scan(headed);
    expect(referenceList(headed, markers, defs)?.defs.map((d) => d.target)).toEqual(['Smith, A. M. (2019). Towers. Journal of X.', 'Doe, J. et al. "Iron," 2020.']);
    // Near miss: the same lines without the heading are no list (they define no label).
    const bare = headed.replace('Sources:\n', '');
    expect(referenceList(bare, scan(bare).markers, scan(bare).defs)).toBeUndefined();
  });

  it('looks for the heading as far up as the reader goes (400 lines), no further', () => {
    for (const n of [398, 399, 400, 401]) {
      const s = `Eiffel is tall [1].\n\nSources:\n${Array.from({ length: n }, (_, k) => `Smith, A. (${1900 + (k % 100)}). Towers. Journal of X.`).join('\n')}`;
      const { markers, defs } = scan(s);
      const found = referenceList(s, markers, defs);
      expect(found).toEqual(plainReferenceList(s, markers, defs));
      expect(found === undefined).toBe(n >= 400);
    }
  });
});

describe('looksBibliographic', () => {
  const PIECES = [' ', ', ', '. ', 'Smith', 'A.', 'M.', 'et al.', '"Title of it"', '“Graphs”', '(2019)', '2019', '1999.', '2101', 'vol.', 'pp. 5', 'doi', 'Journal', 'In:', 'https://x.org', '[Online]', 'and', 'Doe JR,', 'word', '\t', '1. ', '- ', '[T](u)', 'É.', 'Ž', 'x'];
  const lineArb = fc.oneof(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join('')), fc.string({ maxLength: 40 }));
  it('says what all five cues say, whatever their order', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        expect(looksBibliographic(line)).toBe(plainBibliographic(line));
      }),
      { numRuns: 4000 },
    );
  });
});
