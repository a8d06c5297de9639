// The files the export buttons produce, built from the core's pure exporters.
import { withoutTexts } from '../../core/localize';
import { claimRows, exportFileName, type HumanLabel, reportToJson, rowsToCsv, rowsToJsonl } from '../../core/export';
import type { Report } from '../../core/types';

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
