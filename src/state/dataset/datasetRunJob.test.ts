import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../core/parse/case';
import { refuseRepeatedIds } from './datasetRunJob';

const line = (id: string | undefined, answer: string) =>
  JSON.stringify({ ...(id !== undefined ? { id } : {}), query: 'Q?', answer, chunks: [{ id: '1', text: answer }] });

describe('a dataset whose cases repeat an id', () => {
  it('refuses the later case at its line: labels follow the id, so one label would be given to both', () => {
    const text = [line('c1', 'Paris is in France [1].'), '{"broken": ', line('c2', 'Rome is in Italy [1].'), line('c1', 'Madrid is in Spain [1].'), line(undefined, 'Oslo [1].'), line(undefined, 'Oslo [1].')].join('\n');
    const r = refuseRepeatedIds(text, parseDataset(text));
    expect(r.cases.map((c) => c.answer)).toEqual(['Paris is in France [1].', 'Rome is in Italy [1].', 'Oslo [1].', 'Oslo [1].']);
    expect(r.lines).toEqual([1, 3, 5, 6]);
    // In line order, with the broken line's own error.
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 12],
      [4, 1],
    ]);
    expect(r.errors[1]!.message).toBe('the id "c1" is line 1\u2019s too; labels are kept per case id, so give each case its own id (this line is left out)');
  });

  it('leaves a dataset of distinct ids as it is', () => {
    const text = [line('a', 'One [1].'), line('b', 'Two [1].')].join('\n');
    const parsed = parseDataset(text);
    expect(refuseRepeatedIds(text, parsed)).toBe(parsed);
  });
});
