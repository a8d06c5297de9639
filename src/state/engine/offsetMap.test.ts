import { describe, expect, it } from 'vitest';
import { buildOffsetMap, toAnswerOffset, toEditorOffset } from './offsetMap';

describe('answer offsets in the editor text', () => {
  it('is the identity for plain text', () => {
    const m = buildOffsetMap('Paris [1].', 'Paris [1].')!;
    expect(toEditorOffset(m, 6)).toBe(6);
    expect(toAnswerOffset(m, 3)).toBe(3);
  });

  it('maps into the answer string of a structured response, across escapes', () => {
    const answer = 'He said "hi".\nThen [1] left.';
    const editor = JSON.stringify({ answer, citations: [1] }, null, 2);
    const m = buildOffsetMap(editor, answer)!;
    expect(m).not.toBeNull();
    for (const needle of ['[1]', 'hi', 'Then', 'left']) {
      const a = answer.indexOf(needle);
      const s = toEditorOffset(m, a)!;
      const e = toEditorOffset(m, a + needle.length, true)!;
      expect(editor.slice(s, e)).toBe(needle);
      expect(toAnswerOffset(m, s)).toBe(a);
    }
    // A span over the escaped quote and newline covers their escape sequences.
    const q = answer.indexOf('"hi"');
    expect(editor.slice(toEditorOffset(m, q)!, toEditorOffset(m, q + 4, true)!)).toBe('\\"hi\\"');
  });

  it('maps the concatenated texts of content blocks', () => {
    const blocks = [{ type: 'text', text: 'The grass is ' }, { type: 'text', text: 'green', citations: [] }, { type: 'text', text: '.' }];
    const editor = JSON.stringify(blocks);
    const answer = 'The grass is green.';
    const m = buildOffsetMap(editor, answer)!;
    const a = answer.indexOf('green');
    expect(editor.slice(toEditorOffset(m, a)!, toEditorOffset(m, a + 5, true)!)).toBe('green');
  });

  it('gives up when the answer is not in the text', () => {
    expect(buildOffsetMap('{"answer": "x"}', 'something else')).toBeNull();
  });
});
