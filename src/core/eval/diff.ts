// Regression diff between two runs over the same cases: what got worse and what got better, per
// case and over the dataset. Reads both kinds of results file: the CLI's report JSON lines and the
// Dataset view's JSONL download (flat rows without findings). Pure.
import { z } from '../zod';
import { DATASET_DIMENSIONS, SCORE_KEYS, dimensionStatuses, type ScoreKey } from './dataset';
import type { Dimension, Status, Verdict } from '../types';
import { plural } from '../report/plural';
import { mdCell } from './ci';
import { Hash53 } from '../text/hash';

// ---------------------------------------------------------------------------------------------
// Input

/** A case of one run, whichever file it came from. */
export interface RunCase {
  /** 1-based line in its file. */
  line: number;
  /** Position among the file's cases (0-based). */
  position: number;
  id: string | null;
  inputHash: string | null;
  query: string | null;
  /** queryHash of the query: from the report's meta, or of the Dataset row's query. */
  queryHash: string | null;
  verdict: Verdict;
  dimensions: Record<Dimension, Status>;
  scores: Record<ScoreKey, number | null>;
  /** Null when the file does not carry findings (the Dataset view's rows). */
  findings: RunFinding[] | null;
  error: string | null;
}

export interface RunFinding {
  code: string;
  dimension: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** What makes two findings of two runs the same one (code, chunk and the answer text it points at). */
  key: string;
}

/**
 * A short hash of the query alone: the report carries it instead of the query's text, so that an
 * edited answer to the same query is still paired with its earlier run.
 */
function queryHash(query: string): string {
  return new Hash53().add(query).hex();
}

/**
 * Both hashes of a finished report's meta: `input_hash`, of the query and the answer (joined by
 * U+0000), for matching runs whose cases have no id, and `query_hash`. The query is read once:
 * its hash is the state after the query, which the input hash goes on from (fed in parts: a
 * joined string would be a rope that every charCodeAt walks into).
 */
export function caseHashes(query: string, answer: string): { input_hash: string; query_hash: string } {
  const h = new Hash53().add(query);
  const query_hash = h.hex();
  return { input_hash: h.add('\u0000').add(answer).hex(), query_hash };
}

const VerdictSchema = z.enum(['PASS', 'FAIL', 'INCOMPLETE']);
const StatusSchema = z.enum(['PASS', 'FAIL', 'NOT_CHECKED']);
const ScoreValue = z.number().nullable().optional();
const idLike = z.union([z.string(), z.number().transform(String)]).nullable().optional();

const DimSchema = z.looseObject({ status: StatusSchema });

const ReportLine = z.looseObject({
  verdict: VerdictSchema,
  dimensions: z.looseObject({ exists: DimSchema, accurate: DimSchema, complete: DimSchema, formatted: DimSchema }),
  scores: z.record(z.string(), ScoreValue),
  findings: z.array(
    z.looseObject({
      code: z.string(),
      dimension: z.string(),
      severity: z.enum(['error', 'warning', 'info']),
      message: z.string(),
      chunk_id: z.string().optional(),
      excerpt: z.string().optional(),
      citation_index: z.number().optional(),
      claim_index: z.number().optional(),
    }),
  ),
  meta: z.looseObject({
    case_id: idLike,
    input_hash: z.string().optional(),
    query_hash: z.string().optional(),
    // A model run that failed for this case (the CLI's --model): the Dataset row's `error`.
    model_error: z.looseObject({ kind: z.string(), message: z.string().optional() }).optional(),
  }),
});

const DatasetLine = z.looseObject({
  verdict: VerdictSchema,
  exists: StatusSchema,
  accurate: StatusSchema,
  complete: StatusSchema,
  formatted: StatusSchema,
  citation_recall: ScoreValue,
  citation_precision: ScoreValue,
  support_weighted_precision: ScoreValue,
  mean_support: ScoreValue,
  interpretability: ScoreValue,
  correctness: ScoreValue,
  overall_score: ScoreValue,
  citation_coverage: ScoreValue,
  citation_existence: ScoreValue,
  source_verification: ScoreValue,
  case_id: idLike,
  query: z.string().nullable().optional(),
  input_hash: z.string().optional(),
  error: z.string().nullable().optional(),
});

export interface RunFile {
  cases: RunCase[];
  errors: { line: number; message: string }[];
  kind: 'reports' | 'dataset' | 'empty' | 'mixed';
}

function scoresOf(get: (k: ScoreKey) => unknown): Record<ScoreKey, number | null> {
  const out = {} as Record<ScoreKey, number | null>;
  for (const k of SCORE_KEYS) {
    const v = get(k);
    out[k] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return out;
}

function fromValue(value: unknown, line: number, position: number): RunCase | string {
  const asReport = ReportLine.safeParse(value);
  if (asReport.success) {
    const r = asReport.data;
    const dimensions = dimensionStatuses(r.dimensions);
    return {
      line,
      position,
      id: r.meta.case_id ?? null,
      inputHash: r.meta.input_hash ?? null,
      query: null,
      queryHash: r.meta.query_hash ?? null,
      verdict: r.verdict,
      dimensions,
      scores: scoresOf((k) => r.scores[k]),
      findings: r.findings.map((f) => ({
        code: f.code,
        dimension: f.dimension,
        severity: f.severity,
        message: f.message,
        key: [f.dimension, f.code, f.chunk_id ?? '', f.excerpt ?? f.message].join('|'),
      })),
      error: r.meta.model_error ? `model: ${r.meta.model_error.message ?? r.meta.model_error.kind}` : null,
    };
  }
  const asRow = DatasetLine.safeParse(value);
  if (asRow.success) {
    const r = asRow.data;
    const dimensions = {} as Record<Dimension, Status>;
    for (const d of DATASET_DIMENSIONS) dimensions[d] = r[d];
    return {
      line,
      position,
      id: r.case_id ?? null,
      inputHash: r.input_hash ?? null,
      query: r.query ?? null,
      queryHash: r.query != null ? queryHash(r.query) : null,
      verdict: r.verdict,
      dimensions,
      scores: scoresOf((k) => r[k]),
      findings: null,
      error: r.error ?? null,
    };
  }
  return 'neither a report (the CLI’s --format json) nor a row of the Dataset view’s JSONL download: needs verdict, the four dimensions and scores';
}

/** Reads a results file: JSON lines, or one pretty-printed report (the CLI's output for one case). */
export function parseRunFile(text: string): RunFile {
  const cases: RunCase[] = [];
  const errors: RunFile['errors'] = [];
  const kinds = new Set<'reports' | 'dataset'>();
  const push = (value: unknown, line: number): void => {
    const c = fromValue(value, line, cases.length);
    if (typeof c === 'string') errors.push({ line, message: c });
    else {
      kinds.add(c.findings ? 'reports' : 'dataset');
      cases.push(c);
    }
  };
  const trimmed = text.replace(/^\ufeff/, '').trim();
  if (trimmed.startsWith('{') && trimmed.includes('\n')) {
    // A single pretty-printed object parses whole; JSON lines do not.
    try {
      push(JSON.parse(trimmed), 1);
      return { cases, errors, kind: cases.length ? [...kinds][0]! : 'empty' };
    } catch {
      // fall through to lines
    }
  }
  const lines = text.replace(/^\ufeff/, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (!l) continue;
    let value: unknown;
    try {
      value = JSON.parse(l);
    } catch (err) {
      errors.push({ line: i + 1, message: `not JSON: ${(err as Error).message}` });
      continue;
    }
    push(value, i + 1);
  }
  return { cases, errors, kind: kinds.size === 0 ? 'empty' : kinds.size > 1 ? 'mixed' : [...kinds][0]! };
}

// ---------------------------------------------------------------------------------------------
// Diff

/**
 * `newly_measured`: nothing got better or worse, but a score that was not measured before (shown
 * "—") now is: a model run over a local one, say. A score from "—" to 0 is no improvement.
 */
export type ChangeKind = 'regressed' | 'improved' | 'newly_measured' | 'changed' | 'unchanged' | 'added' | 'removed';

export interface ScoreDelta {
  score: ScoreKey;
  before: number | null;
  after: number | null;
  /** after − before; null when either is missing. */
  delta: number | null;
}

export interface CaseDiff {
  /** How the two were matched. */
  matchedBy: 'id' | 'input_hash' | 'query' | 'position' | null;
  name: string;
  before: { line: number; verdict: Verdict } | null;
  after: { line: number; verdict: Verdict } | null;
  verdictChange: { from: Verdict; to: Verdict } | null;
  dimensions: { dimension: Dimension; from: Status; to: Status }[];
  scores: ScoreDelta[];
  appeared: RunFinding[];
  disappeared: RunFinding[];
  /** Why the case counts as regressed (empty when it does not). */
  regressions: string[];
  improvements: string[];
  /** Scores measured now that were not before (neither better nor worse). */
  measured: string[];
  kind: ChangeKind;
}

export interface DatasetDiff {
  cases: { before: number; after: number; matched: number };
  verdicts: Record<Verdict, { before: number; after: number }>;
  means: ScoreDelta[];
  /** Dataset-level regressions (mean drops past the tolerance). */
  regressions: string[];
  counts: Record<ChangeKind, number>;
  perCase: CaseDiff[];
  /** Whether finding changes could be compared (both files carry findings). */
  findingsCompared: boolean;
  regressed: boolean;
  tolerance: number;
}

const VERDICT_RANK: Record<Verdict, number> = { FAIL: 0, INCOMPLETE: 1, PASS: 2 };
const STATUS_RANK: Record<Status, number> = { FAIL: 0, NOT_CHECKED: 1, PASS: 2 };
const EPS = 1e-9;

const r4 = (x: number): number => Math.round(x * 10000) / 10000;

/**
 * Pairs cases: by id where both have ids; then by query+answer hash; then by the query (its hash)
 * when it identifies one case on each side; what is left is paired by position only when both sides
 * have no key at all (files without ids or hashes), else it is added/removed.
 */
function pairCases(before: readonly RunCase[], after: readonly RunCase[]): { a: RunCase | null; b: RunCase | null; by: CaseDiff['matchedBy'] }[] {
  const pairs: { a: RunCase | null; b: RunCase | null; by: CaseDiff['matchedBy'] }[] = [];
  const usedA = new Set<RunCase>();
  const usedB = new Set<RunCase>();
  const byKey = (key: (c: RunCase) => string | null, by: CaseDiff['matchedBy'], uniqueOnly: boolean): void => {
    const index = new Map<string, RunCase[]>();
    for (const c of after) {
      if (usedB.has(c)) continue;
      const k = key(c);
      if (k === null) continue;
      const list = index.get(k);
      if (list) list.push(c);
      else index.set(k, [c]);
    }
    const countA = new Map<string, number>();
    if (uniqueOnly) for (const c of before) if (!usedA.has(c)) { const k = key(c); if (k !== null) countA.set(k, (countA.get(k) ?? 0) + 1); }
    for (const c of before) {
      if (usedA.has(c)) continue;
      const k = key(c);
      if (k === null) continue;
      const list = index.get(k);
      if (!list || list.length === 0) continue;
      if (uniqueOnly && (list.length !== 1 || countA.get(k) !== 1)) continue;
      // Duplicate ids or hashes pair up in file order.
      const b = list.shift()!;
      usedA.add(c);
      usedB.add(b);
      pairs.push({ a: c, b, by });
    }
  };
  byKey((c) => c.id, 'id', false);
  byKey((c) => c.inputHash, 'input_hash', false);
  // The query's hash stands for its text: the CLI's reports carry only the hash.
  byKey((c) => c.queryHash, 'query', true);
  const restA = before.filter((c) => !usedA.has(c));
  const restB = after.filter((c) => !usedB.has(c));
  const keyless = (c: RunCase): boolean => c.id === null && c.inputHash === null;
  if (restA.length === restB.length && restA.every(keyless) && restB.every(keyless)) {
    restA.forEach((a, i) => pairs.push({ a, b: restB[i]!, by: 'position' }));
  } else {
    for (const a of restA) pairs.push({ a, b: null, by: null });
    for (const b of restB) pairs.push({ a: null, b, by: null });
  }
  // Report in the order of the after file (then removed cases in before order).
  const order = (p: (typeof pairs)[number]): number => (p.b ? p.b.position : after.length + (p.a?.position ?? 0));
  return pairs.sort((x, y) => order(x) - order(y));
}

function findingDelta(before: readonly RunFinding[], after: readonly RunFinding[]): { appeared: RunFinding[]; disappeared: RunFinding[] } {
  // Multisets: the same finding twice before and once after is one disappearance.
  const count = new Map<string, number>();
  for (const f of before) count.set(f.key, (count.get(f.key) ?? 0) + 1);
  const appeared: RunFinding[] = [];
  for (const f of after) {
    const n = count.get(f.key) ?? 0;
    if (n > 0) count.set(f.key, n - 1);
    else appeared.push(f);
  }
  const disappeared: RunFinding[] = [];
  for (const f of before) {
    const n = count.get(f.key) ?? 0;
    if (n > 0) {
      disappeared.push(f);
      count.set(f.key, n - 1);
    }
  }
  return { appeared, disappeared };
}

const caseLabel = (c: RunCase): string => c.id ?? (c.query ? `“${c.query.length > 60 ? `${c.query.slice(0, 59)}…` : c.query}”` : `line ${c.line}`);

function diffCase(a: RunCase | null, b: RunCase | null, by: CaseDiff['matchedBy'], tolerance: number): CaseDiff {
  const name = caseLabel((b ?? a)!);
  const base: CaseDiff = {
    matchedBy: by,
    name,
    before: a ? { line: a.line, verdict: a.verdict } : null,
    after: b ? { line: b.line, verdict: b.verdict } : null,
    verdictChange: null,
    dimensions: [],
    scores: [],
    appeared: [],
    disappeared: [],
    regressions: [],
    improvements: [],
    measured: [],
    kind: a && b ? 'unchanged' : a ? 'removed' : 'added',
  };
  // A case that vanished from the after run was not checked at all: that hides whatever it had.
  if (!a || !b) {
    if (!b) base.regressions.push('missing from the after run');
    return base;
  }
  if (a.verdict !== b.verdict) {
    base.verdictChange = { from: a.verdict, to: b.verdict };
    (VERDICT_RANK[b.verdict] < VERDICT_RANK[a.verdict] ? base.regressions : base.improvements).push(`verdict ${a.verdict} → ${b.verdict}`);
  }
  for (const d of DATASET_DIMENSIONS) {
    const from = a.dimensions[d];
    const to = b.dimensions[d];
    if (from === to) continue;
    base.dimensions.push({ dimension: d, from, to });
    if (to === 'FAIL') base.regressions.push(`${d.toUpperCase()} ${from} → FAIL`);
    else if (from === 'FAIL' && to === 'PASS') base.improvements.push(`${d.toUpperCase()} FAIL → PASS`);
    else if (STATUS_RANK[to] < STATUS_RANK[from]) base.regressions.push(`${d.toUpperCase()} ${from} → ${to}`);
    else base.improvements.push(`${d.toUpperCase()} ${from} → ${to}`);
  }
  for (const k of SCORE_KEYS) {
    const before = a.scores[k];
    const after = b.scores[k];
    if (before === after) continue;
    const delta = before !== null && after !== null ? r4(after - before) : null;
    if (delta === 0) continue;
    base.scores.push({ score: k, before, after, delta });
    if (delta !== null) {
      if (delta < -tolerance - EPS) base.regressions.push(`${k} ${r4(before!)} → ${r4(after!)} (${delta})`);
      else if (delta > tolerance + EPS) base.improvements.push(`${k} ${r4(before!)} → ${r4(after!)} (+${delta})`);
    } else if (after === null) base.regressions.push(`${k} no longer measured (was ${r4(before!)})`);
    else base.measured.push(`${k} now measured (${r4(after)})`);
  }
  if (a.findings && b.findings) {
    const { appeared, disappeared } = findingDelta(a.findings, b.findings);
    base.appeared = appeared;
    base.disappeared = disappeared;
    const newErrors = appeared.filter((f) => f.severity === 'error');
    if (newErrors.length) base.regressions.push(`${plural('en', newErrors.length, { one: '# new error finding', other: '# new error findings' })} (${[...new Set(newErrors.map((f) => f.code))].join(', ')})`);
    const goneErrors = disappeared.filter((f) => f.severity === 'error');
    if (goneErrors.length) base.improvements.push(`${plural('en', goneErrors.length, { one: '# error finding', other: '# error findings' })} gone`);
  }
  if (a.error === null && b.error !== null) base.regressions.push(`audit error: ${b.error}`);
  base.kind = base.regressions.length
    ? 'regressed'
    : base.improvements.length
      ? 'improved'
      : base.measured.length
        ? 'newly_measured'
        : base.verdictChange || base.dimensions.length || base.scores.length || base.appeared.length || base.disappeared.length ? 'changed' : 'unchanged';
  return base;
}

function means(cases: readonly RunCase[]): Record<ScoreKey, number | null> {
  const out = {} as Record<ScoreKey, number | null>;
  for (const k of SCORE_KEYS) {
    let sum = 0;
    let n = 0;
    for (const c of cases) {
      const v = c.scores[k];
      if (v === null) continue;
      sum += v;
      n++;
    }
    out[k] = n ? r4(sum / n) : null;
  }
  return out;
}

/** `tolerance`: how far a score (per case and as a dataset mean) may drop before it counts as a regression. */
export function diffRuns(before: readonly RunCase[], after: readonly RunCase[], opts: { tolerance?: number } = {}): DatasetDiff {
  const tolerance = Math.max(0, opts.tolerance ?? 0);
  const perCase = pairCases(before, after).map((p) => diffCase(p.a, p.b, p.by, tolerance));
  const counts: Record<ChangeKind, number> = { regressed: 0, improved: 0, newly_measured: 0, changed: 0, unchanged: 0, added: 0, removed: 0 };
  for (const c of perCase) counts[c.kind]++;
  // A removed case is a regression (see diffCase) but keeps its own kind for the counts.
  const verdicts = {} as DatasetDiff['verdicts'];
  for (const v of ['PASS', 'INCOMPLETE', 'FAIL'] as const) verdicts[v] = { before: before.filter((c) => c.verdict === v).length, after: after.filter((c) => c.verdict === v).length };
  const mb = means(before);
  const ma = means(after);
  const regressions: string[] = [];
  const meansOut: ScoreDelta[] = SCORE_KEYS.map((k) => {
    const delta = mb[k] !== null && ma[k] !== null ? r4(ma[k]! - mb[k]!) : null;
    if (delta !== null && delta < -tolerance - EPS) regressions.push(`mean ${k} ${mb[k]} → ${ma[k]} (${delta})`);
    if (mb[k] !== null && ma[k] === null) regressions.push(`mean ${k} no longer measured (was ${mb[k]})`);
    return { score: k, before: mb[k], after: ma[k], delta };
  });
  return {
    cases: { before: before.length, after: after.length, matched: perCase.filter((c) => c.before && c.after).length },
    verdicts,
    means: meansOut,
    regressions,
    counts,
    perCase,
    findingsCompared: before.some((c) => c.findings) && after.some((c) => c.findings),
    regressed: regressions.length > 0 || perCase.some((c) => c.regressions.length > 0),
    tolerance,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

const signed = (x: number | null): string => (x === null ? '—' : x > 0 ? `+${x}` : String(x));
const val = (x: number | null): string => (x === null ? '—' : String(x));

function changedCases(d: DatasetDiff): CaseDiff[] {
  return d.perCase.filter((c) => c.kind !== 'unchanged');
}

export function diffToText(d: DatasetDiff, opts: { all?: boolean } = {}): string {
  const out: string[] = [];
  out.push(d.regressed ? 'REGRESSED' : 'NO REGRESSION', '');
  out.push(`cases: ${d.cases.before} before, ${d.cases.after} after, ${d.cases.matched} matched`);
  out.push(`changes: ${d.counts.regressed} regressed, ${d.counts.improved} improved, ${d.counts.newly_measured} newly measured, ${d.counts.changed} changed otherwise, ${d.counts.unchanged} unchanged, ${d.counts.added} added, ${d.counts.removed} removed`);
  out.push(`verdicts: ${(['PASS', 'INCOMPLETE', 'FAIL'] as const).map((v) => `${v} ${d.verdicts[v].before} → ${d.verdicts[v].after}`).join(', ')}`);
  if (d.tolerance) out.push(`tolerance: score drops up to ${d.tolerance} are ignored`);
  if (!d.findingsCompared) out.push('findings: not compared (a Dataset view JSONL carries no findings)');
  out.push('', 'means:');
  for (const m of d.means) if (m.before !== null || m.after !== null) out.push(`  ${m.score.padEnd(28)} ${val(m.before).padStart(7)} → ${val(m.after).padEnd(7)} ${signed(m.delta)}`);
  for (const r of d.regressions) out.push(`  ! ${r}`);
  for (const c of opts.all ? d.perCase : changedCases(d)) {
    out.push('', `${c.kind.replace('_', ' ').toUpperCase()}  ${c.name}${c.before && c.after ? `  (lines ${c.before.line} → ${c.after.line}${c.matchedBy && c.matchedBy !== 'id' ? `, matched by ${c.matchedBy}` : ''})` : ''}`);
    for (const r of c.regressions) out.push(`  - ${r}`);
    for (const r of c.improvements) out.push(`  + ${r}`);
    for (const r of c.measured) out.push(`  ~ ${r}`);
    for (const s of c.scores) if (s.delta !== null && !c.regressions.concat(c.improvements).some((x) => x.startsWith(`${s.score} `))) out.push(`    ${s.score} ${val(s.before)} → ${val(s.after)} (${signed(s.delta)}, within tolerance)`);
    for (const f of c.appeared) out.push(`    appeared    [${f.severity}] ${f.code}: ${f.message}`);
    for (const f of c.disappeared) out.push(`    disappeared [${f.severity}] ${f.code}: ${f.message}`);
  }
  return out.join('\n') + '\n';
}

/** A table cell: the same escaping as the audit's own Markdown (ci.ts). */
const md = mdCell;

export function diffToMarkdown(d: DatasetDiff, opts: { limit?: number } = {}): string {
  const out: string[] = [];
  out.push(`### ${d.regressed ? '❌ Citation audit regressed' : '✅ No citation regression'}`, '');
  out.push(`${d.cases.matched} of ${d.cases.after} cases matched · ${d.counts.regressed} regressed · ${d.counts.improved} improved · ${d.counts.newly_measured} newly measured · ${d.counts.added} added · ${d.counts.removed} removed`, '');
  out.push('| verdict | before | after |', '|---|---:|---:|');
  for (const v of ['PASS', 'INCOMPLETE', 'FAIL'] as const) out.push(`| ${v} | ${d.verdicts[v].before} | ${d.verdicts[v].after} |`);
  out.push('', '| score (mean) | before | after | Δ |', '|---|---:|---:|---:|');
  for (const m of d.means) {
    if (m.before === null && m.after === null) continue;
    const bad = d.regressions.some((r) => r.startsWith(`mean ${m.score} `));
    out.push(`| \`${m.score}\` | ${val(m.before)} | ${val(m.after)} | ${signed(m.delta)}${bad ? ' ❌' : ''} |`);
  }
  const shown = changedCases(d).filter((c) => c.kind === 'regressed' || c.kind === 'improved' || c.kind === 'newly_measured' || c.kind === 'removed' || c.kind === 'added');
  const limit = opts.limit ?? 20;
  if (shown.length) {
    out.push('', '| case | change | what |', '|---|---|---|');
    for (const c of shown.slice(0, limit)) out.push(`| ${md(c.name, 60)} | ${c.kind.replace('_', ' ')} | ${md([...c.regressions, ...c.improvements, ...c.measured].join('; ') || '—')} |`);
    if (shown.length > limit) out.push('', `…and ${shown.length - limit} more.`);
  }
  return out.join('\n') + '\n';
}
