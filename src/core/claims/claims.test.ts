import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarkers } from '../markers/markers';
import { splitClaims } from './claims';
import { isAbsence, isMeta } from './exemptions';
import { isAdvice } from './leadIns';
import { msg, render } from '../report/messages';
import type { Claim, Language } from '../types';

const split = (answer: string, language: Language = 'en'): Claim[] => {
  const scan = findMarkers(answer);
  return splitClaims(answer, scan.markers, language, { footnoteDefinitions: scan.footnoteDefinitions });
};
const spans = (answer: string, language: Language = 'en') => split(answer, language).map((c) => answer.slice(c.start, c.end));
const textsOf = (answer: string, language: Language = 'en') => split(answer, language).map((c) => c.text);

describe('markers and sentence ends', () => {
  it('keeps markers placed after the period with the previous sentence (liu2023 style)', () => {
    const a = 'Babe Ruth retired in 1935. He set the record in 1927.[1][2] Babe hit 714 home runs[3]. What do you think?';
    expect(spans(a)).toEqual([
      'Babe Ruth retired in 1935.',
      'He set the record in 1927.[1][2]',
      'Babe hit 714 home runs[3].',
      'What do you think?',
    ]);
    expect(textsOf(a)[1]).toBe('He set the record in 1927.');
  });

  it('keeps markers before the period in their sentence', () => {
    const a = 'Lake Baikal is the deepest lake [3]. Tanganyika is second [1] [2]. Images are stored [doc1]. Next.';
    expect(spans(a)).toEqual(['Lake Baikal is the deepest lake [3].', 'Tanganyika is second [1] [2].', 'Images are stored [doc1].', 'Next.']);
    expect(textsOf(a).slice(0, 3)).toEqual(['Lake Baikal is the deepest lake.', 'Tanganyika is second.', 'Images are stored.']);
  });

  it('keeps a \\cite after the period with the previous sentence (sujbot2 style)', () => {
    const a = 'Limit je stanoven pro zařízení (Q500). \\cite{379/2016 Sb._L3_1094} V reakci na to vznikl nový předpis.';
    expect(spans(a, 'cs')).toEqual(['Limit je stanoven pro zařízení (Q500). \\cite{379/2016 Sb._L3_1094}', 'V reakci na to vznikl nový předpis.']);
  });

  it('keeps a quote-closing marker with its sentence (HAGRID)', () => {
    const a = 'Reference: "In 2012, a law allowed voting at 16."[2] Reference: "Another quote."[3]';
    expect(spans(a)).toEqual(['Reference: "In 2012, a law allowed voting at 16."[2]', 'Reference: "Another quote."[3]']);
  });

  it('never starts a claim with a marker and gives marker-only paragraphs to the previous claim', () => {
    const a = 'Sentence one.\n\n[1]\n\nSentence two [2]';
    const claims = split(a);
    expect(claims.map((c) => a.slice(c.start, c.end))).toEqual(['Sentence one.\n\n[1]', 'Sentence two [2]']);
    const b = '[1] Leading marker sentence. Another [2].';
    expect(split(b).every((c) => !b.slice(c.start).startsWith('['))).toBe(true);
  });

  it('gives a marker glued to a list number ("1[2].") to the claim before the number (ExpertQA)', () => {
    const a = 'Some books related to Karel Capek include:\n\n1[2]. Capek wrote a play about robots [3]. The library holds his letters [4].';
    expect(spans(a)).toEqual([
      'Some books related to Karel Capek include:\n\n1[2]',
      'Capek wrote a play about robots [3].',
      'The library holds his letters [4].',
    ]);
    // The number is not part of any claim's text.
    expect(textsOf(a)[0]).toBe('Some books related to Karel Capek include:');
  });
});

describe('abbreviations and numbers', () => {
  it('reads initials as initials, whatever the letter ("P.", "R." are also page and year abbreviations)', () => {
    expect(spans('A. M. Smith and P. Q. Jones wrote it. J. R. R. Tolkien read it. See p. 5 of the report.')).toEqual([
      'A. M. Smith and P. Q. Jones wrote it.',
      'J. R. R. Tolkien read it.',
      'See p. 5 of the report.',
    ]);
    // Journal abbreviations do not end a sentence either.
    expect(spans('It appeared in IEEE Trans. Neural Netw. in 2019. It was cited often.')).toEqual([
      'It appeared in IEEE Trans. Neural Netw. in 2019.',
      'It was cited often.',
    ]);
  });

  it('does not split English abbreviations and decimals', () => {
    const a = 'Dr. Smith of the U.S. Army measured 3.5 km, e.g. on the road, i.e. outside. No. 5 is next. He left.';
    expect(spans(a)).toEqual(['Dr. Smith of the U.S. Army measured 3.5 km, e.g. on the road, i.e. outside.', 'No. 5 is next.', 'He left.']);
  });

  it('splits after an acronym when a usual sentence opener follows', () => {
    expect(spans('He moved to the U.S. The company followed.')).toEqual(['He moved to the U.S.', 'The company followed.']);
  });

  it('does not split Czech abbreviations, legal references and ordinals', () => {
    const legal =
      'Radiační ochrana je upravena v § 4 odst. 2 písm. b). ' +
      'Zákon dále rozlišuje několik druhů ozáření (např. profesní, lékařské) (§ 2 odst. 3 písm. d).';
    expect(split(legal, 'cs')).toHaveLength(2);
    const a =
      'Zákon č. 263/2016 Sb. definuje ozáření. Platí tzv. Atomový zákon, mj. Brno, resp. Praha, apod. ve všech krajích. ' +
      'Dne 1. ledna 2020 to začalo. Viz čl. 5 odst. 2. Konec.';
    expect(spans(a, 'cs')).toEqual([
      'Zákon č. 263/2016 Sb. definuje ozáření.',
      'Platí tzv. Atomový zákon, mj. Brno, resp. Praha, apod. ve všech krajích.',
      'Dne 1. ledna 2020 to začalo.',
      'Viz čl. 5 odst. 2.',
      'Konec.',
    ]);
  });

  it('does not end a sentence at a number scale followed by a currency ("150 mil. Kč")', () => {
    const a = 'Pokuta může dosáhnout 150 mil. Kč a rozpočet činil 12,7 mld. EUR. Zbylo 250 tis. Dalších peněz nebylo.';
    expect(spans(a, 'cs')).toEqual(['Pokuta může dosáhnout 150 mil. Kč a rozpočet činil 12,7 mld. EUR.', 'Zbylo 250 tis.', 'Dalších peněz nebylo.']);
    expect(spans('Náklady byly 3 mil. Kč.', 'cs')).toEqual(['Náklady byly 3 mil. Kč.']);
  });

  it('does not split after tzn., zejm., vč. or before a number after a month or "r."', () => {
    expect(spans('Brno je menší. Tzn. Praha je větší, zejm. v centru, vč. Karlína [1].', 'cs')).toEqual(['Brno je menší.', 'Tzn. Praha je větší, zejm. v centru, vč. Karlína [1].']);
    expect(spans('Zákon platí od r. 2017. The launch was on Jan. 5, 2020 in Texas.', 'cs')).toEqual(['Zákon platí od r. 2017.', 'The launch was on Jan. 5, 2020 in Texas.']);
  });

  it('splits Czech news text into its sentences (dateline, quotes)', () => {
    const p =
      'Brno 3. května (ČTK) - V Jihomoravském kraji, který loni otevřel nové cyklostezky, přibylo cyklistů. ' +
      'Nejvíce lidí jezdí o víkendech, kdy je na silnicích menší provoz. ' +
      'Uvedl to mluvčí kraje Petr Novák.';
    expect(split(p, 'cs')).toHaveLength(3);
    const q = '„Vstupné činí 150 korun,“ uvedla mluvčí. Dodala, že děti mají vstup zdarma.';
    expect(split(q, 'cs')).toHaveLength(2);
  });
});

describe('Markdown structure', () => {
  it('makes every list item its own claim, with bullets and numbering outside the span', () => {
    const a = 'Intro sentence about Azure Functions:\n\n- First fact [1]\n* Second fact [2]\n• Third fact\n1. Fourth fact\n2) Fifth fact';
    const claims = split(a);
    expect(claims.map((c) => [c.kind, a.slice(c.start, c.end)])).toEqual([
      ['sentence', 'Intro sentence about Azure Functions:'],
      ['list_item', 'First fact [1]'],
      ['list_item', 'Second fact [2]'],
      ['list_item', 'Third fact'],
      ['list_item', 'Fourth fact'],
      ['list_item', 'Fifth fact'],
    ]);
  });

  it('joins a list item continued on the next line', () => {
    expect(spans('- Fact A [1]\n  continues here.\n- Fact B')).toEqual(['Fact A [1]\n  continues here.', 'Fact B']);
  });

  it('exempts headings (#, setext, bold-only lines, table headers)', () => {
    const a = '# Title\n\nBody [1].\n\nSubtitle\n--------\n\n**Summary**\n\n| Name | Value |\n|---|---|\n| Alpha | 5 [2] |';
    const claims = split(a);
    expect(claims.map((c) => [c.kind, c.text, c.needs_citation])).toEqual([
      ['heading', 'Title', false],
      ['sentence', 'Body.', true],
      ['heading', 'Subtitle', false],
      ['heading', 'Summary', false],
      ['heading', '| Name | Value |', false],
      ['list_item', '| Alpha | 5 |', true],
    ]);
    expect(claims[0]?.exemption?.rule).toBe('heading');
  });

  it('keeps bold labels inside their sentence (sujbot2)', () => {
    const a = '**Působnost zákona:** Zákon se vztahuje na všechny provozovatele \\cite{x}. To zajišťuje jednotná pravidla.';
    expect(textsOf(a, 'cs')).toEqual(['Působnost zákona: Zákon se vztahuje na všechny provozovatele.', 'To zajišťuje jednotná pravidla.']);
  });

  it('skips code blocks, thematic breaks and footnote definition lines; reads blockquotes', () => {
    const a = '> Insulin was first isolated in 1921. [^1]\n\n```\nnot a claim.\n```\n\n---\n\n[^1]: doc-a\n[2]: https://x.org';
    expect(spans(a)).toEqual(['Insulin was first isolated in 1921. [^1]']);
  });

  it('handles \\r\\n line ends', () => {
    const a = '# Title\r\n\r\nFirst fact [1].\r\nSecond fact [2].\r\n\r\n- Item one\r\n- Item two\r\n';
    expect(spans(a)).toEqual(['Title', 'First fact [1].', 'Second fact [2].', 'Item one', 'Item two']);
  });

  it('splits a comma list whose every entry carries a citation into list items (QAMPARI)', () => {
    const a = 'Prague [1], Brno [1], Ceske Budejovice [2], Usti nad Labem [3].';
    const claims = split(a);
    expect(claims.map((c) => [c.kind, a.slice(c.start, c.end)])).toEqual([
      ['list_item', 'Prague [1]'],
      ['list_item', 'Brno [1]'],
      ['list_item', 'Ceske Budejovice [2]'],
      ['list_item', 'Usti nad Labem [3].'],
    ]);
    // Not every entry cited: an ordinary sentence.
    expect(split('Prague [1], Brno, Ceske Budejovice [2], Usti nad Labem [3].')).toHaveLength(1);
  });
});

describe('LongCite statements', () => {
  const a =
    '<statement>Based on the document, the star is unusual:<cite></cite></statement>\n\n' +
    "<statement>- The star has [Fe/H]=-1.5, a low value for its age.<cite>[10-10]</cite></statement>\n\n" +
    '<statement>So in summary, it is low. This is noteworthy.<cite></cite></statement>';

  it('makes one claim per statement, without tags or cite ranges in the text', () => {
    const claims = split(a);
    expect(claims.map((c) => [c.kind, c.text, c.needs_citation, c.exemption?.rule ?? null])).toEqual([
      ['sentence', 'Based on the document, the star is unusual:', false, 'longcite_empty_cite'],
      ['list_item', 'The star has [Fe/H]=-1.5, a low value for its age.', true, null],
      ['sentence', 'So in summary, it is low. This is noteworthy.', false, 'longcite_empty_cite'],
    ]);
    expect(a.slice(claims[1]?.start, claims[1]?.end)).toBe('The star has [Fe/H]=-1.5, a low value for its age.<cite>[10-10]</cite>');
  });
});

describe('exemptions', () => {
  it('exempts questions', () => {
    const [c] = split('What do you think?');
    expect(c?.kind).toBe('question');
    expect(c?.needs_citation).toBe(false);
    expect(c?.exemption?.rule).toBe('question');
    expect(split('Co si o tom myslíte?', 'cs')[0]?.exemption?.reason).toMatch(/Otázka/);
  });

  it('exempts meta sentences by a rule, not by a list of sentences', () => {
    for (const s of [
      'Based on the documents, I can tell you the following:',
      'Here is what I found:',
      'Based on the provided sources, here are the key points:',
      'I hope this helps.',
      'Let me know if you have any other questions!',
      'Na základě dokumentů mohu říci, že:',
      'Doufám, že vám to pomůže.',
      'Zde jsou hlavní body:',
      'Here are the facts:',
      'Here is a summary of the key facts below:',
    ]) {
      expect(isMeta(s, 'en'), s).toBe(true);
    }
    for (const s of [
      'Based on the report, the bridge opened in spring.',
      'According to the sources, Lake Baikal holds the record:',
      'Some books related to the work of Karel Čapek include:',
      'The document says 48 hours:',
      'Your parcel leaves the warehouse within two days.',
      'Zákon stanoví limity ozáření.',
    ]) {
      expect(isMeta(s, 'en'), s).toBe(false);
    }
  });

  it('exempts a statement that the provided sources lack something, not a fact that mentions them', () => {
    for (const s of [
      'The provided documents do not mention the ticket price.',
      "Unfortunately, the sources don't say when it was painted.",
      'There is no information about the architect in the provided context.',
      "I couldn't find any details about the warranty in the provided documents.",
      'The price is not mentioned in the provided sources.',
      'Poskytnuté dokumenty neuvádějí cenu vstupného.',
      'V kontextu nejsou informace o otevírací době.',
      'V dokumentech není uvedeno, kdo stavbu navrhl.',
    ]) {
      expect(isAbsence(s), s).toBe(true);
    }
    for (const s of [
      'According to the documents, no country has banned it.',
      'The documents do not contain the price, but it costs 20 euros.',
      'The law does not mention fines.',
      'Based on the sources, the bridge was not damaged.',
      'The context does not mention 3 of the 5 towers.',
      'Podle dokumentů je Praha největší město.',
      'Zákon nezmiňuje výjimky pro děti.',
    ]) {
      expect(isAbsence(s), s).toBe(false);
    }
    const claims = split('The tower is 330 m tall [1]. The provided documents do not mention the ticket price.');
    expect(claims.map((c) => [c.needs_citation, c.exemption?.rule])).toEqual([
      [true, undefined],
      [false, 'no_information'],
    ]);
  });

  it('exempts a line that only labels the sources below it', () => {
    for (const label of ['References:', 'Citations', 'Zdroje:', 'Works cited']) {
      const claims = split(`The tower is tall [1].\n\n${label}\n- Wikipedia`, label === 'Zdroje:' ? 'cs' : 'en');
      expect(claims[1]?.needs_citation, label).toBe(false);
    }
  });

  it('cuts a meta introduction off the sentence it opens', () => {
    const a = 'Based on the provided text, I can explain why the page is empty: Your account was created only today.';
    const claims = split(a);
    expect(claims.map((c) => [c.kind, c.text, c.needs_citation])).toEqual([
      ['meta', 'Based on the provided text, I can explain why the page is empty:', false],
      ['sentence', 'Your account was created only today.', true],
    ]);
    expect(claims[0]?.exemption?.rule).toBe('meta_intro');
    // A factual sentence with a colon is not cut.
    expect(split('The record holders are: Baikal and Tanganyika.')).toHaveLength(1);
  });

  it('requires a citation from everything else', () => {
    const claims = split('The bridge is 300 m long. Anna is 5\'7".');
    expect(claims.every((c) => c.needs_citation && c.exemption === undefined)).toBe(true);
  });
});

describe('robustness', () => {
  it('returns nothing for empty answers and never overlaps claims', () => {
    expect(split('')).toEqual([]);
    expect(split('   \n\n  ')).toEqual([]);
    const a = 'A. B [1]. \n\n- c [2]\n\n# d\n\n<statement>e<cite>[1-1]</cite></statement> f. [3]';
    const claims = split(a);
    for (let i = 1; i < claims.length; i++) expect(claims[i]?.start).toBeGreaterThanOrEqual(claims[i - 1]?.end ?? 0);
    claims.forEach((c, i) => expect(c.index).toBe(i));
  });

  it('tolerates markers with bad spans', () => {
    const bad = [{ index: 0, text: 'x', start: -5, end: 1_000, style: 'bracket_number' as const, refs: ['1'] }];
    expect(() => splitClaims('Some text. More text.', bad, 'en')).not.toThrow();
  });

  it('windows very long paragraphs without losing sentences', () => {
    const sentence = 'Azure Functions scale on demand in many regions [1]. ';
    const a = sentence.repeat(400);
    const claims = split(a);
    expect(claims).toHaveLength(400);
    expect(claims.every((c) => a.slice(c.start, c.end) === sentence.trim())).toBe(true);
  });
});

describe('shortcuts of the exemption rules', () => {
  // Sentences each rule exempts; with a digit anywhere in them, none may be exempt (splitClaims
  // does not ask the three rules about a claim with a digit).
  const META = ['Here are the key points:', 'I hope this helps.', 'Zde jsou hlavní body:', 'Let me know if you have any other questions!'];
  const ADVICE = ['I recommend verifying the current terms with the office directly.', 'Please contact the support team for details.', 'Let me explain the loyalty program:', 'Doporučuji ověřit si podmínky přímo u dopravce.'];
  const ABSENCE = ['The provided documents do not mention the ticket price.', 'There is no information about the architect in the provided context.', 'V kontextu nejsou informace o otevírací době.'];
  const withDigit = (texts: string[]) =>
    fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.constantFrom(...'0123456789'), fc.constantFrom('', ' ')).map(([t, at, d, sp]) => {
      const k = at % (t.length + 1);
      return `${t.slice(0, k)}${sp}${d}${sp}${t.slice(k)}`;
    });

  it('the rules exempt these sentences without a digit (so the property below can fail)', () => {
    // Twice: the second time the words' kinds come from isMeta's memo.
    for (let round = 0; round < 2; round++) {
      for (const t of META) expect(isMeta(t, 'en'), t).toBe(true);
      for (const t of ['Here Prague is:', 'I hope Brno helps.', 'Zde jsou hlavní body Brna a Plzně a Ostravy:']) expect(isMeta(t, 'en'), t).toBe(false);
    }
    for (const t of ADVICE) expect(isAdvice(t), t).toBe(true);
    for (const t of ABSENCE) expect(isAbsence(t), t).toBe(true);
  });

  it('a text with a digit is never meta, advice or a statement of absence', () => {
    fc.assert(
      fc.property(withDigit([...META, ...ADVICE, ...ABSENCE]), fc.string({ maxLength: 30 }), (t, noise) => {
        for (const text of [t, `${noise}${t}`, `${t}${noise}`]) {
          expect(isMeta(text, 'en')).toBe(false);
          expect(isMeta(text, 'cs')).toBe(false);
          expect(isAdvice(text)).toBe(false);
          expect(isAbsence(text)).toBe(false);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('an exemption gives the reason of its rule in the claim\'s language, each time', () => {
    for (const language of ['en', 'cs', 'en', 'cs'] as const) {
      const [claim] = split('I hope this helps.', language);
      expect(claim?.exemption?.rule).toBe('meta');
      expect(claim?.exemption?.reason).toBe(render(msg('exemptionReason', { rule: 'meta' }), language));
    }
    expect(split('I hope this helps.', 'cs')[0]?.exemption?.reason).not.toBe(split('I hope this helps.', 'en')[0]?.exemption?.reason);
  });
});
