#!/usr/bin/env node
// `npm test`: every check of the repository, with the independent ones side by side.
//
//   node scripts/test.mjs            all phases, then the browser tests
//   node scripts/test.mjs --serial   the same phases one after another (to time them, or on one core)
//   node scripts/test.mjs --no-e2e   all but the browser tests
//
// Two lanes run at once: the type-check and the lint (mostly one thread each), and the CLI
// build, golden check, package test, unit tests and the app's build. One after the other these
// took 380 s at a load of 7-11, in two lanes 264 s (bench/RESULTS.md, issue 30 part 1, third
// pass); the lanes end within 20 s of each other. The browser tests start when both lanes
// are done (they use every core), and their output is not held back: Playwright's summary is
// the last line of the run.
//
// Output stays readable: each phase's output is held until the phase ends, then printed whole
// under a line naming it, in the order below, never two phases interleaved. At the first failure
// no new phase starts, the running ones are stopped, the failed one's output is printed, and the
// last line names it. Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A phase: its name, its command, and the lane it runs in (lanes run side by side). */
const LANES = [
  [
    { name: 'type-check', cmd: ['npx', 'svelte-check', '--tsgo', '--fail-on-warnings', '--tsconfig', './tsconfig.json'] },
    { name: 'lint', cmd: [NPM, 'run', '--silent', 'lint'] },
  ],
  [
    { name: 'build:cli', cmd: [NPM, 'run', '--silent', 'build:cli'] },
    { name: 'golden', cmd: [NPM, 'run', '--silent', 'golden'] },
    { name: 'test:pack', cmd: [NPM, 'run', '--silent', 'test:pack'] },
    { name: 'test:unit', cmd: [NPM, 'run', '--silent', 'test:unit'] },
    { name: 'build', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  ],
];
/** Chromium first (it may install one), the browser tests last, each alone and shown as it runs. */
const BROWSER = { name: 'browser', cmd: ['node', 'scripts/browser.mjs'] };
const E2E = { name: 'test:e2e', cmd: ['node', 'scripts/browser.mjs', 'npx', 'playwright', 'test', '--grep-invert', '@screens'] };

const serial = process.argv.includes('--serial');
const e2e = !process.argv.includes('--no-e2e');
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
const running = new Set();
let failed = null;

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const head = (text) => process.stdout.write(`\n── ${text}\n`);

/** Runs a phase with its output held; resolves to { code, out, ms }. */
function held(phase) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(phase.cmd[0], phase.cmd.slice(1), { cwd: ROOT, env: { ...process.env, ...color }, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    running.add(child);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), out: Buffer.concat(out).toString(), ms: Date.now() - started });
    });
  });
}

/** Runs a phase with its output shown as it comes; resolves to its exit code. */
function shown(phase) {
  return new Promise((resolve) => {
    const child = spawn(phase.cmd[0], phase.cmd.slice(1), { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function stopAll() {
  for (const child of running) {
    try {
      // The whole group: npm and npx start the real command as a child of their own.
      if (process.platform === 'win32') child.kill();
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

// Results are printed in the order of ORDER, each once every phase before it is printed.
const ORDER = LANES.flat();
const results = new Map();
let printed = 0;
const times = [];

function flush() {
  while (printed < ORDER.length && results.has(ORDER[printed])) {
    const phase = ORDER[printed++];
    const r = results.get(phase);
    if (r.code === null) continue; // not run (an earlier failure)
    head(`${phase.name}: ${phase.cmd.join(' ')}`);
    process.stdout.write(r.out.endsWith('\n') || r.out === '' ? r.out : `${r.out}\n`);
    const status = r.code === 0 ? 'ok' : r.stopped ? `stopped (${failed.name} failed)` : `FAILED (exit ${r.code})`;
    process.stdout.write(`── ${phase.name}: ${status}, ${secs(r.ms)}\n`);
    times.push(`${phase.name} ${secs(r.ms)}`);
  }
}

async function lane(phases) {
  for (const phase of phases) {
    if (failed) {
      results.set(phase, { code: null });
      continue;
    }
    const r = await held(phase);
    // A phase stopped because another failed is not reported as failing itself, nor its output shown.
    if (failed && r.code !== 0) Object.assign(r, { out: '', stopped: true });
    else if (r.code !== 0 && !failed) {
      failed = phase;
      stopAll();
    }
    results.set(phase, r);
    flush();
  }
}

// Ctrl+C or a CI's stop: the phases run in process groups of their own, so take them along.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const started = Date.now();
const b = await shown(BROWSER);
if (b !== 0) {
  process.stdout.write(`\nnpm test: FAILED at browser (exit ${b})\n`);
  process.exit(b);
}
if (serial) await lane(ORDER);
else await Promise.all(LANES.map(lane));
flush();
if (failed) {
  process.stdout.write(`\nnpm test: FAILED at ${failed.name} (exit ${results.get(failed).code}) after ${secs(Date.now() - started)}; the browser tests did not run\n`);
  process.exit(1);
}
process.stdout.write(`\nnpm test: all checks passed in ${secs(Date.now() - started)} (${times.join(', ')})${e2e ? '; now the browser tests' : ''}\n`);
if (e2e) process.exit(await shown(E2E));
