#!/usr/bin/env node
// Finds or provides the Chromium that the end-to-end tests and the Chromium benchmarks drive, so
// that `npm ci && npm test` is the whole set-up on a fresh machine.
//
//   node scripts/browser.mjs [COMMAND ARGS...]
//
// Order: $CHROMIUM_PATH; a system Chromium (/usr/bin/chromium, then chromium, chromium-browser,
// google-chrome on PATH); Playwright's own browser cache. When none is there it installs one:
// `playwright install chromium` when Playwright's download host answers, else Debian's chromium
// through apt-get when running as root; otherwise it stops with one line naming the command to
// run. With a COMMAND it runs it with CHROMIUM_PATH set (playwright.config.ts and bench/browser.ts
// read it) and exits with its status; without one it prints which browser it found.
//
// Plain Node, no dependencies: it must work before anything else does.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SYSTEM_PATHS = ['/usr/bin/chromium'];
const SYSTEM_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome'];
// A reachable host answers in well under this; an unreachable one either fails at once or
// hangs, and a hang must not stall the test run.
const PROBE_TIMEOUT_MS = 5_000;
// Bounds a real download (about 170 MB) that has started well.
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const APT_COMMAND = 'apt-get update && apt-get install -y chromium';

/**
 * The decision, with every effect injected (tests drive it with fakes):
 *   env: environment variables; exists(p): an executable file is at p; which(cmd): its path on
 *   PATH or null; playwrightPath(): where Playwright's own Chromium would be, or null;
 *   isRoot: may use apt-get; downloadReachable(): Playwright's host answers;
 *   installPlaywright() / installApt(): run the install, true on success; log(line).
 * Returns { path, source } or { error } (one line naming what to run).
 */
export async function findOrProvideChromium(p) {
  const found = findChromium(p);
  if (found) return found;
  if (await p.downloadReachable()) {
    p.log('browser: no Chromium found; installing Playwright\'s (npx playwright install chromium)');
    if (await p.installPlaywright()) {
      const after = findChromium(p);
      if (after) return after;
    }
  }
  if (p.isRoot) {
    p.log(`browser: no Chromium found and Playwright's download host is out of reach; installing Debian's (${APT_COMMAND})`);
    if (await p.installApt()) {
      const after = findChromium(p);
      if (after) return after;
    }
    return { error: `browser: could not install Chromium; run \`${APT_COMMAND}\` (or \`npx playwright install chromium\`), or set CHROMIUM_PATH to a Chromium binary` };
  }
  return {
    error: `browser: no Chromium found; run \`sudo ${APT_COMMAND}\` (or \`npx playwright install chromium\`), or set CHROMIUM_PATH to a Chromium binary, then run the tests again`,
  };
}

/** The first Chromium already there, or null. */
export function findChromium(p) {
  const fromEnv = p.env.CHROMIUM_PATH;
  if (fromEnv) {
    // A path the user gave is used as given: when it is wrong, say so rather than pick another.
    if (p.exists(fromEnv)) return { path: fromEnv, source: 'CHROMIUM_PATH' };
    return { error: `browser: CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file; fix it or unset it` };
  }
  for (const sp of SYSTEM_PATHS) if (p.exists(sp)) return { path: sp, source: 'system' };
  for (const cmd of SYSTEM_COMMANDS) {
    const at = p.which(cmd);
    if (at && p.exists(at)) return { path: at, source: 'system' };
  }
  const pw = p.playwrightPath();
  if (pw && p.exists(pw)) return { path: pw, source: 'playwright' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// The real probes

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return existsSync(file);
  } catch {
    return false;
  }
}

function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, cmd);
    if (isExecutable(file)) return file;
  }
  return null;
}

function playwrightPath() {
  try {
    const require = createRequire(path.join(root, 'package.json'));
    const { chromium } = require('playwright-core');
    return chromium.executablePath() || null;
  } catch {
    return null;
  }
}

function reachable(url) {
  return new Promise((resolve) => {
    const req = https.request(url, { method: 'HEAD', timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

function run(cmd, args, { timeoutMs, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = timeoutMs
      ? setTimeout(() => {
          console.error(`browser: ${cmd} ${args.join(' ')} took over ${Math.round(timeoutMs / 1000)} s; stopped`);
          child.kill('SIGKILL');
        }, timeoutMs)
      : undefined;
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

export function realProbes() {
  const env = process.env;
  return {
    env,
    exists: isExecutable,
    which,
    playwrightPath,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    downloadReachable: () => reachable(env.PLAYWRIGHT_DOWNLOAD_HOST || 'https://cdn.playwright.dev/'),
    installPlaywright: () => {
      const { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: _skip, ...rest } = env;
      return run(process.execPath, [path.join(root, 'node_modules', 'playwright', 'cli.js'), 'install', 'chromium'], { timeoutMs: INSTALL_TIMEOUT_MS, env: rest });
    },
    installApt: async () =>
      (await run('apt-get', ['update', '-qq'], { timeoutMs: INSTALL_TIMEOUT_MS, env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } })) &&
      run('apt-get', ['install', '-y', '-qq', 'chromium'], { timeoutMs: INSTALL_TIMEOUT_MS, env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }),
    log: (line) => console.error(line),
  };
}

async function main(argv) {
  const found = await findOrProvideChromium(realProbes());
  if ('error' in found) {
    console.error(found.error);
    process.exit(1);
  }
  if (argv.length === 0) {
    console.log(`browser: ${found.path} (${found.source})`);
    return;
  }
  // Browsers come from here, never from a package install script.
  const env = { ...process.env, CHROMIUM_PATH: found.path, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  const [cmd, ...args] = argv;
  const child = spawnSync(cmd, args, { cwd: process.cwd(), env, stdio: 'inherit', shell: process.platform === 'win32' });
  if (child.error) {
    console.error(`browser: could not run ${cmd}: ${child.error.message}`);
    process.exit(1);
  }
  process.exit(child.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
