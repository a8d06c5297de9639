import { describe, expect, it } from 'vitest';
import { BOUNDARY, cutKind, MARK } from './wordCuts';
import { foldWord } from '../core/text/text';

describe('where a run of letters may be cut', () => {
  it('cuts a run only where the pieces normalise and lower as the whole text does', () => {
    // Every code unit: where a cut is allowed next to it, the normalised lower-case text is the
    // pieces' glued, also with a capital sigma (whose lower case depends on its neighbours) and
    // combining marks (removed) on either side.
    let boundaries = 0;
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const x = String.fromCharCode(c);
      const kind = cutKind(c);
      if (kind === MARK && foldWord(x) !== '') wrong.push(`mark ${c.toString(16)}`);
      if (kind !== BOUNDARY) continue;
      boundaries++;
      for (const [left, right] of [
        ['ΑΣ' + x, 'Β'],
        ['ΑΣ' + x + '\u0301', '\u0308Β'],
        ['Α', x + 'Σ'],
        ['Α\u0301', x + '\u0301Σ'],
      ] as const) {
        if (foldWord(left) + foldWord(right) !== foldWord(left + right)) wrong.push(`${c.toString(16)}: ${left} | ${right}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    // Every letter of Greek and Cyrillic (but the capital sigma, and the Greek modifier letters
    // such as the numeral sign), of the Latin letters cut before and beyond.
    const kinds = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)).filter((ch) => /^\p{L}$/u.test(ch) && !/^\p{Lm}$/u.test(ch) && ch !== 'Σ');
    for (const ch of [...kinds(0x370, 0x3ff), ...kinds(0x400, 0x52f), ...kinds(0x1f00, 0x1fff), ...kinds(0x41, 0x17f), ...kinds(0x4e00, 0x4e20), ...kinds(0xac00, 0xac20)]) {
      expect(cutKind(ch.charCodeAt(0)), ch).toBe(BOUNDARY);
    }
    for (const ch of ['Σ', '.', ':', "'", 'ʼ', 'ー', '\u00ad', '\ud835', '\udc00']) expect(cutKind(ch.charCodeAt(0)), ch).not.toBe(BOUNDARY);
    expect(boundaries).toBeGreaterThan(50_000);
  });
});
