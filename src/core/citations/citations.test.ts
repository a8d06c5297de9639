import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarkers } from '../markers/markers';
import { createResolver } from './mapping';
import { splitClaims } from '../claims/claims';
import { buildCitations, claimForSpan } from './citations';
import { auditCase } from '../audit';
import type { Chunk, Language, StructuredInput } from '../types';

function audit(answer: string, chunks: Chunk[], structured?: StructuredInput, language: Language = 'en') {
  const scan = findMarkers(answer, { chunkIds: chunks.map((c) => c.id) });
  const { mapping } = createResolver(scan.markers, chunks, {
    footnoteDefinitions: scan.footnoteDefinitions,
    ...(structured ? { structured } : {}),
  });
  const claims = splitClaims(answer, scan.markers, language, { footnoteDefinitions: scan.footnoteDefinitions });
  return { scan, mapping, ...buildCitations({ answer, markers: scan.markers, mapping, claims, chunks, ...(structured ? { structured } : {}) }) };
}

const chunk = (id: string, text = `text of ${id}`, extra: Partial<Chunk> = {}): Chunk => ({ id, text, ...extra });

describe('inline citations', () => {
  it('makes one citation per (marker, ref), with the marker span', () => {
    const a = 'Fact one [1-3]. Fact two [2][4].';
    const { citations } = audit(a, [chunk('1'), chunk('2'), chunk('3'), chunk('4')]);
    expect(citations.map((c) => [c.marker, c.ref, c.chunk_id, a.slice(c.start, c.end), c.marker_index])).toEqual([
      ['[1-3]', '1', '1', '[1-3]', 0],
      ['[1-3]', '2', '2', '[1-3]', 0],
      ['[1-3]', '3', '3', '[1-3]', 0],
      ['[2]', '2', '2', '[2]', 1],
      ['[4]', '4', '4', '[4]', 2],
    ]);
    expect(citations.map((c) => c.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives markers after the period to the previous claim and fills the claims', () => {
    const a = 'Ruth retired in 1935.[1][2] Babe hit 714 home runs[3]. What do you think?';
    const { citations, claims } = audit(a, [chunk('1'), chunk('2'), chunk('3')]);
    expect(citations.map((c) => c.claim_index)).toEqual([0, 0, 1]);
    expect(claims.map((c) => [c.chunk_ids, c.citation_indexes])).toEqual([
      [['1', '2'], [0, 1]],
      [['3'], [2]],
      [[], []],
    ]);
  });

  it('exists only when the chunk resolves and has text', () => {
    const a = 'A [1]. B [2]. C [3]. D [9].';
    const { citations } = audit(a, [chunk('1'), chunk('2', ''), chunk('3', '  \n ')]);
    expect(citations.map((c) => [c.ref, c.chunk_id, c.exists])).toEqual([
      ['1', '1', true],
      ['2', '2', false],
      ['3', '3', false],
      ['9', null, false],
    ]);
  });

  it('fails every citation when there are no chunks', () => {
    const { citations } = audit('A \\cite{x}. B [1].', []);
    expect(citations.map((c) => c.exists)).toEqual([false, false]);
  });

  it('resolves footnotes through definitions and ignores definitions as citations', () => {
    const a = '> Insulin was first isolated in 1921. [^1]\n\n[^1]: doc-a';
    const { citations, claims } = audit(a, [chunk('doc-a'), chunk('doc-b')]);
    expect(citations.map((c) => [c.marker, c.chunk_id, c.style, c.claim_index])).toEqual([['[^1]', 'doc-a', 'footnote', 0]]);
    expect(claims).toHaveLength(1);
  });

  it('never reads citations from chunk text ([233][234], an essay footnote [1])', () => {
    const a = 'The essay mentions early computers [1].';
    const chunks = [chunk('1', 'Encyclopedia text with [233][234] markers.'), chunk('2', '[1]\n\nA paragraph that starts with its own footnote.')];
    const { citations } = audit(a, chunks);
    expect(citations.map((c) => c.marker)).toEqual(['[1]']);
  });

  it('creates no citation for a marker without refs (the marker is still reported)', () => {
    const { citations, scan } = audit('Claim \\cite{}.', [chunk('a')]);
    expect(citations).toEqual([]);
    expect(scan.markers[0]?.malformed).toBe('empty \\cite{}');
  });

  it('attaches a block-leading marker to the claim on its line', () => {
    const a = 'First claim.\n\n[2] Second claim here.';
    const { citations } = audit(a, [chunk('1'), chunk('2')]);
    expect(citations[0]?.claim_index).toBe(1);
  });
});

describe('structured citations with answer spans', () => {
  it('Anthropic char_location blocks: one citation per span, with quote and source offsets', () => {
    const answer = 'According to the note, here is the summary:\n\n- The river is wide\n- The bridge is old';
    const doc = 'The river is wide. The bridge is old.';
    const g = answer.indexOf('The river is wide');
    const s = answer.indexOf('The bridge is old');
    const structured: StructuredInput = {
      format: 'anthropic-blocks',
      citations: [
        { ref: '0', refKind: 'index0', answerStart: g, answerEnd: g + 17, quote: 'The river is wide. ', sourceStart: 0, sourceEnd: 19 },
        { ref: '0', refKind: 'index0', answerStart: s, answerEnd: s + 17, quote: 'The bridge is old.', sourceStart: 19, sourceEnd: 37 },
      ],
    };
    const { citations, claims, mapping } = audit(answer, [chunk('0', doc, { title: 'Town Note' })], structured);
    expect(mapping.entries).toEqual([{ ref: 'index0:0', chunk_id: '0' }]);
    expect(citations.map((c) => [c.marker, c.style, c.chunk_id, c.exists, c.claim_index, c.quote, c.source_start, c.source_end])).toEqual([
      ['The river is wide', 'structured', '0', true, 1, 'The river is wide. ', 0, 19],
      ['The bridge is old', 'structured', '0', true, 2, 'The bridge is old.', 19, 37],
    ]);
    expect(claims.map((c) => [c.needs_citation, c.citation_indexes])).toEqual([
      [false, []],
      [true, [0]],
      [true, [1]],
    ]);
  });

  it('a span over several claims: one citation of the answer, listed by every claim it covers', () => {
    const intro = 'Based on the documentation, I can explain why the invoice is missing: ';
    const block =
      'Invoices are emailed when the payment clears. If no invoice arrives within three days of the payment, please write to the billing team for help.';
    const tail = '\n\nSince you paid yesterday, the payment may still be clearing.';
    const answer = intro + block + tail;
    const structured: StructuredInput = {
      format: 'anthropic-blocks',
      citations: [
        {
          ref: 'Billing Questions',
          refKind: 'title',
          answerStart: intro.length,
          answerEnd: intro.length + block.length,
          quote: 'Invoices are sent by email once a payment has cleared. ',
        },
        {
          ref: 'Billing Questions',
          refKind: 'title',
          answerStart: intro.length,
          answerEnd: intro.length + block.length,
          quote: 'If an invoice has not arrived within three days of payment, contact the billing team.',
        },
      ],
    };
    const chunks = [chunk('0', 'Passwords.', { title: 'Changing a Password' }), chunk('3', 'Billing text.', { title: 'Billing Questions' })];
    const { citations, claims } = audit(answer, chunks, structured);
    // Two citations in the answer, two in the report: each sits in the sentence its quote
    // matches and both sentences list both.
    expect(citations.map((c) => [c.chunk_id, c.claim_index])).toEqual([
      ['3', 1],
      ['3', 2],
    ]);
    expect(citations[0]?.marker.length).toBeLessThanOrEqual(40);
    expect(citations[0]?.marker.endsWith('…')).toBe(true);
    expect(claims.map((c) => c.citation_indexes)).toEqual([[], [0, 1], [0, 1], []]);
    // Each citation spans the whole block it came from.
    for (const c of citations) expect([c.start, c.end]).toEqual([intro.length, intro.length + block.length]);
    expect(claims[3]?.needs_citation).toBe(true);
  });

  it('Cohere-style spans inside sentences belong to the sentence that contains them', () => {
    const answer = 'To settle in, you can join the team chat to stay informed. You will get an invite by email.';
    const span = (text: string) => ({ answerStart: answer.indexOf(text), answerEnd: answer.indexOf(text) + text.length });
    const structured: StructuredInput = {
      format: 'cohere-spans',
      citations: [
        { ref: 'doc:1', refKind: 'id', ...span('join the team chat') },
        { ref: 'doc:1', refKind: 'id', ...span('get an invite by email.') },
      ],
      chunks: [chunk('doc:1', 'Team chat: everyone gets an invite by email.')],
    };
    const { citations, claims } = audit(answer, [], structured);
    expect(citations.map((c) => [c.marker, c.chunk_id, c.exists, c.claim_index])).toEqual([
      ['join the team chat', 'doc:1', true, 0],
      ['get an invite by email.', 'doc:1', true, 1],
    ]);
    expect(claims.map((c) => c.chunk_ids)).toEqual([['doc:1'], ['doc:1']]);
  });

  it('does not double-count a structured span that is exactly an inline marker (liu2023)', () => {
    const answer = 'Parks improve health[1] [2]. Others say that they cost too much[3]. What is your view?';
    const urls = ['https://a.example/1', 'https://b.example/2', 'https://c.example/3'];
    const structured: StructuredInput = {
      format: 'offset-citations',
      citations: ['[1]', '[2]', '[3]'].map((m, k) => ({
        ref: urls[k] ?? '',
        refKind: 'id' as const,
        answerStart: answer.indexOf(m),
        answerEnd: answer.indexOf(m) + 3,
        quote: `evidence ${k + 1}`,
      })),
    };
    const chunks = urls.map((url, k) => chunk(String(k + 1), '', { url }));
    const { citations } = audit(answer, chunks, structured);
    expect(citations.map((c) => [c.marker, c.marker_index, c.chunk_id, c.exists, c.quote, c.claim_index])).toEqual([
      ['[1]', 0, '1', false, 'evidence 1', 0],
      ['[2]', 1, '2', false, 'evidence 2', 0],
      ['[3]', 2, '3', false, 'evidence 3', 1],
    ]);
  });
});

describe('structured citations without spans (id lists)', () => {
  it('belong to the only claim of a one-claim answer', () => {
    const answer = 'Anna is 5\'7".';
    const structured: StructuredInput = {
      format: 'id-list',
      citations: [
        { ref: '1', refKind: 'id' },
        { ref: '3', refKind: 'id' },
      ],
    };
    const chunks = [chunk('1', 'Eva is 5\'10"'), chunk('2', 'Tom is tall'), chunk('3', 'Anna is 3 inches shorter than Eva')];
    const { citations, claims } = audit(answer, chunks, structured);
    expect(citations.map((c) => [c.marker, c.chunk_id, c.claim_index, c.start, c.end, c.style])).toEqual([
      ['1', '1', 0, 0, answer.length, 'structured'],
      ['3', '3', 0, 0, answer.length, 'structured'],
    ]);
    expect(claims[0]?.chunk_ids).toEqual(['1', '3']);
  });

  it('go to the claim whose words best match the quote or the chunk', () => {
    const answer = 'Here is what I found:\n\n- The river is wide.\n- The bridge is old.';
    const structured: StructuredInput = {
      format: 'id-list',
      citations: [
        { ref: 'bridge', refKind: 'id' },
        { ref: 'x', refKind: 'id', quote: 'wide river banks' },
      ],
    };
    const chunks = [chunk('bridge', 'The bridge is old and made of stone.'), chunk('x', 'unrelated')];
    const { citations } = audit(answer, chunks, structured);
    const byRef = Object.fromEntries(citations.map((c) => [c.ref, c.claim_index]));
    expect(byRef).toEqual({ bridge: 2, x: 1 });
  });

  it('fall back to the first claim needing a citation when nothing matches', () => {
    const answer = 'I hope this helps. Paris is large. Rome is old.';
    const structured: StructuredInput = { format: 'id-list', citations: [{ ref: 'zzz', refKind: 'id' }] };
    const { citations } = audit(answer, [chunk('a', 'nothing in common')], structured);
    expect(citations[0]?.chunk_id).toBeNull();
    expect(citations[0]?.claim_index).toBe(1);
  });
});

describe('spanless structured citations next to inline markers', () => {
  it('do not double-count a chunk an inline marker already cites, and lend it their quote', () => {
    const answer = 'Azure Functions scale on demand [doc1]. They run Python [doc2].';
    const structured: StructuredInput = {
      format: 'azure-on-your-data',
      citations: [
        { ref: 'doc1', refKind: 'id', quote: 'scale per demand' },
        { ref: 'doc3', refKind: 'id' },
      ],
    };
    const chunks = [chunk('doc1', 'Functions scale per demand.'), chunk('doc2', 'Python 310'), chunk('doc3', 'Kubernetes hosting')];
    const { citations } = audit(answer, chunks, structured);
    expect(citations.map((c) => [c.marker, c.chunk_id, c.quote ?? null])).toEqual([
      ['doc3', 'doc3', null], // spanless: it takes its claim's span, which starts first
      ['[doc1]', 'doc1', 'scale per demand'],
      ['[doc2]', 'doc2', null],
    ]);
  });
});

describe('the citations of an audit', () => {
  it('come out of the whole pipeline: markers of two styles, mapped and tied to their claims', () => {
    const r = auditCase({ query: 'Co?', answer: 'Fakt [1]. Další fakt \\cite{b}. Třetí fakt [2].', chunks: [chunk('a'), chunk('b')] }, { language: 'cs' });
    expect(r.citations.map((c) => [c.marker, c.chunk_id, c.claim_index])).toEqual([
      ['[1]', 'a', 0],
      ['\\cite{b}', 'b', 1],
      ['[2]', 'b', 2],
    ]);
    expect(r.mapping.kind).toBe('mixed');
    expect(r.mapping.description).toMatch(/počítáno od 1/);
  });
});

describe('claimForSpan', () => {
  it('prefers containment, then the same line before, then the same line after', () => {
    const answer = 'Alpha. [1]\n\n[2] Beta.';
    const claims = splitClaims(answer, findMarkers(answer).markers, 'en');
    expect(claimForSpan(answer, claims, answer.indexOf('[1]'), answer.indexOf('[1]') + 3)).toBe(0);
    expect(claimForSpan(answer, claims, answer.indexOf('[2]'), answer.indexOf('[2]') + 3)).toBe(1);
    expect(claimForSpan(answer, [], 0, 1)).toBe(-1);
  });
});

describe('OpenAI file search markers', () => {
  it('resolves 【4:0†file】 by the chunk whose title or file name is that file, and says so', () => {
    const a = 'Leave is 25 days a year【4:0†handbook.pdf】. Remote work needs approval【4:1†policy.pdf】.';
    const chunks = [chunk('file-abc', 'Employees get 25 days of leave a year.', { title: 'handbook.pdf' }), chunk('file-def', 'Remote work requires approval.', { metadata: { file_name: 'policy.pdf' } } as Partial<Chunk>)];
    const { citations, mapping } = audit(a, chunks);
    expect(citations.map((c) => [c.ref, c.chunk_id, c.exists])).toEqual([
      ['handbook.pdf', 'file-abc', true],
      ['policy.pdf', 'file-def', true],
    ]);
    expect(mapping.description).toContain('title');
  });

  it('resolves a structured file_id to the chunk carrying that file_id when chunk ids are positions', () => {
    const a = 'Leave is 25 days a year.';
    const chunks = [chunk('1', 'Employees get 25 days of leave a year.', { file_id: 'file-abc' } as Partial<Chunk>), chunk('2', 'Other.', { file_id: 'file-def' } as Partial<Chunk>)];
    const structured: StructuredInput = { format: 'openai-annotations', answer: a, citations: [{ ref: 'file-abc', refKind: 'id', answerStart: 0, answerEnd: 24 }] };
    const { citations } = audit(a, chunks, structured);
    expect(citations.map((c) => [c.ref, c.chunk_id, c.exists])).toEqual([['file-abc', '1', true]]);
  });
});

describe('the marker shown for a structured span', () => {
  it('is the span read whole, spaces collapsed, cut at 40 characters (however long the span, whatever its spaces)', () => {
    const shown = (t: string): string => {
      const c = t.replace(/\s+/g, ' ').trim();
      if (c.length <= 40) return c;
      const cut = c.slice(0, 39);
      const space = cut.lastIndexOf(' ');
      return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
    };
    const piece = fc.constantFrom('word', 'a', ' ', '\n', '\t', ' '.repeat(90), ' '.repeat(300), 'x'.repeat(50), '. ', 'é');
    let compared = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }).map((p) => p.join('')), fc.nat(), fc.nat(), (answer, x, y) => {
        const a = x % (answer.length + 1);
        const b = a + (y % (answer.length - a + 1));
        if (answer.slice(a, b).trim() === '') return;
        const structured: StructuredInput = { format: 'anthropic-blocks', citations: [{ ref: '1', refKind: 'id', answerStart: a, answerEnd: b }] };
        const claim = { index: 0, kind: 'sentence', text: answer, start: 0, end: answer.length, needs_citation: true, chunk_ids: [], citation_indexes: [] } as const;
        const chunks = [chunk('1')];
        const { mapping } = createResolver([], chunks, { structured });
        const { citations } = buildCitations({ answer, markers: [], mapping, claims: [{ ...claim, chunk_ids: [], citation_indexes: [] }], chunks, structured });
        expect(citations[0]?.marker).toBe(shown(answer.slice(a, b)));
        compared++;
      }),
      { numRuns: 1000 },
    );
    expect(compared).toBeGreaterThan(200);
  });
});
