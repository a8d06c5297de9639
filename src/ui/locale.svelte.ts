// The current UI strings, following the workbench's UI-language setting.
import { workbench } from '../state/app.svelte';
import { messagesFor, type Messages } from './i18n';

export const i18n = {
  get t(): Messages {
    return messagesFor(workbench.settings.uiLanguage);
  },
};
