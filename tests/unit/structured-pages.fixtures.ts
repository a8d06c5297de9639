// Realistic inputs for structured citations, written here: a PDF sent to the Anthropic
// Citations API as one document and pasted beside the answer as one chunk per page, every page
// titled like the document; answers in the API's content-block shape.
import type { AuditCase, Chunk } from '../../src/core/types';

export const REPORT_TITLE = 'Harbour Authority Annual Report 2023';

const PAGES: string[] = [
  'Harbour Authority Annual Report 2023. Presented to the city council in March 2024.',
  'Contents. Chair’s statement; operations; finances; environment; outlook.',
  'Chair’s statement. The year brought record traffic through the eastern terminal. Dredging of the main channel began in May and will continue into',
  'the autumn of 2024, when vessels of up to 14 metres draught can berth at any tide. The board thanks the pilots’ association.',
  'Operations. Container throughput rose to 412,000 TEU, up 9 % on 2022. Average berth waiting time fell to 6.5 hours.',
  'Cruise calls numbered 118, the highest since the terminal opened. Passenger numbers reached 231,000.',
  'Finances. Revenue was 84.2 million euros and the operating surplus 11.7 million euros. Capital spending on the channel was 26 million euros.',
  'The authority carries no debt maturing before 2029. Port dues were not raised in 2023.',
  'Environment. Shore power was installed at two cruise berths. Emissions from vessels at berth fell by 18 %.',
  'Water quality sampling found no breach of the bathing water standard at any of the six beaches monitored.',
  'Outlook. The board expects throughput to grow more slowly in 2024 as the channel works limit night arrivals.',
];

/** Eleven page chunks, ids p1…p11, all titled alike. */
export const PAGE_CHUNKS: Chunk[] = PAGES.map((text, i) => ({ id: `p${i + 1}`, title: REPORT_TITLE, page: i + 1, text }));

export function pageCitation(start: number, cited: string, end = start + 1, documentIndex: number | null = 0) {
  return {
    type: 'page_location',
    cited_text: cited,
    ...(documentIndex === null ? {} : { document_index: documentIndex }),
    document_title: REPORT_TITLE,
    start_page_number: start,
    end_page_number: end,
  };
}

export function textBlock(text: string, citations?: unknown[]) {
  return citations ? { type: 'text', text, citations } : { type: 'text', text };
}

/** A whole Messages API response around the blocks. */
export function message(blocks: unknown[]) {
  return {
    id: 'msg_local_fixture',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: blocks,
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 5120, output_tokens: 211 },
  };
}

export function caseOf(blocks: unknown[], chunks: Chunk[] = PAGE_CHUNKS): AuditCase {
  return { query: 'How did the port do in 2023?', answer: '', chunks, structured_citations: message(blocks) };
}
