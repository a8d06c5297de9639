// The lazily loaded editor bundle: Monaco's core API, the JSON language, the editor features the
// workbench uses, and the two workers — never the whole of Monaco (see TOOLCHAIN.md).
import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

// Editor features, picked one by one.
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/gotoError/register';
// Quick fixes for findings (Ctrl+. and the lightbulb), see ./quickFixes.ts.
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/placeholderText/register';
import 'monaco-editor/features/toggleTabFocusMode/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/copyPasteContribution';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

/**
 * The Chunks editor (CodeEditor names its model chunks.json) takes strict JSON and is checked
 * against the shapes the chunk parser reads; schema mismatches are warnings, the parser decides.
 * load.ts calls it once, before any editor is made.
 */
export function useChunksSchema(schema: Record<string, unknown>): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    schemaValidation: 'warning',
    enableSchemaRequest: false,
    schemas: [
      {
        uri: 'inmemory://citation-auditor/chunks.schema.json',
        fileMatch: ['inmemory://citation-auditor/chunks.json'],
        schema,
      },
    ],
  });
}

const LIGHT = 'citation-auditor-light';
const DARK = 'citation-auditor-dark';

// Backgrounds match the page's editor surface so the editors sit in the layout without a seam.
monaco.editor.defineTheme(LIGHT, {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#ffffff',
    'editorLineNumber.foreground': '#9aa0a6',
    'editorGutter.background': '#ffffff',
    'editor.lineHighlightBackground': '#f4f6f8',
    'editor.lineHighlightBorder': '#00000000',
    'editorError.foreground': '#c5221f',
    'editorWarning.foreground': '#b06000',
    'editorInfo.foreground': '#1a73e8',
  },
});
monaco.editor.defineTheme(DARK, {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#1b1e23',
    'editorGutter.background': '#1b1e23',
    'editorLineNumber.foreground': '#6b7280',
    'editor.lineHighlightBackground': '#23272e',
    'editor.lineHighlightBorder': '#00000000',
    'editorError.foreground': '#f28b82',
    'editorWarning.foreground': '#fdd663',
    'editorInfo.foreground': '#8ab4f8',
  },
});

export function themeName(dark: boolean): string {
  return dark ? DARK : LIGHT;
}

export { monaco, jsonDefaults };
export type Monaco = typeof monaco;
