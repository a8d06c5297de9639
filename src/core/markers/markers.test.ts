import { describe, expect, it } from 'vitest';
import { findMarkers } from './markers';
import { parseNumberList } from './numberList';

const texts = (answer: string, chunkIds?: string[]) => findMarkers(answer, chunkIds ? { chunkIds } : {}).markers.map((m) => m.text);

describe('findMarkers: bracket numbers', () => {
  it('finds [n] with exact spans, glued to punctuation', () => {
    const a = 'Baikal is 1,642 m deep [3]. Tanganyika is second [1].';
    const { markers } = findMarkers(a);
    expect(markers.map((m) => [m.text, m.start, m.end, m.style, m.refs])).toEqual([
      ['[3]', a.indexOf('[3]'), a.indexOf('[3]') + 3, 'bracket_number', ['3']],
      ['[1]', a.indexOf('[1]'), a.indexOf('[1]') + 3, 'bracket_number', ['1']],
    ]);
    for (const m of markers) expect(a.slice(m.start, m.end)).toBe(m.text);
  });

  it('splits adjacent markers and keeps separated ones apart', () => {
    expect(texts('in 1987.[1][2] Babe Ruth')).toEqual(['[1]', '[2]']);
    expect(texts('solve crimes[1] [2]. Others')).toEqual(['[1]', '[2]']);
    expect(texts('content [1][2][3]. Next')).toEqual(['[1]', '[2]', '[3]']);
  });

  it('reads lists and ranges (hyphen and en dash), expanding ranges', () => {
    const { markers } = findMarkers('a [1, 2] b [1-3] c [4–6] d [2; 5]');
    expect(markers.map((m) => m.refs)).toEqual([['1', '2'], ['1', '2', '3'], ['4', '5', '6'], ['2', '5']]);
    expect(markers.every((m) => m.malformed === undefined)).toBe(true);
  });

  it('takes a number glued to text before the marker ("1[2].") as text and [2] as a marker', () => {
    const a = 'Some books include:\n\n1[2]. Karel Capek';
    const { markers } = findMarkers(a);
    expect(markers.map((m) => m.text)).toEqual(['[2]']);
    expect(markers[0]?.start).toBe(a.indexOf('[2]'));
  });

  it('treats bracketed prose as prose: [Fe/H], [sic], [Note], [citation needed]', () => {
    expect(texts('metallicity [Fe/H]=-2.09 [sic] [Note] [citation needed] [a b c] [1.5] [-1]')).toEqual([]);
  });

  it('treats the bracketed notes of bibliography styles as text unless a chunk has that id', () => {
    const a = 'Smith, "Graphs," 2019. [Online]. Available: https://x.org/g [Accessed: 22-Oct-2021]. [Internet] [cited 2021 Oct 22] [PDF] [Video] [Updated 2020-01-05]';
    expect(texts(a)).toEqual([]);
    expect(texts('see [Accessed: 22-Oct-2021]', ['Accessed: 22-Oct-2021'])).toEqual(['[Accessed: 22-Oct-2021]']);
    // Id-shaped brackets that only start like such a word are still markers (a made-up id must fail EXISTS).
    expect(texts('see [rev1] and [ed_2] and [version3]')).toEqual(['[rev1]', '[ed_2]', '[version3]']);
  });

  it('ignores Markdown links and images, but a numeric link text is a citation', () => {
    expect(texts('see [the docs](https://x.org) and ![chart](a.png) and ![1](b.png)')).toEqual([]);
    const a = 'Fact [1](https://example.com/page).';
    const { markers } = findMarkers(a);
    expect(markers.map((m) => [m.text, m.refs])).toEqual([['[1](https://example.com/page)', ['1']]]);
  });

  it('ignores task boxes at the start of list items, flags [ ] and [] elsewhere', () => {
    expect(findMarkers('- [ ] open\n- [x] done\n* [X] also\n1. [ ] numbered').markers).toEqual([]);
    const { markers } = findMarkers('Claim [ ]. Other [].');
    expect(markers.map((m) => [m.text, m.refs, m.malformed])).toEqual([
      ['[ ]', [], 'empty brackets [ ]'],
      ['[]', [], 'empty brackets []'],
    ]);
  });

  it('returns malformed ranges with their reason', () => {
    const { markers } = findMarkers('a [1-] b [3-1] c [1,] d [1-9999] e [1-100000000]');
    expect(markers.map((m) => [m.text, m.refs, m.malformed])).toEqual([
      ['[1-]', ['1'], 'incomplete range 1-'],
      ['[3-1]', ['3', '1'], 'reversed range 3-1'],
      ['[1,]', ['1'], 'empty item in a list'],
      ['[1-9999]', ['1', '9999'], 'range 1-9999 is too large to be a citation'],
      // More digits than a reference has: still a range, too large, never expanded.
      ['[1-100000000]', ['1', '100000000'], 'range 1-100000000 is too large to be a citation'],
    ]);
  });

  it('skips code spans and fenced code blocks', () => {
    expect(texts('Use `arr[1]` and `\\cite{x}` here [2].')).toEqual(['[2]']);
    expect(texts('Before [1].\n\n```\nconst a = b[3];\n```\nAfter [4].')).toEqual(['[1]', '[4]']);
    expect(texts('```\nunclosed [5]')).toEqual([]);
  });
});

describe('findMarkers: ids', () => {
  it('accepts id-shaped brackets by a generic rule', () => {
    expect(texts('a [doc1] b [chunk_7] c [source-3] d [S3] e [passage 2] f [doc:1] g [Sb_2016_263_L3_59]')).toEqual([
      '[doc1]',
      '[chunk_7]',
      '[source-3]',
      '[S3]',
      '[passage 2]',
      '[doc:1]',
      '[Sb_2016_263_L3_59]',
    ]);
    const { markers } = findMarkers('images [doc1]. Next [doc1, doc2]');
    expect(markers.map((m) => [m.style, m.refs])).toEqual([
      ['bracket_id', ['doc1']],
      ['bracket_id', ['doc1', 'doc2']],
    ]);
  });

  it('accepts a spaced separator after the label and a labelled number list, one ref per number', () => {
    const { markers } = findMarkers('a [Source: 1] b [source #2] c [Doc. 3] d [Sources: 1, 2] e [docs 4-6] f [Zdroje: 1, 3]');
    expect(markers.map((m) => m.refs)).toEqual([['Source: 1'], ['source #2'], ['Doc. 3'], ['Source 1', 'Source 2'], ['doc 4', 'doc 5', 'doc 6'], ['Zdroj 1', 'Zdroj 3']]);
    expect(texts('prose [Fig. A] and [see: 1, 2] and [Note: x]')).toEqual([]);
  });

  it('accepts any known chunk id, even without an id shape', () => {
    expect(texts('see [intro] and [Fe/H]', ['intro'])).toEqual(['[intro]']);
    expect(texts('see [Fe/H]', ['Fe/H'])).toEqual(['[Fe/H]']);
    expect(texts('see [INTRO ]', ['intro'])).toEqual(['[INTRO ]']);
  });
});

describe('findMarkers: \\cite', () => {
  it('reads ids with spaces, slashes, dots, hyphens and underscores', () => {
    const a = 'Definice (Q500). \\cite{379/2016 Sb._L3_1094} V reakci \\cite{a, b-2.x} \\citep{k}';
    const { markers } = findMarkers(a);
    expect(markers.map((m) => [m.text, m.refs, m.style])).toEqual([
      ['\\cite{379/2016 Sb._L3_1094}', ['379/2016 Sb._L3_1094'], 'latex_cite'],
      ['\\cite{a, b-2.x}', ['a', 'b-2.x'], 'latex_cite'],
      ['\\citep{k}', ['k'], 'latex_cite'],
    ]);
    for (const m of markers) expect(a.slice(m.start, m.end)).toBe(m.text);
  });

  it('flags \\cite{}, unclosed \\cite{a and empty ids', () => {
    const { markers } = findMarkers('x \\cite{} y \\cite{a and more\nnext \\cite{a,}');
    expect(markers.map((m) => [m.text, m.refs, m.malformed])).toEqual([
      ['\\cite{}', [], 'empty \\cite{}'],
      ['\\cite{a', ['a'], 'unclosed \\cite{'],
      ['\\cite{a,}', ['a'], 'empty id in \\cite{…}'],
    ]);
  });

  it('ignores other LaTeX commands and escaped backslashes', () => {
    expect(texts('\\textbf{x} \\\\cite \\emph{y}')).toEqual([]);
  });
});

describe('findMarkers: fullwidth, footnotes, LongCite', () => {
  it('reads 【1】 and 【1†source】, flags 【】', () => {
    const { markers } = findMarkers('a 【1】 b 【2†source】 c 【】 d 【3:0†source】');
    expect(markers.map((m) => [m.text, m.refs, m.style, m.malformed ?? null])).toEqual([
      ['【1】', ['1'], 'fullwidth', null],
      ['【2†source】', ['2'], 'fullwidth', null],
      ['【】', [], 'fullwidth', 'empty 【】'],
      ['【3:0†source】', ['3:0'], 'fullwidth', null],
    ]);
  });

  it('reports footnote references as markers and definition lines as definitions', () => {
    const a = '> Insulin was first isolated in 1921. [^1]\n\n[^1]: doc-a';
    const scan = findMarkers(a);
    expect(scan.markers.map((m) => [m.text, m.refs, m.style])).toEqual([['[^1]', ['1'], 'footnote']]);
    expect(scan.footnoteDefinitions).toEqual([
      { label: '1', target: 'doc-a', start: a.lastIndexOf('[^1]'), end: a.length, kind: 'footnote' },
    ]);
  });

  it('reports Markdown reference lines [1]: url as link definitions, not citations', () => {
    const a = 'Fact [1].\n\n[1]: https://example.com/a "A"\r\n';
    const scan = findMarkers(a);
    expect(scan.markers.map((m) => m.text)).toEqual(['[1]']);
    expect(scan.footnoteDefinitions.map((d) => [d.label, d.target, d.kind])).toEqual([['1', 'https://example.com/a "A"', 'link']]);
  });

  it('reads LongCite ranges (inclusive) and keeps empty <cite></cite> separately', () => {
    const a =
      '<statement>Intro:<cite></cite></statement>\n<statement>- A [Fe/H]=-2.09.<cite>[10-10]</cite></statement>' +
      '<statement>B.<cite>[6-7][9-9]</cite></statement>';
    const scan = findMarkers(a);
    expect(scan.markers.map((m) => [m.text, m.refs, m.style])).toEqual([
      ['[10-10]', ['10'], 'longcite'],
      ['[6-7]', ['6', '7'], 'longcite'],
      ['[9-9]', ['9'], 'longcite'],
    ]);
    expect(scan.emptyCites.map((e) => e.text)).toEqual(['<cite></cite>']);
    expect(scan.emptyCites[0]?.start).toBe(a.indexOf('<cite></cite>'));
  });

  it('flags unreadable or unclosed <cite>', () => {
    const bad = findMarkers('<statement>A.<cite>see doc 3</cite></statement> B.<cite>[1-2]');
    expect(bad.markers.map((m) => [m.text, m.malformed])).toEqual([
      ['see doc 3', 'unreadable <cite> content (expected [start-end] ranges)'],
      ['<cite>[1-2]', 'unclosed <cite>'],
    ]);
    expect(bad.markers[1]?.refs).toEqual(['1', '2']);
  });
});

describe('findMarkers: URLs and OpenAI file search', () => {
  it('leaves brackets inside a URL alone, but reads a marker glued to the end of a bare URL', () => {
    expect(texts('See https://example.com/list?tag[1]=x&tag[2]=y for more [3].')).toEqual(['[3]']);
    expect(texts('More at <https://example.org/a[2]> and [4].')).toEqual(['[4]']);
    expect(texts('Read [the guide](https://example.org/p?q[0]=1) [5].')).toEqual(['[5]']);
    expect(texts('Source: https://example.org/page[1][2]. Next [6]')).toEqual(['[1]', '[2]', '[6]']);
  });

  it('reads the file name of 【message:result†file】 as the reference, keeps a generic †source as written', () => {
    const { markers } = findMarkers('Leave is 25 days【4:0†handbook.pdf】. Remote work needs approval【4:1†source】.');
    expect(markers.map((m) => [m.text, m.refs])).toEqual([
      ['【4:0†handbook.pdf】', ['handbook.pdf']],
      ['【4:1†source】', ['4:1']],
    ]);
  });
});

describe('findMarkers: robustness', () => {
  it('never scans what is not the answer and keeps indexes in order', () => {
    const { markers } = findMarkers('A [1]. B [2]. C [3].');
    expect(markers.map((m) => m.index)).toEqual([0, 1, 2]);
  });

  it('handles pathological inputs without blowing up', () => {
    const many = '['.repeat(20_000) + '\\cite{'.repeat(2_000) + '【'.repeat(5_000) + '<cite>'.repeat(2_000) + '`'.repeat(3_000);
    const scan = findMarkers(many);
    for (const m of scan.markers) {
      expect(m.start).toBeGreaterThanOrEqual(0);
      expect(m.end).toBeLessThanOrEqual(many.length);
    }
    expect(findMarkers(undefined as unknown as string).markers).toEqual([]);
  });

  it('parseNumberList rejects prose and accepts number lists', () => {
    expect(parseNumberList('1, 2')?.refs).toEqual(['1', '2']);
    expect(parseNumberList('01')?.refs).toEqual(['1']);
    expect(parseNumberList('a1')).toBeNull();
    expect(parseNumberList('1 2')).toBeNull();
    expect(parseNumberList('1234567')).toBeNull();
  });
});
