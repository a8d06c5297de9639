// The audit case (SPEC §2): the one restore step that every input goes through — a pasted or
// opened file, a dataset line, a share link, an IndexedDB row (STYLE.md habit 4). Leniency is
// explicit and reported as warnings; whatever remains is validated by CaseSchema, the single
// source of truth, and every problem is said with the field's path and, for text, its position.
import type { z } from '../zod';
import { parseJson, type JsonParseResult, type JsonPath } from './json';
import { LineIndex, makeParseError } from '../text/positions';
import { CaseSchema, type AuditCase, type Chunk, type InputName, type ParseError, type StructuredCitation, type StructuredInput } from '../types';
import { jsonLines, normalizeChunkList, normalizeChunkMap, parseChunks } from './chunks';
import { describeType, firstContentIndex, isRecord, issueText, positionIssue, type PathIssue } from './issues';
import { normalizeStructuredDetailed } from './structured';

export interface RestoreDetailedResult {
  value?: AuditCase;
  errors: PathIssue[];
  warnings: PathIssue[];
}

export interface RestoreResult {
  value?: AuditCase;
  /** Each problem as "path: what is wrong"; value is undefined when there are any. */
  errors: string[];
  warnings: string[];
}

/** A case made ready for the audit: structured citations normalised, answer and chunks settled. */
export interface PreparedCase {
  /** The case's answer, or the structured form's answer when the case's is empty. */
  answer: string;
  /** Normalised structured citations; spans (answerStart/End) are offsets into `answer`. */
  structured?: StructuredInput;
  /** The case's chunks, or the structured form's own documents when the case has none. */
  chunks: Chunk[];
  errors: string[];
}

export interface CaseParseResult {
  value?: AuditCase;
  errors: ParseError[];
  warnings: ParseError[];
  /** Set with value: the case prepared for the audit (its problems are among the warnings). */
  prepared?: PreparedCase;
}

export interface DatasetParseResult {
  cases: AuditCase[];
  errors: ParseError[];
  warnings: ParseError[];
  /** For each case, the 1-based line where it starts in the text. */
  lines: number[];
}

// Other names real datasets use for the fields (ALCE "docs", RAGAS "user_input" and
// "retrieved_contexts", DeepEval "actual_output" and "retrieval_context", ...).
const ALIASES: Record<'query' | 'answer' | 'chunks' | 'gold_answer', readonly string[]> = {
  query: ['question', 'user_input', 'input'],
  answer: ['response', 'output', 'generation', 'actual_output', 'model_answer', 'prediction'],
  chunks: ['docs', 'documents', 'contexts', 'passages', 'ctxs', 'retrieved_contexts', 'retrieval_context', 'context'],
  gold_answer: ['reference', 'ground_truth', 'expected_output', 'reference_answer', 'ground_truths'],
};

const LANGUAGE_NAMES: Record<string, 'en' | 'cs'> = {
  en: 'en',
  eng: 'en',
  english: 'en',
  'en-us': 'en',
  'en-gb': 'en',
  cs: 'cs',
  cz: 'cs',
  ces: 'cs',
  cze: 'cs',
  czech: 'cs',
  'cs-cz': 'cs',
  čeština: 'cs',
  cestina: 'cs',
};

export function restoreCaseDetailed(input: unknown, base: JsonPath = []): RestoreDetailedResult {
  const errors: PathIssue[] = [];
  const warnings: PathIssue[] = [];
  const at = (...path: JsonPath): JsonPath => [...base, ...path];

  if (!isRecord(input)) {
    errors.push({
      path: at(),
      message: Array.isArray(input)
        ? 'expected one audit case (an object with query, answer and chunks), found a list; a list of cases is a dataset'
        : `expected an audit case (an object with query, answer and chunks), found ${describeType(input)}`,
    });
    return { errors, warnings };
  }

  const out: Record<string, unknown> = { ...input };
  const origin: Record<string, string> = {};
  for (const field of ['query', 'answer', 'chunks', 'gold_answer'] as const) {
    if (out[field] !== undefined) continue;
    const alias = ALIASES[field].find((a) => input[a] !== undefined && input[a] !== null);
    if (alias === undefined) continue;
    const v = input[alias];
    // A gold answer only ever replaces a string or a list of strings (RAGAS' ground_truths).
    if (field === 'gold_answer' && typeof v !== 'string' && !(Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'))) continue;
    if (field === 'chunks' && typeof v !== 'string' && !Array.isArray(v) && !isRecord(v)) continue;
    out[field] = field === 'gold_answer' && Array.isArray(v) ? v.join('\n') : v;
    delete out[alias];
    origin[field] = alias;
    warnings.push({ path: at(alias), message: `read as "${field}"`, target: 'key' });
  }
  const keyOf = (field: string): string => origin[field] ?? field;

  for (const field of ['query', 'answer'] as const) {
    if (out[field] === null) {
      out[field] = '';
      warnings.push({ path: at(keyOf(field)), message: 'null; treated as empty text' });
    }
  }
  for (const field of ['id', 'gold_answer', 'structured_citations', 'language'] as const) {
    if (out[field] === null) delete out[field];
  }

  if (typeof out.language === 'string') {
    const lang = LANGUAGE_NAMES[out.language.trim().toLowerCase()];
    if (lang !== undefined) out.language = lang;
    else {
      warnings.push({ path: at('language'), message: `unsupported language ${JSON.stringify(out.language)} (expected "en" or "cs"); detected from the text instead` });
      delete out.language;
    }
  }

  // Chunks: a list in any known shape, an id → text map, or text blocks.
  let chunkIndexes: number[] | undefined;
  const chunksKey = keyOf('chunks');
  const rawChunks = out.chunks;
  if (rawChunks === undefined && out.structured_citations !== undefined) {
    out.chunks = [];
    warnings.push({ path: at(), message: 'no "chunks"; the documents carried by structured_citations are used, if any' });
  } else if (rawChunks === null) {
    out.chunks = [];
    warnings.push({ path: at(chunksKey), message: 'null; treated as no chunks' });
  } else if (Array.isArray(rawChunks)) {
    // CaseSchema below writes each chunk anew: plain chunks need no copy of their own first.
    const r = normalizeChunkList(rawChunks, at(chunksKey), true);
    out.chunks = r.chunks;
    chunkIndexes = r.indexes;
    errors.push(...r.errors);
    warnings.push(...r.warnings);
  } else if (isRecord(rawChunks)) {
    const r = normalizeChunkMap(rawChunks, at(chunksKey));
    out.chunks = r.chunks;
    errors.push(...r.errors);
    warnings.push({ path: at(chunksKey), message: 'an object mapping ids to texts; read as a list of chunks' }, ...r.warnings);
  } else if (typeof rawChunks === 'string') {
    const r = parseChunks(rawChunks);
    out.chunks = r.chunks;
    for (const e of r.errors) errors.push({ path: at(chunksKey), message: `${e.message} (line ${e.line}, column ${e.column} of the text)` });
    if (r.errors.length === 0) warnings.push({ path: at(chunksKey), message: `text; read as ${r.format} (${r.chunks.length} chunks)` });
  }

  // The inputs a problem was found in are only kept for its message: asked for on a second pass,
  // when there is a problem.
  let parsed = CaseSchema.safeParse(out);
  if (!parsed.success) parsed = CaseSchema.safeParse(out, { reportInput: true });
  if (!parsed.success) {
    for (const zi of parsed.error.issues) {
      const path = zi.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
      const first = path[0];
      if (first === 'chunks' || first === 'query' || first === 'answer') path[0] = keyOf(first);
      if (first === 'chunks' && typeof path[1] === 'number' && chunkIndexes) path[1] = chunkIndexes[path[1]] ?? path[1];
      errors.push({ path: at(...path), message: zodIssueMessage(zi) });
    }
  }
  if (errors.length > 0 || !parsed.success) return { errors, warnings };
  return { value: parsed.data, errors, warnings };
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function zodIssueMessage(issue: z.core.$ZodIssue): string {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return input === undefined ? `missing (expected ${expected})` : `expected ${expected}, found ${describeType(input)}`;
    }
    case 'invalid_union':
      return input === undefined ? 'missing (expected a string or a number)' : `expected a string or a number, found ${describeType(input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, found ${JSON.stringify(input) ?? describeType(input)}`;
    default:
      return issue.message;
  }
}

/** The one restore step for values (share links, IndexedDB rows); a string is parsed as JSON first. */
export function restoreCase(value: unknown): RestoreResult {
  let input = value;
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (parsed.error) return { errors: [`${parsed.error.message} (at character ${parsed.error.offset + 1})`], warnings: [] };
    input = parsed.value;
  }
  const r = restoreCaseDetailed(input);
  return { ...(r.value ? { value: r.value } : {}), errors: r.errors.map(issueText), warnings: r.warnings.map(issueText) };
}

// ---------------------------------------------------------------------------------------------

function prepareDetailed(c: AuditCase): { prepared: PreparedCase; issues: PathIssue[] } {
  const issues: PathIssue[] = [];
  let structured: StructuredInput | undefined;
  if (c.structured_citations !== undefined && c.structured_citations !== null) {
    const r = normalizeStructuredDetailed(c.structured_citations, c.answer, c.chunks, ['structured_citations']);
    structured = r.structured;
    issues.push(...r.issues);
  }
  const chunks = c.chunks.length === 0 && structured?.chunks && structured.chunks.length > 0 ? structured.chunks : c.chunks;
  let answer = c.answer;
  if (structured?.answer !== undefined && structured.answer !== answer) {
    if (answer.trim() === '') answer = structured.answer;
    else {
      structured = realign(structured, answer, issues);
    }
  }
  return { prepared: { answer, ...(structured ? { structured } : {}), chunks, errors: issues.map(issueText) }, issues };
}

/**
 * The case's answer differs from the text the structured form implies (e.g. trimmed, or edited):
 * each span is moved to where its text sits in the case's answer, nearest to where it was.
 */
function realign(structured: StructuredInput, answer: string, issues: PathIssue[]): StructuredInput {
  const own = structured.answer ?? '';
  let lost = 0;
  const citations = structured.citations.map((c): StructuredCitation => {
    if (c.answerStart === undefined || c.answerEnd === undefined) return c;
    const piece = own.slice(c.answerStart, c.answerEnd);
    let best = -1;
    if (piece !== '') {
      for (let at = answer.indexOf(piece); at >= 0; at = answer.indexOf(piece, at + 1)) {
        if (best < 0 || Math.abs(at - c.answerStart) < Math.abs(best - c.answerStart)) best = at;
        if (at > c.answerStart) break;
      }
    }
    const { answerStart: _s, answerEnd: _e, ...rest } = c;
    if (best < 0) {
      lost++;
      return rest;
    }
    return { ...rest, answerStart: best, answerEnd: best + piece.length };
  });
  issues.push({
    path: ['structured_citations'],
    message:
      'the answer differs from the text the structured citations imply; their spans were matched to the answer' +
      (lost > 0 ? ` (${lost} could not be placed)` : ''),
  });
  return { ...structured, answer, citations };
}

/**
 * The case ready for the audit: structured citations normalised; chunks carried by the structured
 * form (Azure citations, Cohere documents) are used when the case has none; the structured form's
 * answer is used when the case's is empty; spans always point into the returned answer.
 */
export function prepareCase(c: AuditCase): PreparedCase {
  return prepareDetailed(c).prepared;
}

// ---------------------------------------------------------------------------------------------

export function parseCaseText(text: string, source: InputName = 'case', firstLine = 1): CaseParseResult {
  const index = new LineIndex(text);
  if (firstContentIndex(text) >= text.length) {
    return { errors: [makeParseError(text, 'The case is empty: expected a JSON object with query, answer and chunks', 0, text.length, source, index)], warnings: [] };
  }
  // firstLine: the text is line `firstLine` of a dataset; a syntax error's note counts from it.
  const parsed = parseJson(text, { firstLine });
  if (parsed.error) {
    const e = parsed.error;
    const lines = jsonLines(text, parsed);
    const message = lines ? `${e.message}. This looks like JSON Lines (one case per line): open it as a dataset` : e.message;
    return { errors: [makeParseError(text, message, e.offset, e.endOffset, source, index)], warnings: [] };
  }
  return restoreParsed(text, parsed, source, index, 0, []);
}

function restoreParsed(text: string, parsed: JsonParseResult, source: InputName, index: LineIndex, base: number, path: JsonPath): CaseParseResult {
  const r = restoreCaseDetailed(path.length === 0 ? parsed.value : valueAt(parsed.value, path), path);
  const place = (i: PathIssue): ParseError => positionIssue(i, text, parsed, source, index, base);
  const errors = r.errors.map(place);
  const warnings = r.warnings.map(place);
  if (!r.value) return { errors, warnings };
  const { prepared, issues } = prepareDetailed(r.value);
  warnings.push(...issues.map((i) => place({ ...i, path: [...path, ...i.path] })));
  return { value: r.value, errors, warnings, prepared };
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let cur = value;
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === 'number') cur = cur[seg];
    else if (isRecord(cur)) cur = cur[String(seg)];
    else return undefined;
  }
  return cur;
}

/**
 * A dataset: JSON Lines (one case per line; blank lines skipped), a JSON list of cases, or a single
 * case object. Positions are always in the whole text, so "line 7, column 12" is where the editor
 * or the terminal shows it. A line that fails does not stop the others.
 */
export function parseDataset(text: string): DatasetParseResult {
  const index = new LineIndex(text);
  const cases: AuditCase[] = [];
  const errors: ParseError[] = [];
  const warnings: ParseError[] = [];
  const lines: number[] = [];
  if (firstContentIndex(text) >= text.length) {
    errors.push(makeParseError(text, 'The dataset is empty: expected one JSON case per line, a JSON list of cases or one case', 0, text.length, 'dataset', index));
    return { cases, errors, warnings, lines };
  }
  const whole = parseJson(text);
  const jsonl = jsonLines(text, whole);
  const take = (r: CaseParseResult, line: number): void => {
    errors.push(...r.errors);
    warnings.push(...r.warnings);
    if (r.value) {
      cases.push(r.value);
      lines.push(line);
    }
  };

  if (jsonl) {
    for (const l of jsonl) {
      const slice = text.slice(l.start, l.end);
      const line = index.position(l.start).line;
      const parsed = parseJson(slice, { firstLine: line });
      if (parsed.error) {
        const e = parsed.error;
        errors.push(makeParseError(text, e.message, l.start + e.offset, l.start + e.endOffset, 'dataset', index));
        continue;
      }
      take(restoreParsed(text, parsed, 'dataset', index, l.start, []), line);
    }
    return { cases, errors, warnings, lines };
  }
  if (whole.error) {
    const e = whole.error;
    errors.push(makeParseError(text, e.message, e.offset, e.endOffset, 'dataset', index));
    return { cases, errors, warnings, lines };
  }
  if (Array.isArray(whole.value)) {
    whole.value.forEach((_, i) => {
      const span = whole.locate([i]);
      take(restoreParsed(text, whole, 'dataset', index, 0, [i]), index.position(span?.offset ?? 0).line);
    });
    if (whole.value.length === 0) {
      const span = whole.locate([]) ?? { offset: 0, endOffset: text.length };
      errors.push(makeParseError(text, 'The dataset is an empty list: expected at least one case', span.offset, span.endOffset, 'dataset', index));
    }
    return { cases, errors, warnings, lines };
  }
  const span = whole.locate([]);
  take(restoreParsed(text, whole, 'dataset', index, 0, []), index.position(span?.offset ?? 0).line);
  return { cases, errors, warnings, lines };
}

