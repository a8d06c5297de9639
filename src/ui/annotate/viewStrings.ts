// The view switch's few words (part of the shell; the views' own strings load with them).
export const VIEW_NAMES = {
  en: { label: 'Views', workbench: 'Workbench', annotate: 'Annotate', dataset: 'Dataset', loading: 'Loading…' },
  cs: { label: 'Pohledy', workbench: 'Pracoviště', annotate: 'Anotace', dataset: 'Dataset', loading: 'Načítání…' },
} as const;
