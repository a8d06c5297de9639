// What the annotation state's tests share: an in-memory label store, small cases (towers), a
// dataset-like source over them, and setup(), which builds an Annotation and cleans it up after
// each test. Effects do not run in Node: tick() does what start()'s effect does.
import { flushSync } from 'svelte';
import { afterEach } from 'vitest';
import { auditCase } from '../../core/audit';
import { citedPairs, modelPairVerdicts, pairKey } from '../../core/eval/labels';
import { prepareCase } from '../../core/parse/case';
import { applyModelResults } from '../../core/report/report';
import type { AuditCase, ModelResults, Report, SupportVerdict } from '../../core/types';
import { caseKeyOf } from '../../store/labels';
import type { AnnotationLabel } from '../../store/schemas';
import { Annotation, type LabelStore } from './annotation.svelte';
import { WorkbenchSource, type AnnotationSource, type LoadedCase, type WorkbenchView } from './annotationSource.svelte';
import { memoryStore } from '../../../tests/factories/memoryStore';

export { towerCase as tower } from '../../../tests/factories/audits';

export const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let current: Annotation | null = null;
/** Effects do not run in Node: do what start()'s effect does, and let promises settle. */
export const tick = async () => {
  for (let i = 0; i < 5; i++) {
    flushSync();
    current?.sync();
    await new Promise((r) => setTimeout(r, 0));
  }
};

export function memoryLabels(): LabelStore & { rows: () => AnnotationLabel[] } {
  let rows: AnnotationLabel[] = [];
  const watchers = new Set<{ keys: Set<string>; cb: (l: AnnotationLabel[]) => void }>();
  const emit = () => {
    for (const w of watchers) w.cb(rows.filter((r) => w.keys.has(r.caseKey)));
  };
  const same = (a: Pick<AnnotationLabel, 'caseKey' | 'claimIndex' | 'chunkId' | 'annotator'>) => (b: AnnotationLabel) =>
    a.caseKey === b.caseKey && a.claimIndex === b.claimIndex && a.chunkId === b.chunkId && a.annotator === b.annotator;
  return {
    rows: () => rows,
    watch(keys, cb) {
      const w = { keys: new Set(keys), cb };
      watchers.add(w);
      queueMicrotask(() => cb(rows.filter((r) => w.keys.has(r.caseKey))));
      return () => watchers.delete(w);
    },
    async put(l) {
      rows = [...rows.filter((r) => !same(l)(r)), l];
      emit();
    },
    async putMany(ls) {
      for (const l of ls) rows = [...rows.filter((r) => !same(l)(r)), l];
      emit();
    },
    async remove(k) {
      rows = rows.filter((r) => !same(k)(r));
      emit();
    },
  };
}

/** A dataset-like source over cases; the model judged them with `verdicts` (claim → verdict). */
export function fakeSource(cases: AuditCase[], verdicts: SupportVerdict[] = []): AnnotationSource {
  const loaded: LoadedCase[] = cases.map((c, caseIndex) => {
    const local = auditCase(c);
    let report: Report = local;
    if (verdicts.length) {
      const results: ModelResults = {
        model: 'm',
        judgements: local.claims.map((cl, k) => ({
          claim_index: cl.index,
          support: cl.chunk_ids.map((id) => ({
            chunk_id: id,
            verdict: verdicts[k % verdicts.length]!,
            supporting_phrase: c.chunks.find((ch) => ch.id === id)!.text,
            missing_or_extra: '',
            decision_basis: '',
          })),
        })),
      };
      report = applyModelResults(local, results, c);
    }
    const { answer, chunks } = prepareCase(c);
    return { caseIndex, caseKey: caseKeyOf(c), caseId: String(c.id), case: c, answer, chunks, report };
  });
  const targets = loaded.flatMap((l) =>
    citedPairs(l.report).map((p) => ({ caseIndex: l.caseIndex, caseKey: l.caseKey, caseId: l.caseId, ...p, key: pairKey(l.caseKey, p.claimIndex, p.chunkId) })),
  );
  const modelVerdicts = new Map<string, SupportVerdict>();
  for (const l of loaded) for (const [k, v] of modelPairVerdicts(l.report)) {
    const [claim, chunk] = k.split('\u0000');
    modelVerdicts.set(pairKey(l.caseKey, Number(claim), chunk!), v);
  }
  return {
    kind: 'dataset',
    id: 'dataset:fake',
    name: 'fake',
    targets,
    modelVerdicts,
    caseKeys: loaded.map((l) => l.caseKey),
    reference: null,
    revisionOf: () => '0',
    load: async (i) => loaded[i] ?? null,
  };
}

export const emptyWorkbench: WorkbenchView = { auditCase: null, localReport: null, report: null };

export function setup(opts: { source?: AnnotationSource; workbench?: WorkbenchView; labels?: LabelStore; store?: ReturnType<typeof memoryStore> } = {}) {
  const labels = opts.labels ?? memoryLabels();
  const store = opts.store ?? memoryStore();
  let t = 1_000;
  const a = new Annotation({
    store,
    labels,
    dataset: opts.source ?? fakeSource([]),
    workbench: new WorkbenchSource(opts.workbench ?? emptyWorkbench),
    now: () => ++t,
  });
  const stop = a.start();
  current = a;
  cleanups.push(stop);
  return { a, labels, store };
}

