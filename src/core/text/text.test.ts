import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extractNumbers, numberWords } from '../checks/numberText';
import { bestFuzzyMatch } from './fuzzy';
import { normalizeForMatch, toOriginalSpan } from './normalize';
import { equalNormalized, findElidedQuote, findQuote, PreparedQuote, PreparedText, TextCorpus } from './quoteSearch';
import { blankSpans, endsWithColon, excerpt, foldWord, utf8Length } from './text';
import { tokenize, Vocabulary } from './words';

describe('normalizeForMatch', () => {
  it('folds case, quotes, dashes, ellipsis, NFKC forms; drops \\r and control chars; collapses whitespace', () => {
    const n = normalizeForMatch('Hello\r\n\t “World” — ﬁne…\u0002x\u00A0 y');
    expect(n.text).toBe('hello "world" - fine...x y');
  });

  it('maps every normalised index back to the original', () => {
    const s = 'A  “b”\r\nc';
    const n = normalizeForMatch(s);
    expect(n.text).toBe('a "b" c');
    expect(n.map).toHaveLength(n.text.length + 1);
    expect(n.map[n.text.length]).toBe(s.length);
    expect(s[n.map[n.text.indexOf('c')]!]).toBe('c');
    expect(s[n.map[2]!]).toBe('“');
  });

  it('composes combining marks and keeps them with their base', () => {
    const s = 'cafe\u0301 ok';
    const n = normalizeForMatch(s);
    expect(n.text).toBe('caf\u00e9 ok');
    expect(toOriginalSpan(n, 0, 4)).toEqual({ start: 0, end: 5 });
  });

  it('property: map is monotonic, within bounds, one entry per character plus the end', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const n = normalizeForMatch(s);
        expect(n.map).toHaveLength(n.text.length + 1);
        expect(n.ends).toHaveLength(n.text.length);
        for (let i = 0; i < n.map.length; i++) {
          expect(n.map[i]).toBeGreaterThanOrEqual(0);
          expect(n.map[i]).toBeLessThanOrEqual(s.length);
          if (i > 0) expect(n.map[i]).toBeGreaterThanOrEqual(n.map[i - 1]!);
        }
        for (let i = 0; i < n.ends.length; i++) {
          expect(n.ends[i]).toBeGreaterThan(n.map[i]!);
          expect(n.ends[i]).toBeLessThanOrEqual(s.length);
        }
        expect(n.text).not.toMatch(/ {2}|\r/);
      }),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (s) => {
        const once = normalizeForMatch(s).text;
        expect(normalizeForMatch(once).text).toBe(once);
      }),
    );
  });
});

describe('findQuote', () => {
  const hay = 'The grass is green. The sky is blue.';
  it('finds a verbatim quote, trailing space included', () => {
    expect(findQuote('The grass is green. ', hay)).toEqual({ start: 0, end: 20, method: 'exact' });
  });
  it('finds a quote after normalisation and reports original offsets', () => {
    const m = findQuote('the  SKY\r\nis blue.  ', `xx\r\n${hay}`)!;
    expect(m.method).toBe('normalized');
    expect(`xx\r\n${hay}`.slice(m.start, m.end)).toBe('The sky is blue.');
  });
  it('matches quotes with control characters and curly quotes', () => {
    const src = 'He said "it\'s fine" and left.';
    const m = findQuote('said \u201Cit\u2019s\u0007 fine\u201D', src)!;
    expect(src.slice(m.start, m.end)).toBe('said "it\'s fine"');
  });
  it('ignores whitespace for long quotes in tokenised text', () => {
    const src = 'Ostrava 19. října ( ČTK ) - V Třineckých železárnách , které';
    const m = findQuote('(ČTK) - V Třineckých železárnách, které', src)!;
    expect(m).toBeDefined();
    expect(src.slice(m.start, m.end)).toBe('( ČTK ) - V Třineckých železárnách , které');
  });
  it('joins words hyphenated at a line end, as PDF text keeps them', () => {
    const src = 'Intro. The pro-\ncedure takes two\u00a0weeks. Fish-\r\nermen were warned.';
    const m = findQuote('The procedure takes two weeks.', src)!;
    expect(src.slice(m.start, m.end)).toBe('The pro-\ncedure takes two\u00a0weeks.');
    expect(m.method).toBe('normalized');
    const f = findQuote('Fishermen were warned', src)!;
    expect(src.slice(f.start, f.end)).toBe('Fish-\r\nermen were warned');
    // A hyphen is only ignored between letters: numbers keep theirs.
    expect(findQuote('pages 1012 of the report', 'see pages 10-12 of the report')).toBeUndefined();
  });
  it('finds an elided quote when every part is there in order', () => {
    const src = 'The tower, designed by the firm of Gustave Eiffel, was completed in March 1889. It is 330 metres tall.';
    for (const q of ['The tower ... was completed in March 1889', 'The tower […] was completed in March 1889.', 'designed by the firm of Gustave Eiffel … It is 330 metres tall.']) {
      const m = findElidedQuote(q, src)!;
      expect(m, q).toBeDefined();
      expect(m.method).toBe('normalized');
    }
    expect(src.slice(findElidedQuote('The tower ... in March 1889', src)!.start, findElidedQuote('The tower ... in March 1889', src)!.end)).toBe('The tower, designed by the firm of Gustave Eiffel, was completed in March 1889');
    expect(findElidedQuote('It is 330 metres tall ... was completed in March 1889', src)).toBeUndefined(); // out of order
    expect(findElidedQuote('The tower … until 1950', src)).toBeUndefined();
    expect(findElidedQuote('The tower was completed in March 1889', src)).toBeUndefined(); // no elision
    expect(findElidedQuote('a … b', src)).toBeUndefined();
  });
  it('does not glue short quotes', () => {
    expect(findQuote('the rapist', 'a therapist')).toBeUndefined();
  });
  it('prefers the occurrence nearest to a hint', () => {
    const src = 'abc def. abc def. abc def.';
    expect(findQuote('abc def', src, 17)!.start).toBe(18);
    expect(findQuote('abc def', src)!.start).toBe(0);
  });
  it('returns undefined for empty or absent quotes', () => {
    expect(findQuote('', hay)).toBeUndefined();
    expect(findQuote('   ', hay)).toBeUndefined();
    expect(findQuote('purple', hay)).toBeUndefined();
  });
  it('accepts a prepared haystack', () => {
    const p = new PreparedText(hay);
    expect(findQuote('SKY IS', p)!.start).toBe(24);
  });
  it('property: a substring is always found at an equal-text position', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(), fc.nat(), (s, a, b) => {
        const i = a % (s.length + 1);
        const j = i + (b % (s.length - i + 1));
        const sub = s.slice(i, j);
        const m = findQuote(sub, s);
        if (sub === '') expect(m).toBeUndefined();
        else {
          expect(m).toBeDefined();
          expect(s.slice(m!.start, m!.end)).toBe(sub);
        }
      }),
    );
  });
  it('equalNormalized ignores edges and spacing', () => {
    expect(equalNormalized('The grass is green. ', 'the grass is green.')).toBe(true);
    expect(equalNormalized('a\r\nb', 'a b')).toBe(true);
    expect(equalNormalized('a b', 'a c')).toBe(false);
  });
});

describe('TextCorpus', () => {
  const texts = ['Shipping takes 3-5 days.', 'Returns are free\r\nwithin 30 days.', 'Returns are free within 30 days too.'].map((t) => new PreparedText(t));
  const corpus = new TextCorpus(texts);
  it('finds which text holds a quote, verbatim or normalised, skipping one', () => {
    expect(corpus.find(new PreparedQuote('takes 3-5'))).toBe(0);
    expect(corpus.find(new PreparedQuote('RETURNS are free within 30 days'))).toBe(1);
    expect(corpus.find(new PreparedQuote('returns are free within 30 days'), 1)).toBe(2);
    expect(corpus.find(new PreparedQuote('days. Returns'))).toBeUndefined();
    expect(corpus.find(new PreparedQuote('nothing like it'))).toBeUndefined();
    expect(corpus.find(new PreparedQuote(''))).toBeUndefined();
  });
  it('matches long quotes with spaces ignored', () => {
    expect(new TextCorpus([new PreparedText('a ( ČTK ) - V Třineckých železárnách')]).find(new PreparedQuote('(ČTK) - V Třineckých'))).toBe(0);
  });
});

describe('bestFuzzyMatch', () => {
  const chunk =
    "Once your order ships, you'll receive an email with a tracking number. To track your package, log in to your PetWorld account and go to \"Order History.\"";
  it('gives 1 for a quote present after normalisation', () => {
    expect(bestFuzzyMatch("ONCE your order ships, you’ll receive", chunk).similarity).toBe(1);
  });
  it('scores a light paraphrase high and locates it', () => {
    const r = bestFuzzyMatch("you'll receive an email with your tracking number", chunk);
    expect(r.similarity).toBeGreaterThanOrEqual(0.8);
    expect(chunk.slice(r.start, r.end)).toContain('receive an email with a tracking number');
  });
  it('scores an invented sentence low', () => {
    const r = bestFuzzyMatch('Refunds are issued within ten business days of receiving the item.', chunk);
    expect(r.similarity).toBeLessThan(0.6);
  });
  it('handles empty inputs', () => {
    expect(bestFuzzyMatch('', chunk).similarity).toBe(0);
    expect(bestFuzzyMatch('abc', '').similarity).toBe(0);
    expect(bestFuzzyMatch('abc', '   ').similarity).toBe(0);
  });
  it('aligns long quotes word by word against a large haystack', () => {
    const words = Array.from({ length: 20000 }, (_, i) => `w${(i * 7919) % 5003}`);
    const hay = words.join(' ');
    const quoteWords = words.slice(12000, 12350);
    quoteWords[10] = 'changed';
    quoteWords[200] = 'altered';
    const quote = quoteWords.join(' ');
    expect(quote.length).toBeGreaterThan(2000);
    const r = bestFuzzyMatch(quote, hay);
    expect(r.similarity).toBeGreaterThan(0.98);
    expect(hay.slice(r.start, r.end).startsWith(words[12000]!)).toBe(true);
  });
  it('property: never throws, similarity in 0..1, span inside the haystack', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 300 }), (q, h) => {
        const r = bestFuzzyMatch(q, h);
        expect(r.similarity).toBeGreaterThanOrEqual(0);
        expect(r.similarity).toBeLessThanOrEqual(1);
        expect(0 <= r.start && r.start <= r.end && r.end <= h.length).toBe(true);
      }),
    );
  });
});

describe('tokenize', () => {
  it('lower-cases, drops stopwords and stems English lightly', () => {
    expect(tokenize("The companies' boxes were tracked by Brian's team", 'en')).toEqual(['company', 'box', 'track', 'brian', 'team']);
    expect(tokenize('vote voting voted', 'en')).toEqual(['vot', 'vot', 'vot']);
    expect(tokenize('Argentina Argentines', 'en')).toEqual(['argenti', 'argenti']);
  });
  it('folds Czech diacritics and merges inflected forms', () => {
    const a = tokenize('zaměstnanců lékařské ozáření', 'cs');
    const b = tokenize('zaměstnance lekarskeho ozareni', 'cs');
    expect(a).toEqual(b);
    expect(tokenize('a v na je to se', 'cs')).toEqual([]);
  });
  it('keeps numbers', () => {
    expect(tokenize('In 2016 about 12 people', 'en')).toEqual(['2016', '12', 'peopl']);
  });
  it('interns terms per vocabulary and keeps apostrophes inside words only', () => {
    const v = new Vocabulary('en');
    const a = v.termIds("Don't stop. 'Quoted' words");
    expect(a.map((id) => v.terms[id])).toEqual(["dont", 'stop', 'quot', 'word']);
    expect(v.termIds('stops')).toEqual([a[1]]);
  });
  it('property: never throws, tokens are non-empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), fc.constantFrom('en' as const, 'cs' as const), (s, l) => {
        for (const t of tokenize(s, l)) expect(t.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('extractNumbers', () => {
  const vals = (s: string, lang: 'en' | 'cs' = 'en') => extractNumbers(s, lang).map((n) => [n.text, n.value, n.kind]);

  it('reads thousands separators in both languages', () => {
    expect(vals('12,717 and 12 717 and 12\u00A0717 and 12\u2009717 and 1,234,567')).toEqual([
      ['12,717', 12717, 'number'],
      ['12 717', 12717, 'number'],
      ['12\u00A0717', 12717, 'number'],
      ['12\u2009717', 12717, 'number'],
      ['1,234,567', 1234567, 'number'],
    ]);
    expect(vals('12.717 obyvatel', 'cs')).toEqual([['12.717', 12717, 'number']]);
  });
  it('keeps the other reading of an ambiguous separator', () => {
    const [en] = extractNumbers('12,717', 'en');
    expect(en!.alternatives).toEqual([12.717]);
    const [cs] = extractNumbers('12,717', 'cs');
    expect(cs!.value).toBe(12.717);
    expect(cs!.alternatives).toEqual([12717]);
  });
  it('reads decimals: English point, Czech comma', () => {
    expect(vals('3.5 and 0.25')).toEqual([
      ['3.5', 3.5, 'number'],
      ['0.25', 0.25, 'number'],
    ]);
    expect(vals('3,5 a 3.5', 'cs')).toEqual([
      ['3,5', 3.5, 'number'],
      ['3.5', 3.5, 'number'],
    ]);
    expect(vals('pages 3,5')).toEqual([
      ['3', 3, 'number'],
      ['5', 5, 'number'],
    ]);
  });
  it('reads negatives but not range dashes', () => {
    expect(vals('fell -2.09 or −2.09; 1952–1989; 3-5 days')).toEqual([
      ['-2.09', -2.09, 'number'],
      ['−2.09', -2.09, 'number'],
      ['1952', 1952, 'year'],
      ['1989', 1989, 'year'],
      ['3', 3, 'number'],
      ['5', 5, 'number'],
    ]);
  });
  it('reads percentages and amounts', () => {
    expect(vals('3,5 % a 40 procent a 500 Kč', 'cs')).toEqual([
      ['3,5 %', 3.5, 'percent'],
      ['40 procent', 40, 'percent'],
      ['500 Kč', 500, 'amount'],
    ]);
    expect(vals('rose 3.5% to $1,200 or €5 or 20 dollars')).toEqual([
      ['3.5%', 3.5, 'percent'],
      ['$1,200', 1200, 'amount'],
      ['€5', 5, 'amount'],
      ['20 dollars', 20, 'amount'],
    ]);
  });
  it('applies scale words and marks the value approximate', () => {
    const [n] = extractNumbers('1.2 million people', 'en');
    expect(n).toMatchObject({ value: 1_200_000, text: '1.2 million', approximate: true, step: 100_000 });
    expect(extractNumbers('5 mil. Kč', 'cs')[0]).toMatchObject({ value: 5_000_000, kind: 'amount' });
  });
  it('marks hedged numbers', () => {
    expect(extractNumbers('about 12,700 people', 'en')[0]).toMatchObject({ value: 12700, approximate: true, step: 100 });
    expect(extractNumbers('12,700 people', 'en')[0]!.approximate).toBeUndefined();
  });
  it('reads dates as one mention', () => {
    const d = extractNumbers('On 19. října 2008, October 19, 2008 and 2008-10-19 and 19. 10. 2008', 'cs');
    expect(d.map((n) => [n.kind, n.value])).toEqual([
      ['date', 20081019],
      ['date', 20081019],
      ['date', 20081019],
      ['date', 20081019],
    ]);
    expect(extractNumbers('since May 2010', 'en')[0]).toMatchObject({ kind: 'date', date: { year: 2010, month: 5 } });
    expect(extractNumbers('5 may be', 'en').map((n) => n.kind)).toEqual(['number']);
  });
  it('skips ids and respects ignore spans', () => {
    expect(vals('COVID-19, x_12, 3D, v2, H2O')).toEqual([]);
    expect(vals('5km and the 21st')).toEqual([
      ['5', 5, 'number'],
      ['21', 21, 'number'],
    ]);
    const s = 'It grew 12% [3] \\cite{x_12}.';
    const ignore = [
      { start: s.indexOf('[3]'), end: s.indexOf('[3]') + 3 },
      { start: s.indexOf('\\cite'), end: s.indexOf('}.') + 1 },
    ];
    expect(extractNumbers(s, 'en', { ignore }).map((n) => n.text)).toEqual(['12%']);
  });
  it('does not take object keys for number words', () => {
    expect(numberWords('constructor toString three')).toEqual([{ value: 3, text: 'three', start: 21, end: 26, kind: 'number', step: 1 }]);
  });
  it('reads number words only when asked', () => {
    expect(extractNumbers('three cats', 'en')).toEqual([]);
    expect(extractNumbers('three cats, tři kočky', 'cs', { words: true }).map((n) => n.value)).toEqual([3, 3]);
  });
  it('property: never throws; spans index the input text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.constantFrom('en' as const, 'cs' as const), fc.boolean(), (s, lang, words) => {
        for (const n of extractNumbers(s, lang, { words })) {
          expect(0 <= n.start && n.start < n.end && n.end <= s.length).toBe(true);
          expect(s.slice(n.start, n.end)).toBe(n.text);
          expect(Number.isFinite(n.value)).toBe(true);
        }
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 ,.\-−%$Kč\u00A0a-z]{0,40}$/), fc.constantFrom('en' as const, 'cs' as const), (s, lang) => {
        for (const n of extractNumbers(s, lang)) expect(s.slice(n.start, n.end)).toBe(n.text);
      }),
    );
  });
});

describe('excerpt', () => {
  it('shortens at a word boundary', () => {
    expect(excerpt('one two three four five six', 14)).toBe('one two three…');
    expect(excerpt('short')).toBe('short');
  });

  it('collapses and trims whitespace, and ends neither on half a surrogate pair nor on punctuation', () => {
    expect(excerpt(' \t aa\u00a0 bb\n\ncc \u3000', 20)).toBe('aa bb cc');
    expect(excerpt('aa bb cc dd ee', 5)).toBe('aa bb…');
    expect(excerpt('aa bb ', 5)).toBe('aa bb');
    expect(excerpt('aa bb  c', 6)).toBe('aa bb…');
    expect(excerpt('abcdefgh', 4)).toBe('abcd…');
    expect(excerpt('ab, cd', 3)).toBe('ab…');
    expect(excerpt('abc\ud83d\ude00def', 4)).toBe('abc…');
  });

  it('reads only the start of a long text and says what collapsing the whole text would', () => {
    // The definition: collapse every run of white space, trim, then cut.
    const whole = (s: string, max: number): string => {
      const t = s.replace(/\s+/g, ' ').trim();
      if (t.length <= max) return t;
      const cut = t.slice(0, max);
      const sp = cut.lastIndexOf(' ');
      const body = sp > max * 0.6 ? cut.slice(0, sp) : cut;
      const safe = /[\ud800-\udbff]$/.test(body) ? body.slice(0, -1) : body;
      return `${safe.replace(/[\s,.;:]+$/, '')}…`;
    };
    const piece = fc.constantFrom('a', 'bc', 'def', ' ', '  ', '\t', '\n', '\u00a0', '\u3000', '\ufeff', ',', '.', '\ud83d', '\ud83d\ude00', 'x'.repeat(9));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 30 }), (parts, max) => {
        const s = parts.join('');
        expect(excerpt(s, max)).toBe(whole(s, max));
      }),
      { numRuns: 3000 },
    );
    expect(excerpt(`${'word '.repeat(20)}${' '.repeat(100)}`, 100)).toBe('word '.repeat(20).trim());
  });
});

describe('blankSpans', () => {
  it('blanks each span with spaces of its length, in any order, overlapping or out of range', () => {
    expect(blankSpans('abcdefghij', [])).toBe('abcdefghij');
    expect(blankSpans('abcdefghij', [{ start: 6, end: 8 }, { start: 1, end: 3 }])).toBe('a  def  ij');
    expect(blankSpans('abcdefghij', [{ start: 2, end: 6 }, { start: 4, end: 8 }, { start: 3, end: 5 }])).toBe('ab      ij');
    expect(blankSpans('abcdefghij', [{ start: -3, end: 2 }, { start: 9, end: 40 }, { start: 5, end: 5 }, { start: 7, end: 6 }])).toBe('  cdefghi ');
  });

  it('is the same as blanking the spans one after another', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.array(fc.record({ start: fc.integer({ min: -5, max: 35 }), end: fc.integer({ min: -5, max: 35 }) }), { maxLength: 8 }), (text, spans) => {
        let one = text;
        for (const sp of spans) {
          const s = Math.max(0, Math.min(sp.start, text.length));
          const e = Math.max(s, Math.min(sp.end, text.length));
          one = one.slice(0, s) + ' '.repeat(e - s) + one.slice(e);
        }
        expect(blankSpans(text, spans)).toBe(one);
      }),
    );
  });
});

describe('foldWord', () => {
  it('lower-cases and removes diacritics, in either script of a mixed word', () => {
    expect(['Třinecké', 'İSTANBUL Ǆ \u212a', 'ΣΟΦΊΑ'].map((w) => foldWord(w))).toEqual(['trinecke', 'istanbul ǆ k', 'σοφια']);
  });

  it("removes every script's marks, or with 'latin' only U+0300–U+036F", () => {
    expect(foldWord('कि a\u20d7 é')).toBe('क a e');
    expect(foldWord('कि a\u20d7 é', 'latin')).toBe('कि a\u20d7 e');
  });

  it('is the same whether marks go before or after lower-casing (the index words were made so)', () => {
    const unit = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), fc.constantFrom('Σ', 'İ', '\u0345', 'ς', 'Å', 'ǅ', '\u1e9e', 'Ω\u0301'));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), (parts) => {
        const s = parts.join('');
        expect(foldWord(s)).toBe(s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase());
        expect(foldWord(s)).toBe(s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
      }),
    );
  });
});

describe('utf8Length', () => {
  it('counts what TextEncoder writes, lone surrogates as U+FFFD included', () => {
    const encoded = (s: string) => new TextEncoder().encode(s).length;
    for (const s of ['', 'a', 'é', '€', '🐎', '\ud83d', '\ude00', '\ud83dé', '\ud83d\ud83d\ude00', 'x\ud83d']) expect(utf8Length(s), JSON.stringify(s)).toBe(encoded(s));
    const unit = fc.constantFrom('a', 'é', 'ř', '€', '\ud83d', '\ude00', '\ud83d\ude00', '\u0000');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (s) => {
        expect(utf8Length(s)).toBe(encoded(s));
      }),
    );
  });
});

describe('endsWithColon', () => {
  it('says what /[:：]\\s*$/ says', () => {
    const arb = fc.array(fc.constantFrom(':', '：', ' ', '\n', '\u00a0', '\u3000', '\ufeff', 'a', '?', '.', '\u200b', '\u0085'), { maxLength: 8 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(arb, fc.string({ maxLength: 12 })), (t) => {
        expect(endsWithColon(t)).toBe(/[:：]\s*$/.test(t));
      }),
      { numRuns: 3000 },
    );
    // Near miss: a colon with text after it does not end the sentence.
    expect(endsWithColon('Note: it rains')).toBe(false);
  });
});
