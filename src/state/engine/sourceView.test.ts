import { describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import { bestPassage, passages, segment, sourceView } from './sourceView';

describe('source view', () => {
  it('splits a chunk into sentence passages with exact offsets', () => {
    const text = 'One thing. Two things!\nThree "quoted." Four';
    const ps = passages(text).map((p) => text.slice(p.start, p.end));
    expect(ps).toEqual(['One thing.', 'Two things!', 'Three "quoted."', 'Four']);
  });

  it('finds the passage sharing most words with the claim', () => {
    const text = 'Paris is large. The tower in Paris is 330 metres tall. Trains are fast.';
    const p = bestPassage(text, 'The tower is 330 metres high', 'en')!;
    expect(text.slice(p.start, p.end)).toBe('The tower in Paris is 330 metres tall.');
    expect(bestPassage(text, 'zebra quokka', 'en')).toBeNull();
  });

  it('segments text around a highlight without losing characters', () => {
    const segs = segment('abcdef', { start: 2, end: 4 });
    expect(segs).toEqual([
      { text: 'ab', mark: false },
      { text: 'cd', mark: true },
      { text: 'ef', mark: false },
    ]);
    expect(segment('abc', null)).toEqual([{ text: 'abc', mark: false }]);
  });

  it('highlights a verified quote where it was found, and says when a chunk is missing', () => {
    const chunk = 'Intro sentence. The quoted part is here. Outro.';
    const report = auditCase({
      query: 'q',
      answer: 'The part is here.',
      chunks: [{ id: 'c', text: chunk }],
      structured_citations: { answer: 'The part is here.', citations: [{ chunk_id: 'c', start: 0, end: 5, quote: 'The quoted part is here.' }] },
    });
    const view = sourceView(report, [{ id: 'c', text: chunk }], 0)!;
    expect(view.reason).toBe('quote');
    expect(view.segments.find((s) => s.mark)?.text).toBe('The quoted part is here.');
    expect(view.segments.map((s) => s.text).join('')).toBe(chunk);

    const missing = auditCase({ query: 'q', answer: 'Claim [9].', chunks: [{ id: '1', text: 'x' }] });
    expect(sourceView(missing, [{ id: '1', text: 'x' }], 0)?.chunk).toBeNull();
  });
});
