import { describe, expect, it } from 'vitest';
import { MODEL_RATER } from '../../core/eval/labels';
import type { SupportVerdict } from '../../core/types';
import type { AnnotationLabel } from '../../store/schemas';
import { fakeSource, memoryLabels, setup, tick, tower } from './annotation.fixtures';
import { Resolver } from './resolve.svelte';
import { TeamView } from './team.svelte';

const F = 'fully_supported';
const P = 'partially_supported';
const N = 'not_supported';

/** Labels of `who` for the four pairs of tower(1) and tower(2), in pair order. */
function labelsOf(who: string, verdicts: readonly SupportVerdict[]): AnnotationLabel[] {
  const pairs: [string, number, string][] = [
    ['id:t1', 0, '1'],
    ['id:t1', 1, '2'],
    ['id:t2', 0, '1'],
    ['id:t2', 1, '2'],
  ];
  return verdicts.map((label, i) => ({ caseKey: pairs[i]![0], claimIndex: pairs[i]![1], chunkId: pairs[i]![2], annotator: who, label, note: `${who} ${i}`, updated: 10 + i }));
}

/**
 * `store` behind a live query that lags under load: each write is answered first with the rows
 * from before it, then with the fresh rows a moment later.
 */
function lagging(store: ReturnType<typeof memoryLabels>) {
  let snapshot: AnnotationLabel[] | null = null;
  const during = async (write: () => Promise<void>) => {
    snapshot = [...store.rows()];
    await write();
    snapshot = null;
  };
  return {
    ...store,
    watch: (keys: readonly string[], cb: (l: AnnotationLabel[]) => void) =>
      store.watch(keys, (rows) => {
        const stale = snapshot;
        if (stale) setTimeout(() => cb(rows), 0);
        cb(stale ?? rows);
      }),
    put: (l: AnnotationLabel) => during(() => store.put(l)),
    putMany: (ls: AnnotationLabel[]) => during(() => store.putMany(ls)),
  };
}

async function team(opts: { blind: boolean; me?: string; verdicts?: SupportVerdict[]; labels: AnnotationLabel[] }) {
  const labels = memoryLabels();
  await labels.putMany(opts.labels);
  const { a } = setup({ source: fakeSource([tower(1), tower(2)], opts.verdicts ?? []), labels });
  a.setBlind(opts.blind);
  if (opts.me) a.setAnnotator(opts.me);
  await tick();
  return { a, labels, team: new TeamView(a), resolver: new Resolver(a) };
}

describe('blind mode hides every other rater’s label of a pair not labelled yet', () => {
  it('in the agreement figures, the rater list, the team view, resolving and the export', async () => {
    const { a, team: t, resolver } = await team({
      blind: true,
      me: 'carol',
      verdicts: [P, N],
      labels: [...labelsOf('alice', [F, N, F, N]), ...labelsOf('bob', [F, N, N, P])],
    });
    expect(a.blindLeft).toBe(4);
    expect(a.raters).toEqual(['carol']);
    expect(a.agreement).toBeNull();
    expect(t.team).toBeNull();
    await resolver.start();
    expect(resolver.active).toBe(false);
    expect(resolver.message).toBe('hidden-blind');
    // Nothing of alice's or bob's labels, nor the model's verdicts, in the export.
    expect(await a.labelsJsonl()).toBe('');

    a.setAdvance(false);
    await a.label(F);
    await tick();
    const rows = (await a.labelsJsonl()).trim().split('\n').map((l) => JSON.parse(l) as { case_key: string; claim_index: number; labels: Record<string, unknown> });
    expect(rows.map((r) => [r.case_key, r.claim_index, Object.keys(r.labels)])).toEqual([['id:t1', 0, ['alice', 'bob', 'carol']]]);
    expect(a.blindLeft).toBe(3);
    expect(a.agreement).toBeNull();

    // Without blind mode everything is there.
    a.setBlind(false);
    expect(a.raters).toEqual(['alice', 'bob', 'carol', MODEL_RATER]);
    expect(t.team?.raters).toEqual(['alice', 'bob', 'carol']);
    expect((await a.labelsJsonl()).trim().split('\n')).toHaveLength(4);
  });
});

describe('the team’s agreement', () => {
  it('gives α and the pairwise κ of a hand computation, per rater figures and the disagreements by rater', async () => {
    const { team: t } = await team({ blind: false, labels: [...labelsOf('ann', [F, N, F, N]), ...labelsOf('bob', [F, N, N, N])] });
    const s = t.team!;
    expect(s.raters).toEqual(['ann', 'bob']);
    // Coincidences: F–F 2, N–N 4, F–N 1, N–F 1; n_F = 3, n_N = 5, n = 8: α = 1 − 7·2 / (2·3·5) = 8/15.
    expect(s.alpha_nominal).toBeCloseTo(8 / 15, 12);
    // κ: observed 3/4; by chance (2·1 + 2·3)/16 = 1/2; (3/4 − 1/2) / (1/2) = 1/2.
    expect(t.kappa('bob', 'ann')).toEqual({ a: 'ann', b: 'bob', n: 4, kappa: 0.5 });
    expect(s.per_rater.map((r) => [r.rater, r.labelled, r.agreement])).toEqual([
      ['ann', 4, 0.75],
      ['bob', 4, 0.75],
    ]);
    expect(t.disagreements.map((d) => d.labels)).toEqual([{ ann: F, bob: N }]);
  });

  it('counts the model only when asked, and filters the disagreements by rater', async () => {
    const { team: t } = await team({ blind: false, verdicts: [F, F], labels: [...labelsOf('ann', [F, N, F, N]), ...labelsOf('bob', [F, N, F, P])] });
    expect(t.hasModel).toBe(true);
    expect(t.team!.raters).toEqual(['ann', 'bob']);
    expect(t.disagreements).toHaveLength(1);
    t.includeModel = true;
    expect(t.team!.raters).toEqual(['ann', 'bob', MODEL_RATER]);
    // The model says fully everywhere: it differs on t1/1, t2/1.
    expect(t.disagreements).toHaveLength(2);
    t.filter = 'bob';
    expect(t.disagreements).toHaveLength(2);
    t.includeModel = false;
    expect(t.disagreements.map((d) => d.labels)).toEqual([{ ann: N, bob: P }]);
  });
});

describe('resolving disagreements into gold', () => {
  it('settles unanimous pairs at once, the majority in one step, leaves the tie to the lead, and undoes', async () => {
    // Pair 1 unanimous, pair 2 a 2–1 majority, pair 3 a tie (F, N, P), pair 4 one label only.
    const labels = [...labelsOf('ann', [F, N, F, N]), ...labelsOf('bob', [F, N, N]), ...labelsOf('cid', [F, P, P])];
    const { a, labels: store, resolver } = await team({ blind: false, me: 'lead', labels });
    const gold = () => store.rows().filter((r) => r.annotator === 'gold');
    expect(resolver.counts).toMatchObject({ disagreements: 2, open: 2, ties: 1, gold: 0, single: 1 });

    await resolver.start();
    await tick();
    expect(resolver.active).toBe(true);
    expect(gold().map((g) => [g.claimIndex, g.caseKey, g.label, g.settledHow, g.settledBy])).toEqual([[0, 'id:t1', F, 'unanimous', 'lead']]);
    // The first open disagreement is on screen, with every rater's label and note.
    expect(a.current!.key).toBe(resolver.disagreements[0]!.key);
    expect(resolver.current!.votes.map((v) => [v.annotator, v.label, v.note])).toEqual([
      ['ann', N, 'ann 1'],
      ['bob', N, 'bob 1'],
      ['cid', P, 'cid 1'],
    ]);

    expect(await resolver.settleByMajority()).toBe(1);
    await tick();
    expect(gold().map((g) => [g.caseKey, g.claimIndex, g.label, g.settledHow])).toEqual([
      ['id:t1', 0, F, 'unanimous'],
      ['id:t1', 1, N, 'majority'],
    ]);
    expect(resolver.counts).toMatchObject({ open: 1, ties: 1 });
    // The tie is what is left on screen; the lead picks with a key and gives a reason.
    expect(resolver.current!.kind).toBe('tie');
    resolver.reason = 'the chunk names another year';
    expect(resolver.handleKey({ key: '3', typing: false })).toBe('handled');
    await tick();
    expect(gold().find((g) => g.caseKey === 'id:t2' && g.claimIndex === 0)).toMatchObject({ label: N, settledHow: 'by_hand', settledBy: 'lead', note: 'the chunk names another year' });
    expect(resolver.counts.open).toBe(0);
    expect(resolver.message).toBe('all-settled');

    // Undo takes back the pick, then the whole majority batch.
    await resolver.undo();
    await tick();
    expect(gold()).toHaveLength(2);
    await resolver.undo();
    await tick();
    expect(gold().map((g) => g.settledHow)).toEqual(['unanimous']);
    // A pick over an existing gold label keeps the old one for undo.
    await resolver.start();
    a.goTo(resolver.disagreements[0]!.key);
    await resolver.pick(F);
    await tick();
    expect(gold().find((g) => g.claimIndex === 1)?.label).toBe(F);
    // Blind mode back on with a pair the lead has not labelled: resolving stops showing anything.
    a.setBlind(true);
    expect(resolver.active).toBe(false);
  });

  it('a reason belongs to the pair it was typed on: moving on before the pick does not give it to another pair', async () => {
    const labels = [...labelsOf('ann', [F, N, F]), ...labelsOf('bob', [N, F, N])];
    const { a, labels: store, resolver } = await team({ blind: false, me: 'lead', labels });
    const gold = () => store.rows().filter((r) => r.annotator === 'gold');
    await resolver.start();
    await tick();
    const [first, second] = resolver.disagreements;
    expect(a.current!.key).toBe(first!.key);
    resolver.reason = 'the first chunk says 1889';
    resolver.next();
    expect(a.current!.key).toBe(second!.key);
    expect(resolver.reason).toBe('');
    await resolver.pick(N);
    await tick();
    expect(gold().find((g) => g.claimIndex === second!.votes[0]!.claimIndex && g.caseKey === second!.votes[0]!.caseKey)?.note).toBeUndefined();
    // Back on the first pair, its reason is still there and goes with its pick.
    a.goTo(first!.key);
    expect(resolver.reason).toBe('the first chunk says 1889');
    await resolver.pick(F);
    await tick();
    expect(gold().find((g) => g.claimIndex === first!.votes[0]!.claimIndex && g.caseKey === first!.votes[0]!.caseKey)?.note).toBe('the first chunk says 1889');
  });

  it('refuses to settle without a name, and gold is a reserved name', async () => {
    const { a, resolver } = await team({ blind: false, labels: [...labelsOf('ann', [F]), ...labelsOf('bob', [N])] });
    await resolver.start();
    expect(resolver.message).toBe('need-annotator');
    a.setAnnotator('gold');
    await a.label(F);
    expect(a.message).toBe('reserved-annotator');
  });

  it('model vs gold is one step once gold labels exist', async () => {
    const { a, resolver } = await team({ blind: false, me: 'lead', verdicts: [F, N], labels: [...labelsOf('ann', [F, N, F, N]), ...labelsOf('bob', [F, N, F, N])] });
    expect(a.canCompareModelToGold).toBe(false);
    await resolver.start();
    await tick();
    expect(a.canCompareModelToGold).toBe(true);
    a.compareModelTo('gold');
    expect([a.raterA, a.raterB]).toEqual([MODEL_RATER, 'gold']);
    expect(a.agreement!.n).toBe(4);
    expect(a.agreement!.percent).toBe(1);
  });
});

describe('resolving while the store lags', () => {
  it('a live-query snapshot from before the pick does not send the lead back to the pair just settled', async () => {
    // Two ties: ann and bob differ on pairs 1 and 2 of tower 1.
    const labels = [...labelsOf('ann', [F, N]), ...labelsOf('bob', [N, F])];
    const store = memoryLabels();
    await store.putMany(labels);
    const laggy = lagging(store);
    const { a } = setup({ source: fakeSource([tower(1), tower(2)]), labels: laggy });
    a.setBlind(false);
    a.setAnnotator('lead');
    await tick();
    const resolver = new Resolver(a);
    await resolver.start();
    await tick();
    expect(resolver.counts.ties).toBe(2);
    await resolver.pick(F);
    const second = resolver.disagreements[1]!.key;
    expect(a.current!.key).toBe(second);
    await resolver.pick(N);
    // Both pairs are gold: the lead is told so, not shown the second pair again.
    expect(resolver.message).toBe('all-settled');
    await tick();
    expect(resolver.counts.open).toBe(0);
  });
});

describe('labelling while the store lags', () => {
  it('a live-query snapshot from before a label was written does not take the label back, nor drop it from the export', async () => {
    const store = memoryLabels();
    const laggy = lagging(store);
    const { a } = setup({ source: fakeSource([tower(1), tower(2)]), labels: laggy });
    a.setBlind(false);
    a.setAnnotator('bob');
    await tick();
    await a.label(F);
    await a.label(P);
    await a.label(N);
    // The stale answers have come; the fresh ones are still to come.
    expect(a.progress.done).toBe(3);
    const rows = (await a.labelsCsv()).trim().split('\n');
    expect(rows).toHaveLength(1 + 3);
    await tick();
    expect(a.progress.done).toBe(3);
    // Once the store has shown a label, the store decides again: a label removed there is gone here.
    await store.remove({ caseKey: 'id:t1', claimIndex: 0, chunkId: '1', annotator: 'bob' });
    await tick();
    expect(a.progress.done).toBe(2);
  });
});
