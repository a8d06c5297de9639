// The audit engine: everything that needs the core's parsers and checks. The page imports it
// with import() right after the shell, so the first paint does not wait for it; the audit worker
// imports it statically.
import { analyze, assembleCase, parseAnswerEditor } from './analysis';
import { parseChunks } from '../../core/parse/chunks';
import type { AuditCase, Report } from '../../core/types';
import { claimRows, exportFileName, type HumanLabel, reportToJson, rowsToCsv, rowsToJsonl } from '../../core/report/export';
import type { Attached, Inputs } from '../workbench/draft';
import { importText } from './importFile';
import { sourceView } from './sourceView';
import { quickFixesAt, quickFixesFor } from './quickFixes';
import { fixKey } from '../../core/fixes/fixes';
import { localizeReport, withoutTexts } from '../../core/report/localize';

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

// The files the export buttons produce, built from the core's pure exporters.
export type ExportKind = 'report-json' | 'claims-jsonl' | 'claims-csv';

export interface ExportFile {
  filename: string;
  mime: string;
  text: string;
}

export function exportFile(report: Report, kind: ExportKind, labels: readonly HumanLabel[] = []): ExportFile {
  switch (kind) {
    case 'report-json':
      return { filename: exportFileName(report, 'report', 'json'), mime: 'application/json', text: reportToJson(withoutTexts(report)) };
    case 'claims-jsonl':
      return { filename: exportFileName(report, 'claims', 'jsonl'), mime: 'application/x-ndjson', text: rowsToJsonl(claimRows(report, labels)) };
    case 'claims-csv':
      // A BOM so that spreadsheet programs read the UTF-8 (Czech) text correctly.
      return { filename: exportFileName(report, 'claims', 'csv'), mime: 'text/csv', text: '\ufeff' + rowsToCsv(claimRows(report, labels)) };
  }
}

export { analyze, fixKey, importText, localizeReport, quickFixesAt, quickFixesFor, sourceView };
