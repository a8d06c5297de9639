// The Monaco side of the quick fixes (issue 13 §4): a code action provider for one model (the
// Answer editor's) that asks `source` for the fixes at the requested range and hands them to
// Monaco as workspace edits. Monaco applies an edit as one undo step, so Ctrl+Z takes it back.
// Offsets in and out are the model's own (0-based, end exclusive); the state computes the fixes.
import type * as MonacoApi from 'monaco-editor/editor/editor.api';

/** One fix as the editor offers it. */
export interface QuickFixAction {
  title: string;
  edits: { start: number; end: number; text: string }[];
  preferred?: boolean;
}

/**
 * Fixes touching [start, end] of the model's text. `text` reads the model's whole text; call it
 * only when there is something to offer (it costs a copy of the text).
 */
export type QuickFixSource = (start: number, end: number, length: number, text: () => string) => QuickFixAction[];

export function registerQuickFixes(monaco: typeof MonacoApi, model: MonacoApi.editor.ITextModel, source: QuickFixSource): MonacoApi.IDisposable {
  const uri = model.uri.toString();
  return monaco.languages.registerCodeActionProvider(
    ['plaintext', 'json'],
    {
      provideCodeActions(m, range, context) {
        const none = { actions: [], dispose() {} };
        if (m.uri.toString() !== uri || m.isDisposed()) return none;
        const start = m.getOffsetAt(range.getStartPosition());
        const end = m.getOffsetAt(range.getEndPosition());
        const found = source(start, end, m.getValueLength(), () => m.getValue());
        if (found.length === 0) return none;
        const versionId = m.getVersionId();
        const rangeOf = (s: number, e: number): MonacoApi.IRange => {
          const a = m.getPositionAt(s);
          const z = m.getPositionAt(e);
          return { startLineNumber: a.lineNumber, startColumn: a.column, endLineNumber: z.lineNumber, endColumn: z.column };
        };
        // The markers at the range: Monaco then offers the fixes in their hover too.
        const ours = context.markers;
        const actions: MonacoApi.languages.CodeAction[] = found.map((f) => ({
          title: f.title,
          kind: 'quickfix',
          isPreferred: f.preferred === true,
          diagnostics: ours,
          edit: { edits: f.edits.map((e) => ({ resource: m.uri, versionId, textEdit: { range: rangeOf(e.start, e.end), text: e.text } })) },
        }));
        return { actions, dispose() {} };
      },
    },
    { providedCodeActionKinds: ['quickfix'] },
  );
}
