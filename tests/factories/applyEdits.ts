// A quick fix's edits applied to a text, as the page's editor applies them (state/workbench/ui.svelte.ts).
import type { TextEdit } from '../../src/core/fixes/fixes';

/** Applies non-overlapping edits to a text, the last first so that earlier offsets stay right. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
