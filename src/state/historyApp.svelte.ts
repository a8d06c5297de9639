// The page's one History, built on the one workbench and the model audit. Components import it
// from here; it starts when the history panel mounts.
import { workbench } from './app.svelte';
import { History } from './history.svelte';
import { modelAudit } from './modelApp.svelte';

export const history = new History(workbench, { model: modelAudit });
