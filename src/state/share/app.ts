// The page's one Share state. It starts (opens the link the page was loaded with) when the share
// dialog mounts.
import { exampleLibrary, workbench } from '../workbench/app';
import { history } from '../history/app';
import { modelAudit } from '../model/app';
import { Share } from './share.svelte';

export const share = new Share(workbench, {
  history,
  model: modelAudit,
  labelsFor: (c) => history.labelsFor(c),
  exampleCase: async (id) => (await exampleLibrary.load()).examples.find((e) => e.id === id)?.case ?? null,
});
