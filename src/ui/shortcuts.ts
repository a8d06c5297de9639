// Page-wide keyboard shortcuts, handled in the capture phase so that they also work while an
// editor has focus (Monaco would otherwise take Ctrl+Enter and Alt+digits).
import type { EditorName } from '../state/workbench/app';

export interface ShortcutActions {
  rerun(): void;
  focusEditor(name: EditorName): void;
  focusReport(): void;
  showShortcuts(): void;
  escape(): boolean;
}

const EDITOR_KEYS: Record<string, EditorName> = { Digit1: 'query', Digit2: 'answer', Digit3: 'chunks', Digit4: 'gold' };

function typingTarget(el: Element | null): boolean {
  if (!el) return false;
  if (el.closest('.monaco-editor')) return true;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (el as HTMLElement).isContentEditable;
}

/** Returns true when the event was a shortcut (and was consumed). */
export function handleShortcut(e: KeyboardEvent, actions: ShortcutActions): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key === 'Enter') {
    actions.rerun();
    return consume(e);
  }
  if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    const editor = EDITOR_KEYS[e.code];
    if (editor) {
      actions.focusEditor(editor);
      return consume(e);
    }
    if (e.code === 'Digit5') {
      actions.focusReport();
      return consume(e);
    }
  }
  if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingTarget(document.activeElement)) {
    actions.showShortcuts();
    return consume(e);
  }
  // Escape inside a dialog is the dialog's own (it closes it).
  if (e.key === 'Escape' && !typingTarget(document.activeElement) && !(e.target as Element | null)?.closest?.('dialog') && actions.escape()) {
    return consume(e);
  }
  return false;
}

function consume(e: KeyboardEvent): true {
  e.preventDefault();
  e.stopPropagation();
  return true;
}
