// The core's catalogues: every English text has its Czech one, with the same parameters, and
// stored texts are written again in either language.
import { describe, expect, it } from 'vitest';
import { citationLabel, MESSAGE_KEYS, messagesFor, msg, render, type MessageKey } from './messages';
import { en, type Catalogue } from './catalogue/en';
import { cs } from './catalogue/cs';
import { EXEMPTION_RULES } from '../types';
import { random } from '../../../tests/factories/random';

// One set of parameters for every text, so both catalogues are exercised in full.
const PARAMS: { [K in MessageKey]: Parameters<Catalogue[K]> extends [infer P] ? P : Record<string, never> } = {
  unknownChunk: { marker: '[7]', ref: 'doc_7' },
  refOutOfRange: { marker: '[7]', ref: '7', count: 5, base: 1 },
  emptyChunk: { marker: '[2]', chunkId: 'b' },
  noChunks: { marker: '[1]' },
  locationMissing: { marker: 'Citation of "Annual report", page 14' },
  inputUnreadable: { input: 'chunks', message: "Unexpected 'broken': expected a JSON value", line: 1, column: 23 },
  structuredRepaired: { message: 'structured_citations.citations[0]: start 9 and end 2 do not make a span' },
  malformedMarker: { marker: '\\cite{}', reason: 'empty \\cite{}' },
  mixedStyles: { marker: '[chunk_3]', style: 'bracket_id', majority: 'latex_cite' },
  wrongStyle: { marker: '[chunk_3]', style: 'bracket_id', required: 'latex_cite' },
  retrievalArtefact: { text: 'According to passage 2' },
  repeatedSentence: { claim: 'The tower opened in 1889 for the World Fair in Paris.', first: 0 },
  uncitedClaim: { claim: 'The sky is blue and the grass is green, as everyone who has looked outside knows.' },
  noCitations: { claims: 3 },
  exemptClaim: { claim: 'What do you think?', rule: 'question', reason: 'a question asserts nothing' },
  uncitedLeadIn: { claim: 'Einstein won the Nobel Prize for the following discovery:', rule: 'lead_in_unsure' },
  offsetsOutOfBounds: { marker: '[1]', chunkId: '0', start: 30, end: 99, length: 36 },
  offsetsInverted: { marker: '[1]', chunkId: '0', start: 9, end: 3 },
  offsetsWrong: { marker: '[1]', chunkId: '0', start: 0, end: 16, foundStart: 20, foundEnd: 36 },
  quoteUncertain: { marker: '[1]', chunkId: '0', quote: 'The sky is blu', similarity: 0.93 },
  quoteNotFound: { marker: '[1]', chunkId: '0', quote: 'Refunds in ten days', similarity: 0.31, sourceMissing: false },
  quoteInOtherChunk: { marker: '[1]', chunkId: '0', quote: 'Refunds in ten days', otherChunkId: '4' },
  numberAbsent: { number: '12,717', claim: 'The town had 12,717 residents.', chunkIds: ['1', '3'] },
  betterChunk: { marker: '[3]', claim: 'Items can be returned within 30 days.', chunkId: '3', suggested: '2' },
  lowOverlap: { marker: '[3]', claim: 'Items can be returned within 30 days.', chunkId: '3' },
  entityAbsent: { name: 'Pierre Curie', claim: 'Pierre Curie discovered radium.', chunkIds: ['2'] },
  wordsApart: { claim: 'Curie won two Nobel prizes.', chunkId: '1', from: 4, to: 6, window: 'She moved to Paris.', missing: ['Nobel', 'prizes'] },
  nameEquivalent: { name: 'United Kingdom', found: 'UK', rule: 'alias', chunkIds: ['1'] },
  negationMismatch: { word: 'no', inClaim: false, claim: 'Coffee causes dehydration.', chunkIds: ['1'] },
  contradictsPassage: { claim: 'Repayments do not affect credit scores.', chunkId: '2', passage: 'A missed repayment can affect your credit score.', word: 'not', side: 'claim' },
  oppositeMismatch: { word: 'increased', claim: 'Sales increased in May.', chunkIds: ['1'] },
  qualifierMismatch: { word: 'all', claim: 'All citizens can vote.', chunkIds: ['1', '2'] },
  exemptionReason: { rule: 'question' },
  mapNumericId: {},
  mapNumericIndex1: {},
  mapNumericIndex1ZeroIds: { n: 5 },
  mapNumericIndex0: {},
  mapExactIds: {},
  mapForgiving: { pairs: '[Doc1] → doc1' },
  mapLoose: { pairs: '[doc-1] → doc_1' },
  mapPrefixedPositional: { base: 1 },
  mapTitleFallback: { pairs: '[Annual report] → c7' },
  mapUrlFallback: {},
  mapFootnote: {},
  mapFootnoteNoDef: { labels: '[^2]' },
  mapLinkDefs: {},
  mapStructured: { kind: 'index0' },
  mapAmbiguousTitle: { title: 'Annual report', count: 3 },
  mapUnresolved: { refs: '[9], [12]' },
  mapNoChunks: {},
  mapChunksUnreadable: {},
  mapNothing: {},
  citationLabel: { ids: ['p14'], title: 'Annual report', pages: [14, 15], ref: '0' },
  summaryPass: { claims: 3 },
  summaryFail: { dims: ['EXISTS', 'COMPLETE'] },
  summaryEmpty: {},
  summaryUnreadable: { input: 'chunks', line: 2, column: 5, message: 'Expected a comma.', dims: ['EXISTS', 'ACCURATE'] },
  summaryModel: { verdict: 'FAIL', recall: 0.5 },
  notChecked: {},
  notCheckedUnreadable: { inputs: ['chunks', 'answer'] },
  partial: { claim: 0 },
  notSupported: { claim: 1 },
  unverifiedPhrase: { claim: 2, chunk: 'c3' },
  numbersCap: { claim: 0, numbers: ['12,717'] },
  notJudged: { claims: 2 },
  unstablePair: { claim: 1, chunk: '2', verdicts: ['fully_supported', 'partially_supported'], kept: 'partially_supported' },
  confirmedFactual: { claim: 3 },
  incorrect: { verdict: 'PARTIALLY_CORRECT' },
  missingSource: {},
  recFixIds: { ids: ['doc_9', 'doc_12'] },
  recAddCitations: { claims: 2 },
  recBetterChunk: { claim: 1, chunk: '2', cited: '3' },
  recFormat: { style: '[n]' },
  recQuotes: { quotes: 1 },
  recQuotesSimilar: { quotes: 2 },
  recOffsets: { quotes: 3 },
  recNumbers: { numbers: 5 },
  recUnstable: { pairs: 2 },
  recRunModel: {},
};


const call = (c: Catalogue, k: MessageKey, p: unknown = PARAMS[k]) => (c[k] as (p: unknown) => string)(p);

describe('messages', () => {
  it('has every text in both languages, different and non-empty', () => {
    expect(Object.keys(cs).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(PARAMS).sort()).toEqual([...MESSAGE_KEYS].sort());
    for (const k of MESSAGE_KEYS) {
      const e = call(en, k);
      const c = call(cs, k);
      expect(e.length, k).toBeGreaterThan(10);
      expect(c.length, k).toBeGreaterThan(10);
      expect(c, k).not.toBe(e);
      expect(e.length, k).toBeLessThan(220);
    }
  });

  it('uses every parameter it is given in both languages (the same parameters, none ignored by one)', () => {
    // A parameter whose value changes the English text must change the Czech one too, and back.
    for (const k of MESSAGE_KEYS) {
      for (const [name, value] of Object.entries(PARAMS[k])) {
        // Parameters that only choose a word (the style of a marker, the base of a numbering) are
        // checked by what they choose, below; all others appear in the text.
        if (['style', 'base', 'inClaim', 'sourceMissing', 'similarity', 'kind'].includes(name) && k !== 'recFormat' && k !== 'mapPrefixedPositional') continue;
        if (k === 'malformedMarker' && name === 'reason') continue; // the Czech text names the kind of fault
        if (k === 'citationLabel' && name === 'ref') continue; // named only when nothing better is known
        const changed = { ...PARAMS[k], [name]: typeof value === 'number' ? value + 7 : Array.isArray(value) ? ['zz9', ...(value as string[])] : `ZZ${String(value)}` };
        expect(call(en, k, changed), `${k}.${name} in English`).not.toBe(call(en, k));
        expect(call(cs, k, changed), `${k}.${name} in Czech`).not.toBe(call(cs, k));
      }
    }
  });

  it('says where: the marker or the start of the claim', () => {
    expect(en.unknownChunk(PARAMS.unknownChunk)).toBe('[7] cites "doc_7", which is not among the chunks.');
    expect(en.uncitedClaim(PARAMS.uncitedClaim)).toBe('No citation for the claim "The sky is blue and the grass is green, as everyone who has…".');
    expect(cs.uncitedClaim(PARAMS.uncitedClaim)).toMatch(/^Tvrzení „The sky is blue/);
    // "je jen 5 úryvků": with five or more the verb is singular (it was "jsou" before plural()).
    expect(cs.refOutOfRange(PARAMS.refOutOfRange)).toBe('[7] odkazuje na úryvek číslo 7 (číslováno od 1), ale k dispozici je jen 5 úryvků.');
    expect(cs.malformedMarker(PARAMS.malformedMarker)).toBe('Chybně zapsaná citace \\cite{}: prázdná značka.');
    expect(en.quoteUncertain(PARAMS.quoteUncertain)).toContain('93 %');
  });

  it('ends a sentence with one full stop, whether or not the reason brought its own', () => {
    for (const m of [en, cs]) {
      for (const reason of ['A question asserts nothing.', 'a question asserts nothing', 'Ends with a question?']) {
        const text = m.exemptClaim({ ...PARAMS.exemptClaim, reason });
        expect(text, reason).not.toMatch(/[.?]\.$/);
        expect(text, reason).toMatch(/[.?]$/);
      }
    }
  });

  it('names every exemption rule in words in both languages, not by its id alone', () => {
    for (const rule of EXEMPTION_RULES) {
      for (const cat of [en, cs]) {
        const text = cat.exemptClaim({ claim: 'x', rule, reason: 'r' });
        expect(text, `${rule}: ${text}`).not.toMatch(new RegExp(`\\(${rule}\\)`));
        expect(cat.uncitedLeadIn({ claim: 'x', rule })).not.toContain(`(${rule})`);
      }
    }
  });

  it('uses plural forms, never "(s)"', () => {
    expect(cs.noCitations({ claims: 1 })).toContain('1 tvrzení potřebuje');
    expect(cs.noCitations({ claims: 4 })).toContain('4 tvrzení potřebují');
    expect(cs.refOutOfRange({ ...PARAMS.refOutOfRange, count: 3 })).toContain('jsou jen 3 úryvky');
    expect(cs.refOutOfRange({ ...PARAMS.refOutOfRange, count: 1 })).toContain('je jen 1 úryvek');
    expect(cs.recNumbers({ numbers: 1 })).toBe('Ověřte 1 číslo, které není v žádném citovaném úryvku.');
    expect(cs.recNumbers({ numbers: 3 })).toBe('Ověřte 3 čísla, která nejsou v žádném citovaném úryvku.');
    expect(cs.recNumbers({ numbers: 12 })).toBe('Ověřte 12 čísel, která nejsou v žádném citovaném úryvku.');
    expect(en.summaryPass({ claims: 1 })).toContain('no problem in 1 claim;');
    expect(en.recAddCitations({ claims: 2 })).toBe('Add a citation to 2 uncited factual claims.');
    for (const k of MESSAGE_KEYS) for (const n of [0, 1, 2, 5]) {
      const p = { ...PARAMS[k] } as Record<string, unknown>;
      for (const name of Object.keys(p)) if (typeof p[name] === 'number' && name !== 'base') p[name] = n;
      expect(call(en, k, p), k).not.toMatch(/\(s\)|\(es\)/);
    }
  });

  it('labels structured citations without a marker, in the language asked', () => {
    expect(citationLabel({ marker: '[2]', ref: '2', style: 'bracket_number' })).toBe('[2]');
    const label = citationLabel({ marker: '', ref: '3', style: 'structured' });
    expect(typeof label).toBe('object');
    expect(render(label, 'en')).toBe('Citation of source "3"');
    expect(render(label, 'cs')).toBe('Citace zdroje „3“');
    const paged = citationLabel({ marker: '', ref: '0', style: 'structured', chunk_id: 'p14', source_document: { title: 'Annual report', pages: [14, 16] } });
    expect(render(paged, 'en')).toBe('Citation of chunk "p14" ("Annual report", pages 14–15)');
    expect(render(paged, 'cs')).toBe('Citace úryvku „p14“ („Annual report“, str. 14–15)');
  });

  it('builds a finding\'s words in its language and keeps them as a text for the other', () => {
    const marker = citationLabel({ marker: '', ref: '3', style: 'structured' });
    const built = messagesFor('cs').emptyChunk({ marker, chunkId: 'b' });
    expect(built.message).toBe('Citace zdroje „3“ cituje úryvek „b“, který nemá žádný text.');
    expect(render(built.text, 'en')).toBe('Citation of source "3" cites chunk "b", which has no text.');
    // A text survives JSON (the history and the worker carry it) and is rendered the same after.
    expect(render(JSON.parse(JSON.stringify(built.text)), 'en')).toBe(render(built.text, 'en'));
  });

  it('keeps at most a short excerpt of a long claim in the text, with the same words on screen', () => {
    const claim = `${'word '.repeat(20_000)}end.`;
    const built = messagesFor('en').uncitedClaim({ claim });
    expect(JSON.stringify(built.text).length).toBeLessThan(150);
    expect(render(built.text, 'en')).toBe(built.message);
  });

  it('words every text from the kept excerpt as from the whole claim or quote, in both languages', () => {
    // The words are written from the kept parameters alone: for every text that shows a claim or
    // a quote, they must be the words the whole one gives, and the kept part what the plain
    // collapse below keeps of it.
    const kept = (v: string) => (v.length > 62 ? v.replace(/\s+/g, ' ').trimStart().slice(0, 62) : v);
    const next = random(7);
    const pieces = ['a', 'word', 'x'.repeat(45), ' ', '  ', '\n', '\t', '\u00a0', ' \u2003 ', ',', '.', ';', ':', '😀', 'é', '—', '"'];
    const values = [
      'Short claim.',
      `${'a'.repeat(59)} b c`,
      `${'x '.repeat(30)}y`,
      `  lead  spaces   ${'word\n\t'.repeat(40)}`,
      'ab'.repeat(31),
      `${'w'.repeat(70)} tail`,
      "Since you just checked out, your order likely hasn't shipped yet.",
      `${'abcd '.repeat(12)}x tail end`,
      `${' '.repeat(300)}late start${' x'.repeat(40)}`,
      `${'word '.repeat(12)}${'\n'.repeat(400)}after a long gap`,
      `${'a'.repeat(61)}  , b`,
      `${'a '.repeat(30)}😀😀 more`,
    ];
    for (let i = 0; i < 150; i++) {
      let v = '';
      const n = Math.floor(next() * 60);
      for (let k = 0; k < n; k++) v += pieces[Math.floor(next() * pieces.length)];
      values.push(v);
    }
    const keys = MESSAGE_KEYS.filter((k) => ['claim', 'quote'].some((name) => typeof (PARAMS[k] as Record<string, unknown>)[name] === 'string'));
    expect(keys.length).toBeGreaterThanOrEqual(15);
    for (const lang of ['en', 'cs'] as const) {
      const build = messagesFor(lang) as unknown as Record<string, (p: Record<string, unknown>) => { message: string; text: { params: Record<string, unknown> } }>;
      for (const key of keys) {
        for (const v of values) {
          const params = { ...(PARAMS[key] as Record<string, unknown>) };
          for (const name of ['claim', 'quote']) if (typeof params[name] === 'string') params[name] = v;
          const b = build[key]!(params);
          const label = `${lang} ${key} ${JSON.stringify(v)}`;
          expect(b.message, label).toBe(render(msg(key, params as never), lang));
          for (const name of ['claim', 'quote']) if (typeof params[name] === 'string') expect(b.text.params[name], label).toBe(kept(v));
        }
      }
    }
  });

  it('gives undefined for a text it cannot write, never throws', () => {
    expect(render({ key: 'noSuchKey', params: {} }, 'en')).toBeUndefined();
    expect(render({ key: 'recFixIds', params: { ids: 7 as unknown as string[] } }, 'cs')).toBeUndefined();
    expect(render(msg('summaryEmpty', {}), 'cs')).toBe('Odpověď je prázdná: není co kontrolovat.');
    expect(render('model words', 'cs')).toBe('model words');
  });
});
