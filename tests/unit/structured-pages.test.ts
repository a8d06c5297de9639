// Anthropic Citations API answers over a PDF pasted as one chunk per page (all titled alike):
// each page_location resolves to the pages it names, the cited text decides among them, and
// messages name chunks and the document, never the API's document_index.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../src/core/audit';
import { REPORT_TITLE, PAGE_CHUNKS, caseOf, pageCitation, textBlock } from './structured-pages.fixtures';

const allMessages = (r: ReturnType<typeof auditCase>) => r.findings.map((f) => f.message).join('\n');

describe('page_location over a PDF split per page', () => {
  it('resolves each citation to the page it names, not the first chunk with the title', () => {
    const r = auditCase(
      caseOf([
        textBlock('Container throughput rose to 412,000 TEU.', [pageCitation(5, 'Container throughput rose to 412,000 TEU, up 9 % on 2022. ')]),
        textBlock(' Revenue reached 84.2 million euros.', [pageCitation(7, 'Revenue was 84.2 million euros and the operating surplus 11.7 million euros.')]),
        textBlock(' Emissions at berth fell by 18 %.', [pageCitation(9, 'Emissions from vessels at berth fell by 18 %.')]),
      ]),
    );
    expect(r.citations.map((c) => c.chunk_id)).toEqual(['p5', 'p7', 'p9']);
    expect(r.citations.every((c) => c.source_verification?.status === 'VERIFIED')).toBe(true);
    expect(r.dimensions.accurate.status).toBe('NOT_CHECKED');
    expect(r.dimensions.exists.status).toBe('PASS');
    expect(r.findings.filter((f) => f.code === 'better_chunk' || f.code === 'quote_in_other_chunk')).toEqual([]);
  });

  it('works without document_index (the cookbook printer keeps only the title)', () => {
    const r = auditCase(caseOf([textBlock('Cruise calls reached 118.', [pageCitation(6, 'Cruise calls numbered 118, the highest since the terminal opened.', 7, null)])]));
    expect(r.citations[0]?.chunk_id).toBe('p6');
    expect(r.citations[0]?.source_verification?.status).toBe('VERIFIED');
  });

  it('lets the quote decide among the pages of a range, and verifies a quote across a page break', () => {
    const r = auditCase(
      caseOf([
        textBlock('Port dues stayed the same in 2023.', [pageCitation(7, 'Port dues were not raised in 2023.', 9)]),
        textBlock(' Channel dredging runs until the autumn of 2024.', [pageCitation(3, 'Dredging of the main channel began in May and will continue into the autumn of 2024', 5)]),
      ]),
    );
    const [dues, dredging] = r.citations;
    expect(dues?.chunk_id).toBe('p8');
    expect(dues?.source_chunk_ids).toEqual(['p7', 'p8']);
    expect(dues?.source_verification?.status).toBe('VERIFIED');
    expect(dredging?.chunk_id).toBe('p3');
    expect(dredging?.source_verification?.status).toBe('VERIFIED');
    // The claim counts both pages as cited: "2024" is on page 4.
    expect(r.findings.filter((f) => f.code === 'number_absent')).toEqual([]);
    expect(r.claims[r.citations[1]!.claim_index]?.chunk_ids).toEqual(['p3', 'p4']);
  });

  it('reports a cited text that is not on the cited page as a real finding, naming chunks and the title', () => {
    const r = auditCase(caseOf([textBlock('Port dues were not raised.', [pageCitation(7, 'Port dues were not raised in 2023.')])]));
    expect(r.citations[0]?.chunk_id).toBe('p7');
    expect(r.citations[0]?.source_verification?.status).toBe('LIKELY_FABRICATED');
    expect(r.dimensions.accurate.status).toBe('FAIL');
    const text = allMessages(r);
    expect(text).toContain('"p7"');
    expect(text).toContain(REPORT_TITLE);
    expect(text).not.toMatch(/source "0"/);
  });

  it('says which page is missing when the chunks do not hold it', () => {
    const r = auditCase(caseOf([textBlock('Revenue was 84.2 million euros.', [pageCitation(14, 'Revenue was 84.2 million euros')])]));
    expect(r.dimensions.exists.status).toBe('FAIL');
    const msg = r.findings.find((f) => f.check === 'exists')!.message;
    expect(msg).toContain(REPORT_TITLE);
    expect(msg).toContain('page 14');
    expect(msg).not.toMatch(/source "0"/);
  });

  it('keeps a plain position when every chunk is its own document', () => {
    const docs = PAGE_CHUNKS.slice(0, 3).map((c, i) => ({ id: `d${i}`, title: `Article ${i}`, text: c.text }));
    const r = auditCase(
      caseOf([textBlock('The report went to the council.', [{ type: 'char_location', cited_text: 'Presented to the city council in March 2024.', document_index: 0, document_title: 'Article 0', start_char_index: 38, end_char_index: 82 }])], docs),
    );
    expect(r.citations[0]?.chunk_id).toBe('d0');
    expect(r.citations[0]?.source_verification?.status).toBe('VERIFIED');
  });

  it('resolves char_location within a document split into chunks by the quote, ignoring whole-document offsets', () => {
    const split = [
      { id: 'a', title: 'Guide', text: 'Part one says the gate opens at nine.' },
      { id: 'b', title: 'Guide', text: 'Part two says the gate closes at six.' },
    ];
    const r = auditCase(
      caseOf([textBlock('The gate closes at six.', [{ type: 'char_location', cited_text: 'Part two says the gate closes at six.', document_index: 0, document_title: 'Guide', start_char_index: 38, end_char_index: 75 }])], split),
    );
    expect(r.citations[0]?.chunk_id).toBe('b');
    expect(r.citations[0]?.source_verification?.status).toBe('VERIFIED');
    expect(r.findings.filter((f) => f.check === 'quotes')).toEqual([]);
  });
});

describe('titles that repeat across separate documents', () => {
  it('keeps the plain position when that chunk holds the cited text', () => {
    const docs = [
      { id: 'w1', title: 'Cheetah', text: 'The cheetah is the fastest land animal.' },
      { id: 'w2', title: 'Cheetah', text: 'Cheetahs live in savannahs and arid mountains.' },
      { id: 'w3', title: 'Lion', text: 'Lions live in prides.' },
    ];
    // Without document_title: only document_index says which document.
    const cite = (i: number, quote: string) => [textBlock('A claim about big cats.', [{ type: 'char_location', cited_text: quote, document_index: i, start_char_index: 0, end_char_index: quote.length }])];
    const second = auditCase(caseOf(cite(1, 'Cheetahs live in savannahs and arid mountains.'), docs));
    expect(second.citations[0]?.chunk_id).toBe('w2');
    const third = auditCase(caseOf(cite(2, 'Lions live in prides.'), docs));
    expect(third.citations[0]?.chunk_id).toBe('w3');
    expect(third.dimensions.exists.status).toBe('PASS');
  });
});
