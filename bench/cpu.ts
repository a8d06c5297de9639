// CPU time and instruction count of the local audit (issue 22): the audit bundled as the CLI
// bundles it (vite, node20, not minified), run in fresh Node processes over generated cases
// (generateVariedCases, new cases every round so that no cache of an earlier round applies).
//
//   npm run bench:cpu [-- --rounds 10 --cases 300 --runs 3 --instructions 0|1|2]
//   BENCH_REF=<commit> npm run bench:cpu     also builds <commit> in a temporary worktree and
//                                            interleaves its runs with this checkout's; figures
//                                            are then given as ratios against it (several
//                                            commits, comma-separated: ratios against the first)
//   npm run bench:cpu -- --set real          the real cases instead: ../shared/cases and its
//                                            labelled sets, each chunk text changed every round
//                                            so that no cache by text applies
//   npm run bench:cpu -- --set big           one answer of ~5 MB of real prose (WiCE pages cut
//                                            into cited sentences), one audit a round
//
// CPU: µs per case (process.cpuUsage, user + system) of each round after the first (the first
// pays the JIT's warm-up); per process the median round, over processes the median.
// Instructions, when valgrind is installed: cachegrind's I refs of a process that audits one round
// minus one that only generates the cases, i.e. one cold round (warm-up included, as a one-shot CLI pays);
// with --instructions 2 also a warm round (two rounds minus one: what each case costs a long run).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { median } from './core';

interface Args {
  rounds: number;
  cases: number;
  runs: number;
  /** 0 generated cases, 1 real cases, 2 one 5 MB answer (--set generated|real|big). */
  set: number;
  /** 0: no cachegrind run even when valgrind is installed (it takes minutes on a busy machine); 2: a warm round too. */
  instructions: number;
}

function parseArgs(argv: string[]): Args {
  const out: Args = { rounds: 10, cases: 300, runs: 3, instructions: 1, set: 0 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!.replace(/^--/, '') as keyof Args;
    if (!(key in out)) throw new Error(`unknown option ${argv[i]}; expected --rounds N, --cases N, --runs N, --instructions 0|1|2, --set generated|real|big`);
    out[key] = key === 'set' ? SETS.indexOf(argv[++i] as (typeof SETS)[number]) : Number(argv[++i]);
    if (out.set < 0) throw new Error(`--set takes ${SETS.join(', ')}`);
  }
  if (out.set > 0) out.instructions = 0;
  return out;
}

const SETS = ['generated', 'real', 'big'] as const;

/** The program each measured process runs: generate a round's cases, then audit them, timed. */
const entry = (root: string, set: number) => `
import { readdirSync, readFileSync } from 'node:fs';
import { auditCase } from ${JSON.stringify(join(root, 'src/core/audit.ts'))};
import { generateVariedCases } from ${JSON.stringify(resolve(import.meta.dirname, 'generate.ts'))};
const shared = ${JSON.stringify(resolve(import.meta.dirname, '../../shared/cases'))};
const lines = (f) => readFileSync(f, 'utf8').split('\\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const real = ${set} === 0 ? [] : [
  ...readdirSync(shared).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(shared + '/' + f, 'utf8'))),
  ...readdirSync(shared + '/labelled').filter((f) => f.endsWith('.jsonl')).flatMap((f) => lines(shared + '/labelled/' + f)),
];
// One answer of ~5 MB: each WiCE page's lines, each cited to its page, page after page.
function big(r) {
  const chunks = [];
  let answer = '';
  for (let i = 0; answer.length < 5e6; i++) {
    const c = real.filter((x) => String(x.id).startsWith('wice'))[i % 349];
    const id = String(i + 1);
    chunks.push({ id, text: c.chunks[0].text + ' ' + r });
    for (const line of c.chunks[0].text.split('\\n')) if (line.length > 40) answer += line.replace(/[.!?]?$/, ' [' + id + '].') + ' ';
  }
  return [{ query: 'What do the pages say?', answer, chunks }];
}
const roundCases = (r, n) =>
  ${set} === 0 ? generateVariedCases(n, 9000 + r) : ${set} === 2 ? big(r) : real.map((c) => ({ ...c, chunks: Array.isArray(c.chunks) ? c.chunks.map((ch) => ({ ...ch, text: ch.text + ' ' + r })) : c.chunks }));
// rounds audited, cases a round, rounds generated (at least rounds; the instruction counts
// generate the same rounds in every process so that the differences are audits alone).
const [rounds, size, generated = rounds] = process.argv.slice(2).map(Number);
const perCase = [];
for (let r = 0; r < Math.max(rounds, generated); r++) {
  const cases = roundCases(r, size);
  const n = cases.length;
  if (r >= rounds) continue;
  const t0 = process.cpuUsage();
  for (const c of cases) auditCase(c);
  const u = process.cpuUsage(t0);
  perCase.push((u.user + u.system) / n);
}
process.stdout.write(JSON.stringify(perCase));
`;

interface Build {
  name: string;
  file: string;
}

/** Bundles the audit of the checkout at `root` into `outDir` (the CLI's vite settings). */
async function bundle(name: string, root: string, outDir: string, set: number): Promise<Build> {
  mkdirSync(outDir, { recursive: true });
  const src = join(outDir, 'entry.ts');
  writeFileSync(src, entry(root, set));
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: { __CLI_ZOD_JIT__: 'true' },
    ssr: { noExternal: true },
    build: {
      ssr: src,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rollupOptions: {
        external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
        output: { entryFileNames: 'audit.mjs', format: 'es' },
      },
    },
  });
  return { name, file: join(outDir, 'audit.mjs') };
}

function cpuRun(b: Build, args: Args): number {
  const r = spawnSync(process.execPath, [b.file, String(args.rounds), String(args.cases)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${b.name}: exit ${r.status}: ${r.stderr}`);
  const rounds = JSON.parse(r.stdout) as number[];
  return median(rounds.slice(1));
}

const hasValgrind = (): boolean => spawnSync('valgrind', ['--version']).status === 0;

/**
 * Instructions executed by a process that generates two rounds and audits `rounds` of them
 * (cachegrind's I refs). V8 runs single-threaded: with its compiler and GC in background threads
 * the count moved by ~8 % between two runs of the same build.
 */
function instructions(b: Build, rounds: number, cases: number): number {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', b.file, String(rounds), String(cases), '2'], { encoding: 'utf8' });
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${b.name} under valgrind: exit ${r.status}: ${r.stderr.slice(-500)}`);
  return Number(m[1]!.replace(/,/g, ''));
}

const args = parseArgs(process.argv.slice(2));
const refs = process.env.BENCH_REF ? process.env.BENCH_REF.split(',') : [];
const dir = mkdtempSync(join(tmpdir(), 'bench-cpu-'));
const refTrees: string[] = [];
try {
  const builds: Build[] = [];
  for (const [k, ref] of refs.entries()) {
    // The other commit in a worktree of its own, with this checkout's node_modules (same lockfile assumed).
    const refTree = join(dir, `ref${k}`);
    const add = spawnSync('git', ['worktree', 'add', '--detach', refTree, ref], { encoding: 'utf8' });
    if (add.status !== 0) throw new Error(`git worktree add ${ref}: ${add.stderr}`);
    refTrees.push(refTree);
    symlinkSync(resolve('node_modules'), join(refTree, 'node_modules'));
    builds.push(await bundle(`ref ${ref}`, refTree, join(dir, `ref${k}-out`), args.set));
  }
  builds.push(await bundle('this checkout', process.cwd(), join(dir, 'this-out'), args.set));

  // Interleaved, so that a change of load on the shared machine falls on every build alike.
  const cpu = new Map<Build, number[]>(builds.map((b) => [b, []]));
  for (let k = 0; k < args.runs; k++) for (const b of builds) cpu.get(b)!.push(cpuRun(b, args));

  const counts = new Map<Build, number>();
  const warm = new Map<Build, number>();
  if (args.instructions && hasValgrind()) {
    for (const b of builds) {
      const one = instructions(b, 1, args.cases);
      counts.set(b, one - instructions(b, 0, args.cases));
      if (args.instructions > 1) warm.set(b, instructions(b, 2, args.cases) - one);
    }
  }

  const base = builds.length > 1 ? builds[0] : undefined;
  const what = ['generated cases a round', 'real cases a round', '5 MB answer a round'][args.set];
  console.log(`\n## Local audit CPU: ${args.set === 0 ? args.cases : args.set === 1 ? 'all' : 'one'} ${what}, ${args.rounds} rounds a process (first dropped), ${args.runs} processes a build`);
  for (const b of builds) {
    const us = median(cpu.get(b)!);
    const line = [`  ${b.name.padEnd(24)}  CPU ${us.toFixed(1)} µs/case (runs: ${cpu.get(b)!.map((x) => x.toFixed(1)).join(', ')})`];
    const i = counts.get(b);
    if (i !== undefined) line.push(`instructions of one cold round ${(i / 1e9).toFixed(3)} G (${Math.round(i / args.cases).toLocaleString('en-US')} per case)`);
    const w = warm.get(b);
    if (w !== undefined) line.push(`of a warm round ${(w / 1e9).toFixed(3)} G (${Math.round(w / args.cases).toLocaleString('en-US')} per case)`);
    if (base && b !== base) {
      line.push(`ratio to ref: CPU ${(us / median(cpu.get(base)!)).toFixed(3)}`);
      const i0 = counts.get(base);
      if (i !== undefined && i0 !== undefined) line.push(`instructions ${(i / i0).toFixed(4)}`);
      const w0 = warm.get(base);
      if (w !== undefined && w0 !== undefined) line.push(`warm ${(w / w0).toFixed(4)}`);
    }
    console.log(line.join('; '));
  }
  if (args.instructions && !counts.size) console.log('  (valgrind not installed: no instruction counts; apt-get install -y valgrind)');
} finally {
  for (const t of refTrees) spawnSync('git', ['worktree', 'remove', '--force', t]);
  rmSync(dir, { recursive: true, force: true });
}
