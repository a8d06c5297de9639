// Numbers a careful reviewer does not read as the source's figures (issue 24, family 6): a year
// the question names, set against a figure of the chunk; brackets that are prose in an answer
// that cites with numbers. Each with the near miss that must still be flagged.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';

const codes = (query: string, answer: string, chunk: string) =>
  auditCase({ query, answer, chunks: [{ id: '1', text: chunk }] }).findings.filter((f) => f.severity !== 'info').map((f) => `${f.code} ${f.excerpt ?? ''}`.trim());

describe('a year from the question', () => {
  const q = 'Could the Globe Theatre have existed in 1490?';
  it('is no missing figure when the claim sets it against a figure of the chunk', () => {
    expect(codes(q, 'It could not have existed in 1490, since it was built in 1599 [1].', 'The Globe Theatre was built in 1599 by the Lord Chamberlain\'s Men.')).toEqual([]);
  });
  it('a wrong year (and then the question year too: no figure of the chunk is beside it) is still flagged', () => {
    expect(codes(q, 'It could not have existed in 1490, since it was built in 1597 [1].', 'The Globe Theatre was built in 1599 by the Lord Chamberlain\'s Men.')).toEqual(['number_absent 1490', 'number_absent 1597']);
    expect(codes(q, 'It existed in 1490 [1].', 'The Globe Theatre was built by the Lord Chamberlain\'s Men.')).toEqual(['number_absent 1490']);
  });
});

describe('brackets in an answer cited with numbers', () => {
  const chunk = 'Emissions of carbon dioxide rose by 5 % in 2019. The treaty was signed in Paris in 1988.';
  it('a bracketed word or year that is no chunk id is prose, not a marker', () => {
    const r = auditCase({ query: '', answer: 'Emissions of carbon dioxide [CO2] rose by 5 % in 2019 [1]. The treaty [1988] was signed in Paris [1].', chunks: [{ id: '1', text: chunk }] });
    expect(r.markers.map((m) => m.text)).toEqual(['[1]', '[1]']);
    expect(r.findings.filter((f) => f.check === 'exists' || f.check === 'formatted')).toEqual([]);
  });
  it('a wrong number and an id-shaped word are still markers to an unknown chunk', () => {
    const r = auditCase({ query: '', answer: 'Emissions rose by 5 % in 2019 [7]. The treaty was signed in Paris in 1988 [doc7] [1].', chunks: [{ id: '1', text: chunk }] });
    expect(r.findings.filter((f) => f.code === 'unknown_chunk').map((f) => f.excerpt)).toEqual(['[7]', '[doc7]']);
  });
});

describe('a list number glued to a marker', () => {
  const chunk = 'Langa Library opened in 2008. Guguletu Library opened in 2010. The township has two libraries.';
  it('is the next item\'s number, not a figure of the lead-in that takes the marker', () => {
    expect(codes('', 'Two libraries serve the township:\n1[1]. Langa Library opened in 2008.\n2[1]. Guguletu Library opened in 2010 [1].', chunk).filter((c) => c.startsWith('number_absent'))).toEqual([]);
  });
  it('a figure of the lead-in itself is still checked', () => {
    expect(codes('', 'The township has 3 libraries:\n1[1]. Langa Library opened in 2008 [1].', chunk).filter((c) => c.startsWith('number_absent'))).toEqual(['number_absent 3']);
  });
});
