// The quick fix of a retrieval artefact (checks/artefacts.ts): delete it, with the comma, space or
// parentheses it would leave behind, and capitalise the sentence it opened.
import type { Finding } from '../types';
import { artefactRemoval } from '../checks/artefacts';
import type { FixContext, Fix } from './context';

export function artefactFixes(fx: FixContext, f: Finding): Fix[] {
  if (f.end <= f.start || f.end > fx.answer.length) return [];
  const edit = artefactRemoval(fx.answer, f.start, f.end);
  return [{ kind: 'remove_artefact', target: 'answer', edits: [edit], text: fx.answer.slice(f.start, f.end), preferred: true }];
}
