// UI state that is not the audit itself: which citation the source panel shows, the editors'
// loading state, dialogs, messages, and handles to the mounted editors for jump-to-span; which
// view the page shows, the rows shown of the report's lists, and the built-in examples.
import type { Example } from '../../examples/types';
import { localStore, STORAGE_PREFIX, type KeyValueStore } from '../constants';
import { MAX_MARKERS, ROWS_SHOWN } from './rowLimit';
import type { Report } from '../../core/types';
import type { EditorName } from '../engine/analysis';
import { engineNow } from '../lazy';
import type { SourceView } from '../engine/sourceView';
import type { Workbench } from './workbench.svelte';

/** What the editor component registers so that others can focus it and select spans in it. */
export interface EditorHandle {
  focus(): void;
  /** Select [start, end) (offsets into the editor's text) and scroll it into view. */
  select(start: number, end: number): void;
  /** Replace spans of the editor's text (its own offsets, non-overlapping) as one undoable edit. */
  apply?(edits: readonly { start: number; end: number; text: string }[]): void;
}

export type EditorStatus = 'loading' | 'ready' | 'failed';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  /** Already translated text. */
  text: string;
}

export class UiState {
  readonly #workbench: Workbench;
  #editors = new Map<EditorName, EditorHandle>();
  #noticeIds = 0;

  editorStatus = $state<EditorStatus>('loading');
  /** Citation (index into report.citations) the source panel shows. */
  focusedCitation = $state<number | null>(null);
  /** A pinned citation stays shown while the pointer moves over others. */
  pinned = $state(false);
  settingsOpen = $state(false);
  shortcutsOpen = $state(false);
  notices = $state.raw<Notice[]>([]);
  dragging = $state(false);

  constructor(workbench: Workbench) {
    this.#workbench = workbench;
  }

  /**
   * Resolves once the editors have settled (ready or failed) and the first report is on screen,
   * or `patience` ms after the editors settled without one (inputs that give no report): the
   * moment start-up work nobody waits for may begin.
   */
  firstAuditShown(patience = 5000): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let finished = false;
      const done = (): void => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        queueMicrotask(() => stop());
        // After the frame that paints the report.
        requestAnimationFrame(() => setTimeout(resolve, 0));
      };
      const stop = $effect.root(() => {
        $effect(() => {
          if (this.editorStatus === 'loading') return;
          timer ??= setTimeout(done, patience);
          if (this.#workbench.screenReport) done();
        });
      });
    });
  }

  /** The source panel's content for the focused citation in the current report. */
  source: SourceView | null = $derived.by(() => {
    const report = this.#workbench.report;
    const index = this.focusedCitation;
    const chunks = this.#workbench.auditCaseChunks;
    if (!report || index === null) return null;
    return engineNow()?.sourceView(report, chunks, index) ?? null;
  });

  /**
   * Highlights for citation markers in the Answer editor (editor offsets): every marker, missing
   * ones marked as such, and the shown citation's span (structured ones have no marker of their own).
   */
  citationHighlights: { start: number; end: number; className: string }[] = $derived.by(() => {
    const report = this.#workbench.report;
    if (!report) return [];
    const out: { start: number; end: number; className: string }[] = [];
    const seen = new Set<string>();
    for (const c of report.citations) {
      const focused = this.focusedCitation === c.index;
      if (c.style === 'structured' && !focused) continue;
      // Past a bound only the focused citation is highlighted: each highlight is an editor
      // decoration, and tens of thousands of them cost seconds to set (rowLimit.ts).
      if (out.length >= MAX_MARKERS && !focused) continue;
      const span = this.#workbench.answerSpanInEditor(c.start, c.end);
      if (!span || span.end <= span.start) continue;
      const key = `${span.start}:${span.end}:${focused}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const cls = c.exists ? 'ca-citation' : 'ca-citation ca-citation-missing';
      out.push({ ...span, className: focused ? `${cls} ca-citation-focus` : cls });
    }
    return out;
  });

  registerEditor(name: EditorName, handle: EditorHandle): () => void {
    this.#editors.set(name, handle);
    return () => {
      if (this.#editors.get(name) === handle) this.#editors.delete(name);
    };
  }

  focusEditor(name: EditorName): void {
    this.#editors.get(name)?.focus();
  }

  /** Select an answer span given in answer offsets (report offsets); maps through structured JSON. */
  revealAnswerSpan(start: number, end: number): boolean {
    const handle = this.#editors.get('answer');
    const span = this.#workbench.answerSpanInEditor(start, end);
    if (!handle || !span) return false;
    handle.select(span.start, span.end);
    return true;
  }

  /**
   * Apply a fix's edits (Answer-editor offsets) through the editor, so that Ctrl+Z undoes it;
   * without a mounted editor (the plain-text stand-in), to the text itself.
   */
  applyAnswerEdits(edits: readonly { start: number; end: number; text: string }[]): void {
    const handle = this.#editors.get('answer');
    if (handle?.apply) {
      handle.apply(edits);
      return;
    }
    let text = this.#workbench.answerText;
    for (const e of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
    this.#workbench.answerText = text;
  }

  /** Show a citation's source; `pin` keeps it while hovering elsewhere. */
  showCitation(index: number | null, pin = false): void {
    if (!pin && this.pinned) return;
    this.focusedCitation = index;
    this.pinned = pin && index !== null;
  }

  unpin(): void {
    this.pinned = false;
  }

  /** The citation at an answer-editor offset, if any. */
  citationAtEditorOffset(report: Report | null, editorOffset: number): number | null {
    if (!report) return null;
    const answerOffset = this.#workbench.editorOffsetToAnswer(editorOffset);
    if (answerOffset === null) return null;
    const hit = report.citations.find((c) => answerOffset >= c.start && answerOffset < Math.max(c.end, c.start + 1));
    return hit ? hit.index : null;
  }

  notify(text: string, kind: Notice['kind'] = 'info'): number {
    const id = ++this.#noticeIds;
    this.notices = [...this.notices.slice(-2), { id, kind, text }];
    return id;
  }

  dismissNotice(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }
}

// Which view the page shows: the workbench, the annotation view or the dataset view. Part of the
// shell, while the two views themselves load on first use.
export type AppView = 'workbench' | 'annotate' | 'dataset';

export const VIEW_KEY = `${STORAGE_PREFIX}view`;
const VIEWS: readonly AppView[] = ['workbench', 'annotate', 'dataset'];

export class ViewSwitch {
  #current = $state<AppView>('workbench');
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore = localStore) {
    this.#store = store;
    const saved = store.get(VIEW_KEY);
    if (saved && (VIEWS as readonly string[]).includes(saved)) this.#current = saved as AppView;
  }

  get current(): AppView {
    return this.#current;
  }

  /** Show a view (kept across reloads, so a labelling session comes back where it was). */
  go(view: AppView): void {
    this.#current = view;
    this.#store.set(VIEW_KEY, view);
  }
}

// How many rows of each of the report's long lists are shown (rowLimit.ts): ROWS_SHOWN, and a
// page more per "Show more". Kept here rather than in the components that show the lists, so that
// the count belongs to the case being audited and not to a component: a re-render or re-mount of
// the report, another audit of the same case (a keystroke, a model's verdicts, the same report
// again) keeps it; another case (loaded, restored, cleared, undone) starts again from the first
// page, so that nothing is built that the user did not ask to see for it.
export class ShownRows {
  readonly #key: () => unknown;
  #state = $state.raw<{ key: unknown; counts: Readonly<Record<string, number>> }>({ key: undefined, counts: {} });

  /** `key`: what the counts are kept for (the workbench's case, workbench.caseLoads). */
  constructor(key: () => unknown) {
    this.#key = key;
  }

  /** Rows of the list named `list` to show. */
  shown(list: string): number {
    const s = this.#state;
    return s.key === this.#key() ? (s.counts[list] ?? ROWS_SHOWN) : ROWS_SHOWN;
  }

  /** One page more of `list`. */
  more(list: string): void {
    const key = this.#key();
    const counts = this.#state.key === key ? this.#state.counts : {};
    this.#state = { key, counts: { ...counts, [list]: (counts[list] ?? ROWS_SHOWN) + ROWS_SHOWN } };
  }
}

type Catalog = typeof import('../../examples/catalog');

/** The built-in examples, fetched on first use (the menu, or a first visit without a draft). */
export class ExampleLibrary {
  list = $state.raw<Example[] | null>(null);
  #pending: Promise<Catalog> | undefined;

  load(): Promise<Catalog> {
    this.#pending ??= import('../../examples/catalog').then((m) => {
      this.list = m.examples;
      return m;
    });
    return this.#pending;
  }

  find(id: string): Example | undefined {
    return this.list?.find((e) => e.id === id);
  }
}
