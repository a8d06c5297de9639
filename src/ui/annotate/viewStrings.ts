// The view switch's few words (part of the shell; the views' own strings load with them).
import type { Catalogue } from '../i18n';

const en = { label: 'Views', workbench: 'Workbench', annotate: 'Annotate', dataset: 'Dataset', loading: 'Loading…' };
export const VIEW_NAMES: Catalogue<typeof en> = {
  en,
  cs: { label: 'Pohledy', workbench: 'Pracoviště', annotate: 'Anotace', dataset: 'Dataset', loading: 'Načítání…' },
};
