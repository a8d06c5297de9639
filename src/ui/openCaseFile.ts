// Opening a case file from the toolbar's button or a drop on the page: the state opens it and
// says what came of it (state/workbench/app.ts OpenCaseOutcome); this words that as a notice.
import { openCaseFile, ui } from '../state/workbench/app';
import { i18n } from './locale.svelte';

/** Opens `file` in the workbench and tells the user what happened. */
export async function openCaseFileAndTell(file: File): Promise<void> {
  const r = await openCaseFile(file);
  const t = i18n.t;
  switch (r.kind) {
    case 'too_large':
      ui.notify(t.fileTooLarge(r.maxMb), 'error');
      return;
    case 'unreadable':
      ui.notify(t.fileUnreadable(r.name, r.detail), 'error');
      return;
    case 'opened': {
      if (!r.undoable) ui.notify(t.loaded(r.name));
      const e = r.firstLineError;
      if (e) ui.notify(`${t.datasetErrors(r.lineErrors)}: ${r.name}:${e.line}:${e.column}: ${e.message}`, 'error');
      return;
    }
  }
}
