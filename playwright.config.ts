import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

// E2E runs against the production build (dist/, served by tests/server/serve-dist.mjs), on a
// port of its own so that it never meets `npm start` (4173) or another checkout's test run.
// E2E_DIST / E2E_PORT point it at another build and port; E2E_WORKERS sets how many browsers run
// at once (default: one per core, see below); E2E_TRACE sets Playwright's trace mode (default
// off); E2E_STEP_TIMES and E2E_CHROMIUM_ARGS are for measuring (below).
//
// The runner loads this file again in every worker, so the port is chosen once and handed down
// through the environment, which the workers inherit.
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const dist = process.env.E2E_DIST ?? 'dist';
// A worker per core. Once no test waited for time any more and a test paid no cold start of its
// own, two workers on two shared cores at a load of 10 ran the suite in 402 s against one
// worker's 661 s, green with no retry (bench/RESULTS.md, issue 30 part 1, third pass). (Before,
// when most of a test was its own cold start, two were no faster and pushed tests past their
// timeouts.)
const workers = Number(process.env.E2E_WORKERS ?? Math.max(1, availableParallelism()));

/** A port the system has just handed out as free (asked synchronously: the config is not async). */
function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Files run side by side; the tests of one file run in order in one worker, sharing its
  // beforeAll fake server (each on a port of its own).
  fullyParallel: false,
  workers,
  // No retries, in CI either: a test that passes alone must pass in the whole run (three whole
  // runs in a row were green at a load of 5–9 once the order-dependent tests were fixed;
  // tests/e2e/README.md says what made them fail). A failure is a bug to find, not to retry.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // E2E_STEP_TIMES=file.jsonl: where each test's seconds go (tests/e2e/step-times.reporter.ts).
  reporter: process.env.E2E_STEP_TIMES ? [['list'], ['./tests/e2e/step-times.reporter.ts']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    // Recording a trace (a DOM snapshot at every step, Monaco's included) doubled the time of a
    // test (3.2–3.9 s against 6.2–7.8 s at a load of 10): off by default. To see why a test failed,
    // run its spec again with E2E_TRACE=retain-on-failure (or `-- --trace on`).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // The service worker precaches the whole build (~7 MB) on every page load; only the offline
    // spec, which is about it, lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // E2E_CHROMIUM_ARGS: more flags, to try some. Tried: --in-process-gpu,
        // --disable-smooth-scrolling, --disable-site-isolation-trials and
        // --disable-features=PaintHolding together, against none, both runs side by side (same
        // load, 19 tests, one worker each): 98 s of test time against 92, so none is here.
        ...(process.env.E2E_CHROMIUM_ARGS ? process.env.E2E_CHROMIUM_ARGS.split(' ') : []),
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A static host of our own, not `vite preview`: the hashed assets are cached for good, as a
    // host may cache them, instead of asked for again on each of the run's ~100 page loads
    // (tests/server/serve-dist.mjs says why).
    command: `node tests/server/serve-dist.mjs ${dist} ${port}`,
    url: `http://127.0.0.1:${port}/`,
    // A server already on an E2E_PORT the caller chose is theirs to reuse; a chosen free port
    // has nobody on it.
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
