// The reference-list reader: a list under a heading, none in bare prose, and how far up it looks.
import { describe, expect, it } from 'vitest';
import { looksBibliographic, referenceList, type FootnoteDefinition } from './referenceList';
import type { CitationMarker } from '../types';

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

describe('referenceList', () => {
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
      if (found) expect(found.defs).toHaveLength(n);
      expect(found === undefined).toBe(n >= 400);
    }
  });
});

describe('looksBibliographic', () => {
  it('needs two kinds of cue, or a line that is only a link', () => {
    expect(looksBibliographic('Smith, A. M. (2019). Graphs. Journal of X.')).toBe(true);
    expect(looksBibliographic('Doe J, et al. "A study." 2021.')).toBe(true);
    expect(looksBibliographic('https://example.org/page')).toBe(true);
    expect(looksBibliographic('[Title](https://x.org)')).toBe(true);
    // One cue alone is prose.
    expect(looksBibliographic('Retrieved in the year 2019 by the team.')).toBe(false);
    expect(looksBibliographic('J. R. R. Tolkien wrote it.')).toBe(false);
    expect(looksBibliographic('')).toBe(false);
  });
});
