// `npm run eval:local`: how often each local signal fires on claims humans judged supported
// (false alarms) and on claims they judged not supported (detection), over the labelled cases in
// ../shared/cases: the AttributionBench sample, WiCE dev and Factcheck-GPT dev (supported / partially / not supported)
// and the labelled single cases. Printed per data set: false alarms on SUP, detection on NOT and
// on PARTIAL, balanced accuracy (the mean of the SUP pairs left quiet and the NOT pairs flagged)
// and, where a set marks them (Factcheck-GPT's `human_label` refute), detection on the NOT claims
// the passage refutes. Hints (severity info) are counted per signal but not in "any warning".
//
// A signal is a finding of the numbers or relevance checks or of the key-less content signals,
// counted per finding code. A labelled claim counts as flagged by a signal when a finding with
// that code belongs to an audit claim overlapping the labelled text (or, without a claim index,
// overlaps the text itself). A claim whose text cannot be found in its answer is skipped and
// counted.
//
// EVAL_ROOT=<dir holding src/> measures another checkout's code (e.g. an export of main), so
// before/after can be compared with the same script.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.env.EVAL_ROOT || process.cwd());
const CASES = join(process.cwd(), '..', 'shared', 'cases');
const LABELLED = ['attributionbench_sampled500', 'wice_dev', 'factcheckgpt_dev'];

type AuditFn = (c: unknown) => {
  claims: { index: number; start: number; end: number }[];
  findings: { check: string; code: string; severity: string; message: string; start: number; end: number; claim_index?: number }[];
};
const { auditCase } = (await import(pathToFileURL(join(root, 'src/core/audit.ts')).href)) as { auditCase: AuditFn };
const { parseCaseText } = (await import(pathToFileURL(join(root, 'src/core/parse/case.ts')).href)) as {
  parseCaseText: (s: string) => { value?: unknown; errors: { message: string }[] };
};

// Checks whose findings are hints about content rather than about form.
const SIGNAL_CHECKS = new Set(['numbers', 'relevance', 'content']);
// Notes that say how a name was found: no signal of a problem.
const NOT_SIGNALS = new Set(['name_equivalent']);

type Side = 'sup' | 'partial' | 'not';

interface Labelled {
  source: string;
  text: string;
  side: Side;
  /** Factcheck-GPT: the passage refutes the claim (a NOT claim the passage contradicts). */
  refuted?: boolean;
}

interface Raw {
  answer: string;
  human_labels?: unknown;
  /** WiCE: SUP / PARTIAL / NOT, for the claim `claim`. */
  label3?: string;
  claim?: string;
  /** Factcheck-GPT: completely-support / partially-support / refute / irrelevant. */
  human_label?: unknown;
}

/** The labelled claims of one case, in the label formats the shared cases use. */
function labelsOf(raw: Raw, source: string): Labelled[] {
  const h = raw.human_labels as unknown;
  const out: Labelled[] = [];
  const two = (supported: boolean): Side => (supported ? 'sup' : 'not');
  if (typeof raw.label3 === 'string' && typeof raw.claim === 'string') {
    const side = ({ SUP: 'sup', PARTIAL: 'partial', NOT: 'not' } as const)[raw.label3 as 'SUP' | 'PARTIAL' | 'NOT'];
    if (side) out.push({ source, text: raw.claim, side, refuted: raw.human_label === 'refute' });
    return out;
  }
  if (Array.isArray(h)) {
    for (const l of h as Record<string, unknown>[]) {
      // AttributionBench: attributable / not attributable.
      if (typeof l.attribution_label === 'string' && typeof l.claim === 'string') {
        out.push({ source, text: l.claim, side: two(l.attribution_label === 'attributable') });
      } else if (typeof l.support === 'string' && typeof l.claim_string === 'string') {
        // ExpertQA: Complete is supported; Partial and Missing are not (AttributionBench's own
        // mapping); N/A (no claim worth checking) is left out.
        if (l.support === 'N/A') continue;
        out.push({ source, text: l.claim_string, side: two(l.support === 'Complete') });
      }
    }
  } else if (h && typeof h === 'object') {
    const o = h as Record<string, unknown>;
    // CTKFacts: one claim, the whole answer.
    if (typeof o.label === 'string') out.push({ source, text: raw.answer, side: two(o.label === 'SUPPORTS') });
    // Liu et al. 2023: per statement, Yes / Partially / No; unjudged statements are left out.
    const ann = (o.annotation as Record<string, unknown> | undefined)?.statement_to_annotation as Record<string, { statement_supported?: unknown }> | undefined;
    if (ann) {
      for (const [text, a] of Object.entries(ann)) {
        if (typeof a?.statement_supported !== 'string') continue;
        out.push({ source, text, side: two(a.statement_supported === 'Yes') });
      }
    }
  }
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Span of `text` in `answer` (whitespace-insensitive), the n-th occurrence when repeated. */
function locate(answer: string, text: string, nth: number): { start: number; end: number } | undefined {
  const want = squash(text);
  if (!want) return undefined;
  // Map squashed offsets back to the answer's.
  const map: number[] = [];
  let flat = '';
  let space = false;
  for (let i = 0; i < answer.length; i++) {
    const ch = answer[i]!;
    if (/\s/.test(ch)) {
      space = flat.length > 0;
      continue;
    }
    if (space) {
      flat += ' ';
      map.push(i);
      space = false;
    }
    flat += ch;
    map.push(i);
  }
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = flat.indexOf(want, at + 1);
    if (at < 0) return k === 0 ? undefined : locate(answer, text, 0);
  }
  return { start: map[at]!, end: map[at + want.length - 1]! + 1 };
}

// `refuted` counts the NOT claims whose passage refutes them (Factcheck-GPT), a subset of `not`.
type Tally = Record<Side | 'refuted', number>;
const tally = (): Tally => ({ sup: 0, partial: 0, not: 0, refuted: 0 });

const cases: { name: string; raw: Raw; value: unknown }[] = [];
for (const set of LABELLED) {
  const file = join(CASES, 'labelled', `${set}.jsonl`);
  if (!existsSync(file)) continue;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = parseCaseText(line);
    if (!r.value) throw new Error(`labelled case: ${r.errors.map((e) => e.message).join('; ')}`);
    cases.push({ name: set, raw: JSON.parse(line) as Raw, value: r.value });
  }
}
if (existsSync(CASES)) {
  for (const f of readdirSync(CASES).filter((x) => x.endsWith('.json')).sort()) {
    const text = readFileSync(join(CASES, f), 'utf8');
    const raw = JSON.parse(text) as Raw;
    if (!raw.human_labels) continue;
    const r = parseCaseText(text);
    if (!r.value) throw new Error(`${f}: ${r.errors.map((e) => e.message).join('; ')}`);
    cases.push({ name: f.replace(/\.json$/, ''), raw, value: r.value });
  }
}

/** Per data set: the claims on each side, and per signal how many of them it flagged. */
interface SetTally {
  n: Tally;
  bySignal: Map<string, Tally>;
  /** Any warning or error of the signal checks (hints left out). */
  any: Tally;
  /** Any signal, hints included. */
  anyHint: Tally;
}
const sets = new Map<string, SetTally>();
let skipped = 0;
const verbose = process.argv.includes('--verbose');
const SIDE_NAME: Record<Side, string> = { sup: 'SUP    ', partial: 'PARTIAL', not: 'NOT    ' };

for (const { name, raw, value } of cases) {
  const report = auditCase(value);
  const answer = (value as { answer: string }).answer;
  const seen = new Map<string, number>();
  const setName = LABELLED.includes(name) ? name : 'single labelled cases';
  let st = sets.get(setName);
  if (!st) sets.set(setName, (st = { n: tally(), bySignal: new Map(), any: tally(), anyHint: tally() }));
  for (const l of labelsOf(raw, name)) {
    const nth = seen.get(l.text) ?? 0;
    seen.set(l.text, nth + 1);
    const span = locate(answer, l.text, nth);
    if (!span) {
      skipped++;
      continue;
    }
    const claimIdx = new Set(report.claims.filter((c) => c.start < span.end && span.start < c.end).map((c) => c.index));
    const codes = new Set<string>();
    const messages: string[] = [];
    let warned = false;
    for (const f of report.findings) {
      if (!SIGNAL_CHECKS.has(f.check) || NOT_SIGNALS.has(f.code)) continue;
      const mine = f.claim_index !== undefined ? claimIdx.has(f.claim_index) : f.start < span.end && span.start < f.end;
      if (!mine) continue;
      codes.add(f.code);
      if (f.severity !== 'info') warned = true;
      messages.push(`${f.code}: ${f.message.slice(0, 160)}`);
    }
    const count = (t: Tally) => {
      t[l.side]++;
      if (l.refuted) t.refuted++;
    };
    count(st.n);
    for (const code of codes) {
      let t = st.bySignal.get(code);
      if (!t) st.bySignal.set(code, (t = tally()));
      count(t);
    }
    if (warned) count(st.any);
    if (codes.size) {
      count(st.anyHint);
      if (verbose) console.log(`${SIDE_NAME[l.side]} ${name}: ${squash(l.text).slice(0, 140)}\n    ${messages.join('\n    ')}`);
    }
  }
}

const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)} % (${k}/${n})` : '–');
const balanced = (t: Tally, n: Tally) => (n.sup && n.not ? `${((100 * (1 - t.sup / n.sup + t.not / n.not)) / 2).toFixed(1)} %` : '–');
console.log(`Local signals over human-labelled claims (code under ${root})`);
if (skipped) console.log(`${skipped} labelled claims not found in their answer (skipped)`);
for (const [setName, st] of sets) {
  const refuted = st.n.refuted > 0;
  console.log(`\n${setName}: ${st.n.sup} SUP, ${st.n.partial} PARTIAL, ${st.n.not} NOT${refuted ? ` (${st.n.refuted} of them refuted)` : ''}`);
  const rows: string[][] = [['signal', 'false alarms on SUP', 'detection on NOT', 'detection on PARTIAL', 'balanced acc.', ...(refuted ? ['detection on refuted'] : [])]];
  const row = (label: string, t: Tally) =>
    rows.push([label, pct(t.sup, st.n.sup), pct(t.not, st.n.not), st.n.partial ? pct(t.partial, st.n.partial) : '–', balanced(t, st.n), ...(refuted ? [pct(t.refuted, st.n.refuted)] : [])]);
  for (const [code, t] of [...st.bySignal].sort((a, b) => a[0].localeCompare(b[0]))) row(code, t);
  row('any warning', st.any);
  row('any, hints too', st.anyHint);
  const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i]!)).join('  ').trimEnd());
}
