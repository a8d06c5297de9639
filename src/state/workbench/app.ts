// The workbench feature's entry: the page's one workbench and the UI state around it, start-up
// and opening a case file. Components import them (and the types they name) from here; other
// features (model, history, share, dataset) construct their state with `workbench`.
import { MAX_FILE_BYTES, TAB_SEEN_EVERY_MS } from '../constants';
import { CaseFileLines } from './caseFileLines.svelte';
import { loadEngine } from '../lazy';
import type { ImportResult } from '../engine/importFile';
import { ExampleLibrary, ShownRows, UiState, ViewSwitch } from './ui.svelte';
import { Workbench } from './workbench.svelte';
import { AppUpdate } from './appUpdate.svelte';

export { engineNow } from '../lazy';
export { UNDO_TOAST_MS } from '../constants';
export { CITATION_SCOPES, REQUIRED_STYLES, type Settings } from './settings';
export type { Diagnostic, EditorName } from '../engine/analysis';
export type { ExportKind } from '../engine/engine';
export type { AppView, EditorHandle } from './ui.svelte';
export type { InputName } from './workbench.svelte';
// What the report and editor components compute from a report, and when they may wait.
export { answerFormatLabelKey, basisLines, chunksUnreadable, claimUnstable, claimViews, dimensionViews, formatScore, reportCounts, scoreRows, type ClaimView, type DimensionView } from './reportView';
export { clipText, firstRows, ITEMS_PER_ROW, markersToShow, ROWS_SHOWN } from './rowLimit';
export { largeReport, later } from './later.svelte';

/** The JSON schema of the Chunks editor, loaded with the editor bundle rather than the shell. */
export async function loadChunksJsonSchema(): Promise<Record<string, unknown>> {
  return (await import('./chunkSchema')).chunksJsonSchema();
}

export const workbench = new Workbench({
  locale: typeof navigator === 'undefined' ? undefined : navigator.language,
});

export const ui = new UiState(workbench);

/** Which view the page shows (kept across reloads). */
export const appView = new ViewSwitch();

/** The page's one update notice (a new deployment waiting for Reload). */
export const appUpdate = new AppUpdate();

/** Rows shown of the report's long lists, per case (ui.svelte.ts ShownRows). */
export const shownRows = new ShownRows(() => workbench.caseLoads);

/**
 * Start-up: the stored draft if there is one, else the built-in example, audited at once. The
 * audit engine and the examples are fetched right away, beside the shell rather than before it.
 */
export async function startWorkbench(): Promise<'draft' | 'example'> {
  void loadEngine();
  watchTabId(workbench);
  // While it is open the tab says so now and then (and when hidden: App.svelte flushDraft), so
  // a tab opened fresh can tell an open tab's draft from one a closed browser left.
  workbench.touchTab();
  setInterval(() => workbench.touchTab(), TAB_SEEN_EVERY_MS);
  // The tab's own draft after a reload; in a fresh tab the newest draft of any tab (the page says
  // so when it was another tab's: workbench.restoredFrom).
  if (workbench.restoreStoredDraft()) return 'draft';
  const { defaultExample } = await exampleLibrary.load();
  // The user may have started typing (or opened a file) while the example was on its way.
  if (!workbench.hasOwnDraft() && !workbench.query && !workbench.answerText && !workbench.chunksText) {
    workbench.loadCase(defaultExample.case, `example:${defaultExample.id}`);
  }
  return 'example';
}

/**
 * A duplicated tab starts with its original's sessionStorage, tab id included: each tab says
 * its id once on a channel, and a tab that hears its own id from a newer one tells it, which then
 * takes a new id (its inputs are kept; they move to a draft key of their own).
 */
function watchTabId(wb: Workbench): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel('citation-auditor:tabs');
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const m = e.data as { kind?: unknown; tab?: unknown } | null;
    if (!m || m.tab !== wb.tabId) return;
    if (m.kind === 'hello') channel.postMessage({ kind: 'taken', tab: wb.tabId });
    else if (m.kind === 'taken') wb.renewTabId();
  };
  channel.postMessage({ kind: 'hello', tab: wb.tabId });
}

/** The line picker of a many-line case file opened in the workbench (not the Dataset view). */
export const caseFileLines = new CaseFileLines(workbench);

export const exampleLibrary = new ExampleLibrary();

/** What opening a case file came to; the UI words it (ui/openCaseFile.ts). */
export type OpenCaseOutcome =
  | { kind: 'too_large'; maxMb: number }
  | { kind: 'unreadable'; name: string; detail: string }
  | {
      kind: 'opened';
      name: string;
      /** The inputs it replaced can be taken back: the page offers that instead of saying it opened. */
      undoable: boolean;
      /** Lines of a many-line file that could not be read: how many, and the first. */
      lineErrors: number;
      firstLineError?: { line: number; column: number; message: string };
    };

/**
 * Open a file the user picked or dropped. The case goes into the workbench, which is then shown
 * (whatever view the button was pressed in); a many-line file opens its line picker.
 */
export async function openCaseFile(file: File): Promise<OpenCaseOutcome> {
  if (file.size > MAX_FILE_BYTES) return { kind: 'too_large', maxMb: Math.round(MAX_FILE_BYTES / 1024 / 1024) };
  let r: ImportResult;
  try {
    const [text, engine] = await Promise.all([file.text(), loadEngine()]);
    r = engine.importText(file.name, text);
  } catch (e) {
    return { kind: 'unreadable', name: file.name, detail: e instanceof Error ? e.message : String(e) };
  }
  if (r.kind === 'error') return { kind: 'unreadable', name: r.name, detail: r.message };
  if (r.kind === 'case') {
    caseFileLines.close();
    workbench.loadCase(r.case, `file:${r.name}`);
  } else caseFileLines.open({ name: r.name, file, cases: r.cases, lines: r.lines, errors: r.errors });
  appView.go('workbench');
  const errors = r.kind === 'dataset' ? r.errors : [];
  const first = errors[0];
  return {
    kind: 'opened',
    name: r.name,
    undoable: workbench.undoEntry !== null,
    lineErrors: errors.length,
    ...(first ? { firstLineError: { line: first.line, column: first.column, message: first.message } } : {}),
  };
}
