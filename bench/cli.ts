// CLI benchmark (issue 14 §4), exported for bench/run.ts: the built CLI (cli/dist) audits a
// generated JSONL dataset with the local checks, as `npx citation-audit FILE --format json` does.
// Figures: cases per second over 100,000 cases with one worker thread per core (--jobs N, N =
// the cores, at most 8, as the CLI's default) and with --jobs 1; peak RSS of the whole process
// (main thread and workers) at 10,000 and 100,000 cases — bounded memory means the two are about
// the same — and, with BENCH_CLI_MILLION=1, at 1,000,000 cases too (a 3.9 GB file and a long run).
//
// The baseline, measured in this run on the same 100,000-case file: one Node process that streams
// the file a megabyte at a time, cuts it into lines and JSON.parses each line (no validation, no
// audit, no output) — the floor any tool that reads JSONL pays. It runs on one thread; the CLI
// runs on N workers plus the main thread, so the wall-time ratio credits the CLI with the extra
// cores, while the CPU-time ratio (all threads of each process) compares the work done per case.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { generateDataset } from './dataset';

/**
 * Printed at exit by every measured process: its peak resident set size in KB, its CPU time in µs
 * (all threads) and, where /proc says it (Linux), the main thread's own CPU time in µs — the CLI's
 * reading, cutting and writing, which the workers do not share.
 */
const PEAK_RSS = `data:text/javascript,import{readFileSync}from'node:fs';process.on('exit',()=>{const u=process.resourceUsage();let m=-1;try{const s=readFileSync('/proc/self/task/'+process.pid+'/stat','utf8');const f=s.slice(s.lastIndexOf(')')+2).split(' ');m=(Number(f[11])+Number(f[12]))*1e6/100}catch{}process.stderr.write('PEAK_RSS_KB '+u.maxRSS+' CPU_US '+(u.userCPUTime+u.systemCPUTime)+' MAIN_US '+m+'\\n')})`;

/** The baseline: stream the file, split lines, JSON.parse each (no audit, no output). */
const PARSE_ONLY = `
import { createReadStream } from 'node:fs';
let rest = '', n = 0;
for await (const chunk of createReadStream(process.argv[1], { encoding: 'utf8', highWaterMark: 1 << 20 })) {
  const parts = (rest + chunk).split('\\n');
  rest = parts.pop();
  for (const l of parts) if (l.trim()) { JSON.parse(l); n++; }
}
if (rest.trim()) { JSON.parse(rest); n++; }
process.stdout.write(String(n));
`;

/** Writes n generated cases (realistic size, see bench/dataset.ts) as JSONL, 1,000 at a time. */
async function writeDataset(file: string, n: number): Promise<void> {
  const out = createWriteStream(file);
  for (let done = 0; done < n; done += 1000) {
    const part = generateDataset(Math.min(1000, n - done), 1000 + done / 1000).map((c, i) => JSON.stringify({ ...c, id: `bench-${done + i}` }));
    if (!out.write(`${part.join('\n')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

interface Timed {
  ms: number;
  cpuMs: number;
  /** The main thread's CPU time (ms), or NaN where /proc cannot say. */
  mainCpuMs: number;
  peakRssMB: number;
  code: number | null;
  stdout: string;
}

function run(args: string[]): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PEAK_RSS, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // The CLI's JSON lines are read and dropped, as a pipe to another tool would.
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 100) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const m = /PEAK_RSS_KB (\d+) CPU_US (\d+) MAIN_US (-?[\d.]+)/.exec(stderr);
      if (code !== 0 && code !== 1) return reject(new Error(`exit ${code}: ${stderr.slice(0, 500)}`));
      const main = Number(m?.[3] ?? -1);
      resolve({ ms, cpuMs: Number(m?.[2] ?? NaN) / 1000, mainCpuMs: main < 0 ? NaN : main / 1000, peakRssMB: Math.round(Number(m?.[1] ?? NaN) / 1024), code, stdout });
    });
  });
}

export async function benchCli(opts: { sizes?: [number, number] } = {}): Promise<Record<string, number | string>> {
  const [small, large] = opts.sizes ?? [10_000, 100_000];
  const million = process.env.BENCH_CLI_MILLION === '1' ? 1_000_000 : 0;
  const jobs = Math.max(1, Math.min(8, availableParallelism()));
  // The CLI as installed: built from this checkout's sources first.
  const build = spawnSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(path.resolve('cli/dist/cli.mjs'))) throw new Error('building the CLI (vite.cli.config.ts) failed');
  const bin = path.resolve('cli/citation-audit.mjs');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cli-'));
  try {
    const smallFile = path.join(dir, 'small.jsonl');
    const largeFile = path.join(dir, 'large.jsonl');
    await writeDataset(smallFile, small);
    await writeDataset(largeFile, large);
    const largeMB = Math.round(statSync(largeFile).size / 1e6);
    const parse = await run(['--input-type=module', '-e', PARSE_ONLY, largeFile]);
    if (Number(parse.stdout) !== large) throw new Error(`parse-only read ${parse.stdout} cases, expected ${large}`);
    const at10k = await run([bin, smallFile, '--format', 'json', '--jobs', String(jobs)]);
    const at100k = await run([bin, largeFile, '--format', 'json', '--jobs', String(jobs)]);
    const oneThread = await run([bin, smallFile, '--format', 'json', '--jobs', '1']);
    let atMillion: Timed | undefined;
    if (million) {
      rmSync(largeFile);
      const millionFile = path.join(dir, 'million.jsonl');
      await writeDataset(millionFile, million);
      atMillion = await run([bin, millionFile, '--format', 'json', '--jobs', String(jobs)]);
    }
    const n = (x: number) => x.toLocaleString('en-US');
    return {
      'cases (large run)': large,
      'JSONL size (MB)': largeMB,
      'worker threads (--jobs)': jobs,
      'parse-only pass: stream, split lines, JSON.parse each, one thread (ms)': Math.round(parse.ms),
      'parse-only cases/s': Math.round((large * 1000) / parse.ms),
      'CLI local audit (ms)': Math.round(at100k.ms),
      [`CLI cases/s, --jobs ${jobs}`]: Math.round((large * 1000) / at100k.ms),
      [`CLI cases/s, --jobs 1 (${n(small)} cases)`]: Math.round((small * 1000) / oneThread.ms),
      'ratio CLI / parse-only, wall time (target <= 3)': (at100k.ms / parse.ms).toFixed(1),
      // Wall time on a shared machine swings with the load (the two runs last seconds and minutes);
      // CPU time of all threads is the work done, and on idle cores wall ≈ CPU / workers.
      'ratio CLI / parse-only, CPU time of all threads': (at100k.cpuMs / parse.cpuMs).toFixed(1),
      'CLI CPU per case (µs)': Math.round((at100k.cpuMs * 1000) / large),
      // The main thread reads, cuts lines and writes; its share adds to the wall time when the workers have every core.
      'CLI main-thread CPU per case (µs, startup included)': Number.isNaN(at100k.mainCpuMs) ? 'n/a' : Math.round((at100k.mainCpuMs * 1000) / large),
      'parse-only CPU per case (µs)': Math.round((parse.cpuMs * 1000) / large),
      [`peak RSS at ${n(small)} cases (MB)`]: at10k.peakRssMB,
      [`peak RSS at ${n(large)} cases (MB)`]: at100k.peakRssMB,
      ...(atMillion ? { [`peak RSS at ${n(million)} cases (MB)`]: atMillion.peakRssMB, [`CLI cases/s at ${n(million)} cases`]: Math.round((million * 1000) / atMillion.ms) } : {}),
      'peak RSS of the parse-only pass (MB)': parse.peakRssMB,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
