// What a CI job needs from a batch of reports: dataset-level score thresholds (--fail-under),
// JUnit XML for test dashboards, a Markdown summary for a pull-request comment, and the progress
// line for long runs. Pure: every formatter takes the same report data the CLI already holds.
import { visibleControls } from '../text/text';
import { datasetMetrics, datasetRow, SCORE_KEYS, type DatasetMetrics } from './dataset';
import type { Finding, Report, Verdict } from '../types';
import { plural } from '../report/plural';
import { reasonsText, type LedgerSums } from '../report/ledger';
import { shares, stabilityLine, type StabilitySums } from '../report/stability';

/** One audited case as the CLI holds it: where it came from and its report. */
export interface CiCase {
  /** Input file ('-' for standard input). */
  file: string;
  /** Case id as written, if any. */
  id: string | null;
  /** Position over all inputs (0-based). */
  index: number;
  query: string;
  report: Report;
  /** Set when the model audit of this case failed (the report then holds what was judged). */
  error?: string;
}

/**
 * What --fail-under gates on: the dataset scores, `judged` (the ledger's share of claims judged)
 * and `stability` (with --repeat: the share of repeatedly judged pairs whose verdicts agree).
 */
export const GATE_KEYS = [...SCORE_KEYS, 'judged', 'stability'] as const;
export type GateKey = (typeof GATE_KEYS)[number];
const isGateKey = (s: string): s is GateKey => (GATE_KEYS as readonly string[]).includes(s);

// ---------------------------------------------------------------------------------------------
// Thresholds

export interface Threshold {
  score: GateKey;
  min: number;
}

/**
 * Parses `citation_recall=0.8,citation_coverage=0.95`. Throws with a message naming the bad part
 * (an unknown score lists the known ones), because a typo in a CI gate must not pass silently.
 */
export function parseThresholds(spec: string): Threshold[] {
  const out: Threshold[] = [];
  const parts = spec.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw new Error('--fail-under needs at least one SCORE=VALUE');
  for (const part of parts) {
    const m = /^([A-Za-z_]+)\s*(?:=|>=)\s*(\S+)$/.exec(part);
    if (!m) throw new Error(`--fail-under: "${part}" is not SCORE=VALUE`);
    const name = m[1]!.toLowerCase();
    if (!isGateKey(name)) throw new Error(`--fail-under: unknown score "${m[1]}"; known scores: ${GATE_KEYS.join(', ')}`);
    const raw = m[2]!;
    // Plain decimals only: Number() also reads 0x1, 0b1 and 1e0, which nobody means as a score.
    if (!/^(?:\d+(?:\.\d*)?|\.\d+)%?$/.test(raw)) throw new Error(`--fail-under: ${name} needs a decimal value between 0 and 1 (or 0–100%), not "${raw}"`);
    // A percentage is accepted because people write 95% as often as 0.95.
    const value = raw.endsWith('%') ? Number(raw.slice(0, -1)) / 100 : Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`--fail-under: ${name} needs a value between 0 and 1 (or 0–100%), not "${raw}"`);
    // Two thresholds for one score: which one was meant is a guess, so neither is taken.
    if (out.some((t) => t.score === name)) throw new Error(`--fail-under: ${name} is given twice; give each score once`);
    out.push({ score: name, min: value });
  }
  return out;
}

export interface ThresholdResult extends Threshold {
  /** The dataset mean, null when no case has the score. */
  measured: number | null;
  /** Cases that have the score. */
  n: number;
  passed: boolean;
}

const MODEL_SCORES: readonly GateKey[] = ['judged', 'stability', 'citation_recall', 'citation_precision', 'support_weighted_precision', 'mean_support', 'interpretability', 'correctness', 'overall_score'];

/** A score nobody measured fails its threshold: a gate that cannot see must not let through. */
export function checkThresholds(metrics: DatasetMetrics, thresholds: readonly Threshold[], ledger?: LedgerSums, stability?: StabilitySums): ThresholdResult[] {
  return thresholds.map((t) => {
    // `judged` is the run's share of claims needing judgement that were judged (every claim pooled);
    // `stability` the run's share of repeatedly judged pairs whose verdicts agree (every pair pooled).
    const s =
      t.score === 'judged'
        ? { mean: ledger && ledger.needing ? ledger.judged / ledger.needing : null, n: ledger?.cases ?? 0 }
        : t.score === 'stability'
          ? { mean: stability?.n ? (stability.n - stability.unstable) / stability.n : null, n: stability?.cases ?? 0 }
          : metrics.scores[t.score];
    // Compared at the precision the means are reported at (4 decimals), so 0.8 ≥ 0.8 after rounding noise.
    const passed = s.mean !== null && s.mean >= t.min - 1e-9;
    return { ...t, measured: s.mean, n: s.n, passed };
  });
}

export function describeThresholdFailure(r: ThresholdResult): string {
  if (r.score === 'judged' && r.measured !== null) return `judged: ${fmt(r.measured)} of the claims needing judgement over ${plural('en', r.n, { one: '# case', other: '# cases' })} < required ${fmt(r.min)}`;
  if (r.score === 'stability' && r.measured !== null) return `stability: ${fmt(r.measured)} of the citations judged repeatedly got the same verdict every time, over ${plural('en', r.n, { one: '# case', other: '# cases' })} < required ${fmt(r.min)}`;
  if (r.measured === null) {
    const hint = MODEL_SCORES.includes(r.score) ? (r.score === 'correctness' ? ' (needs --model and a gold_answer)' : r.score === 'stability' ? ' (needs --model with --repeat K or --strict)' : ' (needs --model)') : r.score === 'source_verification' ? ' (no citation carries a quote)' : '';
    return `${r.score}: not measured on any case${hint}; required ≥ ${fmt(r.min)}`;
  }
  return `${r.score}: mean ${fmt(r.measured)} over ${plural('en', r.n, { one: '# case', other: '# cases' })} < required ${fmt(r.min)}`;
}

const fmt = (x: number): string => String(Math.round(x * 10000) / 10000);
const sentenceStart = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------------------------
// Shared report data

export function ciMetrics(cases: readonly CiCase[]): DatasetMetrics {
  return datasetMetrics(cases.map((c) => datasetRow(c.index, c.index + 1, c.report, c.query)));
}

const SEVERITY_RANK: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 };

/** The finding a reader should see first: errors before warnings, then answer order. */
export function topFinding(report: Report): Finding | null {
  let best: Finding | null = null;
  for (const f of report.findings) {
    if (!best || SEVERITY_RANK[f.severity] < SEVERITY_RANK[best.severity]) best = f;
  }
  return best;
}

/** One line naming what is wrong with a case: its top finding, else its first dimension issue. */
export function caseHeadline(report: Report): string {
  const f = topFinding(report);
  if (f && f.severity !== 'info') return `${f.dimension}: ${f.message}`;
  for (const [d, dim] of Object.entries(report.dimensions)) {
    if (dim.status === 'FAIL' && dim.issues.length) return `${d}: ${dim.issues[0]}`;
  }
  return f ? `${f.dimension}: ${f.message}` : '';
}

const VERDICT_RANK: Record<Verdict, number> = { FAIL: 0, INCOMPLETE: 1, PASS: 2 };

export type Badness = [number, number, number];

export function caseBadness(c: CiCase): Badness {
  const r = c.report;
  const errors = r.findings.filter((f) => f.severity === 'error').length;
  // The most telling score available: overall with the model, else coverage.
  const s = r.scores.overall_score ?? r.scores.mean_support ?? r.scores.citation_coverage ?? 1;
  return [c.error ? -1 : VERDICT_RANK[r.verdict], -errors, s];
}

/** Cases from worst to best: failing first, then more errors, then lower score; stable. */
export function worstCases(cases: readonly CiCase[], limit: number): CiCase[] {
  return cases
    .map((c, i) => ({ c, i, k: caseBadness(c) }))
    .sort((a, b) => compareBadness(a.k, b.k) || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.c);
}

/** Negative when `a` is the worse case (sorts first). */
export const compareBadness = (a: Badness, b: Badness): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

export const caseName = (c: CiCase): string => c.id ?? `#${c.index + 1}`;

// ---------------------------------------------------------------------------------------------
// JUnit XML

/**
 * Controls and bidirectional controls as visible escapes (visibleControls: a dashboard must not
 * reorder a test name), then what XML 1.0 still does not allow (lone surrogates) replaced.
 */
export function xmlEscape(s: string): string {
  return visibleControls(s)
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function findingLine(f: Finding): string {
  const where = f.excerpt ? ` — “${f.excerpt}”` : '';
  return `[${f.severity}] ${f.dimension}/${f.code}: ${f.message}${where}`;
}

/**
 * One testcase per audited case. A FAIL verdict is a <failure> carrying the findings; a model
 * error is an <error>; INCOMPLETE passes (as the exit status does) with the reason in system-out.
 * The whole document at once (the library's report writer); the CLI streams junitTestcase()
 * between junitFrame()'s head and tail instead.
 */
export function toJunit(cases: readonly CiCase[], opts: { suite?: string; thresholds?: readonly ThresholdResult[] } = {}): string {
  const counts = { cases: cases.length, failures: 0, errors: 0 };
  const body: string[] = [];
  for (const c of cases) {
    if (c.error) counts.errors++;
    else if (c.report.verdict === 'FAIL') counts.failures++;
    body.push(junitTestcase(c));
  }
  const { head, tail } = junitFrame(counts, opts);
  return head + body.join('') + tail;
}

/** One case's <testcase> element, with its line end: the CLI streams these and frames them last. */
export function junitTestcase(c: CiCase): string {
  const r = c.report;
  const attrs = `classname="${xmlEscape(c.file === '-' ? 'stdin' : c.file)}" name="${xmlEscape(caseName(c))}"`;
  const findings = r.findings.filter((f) => f.severity !== 'info').map(findingLine);
  const failedDims = Object.entries(r.dimensions).filter(([, d]) => d.status === 'FAIL').map(([k]) => k.toUpperCase());
  const body: string[] = [];
  if (c.error) {
    body.push(`      <error message="${xmlEscape(c.error)}" type="model_error">${xmlEscape(findings.join('\n'))}</error>`);
  } else if (r.verdict === 'FAIL') {
    const message = `${failedDims.join(', ')} failed: ${caseHeadline(r)}`;
    body.push(`      <failure message="${xmlEscape(message)}" type="FAIL">${xmlEscape([...findings, ...failedIssues(r)].join('\n'))}</failure>`);
  }
  const l = r.meta.ledger;
  const ledger = l ? `; claims judged ${l.local + l.model} of ${l.needing}${l.unjudged ? `, unjudged ${l.unjudged} (${reasonsText(l.reasons)})` : ''}` : '';
  const st = r.meta.stability;
  const stable = st ? `; ${stabilityLine(st)}` : '';
  body.push(`      <system-out>${xmlEscape(`verdict ${r.verdict}${ledger}${stable}; ${r.summary}`)}</system-out>`);
  return [`    <testcase ${attrs}>`, ...body, '    </testcase>'].join('\n') + '\n';
}

/**
 * What goes before and after the testcases: the suite with its counts (cases whose verdict is
 * FAIL without a model error are failures, model errors are errors) and the --fail-under gates.
 */
export function junitFrame(
  counts: { cases: number; failures: number; errors: number },
  opts: { suite?: string; thresholds?: readonly ThresholdResult[]; ledger?: LedgerSums; stability?: StabilitySums } = {},
): { head: string; tail: string } {
  const suite = opts.suite ?? 'citation-audit';
  const gateFailures = (opts.thresholds ?? []).filter((t) => !t.passed);
  const total = counts.cases + (opts.thresholds?.length ?? 0);
  const failures = counts.failures + gateFailures.length;
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(suite)}" tests="${total}" failures="${failures}" errors="${counts.errors}">`,
    `  <testsuite name="${xmlEscape(suite)}" tests="${total}" failures="${failures}" errors="${counts.errors}" skipped="0">`,
  ];
  // The ledger of the model-judged cases: claims needing judgement, judged, unjudged by reason.
  // With repeats, the stability of the run's pairs: how many were judged repeatedly, how many changed.
  const l = opts.ledger;
  const st = opts.stability;
  const props: [string, number][] = [];
  if (l && l.cases) props.push(['claims_needing_judgement', l.needing], ['claims_judged', l.judged], ['claims_unjudged', l.unjudged], ...Object.entries(l.reasons).map(([k, v]): [string, number] => [`claims_unjudged_${k}`, v]));
  if (st && st.cases) {
    const sh = shares(st);
    props.push(['pairs_judged_repeatedly', st.n], ['pairs_unstable', st.unstable]);
    if (sh.agreeing_share !== null) props.push(['stability', sh.agreeing_share], ['pairwise_agreement', sh.pairwise_agreement!]);
  }
  if (props.length) head.push('    <properties>', ...props.map(([name, value]) => `      <property name="${name}" value="${value}"/>`), '    </properties>');
  const tail: string[] = [];
  for (const t of opts.thresholds ?? []) {
    const attrs = `classname="fail-under" name="${xmlEscape(`${t.score} >= ${fmt(t.min)}`)}"`;
    if (t.passed) tail.push(`    <testcase ${attrs}/>`);
    else tail.push(`    <testcase ${attrs}>`, `      <failure message="${xmlEscape(describeThresholdFailure(t))}" type="threshold"/>`, '    </testcase>');
  }
  tail.push('  </testsuite>', '</testsuites>');
  return { head: head.join('\n') + '\n', tail: tail.join('\n') + '\n' };
}

/** Dimension issues not already said by a finding (e.g. a model verdict), so the failure is complete. */
function failedIssues(r: Report): string[] {
  const said = new Set(r.findings.map((f) => f.message));
  const out: string[] = [];
  for (const [d, dim] of Object.entries(r.dimensions)) {
    if (dim.status !== 'FAIL') continue;
    for (const issue of dim.issues) if (!said.has(issue)) out.push(`[${d}] ${issue}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Markdown (a pull-request comment)

/** Table cells: pipes and line breaks would break the row; backticks and angle brackets are neutralised. */
export function mdCell(s: string, max = 160): string {
  // Control and bidi characters go first (they would reach the reader's screen as they are).
  const one = s.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  const cut = one.length > max ? `${one.slice(0, max - 1)}…` : one;
  // The case column quotes the input: in a pull-request comment a link, an image (a beacon
  // fetched by every reader), emphasis, HTML or an entity there would act, so each inline
  // character that could start one is escaped and the text reads as typed.
  return cut
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`/g, "'")
    .replace(/[\\|*_[\]()!~$#]/g, (ch) => `\\${ch}`);
}

const pct = (x: number | null): string => (x === null ? '—' : `${(Math.round(x * 1000) / 10).toFixed(1)} %`);

/**
 * `metrics`, when given, are the whole run's (summed as it went), and `cases` then need only hold
 * the candidates for the worst-cases table (at least the `worst` worst of the run).
 */
export function toMarkdown(cases: readonly CiCase[], opts: { title?: string; worst?: number; thresholds?: readonly ThresholdResult[]; metrics?: DatasetMetrics; ledger?: LedgerSums; stability?: StabilitySums } = {}): string {
  const m = opts.metrics ?? ciMetrics(cases);
  const out: string[] = [];
  const gateFailed = (opts.thresholds ?? []).some((t) => !t.passed);
  const failing = m.verdicts.FAIL;
  const status = failing > 0 || gateFailed ? '❌' : '✅';
  out.push(`### ${status} ${mdCell(opts.title ?? 'Citation audit')}`, '');
  out.push(`${plural('en', m.cases, { one: '# case', other: '# cases' })} audited${m.checkedByModel ? ` (${m.checkedByModel} with the model)` : ' (local checks only)'}.`, '');
  const l = opts.ledger;
  if (l && l.cases) {
    out.push(`Claims needing judgement: ${l.needing}; judged: ${l.judged}; unjudged: ${l.unjudged}${l.unjudged ? ` (${reasonsText(l.reasons)})` : ''}.`, '');
  }
  if (opts.stability?.cases) out.push(`${sentenceStart(stabilityLine(opts.stability))}.`, '');
  out.push('| verdict | cases |', '|---|---:|');
  for (const v of ['FAIL', 'INCOMPLETE', 'PASS'] as const) out.push(`| ${v} | ${m.verdicts[v]} |`);
  out.push('');
  const thresholds = new Map((opts.thresholds ?? []).map((t) => [t.score, t]));
  const scoreRows = SCORE_KEYS.filter((k) => m.scores[k].n > 0 || thresholds.has(k));
  if (scoreRows.length) {
    out.push('| score | mean | cases | gate |', '|---|---:|---:|---|');
    for (const k of scoreRows) {
      const t = thresholds.get(k);
      const gate = t ? `${t.passed ? '✅' : '❌'} ≥ ${fmt(t.min)}` : '';
      out.push(`| \`${k}\` | ${pct(m.scores[k].mean)} | ${m.scores[k].n} | ${gate} |`);
    }
    out.push('');
  }
  const worst = worstCases(cases, opts.worst ?? 10).filter((c) => c.error || c.report.verdict === 'FAIL' || c.report.findings.some((f) => f.severity !== 'info'));
  if (worst.length) {
    out.push(`**Worst cases**`, '', '| case | verdict | errors | top finding |', '|---|---|---:|---|');
    for (const c of worst) {
      const errors = c.report.findings.filter((f) => f.severity === 'error').length;
      const headline = c.error ? `model error: ${c.error}` : caseHeadline(c.report);
      out.push(`| ${mdCell(caseName(c), 60)} | ${c.report.verdict} | ${errors} | ${mdCell(headline || '—')} |`);
    }
    out.push('');
  }
  for (const t of opts.thresholds ?? []) if (!t.passed) out.push(`- ❌ ${mdCell(describeThresholdFailure(t), 300)}`);
  return out.join('\n').replace(/\n+$/, '') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Progress (stderr, terminals only)

export function progressLine(done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const left = total - done;
  const eta = rate > 0 ? left / rate : null;
  const pctDone = total ? Math.floor((done / total) * 100) : 100;
  return `${done}/${total} cases (${pctDone} %) · ${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s · ETA ${eta === null ? '—' : duration(eta)}`;
}

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
