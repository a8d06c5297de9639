// `npm run eval:local`: how often each local signal fires on claims humans judged supported
// (false alarms) and on claims they judged not supported (detection), over the labelled cases in
// ../shared/cases (the AttributionBench sample and the labelled single cases).
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
const LABELLED = join(CASES, 'labelled', 'attributionbench_sampled500.jsonl');

type AuditFn = (c: unknown) => {
  claims: { index: number; start: number; end: number }[];
  findings: { check: string; code: string; start: number; end: number; claim_index?: number }[];
};
const { auditCase } = (await import(pathToFileURL(join(root, 'src/core/audit.ts')).href)) as { auditCase: AuditFn };
const { parseCaseText } = (await import(pathToFileURL(join(root, 'src/core/parse/case.ts')).href)) as {
  parseCaseText: (s: string) => { value?: unknown; errors: { message: string }[] };
};

// Checks whose findings are hints about content rather than about form.
const SIGNAL_CHECKS = new Set(['numbers', 'relevance', 'content']);

interface Labelled {
  source: string;
  text: string;
  supported: boolean;
}

interface Raw {
  answer: string;
  human_labels?: unknown;
}

/** The labelled claims of one case, in the label formats the shared cases use. */
function labelsOf(raw: Raw, source: string): Labelled[] {
  const h = raw.human_labels as unknown;
  const out: Labelled[] = [];
  if (Array.isArray(h)) {
    for (const l of h as Record<string, unknown>[]) {
      // AttributionBench: attributable / not attributable.
      if (typeof l.attribution_label === 'string' && typeof l.claim === 'string') {
        out.push({ source, text: l.claim, supported: l.attribution_label === 'attributable' });
      } else if (typeof l.support === 'string' && typeof l.claim_string === 'string') {
        // ExpertQA: Complete is supported; Partial and Missing are not (AttributionBench's own
        // mapping); N/A (no claim worth checking) is left out.
        if (l.support === 'N/A') continue;
        out.push({ source, text: l.claim_string, supported: l.support === 'Complete' });
      }
    }
  } else if (h && typeof h === 'object') {
    const o = h as Record<string, unknown>;
    // CTKFacts: one claim, the whole answer.
    if (typeof o.label === 'string') out.push({ source, text: raw.answer, supported: o.label === 'SUPPORTS' });
    // Liu et al. 2023: per statement, Yes / Partially / No; unjudged statements are left out.
    const ann = (o.annotation as Record<string, unknown> | undefined)?.statement_to_annotation as Record<string, { statement_supported?: unknown }> | undefined;
    if (ann) {
      for (const [text, a] of Object.entries(ann)) {
        if (typeof a?.statement_supported !== 'string') continue;
        out.push({ source, text, supported: a.statement_supported === 'Yes' });
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

interface Tally {
  supported: number;
  unsupported: number;
}

const cases: { name: string; raw: Raw; value: unknown }[] = [];
for (const line of readFileSync(LABELLED, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const r = parseCaseText(line);
  if (!r.value) throw new Error(`labelled case: ${r.errors.map((e) => e.message).join('; ')}`);
  cases.push({ name: 'attributionbench_sampled500', raw: JSON.parse(line) as Raw, value: r.value });
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

const totals: Tally = { supported: 0, unsupported: 0 };
const bySignal = new Map<string, Tally>();
const anySignal: Tally = { supported: 0, unsupported: 0 };
const perSource = new Map<string, { n: Tally; any: Tally }>();
let skipped = 0;
const verbose = process.argv.includes('--verbose');

for (const { name, raw, value } of cases) {
  const report = auditCase(value);
  const answer = (value as { answer: string }).answer;
  const seen = new Map<string, number>();
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
    for (const f of report.findings) {
      if (!SIGNAL_CHECKS.has(f.check)) continue;
      const mine = f.claim_index !== undefined ? claimIdx.has(f.claim_index) : f.start < span.end && span.start < f.end;
      if (mine) codes.add(f.code);
    }
    const side = l.supported ? 'supported' : 'unsupported';
    totals[side]++;
    const src = l.source.startsWith('attributionbench_sampled500') ? 'attributionbench_sampled500' : 'single labelled cases';
    let ps = perSource.get(src);
    if (!ps) perSource.set(src, (ps = { n: { supported: 0, unsupported: 0 }, any: { supported: 0, unsupported: 0 } }));
    ps.n[side]++;
    for (const code of codes) {
      let t = bySignal.get(code);
      if (!t) bySignal.set(code, (t = { supported: 0, unsupported: 0 }));
      t[side]++;
    }
    if (codes.size) {
      anySignal[side]++;
      ps.any[side]++;
      if (verbose) console.log(`${l.supported ? 'SUPPORTED  ' : 'UNSUPPORTED'} [${[...codes].join(', ')}] ${name}: ${squash(l.text).slice(0, 140)}`);
    }
  }
}

const rate = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)} % (${k}/${n})` : '–');
console.log(`Local signals over human-labelled claims (code under ${root})`);
console.log(`claims: ${totals.supported} supported, ${totals.unsupported} not supported${skipped ? `, ${skipped} not found in their answer (skipped)` : ''}\n`);
const rows: [string, string, string][] = [['signal', 'on supported (false alarms)', 'on not supported (detection)']];
for (const [code, t] of [...bySignal].sort((a, b) => a[0].localeCompare(b[0]))) rows.push([code, rate(t.supported, totals.supported), rate(t.unsupported, totals.unsupported)]);
rows.push(['any signal', rate(anySignal.supported, totals.supported), rate(anySignal.unsupported, totals.unsupported)]);
for (const [src, ps] of perSource) rows.push([`  any, ${src}`, rate(ps.any.supported, ps.n.supported), rate(ps.any.unsupported, ps.n.unsupported)]);
const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(`${r[0].padEnd(w[0]!)}  ${r[1].padEnd(w[1]!)}  ${r[2]}`);
