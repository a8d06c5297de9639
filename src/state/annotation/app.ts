// The page's annotation state, over the dataset's cases or the workbench's one. The annotation
// view imports it from here (it loads on first use, so none of this is in the shell).
import { localStore } from '../constants';
import { datasetRun, labelStore, localSettings } from '../dataset/app';
import { workbench } from '../workbench/app';
import { Annotation } from './annotation.svelte';
import { DatasetSource, WorkbenchSource } from './annotationSource.svelte';
import { LabelImporter } from './labelImport.svelte';
import { Resolver } from './resolve.svelte';
import { TeamView } from './team.svelte';

export type { AnnotationMessage } from './annotation.svelte';
export { GOLD_RATER } from './gold';
export type { ResolveMessage } from './resolve.svelte';

export const annotation = new Annotation({
  store: localStore,
  labels: labelStore,
  dataset: new DatasetSource(datasetRun, localSettings),
  workbench: new WorkbenchSource(workbench),
});

/** The team's agreement over every rater. */
export const team = new TeamView(annotation);

/** Resolving disagreements into gold. */
export const resolver = new Resolver(annotation);

/** Importing teammates' label files. */
export const labelImport = new LabelImporter(annotation);
