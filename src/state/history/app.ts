// The page's one History, built on the one workbench and the model audit. Components import it
// from here; it starts when the history panel mounts.
import { workbench } from '../workbench/app';
import { History } from './history.svelte';
import { modelAudit } from '../model/app';

export const history = new History(workbench, { model: modelAudit });
