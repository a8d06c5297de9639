// Reading label files: the Annotate view's labels download (JSONL and CSV), a history backup, and
// what `citation-audit agreement --out` writes (the JSONL form, with the rater gold). Each label
// comes out with where it was read; each line that cannot be read comes out as an error with its
// line number, never dropped in silence. Pure; matching the labels to a dataset is labelImport.ts.
import { z } from '../zod';
import { parseJson, tryJsonParse } from '../parse/json';
import { lineIndexOf } from '../text/positions';
import { SETTLED_HOW, SUPPORT_VERDICTS, type SettledHow } from './labels';
import type { SupportVerdict } from '../types';

/** The `format` of a history backup file (store/constants.ts BACKUP_FORMAT; a test keeps them equal). */
export const BACKUP_FORMAT_NAME = 'citation-auditor-backup';

export interface ImportedLabel {
  /** The case's own id, when the file says it. */
  caseId: string | null;
  /** The key labels are stored under (`id:…` or `h:…`, store/labels.ts caseKeyOf), when the file says it. */
  caseKey: string | null;
  claimIndex: number;
  /** The claim's text, when the file has it. */
  claim: string | null;
  chunkId: string;
  /** The chunk's text, when the file has it (a backup's audits do). */
  chunkText: string | null;
  annotator: string;
  label: SupportVerdict;
  note: string | null;
  /** Epoch milliseconds of the last change; null when the file does not say (CSV). */
  updated: number | null;
  /** Set on labels of the rater gold: who settled the pair and how. */
  settledBy?: string;
  settledHow?: SettledHow;
  /** Where it was read: the file's name and the 1-based line. */
  file: string;
  line: number;
}

/** What is wrong, for the page to word (the message is the English detail, with zod's issues). */
export type LabelFileProblem =
  | 'empty'
  | 'unknown-kind'
  | 'not-backup'
  | 'not-json'
  | 'not-object'
  | 'a-case'
  | 'not-a-row'
  | 'invalid-row'
  | 'csv-header'
  | 'csv-claim-index'
  | 'csv-chunk-id'
  | 'csv-label'
  | 'csv-quote'
  | 'too-large';

export interface LabelFileError {
  file: string;
  line: number;
  /** Always set by readLabelFile. */
  problem?: LabelFileProblem;
  message: string;
}

export type LabelFileKind = 'jsonl' | 'csv' | 'backup' | 'json' | 'unknown';

export interface LabelFileRead {
  file: string;
  kind: LabelFileKind;
  labels: ImportedLabel[];
  errors: LabelFileError[];
}

const idLike = z.union([z.string(), z.number().transform(String)]);
const verdict = z.enum(SUPPORT_VERDICTS as [SupportVerdict, ...SupportVerdict[]]);
const annotatorName = z.string().trim().min(1).max(200);
const isoTime = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const ms = typeof v === 'number' ? v : Date.parse(v);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'not a date' });
      return z.NEVER;
    }
    return ms;
  });

const settled = {
  settled_by: z.string().max(200).optional(),
  settled_how: z.enum(SETTLED_HOW as [SettledHow, ...SettledHow[]]).optional(),
};

/** The pair a line of a labels file is about: its case, claim and chunk. */
const pairFields = {
  case_id: idLike.nullable().optional(),
  case_key: z.string().min(1).max(1000).nullable().optional(),
  claim_index: z.number().int().min(0),
  claim: z.string().nullable().optional(),
  chunk_id: idLike,
  chunk_text: z.string().nullable().optional(),
};

/** A line of the labels download (labels.ts LabelExportRow): one pair, every annotator's label. */
const ExportRowSchema = z.looseObject({
  ...pairFields,
  labels: z.record(annotatorName, z.looseObject({ label: verdict, note: z.string().nullable().optional(), updated: isoTime, ...settled })),
});

/** One label per line, written by hand or by another tool. */
const FlatRowSchema = z.looseObject({
  ...pairFields,
  annotator: annotatorName,
  label: verdict,
  note: z.string().nullable().optional(),
  updated: isoTime,
  ...settled,
});

/** A stored label row (store AnnotationLabel), as a backup carries it. */
const StoredLabelSchema = z.looseObject({
  caseKey: z.string().min(1).max(1000),
  claimIndex: z.number().int().nonnegative(),
  chunkId: z.string().max(1000),
  annotator: annotatorName,
  label: verdict,
  note: z.string().optional(),
  claimText: z.string().optional(),
  updated: z.number(),
  settledBy: z.string().max(200).optional(),
  settledHow: z.enum(SETTLED_HOW as [SettledHow, ...SettledHow[]]).optional(),
});

const BackupSchema = z.looseObject({
  format: z.literal(BACKUP_FORMAT_NAME),
  labels: z.array(z.unknown()).optional(),
  audits: z.array(z.unknown()).optional(),
});
const BackupAuditSchema = z.looseObject({
  case: z.looseObject({ id: idLike.optional(), chunks: z.array(z.looseObject({ id: idLike, text: z.string() })).optional() }).optional(),
  labels: z.array(z.unknown()).optional(),
});

const issues = (e: z.ZodError): string => e.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
const caseIdOfKey = (key: string | null): string | null => (key?.startsWith('id:') ? key.slice(3) : null);
const text = (s: string | null | undefined): string | null => (s === null || s === undefined || s.trim() === '' ? null : s);

function settledOf(by: string | undefined, how: SettledHow | undefined): Pick<ImportedLabel, 'settledBy' | 'settledHow'> {
  return by !== undefined && how !== undefined ? { settledBy: by, settledHow: how } : {};
}

type RowProblem = { problem: LabelFileProblem; message: string };
const invalid = (e: z.ZodError): RowProblem => ({ problem: 'invalid-row', message: issues(e) });

/** The labels of one JSON row (an export row or a one-label row), or why it is not one. */
function rowLabels(value: unknown, file: string, line: number): ImportedLabel[] | RowProblem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'not-object', message: 'not a label row (expected a JSON object)' };
  const v = value as Record<string, unknown>;
  if ('labels' in v) {
    const r = ExportRowSchema.safeParse(value);
    if (!r.success) return invalid(r.error);
    const d = r.data;
    const caseKey = d.case_key ?? null;
    const base = { caseId: d.case_id ?? caseIdOfKey(caseKey), caseKey, claimIndex: d.claim_index, claim: text(d.claim), chunkId: d.chunk_id, chunkText: text(d.chunk_text), file, line };
    return Object.entries(d.labels).map(([annotator, l]) => ({ ...base, annotator, label: l.label, note: text(l.note), updated: l.updated, ...settledOf(l.settled_by, l.settled_how) }));
  }
  if ('caseKey' in v) {
    const r = StoredLabelSchema.safeParse(value);
    if (!r.success) return invalid(r.error);
    return [storedLabel(r.data, file, line)];
  }
  if ('annotator' in v) {
    const r = FlatRowSchema.safeParse(value);
    if (!r.success) return invalid(r.error);
    const d = r.data;
    const caseKey = d.case_key ?? null;
    return [
      { caseId: d.case_id ?? caseIdOfKey(caseKey), caseKey, claimIndex: d.claim_index, claim: text(d.claim), chunkId: d.chunk_id, chunkText: text(d.chunk_text), annotator: d.annotator, label: d.label, note: text(d.note), updated: d.updated, ...settledOf(d.settled_by, d.settled_how), file, line },
    ];
  }
  if ('query' in v && 'answer' in v) return { problem: 'a-case', message: 'a case, not a label row (open cases as a dataset)' };
  return { problem: 'not-a-row', message: 'not a label row: no "labels", or "annotator" and "label"' };
}

function storedLabel(d: z.output<typeof StoredLabelSchema>, file: string, line: number, chunkText: string | null = null): ImportedLabel {
  return {
    caseId: caseIdOfKey(d.caseKey),
    caseKey: d.caseKey,
    claimIndex: d.claimIndex,
    claim: text(d.claimText),
    chunkId: d.chunkId,
    chunkText,
    annotator: d.annotator,
    label: d.label,
    note: text(d.note),
    updated: d.updated,
    ...settledOf(d.settledBy, d.settledHow),
    file,
    line,
  };
}

function readJsonl(file: string, body: string): LabelFileRead {
  const out: LabelFileRead = { file, kind: 'jsonl', labels: [], errors: [] };
  body.split('\n').forEach((raw, i) => {
    const t = raw.trim();
    if (!t) return;
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch (e) {
      out.errors.push({ file, line: i + 1, problem: 'not-json', message: `not JSON: ${(e as Error).message}` });
      return;
    }
    const got = rowLabels(value, file, i + 1);
    if (!Array.isArray(got)) out.errors.push({ file, line: i + 1, ...got });
    else out.labels.push(...got);
  });
  return out;
}

/** A whole-file JSON value: a backup, or an array of label rows. */
function readJson(file: string, body: string, value: unknown): LabelFileRead {
  let located: ReturnType<typeof parseJson> | null = null;
  /** The line of the value at `path` (the file is parsed again with positions only when asked). */
  const lineOf = (path: (string | number)[]): number => {
    located ??= parseJson(body);
    const span = located.locate(path);
    return span ? lineIndexOf(body).position(span.offset).line : 1;
  };
  if (Array.isArray(value)) {
    const out: LabelFileRead = { file, kind: 'json', labels: [], errors: [] };
    value.forEach((row, i) => {
      const got = rowLabels(row, file, 0);
      if (!Array.isArray(got)) out.errors.push({ file, line: lineOf([i]), problem: got.problem, message: `row ${i + 1}: ${got.message}` });
      else out.labels.push(...got.map((l) => ({ ...l, line: lineOf([i]) })));
    });
    return out;
  }
  const backup = BackupSchema.safeParse(value);
  if (!backup.success) return { file, kind: 'unknown', labels: [], errors: [{ file, line: 1, problem: 'not-backup', message: 'not a labels file: a JSON object that is not a Citation Auditor backup' }] };
  const out: LabelFileRead = { file, kind: 'backup', labels: [], errors: [] };
  // Chunk texts of the backup's cases, by case key (cases with an id only: a content key is a hash).
  const chunks = new Map<string, Map<string, string>>();
  const lists: { path: (string | number)[]; raw: unknown[] }[] = [{ path: ['labels'], raw: backup.data.labels ?? [] }];
  (backup.data.audits ?? []).forEach((a, i) => {
    const r = BackupAuditSchema.safeParse(a);
    if (!r.success) return; // An audit's own problems are the history import's to report.
    const c = r.data.case;
    if (c?.id !== undefined && c.chunks) chunks.set(`id:${c.id}`, new Map(c.chunks.map((ch) => [ch.id, ch.text])));
    if (r.data.labels?.length) lists.push({ path: ['audits', i, 'labels'], raw: r.data.labels });
  });
  const seen = new Set<string>();
  for (const { path, raw } of lists) {
    raw.forEach((row, i) => {
      const r = StoredLabelSchema.safeParse(row);
      if (!r.success) {
        out.errors.push({ file, line: lineOf([...path, i]), problem: 'invalid-row', message: `${path.join('.')}[${i}]: ${issues(r.error)}` });
        return;
      }
      const d = r.data;
      // The labels table and an audit's own labels may hold the same label.
      const same = JSON.stringify([d.caseKey, d.claimIndex, d.chunkId, d.annotator, d.label, d.note ?? '', d.updated]);
      if (seen.has(same)) return;
      seen.add(same);
      out.labels.push(storedLabel(d, file, lineOf([...path, i]), chunks.get(d.caseKey)?.get(d.chunkId) ?? null));
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSV (labels.ts labelRowsToCsv: case_id, claim_index, claim, chunk_id, cited_text,
// model_verdict, then label:NAME and note:NAME per annotator)

/**
 * RFC 4180 records with the 1-based line each starts on; `unclosed`, the line of a quoted cell that
 * is never closed (its record then runs to the end of the file and is not given).
 */
function csvRecords(body: string, separator: ',' | ';' = ','): { records: { cells: string[]; line: number }[]; unclosed?: number } {
  const records: { cells: string[]; line: number }[] = [];
  let quoteLine = 0;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      any = true;
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
      any = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      cells.push(cell);
      if (any || cell !== '') records.push({ cells, line: start });
      cells = [];
      cell = '';
      any = false;
      line++;
      start = line;
    } else {
      cell += ch;
      any = true;
    }
  }
  if (quoted) return { records, unclosed: quoteLine };
  if (any || cell !== '') {
    cells.push(cell);
    records.push({ cells, line: start });
  }
  return { records };
}

/** A cell as written: csvCell puts an apostrophe before text a spreadsheet would run as a formula. */
const uncell = (s: string): string => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

function readCsv(file: string, body: string, separator: ',' | ';'): LabelFileRead {
  const out: LabelFileRead = { file, kind: 'csv', labels: [], errors: [] };
  const { records, unclosed } = csvRecords(body, separator);
  if (unclosed !== undefined) out.errors.push({ file, line: unclosed, problem: 'csv-quote', message: 'a quoted cell opens here and is never closed (a " is missing): the rows from here on were not read' });
  const [head, ...rows] = records;
  if (!head) return out;
  const cols = head.cells.map((c) => c.trim());
  const col = (name: string) => cols.indexOf(name);
  const annotators = cols.flatMap((c, i) => (c.startsWith('label:') && c.length > 'label:'.length ? [{ name: c.slice('label:'.length), label: i, note: col(`note:${c.slice('label:'.length)}`) }] : []));
  const missing = ['claim_index', 'chunk_id'].filter((c) => col(c) < 0);
  if (missing.length || annotators.length === 0) {
    out.errors.push({ file, line: head.line, problem: 'csv-header', message: `not a labels CSV: the header needs ${[...missing, ...(annotators.length ? [] : ['a label:NAME column'])].join(', ')}` });
    return out;
  }
  const [iCase, iKey, iClaim, iIndex, iChunk] = ['case_id', 'case_key', 'claim', 'claim_index', 'chunk_id'].map(col) as [number, number, number, number, number];
  for (const r of rows) {
    const get = (i: number): string | null => (i < 0 ? null : text(uncell(r.cells[i] ?? '')));
    const index = Number(get(iIndex));
    const chunkId = get(iChunk);
    if (!Number.isInteger(index) || index < 0 || get(iIndex) === null) {
      out.errors.push({ file, line: r.line, problem: 'csv-claim-index', message: `claim_index: "${get(iIndex) ?? ''}" is not a whole number` });
      continue;
    }
    if (chunkId === null) {
      out.errors.push({ file, line: r.line, problem: 'csv-chunk-id', message: 'chunk_id is empty' });
      continue;
    }
    const caseKey = get(iKey);
    const base = { caseId: get(iCase) ?? caseIdOfKey(caseKey), caseKey, claimIndex: index, claim: get(iClaim), chunkId, chunkText: null, updated: null, file, line: r.line };
    for (const a of annotators) {
      const value = get(a.label);
      if (value === null) continue;
      const v = verdict.safeParse(value.trim());
      if (!v.success) {
        out.errors.push({ file, line: r.line, problem: 'csv-label', message: `label:${a.name}: "${value}" is not one of ${SUPPORT_VERDICTS.join(', ')}` });
        continue;
      }
      out.labels.push({ ...base, annotator: a.name, label: v.data, note: a.note < 0 ? null : get(a.note) });
    }
  }
  return out;
}

/**
 * Reads one label file of any known kind (told apart by its content, not its name): a history
 * backup (a JSON object with its format), a JSON array of label rows, JSON Lines of label rows,
 * or the labels CSV. Anything else gives one error at line 1.
 */
export function readLabelFile(file: string, content: string): LabelFileRead {
  const body = content.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  if (first === undefined) return { file, kind: 'unknown', labels: [], errors: [{ file, line: 1, problem: 'empty', message: 'the file is empty' }] };
  if (first === '{' || first === '[') {
    // JSON Lines, or broken JSON, does not parse whole: it is read line by line.
    const whole = tryJsonParse(body)?.value;
    if (Array.isArray(whole) || (typeof whole === 'object' && whole !== null && 'format' in whole)) return readJson(file, body, whole);
    return readJsonl(file, body);
  }
  const headLine = body.slice(0, body.search(/\r?\n|$/));
  if (/(^|,)"?claim_index"?(,|$)/.test(headLine)) return readCsv(file, body, ',');
  // The same CSV saved again by a spreadsheet in a locale whose decimal mark is a comma (Czech,
  // German): its cells are separated by semicolons.
  if (/(^|;)"?claim_index"?(;|$)/.test(headLine)) return readCsv(file, body, ';');
  return { file, kind: 'unknown', labels: [], errors: [{ file, line: 1, problem: 'unknown-kind', message: 'not a labels file: expected the labels JSONL or CSV download, a history backup, or JSON' }] };
}
