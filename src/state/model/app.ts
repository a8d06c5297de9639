// The page's one ModelAudit, built on the one workbench. Components import it from here.
import { workbench } from '../workbench/app';
import { ModelAudit } from './model.svelte';

export type { ModelAudit };

export const modelAudit = new ModelAudit(workbench);
