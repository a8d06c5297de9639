// Quick fixes for the Answer editor (issue 13 §4): the core's fixes (core/fixes/fixes.ts) for the
// findings at a place in the editor, with their edits in the editor's own offsets. The editor
// applies them as one undoable edit; the next analysis re-audits the fixed text like any typing.
import { fixesFor, fixKey, type Fix, type TextEdit } from '../../core/fixes/fixes';
import type { Analysis } from './analysis';

export interface EditorFix {
  fix: Fix;
  /** Index into the analysis report's findings. */
  finding: number;
  /** Edits in the Answer editor's text (offsets of analysis.inputs.answerText). */
  edits: TextEdit[];
}

/** Findings looked at for one request, at most (a caret inside a long run of findings). */
const MAX_FINDINGS = 12;

// The fixes of each finding already worked out, per analysis (an analysis never changes). Each
// analysis asks for the same ones more than once: the report's one-click fixes when the reply
// arrives and again when a large report is shown a task later, and the editor's lightbulb at the
// caret whenever the markers change; a fix of a plain answer checks its new marker against every
// reference of the answer, so each ask cost the whole again (tens of ms per keystroke at 500
// citations).
const computed = new WeakMap<Analysis, Map<string, EditorFix[]>>();

/** The fixes for one finding of the analysis' report, in editor offsets (the same array when asked again). */
export function quickFixesFor(analysis: Analysis, findingIndex: number, limit = Infinity): EditorFix[] {
  let known = computed.get(analysis);
  if (!known) computed.set(analysis, (known = new Map()));
  const key = `${findingIndex}:${limit}`;
  let fixes = known.get(key);
  if (!fixes) known.set(key, (fixes = computeFixes(analysis, findingIndex, limit)));
  return fixes;
}

function computeFixes(analysis: Analysis, findingIndex: number, limit: number): EditorFix[] {
  const report = analysis.report;
  const finding = report?.findings[findingIndex];
  const chunks = analysis.case?.chunks;
  if (!report || !finding || !chunks) return [];
  const structured = analysis.answer.structuredInEditor;
  // Answer offsets are editor offsets only when the editor holds the answer itself.
  const identity = !structured && analysis.answerMap !== null && analysis.answerMap.runs === null;
  // A structured answer's fixes are audited again with the case and options of this analysis.
  const recheck = structured && analysis.case ? { case: analysis.case, options: analysis.auditOptions ?? {} } : undefined;
  const fixes = fixesFor(
    {
      answer: analysis.answer.answer,
      chunks,
      report,
      ...(structured ? { structuredText: analysis.inputs.answerText } : {}),
      ...(recheck ? { recheck } : {}),
      // The audit's scan of this answer (in the worker for a large one): not scanned again on the page.
      ...(analysis.footnoteDefinitions ? { footnoteDefinitions: analysis.footnoteDefinitions } : {}),
    },
    finding,
    limit,
  );
  const out: EditorFix[] = [];
  for (const fix of fixes) {
    if (fix.target === 'answer' && !identity) continue;
    out.push({ fix, finding: findingIndex, edits: fix.edits });
  }
  return out;
}

/** The fixes for every finding whose span in the Answer editor touches [start, end], each once. */
export function quickFixesAt(analysis: Analysis, start: number, end: number): EditorFix[] {
  const out: EditorFix[] = [];
  const seen = new Map<string, number>();
  let looked = 0;
  for (const d of analysis.diagnostics) {
    if (d.editor !== 'answer' || d.finding === undefined) continue;
    if (d.start > end || Math.max(d.end, d.start + 1) < start) continue;
    if (++looked > MAX_FINDINGS) break;
    for (const x of quickFixesFor(analysis, d.finding)) {
      const key = fixKey(x.fix);
      const at = seen.get(key);
      if (at === undefined) {
        seen.set(key, out.length);
        out.push(x);
      } else if (x.fix.preferred && !out[at]!.fix.preferred) out[at] = x;
    }
  }
  return out;
}
