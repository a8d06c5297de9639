// The page's dataset run, its model run and the annotation state, built on the one workbench
// and the model audit's settings. The annotation and dataset views import them from here (they
// load on first use, so none of this is in the shell).
import { loadRememberedKey } from '../model/settings';
import { historyDb } from '../store/db';
import { Annotation, storeLabelStore } from './annotation.svelte';
import { DatasetSource, WorkbenchSource } from './annotationSource.svelte';
import { appView } from './annotationView.svelte';
import { workbench } from './app.svelte';
import DatasetWorker from './dataset.worker?worker';
import { DatasetRun } from './datasetRun.svelte';
import { datasetRunDb } from './datasetRunDb.svelte';
import type { LocalSettings } from './datasetRunJob.svelte';
import { DatasetModelRun, SessionKey } from './datasetRunModel.svelte';
import { modelAudit } from './modelApp.svelte';
import { localStore } from './storage';

const localSettings = (): LocalSettings => ({ requiredStyle: workbench.settings.requiredStyle, language: workbench.settings.language });

const labelStore = storeLabelStore(historyDb());

export const datasetRun = new DatasetRun({
  db: datasetRunDb(),
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

/** The key for dataset runs when the user typed one there (memory only). */
export const datasetKey = new SessionKey();

export const datasetModel = new DatasetModelRun({
  host: datasetRun,
  connection: {
    get settings() {
      return modelAudit.settings;
    },
    // Read at the start of each run and estimate, never kept: the typed key, else the one the
    // user explicitly chose to remember on this device in the model settings.
    apiKey: () => datasetKey.value() || (modelAudit.settings.rememberKey ? (loadRememberedKey(localStore) ?? '') : ''),
  },
  localSettings,
  store: localStore,
});

export const annotation = new Annotation({
  store: localStore,
  labels: labelStore,
  dataset: new DatasetSource(datasetRun, localSettings),
  workbench: new WorkbenchSource(workbench),
});

/** True when a dataset run can get a key without asking. */
export function rememberedKeyAvailable(): boolean {
  return modelAudit.settings.rememberKey && modelAudit.hasKey;
}
