import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Chunk, StructuredCitation } from '../types';
import { findQuote, findQuoteIgnoringEdges } from '../text/quoteSearch';
import { normalizeStructured } from '../../../tests/factories/structured';
import { refKindFor } from './structuredCommon';

const chunks: Chunk[] = [
  { id: 'a', text: 'Alpha text.' },
  { id: 'b', text: 'Beta text.' },
];

/** Citations without raw, for compact expectations. */
function cits(v: unknown, answer = '', ch: Chunk[] = chunks): Omit<StructuredCitation, 'raw'>[] {
  const r = normalizeStructured(v, answer, ch);
  return (r.structured?.citations ?? []).map(({ raw: _raw, ...c }) => c);
}

describe('normalizeStructured: Anthropic content blocks', () => {
  const blocks = [
    { type: 'text', text: 'Intro. ' },
    {
      type: 'text',
      text: 'Alpha holds.',
      citations: [{ type: 'char_location', cited_text: 'Alpha text.', document_index: 0, document_title: 'A', start_char_index: 0, end_char_index: 11 }],
    },
    { type: 'text', text: ' And beta.', citations: [{ type: 'page_location', cited_text: 'Beta', document_index: 1, start_page_number: 2, end_page_number: 3 }] },
    { type: 'tool_use', id: 't1', name: 'search', input: {} },
  ];

  it('joins block texts into the answer and spans each citation over its block', () => {
    const r = normalizeStructured(blocks, '', chunks);
    expect(r.errors).toEqual([]);
    expect(r.structured?.format).toBe('anthropic-blocks');
    expect(r.structured?.answer).toBe('Intro. Alpha holds. And beta.');
    expect(cits(blocks)).toEqual([
      { ref: '0', refKind: 'index0', location: 'char_location', quote: 'Alpha text.', documentTitle: 'A', sourceStart: 0, sourceEnd: 11, answerStart: 7, answerEnd: 19 },
      { ref: '1', refKind: 'index0', location: 'page_location', quote: 'Beta', page: 2, pageEnd: 3, answerStart: 19, answerEnd: 29 },
    ]);
    expect(r.structured?.citations[0]?.raw).toEqual(blocks[1]?.citations?.[0]);
  });

  it('accepts a whole Message ({content: [...]}) and the cookbook printer ({blocks: [...]}, titles only)', () => {
    expect(normalizeStructured({ role: 'assistant', content: blocks }, '', chunks).structured?.answer).toBe('Intro. Alpha holds. And beta.');
    const printed = { blocks: [{ text: 'X. ' }, { text: 'Y.', citations: [{ cited_text: 'y', start_char_index: 3, end_char_index: 4, document_title: 'Doc Y' }] }] };
    expect(cits(printed)).toEqual([{ ref: 'Doc Y', refKind: 'title', location: 'char_location', quote: 'y', documentTitle: 'Doc Y', sourceStart: 3, sourceEnd: 4, answerStart: 3, answerEnd: 5 }]);
  });

  it('reads content_block_location and a single block object', () => {
    const block = { type: 'text', text: 'Fact.', citations: [{ type: 'content_block_location', cited_text: 'x', document_index: 3, start_block_index: 0, end_block_index: 1 }] };
    expect(cits(block)).toEqual([{ ref: '3', refKind: 'index0', location: 'content_block_location', quote: 'x', blockStart: 0, blockEnd: 1, answerStart: 0, answerEnd: 5 }]);
  });

  it('reports a citation that names no document, keeping the rest', () => {
    const r = normalizeStructured([{ type: 'text', text: 'a', citations: [{ type: 'char_location', cited_text: 'q', start_char_index: 0, end_char_index: 1 }] }], '', chunks);
    expect(r.structured?.citations).toEqual([]);
    expect(r.errors).toEqual(['[0].citations[0]: the citation names no document (expected document_index or document_title)']);
  });
});

describe('normalizeStructured: {answer, citations}', () => {
  it('reads offset citations with chunk ids, and page-only citations as 1-based positions', () => {
    const v = { answer: 'Ans.', citations: [{ chunk_id: 'a', start: 0, end: 5, quote: 'Alpha' }, { page: 2, start: 0, end: 4, quote: 'Beta' }] };
    const r = normalizeStructured(v, '', chunks);
    expect(r.structured?.format).toBe('offset-citations');
    expect(r.structured?.answer).toBe('Ans.');
    expect(cits(v)).toEqual([
      { ref: 'a', refKind: 'id', location: 'offsets', sourceStart: 0, sourceEnd: 5, quote: 'Alpha' },
      { ref: '2', refKind: 'index1', location: 'offsets', sourceStart: 0, sourceEnd: 4, quote: 'Beta', page: 2 },
    ]);
  });

  it('reads a page-only citation as the chunk of that page when the chunks carry pages', () => {
    const paged: Chunk[] = [
      { id: 'p3', page: 3, text: 'Chapter three. The fee is 50 EUR.' },
      { id: 'p4a', page: 4, text: 'Chapter four.' },
      { id: 'p4b', page: 4, text: 'Refunds take 14 days.' },
    ];
    const v = { answer: 'x', citations: [{ page: 4, start: 0, end: 21, quote: 'Refunds take 14 days.' }, { page: 3, start: 0, end: 5, quote: 'Chapter' }, { page: 9, start: 0, end: 1, quote: 'x' }] };
    expect(cits(v, '', paged).map((c) => [c.ref, c.refKind])).toEqual([
      ['p4b', 'id'],
      ['p3', 'id'],
      ['page 9', 'id'],
    ]);
  });

  it('resolves page citations of a document whose pages are out of order, many citations over the same chunks', () => {
    const doc: Chunk[] = [
      { id: 'c', title: 'Manual', page: 3, text: 'Page three says the fee is 50 EUR.' },
      { id: 'a', title: 'Manual', page: 1, text: 'Page one says nothing.' },
      { id: 'b1', title: 'Manual', page: 2, text: 'Page two starts here.' },
      { id: 'b2', title: 'Manual', page: 2, text: 'Refunds take 14 days.' },
    ];
    const at = (from: number, to: number, quote: string) => ({ type: 'text', text: 'X. ', citations: [{ type: 'page_location', cited_text: quote, document_index: 0, document_title: 'Manual', start_page_number: from, end_page_number: to }] });
    const content = [at(2, 4, 'Refunds take 14 days.'), at(2, 3, 'nowhere at all'), at(1, 3, 'Page two starts'), at(3, 4, 'fee is 50'), at(5, 9, 'x'), at(2, 4, 'Refunds take 14 days.')];
    expect(cits({ content }, '', doc).map((c) => [c.ref, c.chunkIds])).toEqual([
      ['b2', ['c', 'b1', 'b2']],
      ['b1', ['b1', 'b2']],
      ['b1', ['a', 'b1', 'b2']],
      ['c', ['c']],
      ['Manual, pages 5–8', undefined],
      ['b2', ['c', 'b1', 'b2']],
    ]);
  });

  describe('char citations of a document split into chunks: the chunks the cited text lies in', () => {
    const doc: Chunk[] = [
      { id: 'g1', title: 'Guide', text: 'The gate is ineffective, say the guards.' },
      { id: 'g2', title: 'Guide', text: 'Tickets cost 12 EUR, the museum says; the pro-\ncedure is simple.' },
      { id: 'g3', title: 'Guide', text: 'The museum opens at nine and' },
      { id: 'g4', title: 'Guide', text: 'closes at six every day. The gate is effective.' },
      { id: 'g5', title: 'Guide', text: 'Tickets cost 12 EUR, the museum says.' },
      { id: 'g6', title: 'Guide', text: '' },
    ];
    const at = (quote: string | undefined, start = 0, end = 10) => ({
      type: 'text',
      text: 'X. ',
      citations: [{ type: 'char_location', ...(quote !== undefined ? { cited_text: quote } : {}), document_index: 0, document_title: 'Guide', start_char_index: start, end_char_index: end }],
    });
    const read = (...blocks: ReturnType<typeof at>[]) => cits({ content: blocks }, '', doc).map((c) => [c.ref, c.chunkIds]);

    it('the first chunk holding it, as a chunk-by-chunk search finds it (edges, hyphenation, a word it must not cut)', () => {
      expect(
        read(
          at('Tickets cost 12 EUR'),
          at('"the museum says."'),
          at('The gate is effective.'),
          at('"effective."'),
          at('the procedure is simple'),
        ),
      ).toEqual([
        ['g2', ['g2']],
        ['g2', ['g2']],
        ['g4', ['g4']],
        // "effective." must not match inside "ineffective," of g1.
        ['g4', ['g4']],
        ['g2', ['g2']],
      ]);
    });

    it('chooses the chunk a search of each chunk in turn chooses (the same quote cited by pages 1–n)', () => {
      const word = fc.constantFrom('gate', 'Gate', 'in-', 'effective', 'ineffective', 'pro-\ncedure', 'procedure', 'the', '12', 'EUR,', '"', '…', '...', '.', ',', ' ', '  ', '\n');
      const text = fc.array(word, { maxLength: 14 }).map((w) => w.join(' '));
      fc.assert(
        fc.property(fc.array(text, { minLength: 2, maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 6 }), (texts, quotes) => {
          const paged = texts.map((t, k) => ({ id: `c${k}`, title: 'Doc', page: k + 1, text: t }));
          const cite = (q: string, where: Record<string, unknown>) => ({ type: 'text', text: 'X. ', citations: [{ ...where, cited_text: q, document_index: 0, document_title: 'Doc' }] });
          const byChar = cits({ content: quotes.map((q) => cite(q, { type: 'char_location', start_char_index: 0, end_char_index: 1 })) }, '', paged);
          const byPages = cits({ content: quotes.map((q) => cite(q, { type: 'page_location', start_page_number: 1, end_page_number: texts.length + 1 })) }, '', paged);
          byChar.forEach((c, k) => {
            const q = quotes[k]!;
            const holding = paged.filter((ch) => q.trim() !== '' && (findQuote(q, ch.text) ?? findQuoteIgnoringEdges(q, ch.text)));
            // Where no chunk holds the quote the two readings differ by design (see the tests below).
            if (holding.length > 0) {
              expect(c.ref, JSON.stringify(q)).toBe(holding[0]!.id);
              expect(byPages[k]!.ref, JSON.stringify(q)).toBe(holding[0]!.id);
              expect(c.chunkIds).toEqual([holding[0]!.id]);
            }
          });
        }),
        { numRuns: 400 },
      );
    });

    it('a quote across a chunk break credits the chunks it runs over; one with elisions the chunks between its parts', () => {
      expect(read(at('The museum opens at nine and closes at six every day.'), at('museum opens … every day'))).toEqual([
        ['g3', ['g3', 'g4']],
        ['g3', ['g3', 'g4']],
      ]);
    });

    it('a quote found nowhere (or none) credits where the offsets fall in the chunks read in order, else the first chunk', () => {
      const g3 = doc[0]!.text.length + 1 + doc[1]!.text.length + 1;
      expect(read(at('The harbour froze over in winter.', g3 + 4, g3 + 40), at(undefined, g3 + 4, g3 + 10), at('The harbour froze.', 9_000, 9_010))).toEqual([
        ['g3', ['g3', 'g4']],
        ['g3', ['g3']],
        ['g1', ['g1']],
      ]);
    });
  });

  it('reads id lists: ids when they match, else positions (0-based only when a 0 appears)', () => {
    expect(cits({ answer: 'x', citations: ['a', 'b'] }).map((c) => [c.ref, c.refKind])).toEqual([
      ['a', 'id'],
      ['b', 'id'],
    ]);
    expect(cits({ answer: 'x', citations: [1, 2] }).map((c) => c.refKind)).toEqual(['index1', 'index1']);
    expect(cits({ answer: 'x', citations: [0, 1] }).map((c) => c.refKind)).toEqual(['index0', 'index0']);
    const numeric: Chunk[] = [
      { id: '1', text: '' },
      { id: '3', text: '' },
    ];
    expect(cits({ answer: 'x', citations: [1, 3] }, '', numeric).map((c) => c.refKind)).toEqual(['id', 'id']);
    expect(normalizeStructured({ answer: 'x', citations: [] }, '', chunks).structured).toEqual({ format: 'id-list', answer: 'x', citations: [] });
  });

  it('reads id + quote lists, bare or wrapped (LangChain QuotedAnswer)', () => {
    expect(cits([{ id: 'b', quote: 'Beta' }])).toEqual([{ ref: 'b', refKind: 'id', location: 'id', quote: 'Beta' }]);
    const r = normalizeStructured({ answer: 'A.', citations: [{ source_id: 0, quote: 'Alpha' }] }, '', chunks);
    expect(r.structured?.format).toBe('id-list');
    expect(r.structured?.citations.map((c) => [c.ref, c.refKind, c.quote])).toEqual([['0', 'index0', 'Alpha']]);
  });

  it('accepts the value doubly encoded as a JSON string', () => {
    const r = normalizeStructured(JSON.stringify({ answer: 'A [1].', citations: [1] }), '', chunks);
    expect(r.structured?.format).toBe('id-list');
    expect(r.structured?.answer).toBe('A [1].');
    expect(normalizeStructured(JSON.stringify(JSON.stringify([{ id: 'a', quote: 'q' }])), '', chunks).structured?.citations).toHaveLength(1);
    expect(normalizeStructured('{"answer": ', '', chunks).errors[0]).toContain('does not parse');
  });
});

describe('normalizeStructured: spans into the answer', () => {
  it('reads Cohere spans, one citation per source, with the documents as chunks', () => {
    const answer = 'Join Slack. Play games.';
    const spans = [
      { start: 0, end: 10, text: 'Join Slack', sources: [{ type: 'document', id: 'doc:1', document: { id: 'doc:1', text: 'Slack doc' } }] },
      { start: 12, end: 22, text: 'Play games', sources: [{ id: 'doc:0', document: { id: 'doc:0', text: 'Games doc' } }, { id: 'doc:1' }] },
    ];
    const r = normalizeStructured(spans, answer, []);
    expect(r.errors).toEqual([]);
    expect(r.structured?.format).toBe('cohere-spans');
    expect(r.structured?.answer).toBeUndefined();
    expect(r.structured?.citations.map((c) => [c.ref, c.refKind, c.answerStart, c.answerEnd])).toEqual([
      ['doc:1', 'id', 0, 10],
      ['doc:0', 'id', 12, 22],
      ['doc:1', 'id', 12, 22],
    ]);
    expect(r.structured?.chunks).toEqual([
      { id: 'doc:1', text: 'Slack doc' },
      { id: 'doc:0', text: 'Games doc' },
    ]);
  });

  it('reads Cohere v1 ({text, citations: [{document_ids}], documents}) and v2 responses ({message})', () => {
    const v1 = { text: 'Alpha is here.', citations: [{ start: 0, end: 5, text: 'Alpha', document_ids: ['doc_0'] }], documents: [{ id: 'doc_0', snippet: 'Alpha text' }] };
    const r1 = normalizeStructured(v1, '', []);
    expect(r1.structured?.answer).toBe('Alpha is here.');
    expect(r1.structured?.citations.map((c) => c.ref)).toEqual(['doc_0']);
    expect(r1.structured?.chunks?.map((c) => [c.id, c.text])).toEqual([['doc_0', 'Alpha text']]);
    const v2 = { message: { role: 'assistant', content: [{ type: 'text', text: 'Beta is there.' }], citations: [{ start: 0, end: 4, text: 'Beta', sources: [{ id: 'doc:1' }] }] } };
    const r2 = normalizeStructured(v2, '', []);
    expect(r2.structured?.answer).toBe('Beta is there.');
    expect(r2.structured?.citations[0]).toMatchObject({ ref: 'doc:1', answerStart: 0, answerEnd: 4 });
  });

  it('moves a span to where its text is, and says so; reports text that is nowhere', () => {
    const r = normalizeStructured([{ start: 0, end: 4, text: 'Beta', sources: [{ id: 'b' }] }], 'x Beta y Beta', chunks);
    expect(r.structured?.citations[0]).toMatchObject({ answerStart: 2, answerEnd: 6 });
    expect(r.errors).toEqual(['[0]: span 0–4 does not hold "Beta"; moved to 2–6, where it is']);
    const gone = normalizeStructured([{ start: 0, end: 50, text: 'Gamma', sources: [{ id: 'b' }] }], 'x Beta', chunks);
    expect(gone.structured?.citations[0]?.answerStart).toBeUndefined();
    expect(gone.errors[0]).toContain('the answer has no "Gamma"');
  });

  it('reads span offsets counted in code points (Python) after an emoji, with or without the span text', () => {
    const answer = '🚀 Falcon 9 přistála v roce 2015. Žádná raketa 🛰️ to předtím nedokázala.';
    const cpAt = (sub: string) => [...answer.slice(0, answer.indexOf(sub))].length;
    const span = (sub: string, id: string, withText: boolean) => ({ start: cpAt(sub), end: cpAt(sub) + [...sub].length, ...(withText ? { text: sub } : {}), sources: [{ id }] });
    for (const withText of [true, false]) {
      const r = normalizeStructured([span('přistála v roce 2015', 'a', withText), span('to předtím nedokázala', 'b', withText)], answer, chunks);
      expect(r.structured?.citations.map((c) => answer.slice(c.answerStart, c.answerEnd))).toEqual(['přistála v roce 2015', 'to předtím nedokázala']);
      expect(r.errors).toEqual(['the span offsets count Unicode code points (as Python does), not JavaScript string units; they were converted']);
    }
    // UTF-16 offsets are taken as they are.
    const utf16 = normalizeStructured([{ start: answer.indexOf('to před'), end: answer.length - 1, sources: [{ id: 'b' }] }], answer, chunks);
    expect(utf16.errors).toEqual([]);
    expect(answer.slice(utf16.structured?.citations[0]?.answerStart, utf16.structured?.citations[0]?.answerEnd)).toBe('to předtím nedokázala');
  });

  it('reads marker span lists (Liu et al. 2023) as refs with the marker spans', () => {
    const answer = 'Cameras help.[1] [2] Privacy[3].';
    const spans = [
      { text: '[1]', start_index: 13, end_index: 16, link_target: 'https://a' },
      { text: '[2]', start_index: 17, end_index: 20, link_target: 'https://b' },
      { text: '[3]', start_index: 28, end_index: 31, link_target: 'https://c' },
    ];
    const numeric: Chunk[] = ['1', '2', '3'].map((id) => ({ id, text: '' }));
    expect(cits(spans, answer, numeric).map((c) => [c.ref, c.refKind, answer.slice(c.answerStart, c.answerEnd)])).toEqual([
      ['1', 'id', '[1]'],
      ['2', 'id', '[2]'],
      ['3', 'id', '[3]'],
    ]);
    expect(cits(spans, answer, chunks).map((c) => c.refKind)).toEqual(['index1', 'index1', 'index1']);
  });
});

describe('normalizeStructured: Azure OpenAI On Your Data', () => {
  const citations = [
    { content: 'first text', id: null, title: 'T1', filepath: 'a.txt', url: null, metadata: null, chunk_id: '0' },
    { content: 'second text', id: null, title: null, filepath: null, url: null, metadata: null, chunk_id: '0' },
  ];

  it('decodes the JSON string in the tool message into chunks doc1..docN and cites the [docN] markers', () => {
    const v = { messages: [{ role: 'tool', content: JSON.stringify({ citations, intent: '[]' }), end_turn: false }] };
    const answer = 'One [doc1]. Two [doc2]. Again [doc1].';
    const r = normalizeStructured(v, answer, []);
    expect(r.errors).toEqual([]);
    expect(r.structured?.format).toBe('azure-on-your-data');
    expect(r.structured?.chunks).toEqual([
      { id: 'doc1', text: 'first text', title: 'T1', filepath: 'a.txt', chunk_id: '0' },
      { id: 'doc2', text: 'second text', chunk_id: '0' },
    ]);
    expect(r.structured?.citations.map((c) => [c.ref, c.refKind, answer.slice(c.answerStart, c.answerEnd)])).toEqual([
      ['doc1', 'id', '[doc1]'],
      ['doc2', 'id', '[doc2]'],
      ['doc1', 'id', '[doc1]'],
    ]);
    expect(r.structured?.citations[1]?.raw).toEqual(citations[1]);
  });

  it('finds the citations under context.messages and choices[0].message.context, with the assistant answer', () => {
    const nested = { context: { messages: [{ role: 'tool', content: JSON.stringify({ citations }) }] } };
    expect(normalizeStructured(nested, 'X [doc2].', []).structured?.citations.map((c) => c.ref)).toEqual(['doc2']);
    const full = { choices: [{ message: { role: 'assistant', content: 'Yes [doc1]. No [doc3].', context: { citations } } }] };
    const r = normalizeStructured(full, '', []);
    expect(r.structured?.answer).toBe('Yes [doc1]. No [doc3].');
    expect(r.structured?.citations.map((c) => c.ref)).toEqual(['doc1', 'doc3']);
    expect(r.errors).toEqual(['choices[0].message.context.citations: the answer cites [doc3] but there are only 2 citations']);
  });

  it('cites by position when the case chunks are not named docN', () => {
    const v = { messages: [{ role: 'tool', content: JSON.stringify({ citations }) }] };
    expect(cits(v, 'A [doc2].', chunks).map((c) => [c.ref, c.refKind])).toEqual([['2', 'index1']]);
  });
});

describe('normalizeStructured: unknown shapes', () => {
  it('says what was expected', () => {
    for (const v of [{ foo: 1 }, 5, 'hello', null, true, [{ x: 1 }]]) {
      const r = normalizeStructured(v, '', chunks);
      expect(r.structured).toBeUndefined();
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toContain('expected Anthropic content blocks');
    }
    expect(normalizeStructured({ query: 'q', answer: 'a', chunks: [] }, '', chunks).errors[0]).toContain('whole audit case');
  });
});

describe('refKindFor', () => {
  it('follows the data: ids, numeric chunk ids, 0-based when a 0 appears, else 1-based', () => {
    expect(refKindFor(['a'], chunks)).toBe('id');
    expect(refKindFor(['1'], [])).toBe('id');
    expect(refKindFor(['x9'], chunks)).toBe('id');
    expect(refKindFor(['4'], [{ id: '1', text: '' }])).toBe('id');
    expect(refKindFor(['0', '1'], chunks)).toBe('index0');
    expect(refKindFor(['2'], chunks)).toBe('index1');
  });
});

describe('normalizeStructured: OpenAI annotations', () => {
  const text = 'Leave is 25 days a year. Remote work needs approval.';

  it('reads Responses API file citations: the point after the cited words, the file id as ref', () => {
    const response = {
      object: 'response',
      output: [
        { type: 'file_search_call', id: 'fs_1', status: 'completed' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text, annotations: [{ type: 'file_citation', index: 24, file_id: 'file-a', filename: 'a.pdf' }, { type: 'file_path', file_path: { file_id: 'x' }, index: 0 }] }] },
      ],
    };
    const r = normalizeStructured(response, '', chunks);
    expect(r.errors).toEqual([]);
    expect(r.structured?.format).toBe('openai-annotations');
    expect(r.structured?.answer).toBe(text);
    expect(r.structured?.citations.map((c) => [c.ref, c.refKind, text.slice(c.answerStart, c.answerEnd)])).toEqual([['file-a', 'id', 'Leave is 25 days a year.']]);
  });

  it('spans each point citation from the start of its sentence, wherever the points are (a walk back from each point, for reference)', () => {
    const walkBack = (t: string, index: number): number => {
      let k = index;
      while (k > 0 && /[\s.!?]/.test(t[k - 1]!)) k--;
      while (k > 0 && !(t[k - 1] === '\n' || ('.!?'.includes(t[k - 1]!) && /\s/.test(t[k] ?? '')))) k--;
      while (k < index && /\s/.test(t[k]!)) k++;
      return k;
    };
    const piece = fc.constantFrom('a', 'word', ' ', '  ', '.', '. ', '!', '?', '\n', 'x.y', '\t');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), fc.array(fc.nat(), { maxLength: 8 }), (t, points) => {
        const indexes = points.map((p) => p % (t.length + 1));
        const annotations = indexes.map((index) => ({ type: 'file_citation', index, file_id: 'f' }));
        const r = normalizeStructured({ type: 'output_text', text: t, annotations }, '', chunks);
        expect(r.structured?.citations.map((c) => [c.answerStart, c.answerEnd])).toEqual(indexes.map((i) => [walkBack(t, i), i]));
      }),
      { numRuns: 500 },
    );
  });

  it('reads Chat Completions url citations and Assistants file citations, checking spans against the marker text', () => {
    const chat = { choices: [{ message: { role: 'assistant', content: text, annotations: [{ type: 'url_citation', url_citation: { start_index: 25, end_index: 52, url: 'https://x.org/remote', title: 'Remote' } }] } }] };
    const c = normalizeStructured(chat, '', chunks);
    expect(c.structured?.citations.map((x) => [x.ref, text.slice(x.answerStart, x.answerEnd)])).toEqual([['https://x.org/remote', 'Remote work needs approval.']]);
    const value = 'Leave is 25 days【4:0†a.pdf】.';
    const at = value.indexOf('【');
    const assistants = { role: 'assistant', content: [{ type: 'text', text: { value, annotations: [{ type: 'file_citation', text: '【4:0†a.pdf】', start_index: at + 2, end_index: at + 13, file_citation: { file_id: 'file-a', quote: '25 days' } }] } }] };
    const a = normalizeStructured(assistants, '', chunks);
    expect(a.structured?.citations.map((x) => [x.ref, x.quote, value.slice(x.answerStart, x.answerEnd)])).toEqual([['file-a', '25 days', '【4:0†a.pdf】']]);
    expect(a.errors[0]).toContain('moved to');
  });
});

