// Quick fixes of structured answers (fixStructured.ts): per kind, the fix edits only the value it
// fixes, the JSON stays valid and keeps its layout elsewhere, the finding goes and no error comes;
// and the near misses where no fix may be offered.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { fixesFor, type Fix, type FixInput } from './fixes';
import { applyEdits } from '../../../tests/factories/applyEdits';
import { parseAnswerInput } from '../parse/answer';
import type { AuditCase, AuditOptions, Chunk, Finding, Report } from '../types';

const SHOP: Chunk[] = [
  { id: 'ship', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: 'returns', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
  { id: 'pw', text: 'Password reset: open account settings and choose change password.' },
];

/** Two documents of two pages each, 'Guide' then 'Prices'. */
const MUSEUM: Chunk[] = [
  { id: 'g1', page: 1, title: 'Guide', text: 'The museum opens at 9 am on weekdays.' },
  { id: 'g2', page: 2, title: 'Guide', text: 'The café on the ground floor serves lunch.' },
  { id: 'm1', page: 1, title: 'Prices', text: 'General admission is free on Sundays.' },
  { id: 'm2', page: 2, title: 'Prices', text: 'Tickets cost 12 euros for adults and 6 euros for children.' },
];

interface Setup {
  text: string;
  report: Report;
  input: FixInput;
  audit: (text: string) => Report;
}

/** The Answer editor holding `text` (a structured answer), audited as the page does. */
function setup(text: string, chunks: Chunk[], opts: AuditOptions = {}): Setup {
  const run = (t: string) => {
    const parsed = parseAnswerInput(t, chunks);
    expect(parsed.format, parsed.errors.map((e) => e.message).join('; ')).not.toBe('json-unknown');
    const c: AuditCase = { query: 'How do returns and shipping work?', answer: parsed.answer, chunks, structured_citations: JSON.parse(t) };
    return { c, parsed, report: auditCase(c, opts) };
  };
  const { c, parsed, report } = run(text);
  const input: FixInput = { answer: parsed.answer, chunks, report, structuredText: text, recheck: { case: c, options: opts } };
  return { text, report, input, audit: (t) => run(t).report };
}

function findingOf(report: Report, code: string): Finding {
  const f = report.findings.find((x) => x.code === code);
  if (!f) throw new Error(`no ${code} finding in ${JSON.stringify(report.findings.map((x) => x.code))}`);
  return f;
}

const errorCodes = (r: Report) => r.findings.filter((f) => f.severity === 'error').map((f) => f.code).sort();

/** The fix applied: valid JSON, the text outside the edits unchanged, the finding gone, no new error. */
function applyChecked(s: Setup, f: Finding, fix: Fix): { fixed: string; after: Report } {
  expect(fix.target).toBe('editor');
  const fixed = applyEdits(s.text, fix.edits);
  expect(() => JSON.parse(fixed) as unknown).not.toThrow();
  // Layout kept: what lies outside the edited values is the same text.
  let at = 0;
  for (const e of [...fix.edits].sort((a, b) => a.start - b.start)) {
    expect(fixed).toContain(s.text.slice(at, e.start));
    at = e.end;
  }
  expect(fixed.endsWith(s.text.slice(at))).toBe(true);
  const after = s.audit(fixed);
  expect(after.findings.filter((x) => x.code === f.code).length).toBeLessThan(s.report.findings.filter((x) => x.code === f.code).length);
  for (const code of new Set(errorCodes(after))) expect(errorCodes(after).filter((c) => c === code).length, code).toBeLessThanOrEqual(errorCodes(s.report).filter((c) => c === code).length);
  return { fixed, after };
}

describe('structured fixes: a citation naming a chunk that is not there', () => {
  it('an unknown chunk_id with a quote → the chunk holding the quote, the rest of the JSON as it was', () => {
    const value = {
      answer: 'Items can be returned within 30 days. Standard shipping takes 3-5 business days.',
      citations: [
        { chunk_id: 'refunds-2', quote: 'items can be returned within 30 days' },
        { chunk_id: 'ship', quote: 'standard shipping takes 3-5 business days' },
      ],
    };
    const s = setup(JSON.stringify(value, null, 4), SHOP);
    const f = findingOf(s.report, 'unknown_chunk');
    const fixes = fixesFor(s.input, f);
    // Only the chunk holding the quote: any other would leave the quote unfound.
    expect(fixes.map((x) => x.chunkId)).toEqual(['returns']);
    expect(fixes[0]).toMatchObject({ kind: 'replace_ref', text: '"returns"', preferred: true });
    const { fixed, after } = applyChecked(s, f, fixes[0]!);
    expect(fixed).toBe(s.text.replace('"refunds-2"', '"returns"'));
    expect(after.dimensions.exists.status).toBe('PASS');
  });

  it('near miss: a quote that no chunk holds gets no fix (any chunk would leave it unfound)', () => {
    const value = { answer: 'Items can be returned within 90 days.', citations: [{ chunk_id: 'refunds-2', quote: 'returns are accepted for ninety days' }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    expect(fixesFor(s.input, findingOf(s.report, 'unknown_chunk'))).toEqual([]);
  });

  it('an id out of range in a list of positions → a position in range, still a number, best match first', () => {
    const value = { answer: 'Items can be returned within 30 days for a full refund. Standard shipping takes 3-5 business days.', citations: [7, 1] };
    const s = setup(JSON.stringify(value), SHOP);
    const f = findingOf(s.report, 'ref_out_of_range');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ chunkId: 'returns', text: '2', preferred: true });
    const { fixed } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed)).toEqual({ ...value, citations: [2, 1] });
    // Position 1 is taken by the other citation's chunk; offered too, since citing it twice is no error.
    for (const x of fixes) expect(JSON.parse(applyEdits(s.text, x.edits)).citations[1]).toBe(1);
  });

  it('near miss: no other chunk has text → no fix', () => {
    const chunks: Chunk[] = [SHOP[0]!, { id: 'blank', text: '  ' }];
    const value = { answer: 'Standard shipping takes 3-5 business days.', citations: [{ chunk_id: 'nope' }] };
    const s = setup(JSON.stringify(value), chunks);
    const f = findingOf(s.report, 'unknown_chunk');
    expect(fixesFor(s.input, f).map((x) => x.chunkId)).toEqual(['ship']);
    const s2 = setup(JSON.stringify(value), [{ id: 'blank', text: '  ' }]);
    expect(fixesFor(s2.input, findingOf(s2.report, 'unknown_chunk'))).toEqual([]);
  });

  it('near miss: a chunk too short for the offsets the citation gives is not offered (its offsets would be out of bounds)', () => {
    const value = { answer: 'Items can be returned within 30 days for a full refund.', citations: [{ chunk_id: 'nope', start: 0, end: 80 }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const fixes = fixesFor(s.input, findingOf(s.report, 'unknown_chunk'));
    expect(SHOP.find((c) => c.id === 'pw')!.text.length).toBeLessThan(80);
    expect(fixes.map((x) => x.chunkId).sort()).toEqual(['returns', 'ship']);
  });

  it('near miss: a chunk that would move the citation to another claim, leaving its claim uncited, is not offered', () => {
    const value = {
      answer: 'Items can be returned within 30 days for a full refund. Standard shipping takes 3-5 business days.',
      citations: [{ chunk_id: 'nope' }, { chunk_id: 'ship' }],
    };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    expect(s.report.dimensions.complete.status).toBe('PASS');
    const fixes = fixesFor(s.input, findingOf(s.report, 'unknown_chunk'));
    expect(fixes.map((x) => x.chunkId)).toContain('returns');
    expect(fixes.map((x) => x.chunkId)).not.toContain('ship');
    for (const x of fixes) expect(s.audit(applyEdits(s.text, x.edits)).dimensions.complete.status, x.chunkId).toBe('PASS');
  });

  it('an Anthropic citation of a document index past the documents → the index of the chunk holding cited_text, with its offsets', () => {
    const blocks = [
      { type: 'text', text: 'In short: ' },
      {
        type: 'text',
        text: 'items can be returned within 30 days',
        citations: [{ type: 'char_location', cited_text: 'items can be returned within 30 days', document_index: 5, document_title: 'Help', start_char_index: 0, end_char_index: 36 }],
      },
      { type: 'text', text: '.' },
    ];
    const s = setup(JSON.stringify({ content: blocks }, null, 2), SHOP);
    const f = s.report.findings.find((x) => x.dimension === 'exists' && x.severity === 'error')!;
    expect(f).toBeTruthy();
    const fixes = fixesFor(s.input, f);
    expect(fixes.map((x) => x.chunkId)).toEqual(['returns']);
    const { fixed } = applyChecked(s, f, fixes[0]!);
    const at = SHOP[1]!.text.indexOf('items can be returned within 30 days');
    expect(JSON.parse(fixed).content[1].citations[0]).toMatchObject({ document_index: 1, start_char_index: at, end_char_index: at + 36 });
  });

  it('an Anthropic page citation of a document past the documents → the index of the document holding the page, not the chunk’s position', () => {
    const chunks = MUSEUM;
    const cited = 'Tickets cost 12 euros for adults';
    const blocks = [{ type: 'text', text: 'Tickets cost 12 euros for adults.', citations: [{ type: 'page_location', cited_text: cited, document_index: 7, start_page_number: 2, end_page_number: 3 }] }];
    const s = setup(JSON.stringify(blocks, null, 2), chunks);
    const f = s.report.findings.find((x) => x.dimension === 'exists' && x.severity === 'error')!;
    expect(f).toBeTruthy();
    const fixes = fixesFor(s.input, f);
    expect(fixes.map((x) => x.chunkId)).toEqual(['m2']);
    const { fixed } = applyChecked(s, f, fixes[0]!);
    // 'Prices' is the second document (1); m2 is the fourth chunk (3), which the API would not say.
    expect(JSON.parse(fixed)[0].citations[0]).toEqual({ type: 'page_location', cited_text: cited, document_index: 1, start_page_number: 2, end_page_number: 3 });
  });

  it('an OpenAI file citation of a file that is not among the chunks → the file_id of another chunk', () => {
    const text = 'Items can be returned within 30 days for a full refund.';
    const value = { output: [{ type: 'message', content: [{ type: 'output_text', text, annotations: [{ type: 'file_citation', index: text.length, file_id: 'file-x9', filename: 'x.pdf' }] }] }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const f = findingOf(s.report, 'unknown_chunk');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ chunkId: 'returns', text: '"returns"', preferred: true });
    const { fixed } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed).output[0].content[0].annotations[0]).toMatchObject({ file_id: 'returns', filename: 'x.pdf' });
  });

  it('a page no chunk has → the page of the chunk holding the quote', () => {
    const chunks: Chunk[] = [
      { id: 'p1', page: 1, text: 'The museum opens at 9 am on weekdays.' },
      { id: 'p2', page: 2, text: 'Tickets cost 12 euros for adults and 6 euros for children.' },
    ];
    const value = { answer: 'Tickets cost 12 euros for adults.', citations: [{ page: 7, start: 0, end: 30, quote: 'Tickets cost 12 euros for adults' }] };
    const s = setup(JSON.stringify(value, null, 2), chunks);
    const f = findingOf(s.report, 'unknown_chunk');
    const fixes = fixesFor(s.input, f);
    expect(fixes.map((x) => x.chunkId)).toEqual(['p2']);
    const { fixed } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed).citations[0]).toMatchObject({ page: 2, start: 0, end: 32 });
  });

  it('a better chunk for a structured citation → that chunk', () => {
    const value = { answer: 'Items can be returned within 30 days for a full refund to the original payment method.', citations: [{ chunk_id: 'pw' }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const f = findingOf(s.report, 'better_chunk');
    const fixes = fixesFor(s.input, f);
    expect(fixes.map((x) => [x.chunkId, x.preferred])).toEqual([['returns', true]]);
    applyChecked(s, f, fixes[0]!);
  });

  it('offers nothing without the case to audit the fix again', () => {
    const value = { answer: 'Items can be returned within 30 days.', citations: [{ chunk_id: 'refunds-2' }] };
    const s = setup(JSON.stringify(value), SHOP);
    const { recheck: _, ...bare } = s.input;
    expect(fixesFor(bare, findingOf(s.report, 'unknown_chunk'))).toEqual([]);
    const f = findingOf(s.report, 'unknown_chunk');
    expect(fixesFor(s.input, f).length).toBeGreaterThan(0);
    // Asked again for the same report (each caret move over the finding): not audited again.
    expect(fixesFor(s.input, f)).toBe(fixesFor(s.input, f));
  });
});

describe('structured fixes: the answer text inside the JSON', () => {
  const REVENUE: Chunk[] = [{ id: 'r', text: 'Revenue grew by 14 % in 2021 and by 9 % in 2022; the company employed 1,250 people.' }];

  it('a number absent from the cited chunk → the chunk’s figure, written inside the JSON string (escapes kept)', () => {
    const value = { answer: 'In "2021":\nrevenue grew by 12 % [1].', citations: [{ chunk_id: 'r' }] };
    const s = setup(JSON.stringify(value, null, 2), REVENUE);
    const f = findingOf(s.report, 'number_absent');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ kind: 'replace_number', target: 'editor', text: '14 %', preferred: true });
    const { fixed } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed).answer).toBe('In "2021":\nrevenue grew by 14 % [1].');
    // The edit is the number alone, not the whole string.
    expect(fixes[0]!.edits).toHaveLength(1);
    expect(fixes[0]!.edits[0]!.end - fixes[0]!.edits[0]!.start).toBe(4);
  });

  it('near miss: a number whose replacement would move the answer offsets a Cohere span states → no fix', () => {
    const chunks: Chunk[] = [{ id: 'r', text: 'Revenue grew by 14 % in 2021; the company employed 1,250 people.' }];
    const answer = 'The company employed 980 people. Revenue grew by 14 % in 2021.';
    const value = { text: answer, citations: [{ start: 0, end: 31, text: 'The company employed 980 people', document_ids: ['r'] }, { start: 33, end: 61, text: answer.slice(33, 61), document_ids: ['r'] }] };
    const s = setup(JSON.stringify(value, null, 2), chunks);
    const f = findingOf(s.report, 'number_absent');
    expect(fixesFor(s.input, f)).toEqual([]);
  });

  it('a marker in the wrong style inside the answer string → converted, the backslash escaped in JSON', () => {
    const value = { answer: 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days [2].', citations: [1, 2] };
    const s = setup(JSON.stringify(value, null, 2), SHOP, { requiredStyle: 'latex_cite' });
    const f = findingOf(s.report, 'wrong_style');
    const fixes = fixesFor(s.input, f);
    expect(fixes.map((x) => x.kind)).toEqual(['convert_style', 'convert_all_styles']);
    expect(fixes[0]).toMatchObject({ target: 'editor', preferred: true });
    const { fixed, after } = applyChecked(s, f, fixes[1]!);
    expect(JSON.parse(fixed).answer).toBe('Standard shipping takes 3-5 business days \\cite{ship}. Items can be returned within 30 days \\cite{returns}.');
    expect(after.dimensions.formatted.status).toBe('PASS');
  });

  it('near miss: markers whose spans the form states (marker spans) are not converted to a style of another length', () => {
    const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days [2].';
    const spans = ['[1]', '[2]'].map((m) => ({ text: m, start_index: answer.indexOf(m), end_index: answer.indexOf(m) + 3 }));
    const s = setup(JSON.stringify({ answer, citations: spans }, null, 2), SHOP, { requiredStyle: 'latex_cite' });
    const f = findingOf(s.report, 'wrong_style');
    expect(fixesFor(s.input, f)).toEqual([]);
    // The same markers without stated spans are converted.
    const free = setup(JSON.stringify({ answer, citations: [1, 2] }, null, 2), SHOP, { requiredStyle: 'latex_cite' });
    expect(fixesFor(free.input, findingOf(free.report, 'wrong_style')).length).toBeGreaterThan(0);
  });

  it('an inline marker naming no chunk inside the answer string → another chunk, the JSON citations untouched', () => {
    const value = { answer: 'Items can be returned within 30 days for a full refund [7].', citations: [] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const f = findingOf(s.report, 'ref_out_of_range');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ kind: 'replace_ref', target: 'editor', chunkId: 'returns', text: '[2]', preferred: true });
    const { fixed } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed)).toEqual({ ...value, answer: 'Items can be returned within 30 days for a full refund [2].' });
  });
});

describe('structured fixes: an uncited claim gets a citation in the form’s own shape', () => {
  const answer = 'Standard shipping takes 3-5 business days. Items can be returned within 30 days for a full refund.';

  it('Cohere spans → one more span over the claim naming the best chunk, field names as the others', () => {
    const value = { text: answer, citations: [{ start: 0, end: 42, text: answer.slice(0, 42), document_ids: ['ship'] }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const f = findingOf(s.report, 'uncited_claim');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ kind: 'insert_citation', target: 'editor', chunkId: 'returns', preferred: true });
    const { fixed, after } = applyChecked(s, f, fixes[0]!);
    const claim = 'Items can be returned within 30 days for a full refund.';
    const at = answer.indexOf(claim);
    expect(JSON.parse(fixed).citations[1]).toEqual({ start: at, end: at + claim.length, text: claim, document_ids: ['returns'] });
    expect(after.dimensions.complete.status).toBe('PASS');
    // Laid out as the list was: two-space indentation, one key a line.
    expect(fixed).toContain('\n    {\n      "start"');
  });

  it('citations carrying a quote → the chunk’s sentence that matches the claim, verbatim, with the others’ id style', () => {
    const value = { answer, citations: [{ source_id: 1, quote: 'standard shipping takes 3-5 business days' }] };
    const s = setup(JSON.stringify(value), SHOP);
    const f = findingOf(s.report, 'uncited_claim');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ chunkId: 'returns', text: '“Returns: items can be returned within…”' });
    const { fixed, after } = applyChecked(s, f, fixes[0]!);
    // Positions 1-based as the other citation's (ship = 1): returns = 2, a number as it was.
    expect(JSON.parse(fixed).citations[1]).toEqual({ source_id: 2, quote: SHOP[1]!.text });
    expect(after.dimensions.complete.status).toBe('PASS');
  });

  it('Anthropic content blocks → the claim’s block gets a char_location like the others’, cited_text from the chunk', () => {
    const blocks = [
      { type: 'text', text: 'Standard shipping takes 3-5 business days.', citations: [{ type: 'char_location', cited_text: SHOP[0]!.text, document_index: 0, document_title: null, start_char_index: 0, end_char_index: SHOP[0]!.text.length }] },
      { type: 'text', text: ' Items can be returned within 30 days for a full refund.' },
    ];
    const s = setup(JSON.stringify({ content: blocks }, null, 2), SHOP);
    const f = findingOf(s.report, 'uncited_claim');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ chunkId: 'returns', preferred: true });
    const { fixed, after } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed).content[1].citations).toEqual([
      { type: 'char_location', cited_text: SHOP[1]!.text, document_index: 1, document_title: null, start_char_index: 0, end_char_index: SHOP[1]!.text.length },
    ]);
    expect(after.dimensions.complete.status).toBe('PASS');
  });

  it('citations with chunk offsets and a quote → the sentence with its offsets in the chunk', () => {
    const value = { answer, citations: [{ chunk_id: 'ship', start: 19, end: 60, quote: SHOP[0]!.text.slice(19, 60) }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const f = findingOf(s.report, 'uncited_claim');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ chunkId: 'returns', preferred: true });
    const { fixed } = applyChecked(s, f, fixes[0]!);
    const text = SHOP[1]!.text;
    expect(JSON.parse(fixed).citations[1]).toEqual({ chunk_id: 'returns', start: 0, end: text.length, quote: text });
  });

  /** The museum answer over these page chunks: its first sentence cites page 1 of 'Guide', the second nothing. */
  const museumFixes = (chunks: Chunk[]) => {
    const blocks = [
      { type: 'text', text: 'The museum opens at 9 am on weekdays.', citations: [{ type: 'page_location', cited_text: chunks[0]!.text, document_index: 0, document_title: 'Guide', start_page_number: 1, end_page_number: 2 }] },
      { type: 'text', text: ' Tickets cost 12 euros for adults.' },
    ];
    const s = setup(JSON.stringify(blocks, null, 2), chunks);
    const f = findingOf(s.report, 'uncited_claim');
    return { s, f, fixes: fixesFor(s.input, f) };
  };

  it('Anthropic page_location → the chunk’s page, cited_text from it', () => {
    const chunks: Chunk[] = [
      { id: 'p1', page: 1, title: 'Guide', text: 'The museum opens at 9 am on weekdays.' },
      { id: 'p2', page: 2, title: 'Guide', text: 'Tickets cost 12 euros for adults and 6 euros for children.' },
    ];
    const { s, f, fixes } = museumFixes(chunks);
    expect(fixes.map((x) => x.chunkId)).toEqual(['p2']);
    const { fixed } = applyChecked(s, f, fixes[0]!);
    // Both chunks are pages of the one document 'Guide': document_index counts the request's
    // documents (not the chunks), so it stays 0 as in the other citation.
    expect(JSON.parse(fixed)[1].citations).toEqual([{ type: 'page_location', cited_text: chunks[1]!.text, document_index: 0, document_title: 'Guide', start_page_number: 2, end_page_number: 3 }]);
  });

  it('Anthropic page_location with two documents of several pages → the index of the chunk’s document, in the order documents first appear', () => {
    const chunks = MUSEUM;
    const { s, f, fixes } = museumFixes(chunks);
    expect(fixes[0]).toMatchObject({ chunkId: 'm2', preferred: true });
    const { fixed } = applyChecked(s, f, fixes[0]!);
    // Document 1 ('Prices'), its page 2: not chunk position 3.
    expect(JSON.parse(fixed)[1].citations).toEqual([{ type: 'page_location', cited_text: chunks[3]!.text, document_index: 1, document_title: 'Prices', start_page_number: 2, end_page_number: 3 }]);
  });

  it('near miss: a char_location in a document of several chunks gets no citation (its offsets count in the whole document)', () => {
    const chunks: Chunk[] = SHOP.map((c) => ({ ...c, title: 'Help centre' }));
    const blocks = [
      { type: 'text', text: 'Standard shipping takes 3-5 business days.', citations: [{ type: 'char_location', cited_text: SHOP[0]!.text, document_index: 0, document_title: 'Help centre', start_char_index: 0, end_char_index: SHOP[0]!.text.length }] },
      { type: 'text', text: ' Items can be returned within 30 days for a full refund.' },
    ];
    const s = setup(JSON.stringify(blocks), chunks);
    expect(fixesFor(s.input, findingOf(s.report, 'uncited_claim'))).toEqual([]);
  });

  it('Anthropic content_block_location, each chunk a document of one block → the chunk’s document, block 0, cited_text the whole block', () => {
    const blocks = [
      { type: 'text', text: 'Standard shipping takes 3-5 business days.', citations: [{ type: 'content_block_location', cited_text: SHOP[0]!.text, document_index: 0, document_title: null, start_block_index: 0, end_block_index: 1 }] },
      { type: 'text', text: ' Items can be returned within 30 days for a full refund.' },
    ];
    const s = setup(JSON.stringify(blocks), SHOP);
    const f = findingOf(s.report, 'uncited_claim');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ kind: 'insert_citation', chunkId: 'returns', preferred: true });
    const { fixed, after } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed)[1].citations).toEqual([
      { type: 'content_block_location', cited_text: SHOP[1]!.text, document_index: 1, document_title: null, start_block_index: 0, end_block_index: 1 },
    ]);
    expect(after.dimensions.complete.status).toBe('PASS');
  });

  it('Anthropic content_block_location, the chunks the blocks of one document → that document, the chunk’s block index', () => {
    const chunks: Chunk[] = SHOP.map((c) => ({ ...c, title: 'Help centre' }));
    const blocks = [
      { type: 'text', text: 'Standard shipping takes 3-5 business days.', citations: [{ type: 'content_block_location', cited_text: SHOP[0]!.text, document_index: 0, document_title: 'Help centre', start_block_index: 0, end_block_index: 1 }] },
      { type: 'text', text: ' Items can be returned within 30 days for a full refund.' },
    ];
    const s = setup(JSON.stringify(blocks, null, 2), chunks);
    const f = findingOf(s.report, 'uncited_claim');
    const fixes = fixesFor(s.input, f);
    expect(fixes[0]).toMatchObject({ chunkId: 'returns', preferred: true });
    const { fixed, after } = applyChecked(s, f, fixes[0]!);
    expect(JSON.parse(fixed)[1].citations).toEqual([
      { type: 'content_block_location', cited_text: SHOP[1]!.text, document_index: 0, document_title: 'Help centre', start_block_index: 1, end_block_index: 2 },
    ]);
    expect(after.dimensions.complete.status).toBe('PASS');
  });

  it('near miss: a content_block_location whose cited text is not the text of the blocks it names gets no citation (the chunks are not the blocks)', () => {
    // Its block 0 would be the chunk 'ship', but the cited text is only part of it: the document's
    // blocks are something else than the pasted chunks, and no block index can be derived.
    const part = 'standard shipping takes 3-5 business days';
    const blocks = [
      { type: 'text', text: 'Standard shipping takes 3-5 business days.', citations: [{ type: 'content_block_location', cited_text: part, document_index: 0, document_title: null, start_block_index: 0, end_block_index: 1 }] },
      { type: 'text', text: ' Items can be returned within 30 days for a full refund.' },
    ];
    const s = setup(JSON.stringify(blocks), SHOP);
    expect(fixesFor(s.input, findingOf(s.report, 'uncited_claim'))).toEqual([]);
    // Nor when the block range runs past the document's blocks.
    const past = [{ ...blocks[0]!, citations: [{ ...blocks[0]!.citations![0]!, cited_text: SHOP[0]!.text, end_block_index: 2 }] }, blocks[1]!];
    const s2 = setup(JSON.stringify(past), SHOP);
    expect(fixesFor(s2.input, findingOf(s2.report, 'uncited_claim'))).toEqual([]);
  });

  it('near miss: a claim whose words no chunk covers gets no citation', () => {
    const other = 'Standard shipping takes 3-5 business days. Gift cards never expire and can be used in any store.';
    const value = { text: other, citations: [{ start: 0, end: 42, text: other.slice(0, 42), document_ids: ['ship'] }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    expect(fixesFor(s.input, findingOf(s.report, 'uncited_claim'))).toEqual([]);
  });

  it('near miss: citations that carry no span and no quote (ids alone) cannot say which claim they cite → no fix', () => {
    const value = { answer: 'Standard shipping takes 3-5 business days. Items can be returned within 30 days for a full refund. Open account settings and choose change password.', citations: [{ chunk_id: 'ship' }] };
    const s = setup(JSON.stringify(value, null, 2), SHOP);
    const f = findingOf(s.report, 'uncited_claim');
    expect(fixesFor(s.input, f)).toEqual([]);
  });
});
