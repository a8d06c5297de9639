// The name rules of the entity signal (names.ts), each with the shape a reviewer dismisses and
// the near miss that must still be flagged, through the whole audit.
import { describe, expect, it } from 'vitest';
import { auditCase } from '../audit';
import type { Finding } from '../types';

function audit(answer: string, chunk: string, language: 'en' | 'cs' = 'en'): Finding[] {
  return auditCase({ query: '', answer, chunks: [{ id: '1', text: chunk }], language }).findings;
}
const absent = (fs: Finding[]) => fs.filter((f) => f.code === 'entity_absent').map((f) => f.message.match(/^["„](.+?)["“]/)![1]);
const notes = (fs: Finding[]) => fs.filter((f) => f.code === 'name_equivalent');

describe('a middle initial', () => {
  it('keeps the name whole, so a name present without its initial passes', () => {
    const fs = audit('The opinion was written by Justice William O. Douglas in 1950 [1].', 'Justice William Douglas wrote the opinion in 1950.');
    expect(absent(fs)).toEqual([]);
  });
  it('flags a name whose words stand only in other names (Brennan, Kirk Douglas)', () => {
    const fs = audit('The opinion was written by Justice William O. Douglas in 1950 [1].', 'Justice William J. Brennan wrote the opinion in 1950, said Kirk Douglas.');
    expect(absent(fs)).toEqual(['Justice William O. Douglas']);
  });
  it('does not end a sentence between two initials (U. S. Army)', () => {
    const report = auditCase({ query: '', answer: 'The U. S. Army arrived in 1944 [1].', chunks: [{ id: '1', text: 'The US Army arrived in 1944.' }] });
    expect(report.claims.map((c) => c.text)).toEqual(['The U. S. Army arrived in 1944.']);
    expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });
});

describe('one finding per name', () => {
  it('reports a missing name once per claim, however often the claim names it', () => {
    const fs = audit('Trade between Portugal and Brazil grew, and Portugal gained most [1].', 'Trade with Brazil grew fast.');
    expect(absent(fs)).toEqual(['Portugal']);
  });
});

describe('aliases, abbreviations, demonyms and acronyms', () => {
  it('takes "United Kingdom" as named by "the UK", and says so', () => {
    const fs = audit('Exports from the United Kingdom rose sharply in 2019 [1].', 'Exports from the U.K. rose sharply in 2019.');
    expect(absent(fs)).toEqual([]);
    expect(notes(fs).map((f) => f.text?.params)).toEqual([expect.objectContaining({ name: 'United Kingdom', found: 'UK', rule: 'alias' })]);
  });
  it('takes "Americans" as named by "United States", "England" by "British soil", Czech forms too', () => {
    expect(absent(audit('Most voters there are Americans by birth [1].', 'Most voters in the United States were born there.'))).toEqual([]);
    expect(absent(audit('He died at home in England in 1820 [1].', 'He died on British soil in 1820.'))).toEqual([]);
    expect(absent(audit('Firmu založili Američané v roce 1990 [1].', 'Firmu založila společnost z USA v roce 1990.', 'cs'))).toEqual([]);
  });
  it('takes an acronym as named by its expansion in the chunk', () => {
    const fs = audit('The report was published by the EPA in 2020 [1].', 'The Environmental Protection Agency published the report in 2020.');
    expect(absent(fs)).toEqual([]);
    expect(notes(fs)[0]?.text?.params).toMatchObject({ rule: 'acronym' });
  });
  it('takes a name as named by its initials written with dots ("W.H.O.")', () => {
    const fs = audit('The report was published by the World Health Organization in 2020 [1].', 'The report was published by the W.H.O. in 2020.');
    expect(absent(fs)).toEqual([]);
    expect(notes(fs)[0]?.text?.params).toMatchObject({ rule: 'acronym', found: 'WHO' });
  });
  it('looks a name up in the tables as data: "Constructor" is a name like any other', () => {
    // The tables were plain objects: "constructor" found Object's constructor and the audit threw.
    expect(absent(audit('The Constructor was built in 1990 [1].', 'The bridge was built in 1990.'))).toEqual(['Constructor']);
    expect(absent(audit('The Constructor ToString Bay was built in 1990 [1].', 'The bridge was built in 1990.'))).toEqual(['Constructor ToString Bay']);
    expect(absent(audit('The Constructor was built in 1990 [1].', 'The Constructor was built in 1990.'))).toEqual([]);
  });
  it('still flags another country, and an acronym of other initials', () => {
    expect(absent(audit('Exports from the United Kingdom rose sharply in 2019 [1].', 'Exports from France rose sharply in 2019.'))).toEqual(['United Kingdom']);
    expect(absent(audit('The report was published by the EPA in 2020 [1].', 'The Environmental Policy Institute published the report in 2020.'))).toEqual(['EPA']);
  });
});

describe('spelling and word form', () => {
  it('ignores hyphens, spaces and case, and accepts one edit in a long word', () => {
    expect(absent(audit('The SARS-CoV-2 virus spread in 2020 [1].', 'SARSCoV2 spread in 2020.'))).toEqual([]);
    expect(absent(audit('It is called the Bristly Bellflowers in 1900 [1].', 'It is called the bristly bell flower in 1900.'))).toEqual([]);
    const fs = audit('The road is named the Arniko Highway since 1967 [1].', 'The Araniko Highway was opened in 1967.');
    expect(absent(fs)).toEqual([]);
    expect(notes(fs)[0]?.text?.params).toMatchObject({ rule: 'spelling', found: 'araniko' });
  });
  it('reads the last word first and still notes the word the chunk spells otherwise', () => {
    // One word of three the chunk lacks, one it spells otherwise: present, by the spelling.
    const fs = audit('The road is named the Arniko Pokhrelxyz Highway since 1967 [1].', 'The Araniko Highway was opened in 1967.');
    expect(absent(fs)).toEqual([]);
    expect(notes(fs).map((f) => f.text?.params)).toEqual([expect.objectContaining({ rule: 'spelling', found: 'araniko' })]);
    // The last word lacking: absent, the other words not read.
    expect(absent(audit('The road is named the Araniko Highway Pokhrelxyz since 1967 [1].', 'The Araniko Highway was opened in 1967.'))).toEqual(['Araniko Highway Pokhrelxyz']);
  });
  it('still flags a short name one letter off and a long name two edits off', () => {
    expect(absent(audit('The prize went to Mark Bell in 1990 [1].', 'The prize went to someone called Ball in 1990.'))).toEqual(['Mark Bell']);
    expect(absent(audit('The road is named the Arniko Highway since 1967 [1].', 'The Aranikoo Highway was opened in 1967.'))).toEqual(['Arniko Highway']);
  });
});

describe('partial names', () => {
  it('takes a name as present when its distinctive word is a name of its own in the chunk', () => {
    const fs = audit('The library opened in Langa Township in 2008 [1].', 'The library opened in Langa in 2008.');
    expect(absent(fs)).toEqual([]);
    expect(notes(fs)[0]?.text?.params).toMatchObject({ rule: 'head', found: 'Langa' });
  });
  it('does not take a name as present because its words stand in other names', () => {
    expect(absent(audit('The song was sung by Mey Eden in 2015 [1].', 'The song was sung by Anthony Eden in 2015.'))).toEqual(['Mey Eden']);
    expect(absent(audit('The book was printed by American Fantasy Press in 1980 [1].', 'Fantasy Books and the Press Association of American Samoa printed it in 1980.'))).toEqual(['American Fantasy Press']);
  });
  it('counts a name in another order, and a place after "of" wherever it stands', () => {
    expect(absent(audit('She studied at Oxford University in 1990 [1].', 'She studied at the University of Oxford in 1990.'))).toEqual([]);
    expect(absent(audit('He is a cousin of the Duke of Cambridge since 1990 [1].', 'The Duke and Duchess of Cambridge met him in 1990.'))).toEqual([]);
  });
});

describe('titles', () => {
  it('checks a quoted title whole, not its capitalised words as names', () => {
    const chunk = 'Harvard Health Publishing: Asymptomatic COVID: silent, but maybe not harmless. The film Substance of Light won an award in 2020.';
    expect(absent(audit('The article "Asymptomatic COVID: Silent, but Maybe Not Harmless" appeared on Harvard Health Publishing in 2020 [1].', chunk))).toEqual([]);
    expect(absent(audit('The film "Substance of Light" won an award in 2020 [1].', chunk))).toEqual([]);
  });
  it('flags a title the chunk does not have, once, and still reads a quoted sentence word by word', () => {
    const chunk = 'The film Substance of Light won an award in 2020.';
    expect(absent(audit('The film "Children of Dust" won an award in 2020 [1].', chunk))).toEqual(['Children of Dust']);
    expect(absent(audit('The jury wrote "the film by Maria Lopez moved us" in 2020 [1].', chunk))).toEqual(['Maria Lopez']);
  });
});
