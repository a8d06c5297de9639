// The page's dataset run, its model run and the annotation state, built on the one workbench
// and the model audit's settings. The annotation and dataset views import them from here (they
// load on first use, so none of this is in the shell).
import { appDb } from '../../store/db';
import { Annotation } from './annotation.svelte';
import { storeLabelStore } from './labelStore';
import { DatasetSource, WorkbenchSource } from './annotationSource.svelte';
import { appView } from '../workbench/annotationView.svelte';
import { workbench } from '../workbench/app';
import DatasetWorker from '../dataset/dataset.worker?worker';
import { DatasetGuard } from '../dataset/datasetGuard.svelte';
import { DatasetRun } from '../dataset/datasetRun.svelte';
import type { LocalSettings } from '../dataset/datasetRunJob';
import { DatasetModelRun } from '../dataset/datasetRunModel.svelte';
import { DatasetBatchRun } from '../dataset/datasetBatch.svelte';
import { modelAudit } from '../model/app';
import { localStore } from '../storage';

const localSettings = (): LocalSettings => ({
  requiredStyle: workbench.settings.requiredStyle,
  language: workbench.settings.language,
  citationScope: workbench.settings.citationScope,
  fallbackLanguage: workbench.settings.uiLanguage,
});

const labelStore = storeLabelStore(appDb());

export const datasetRun = new DatasetRun({
  db: appDb(),
  createWorker: () => new DatasetWorker(),
  host: {
    settings: localSettings,
    openCase: (c, origin) => {
      workbench.loadCase(c, origin);
      appView.go('workbench');
    },
    storeLabels: (labels) => labelStore.putMany(labels),
  },
});

/**
 * The model audit's settings and key (typed in Settings or in the dataset view: the same one), the
 * key read at the start of each run, estimate and batch poll, never kept. Both dataset model runs
 * connect with it.
 */
const connection = {
  get settings() {
    return modelAudit.settings;
  },
  apiKey: () => modelAudit.keyForRequest(),
};

export const datasetModel = new DatasetModelRun({
  host: datasetRun,
  connection,
  localSettings,
  store: localStore,
});

/** The same model run as one Message Batch at half the price; its id survives a reload. */
export const datasetBatch = new DatasetBatchRun({
  host: datasetRun,
  connection,
  localSettings,
  store: localStore,
  datasetName: () => datasetRun.meta?.name ?? null,
});

/** Opening or closing a dataset: asks first when the model's work would be lost. */
export const datasetGuard = new DatasetGuard({
  atStake: () => {
    const meta = datasetRun.meta;
    return meta ? { name: meta.name, judged: datasetRun.metrics.checkedByModel, modelRunning: datasetModel.running || datasetBatch.active } : null;
  },
  perform: async (action) => {
    datasetModel.cancel();
    datasetBatch.detach();
    if (action.kind === 'open') datasetRun.importFile(action.file);
    else await datasetRun.close();
  },
});

export const annotation = new Annotation({
  store: localStore,
  labels: labelStore,
  dataset: new DatasetSource(datasetRun, localSettings),
  workbench: new WorkbenchSource(workbench),
});
