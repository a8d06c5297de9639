import { describe, expect, it } from 'vitest';
import { importLabels, plainClaim, type DatasetPair, type StoredLike } from './labelImport';
import type { ImportedLabel, LabelFileRead } from './labelFiles';

const pairs: DatasetPair[] = [
  { caseKey: 'id:q1', caseId: 'q1', claimIndex: 0, chunkId: '1', claim: 'Paris is the capital of France [1].' },
  { caseKey: 'id:q1', caseId: 'q1', claimIndex: 1, chunkId: '1', claim: 'It has two million people [1].' },
  { caseKey: 'h:abc', caseId: null, claimIndex: 0, chunkId: 'a', claim: 'Rome is in Italy [a].', chunkText: 'Rome is the capital of Italy.' },
  { caseKey: 'h:def', caseId: null, claimIndex: 0, chunkId: 'a', claim: 'Same words here.', chunkText: 'One text.' },
  { caseKey: 'h:ghi', caseId: null, claimIndex: 0, chunkId: 'a', claim: 'Same words here.', chunkText: 'Another text.' },
];

let line = 0;
const lab = (over: Partial<ImportedLabel>): ImportedLabel => ({
  caseId: 'q1',
  caseKey: 'id:q1',
  claimIndex: 0,
  claim: null,
  chunkId: '1',
  chunkText: null,
  annotator: 'alice',
  label: 'fully_supported',
  note: null,
  updated: 1000,
  file: 'x',
  line: ++line,
  ...over,
});
const read = (file: string, labels: Partial<ImportedLabel>[]): LabelFileRead => ({ file, kind: 'jsonl', labels: labels.map((l) => lab({ ...l, file })), errors: [] });
const NOW = 9999;

describe('importLabels: matching', () => {
  it('matches by case key, by case id, else by claim text and chunk id', () => {
    const r = importLabels(pairs, [], [read('f', [
      { caseId: null, caseKey: 'id:q1', claimIndex: 1 },
      { caseKey: null, caseId: 'q1', claimIndex: 0 },
      // Another content key (the case was edited elsewhere), same claim text: found by content.
      { caseId: null, caseKey: 'h:zzz', claimIndex: 4, chunkId: 'a', claim: 'Rome is in Italy.' },
      // Same case, the claim moved to another index: found by its text within the case.
      { annotator: 'bob', claimIndex: 7, claim: 'It has two million people.' },
    ])], { now: NOW });
    expect(r.put.map((p) => [p.caseKey, p.claimIndex, p.chunkId, p.annotator])).toEqual([
      ['id:q1', 1, '1', 'alice'],
      ['id:q1', 0, '1', 'alice'],
      ['h:abc', 0, 'a', 'alice'],
      ['id:q1', 1, '1', 'bob'],
    ]);
    expect(r.added).toBe(4);
    expect(r.unmatched.count).toBe(0);
    expect(r.put[0]!.claimText).toBe('It has two million people [1].');
  });

  it('counts labels of pairs not in the dataset, by reason, with examples', () => {
    const r = importLabels(pairs, [], [read('f', [
      { caseId: 'nope', caseKey: 'id:nope' },
      { claimIndex: 5, claim: 'Something else entirely.' },
      { caseId: null, caseKey: null, chunkId: 'a', claim: 'Same words here!' },
      { caseId: null, caseKey: null, chunkId: 'a', claim: 'Same words here', chunkText: 'Another   text.', annotator: 'bob' },
    ])], { now: NOW });
    expect(r.unmatched.byReason).toEqual({ 'no-case': 1, 'no-pair': 1, ambiguous: 1 });
    expect(r.unmatched.count).toBe(3);
    expect(r.unmatched.examples.map((e) => e.reason)).toEqual(['no-case', 'no-pair', 'ambiguous']);
    // The chunk's text told the two cases with the same claim apart.
    expect(r.put.map((p) => [p.caseKey, p.annotator])).toEqual([['h:ghi', 'bob']]);
  });

  it('refuses a match by id whose claim text differs (labels of another dataset)', () => {
    const r = importLabels(pairs, [], [read('f', [{ claim: 'Berlin is in Germany.' }])], { now: NOW });
    expect(r.put).toEqual([]);
    expect(r.unmatched.byReason['no-pair']).toBe(1);
  });

  it('normalises claims to their words', () => {
    expect(plainClaim(' Paris, [1] is  the CAPITAL! ')).toBe('paris is the capital');
  });
});

describe('importLabels: merging', () => {
  const fileA = read('a.jsonl', [{ claimIndex: 0, updated: 1000 }, { claimIndex: 1, label: 'not_supported', updated: 1100 }]);

  it('the same file twice adds nothing', () => {
    const first = importLabels(pairs, [], [fileA, fileA], { now: NOW });
    expect(first).toMatchObject({ added: 2, superseded: 0, clashes: [] });
    const stored: StoredLike[] = first.put;
    const again = importLabels(pairs, stored, [fileA], { now: NOW });
    expect(again).toMatchObject({ put: [], added: 0, replaced: 0, unchanged: 2, clashes: [] });
  });

  it("keeps the newer of one annotator's labels from two files and counts the replacements", () => {
    // A later export of the same browser: pair 0 unchanged (same time), pair 1 relabelled later.
    const fileB = read('b.jsonl', [{ claimIndex: 0, updated: 1000 }, { claimIndex: 1, label: 'partially_supported', updated: 2000 }]);
    const both = importLabels(pairs, [], [fileB, fileA], { now: NOW });
    expect(both.clashes).toEqual([]);
    expect(both.superseded).toBe(1);
    expect(both.put.find((p) => p.claimIndex === 1)).toMatchObject({ label: 'partially_supported', updated: 2000 });
    // Against what is stored: the newer file replaces one label.
    const stored: StoredLike[] = importLabels(pairs, [], [fileA], { now: NOW }).put;
    const later = importLabels(pairs, stored, [fileB], { now: NOW });
    expect(later).toMatchObject({ added: 0, replaced: 1, unchanged: 1 });
    // An older file changes nothing.
    const older = importLabels(pairs, later.put.concat(stored.filter((s) => s.claimIndex === 0)), [fileA], { now: NOW });
    expect(older).toMatchObject({ replaced: 0, unchanged: 2, put: [] });
  });

  it('a label without a time (CSV) never replaces a stored one, and gets the import time when new', () => {
    const stored: StoredLike[] = [{ caseKey: 'id:q1', claimIndex: 0, chunkId: '1', annotator: 'alice', label: 'not_supported', updated: 5 }];
    const csv = read('a.csv', [{ claimIndex: 0, updated: null }, { claimIndex: 1, updated: null }]);
    // Without times the two sources cannot be told to be one person: asked, then confirmed.
    expect(importLabels(pairs, stored, [csv], { now: NOW }).clashes).toHaveLength(1);
    const r = importLabels(pairs, stored, [csv], { renames: [{ from: 'alice', to: 'alice' }], now: NOW });
    expect(r).toMatchObject({ added: 1, replaced: 0, unchanged: 1 });
    expect(r.put[0]).toMatchObject({ claimIndex: 1, updated: NOW });
  });
});

describe('importLabels: name clashes', () => {
  // Two people who both call themselves alice labelled the same pairs at other times.
  const one = read('one.jsonl', [{ claimIndex: 0, label: 'fully_supported', updated: 1000 }, { claimIndex: 1, label: 'fully_supported', updated: 1001 }]);
  const two = read('two.jsonl', [{ claimIndex: 0, label: 'not_supported', updated: 3000 }, { claimIndex: 1, label: 'fully_supported', updated: 3001 }]);

  it('asks instead of merging: the later file is held back', () => {
    const r = importLabels(pairs, [], [one, two], { now: NOW });
    expect(r.clashes).toEqual([
      { annotator: 'alice', kept: 'one.jsonl', held: 'two.jsonl', shared: 2, conflicting: 1, examples: [{ caseKey: 'id:q1', claimIndex: 0, chunkId: '1', kept: 'fully_supported', held: 'not_supported' }] },
    ]);
    expect(r.held).toBe(2);
    expect(r.put.map((p) => p.label)).toEqual(['fully_supported', 'fully_supported']);
  });

  it('clashes with labels already stored under the name too', () => {
    const stored: StoredLike[] = importLabels(pairs, [], [one], { now: NOW }).put;
    const r = importLabels(pairs, stored, [two], { now: NOW });
    expect(r.clashes).toMatchObject([{ annotator: 'alice', kept: '', held: 'two.jsonl' }]);
    expect(r.put).toEqual([]);
  });

  it('a rename keeps both people apart; the same name confirmed merges them (newer wins)', () => {
    const renamed = importLabels(pairs, [], [one, two], { renames: [{ file: 'two.jsonl', from: 'alice', to: 'alice (two)' }], now: NOW });
    expect(renamed.clashes).toEqual([]);
    expect(renamed.annotators).toEqual(['alice', 'alice (two)']);
    expect(renamed.put).toHaveLength(4);
    const merged = importLabels(pairs, [], [one, two], { renames: [{ from: 'alice', to: 'alice' }], now: NOW });
    expect(merged.clashes).toEqual([]);
    expect(merged.put.find((p) => p.claimIndex === 0)).toMatchObject({ label: 'not_supported', updated: 3000 });
  });

  it("holds back a file's labels under the importer's own name unless they are her own export", () => {
    const mine: StoredLike[] = [{ caseKey: 'id:q1', claimIndex: 1, chunkId: '1', annotator: 'lead', label: 'fully_supported', updated: 50 }];
    const other = read('o.jsonl', [{ annotator: 'lead', claimIndex: 0, updated: 70 }]);
    const r = importLabels(pairs, mine, [other], { currentAnnotator: 'lead', now: NOW });
    expect(r.clashes).toMatchObject([{ annotator: 'lead', kept: '', held: 'o.jsonl', shared: 0, conflicting: 0 }]);
    const own = read('own.jsonl', [{ annotator: 'lead', claimIndex: 1, updated: 50 }, { annotator: 'lead', claimIndex: 0, updated: 70 }]);
    expect(importLabels(pairs, mine, [own], { currentAnnotator: 'lead', now: NOW })).toMatchObject({ clashes: [], added: 1, unchanged: 1 });
  });

  it('never asks about gold or reference, and agrees when the shared labels agree', () => {
    const g1 = read('g1', [{ annotator: 'gold', updated: 1, settledBy: 'x', settledHow: 'majority' }]);
    const g2 = read('g2', [{ annotator: 'gold', label: 'not_supported', updated: 2, settledBy: 'y', settledHow: 'by_hand' }]);
    const r = importLabels(pairs, [], [g1, g2], { now: NOW });
    expect(r.clashes).toEqual([]);
    expect(r.put).toEqual([expect.objectContaining({ annotator: 'gold', label: 'not_supported', settledBy: 'y', settledHow: 'by_hand' })]);
    // The dataset's reference labels, stored in each browser at its own time: no question either.
    const ref = importLabels(pairs, [{ caseKey: 'id:q1', claimIndex: 0, chunkId: '1', annotator: 'reference', label: 'fully_supported', updated: 5 }], [read('r', [{ annotator: 'reference', label: 'partially_supported', updated: 9 }])], { now: NOW });
    expect(ref).toMatchObject({ clashes: [], replaced: 1 });
    const same = importLabels(pairs, [], [read('p', [{ updated: 1 }]), read('q', [{ updated: 2 }])], { now: NOW });
    expect(same.clashes).toEqual([]);
  });
});
