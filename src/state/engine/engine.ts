// The audit engine: everything that needs the core's parsers and checks. The page imports it
// with import() right after the shell, so the first paint does not wait for it; the audit worker
// imports it statically.
import { analyze, assembleCase, parseAnswerEditor } from './analysis';
import { parseChunks } from '../../core/parse/chunks';
import type { AuditCase } from '../../core/types';
import type { Attached, Inputs } from '../workbench/draft';
import { exportFile } from './exports';
import { importText } from './importFile';
import { sourceView } from './sourceView';
import { quickFixesAt, quickFixesFor } from './quickFixes';
import { localizeReport } from '../../core/localize';

/** The case the inputs describe, computed now (null when there is nothing to audit). */
export function freshCase(inputs: Inputs, attached: Attached): AuditCase | null {
  const chunks = parseChunks(inputs.chunksText);
  const { parsed, structuredValue } = parseAnswerEditor(inputs.answerText, chunks.chunks);
  const extra = parsed.structured?.chunks ?? [];
  return assembleCase(inputs, attached, extra.length && chunks.chunks.length === 0 ? extra : chunks.chunks, {
    answer: parsed.answer,
    ...(structuredValue !== undefined ? { structuredValue } : {}),
  });
}

export { analyze, exportFile, importText, localizeReport, quickFixesAt, quickFixesFor, sourceView };
