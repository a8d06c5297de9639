import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditCase } from '../../core/audit';
import { MODEL_RATER } from '../../core/eval/labels';
import { referenceLabels } from '../../core/eval/referenceLabels';
import { restoreCase } from '../../core/parse/case';
import type { SupportVerdict } from '../../core/types';
import type { AnnotationLabel } from '../../store/schemas';
import { ANNOTATION_NOTES_KEY, NOTE_SAVE_MS, type LabelStore } from './annotation.svelte';
import { storeLabelStore, type WorkbenchView } from './annotationSource.svelte';
import { memoryStore } from '../../../tests/factories/memoryStore';
import { useFreshDbs } from '../../../tests/factories/db';

import { fakeSource, memoryLabels, setup, tick, tower } from './annotation.fixtures';

const freshDb = useFreshDbs('labels');
const key = (e: Partial<KeyboardEvent> & { key: string }) => ({ typing: false, ...e });

describe('Annotation: labelling pairs from the keyboard', () => {
  it('asks for a name first, then labels with 1/2/3, advances, moves with j/k and arrows, and undoes with u', async () => {
    const { a, labels } = setup({ source: fakeSource([tower(1), tower(2)]) });
    await tick();
    expect(a.targets).toHaveLength(4);
    expect(a.progress).toEqual({ done: 0, total: 4 });
    expect(a.view!.claimText).toBe('Tower 1 is 101 metres tall.');
    expect(a.answerRuns.find((r) => r.kinds.includes('claim'))!.text).toContain('Tower 1 is 101 metres tall');

    expect(a.handleKey(key({ key: '1' }))).toBe('handled');
    expect(a.message).toBe('need-annotator');
    expect((labels as ReturnType<typeof memoryLabels>).rows()).toHaveLength(0);

    a.setAnnotator('  ann ');
    expect(a.annotator).toBe('ann');
    a.handleKey(key({ key: '1' }));
    await tick();
    expect(a.index).toBe(1);
    // A Czech keyboard sends "ě" on the 2 key: the code still says Digit2.
    a.handleKey(key({ key: 'ě', code: 'Digit2' }));
    await tick();
    expect(a.index).toBe(2);
    expect(a.progress.done).toBe(2);
    const rows = (labels as ReturnType<typeof memoryLabels>).rows();
    expect(rows.map((r) => [r.caseKey, r.claimIndex, r.chunkId, r.annotator, r.label])).toEqual([
      ['id:t1', 0, '1', 'ann', 'fully_supported'],
      ['id:t1', 1, '2', 'ann', 'partially_supported'],
    ]);
    expect(rows[0]!.claimText).toBe('Tower 1 is 101 metres tall.');

    a.handleKey(key({ key: 'k' }));
    a.handleKey(key({ key: 'ArrowUp' }));
    expect(a.index).toBe(0);
    a.handleKey(key({ key: 'j' }));
    a.handleKey(key({ key: 'ArrowRight' }));
    expect(a.index).toBe(2);

    a.handleKey(key({ key: 'u' }));
    await tick();
    // Undo took back the last label and went to its pair.
    expect(a.index).toBe(1);
    expect(a.myLabel).toBeNull();
    expect((labels as ReturnType<typeof memoryLabels>).rows()).toHaveLength(1);
    a.handleKey(key({ key: 'u' }));
    await tick();
    expect(a.index).toBe(0);
    expect((labels as ReturnType<typeof memoryLabels>).rows()).toHaveLength(0);
    await a.undo();
    expect(a.message).toBe('nothing-to-undo');

    // Keys typed into a text field are the field's; modified keys are the browser's.
    expect(a.handleKey({ key: '1', typing: true })).toBeNull();
    expect(a.handleKey({ key: 'Escape', typing: true })).toBe('leave-note');
    expect(a.handleKey(key({ key: '1', ctrlKey: true }))).toBeNull();
    expect(a.handleKey(key({ key: 'n' }))).toBe('focus-note');
  });

  it('keeps a note with the label, and a note written before the label waits for it', async () => {
    const { a, labels } = setup({ source: fakeSource([tower(1)]) });
    await tick();
    a.setAnnotator('ann');
    a.setAdvance(false);
    a.noteDraft = 'the year is in the chunk';
    await a.label('not_supported');
    await tick();
    expect(a.myLabel).toMatchObject({ label: 'not_supported', note: 'the year is in the chunk' });
    a.noteDraft = 'changed my mind';
    await a.commitNote();
    expect((labels as ReturnType<typeof memoryLabels>).rows()[0]!.note).toBe('changed my mind');
    a.next();
    expect(a.noteDraft).toBe('');
    a.prev();
    expect(a.noteDraft).toBe('changed my mind');
  });

  it('a note is saved as it is typed: a reload finds it, on a labelled pair and on one not labelled yet', async () => {
    const source = fakeSource([tower(1)]);
    const { a, labels, store } = setup({ source });
    await tick();
    a.setAnnotator('ann');
    a.setAdvance(false);
    // Not labelled yet: typed, then a pause.
    a.noteDraft = 'check the year';
    a.noteTyped();
    await new Promise((r) => setTimeout(r, NOTE_SAVE_MS + 50));
    // Labelled pair: typed, then the page is hidden before the pause is over.
    a.next();
    await a.label('fully_supported');
    a.noteDraft = 'height matches';
    a.noteTyped();
    await a.saveNoteNow();

    // The reload: a new state over the same storage.
    const again = setup({ source, labels, store }).a;
    await tick();
    // It comes back on the last pair it was on.
    expect(again.noteDraft).toBe('height matches');
    again.prev();
    expect(again.noteDraft).toBe('check the year');
    again.next();
    expect((labels as ReturnType<typeof memoryLabels>).rows().map((l) => l.note)).toEqual(['height matches']);
    // Labelling the first pair takes its waiting note with it, and it waits no more.
    again.prev();
    await again.label('not_supported');
    expect((labels as ReturnType<typeof memoryLabels>).rows().find((l) => l.label === 'not_supported')?.note).toBe('check the year');
    expect(store.get(ANNOTATION_NOTES_KEY) ?? '{}').toBe('{}');
  });

  it('a pair labelled right after a reload, before the labels are read, takes the note typed for it', async () => {
    const source = fakeSource([tower(1)]);
    const { a, labels, store } = setup({ source });
    await tick();
    a.setAnnotator('ann');
    a.noteDraft = 'check the year';
    a.noteTyped();
    await a.saveNoteNow();
    // The reload, over a database that has not answered yet when the key is pressed.
    const slow: LabelStore = { ...labels, watch: () => () => {} };
    const again = setup({ source, labels: slow, store }).a;
    await tick();
    await again.label('partially_supported');
    expect((labels as ReturnType<typeof memoryLabels>).rows().map((l) => l.note)).toEqual(['check the year']);
  });

  it('a note on a labelled pair survives a page left before the label\u2019s write finished', async () => {
    const source = fakeSource([tower(1)]);
    const labels = memoryLabels();
    // The page goes away: writes started from now on never finish (IndexedDB is torn down).
    let leaving = false;
    const dying: LabelStore = { ...labels, put: (l) => (leaving ? new Promise<void>(() => {}) : labels.put(l)) };
    const { a, store } = setup({ source, labels: dying });
    await tick();
    a.setAnnotator('ann');
    a.setAdvance(false);
    await a.label('fully_supported');
    a.noteDraft = 'height matches';
    a.noteTyped();
    leaving = true;
    // pagehide: what the page does synchronously is all that is kept.
    void a.saveNoteNow();

    const again = setup({ source, labels, store }).a;
    await tick();
    expect(again.noteDraft).toBe('height matches');
    expect(labels.rows().map((l) => l.note)).toEqual(['height matches']);
    expect(store.get(ANNOTATION_NOTES_KEY) ?? '{}').toBe('{}');
  });

  it('moving to another pair while a note is still being typed saves it', async () => {
    const source = fakeSource([tower(1)]);
    const { a, store } = setup({ source });
    await tick();
    a.setAnnotator('ann');
    a.noteDraft = 'half a thought';
    a.noteTyped();
    a.next();
    expect(a.noteDraft).toBe('');
    const again = setup({ source, store }).a;
    await tick();
    again.goTo(again.targets[0]!.key);
    expect(again.noteDraft).toBe('half a thought');
  });

  it('another annotator on the same pair starts from their own note, and the note being typed stays its writer’s', async () => {
    const source = fakeSource([tower(1)]);
    const labels = memoryLabels();
    const { a } = setup({ source, labels });
    await tick();
    a.setAnnotator('alice');
    await a.label('fully_supported');
    a.prev();
    a.noteDraft = 'alice thinks so';
    a.noteTyped();
    // Another person takes the seat before the note's pause is over.
    a.setAnnotator('bob');
    expect(a.noteDraft).toBe('');
    await a.label('partially_supported');
    await tick();
    const rows = labels.rows();
    expect(rows.find((l) => l.annotator === 'alice')?.note).toBe('alice thinks so');
    expect(rows.find((l) => l.annotator === 'bob')?.note).toBeUndefined();
    // Back to alice on that pair: her note is there.
    a.prev();
    a.setAnnotator('alice');
    expect(a.noteDraft).toBe('alice thinks so');
  });

  it('u undoes this annotator’s own last label, never the one before them at the same screen', async () => {
    const labels = memoryLabels();
    const { a } = setup({ source: fakeSource([tower(1)]), labels });
    await tick();
    a.setAnnotator('alice');
    await a.label('fully_supported');
    a.setAnnotator('bob');
    await a.undo();
    await tick();
    expect(a.message).toBe('nothing-to-undo');
    expect(labels.rows().map((l) => [l.annotator, l.label])).toEqual([['alice', 'fully_supported']]);
    // Back at the laptop, alice can still take hers back.
    a.setAnnotator('alice');
    await a.undo();
    await tick();
    expect(labels.rows()).toEqual([]);
  });

  it('blind mode hides the model verdict and the others’ labels until this annotator has labelled the pair', async () => {
    const source = fakeSource([tower(1)], ['partially_supported', 'not_supported']);
    const labels = memoryLabels();
    await labels.put({ caseKey: 'id:t1', claimIndex: 0, chunkId: '1', annotator: 'bob', label: 'fully_supported', updated: 1 });
    const { a } = setup({ source, labels });
    await tick();
    a.setAnnotator('ann');
    expect(a.blind).toBe(true);
    // Neither the verdict nor bob's label is there to show (only that the model judged the pair).
    expect(a.modelVerdict).toBeNull();
    expect(a.modelJudged).toBe(true);
    expect(a.revealed).toBe(false);
    expect(a.otherLabels).toEqual([]);
    // The model's supporting phrase is not highlighted while blind.
    expect(a.chunkRuns.some((r) => r.kinds.includes('support'))).toBe(false);
    a.setAdvance(false);
    await a.label('fully_supported');
    expect(a.revealed).toBe(true);
    expect(a.modelVerdict).toBe('partially_supported');
    expect(a.otherLabels.map((l) => l.annotator)).toEqual(['bob']);
    expect(a.chunkRuns.some((r) => r.kinds.includes('support'))).toBe(true);
    a.next();
    expect(a.revealed).toBe(false);
    a.setBlind(false);
    expect(a.revealed).toBe(true);
  });

  it('comes back to the same pair after a reload', async () => {
    const store = memoryStore();
    const source = fakeSource([tower(1), tower(2)]);
    const first = setup({ source, store });
    await tick();
    first.a.next();
    first.a.next();
    const second = setup({ source, store });
    expect(second.a.index).toBe(2);
    expect(second.a.blind).toBe(true);
  });

  it('measures agreement between annotators and with the model, listing disagreements in pair order', async () => {
    // Pairs: t1 (0,1) (1,2), t2 (0,1) (1,2). Model says partially for claims 0, not for claims 1.
    const source = fakeSource([tower(1), tower(2)], ['partially_supported', 'not_supported']);
    const { a } = setup({ source });
    await tick();
    a.setAnnotator('ann');
    for (const v of ['partially_supported', 'not_supported', 'fully_supported', 'not_supported'] as const) await a.label(v);
    a.setAnnotator('bob');
    a.goTo(a.targets[0]!.key);
    for (const v of ['partially_supported', 'fully_supported', 'fully_supported', 'not_supported'] as const) await a.label(v);
    await tick();
    expect(a.raters).toEqual(['ann', 'bob', MODEL_RATER]);
    // Not chosen yet: the two who share most pairs, the person at the keyboard (bob) first on a tie.
    expect([a.raterA, a.raterB]).toEqual(['bob', 'ann']);

    a.raterA = 'ann';
    a.raterB = MODEL_RATER;
    const m = a.agreement!;
    expect(m.n).toBe(4);
    expect(m.percent).toBe(0.75);
    expect(m.disagreements.map((d) => a.targetOf(d.key)!.caseId)).toEqual(['t2']);

    a.raterB = 'bob';
    const h = a.agreement!;
    expect(h.percent).toBe(0.75);
    // ann = [P, N, F, N], bob = [P, F, F, N]: po = 3/4; pe = (1/4·1/4) + (1/4·2/4) + (2/4·1/4) = 5/16;
    // κ = (3/4 − 5/16) / (1 − 5/16) = 7/11.
    expect(h.kappa).toBeCloseTo(7 / 11, 10);
    expect(h.disagreements).toHaveLength(1);
    a.goTo(h.disagreements[0]!.key);
    expect(a.index).toBe(1);

    const jsonl = await a.labelsJsonl();
    const rows = jsonl.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatchObject({
      case_id: 't1',
      claim_index: 1,
      chunk_id: '2',
      labels: { ann: { label: 'not_supported' }, bob: { label: 'fully_supported' } },
      model_verdict: 'not_supported',
    });
    expect((await a.labelsCsv()).startsWith('\ufeffcase_id,claim_index,claim,chunk_id,cited_text,model_verdict,label:ann,note:ann,label:bob,note:bob')).toBe(true);
  });

  it('compares the model with the reference labels in one step, with balanced accuracy', async () => {
    // Model: claim 0 fully, claim 1 not, in both cases.
    const source = fakeSource([tower(1), tower(2)], ['fully_supported', 'not_supported']);
    const labels = memoryLabels();
    const { a } = setup({ source, labels });
    a.setBlind(false);
    await tick();
    expect(a.canCompareModelToReference).toBe(false);
    const ref = (caseKey: string, claimIndex: number, chunkId: string, label: SupportVerdict): AnnotationLabel => ({ caseKey, claimIndex, chunkId, annotator: 'reference', label, updated: 1 });
    // Reference: t1 F, N (model right twice); t2 N (model says F: a false "supported"), N (right).
    await labels.putMany([ref('id:t1', 0, '1', 'fully_supported'), ref('id:t1', 1, '2', 'not_supported'), ref('id:t2', 0, '1', 'not_supported'), ref('id:t2', 1, '2', 'not_supported')]);
    await tick();
    expect(a.canCompareModelToReference).toBe(true);
    a.compareModelTo('reference');
    expect([a.raterA, a.raterB]).toEqual([MODEL_RATER, 'reference']);
    const m = a.agreement!;
    expect(m.n).toBe(4);
    // Supported: 1 of 1 recalled; not supported: 2 of 3.
    expect(m.balanced_accuracy).toBeCloseTo((1 + 2 / 3) / 2, 10);
  });

  it('never shows a rater A who has no labels in this source: the pick falls back to one who has', async () => {
    const source = fakeSource([tower(1), tower(2)]);
    const c = tower(3);
    const report = auditCase(c);
    const { a } = setup({ source, workbench: { auditCase: c, localReport: report, report } });
    a.setBlind(false);
    await tick();
    a.useSource('workbench');
    await tick();
    a.setAnnotator('carol');
    await a.label('fully_supported');
    a.useSource('dataset');
    await tick();
    a.setAnnotator('alice');
    for (const v of ['fully_supported', 'not_supported'] as const) await a.label(v);
    a.setAnnotator('bob');
    a.goTo(a.targets[0]!.key);
    for (const v of ['fully_supported', 'fully_supported'] as const) await a.label(v);
    await tick();
    a.raterA = 'alice';
    a.raterB = 'bob';
    expect(a.agreement?.n).toBe(2);
    // The workbench's pairs: alice labelled none of them, so she is no rater here (the panel's
    // Rater A list has no entry for her) and cannot be rater A either.
    a.useSource('workbench');
    await tick();
    expect(a.raters).not.toContain('alice');
    expect(a.raters).toContain(a.raterA);
    // Back on the dataset, the pick stands again.
    a.useSource('dataset');
    await tick();
    expect([a.raterA, a.raterB]).toEqual(['alice', 'bob']);
  });

  it('refuses the reserved reference name', async () => {
    const { a } = setup({ source: fakeSource([tower(1)]) });
    await tick();
    a.setAnnotator('reference');
    await a.label('fully_supported');
    expect(a.message).toBe('reserved-annotator');
  });
});

describe('Annotation over the workbench case', () => {
  it('labels the workbench case and stores the reference labels it carries', async () => {
    const raw = JSON.parse(readFileSync(path.resolve(process.cwd(), '../shared/cases/expertqa_post_hoc_gs_gpt4_domaintest13.json'), 'utf8'));
    const c = restoreCase(raw).value!;
    const report = auditCase(c);
    const wb: WorkbenchView = { auditCase: c, localReport: report, report };
    const labels = memoryLabels();
    const { a } = setup({ workbench: wb, labels });
    await tick();
    expect(a.source.kind).toBe('workbench');
    expect(a.hasDataset).toBe(false);
    expect(a.targets.length).toBe(7);
    // What the core reads from the case (referenceLabels.test.ts pins those: six partial ones).
    const ref = labels.rows().filter((l) => l.annotator === 'reference');
    const read = referenceLabels(c, report).labels;
    expect(read).toHaveLength(6);
    expect(ref.map((l) => [l.claimIndex, l.chunkId, l.label])).toEqual(read.map((l) => [l.claimIndex, l.chunkId, l.label]));
    a.setBlind(false);
    expect(a.otherLabels.map((l) => [l.annotator, l.label])).toEqual([['reference', 'partially_supported']]);
  });
});

describe('the store’s labels table as a LabelStore', () => {
  it('writes, watches live and removes labels', async () => {
    const db = freshDb();
    const store = storeLabelStore(db);
    const seen: AnnotationLabel[][] = [];
    const stop = store.watch(['id:a'], (l) => seen.push(l));
    const l: AnnotationLabel = { caseKey: 'id:a', claimIndex: 0, chunkId: '1', annotator: 'ann', label: 'fully_supported', updated: 5 };
    await store.put(l);
    await store.putMany([{ ...l, annotator: 'reference' }, { ...l, caseKey: 'id:other' }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen[seen.length - 1]!.map((x) => x.annotator).sort()).toEqual(['ann', 'reference']);
    await store.remove(l);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen[seen.length - 1]!.map((x) => x.annotator)).toEqual(['reference']);
    stop();
    await expect(store.put({ ...l, label: 'bogus' as SupportVerdict })).rejects.toThrow();
  });
});
