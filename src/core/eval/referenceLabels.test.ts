import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberedCase } from '../../../tests/factories/audits';
import { auditCase } from '../audit';
import { citedPairs } from './labels';
import { referenceLabels } from './referenceLabels';
import { restoreCase } from '../parse/case';
import type { AuditCase, SupportVerdict } from '../types';

const CASES = path.resolve(process.cwd(), '../shared/cases');

function shared(name: string): AuditCase {
  const r = restoreCase(JSON.parse(readFileSync(path.join(CASES, `${name}.json`), 'utf8')));
  if (!r.value) throw new Error(r.errors.join('; '));
  return r.value;
}

function refs(name: string) {
  const c = shared(name);
  const report = auditCase(c);
  return { c, report, ref: referenceLabels(c, report) };
}

const triples = (labels: { claimIndex: number; chunkId: string; label: SupportVerdict }[]) => labels.map((l) => [l.claimIndex, l.chunkId, l.label]);

describe('reference labels from the human-labelled shared cases', () => {
  it('AttributionBench/HAGRID: per-reference binary labels, matched to our claims by overlap and by the cited chunk', () => {
    const { ref, report } = refs('attributionbench_hagrid_can_you_vote_at_16_years_in_argentina');
    expect(ref.shape).toBe('attributionbench');
    // Our claim 1 joins two HAGRID claims ("… is 16 [2]" and "… 70 years old [3]"): "attributable"
    // to [2] vouches only for part of it. The four identical "Reference: …" sentences differ only
    // by marker, and each label lands on the claim citing its chunk.
    expect(triples(ref.labels)).toEqual([
      [1, '2', 'partially_supported'],
      [2, '4', 'partially_supported'],
      [2, '5', 'partially_supported'],
      [3, '2', 'not_supported'],
      [4, '3', 'not_supported'],
      [5, '4', 'not_supported'],
      [6, '5', 'not_supported'],
    ]);
    expect(report.claims[5]!.text).toMatch(/^Reference: "In November 2012/);
    expect(ref.skipped).toEqual([]);
    expect(ref.labels[0]!.source).toBe('attributable');
  });

  it('ExpertQA: Partial → partially supported on the evidence chunk; N/A and a claim without evidence are skipped', () => {
    const { ref } = refs('expertqa_post_hoc_gs_gpt4_domaintest13');
    expect(ref.shape).toBe('expertqa');
    expect(triples(ref.labels)).toEqual([
      [0, '1', 'partially_supported'],
      [2, '3', 'partially_supported'],
      [3, '4', 'partially_supported'],
      [5, '5', 'partially_supported'],
      [6, '6', 'partially_supported'],
      [7, '7', 'partially_supported'],
    ]);
    expect(ref.labels.find((l) => l.chunkId === '3')!.note).toBe("there's no Eros Alesi's personal website");
    expect(ref.skipped.map((s) => s.value)).toEqual(['N/A', 'Missing']);
  });

  it('Liu et al. 2023: per-citation labels; "supports but also refutes" counts as no support, as the authors count it', () => {
    const { ref } = refs('liu2023_bing_chat_14c103cafe');
    expect(ref.shape).toBe('liu2023');
    expect(triples(ref.labels)).toEqual([
      [1, '1', 'partially_supported'],
      [1, '2', 'partially_supported'],
      [2, '3', 'not_supported'],
    ]);
    // The annotators' evidence snippet is the only source text published: it becomes the note.
    expect(ref.labels[0]!.note).toMatch(/^Video surveillance footage is beneficial/);
    expect(ref.skipped).toHaveLength(2);
  });

  it('CTKFacts: SUPPORTS with single-paragraph evidence sets → each paragraph fully supports the claim (uncited pairs)', () => {
    const { ref, report } = refs('ctkfacts_cs_supports_7');
    expect(ref.shape).toBe('ctkfacts');
    expect(triples(ref.labels)).toEqual([
      [0, '1', 'fully_supported'],
      [0, '2', 'fully_supported'],
      [0, '3', 'fully_supported'],
    ]);
    // The answer cites nothing: the pairs come from the labels and are marked as not cited.
    const pairs = citedPairs(report, ref.labels);
    expect(pairs).toEqual([
      { claimIndex: 0, chunkId: '1', cited: false },
      { claimIndex: 0, chunkId: '2', cited: false },
      { claimIndex: 0, chunkId: '3', cited: false },
    ]);
  });

  it('gives nothing for cases without human labels or in an unknown shape', () => {
    const { ref } = refs('alce_asqa_demo1');
    expect(ref).toEqual({ shape: null, labels: [], skipped: [] });
    const c: AuditCase = { ...shared('alce_asqa_demo1'), human_labels: { something: 'else' } };
    expect(referenceLabels(c, auditCase(c)).shape).toBeNull();
  });

  it('maps the other ctkfacts verdicts and multi-paragraph evidence sets', () => {
    const base = shared('ctkfacts_cs_supports_7');
    const withLabels = (hl: unknown) => {
      const c = { ...base, human_labels: hl } as AuditCase;
      return triples(referenceLabels(c, auditCase(c)).labels);
    };
    expect(withLabels({ label: 'SUPPORTS', evidence_sets: [['1', '2'], ['3']] })).toEqual([
      [0, '1', 'partially_supported'],
      [0, '2', 'partially_supported'],
      [0, '3', 'fully_supported'],
    ]);
    expect(withLabels({ label: 'REFUTES', evidence_sets: [['2']] })).toEqual([[0, '2', 'not_supported']]);
    expect(withLabels({ label: 'NOT ENOUGH INFO', evidence_sets: [['1'], ['9']] })).toEqual([[0, '1', 'not_supported']]);
  });
});

describe('reference labels in the simple hand-written shape', () => {
  const base = numberedCase({ id: 's1', query: 'Where?', answer: 'Paris is the capital of France [1]. It has about two million people [2].' }, 'Paris is the capital and largest city of France.', 'The city had about 2.1 million residents.');

  it('reads the list form: claim, chunk id and label per pair, with a note', () => {
    const c = { ...base, human_labels: [
      { claim: 'Paris is the capital of France.', chunk_id: '1', label: 'supported' },
      { claim: 'It has about two million people', chunk_id: 2, label: 'Partial', note: 'rounded' },
      { claim: 'It has about two million people', chunk_id: '1', label: 'not_supported' },
      { claim: 'It has about two million people', chunk_id: '9', label: 'not_supported' },
      { claim: 'Berlin is a city in Germany with a wall', chunk_id: '1', label: 'fully' },
      { claim: 'Paris is the capital of France.', chunk_id: '2', label: 'maybe' },
    ] } as AuditCase;
    const report = auditCase(c);
    const ref = referenceLabels(c, report);
    expect(ref.shape).toBe('simple');
    expect(triples(ref.labels)).toEqual([
      [0, '1', 'fully_supported'],
      [1, '1', 'not_supported'],
      [1, '2', 'partially_supported'],
    ]);
    expect(ref.labels.find((l) => l.chunkId === '2')?.note).toBe('rounded');
    expect(ref.skipped.map((s) => s.reason)).toEqual(['no chunk has this id', 'no claim of the answer matches this text', 'unknown label']);
  });

  it('reads human_label on a one-claim case, and refuses it on an answer of several citing claims', () => {
    const one = { ...base, answer: 'Paris is the capital of France [1].', human_label: 'partially_supported' } as AuditCase;
    expect(triples(referenceLabels(one, auditCase(one)).labels)).toEqual([[0, '1', 'partially_supported']]);
    const two = { ...base, human_label: 'supported' } as AuditCase;
    const r = referenceLabels(two, auditCase(two));
    expect(r.labels).toEqual([]);
    expect(r.skipped[0]!.reason).toMatch(/one citing claim/);
  });

  it('reads every case of the shared WiCE file as one reference label, as its README counts them', () => {
    const lines = readFileSync(path.join(CASES, 'labelled/wice_dev.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
    const counts: Record<string, number> = {};
    let skipped = 0;
    for (const line of lines) {
      const r = restoreCase(JSON.parse(line));
      const c = r.value!;
      const ref = referenceLabels(c, auditCase(c));
      expect(ref.shape).toBe('simple');
      skipped += ref.skipped.length;
      for (const l of ref.labels) counts[l.label] = (counts[l.label] ?? 0) + 1;
      expect(ref.labels.map((l) => l.source)).toEqual([(c as Record<string, unknown>).human_label]);
    }
    // README: label3 SUP 115 / PARTIAL 191 / NOT 43.
    expect(skipped).toBe(0);
    expect(counts).toEqual({ fully_supported: 115, partially_supported: 191, not_supported: 43 });
  }, 120_000);
});
