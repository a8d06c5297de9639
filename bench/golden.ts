// The golden check (issue 22): every output the tool writes, for the shared cases, the labelled
// cases and a generated set, under several option sets, hashed and compared with the committed
// expectation (bench/golden.expected.json). A refactor that changes no behaviour passes it; any
// change of output names the case, the option set and the format that changed.
//
//   npm run golden              check (exit 1 with the changed items)
//   npm run golden -- --update  write the expectation again (an intended change: same commit, reason in the body)
//
// The CLI is run in this process through its own entry (src/cli.ts main, --jobs 1), on files
// with paths relative to the checkout, so its output is what `citation-audit` prints.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { auditCaseScanned } from '../src/core/audit';
import { fixesFor } from '../src/core/fixes/fixes';
import { localizeReport } from '../src/core/report/localize';
import { renderTextReport } from '../src/core/report/textReport';
import type { AuditCase, AuditOptions, Report } from '../src/core/types';
import { readCaseLine } from '../src/cli/cases';
import { main } from '../src/cli';
import { exportFile } from '../src/state/engine/engine';
import { SHARED_CASES, loadSharedCases } from './core';
import { generateVariedCases } from './generate';

const EXPECTED = join(import.meta.dirname, 'golden.expected.json');
const WORK = join(process.cwd(), 'node_modules', '.cache', 'golden');
const GENERATED = 300;
const GENERATED_SEED = 2201;
/** The labelled files (../shared/cases/labelled) and how many of their lines are audited. */
const LABELLED: [string, number][] = [
  ['attributionbench_sampled500.jsonl', Infinity],
  ['wice_dev.jsonl', 100],
];

interface OptionSet {
  name: string;
  audit: AuditOptions;
  /** The same options on the CLI's command line (plus CLI-only ones: thresholds). */
  args: string[];
}

const OPTION_SETS: OptionSet[] = [
  { name: 'default', audit: {}, args: [] },
  { name: 'lang-cs', audit: { language: 'cs' }, args: ['--lang', 'cs'] },
  { name: 'paragraph', audit: { citationScope: 'paragraph' }, args: ['--citation-scope', 'paragraph'] },
  {
    name: 'style-brackets',
    audit: { requiredStyle: 'bracket_number', language: 'en' },
    args: ['--require-style', 'brackets', '--lang', 'en', '--fail-under', 'citation_recall=0.8,citation_coverage=0.95'],
  },
];

/** The formats kept per case and option set, in the order the expectation writes their hashes. */
const CASE_FORMATS = ['report', 'text', 'page.report-json', 'page.claims-jsonl', 'page.claims-csv', 'page.screen', 'fixes', 'cli.json', 'cli.text', 'cli.junit'] as const;
type CaseFormat = (typeof CASE_FORMATS)[number];
/** Per input set and option set: what the CLI writes for the run as a whole. */
const RUN_FORMATS = ['cli.markdown', 'cli.junit-frame', 'cli.status'] as const;

interface Input {
  name: string;
  c: AuditCase;
}

/** One CLI invocation's input: the files it is given and the cases they hold, in order. */
interface InputSet {
  name: string;
  files: string[];
  cases: Input[];
  /** The option sets it is audited under: the labelled cases (whole web pages, one claim each) only under the defaults, to keep the check fast. */
  only?: string[];
}

const hash = (s: string): string => createHash('sha256').update(s).digest('hex').slice(0, 16);

function inputSets(): { sets: InputSet[]; missingShared: boolean } {
  mkdirSync(WORK, { recursive: true });
  const sets: InputSet[] = [];
  const rel = (p: string) => relative(process.cwd(), p);
  const shared = loadSharedCases();
  if (shared.length) {
    sets.push({ name: 'shared', files: shared.map(({ name }) => rel(join(SHARED_CASES, `${name}.json`))), cases: shared.map(({ name, c }) => ({ name: `shared/${name}`, c })) });
    // The labelled cases (one claim each, whole web pages as chunks): every one of AttributionBench,
    // the first of WiCE's (its pages make it the slowest part of the check), in one file of ours.
    const labelled = join(SHARED_CASES, 'labelled');
    const cases: Input[] = [];
    const lines: string[] = [];
    for (const [f, limit] of LABELLED) {
      const path = join(labelled, f);
      if (!existsSync(path)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .slice(0, limit)
        .forEach((line, i) => {
          if (!line.trim()) return;
          const r = readCaseLine(line, f, i + 1);
          if (!r.c) throw new Error(`${f}:${i + 1}: ${r.errors.join('; ')}`);
          cases.push({ name: `labelled/${f.replace(/\.jsonl$/, '')}:${i + 1}`, c: r.c });
          lines.push(line);
        });
    }
    if (cases.length) {
      const file = join(WORK, 'labelled.jsonl');
      writeFileSync(file, `${lines.join('\n')}\n`);
      sets.push({ name: 'labelled', files: [rel(file)], cases, only: ['default'] });
    }
  }
  const generated = generateVariedCases(GENERATED, GENERATED_SEED);
  const file = join(WORK, 'generated.jsonl');
  writeFileSync(file, generated.map((c) => JSON.stringify(c)).join('\n') + '\n');
  sets.push({ name: 'generated', files: [rel(file)], cases: generated.map((c) => ({ name: `generated/${String(c.id)}`, c })) });
  return { sets, missingShared: shared.length === 0 };
}

/** What the page and the core write for one case: every format but the CLI's. */
function directOutputs(c: AuditCase, opts: AuditOptions): Partial<Record<CaseFormat, string>> {
  const { report, answer, footnoteDefinitions } = auditCaseScanned(c, opts);
  const file = (kind: Parameters<typeof exportFile>[1]) => {
    const f = exportFile(report, kind);
    return `${f.filename}\n${f.mime}\n${f.text}`;
  };
  // The page shows the report in its interface language; the other language is the one that rewrites words.
  const screen: Report = localizeReport(report, report.meta.language === 'cs' ? 'en' : 'cs');
  const fixes = report.findings.map((finding) => fixesFor({ answer, chunks: c.chunks, report, footnoteDefinitions, recheck: { case: c, options: opts } }, finding));
  return {
    report: JSON.stringify(report),
    text: renderTextReport(report),
    'page.report-json': file('report-json'),
    'page.claims-jsonl': file('claims-jsonl'),
    'page.claims-csv': file('claims-csv'),
    'page.screen': JSON.stringify(screen),
    fixes: JSON.stringify(fixes),
  };
}

async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** Cuts `text` before every line that `head` matches; what comes before the first is returned apart. */
function cutAt(text: string, head: RegExp): { before: string; parts: string[] } {
  const lines = text.split('\n');
  const parts: string[] = [];
  const before: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (head.test(line)) {
      if (current) parts.push(current.join('\n'));
      current = [line];
    } else (current ?? before).push(line);
  }
  if (current) parts.push(current.join('\n'));
  return { before: before.join('\n'), parts };
}

/** The CLI's outputs for a set under an option set: per case (json, text, junit) and for the run. */
async function cliOutputs(set: InputSet, o: OptionSet): Promise<{ perCase: Partial<Record<CaseFormat, string>>[]; run: Record<string, string> }> {
  const junitFile = join(WORK, 'run.junit.xml');
  const mdFile = join(WORK, 'run.md');
  const json = await runCli([...set.files, '--format', 'json', '--jobs', '1', '--junit', relative(process.cwd(), junitFile), '--markdown', relative(process.cwd(), mdFile), ...o.args]);
  const text = await runCli([...set.files, '--format', 'text', '--jobs', '1', ...o.args]);
  const n = set.cases.length;
  const jsonLines = json.out.split('\n').filter((l) => l !== '');
  const texts = cutAt(text.out, /^(PASS|FAIL|INCOMPLETE) {2}/);
  const junit = readFileSync(junitFile, 'utf8');
  const testcases = cutAt(junit, /^ {4}<testcase classname="(?!fail-under")/);
  // The last testcase runs on to the frame's tail; the tail starts at the first line after it that is not indented as a testcase's body.
  const lastCase = testcases.parts.pop() ?? '';
  const cut = lastCase.indexOf('\n    </testcase>');
  const tailStart = cut < 0 ? lastCase.indexOf('/>') + 2 : cut + '\n    </testcase>'.length;
  testcases.parts.push(lastCase.slice(0, tailStart));
  const tail = lastCase.slice(tailStart);
  if (jsonLines.length !== n || texts.parts.length !== n || testcases.parts.length !== n) {
    throw new Error(`${set.name} · ${o.name}: the CLI wrote ${jsonLines.length} JSON lines, ${texts.parts.length} text reports and ${testcases.parts.length} JUnit testcases for ${n} cases`);
  }
  const perCase = set.cases.map((_, i) => ({ 'cli.json': jsonLines[i]!, 'cli.text': texts.parts[i]!, 'cli.junit': testcases.parts[i]! }));
  return {
    perCase,
    run: {
      'cli.markdown': readFileSync(mdFile, 'utf8'),
      'cli.junit-frame': `${testcases.before}\n…\n${tail}`,
      'cli.status': `json exit ${json.code}\n${json.err}\ntext exit ${text.code}\n${text.err}\n${texts.before}`,
    },
  };
}

/** Every item's hash: "set/case · options" → the formats' hashes, and "set · options" → the run's. */
async function computeAll(sets: InputSet[]): Promise<Record<string, Record<string, string>>> {
  const all: Record<string, Record<string, string>> = {};
  for (const set of sets) {
    for (const o of OPTION_SETS) {
      if (set.only && !set.only.includes(o.name)) continue;
      const t0 = process.cpuUsage();
      const cli = await cliOutputs(set, o);
      set.cases.forEach(({ name, c }, i) => {
        const outputs = { ...directOutputs(c, o.audit), ...cli.perCase[i] };
        const row: Record<string, string> = {};
        for (const f of CASE_FORMATS) row[f] = hash(outputs[f] ?? '');
        all[`${name} · ${o.name}`] = row;
      });
      const row: Record<string, string> = {};
      for (const f of RUN_FORMATS) row[f] = hash(cli.run[f] ?? '');
      all[`${set.name} (run) · ${o.name}`] = row;
      if (process.env.GOLDEN_PROFILE) console.log(`${set.name} · ${o.name}: ${Math.round(process.cpuUsage(t0).user / 1000)} ms CPU`);
    }
  }
  return all;
}

interface Expectation {
  note: string;
  generated: { cases: number; seed: number };
  items: Record<string, Record<string, string>>;
}

const started = performance.now();
const update = process.argv.includes('--update');
const { sets, missingShared } = inputSets();
const actual = await computeAll(sets);
rmSync(WORK, { recursive: true, force: true });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const count = (rows: Record<string, Record<string, string>>) => Object.values(rows).reduce((n, row) => n + Object.keys(row).length, 0);

if (update) {
  if (missingShared) throw new Error(`${SHARED_CASES} is missing: the expectation must cover the shared cases`);
  const expectation: Expectation = {
    note: 'Written by `npm run golden -- --update` (bench/golden.ts): sha256 (first 16 hex digits) of every output per case · option set. Update it only with an intended output change, in the same commit, with the reason.',
    generated: { cases: GENERATED, seed: GENERATED_SEED },
    items: actual,
  };
  // One line per case · option set, so that a diff of the expectation names what changed.
  const lines = Object.entries(actual).map(([k, row]) => `    ${JSON.stringify(k)}: ${JSON.stringify(row)}`);
  writeFileSync(EXPECTED, `{\n  "note": ${JSON.stringify(expectation.note)},\n  "generated": ${JSON.stringify(expectation.generated)},\n  "items": {\n${lines.join(',\n')}\n  }\n}\n`);
  console.log(`golden: expectation written, ${count(actual)} items (${seconds} s)`);
} else {
  const expected = (JSON.parse(readFileSync(EXPECTED, 'utf8')) as Expectation).items;
  const changed: string[] = [];
  let skipped = 0;
  for (const [key, row] of Object.entries(expected)) {
    const now = actual[key];
    if (!now) {
      // Without ../shared/cases (a clone on its own) the shared and labelled items cannot be checked.
      if (missingShared && /^(shared|labelled)[/ ]/.test(key)) skipped += Object.keys(row).length;
      else changed.push(`${key}: missing`);
      continue;
    }
    for (const [format, h] of Object.entries(row)) if (now[format] !== h) changed.push(`${key} · ${format}`);
  }
  for (const key of Object.keys(actual)) if (!expected[key]) changed.push(`${key}: new (not in the expectation)`);
  const checked = count(actual);
  if (changed.length) {
    console.error(`golden: ${changed.length} of ${checked} items changed (${seconds} s):`);
    for (const line of changed.slice(0, 200)) console.error(`  ${line}`);
    if (changed.length > 200) console.error(`  … and ${changed.length - 200} more`);
    console.error('An intended change: npm run golden -- --update, committed with the change and its reason.');
    process.exitCode = 1;
  } else {
    console.log(`golden: ${checked} items OK (${seconds} s)${skipped ? `; ${skipped} items of ../shared/cases skipped (not found)` : ''}`);
  }
}
