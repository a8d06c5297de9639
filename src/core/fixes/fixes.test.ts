import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import { fixesFor, fixKey, MAX_CHUNK_CHOICES, type Fix, type FixInput } from './fixes';
import { applyEdits } from '../../../tests/factories/applyEdits';
import type { AuditOptions, Chunk, Finding, Report } from '../types';

const SHOP: Chunk[] = [
  { id: '1', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: '2', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
  { id: '3', text: 'Password reset: open account settings and choose change password.' },
];

const NAMED: Chunk[] = [
  { id: 'doc-a', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
  { id: 'doc-b', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
  { id: 'doc-c', text: 'Password reset: open account settings and choose change password.' },
];

function audit(answer: string, chunks: Chunk[], opts: AuditOptions = {}, structured?: unknown): { input: FixInput; report: Report } {
  const report = auditCase({ query: 'How do returns and shipping work?', answer, chunks, ...(structured !== undefined ? { structured_citations: structured } : {}) }, opts);
  const input: FixInput = { answer, chunks, report, ...(structured !== undefined ? { structuredText: JSON.stringify(structured, null, 2) } : {}) };
  return { input, report };
}

function findingOf(report: Report, code: string, nth = 0): Finding {
  const f = report.findings.filter((x) => x.code === code)[nth];
  if (!f) throw new Error(`no ${code} finding in ${JSON.stringify(report.findings.map((x) => x.code))}`);
  return f;
}

const codes = (r: Report) => r.findings.map((f) => f.code);

describe('fixesFor: a hallucinated chunk id', () => {
  it('offers every chunk with text, the best match first and preferred, and the fix makes EXISTS pass', () => {
    const answer = 'Items can be returned within 30 days for a full refund [7].';
    const { input, report } = audit(answer, SHOP);
    const f = findingOf(report, 'unknown_chunk');
    const fixes = fixesFor(input, f);
    expect(fixes.map((x) => x.chunkId)).toEqual(['2', '1', '3']);
    expect(fixes[0]).toMatchObject({ kind: 'replace_ref', target: 'answer', preferred: true, text: '[2]', preview: 'Returns: items can be returned within 30 days…' });
    expect(fixes.slice(1).some((x) => x.preferred)).toBe(false);
    const fixed = applyEdits(answer, fixes[0]!.edits);
    expect(fixed).toBe('Items can be returned within 30 days for a full refund [2].');
    const after = audit(fixed, SHOP).report;
    expect(after.dimensions.exists.status).toBe('PASS');
    expect(codes(after)).not.toContain('unknown_chunk');
  });

  it('offers chunks but prefers none when no chunk covers the claim', () => {
    const answer = 'The warehouse is staffed by volunteers on weekends [9].';
    const { input, report } = audit(answer, SHOP);
    const fixes = fixesFor(input, findingOf(report, 'unknown_chunk'));
    expect(fixes).toHaveLength(3);
    expect(fixes.some((x) => x.preferred)).toBe(false);
  });

  it('skips empty chunks and caps the list', () => {
    const chunks: Chunk[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: String(i + 1), text: `Fact number ${i + 1} about the shop and its opening hours.` })),
      { id: '31', text: '   ' },
    ];
    const answer = 'The shop opens at nine [40].';
    const { input, report } = audit(answer, chunks);
    const fixes = fixesFor(input, findingOf(report, 'unknown_chunk'));
    expect(fixes).toHaveLength(MAX_CHUNK_CHOICES);
    expect(fixes.map((x) => x.chunkId)).not.toContain('31');
  });

  it('replaces only the bad reference of a marker with several', () => {
    const answer = 'Standard shipping takes 3-5 business days and returns are accepted within 30 days [1, 7].';
    const { input, report } = audit(answer, SHOP);
    const fixes = fixesFor(input, findingOf(report, 'unknown_chunk'));
    const to2 = fixes.find((x) => x.chunkId === '2')!;
    expect(applyEdits(answer, to2.edits)).toBe('Standard shipping takes 3-5 business days and returns are accepted within 30 days [1, 2].');
    // Chunk 1 is already in the marker: citing it twice is not offered.
    expect(fixes.map((x) => x.chunkId)).not.toContain('1');
  });

  it('writes ids in the \\cite{} style and positions for [n] over named chunks', () => {
    const latex = 'Items can be returned within 30 days for a full refund \\cite{doc-x}.';
    const a = audit(latex, NAMED);
    const fix = fixesFor(a.input, findingOf(a.report, 'unknown_chunk'))[0]!;
    expect(applyEdits(latex, fix.edits)).toBe('Items can be returned within 30 days for a full refund \\cite{doc-b}.');

    const numbered = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [5].';
    const b = audit(numbered, NAMED);
    const f = findingOf(b.report, 'ref_out_of_range');
    const fix2 = fixesFor(b.input, f)[0]!;
    expect(fix2.chunkId).toBe('doc-b');
    const fixed = applyEdits(numbered, fix2.edits);
    expect(fixed).toBe('Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].');
    expect(audit(fixed, NAMED).report.dimensions.exists.status).toBe('PASS');
  });

  it('a footnote pointing nowhere gets a label whose definition names the chunk', () => {
    const answer = 'Items can be returned within 30 days for a full refund [^1].\n\n[^1]: doc-z';
    const { input, report } = audit(answer, NAMED);
    const fixes = fixesFor(input, findingOf(report, 'unknown_chunk'));
    const fixed = applyEdits(answer, fixes[0]!.edits);
    const after = audit(fixed, NAMED).report;
    expect(after.dimensions.exists.status).toBe('PASS');
    expect(after.citations.map((c) => c.chunk_id)).toEqual(['doc-b']);
  });
});

describe('fixesFor: a better chunk', () => {
  it('cites the suggested chunk, and only that one', () => {
    const answer = 'Items can be returned within 30 days for a full refund [3].';
    const { input, report } = audit(answer, SHOP);
    const fixes = fixesFor(input, findingOf(report, 'better_chunk'));
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ chunkId: '2', preferred: true });
    const after = audit(applyEdits(answer, fixes[0]!.edits), SHOP).report;
    expect(codes(after)).not.toContain('better_chunk');
  });
});

describe('fixesFor: an uncited claim', () => {
  const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund.';

  it('inserts a citation of the covering chunk before the full stop, in the answer’s style', () => {
    const { input, report } = audit(answer, SHOP);
    const fixes = fixesFor(input, findingOf(report, 'uncited_claim'));
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ kind: 'insert_citation', chunkId: '2', text: '[2]', preferred: true });
    const fixed = applyEdits(answer, fixes[0]!.edits);
    expect(fixed).toBe('Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].');
    const after = audit(fixed, SHOP).report;
    expect(after.dimensions.complete.status).toBe('PASS');
  });

  it('follows a marker-after-the-full-stop habit and the \\cite{} and 【n】 styles', () => {
    const after = 'Standard shipping takes 3-5 business days.[1] Items can be returned within 30 days for a full refund.';
    const a = audit(after, SHOP);
    expect(applyEdits(after, fixesFor(a.input, findingOf(a.report, 'uncited_claim'))[0]!.edits)).toBe(
      'Standard shipping takes 3-5 business days.[1] Items can be returned within 30 days for a full refund.[2]',
    );
    const latex = 'Standard shipping takes 3-5 business days \\cite{doc-a}. Items can be returned within 30 days for a full refund.';
    const b = audit(latex, NAMED);
    const fixedLatex = applyEdits(latex, fixesFor(b.input, findingOf(b.report, 'uncited_claim'))[0]!.edits);
    expect(fixedLatex).toBe('Standard shipping takes 3-5 business days \\cite{doc-a}. Items can be returned within 30 days for a full refund \\cite{doc-b}.');
    expect(audit(fixedLatex, NAMED).report.dimensions.complete.status).toBe('PASS');
    const full = 'Standard shipping takes 3-5 business days【1】. Items can be returned within 30 days for a full refund.';
    const c = audit(full, SHOP);
    expect(applyEdits(full, fixesFor(c.input, findingOf(c.report, 'uncited_claim'))[0]!.edits)).toBe(
      'Standard shipping takes 3-5 business days【1】. Items can be returned within 30 days for a full refund【2】.',
    );
  });

  it('adds a footnote definition when the chunk has none', () => {
    const fn = 'Standard shipping takes 3-5 business days [^1]. Items can be returned within 30 days for a full refund.\n\n[^1]: doc-a';
    const { input, report } = audit(fn, NAMED);
    const fixes = fixesFor(input, findingOf(report, 'uncited_claim'));
    const fixed = applyEdits(fn, fixes[0]!.edits);
    expect(fixed).toBe('Standard shipping takes 3-5 business days [^1]. Items can be returned within 30 days for a full refund [^2].\n\n[^1]: doc-a\n[^2]: doc-b');
    const after = audit(fixed, NAMED).report;
    expect(after.dimensions.complete.status).toBe('PASS');
    expect(after.dimensions.exists.status).toBe('PASS');
  });

  it('names the chunk so that it resolves under the answer’s own mapping (0-based ids read 1-based)', () => {
    // Ids 0…2 with [1] and [3] cited and never [0]: [n] is the n-th chunk counting from 1. The
    // chunk with id "1" is then [2]; writing [1] would cite chunk "0", and [0] would turn the
    // mapping for every marker.
    const chunks: Chunk[] = [
      { id: '0', text: 'Shipping options: standard shipping takes 3-5 business days, express shipping 1-2 days.' },
      { id: '1', text: 'Returns: items can be returned within 30 days for a full refund to the original payment method.' },
      { id: '2', text: 'Password reset: open account settings and choose change password.' },
    ];
    const text = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund. Reset a password in the account settings [3].';
    const { input, report } = audit(text, chunks);
    expect(report.citations.map((c) => c.chunk_id)).toEqual(['0', '2']);
    const fix = fixesFor(input, findingOf(report, 'uncited_claim'))[0]!;
    expect(fix).toMatchObject({ chunkId: '1', text: '[2]' });
    const after = audit(applyEdits(text, fix.edits), chunks).report;
    expect(after.citations.map((c) => c.chunk_id)).toEqual(['0', '1', '2']);
  });

  it('writes the required style when one is set, even with no marker yet', () => {
    const bare = 'Items can be returned within 30 days for a full refund.';
    const { input, report } = audit(bare, NAMED, { requiredStyle: 'latex_cite' });
    const fixed = applyEdits(bare, fixesFor(input, findingOf(report, 'uncited_claim'))[0]!.edits);
    expect(fixed).toBe('Items can be returned within 30 days for a full refund \\cite{doc-b}.');
    const after = audit(fixed, NAMED, { requiredStyle: 'latex_cite' }).report;
    expect(after.dimensions.complete.status).toBe('PASS');
    expect(after.dimensions.formatted.status).toBe('PASS');
  });

  it('near misses: no fix when no chunk covers the claim, its number or its name', () => {
    const off = 'Standard shipping takes 3-5 business days [1]. The company was founded by two brothers in a garage.';
    const a = audit(off, SHOP);
    expect(fixesFor(a.input, findingOf(a.report, 'uncited_claim'))).toEqual([]);
    // The same words with another number: the chunk does not say this.
    const number = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 60 days for a full refund.';
    const b = audit(number, SHOP);
    expect(fixesFor(b.input, findingOf(b.report, 'uncited_claim'))).toEqual([]);
    // A name no chunk pairs with the claim's words.
    const people: Chunk[] = [
      { id: '1', text: 'Roger Federer won the Wimbledon title eight times, a record in the open era.' },
      { id: '2', text: 'Novak Djokovic won the Australian Open title ten times.' },
    ];
    const name = 'Novak Djokovic won the Wimbledon title eight times.';
    const c = audit(name, people);
    expect(fixesFor(c.input, findingOf(c.report, 'uncited_claim'))).toEqual([]);
  });
});

describe('fixesFor: a marker in the wrong style', () => {
  it('converts this marker, or all of them, to the required style', () => {
    const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].';
    const opts: AuditOptions = { requiredStyle: 'latex_cite' };
    const { input, report } = audit(answer, NAMED, opts);
    const fixes = fixesFor(input, findingOf(report, 'wrong_style'));
    expect(fixes.map((x) => [x.kind, x.count])).toEqual([
      ['convert_style', 1],
      ['convert_all_styles', 2],
    ]);
    expect(applyEdits(answer, fixes[0]!.edits)).toBe('Standard shipping takes 3-5 business days \\cite{doc-a}. Items can be returned within 30 days for a full refund [2].');
    const all = applyEdits(answer, fixes[1]!.edits);
    expect(all).toBe('Standard shipping takes 3-5 business days \\cite{doc-a}. Items can be returned within 30 days for a full refund \\cite{doc-b}.');
    const after = audit(all, NAMED, opts).report;
    expect(after.dimensions.formatted.status).toBe('PASS');
    expect(after.citations.map((c) => c.chunk_id)).toEqual(['doc-a', 'doc-b']);
  });

  it('converts a minority style to the majority one, keeping what it cites', () => {
    const answer = 'Standard shipping takes 3-5 business days [1]. Express shipping takes 1-2 days [1]. Items can be returned within 30 days \\cite{2}.';
    const { input, report } = audit(answer, SHOP);
    const fixes = fixesFor(input, findingOf(report, 'mixed_styles'));
    expect(fixes).toHaveLength(1);
    const fixed = applyEdits(answer, fixes[0]!.edits);
    expect(fixed).toBe('Standard shipping takes 3-5 business days [1]. Express shipping takes 1-2 days [1]. Items can be returned within 30 days [2].');
    expect(audit(fixed, SHOP).report.dimensions.formatted.status).toBe('PASS');
  });

  it('converts to footnotes with definitions, and to LongCite with its wrapper', () => {
    const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [2].';
    const a = audit(answer, NAMED, { requiredStyle: 'footnote' });
    const all = fixesFor(a.input, findingOf(a.report, 'wrong_style')).find((x) => x.kind === 'convert_all_styles')!;
    const fixed = applyEdits(answer, all.edits);
    expect(fixed).toBe('Standard shipping takes 3-5 business days [^1]. Items can be returned within 30 days for a full refund [^2].\n\n[^1]: doc-a\n[^2]: doc-b');
    const after = audit(fixed, NAMED, { requiredStyle: 'footnote' }).report;
    expect(after.dimensions.formatted.status).toBe('PASS');
    expect(after.citations.map((c) => c.chunk_id)).toEqual(['doc-a', 'doc-b']);

    const b = audit(answer, SHOP, { requiredStyle: 'longcite' });
    const one = fixesFor(b.input, findingOf(b.report, 'wrong_style'))[0]!;
    expect(applyEdits(answer, one.edits)).toBe('Standard shipping takes 3-5 business days <cite>[1-1]</cite>. Items can be returned within 30 days for a full refund [2].');
  });

  it('near miss: a marker naming no chunk is not converted (its meaning would be invented)', () => {
    const answer = 'Standard shipping takes 3-5 business days [1]. Items can be returned within 30 days for a full refund [8].';
    const { input, report } = audit(answer, NAMED, { requiredStyle: 'latex_cite' });
    const wrong = report.findings.filter((f) => f.code === 'wrong_style');
    const onEight = wrong.find((f) => answer.slice(f.start, f.end) === '[8]')!;
    expect(fixesFor(input, onEight)).toEqual([]);
    // Converting all is refused too: one of them cannot be converted.
    const onOne = wrong.find((f) => answer.slice(f.start, f.end) === '[1]')!;
    expect(fixesFor(input, onOne).map((x) => x.kind)).toEqual(['convert_style']);
  });
});

describe('fixesFor: a number absent from the cited chunk', () => {
  const chunks: Chunk[] = [{ id: '1', text: 'Revenue grew by 14 % in 2021 and by 9 % in 2022; the company employed 1,250 people.' }];

  it('offers the nearest figures of the same kind, nearest first', () => {
    const answer = 'Revenue grew by 12 % in 2021 [1].';
    const { input, report } = audit(answer, chunks);
    const fixes = fixesFor(input, findingOf(report, 'number_absent'));
    expect(fixes.map((x) => x.text)).toEqual(['14 %', '9 %']);
    expect(fixes[0]).toMatchObject({ kind: 'replace_number', chunkId: '1', preferred: true });
    expect(fixes[0]!.preview).toContain('14 %');
    const fixed = applyEdits(answer, fixes[0]!.edits);
    expect(fixed).toBe('Revenue grew by 14 % in 2021 [1].');
    expect(codes(audit(fixed, chunks).report)).not.toContain('number_absent');
  });

  it('near miss: no figure of that kind in the cited chunk, no fix', () => {
    const answer = 'The company was founded in 1987 [1].';
    const { input, report } = audit(answer, [{ id: '1', text: 'The company grew by 14 % and now employs many people.' }]);
    expect(fixesFor(input, findingOf(report, 'number_absent'))).toEqual([]);
  });
});

describe('fixesFor: quotes and offsets of structured citations', () => {
  const chunk: Chunk = { id: 'c1', text: 'The pronghorn can sustain 55 km/h over several kilometres; it has an oversized windpipe.' };
  const exact = 'it has an oversized windpipe';
  const at = chunk.text.indexOf(exact);

  const structured = (quote: string, start: number, end: number) => ({
    answer: 'Pronghorns have an oversized windpipe.',
    citations: [{ chunk_id: 'c1', start, end, quote }],
  });

  it('replaces a similar quote with the chunk’s exact text and its offsets', () => {
    const s = structured('it has a oversized windpipe', 3, 20);
    const { input, report } = audit(s.answer, [chunk], {}, s);
    const fixes = fixesFor(input, findingOf(report, 'quote_uncertain'));
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ kind: 'exact_quote', target: 'editor' });
    const text = applyEdits(input.structuredText!, fixes[0]!.edits);
    const value = JSON.parse(text) as ReturnType<typeof structured>;
    const q = value.citations[0]!;
    expect(chunk.text.slice(q.start, q.end)).toBe(q.quote);
    const after = audit(value.answer, [chunk], {}, value).report;
    expect(after.citations[0]!.source_verification?.status).toBe('VERIFIED');
    expect(codes(after)).not.toContain('quote_uncertain');
  });

  it('corrects offsets that do not point at an exact quote', () => {
    const s = structured(exact, 0, 10);
    const { input, report } = audit(s.answer, [chunk], {}, s);
    const fixes = fixesFor(input, findingOf(report, 'offsets_wrong'));
    expect(fixes[0]).toMatchObject({ kind: 'correct_offsets', offsets: [at, at + exact.length] });
    const value = JSON.parse(applyEdits(input.structuredText!, fixes[0]!.edits)) as ReturnType<typeof structured>;
    expect(value.citations[0]).toMatchObject({ start: at, end: at + exact.length, quote: exact });
    expect(codes(audit(value.answer, [chunk], {}, value).report)).not.toContain('offsets_wrong');
  });

  it('fixes a quote of an Anthropic Citations answer (char_location offsets) with the exact text', () => {
    const doc: Chunk = { id: '0', title: 'My Document', text: 'The grass is green. The sky is blue.' };
    const blocks = [
      { type: 'text', text: 'Based on the document:\n\n- ' },
      { type: 'text', text: 'The grass is green', citations: [{ type: 'char_location', cited_text: 'The grass is so green. ', document_index: 0, document_title: 'My Document', start_char_index: 0, end_char_index: 20 }] },
      { type: 'text', text: '\n- ' },
      { type: 'text', text: 'The sky is blue', citations: [{ type: 'char_location', cited_text: 'The sky is blue.', document_index: 0, document_title: 'My Document', start_char_index: 0, end_char_index: 36 }] },
    ];
    const answer = blocks.map((b) => b.text).join('');
    const { input, report } = audit(answer, [doc], {}, blocks);
    const similar = fixesFor(input, findingOf(report, 'quote_uncertain'));
    expect(similar.map((x) => x.kind)).toEqual(['exact_quote']);
    const fixed = JSON.parse(applyEdits(input.structuredText!, similar[0]!.edits)) as typeof blocks;
    const c = fixed[1]!.citations![0]!;
    expect(doc.text.slice(c.start_char_index, c.end_char_index)).toBe(c.cited_text);
    const offsets = fixesFor(input, findingOf(report, 'offsets_wrong'));
    expect(offsets[0]).toMatchObject({ kind: 'correct_offsets', offsets: [20, 36] });
    expect(codes(audit(answer, [doc], {}, fixed).report)).not.toContain('quote_uncertain');
    const moved = JSON.parse(applyEdits(input.structuredText!, offsets[0]!.edits)) as typeof blocks;
    expect(codes(audit(answer, [doc], {}, moved).report)).not.toContain('offsets_wrong');
  });

  it('fixKey: the same kind and edits are one fix, whatever finding offered it', () => {
    const a: Fix = { kind: 'replace_ref', target: 'editor', edits: [{ start: 3, end: 5, text: '"0"' }], text: '"0"', chunkId: '0' };
    expect(fixKey({ ...a, preferred: true })).toBe(fixKey(a));
    expect(fixKey({ ...a, edits: [{ start: 3, end: 5, text: '"1"' }] })).not.toBe(fixKey(a));
  });

  it('near miss: a quote that is not in the chunk at all gets no fix', () => {
    const s = structured('the animal is hunted by wolves in winter', 0, 10);
    const { input, report } = audit(s.answer, [chunk], {}, s);
    expect(fixesFor(input, findingOf(report, 'quote_not_found'))).toEqual([]);
  });
});

describe('applyEdits', () => {
  it('applies edits from the end so earlier offsets stay valid', () => {
    const edits: Fix['edits'] = [
      { start: 0, end: 1, text: 'AA' },
      { start: 3, end: 3, text: '!' },
    ];
    expect(applyEdits('abc', edits)).toBe('AAbc!');
  });
});
