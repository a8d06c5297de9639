import { describe, expect, it } from 'vitest';
import type { SupportVerdict } from '../../core/types';
import { fakeSource, memoryLabels, setup, tick, tower } from './annotation.fixtures';
import { LabelImporter, type ImportReport } from './labelImport.svelte';

const F = 'fully_supported';
const P = 'partially_supported';
const N = 'not_supported';
const cases = () => [tower(1), tower(2)];
const file = (name: string, text: string) => ({ name, text: async () => text });

/** One annotator's browser: labels the four pairs and downloads them as the view does. */
async function downloadOf(who: string, verdicts: SupportVerdict[], kind: 'jsonl' | 'csv' = 'jsonl'): Promise<string> {
  const { a } = setup({ source: fakeSource(cases()) });
  a.setBlind(true);
  a.setAnnotator(who);
  await tick();
  for (const v of verdicts) await a.label(v);
  await tick();
  return kind === 'jsonl' ? a.labelsJsonl() : a.labelsCsv();
}

async function lead(name = 'lead') {
  const labels = memoryLabels();
  const { a } = setup({ source: fakeSource(cases()), labels });
  a.setAnnotator(name);
  await tick();
  return { a, labels, importer: new LabelImporter(a) };
}

const done = (importer: LabelImporter): ImportReport => {
  const s = importer.state;
  if (s.kind !== 'done') throw new Error(`import state ${s.kind}`);
  return s.report;
};

describe('importing teammates’ label files', () => {
  it('imports two annotators’ downloads at once, matched by case, and the same file twice adds nothing', async () => {
    const alice = await downloadOf('alice', [F, N, F, N]);
    const bob = await downloadOf('bob', [F, P, N, N], 'csv');
    const { a, labels, importer } = await lead();
    await importer.importFiles([file('alice-labels.jsonl', alice), file('bob-labels.csv', bob)]);
    await tick();
    const r = done(importer).result;
    expect([r.added, r.replaced, r.unchanged, r.unmatched.count]).toEqual([8, 0, 0, 0]);
    expect(r.annotators).toEqual(['alice', 'bob']);
    expect(labels.rows().filter((l) => l.annotator === 'bob').map((l) => l.label)).toEqual([F, P, N, N]);
    a.setBlind(false);
    expect(a.raters).toEqual(['lead', 'alice', 'bob']);

    await importer.importFiles([file('alice-labels.jsonl', alice)]);
    expect(done(importer).result).toMatchObject({ added: 0, replaced: 0, unchanged: 4 });
    expect(labels.rows()).toHaveLength(8);
  });

  it('keeps the newer label of the same annotator, says how many were replaced, and undoes the import', async () => {
    const { a: alice } = setup({ source: fakeSource(cases()) });
    alice.setAnnotator('alice');
    await tick();
    for (const v of [F, N, F, N] as const) await alice.label(v);
    const first = await alice.labelsJsonl();
    alice.goTo(alice.targets[1]!.key);
    await alice.label(P);
    await tick();
    const second = await alice.labelsJsonl();

    const { labels, importer } = await lead();
    await importer.importFiles([file('first.jsonl', first)]);
    await importer.importFiles([file('second.jsonl', second)]);
    await tick();
    expect(done(importer).result).toMatchObject({ added: 0, replaced: 1, unchanged: 3 });
    expect(labels.rows().find((l) => l.claimIndex === 1 && l.caseKey === 'id:t1')?.label).toBe(P);
    await importer.undo();
    await tick();
    expect(importer.state.kind).toBe('undone');
    expect(labels.rows().find((l) => l.claimIndex === 1 && l.caseKey === 'id:t1')?.label).toBe(N);
  });

  it('offers no Undo after an import that changed nothing: the button would take back the import before it', async () => {
    const alice = await downloadOf('alice', [F, N, F, N]);
    const { labels, importer } = await lead();
    await importer.importFiles([file('alice.jsonl', alice)]);
    await tick();
    expect(importer.canUndo).toBe(true);
    for (const nothing of [file('alice-again.jsonl', alice), file('empty.jsonl', '')]) {
      await importer.importFiles([nothing]);
      await tick();
      expect(done(importer).result.put).toHaveLength(0);
      expect(importer.canUndo).toBe(false);
    }
    await importer.undo();
    await tick();
    expect(labels.rows().filter((l) => l.annotator === 'alice')).toHaveLength(4);
  });

  it('counts and reports labels of pairs not in the dataset, and the file’s unreadable lines', async () => {
    const alice = await downloadOf('alice', [F, N]);
    const stray = JSON.stringify({ case_id: 'elsewhere', case_key: 'id:elsewhere', claim_index: 0, claim: 'Another claim.', chunk_id: '1', labels: { alice: { label: F, note: null, updated: null } } });
    const { labels, importer } = await lead();
    await importer.importFiles([file('a.jsonl', `${alice}${stray}\nnot json\n`)]);
    await tick();
    const rep = done(importer);
    expect(rep.result.added).toBe(2);
    expect(rep.result.unmatched.count).toBe(1);
    expect(rep.errors.length).toBeGreaterThan(0);
    expect(labels.rows()).toHaveLength(2);
  });

  it('asks about a name two people share before writing anything, and imports under the name given', async () => {
    const other = await downloadOf('lead', [N, N, N, N]);
    const { a, labels, importer } = await lead('lead');
    // The lead labels pairs 2–4 (the clocks of the two browsers of this test run alike: the same
    // times on the same pairs would say one person's export).
    a.next();
    for (const v of [F, F, F] as const) await a.label(v);
    await tick();
    await importer.importFiles([file('someone.jsonl', other)]);
    const s = importer.state;
    expect(s.kind).toBe('ask');
    if (s.kind !== 'ask') return;
    expect(s.clashes.map((c) => c.annotator)).toEqual(['lead']);
    expect(labels.rows()).toHaveLength(3);
    await importer.answer([{ file: s.clashes[0]!.held, from: 'lead', to: 'lead 2' }]);
    await tick();
    expect(done(importer).result.added).toBe(4);
    expect(labels.rows().filter((l) => l.annotator === 'lead 2').map((l) => l.label)).toEqual([N, N, N, N]);
    expect(labels.rows().filter((l) => l.annotator === 'lead').map((l) => l.label)).toEqual([F, F, F]);
  });

  it('says there is nothing to match to when no pairs are open', async () => {
    const { a } = setup({ source: fakeSource([]) });
    const importer = new LabelImporter(a);
    await importer.importFiles([file('x.jsonl', '{}')]);
    expect(importer.state.kind).toBe('no-pairs');
  });
});
