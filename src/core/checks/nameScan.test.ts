// The name rules' answers without the name index (nameScan.ts, NameSource's inProse, mayHave and
// mayHaveCloseWord) must never contradict the index: checked on texts made of the shapes that
// make a short cut wrong (joiners inside a run, dotted capitals, combining marks, initials).
import { describe, expect, it } from 'vitest';
import { entityRuns } from './entities';
import { foldWord } from '../text/text';
import { certainlyProse, closeWordIn, dottedWords, foldsPlainly, inSpans, phraseInFolded, runSpans, sentenceAround, squashedMatch, wordsInFolded } from './nameScan';
import { NameSource } from './names';
import { aliasIn } from './nameAliases';

const TEXTS = [
  'The Bank of England and the Duke of Cambridge met; the bank of the river was wet.',
  'Leonardo da Vinci painted it. da Vinci is also written lower case, la and de too.',
  'The U.S. economy grew, and Ph.D. holders left the U.S.A. for the E.U. in 2019.',
  'xY.W.v and A3.5 and St.Louis, then end.Start of the sentence.',
  'Justice William O. Douglas and J. R. R. Tolkien wrote (of all things) about O. Henry.',
  'Cafe\u0301s in Praha, Ἀθῆναι and ΟΔΟΣ near Dvor\u030ca\u0301k Street; café society.',
  'Obama’s speech, O’Neill’s book and James’ car; the obama-era rules.',
  '𝐀𝐁c.d 𝐀 x and  double  spaces\u00a0of\u00a0Spain, SARS-CoV-2 and sars cov.',
  'Evolution occurs slowly. Roger Federer won. In January the Court of Appeal ruled 1234 times.',
];

function runMask(text: string): Uint8Array {
  const inRun = new Uint8Array(text.length + 2);
  for (const r of entityRuns(text)) inRun.fill(1, r.start, r.end);
  return inRun;
}

describe('certainlyProse', () => {
  it('is never true inside a capitalised run, joiners and initials included', () => {
    for (const text of TEXTS) {
      const inRun = runMask(text);
      const wrong = [];
      for (let q = 0; q <= text.length; q++) if (certainlyProse(text, q) && inRun[q]) wrong.push(text.slice(q, q + 10));
      expect(wrong, text).toEqual([]);
    }
  });
  it('is true for plain lower-case words outside runs', () => {
    const text = 'the bank of the river';
    expect(certainlyProse(text, 0)).toBe(true);
    expect(certainlyProse(text, text.indexOf('river'))).toBe(true);
    // "of" may be a joiner: not certain without the runs.
    expect(certainlyProse(text, text.indexOf('of'))).toBe(false);
  });
});

describe('inSpans', () => {
  it('says what a mask of the runs says, at every offset', () => {
    for (const text of [...TEXTS, 'A', '', 'X Y. Z', 'The U.S. Army, 1944 and O. Henry; Bank of England.']) {
      const inRun = runMask(text);
      const spans = runSpans(entityRuns(text));
      const wrong = [];
      for (let q = -1; q <= text.length + 1; q++) if (inSpans(spans, q) !== (inRun[q] === 1)) wrong.push(q);
      expect(wrong, text).toEqual([]);
    }
  });
});

describe('dottedWords', () => {
  it('gives the capitalised words with a dot inside, and each later capital start in them', () => {
    expect(dottedWords('The U.S. grew; xY.W.v too, and end.Start.')).toEqual(['U.S', 'S', 'W.v', 'Start']);
  });
});

describe('NameSource without its index agrees with the index', () => {
  it('has every word of the index (mayHave), finds close words, and says prose only where the index does', () => {
    for (const text of TEXTS) {
      const index = new NameSource(text, 'en');
      const keys = [...index.where.keys()];
      const bare = () => new NameSource(text, 'en');
      expect(
        keys.filter((k) => !bare().mayHave(k)),
        text,
      ).toEqual([]);
      // A word one letter off each key of six letters or more must be seen as possibly close.
      const off = keys.filter((k) => k.length >= 6).map((k) => `${k.slice(0, -1)}${k.endsWith('z') ? 'y' : 'z'}`);
      expect(
        off.filter((w) => !bare().mayHaveCloseWord(w)),
        text,
      ).toEqual([]);
      expect(
        keys.filter((k) => bare().inProse(k) && !index.where.get(k)!.prose),
        text,
      ).toEqual([]);
      const squashed = bare().words.words.join('');
      for (let i = 0; i + 6 <= squashed.length; i += 5) expect(bare().hasSquashed(squashed.slice(i, i + 6)), squashed.slice(i, i + 6)).toBe(true);
    }
  });
  it('has an acronym, written plain or dotted, exactly where the index has it (hasAcronym)', () => {
    const texts = [...TEXTS, 'The US.A grew.', 'The U.SA grew.', 'The U. K and NATO', 'N.ATO, NAT.O and WHO (W.H.O)', 'USSR U.S.S.R.. X.Y.Z.', 'Ü.Ö and 𝐀.𝐁 then ÜÖ.'];
    const wrong: string[] = [];
    for (const text of texts) {
      const index = new NameSource(text, 'en');
      void index.runs;
      // Every run of two to four capitals or digits of the text with its dots and spaces dropped, and the same read backwards.
      const capitals = [...text.replace(/[^\p{Lu}\p{N}]/gu, '')];
      const asks = new Set<string>();
      for (let i = 0; i < capitals.length; i++) for (let n = 2; n <= 4 && i + n <= capitals.length; n++) asks.add(capitals.slice(i, i + n).join('')).add(capitals.slice(i, i + n).reverse().join(''));
      for (const a of asks) if (new NameSource(text, 'en').hasAcronym(a) !== index.hasAcronym(a)) wrong.push(`${a} in ${text.slice(0, 30)}`);
    }
    expect(wrong).toEqual([]);
  });
  it('finds a short form of the alias tables, dotted or not, where the plain pattern finds it (aliasIn)', () => {
    // The plain reading of a short form: the acronym in the index, or the letters with a dot and
    // perhaps a space between two, standing alone in the text.
    const plain = (text: string, letters: string) =>
      new NameSource(text, 'en').hasAcronym(letters) || new RegExp(`(?<![\\p{L}\\p{N}])${letters.split('').join('\\.\\s?')}\\.?(?![\\p{L}\\p{N}])`, 'u').test(text);
    const texts = ['the U.K. economy', 'the U. K. economy', 'the U.K economy', 'UK economy', 'the uk economy', 'the U K economy', 'U.-K. trade', 'in the U.\nK. now', 'xU.K. and U.Kx', 'the U.S. and U.K.', 'the US.', ''];
    const got = texts.map((t) => [t, aliasIn('United Kingdom', [new NameSource(t, 'en')], 'en') === 'UK', aliasIn('United States', [new NameSource(t, 'en')], 'en') === 'US']);
    expect(got).toEqual(texts.map((t) => [t, plain(t, 'UK'), plain(t, 'US')]));
    expect(got.filter(([, uk]) => uk).length).toBeGreaterThan(3);
  });
  it('answers "certainly not" without building the index', () => {
    const s = new NameSource('A page about the Bank of England and its governors.', 'en');
    expect(s.mayHave('portugal')).toBe(false);
    expect(s.mayHaveCloseWord('portugul')).toBe(false);
    expect(s.inProse('governors')).toBe(true);
    expect((s as unknown as { named?: unknown }).named).toBeUndefined();
  });
});

// The phrase search over the folded text in place (phraseInFolded, wordsInFolded, closeWordIn)
// against what it replaced: a copy of the text's words with one space between two, searched with
// includes and a regex.
const spacedOf = (folded: string) => ` ${folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
const esc = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function phraseBySpaced(spaced: string, words: string[], lang: 'en' | 'cs'): boolean {
  if (spaced.includes(` ${words.join(' ')} `)) return true;
  const parts = words.map((w) => (lang === 'cs' && w.length >= 5 ? `${esc(w.slice(0, w.length - 2))}\\p{L}{0,4}` : `${esc(w)}(?:s|es)?`));
  return new RegExp(` ${parts.join(' ')} `, 'u').test(spaced);
}
function oneEditRef(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
function closeBySpaced(spaced: string, w: string): boolean {
  const start = ` ${w[0]!}`;
  for (let i = spaced.indexOf(start); i >= 0; i = spaced.indexOf(start, i + 1)) {
    const end = spaced.indexOf(' ', i + 1);
    if (Math.abs(end - i - 1 - w.length) <= 1 && oneEditRef(w, spaced.slice(i + 1, end))) return true;
  }
  return false;
}

const PHRASE_TEXTS = [
  ...TEXTS,
  'Václav Havel byl prezidentem Československé republiky; Havlova kniha, Havlovi a Havlem. Praha 2019ab a covid19.',
  'New Yorks and the new york times, newest yorkes; Yorkshire terriers. The cat sat on the mat, cats too.',
  'Ὀδυσσεύς 𝐀𝐛𝐜𝐝𝐞 𝐀𝐛𝐜𝐱𝐲 and 𝐀𝐛𝐜 𝟏𝟐 ‐ x\ud835 y and \udc00z; word\u00adsplit and a-b-c.',
  'Jean-Luc Picard, abc-1 and abc d, Brnem a Brno, brnenskeho kraje, kraj, krajem.',
  '',
  '   ...   ',
];

/** Phrases to look for in a folded text: its own word runs, and each changed at the end. */
function phrasesOf(folded: string): string[][] {
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[][] = [];
  const variants = (w: string) => [w, `${w}s`, `${w}es`, w.slice(0, -1), w.slice(0, -2), `${w.slice(0, -2)}em`, `${w.slice(0, -2)}1`, `${w.slice(0, -2)}ových`, `${w}-x`, `x${w}`];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const p = words.slice(i, i + n);
      out.push(p);
      for (const v of variants(p[n - 1]!)) if (v) out.push([...p.slice(0, -1), v]);
      for (const v of variants(p[0]!)) if (v) out.push([v, ...p.slice(1)]);
    }
  }
  out.push(['abc-1'], ['abc', 'd'], ['havel1'], ['sars-cov-2'], ['new', 'york', 'times']);
  return out;
}

type Matcher = (folded: string, words: string[], lang: 'en' | 'cs') => boolean;
/** Every (text, phrase, language) with the spaced copy's answer, worked out once. */
let cases: { folded: string; p: string[]; lang: 'en' | 'cs'; want: boolean }[] | undefined;
function disagreements(find: Matcher): string[] {
  if (!cases) {
    cases = [];
    for (const text of PHRASE_TEXTS) {
      const folded = foldWord(text);
      const spaced = spacedOf(folded);
      for (const p of phrasesOf(folded)) for (const lang of ['en', 'cs'] as const) cases.push({ folded, p, lang, want: phraseBySpaced(spaced, p, lang) });
    }
  }
  return cases.filter((c) => find(c.folded, c.p, c.lang) !== c.want).map((c) => `${c.lang} ${c.p.join(' ')} in ${c.folded.slice(0, 30)}`);
}

describe('the phrase search in place agrees with the search over a spaced copy', () => {
  it('finds the same phrases, in both languages (phraseInFolded)', () => {
    expect(disagreements(phraseInFolded)).toEqual([]);
  });
  it('finds the same exact phrases (wordsInFolded) and close words (closeWordIn)', () => {
    const wrong: string[] = [];
    for (const text of PHRASE_TEXTS) {
      const folded = foldWord(text);
      const spaced = spacedOf(folded);
      for (const p of phrasesOf(folded)) {
        if (wordsInFolded(folded, p) !== spaced.includes(` ${p.join(' ')} `)) wrong.push(`exact ${p.join(' ')}`);
        const w = p.join('');
        if (closeWordIn(folded, w, oneEditRef) !== closeBySpaced(spaced, w)) wrong.push(`close ${w}`);
      }
    }
    expect(wrong).toEqual([]);
  });
  it('tells a wrong short cut apart (the comparison can fail)', () => {
    // Each of these drops one condition of the search: the texts and phrases above must catch it.
    const noStart: Matcher = (f, w, l) => phraseInFolded(f, w, l) || (w.length === 1 && f.includes(w[0]!));
    const exactOnly: Matcher = (f, w) => wordsInFolded(f, w);
    const czechAsEnglish: Matcher = (f, w) => phraseInFolded(f, w, 'en');
    const noEndings: Matcher = (f, w, l) => (l === 'en' ? wordsInFolded(f, w) : phraseInFolded(f, w, l));
    for (const wrong of [noStart, exactOnly, czechAsEnglish, noEndings]) expect(disagreements(wrong).length).toBeGreaterThan(0);
  });
});

describe('squashedMatch agrees with the squashed copy and the older pattern', () => {
  // The folded text's letters and digits run together, searched with includes; the match's place
  // as /s[^\p{L}\p{N}]*q…/u finds it (squashed strings without surrogates: names.ts keeps the
  // pattern for the others).
  const byCopy = (folded: string, q: string) => folded.replace(/[^\p{L}\p{N}]+/gu, '').includes(q);
  const byPattern = (folded: string, q: string) => {
    const m = new RegExp(q.split('').map(esc).join('[^\\p{L}\\p{N}]*'), 'u').exec(folded);
    return m ? { start: m.index, end: m.index + m[0].length } : undefined;
  };
  const queries = (folded: string) => {
    const squashed = folded.replace(/[^\p{L}\p{N}]+/gu, '');
    const out = new Set<string>();
    for (let i = 0; i < squashed.length; i += 4) for (const n of [1, 5, 12]) out.add(squashed.slice(i, i + n));
    for (const p of phrasesOf(folded).filter((_, k) => k % 23 === 0)) out.add(p.join('').replace(/[^\p{L}\p{N}]+/gu, ''));
    out.delete('');
    return [...out];
  };
  type Place = { start: number; end: number } | undefined;
  type Find = (folded: string, q: string) => Place;
  /** Every (text, query) with the copy's and the pattern's answers, worked out once. */
  let asked: { folded: string; q: string; found: boolean; place?: Place }[] | undefined;
  function wrongOnes(find: Find): string[] {
    asked ??= PHRASE_TEXTS.flatMap((text) => {
      const folded = foldWord(text);
      return queries(folded).map((q) => ({ folded, q, found: byCopy(folded, q), ...(/[\ud800-\udfff]/.test(q) ? {} : { place: byPattern(folded, q) }) }));
    });
    const wrong: string[] = [];
    for (const a of asked) {
      const got = find(a.folded, a.q);
      if ((got !== undefined) !== a.found) wrong.push(`found ${a.q}`);
      if ('place' in a && JSON.stringify(got) !== JSON.stringify(a.place)) wrong.push(`place ${a.q}`);
    }
    return wrong;
  }
  it('finds the same squashed names at the same places', () => {
    expect(wrongOnes(squashedMatch)).toEqual([]);
  });
  it('tells a wrong short cut apart (no gaps skipped; the place in the copy)', () => {
    const noGaps: Find = (f, q) => {
      const i = f.indexOf(q);
      return i < 0 ? undefined : { start: i, end: i + q.length };
    };
    const placeInCopy: Find = (f, q) => {
      const i = f.replace(/[^\p{L}\p{N}]+/gu, '').indexOf(q);
      return i < 0 ? undefined : { start: i, end: i + q.length };
    };
    expect(wrongOnes(noGaps).length).toBeGreaterThan(0);
    expect(wrongOnes(placeInCopy).length).toBeGreaterThan(0);
  });
});

// The runs read sentence by sentence (entityRuns over [start, end) of sentenceAround) are the
// whole text's, and NameSource.placesNear, which reads them so, says what the index says.
const SENTENCE_TEXTS = [
  ...TEXTS,
  ...PHRASE_TEXTS,
  'It ended. 1) Paris and 2) Rome were named; then (a) Bank of England: the Duke of York! Who? Smith. Jones',
  'Written by O. Henry. and then X. Y. Zeta met. Obama’s aide. The U.S. Army; the U.S. Navy. Ph.D. holders met.',
  'Evolution occurs slowly. Roger Federer won.\nEvolution again.\n\nNew York is big: New York City. new york times.',
  'Mary Smith met John Smith. smith was there; Smith alone. Paris! London? Prague: Brno; bank of england.',
];

describe('runs read sentence by sentence', () => {
  const plain = (runs: ReturnType<typeof entityRuns>) => JSON.stringify(runs);
  /** The runs of every sentence of the text (sentenceAround from each sentence's start), in order. */
  function bySentence(text: string, read: (text: string, start: number, end: number) => ReturnType<typeof entityRuns>) {
    const out: ReturnType<typeof entityRuns> = [];
    for (let at = 0; at < text.length; ) {
      const { start, end } = sentenceAround(text, at);
      out.push(...read(text, start, end));
      at = end;
    }
    return out;
  }
  it('are the whole text’s runs', () => {
    for (const text of SENTENCE_TEXTS) expect(plain(bySentence(text, entityRuns)), text).toBe(plain(entityRuns(text)));
  });
  it('would not be if each sentence were cut out of the text (the comparison can fail)', () => {
    const cut = (text: string, start: number, end: number) => entityRuns(text.slice(start, end)).map((r) => ({ ...r, start: r.start + start, end: r.end + start, words: r.words.map((w) => ({ ...w, start: w.start + start, end: w.end + start })) }));
    expect(SENTENCE_TEXTS.filter((text) => plain(bySentence(text, cut)) !== plain(entityRuns(text))).length).toBeGreaterThan(0);
  });
  it('give the index’s places (placesNear against placesOf with the index built)', () => {
    const wrong: string[] = [];
    for (const text of SENTENCE_TEXTS) {
      const index = new NameSource(text, 'en');
      for (const [w, e] of index.where) {
        const near = new NameSource(text, 'en').placesNear(w);
        // A run holding w twice is given once (the index lists it for each).
        const want = e.prose ? 'prose' : e.runs.length ? JSON.stringify([...new Set(e.runs)].map((k) => index.runs[k]!.words)) : 'none';
        const got = !near ? 'none' : near.prose ? 'prose' : JSON.stringify(near.runs.map((r) => r.words));
        if (got !== want) wrong.push(`${w}: ${got} / ${want} in ${text.slice(0, 30)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('placesNear stopping at the first run that is enough', () => {
  const shown = (e: ReturnType<NameSource['placesNear']>) => (!e ? 'none' : e.prose ? 'prose' : JSON.stringify(e.runs.map((r) => r.words)));
  /** For every word of every text, and a question about each other word: where the early answer differs from reading every sentence. */
  function disagreements(early: (src: NameSource, w: string, enough: (r: { words: string[] }) => boolean) => ReturnType<NameSource['placesNear']>): string[] {
    const wrong: string[] = [];
    for (const text of SENTENCE_TEXTS) {
      const keys = [...new NameSource(text, 'en').where.keys()];
      for (const w of keys) {
        const full = new NameSource(text, 'en').placesNear(w);
        for (const v of keys) {
          const enough = (r: { words: string[] }) => r.words.includes(v);
          const got = early(new NameSource(text, 'en'), w, enough);
          // The question (a place in prose, or a run that is enough) gets the same answer; where it
          // is no, every run is given.
          const decided = (e: typeof full) => !!e && (e.prose || e.runs.some(enough));
          const ok = decided(full) ? decided(got) : shown(got) === shown(full);
          if (!ok) wrong.push(`${w} / ${v}: ${shown(got)} against ${shown(full)} in ${text.slice(0, 30)}`);
        }
      }
    }
    return wrong;
  }
  it('says what reading every sentence says about the question', () => {
    expect(disagreements((src, w, enough) => src.placesNear(w, enough))).toEqual([]);
  });
  it('would not if it stopped at the first run whatever it holds (the comparison can fail)', () => {
    const first = (src: NameSource, w: string) => {
      const e = src.placesNear(w);
      return e && !e.prose ? { prose: false, runs: e.runs.slice(0, 1) } : e;
    };
    expect(disagreements(first).length).toBeGreaterThan(0);
  });
});

describe('runs that may hold given words, read sentence by sentence (runsWithAny)', () => {
  const holding = (runs: { words: string[] }[], ws: string[]) => JSON.stringify(runs.filter((r) => r.words.some((x) => ws.includes(x))).map((r) => r.words));
  /** Each word of the index, alone and with the next one (the head rule asks for several forms at once). */
  function asks(index: NameSource): string[][] {
    const keys = [...index.where.keys()];
    return keys.flatMap((w, k) => [[w], [keys[(k + 1) % keys.length]!, w]]);
  }
  /** The index's runs that hold one of the words against those the short cut gives, for every text. */
  function disagreements(read: (src: NameSource, ws: string[]) => { words: string[] }[]): string[] {
    const wrong: string[] = [];
    for (const text of [...SENTENCE_TEXTS, ...TEXTS]) {
      const index = new NameSource(text, 'en');
      for (const ws of asks(index)) {
        const got = holding(read(new NameSource(text, 'en'), ws), ws);
        const want = holding(index.runs, ws);
        if (got !== want) wrong.push(`${ws.join('+')}: ${got} / ${want} in ${text.slice(0, 30)}`);
      }
    }
    return wrong;
  }
  it('give every run of the index that holds one of the words, in the index’s order', () => {
    expect(disagreements((src, ws) => src.runsWithAny(ws))).toEqual([]);
  });
  it('would not if only the sentence of the first place were read (the comparison can fail)', () => {
    const firstPlaceOnly = (src: NameSource, ws: string[]) => {
      const all = src.runsWithAny(ws);
      const first = all.find((r) => r.words.some((x) => ws.includes(x)));
      if (!first) return all;
      const { start, end } = sentenceAround(src.text, first.start);
      return all.filter((r) => r.start >= start && r.start < end);
    };
    expect(disagreements(firstPlaceOnly).length).toBeGreaterThan(0);
  });
});

describe('entityRuns joins two capitalised words over the gaps the regex reading joined them over', () => {
  // The reading before the gap walk: a slice of the gap, a pattern of spaces, then a split into parts.
  const byPattern = (gap: string) =>
    /^[\s\u00A0]+$/.test(gap) || (/^[\s\u00A0]/.test(gap) && /[\s\u00A0]$/.test(gap) && gap.split(/[\s\u00A0]+/).every((p) => !p || ['of', 'de', 'da', 'di', 'del', 'van', 'von', 'der', 'den', 'la', 'le', 'du'].includes(p.toLowerCase())));
  const PARTS = ['of', 'del', 'von', 'the', 'ofx', 'dela', 'x', 'da-', 'dé', 'ǆ', 'ﬀ'];
  const SPACES = [' ', '  ', '\u00a0', '\u2003', '\n', '\t', '\u3000', '\ufeff', ''];
  /** Every gap of up to two parts with spaces around and between them. */
  const gaps: string[] = [];
  for (const a of SPACES) {
    gaps.push(a);
    for (const p of PARTS) for (const b of SPACES) {
      gaps.push(a + p + b);
      for (const q of PARTS.slice(0, 4)) gaps.push(a + p + b + q + ' ');
    }
  }
  // A gap that starts or ends with a letter or a hyphen would be part of a word, no gap.
  const real = gaps.filter((g) => g && !/^[\p{L}-]|[\p{L}-]$/u.test(g));
  const joined = (gap: string) => entityRuns(`so Alpha${gap}Beta went`).length === 1;
  it('joins exactly where the pattern did', () => {
    expect(real.filter(joined).length).toBeGreaterThan(20);
    expect(real.filter((g) => joined(g) !== byPattern(g)).map((g) => JSON.stringify(g))).toEqual([]);
  });
  it('tells a wrong reading apart (the comparison can fail)', () => {
    const firstPartOnly = (gap: string) => /^\s/.test(gap) && /\s$/.test(gap) && ['of', 'del', 'von', 'de', 'da'].includes(gap.trim().split(/\s+/)[0]!.toLowerCase());
    expect(real.filter((g) => joined(g) !== firstPartOnly(g)).length).toBeGreaterThan(0);
  });
});

describe('foldsPlainly, with a text of no unit where marks lie not searched for them', () => {
  const byPattern = (t: string) => !/[\p{M}\u03a3]/u.test(t);
  /** Every code unit alone and inside an ASCII word, and astral marks and letters. */
  const texts: string[] = [];
  for (let c = 0; c < 0x10000; c++) texts.push(String.fromCharCode(c), `ab${String.fromCharCode(c)}cd`);
  texts.push('a\u{1d165}b', '\u{1d400}x', '\u{e0100}', ...TEXTS);
  it('says what the pattern says of every text', () => {
    expect(texts.filter((t) => foldsPlainly(t) !== byPattern(t)).map((t) => JSON.stringify(t))).toEqual([]);
  });
  it('tells a gate that leaves out a block of marks apart (the comparison can fail)', () => {
    const lateGate = (t: string) => !/[\u0300-\u036f\u0483-\u1fff\u2c00-\uffff\u03a3]/.test(t) || byPattern(t);
    expect(texts.filter((t) => lateGate(t) !== byPattern(t)).length).toBeGreaterThan(0);
  });
});
