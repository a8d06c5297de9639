// The one way to the UI's words: each catalogue is an English and a Czech table of the same keys
// (i18n.ts for the shell and workbench, and one beside each view, loaded with it); `i18n.of(c)`
// gives the table of the interface language. Counts are worded with core/plural.ts.
import { workbench } from '../state/workbench/app';
import { MESSAGES, type Catalogue, type Messages, type UiLanguage } from './i18n';

export const i18n = {
  get lang(): UiLanguage {
    return workbench.settings.uiLanguage;
  },
  /** The table of `catalogue` in the interface language. */
  of<T>(catalogue: Catalogue<T>): T {
    return catalogue[workbench.settings.uiLanguage] ?? catalogue.en;
  },
  /** The shell's and workbench's words. */
  get t(): Messages {
    return this.of(MESSAGES);
  },
};
