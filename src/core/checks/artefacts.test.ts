import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { fixesFor } from '../fixes/fixes';
import { applyEdits } from '../../../tests/factories/applyEdits';
import type { Chunk } from '../types';

const CHUNKS: Chunk[] = [
  { id: '1', text: 'The Eiffel Tower is 330 metres tall and stands in Paris.' },
  { id: '2', text: 'The tower opened in 1889 for the World Fair.' },
  { id: '3', text: 'About seven million people visit the tower every year.' },
];
const NAMED: Chunk[] = CHUNKS.map((c, i) => ({ ...c, id: `chunk_${i + 10}` }));

function artefacts(answer: string, chunks = CHUNKS) {
  const report = auditCase({ query: 'Tell me about the Eiffel Tower.', answer, chunks });
  const found = report.findings.filter((f) => f.code === 'retrieval_artefact');
  return { report, found, texts: found.map((f) => answer.slice(f.start, f.end)) };
}

/** The answer with the first artefact's quick fix applied. */
function fixed(answer: string, chunks = CHUNKS): string {
  const { report, found } = artefacts(answer, chunks);
  expect(found.length, answer).toBeGreaterThan(0);
  const fixes = fixesFor({ answer, chunks, report }, found[0]!);
  expect(fixes).toHaveLength(1);
  expect(fixes[0]).toMatchObject({ kind: 'remove_artefact', target: 'answer', preferred: true });
  return applyEdits(answer, fixes[0]!.edits);
}

describe('retrieval artefacts (issue 32 §5)', () => {
  it('warns on the plumbing a reader dismisses the answer for, one warning each, under formatted', () => {
    const answer = [
      '<document>The Eiffel Tower is 330 metres tall [1].</document>',
      'Passage ID 2: The tower opened in 1889 [2].',
      'About seven million people visit it every year (doc 3).',
      'Source: chunk_12',
    ].join('\n');
    const { found, texts } = artefacts(answer);
    expect(texts).toEqual(['<document>', '</document>', 'Passage ID 2', '(doc 3)', 'chunk_12']);
    for (const f of found) expect([f.severity, f.check, f.dimension]).toEqual(['warning', 'formatted', 'formatted']);
    expect(found[0]!.message).toContain('<document>');
  });

  it('warns on a cue naming a passage the claim does not cite, and not when it cites it', () => {
    expect(artefacts('According to passage 2, the tower opened in 1889 [1].').texts).toEqual(['According to passage 2']);
    expect(artefacts('The tower opened in 1889, as stated in chunk 2.').texts).toEqual(['as stated in chunk 2']);
    expect(artefacts('Passage 3 states that about seven million people visit it.').texts).toEqual(['Passage 3 states that']);
    // Cited: the writer names the passage the marker points at.
    expect(artefacts('According to passage 2, the tower opened in 1889 [2].').texts).toEqual([]);
  });

  it('finds a chunk id of the case written as a word, and leaves the markers the parser reads alone', () => {
    expect(artefacts('The tower is 330 metres tall, see chunk_10 for details [chunk_10].', NAMED).texts).toEqual(['chunk_10']);
    expect(artefacts('The tower is 330 metres tall [1]. It opened in 1889 [2].').texts).toEqual([]);
    // The scan reads "[doc 3]" as a marker of chunk 3: a citation, judged as one.
    expect(artefacts('About seven million people visit it every year [doc 3].').texts).toEqual([]);
    expect(artefacts('The tower is 330 metres tall <cite>[0-40]</cite>.').texts).toEqual([]);
  });

  it('near misses: prose about documents and passages does not fire', () => {
    for (const answer of [
      'The second passage of the poem describes the tower [1].',
      'According to Document 1 of the treaty, the tower stays in Paris [1].',
      'In passage 14 of the report the tower is called tall [1].',
      'The source of the river is in the hills, and the tower opened in 1889 [2].',
      'The documents show that the tower is 330 metres tall [1].',
      'The tower appears in chunked lists and document 7 of the archive [1].',
      'The tower is described in the Paris guide (Document 12) as tall [1].',
    ]) {
      expect(artefacts(answer).texts, answer).toEqual([]);
    }
  });

  it('the quick fix removes the artefact and what it leaves over', () => {
    expect(fixed('According to passage 2, the tower opened in 1889 [1].')).toBe('The tower opened in 1889 [1].');
    expect(fixed('The tower opened in 1889, as stated in chunk 2.')).toBe('The tower opened in 1889.');
    expect(fixed('Passage 3 states that about seven million people visit it.')).toBe('About seven million people visit it.');
    expect(fixed('About seven million people visit it every year (doc 3).')).toBe('About seven million people visit it every year.');
    expect(fixed('<document>The tower is 330 metres tall [1].')).toBe('The tower is 330 metres tall [1].');
    expect(fixed('Passage ID 2: The tower opened in 1889 [2].')).toBe('The tower opened in 1889 [2].');
    expect(fixed('The tower opened in 1889 (see passage 2).')).toBe('The tower opened in 1889.');
  });

  it('the fixed answer has no artefact left', () => {
    const answer = 'According to passage 2, the tower opened in 1889 [1].';
    expect(artefacts(fixed(answer)).found).toEqual([]);
  });
});

describe('the families looked for only after a retrieval word that can start one', () => {
  it('finds each family after another retrieval word, in capitals, or where a longer word ends in one', () => {
    expect(artefacts('See the docs. Context 2 states that about seven million people visit it.').texts).toEqual(['Context 2 states that']);
    expect(artefacts('The tower opened in 1889 (see DOCUMENT no. 2).').texts).toEqual(['see DOCUMENT no. 2']);
    expect(artefacts('The tower opened in 1889 (Passage ID: 2).').texts).toEqual(['(Passage ID: 2)']);
    expect(artefacts('The tower opened in 1889, as in source_12 and resource-3.').texts).toEqual(['source_12']);
    expect(artefacts('The tower opened in 1889 (docs 2), per the search result 2.').texts).toEqual(['per the search result 2']);
    // A label with a number past the chunks is prose; one with a chunk's position after it is not.
    expect(artefacts('Source 9566 says that about seven million people visit it. Passage 2 states that it opened in 1889.').texts).toEqual(['Passage 2 states that']);
  });
});
