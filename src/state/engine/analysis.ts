// One analysis of the workbench inputs: parse each editor, assemble the case, run the local audit,
// and position everything for the editors. Pure (no DOM, no runes) so that it runs the same on the
// main thread and in the audit worker.
import { auditCaseScanned } from '../../core/audit';
import type { FootnoteDefinition } from '../../core/markers/markers';
import { screenWords, type ScreenWords } from '../../core/report/localize';
import { parseAnswerInput } from '../../core/parse/answer';
import { parseChunks } from '../../core/parse/chunks';
import type { AnswerFormat, AuditCase, AuditOptions, Chunk, ChunkFormat, Finding, Language, ParseError, Report } from '../../core/types';
import type { Attached, Inputs } from '../workbench/draft';
import { buildOffsetMap, toEditorOffset, type OffsetMap } from './offsetMap';
import type { Settings } from '../workbench/settings';

export type EditorName = 'query' | 'answer' | 'chunks' | 'gold';

export interface AnalysisRequest {
  seq: number;
  /** The workbench revision these inputs belong to. */
  revision: number;
  inputs: Inputs;
  attached: Attached;
  settings: Pick<Settings, 'requiredStyle' | 'language'> & Partial<Pick<Settings, 'citationScope' | 'uiLanguage'>>;
}

/** A problem positioned in one editor's text (0-based offsets, end exclusive). */
export interface Diagnostic {
  editor: EditorName;
  start: number;
  end: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** 'parse' for input errors, else the check that found it. */
  source: string;
  code?: string;
  /** Index into report.findings, for findings. */
  finding?: number;
}

export interface Analysis {
  seq: number;
  revision: number;
  inputs: Inputs;
  chunks: { chunks: Chunk[]; format: ChunkFormat; errors: ParseError[]; warnings: ParseError[] };
  answer: { answer: string; format: AnswerFormat; errors: ParseError[]; structuredInEditor: boolean };
  case: AuditCase | null;
  /** The options the report was made with (a quick fix of a structured answer audits the case again with them). */
  auditOptions?: AuditOptions;
  report: Report | null;
  /** The audit threw: the message, shown instead of a report. */
  error: string | null;
  /** Answer offsets → Answer-editor offsets; null when the answer cannot be placed in the editor. */
  answerMap: OffsetMap | null;
  diagnostics: Diagnostic[];
  /**
   * The report's words in the interface language, when its feedback language is another
   * (core/report/localize.ts screenWords): worked out where the audit runs, so that showing the report
   * does not word every finding and issue again on the page.
   */
  screenWords?: ScreenWords & { language: Language };
  /**
   * The answer's footnote and link definitions as the audit's scan found them (the quick fixes
   * need them): taken from where the audit ran, so that a fix asked for on the page does not scan
   * the whole answer again. Absent when the audit did not read `answer.answer`.
   */
  footnoteDefinitions?: FootnoteDefinition[];
  elapsedMs: number;
  where: 'main' | 'worker';
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** The case the inputs describe, or null when there is nothing to audit. */
export function assembleCase(
  inputs: Inputs,
  attached: Attached,
  chunks: Chunk[],
  answer: { answer: string; structuredValue?: unknown },
): AuditCase | null {
  if (!inputs.answerText.trim() && !inputs.chunksText.trim() && !inputs.query.trim()) return null;
  const c: AuditCase = {
    ...(attached.extras ?? {}),
    query: inputs.query,
    answer: answer.answer,
    chunks,
  };
  if (attached.caseId !== undefined) c.id = attached.caseId;
  if (attached.language !== undefined) c.language = attached.language;
  if (inputs.goldText.trim()) c.gold_answer = inputs.goldText;
  const structured = answer.structuredValue !== undefined ? answer.structuredValue : attached.structured;
  if (structured !== undefined) c.structured_citations = structured;
  return c;
}

/** Parse the Answer editor: plain text, or a structured response whose JSON value is kept. */
export function parseAnswerEditor(text: string, chunks: Chunk[]) {
  const parsed = parseAnswerInput(text, chunks);
  const structuredInEditor = parsed.format !== 'plain';
  let structuredValue: unknown;
  // A known form is audited as that form even when some of its citations are faulty (a span
  // that does not make sense, a document that is missing): those are positioned errors here and
  // findings in the report, while the form's other citations still count.
  if (parsed.structured) {
    try {
      structuredValue = JSON.parse(text);
    } catch {
      structuredValue = undefined;
    }
  }
  return { parsed, structuredInEditor, structuredValue };
}

// Typing in the Query, Answer or Gold editor leaves the Chunks text as it was: its parse (the
// largest input, often hundreds of KB) is kept and reused, and the same chunk objects let the
// checks reuse what they derived from them. Parse results are never modified after the fact.
let lastChunks: { text: string; parsed: ReturnType<typeof parseChunks> } | null = null;

function parseChunksOnce(text: string): ReturnType<typeof parseChunks> {
  if (lastChunks?.text === text) return lastChunks.parsed;
  const parsed = parseChunks(text);
  lastChunks = { text, parsed };
  return parsed;
}

export function analyze(req: AnalysisRequest, where: 'main' | 'worker' = 'main'): Analysis {
  const t0 = now();
  const { inputs, attached, settings } = req;
  const chunks = parseChunksOnce(inputs.chunksText);
  const { parsed: answer, structuredInEditor, structuredValue } = parseAnswerEditor(inputs.answerText, chunks.chunks);
  const extraChunks = answer.structured?.chunks ?? [];
  const allChunks = extraChunks.length && chunks.chunks.length === 0 ? extraChunks : chunks.chunks;
  const c = assembleCase(inputs, attached, allChunks, {
    answer: answer.answer,
    ...(structuredValue !== undefined ? { structuredValue } : {}),
  });

  let report: Report | null = null;
  let error: string | null = null;
  let footnoteDefinitions: FootnoteDefinition[] | undefined;
  // An editor that does not parse is not audited as if what is left were the input.
  const chunkError = chunks.errors[0];
  const answerError = answer.format === 'json-unknown' ? answer.errors[0] : undefined;
  const auditOptions: AuditOptions = {
    requiredStyle: settings.requiredStyle,
    language: settings.language,
    ...(settings.citationScope ? { citationScope: settings.citationScope } : {}),
    ...(settings.uiLanguage ? { fallbackLanguage: settings.uiLanguage } : {}),
    ...(chunkError || answerError ? { unreadable: { ...(chunkError ? { chunks: chunkError } : {}), ...(answerError ? { answer: answerError } : {}) } } : {}),
  };
  if (c) {
    try {
      const audited = auditCaseScanned(c, auditOptions);
      report = audited.report;
      if (audited.answer === answer.answer) footnoteDefinitions = audited.footnoteDefinitions;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
  }
  const answerMap = buildOffsetMap(inputs.answerText, answer.answer);
  const diagnostics = buildDiagnostics(chunks.errors, chunks.warnings, answer.errors, report, answerMap);
  const ui = settings.uiLanguage;
  const screen = report && ui && report.texts && report.meta.language !== ui ? { language: ui, ...screenWords(report, ui) } : undefined;
  return {
    seq: req.seq,
    revision: req.revision,
    inputs,
    chunks: { chunks: chunks.chunks, format: chunks.format, errors: chunks.errors, warnings: chunks.warnings ?? [] },
    answer: { answer: answer.answer, format: answer.format, errors: answer.errors, structuredInEditor },
    case: c,
    auditOptions,
    report,
    error,
    answerMap,
    diagnostics,
    ...(screen ? { screenWords: screen } : {}),
    ...(footnoteDefinitions ? { footnoteDefinitions } : {}),
    elapsedMs: now() - t0,
    where,
  };
}

function editorOf(source: ParseError['source'], fallback: EditorName): EditorName {
  switch (source) {
    case 'query':
      return 'query';
    case 'gold_answer':
      return 'gold';
    case 'chunks':
      return 'chunks';
    case 'answer':
    case 'structured_citations':
      return 'answer';
    default:
      return fallback;
  }
}

export function buildDiagnostics(
  chunkErrors: ParseError[],
  chunkWarnings: ParseError[],
  answerErrors: ParseError[],
  report: Report | null,
  answerMap: OffsetMap | null,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fromParse = (e: ParseError, severity: Diagnostic['severity'], fallback: EditorName) =>
    out.push({ editor: editorOf(e.source, fallback), start: e.offset, end: e.endOffset, severity, message: e.message, source: 'parse' });
  for (const e of chunkErrors) fromParse(e, 'error', 'chunks');
  for (const e of chunkWarnings) fromParse(e, 'warning', 'chunks');
  for (const e of answerErrors) fromParse(e, 'error', 'answer');
  if (report && answerMap) {
    report.findings.forEach((f: Finding, i) => {
      // An input that does not parse is marked in its own editor, at the error, by its parse error.
      if (f.code === 'input_unreadable') return;
      const start = toEditorOffset(answerMap, f.start);
      const end = f.end > f.start ? toEditorOffset(answerMap, f.end, true) : start;
      if (start === null || end === null) return;
      out.push({
        editor: 'answer',
        start,
        end,
        severity: f.severity,
        message: f.message,
        source: f.check,
        code: f.code,
        finding: i,
      });
    });
  }
  return out;
}
