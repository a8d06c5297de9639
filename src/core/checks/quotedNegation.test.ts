// A negation inside a quotation (issue 24, family 7): a closing quote glued to the word must not
// hide it, so a quoted "fear nothing" matches a page saying "Fear nothing"; a quoted negation the
// page does not have is still a mismatch.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';

const negations = (answer: string, chunk: string) =>
  auditCase({ query: '', answer, chunks: [{ id: '1', text: chunk }] }).findings.filter((f) => f.code === 'negation_mismatch').length;

describe('negation inside a quotation', () => {
  it('a quoted negation the page states verbatim is no mismatch', () => {
    expect(negations("The motto 'Nyle ye drede' means 'fear nothing' in Middle English [1].", 'The motto Nyle ye drede is Middle English and means Fear nothing.')).toBe(0);
    expect(negations('The motto ‘Nyle ye drede’ means ‘fear nothing’ in Middle English [1].', 'The motto Nyle ye drede is Middle English and means Fear nothing.')).toBe(0);
  });
  it('a quoted negation the page does not have is still one', () => {
    expect(negations("Churchill said 'we shall never surrender' in his 1940 speech [1].", 'In his 1940 speech Churchill said we shall surrender.')).toBe(1);
  });
});
