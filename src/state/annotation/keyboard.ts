// What a key means in the annotation view, decided apart from what it then does: 1/2/3 label
// (by the key's printed character or its physical position, so a Czech layout's ě/š/č works),
// j/k or the arrows move, u undoes, n goes to the note, Escape leaves it.
import type { SupportVerdict } from '../../core/types';

const LABEL_KEYS: Record<string, SupportVerdict> = {
  '1': 'fully_supported',
  '2': 'partially_supported',
  '3': 'not_supported',
  Digit1: 'fully_supported',
  Digit2: 'partially_supported',
  Digit3: 'not_supported',
  Numpad1: 'fully_supported',
  Numpad2: 'partially_supported',
  Numpad3: 'not_supported',
};

export interface KeyInput {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Focus is in a text field (then only Escape means something here). */
  typing: boolean;
}

/** What a key did: handled here, or the component should move focus. */
export type KeyOutcome = 'handled' | 'focus-note' | 'leave-note' | null;

type KeyCommand = { label: SupportVerdict } | 'next' | 'prev' | 'undo' | 'focus-note' | 'leave-note' | null;

/** What labelling and resolving do for the keys they share: a label (or a pick), moves, undo. */
export interface KeyActions {
  next(): void;
  prev(): void;
  undo(): Promise<unknown>;
  label(label: SupportVerdict): Promise<unknown>;
}

/** Does what the key means with `actions`; focus moves are left to the component. */
export function handleKey(e: KeyInput, actions: KeyActions): KeyOutcome {
  const c = keyCommand(e);
  if (c === null || c === 'focus-note' || c === 'leave-note') return c;
  if (c === 'next') actions.next();
  else if (c === 'prev') actions.prev();
  else if (c === 'undo') void actions.undo();
  else void actions.label(c.label);
  return 'handled';
}

function keyCommand(e: KeyInput): KeyCommand {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.typing) return e.key === 'Escape' ? 'leave-note' : null;
  const verdict = LABEL_KEYS[e.key] ?? (e.code ? LABEL_KEYS[e.code] : undefined);
  if (verdict) return { label: verdict };
  switch (e.key) {
    case 'j':
    case 'ArrowDown':
    case 'ArrowRight':
      return 'next';
    case 'k':
    case 'ArrowUp':
    case 'ArrowLeft':
      return 'prev';
    case 'u':
      return 'undo';
    case 'n':
      return 'focus-note';
    default:
      return null;
  }
}
