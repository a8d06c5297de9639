// The page's dataset run and its model run, built on the one workbench and the model audit's
// settings. The dataset view imports them from here (it loads on first use, so none of this is in
// the shell); the annotation view reads the same dataset run.
import { appDb } from '../../store/db';
import { storeLabelStore } from '../annotation/annotationSource.svelte';
import { localStore } from '../constants';
import { modelAudit } from '../model/app';
import { appView, workbench } from '../workbench/app';
import BaselineWorker from './baseline.worker?worker';
import type { BaselineFile, BaselineReply, BaselineRequest } from './baselineFile';
import DatasetWorker from './dataset.worker?worker';
import { DatasetBaseline } from './datasetBaseline.svelte';
import { DatasetGuard } from './datasetGuard.svelte';
import { DatasetRun } from './datasetRun.svelte';
import type { LocalSettings } from './datasetRunJob';
import { DatasetModelRun, RUN_LOCK } from './modelRun.svelte';

export { MAX_CONCURRENCY } from './modelRunParts';
export { diffRowKey, type BaselineFilter } from './datasetBaseline.svelte';
export type { LocalStatus } from './datasetRun.svelte';
export type { BatchRunStatus, ModelRunStatus, RunMode } from './modelRunParts';

/** The audit settings of the workbench, as the dataset's local audit and the annotation view use them. */
export const localSettings = (): LocalSettings => ({
  requiredStyle: workbench.settings.requiredStyle,
  language: workbench.settings.language,
  citationScope: workbench.settings.citationScope,
  fallbackLanguage: workbench.settings.uiLanguage,
});

/** The store's labels table, shared with the annotation view. */
export const labelStore = storeLabelStore(appDb());

export const datasetRun = new DatasetRun({
  db: appDb(),
  createWorker: () => new DatasetWorker(),
  host: {
    settings: localSettings,
    openCase: (c, origin, model) => {
      workbench.loadCase(c, origin);
      // The row's verdict is the model's: the case opens with it, not with the local checks.
      if (model) void modelAudit.adopt(model);
      appView.go('workbench');
    },
    storeLabels: (labels) => labelStore.putMany(labels),
  },
});

/**
 * The model over every case, interactive or as one Message Batch (whose id survives a reload). It
 * connects with the model audit's settings and key (typed in Settings or in the dataset view: the
 * same one), the key read at the start of each run, estimate and batch poll, never kept.
 */
export const modelRun = new DatasetModelRun({
  host: datasetRun,
  connection: {
    get settings() {
      return modelAudit.settings;
    },
    apiKey: () => modelAudit.keyForRequest(),
  },
  localSettings,
  store: localStore,
  datasetName: () => datasetRun.meta?.name ?? null,
  lock: (name, fn) =>
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request(name, { ifAvailable: true }, async (held) => {
          if (!held) return false;
          await fn();
          return true;
        })
      : fn().then(() => true),
});

/** Opening or closing a dataset: asks first when the model's work would be lost. */
export const datasetGuard = new DatasetGuard({
  atStake: () => {
    const meta = datasetRun.meta;
    return meta ? { name: meta.name, judged: datasetRun.metrics.checkedByModel, modelRunning: modelRun.running || modelRun.batch.active } : null;
  },
  runningElsewhere: async () => {
    const id = datasetRun.datasetId;
    if (!id || modelRun.running || typeof navigator === 'undefined' || !navigator.locks) return false;
    const { held = [] } = await navigator.locks.query();
    return held.some((l) => l.name === `${RUN_LOCK}:${id}`);
  },
  perform: async (action) => {
    modelRun.leave();
    if (action.kind === 'open') datasetRun.importFile(action.file);
    else await datasetRun.close();
  },
});

/** Reads a baseline file in a worker of its own, terminated when the read is aborted or done. */
function readBaselineInWorker(file: Blob, signal: AbortSignal): Promise<BaselineFile> {
  return new Promise((resolve, reject) => {
    const worker = new BaselineWorker();
    const stop = (): void => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      stop();
      reject(new DOMException('The baseline read was replaced', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort);
    worker.onmessage = (e: MessageEvent<BaselineReply>) => {
      stop();
      if (e.data.ok) resolve(e.data.file);
      else reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      stop();
      reject(new Error(e.message || 'the baseline worker failed'));
    };
    worker.postMessage({ file } satisfies BaselineRequest);
  });
}

/** The baseline of the dataset's results: kept here, not in the view, so it survives leaving the view. */
export const datasetBaseline = new DatasetBaseline(() => datasetRun.rows, readBaselineInWorker);
