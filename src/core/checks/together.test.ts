// The 'words_apart' hint: a claim whose words are nowhere together in a long cited chunk.
import { describe, expect, it, vi } from 'vitest';
import { auditCase } from '../audit';
import type { Chunk, Language } from '../types';
import { buildChunkStats } from './relevance';
import { apartFinder } from './together';

/** The hint as the content check asks for it: the finder over the chunks' statistics. */
const wordsApart = (claim: string, query: string, chunks: Chunk[], lang: Language) => apartFinder(buildChunkStats(chunks, lang), chunks, query)(claim, chunks);

// Facts far apart, with other sentences between them.
const PAGE = [
  'Marie Curie was born in Warsaw in 1867.',
  'She moved to Paris to study physics and mathematics.',
  'At the Sorbonne she met Pierre Curie, a physicist.',
  'The couple worked on radioactivity in a shed.',
  'The work was slow and the shed was cold.',
  'They found polonium and radium in pitchblende.',
  'The results were published in several journals.',
  'Their daughter Irene later became a chemist.',
  'Lectures and laboratories filled the following decades.',
  'The family received several prizes.',
  'Letters from that period survive in archives.',
  'A city honours her with a museum today.',
].join(' ');

describe('wordsApart', () => {
  it('is quiet when three consecutive sentences state the claim', () => {
    expect(wordsApart('Marie Curie moved to Paris and met Pierre Curie at the Sorbonne.', '', [{ id: '1', text: PAGE }], 'en')).toBeUndefined();
  });
  it('names the best window and the missing words when the words are spread over the page', () => {
    const r = wordsApart('Irene sold polonium to a Belgian bank for gold coins.', '', [{ id: '1', text: PAGE }], 'en');
    expect(r).toMatchObject({ chunkId: '1' });
    expect(r!.share).toBeLessThan(1 / 3);
    expect(r!.missing.length).toBeGreaterThan(0);
  });
  it('leaves words from the query out, and chunks of few sentences alone', () => {
    const claim = 'Irene honours the shed with streets in Warsaw carrying physics names.';
    expect(wordsApart(claim, 'Irene honours shed streets Warsaw physics names carrying', [{ id: '1', text: PAGE }], 'en')).toBeUndefined();
    expect(wordsApart(claim, '', [{ id: '1', text: 'Irene studied physics. The shed was cold.' }], 'en')).toBeUndefined();
  });
  it('is a hint in the report, never a warning', () => {
    const r = auditCase({ query: '', answer: 'Irene sold polonium to a Belgian bank for gold coins [1].', chunks: [{ id: '1', text: PAGE }] });
    const f = r.findings.filter((x) => x.code === 'words_apart');
    expect(f.map((x) => x.severity)).toEqual(['info']);
    expect(Object.values(r.dimensions).flatMap((d) => d.issues).join(' ')).not.toContain('nowhere together');
  });
  it('answers a claim asked before over the same statistics without reading it again, and afresh for another query', () => {
    const chunks = [{ id: '1', text: PAGE }];
    const stats = buildChunkStats(chunks, 'en');
    const claim = 'Irene sold polonium to a Belgian bank for gold coins.';
    const first = apartFinder(stats, chunks, '')(claim, chunks);
    expect(first?.missing.length).toBeGreaterThan(0);
    const read = vi.spyOn(stats.vocab, 'termIdsInto');
    const again = apartFinder(stats, chunks, '')(claim, chunks);
    expect(again).toEqual(first);
    // The claim's words were not tokenised again (the query, empty, is read once per finder).
    expect(read.mock.calls.filter(([text]) => text !== '')).toEqual([]);
    // Each caller gets its own list of missing words.
    again!.missing.push('changed');
    expect(apartFinder(stats, chunks, '')(claim, chunks)).toEqual(first);
    // Another query: its words are left out, so the claim is read again.
    expect(apartFinder(stats, chunks, 'Irene polonium Belgian bank gold coins sold')(claim, chunks)).toBeUndefined();
    read.mockRestore();
  });
});
