// The decision of scripts/browser.mjs, driven by fake probes: which Chromium is used, what gets
// installed and when it stops. The machine's own Chromium is never touched.
import { describe, expect, it } from 'vitest';
import { findOrProvideChromium, type BrowserProbes } from '../../scripts/browser.mjs';

const PW = '/home/u/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

interface World {
  env?: Record<string, string>;
  files?: string[];
  path?: Record<string, string>;
  root?: boolean;
  reachable?: boolean;
  /** What a successful install puts on disk. */
  playwrightInstalls?: boolean;
  aptInstalls?: boolean;
}

function probes(w: World) {
  const files = new Set(w.files ?? []);
  const calls: string[] = [];
  const lines: string[] = [];
  const p: BrowserProbes = {
    env: w.env ?? {},
    exists: (f) => files.has(f),
    which: (cmd) => w.path?.[cmd] ?? null,
    playwrightPath: () => PW,
    isRoot: w.root ?? false,
    downloadReachable: async () => {
      calls.push('probe');
      return w.reachable ?? false;
    },
    installPlaywright: async () => {
      calls.push('playwright install');
      if (w.playwrightInstalls) files.add(PW);
      return !!w.playwrightInstalls;
    },
    installApt: async () => {
      calls.push('apt-get');
      if (w.aptInstalls) files.add('/usr/bin/chromium');
      return !!w.aptInstalls;
    },
    log: (l) => lines.push(l),
  };
  return { p, calls, lines };
}

describe('scripts/browser.mjs', () => {
  it('takes CHROMIUM_PATH first, even when a system Chromium is there', async () => {
    const { p, calls } = probes({ env: { CHROMIUM_PATH: '/opt/chrome' }, files: ['/opt/chrome', '/usr/bin/chromium'] });
    expect(await findOrProvideChromium(p)).toEqual({ path: '/opt/chrome', source: 'CHROMIUM_PATH' });
    expect(calls).toEqual([]);
  });

  it('refuses a CHROMIUM_PATH that is not there instead of silently using another browser', async () => {
    const { p, calls } = probes({ env: { CHROMIUM_PATH: '/nope' }, files: ['/usr/bin/chromium'], root: true, reachable: true });
    const r = await findOrProvideChromium(p);
    expect(r).toHaveProperty('error');
    expect('error' in r && r.error).toContain('CHROMIUM_PATH');
    expect(calls).toEqual([]);
  });

  it('uses /usr/bin/chromium, then chromium, chromium-browser, google-chrome on PATH', async () => {
    expect(await findOrProvideChromium(probes({ files: ['/usr/bin/chromium', '/snap/bin/chromium'], path: { chromium: '/snap/bin/chromium' } }).p)).toMatchObject({
      path: '/usr/bin/chromium',
    });
    expect(await findOrProvideChromium(probes({ files: ['/snap/bin/chromium', '/x/chromium-browser'], path: { chromium: '/snap/bin/chromium', 'chromium-browser': '/x/chromium-browser' } }).p)).toMatchObject({
      path: '/snap/bin/chromium',
    });
    expect(await findOrProvideChromium(probes({ files: ['/x/google-chrome'], path: { 'google-chrome': '/x/google-chrome' } }).p)).toEqual({
      path: '/x/google-chrome',
      source: 'system',
    });
  });

  it("falls back to Playwright's cache when no system browser is there", async () => {
    const { p, calls } = probes({ files: [PW] });
    expect(await findOrProvideChromium(p)).toEqual({ path: PW, source: 'playwright' });
    expect(calls).toEqual([]);
  });

  it("ignores Playwright's path when nothing is installed there", async () => {
    const { p, calls } = probes({ files: [], root: false, reachable: false });
    const r = await findOrProvideChromium(p);
    expect('error' in r).toBe(true);
    expect(calls).toEqual(['probe']);
  });

  it("installs Playwright's Chromium when its download host answers", async () => {
    const { p, calls } = probes({ reachable: true, playwrightInstalls: true, root: true });
    expect(await findOrProvideChromium(p)).toEqual({ path: PW, source: 'playwright' });
    expect(calls).toEqual(['probe', 'playwright install']);
  });

  it("installs Debian's chromium as root when the download host is out of reach", async () => {
    const { p, calls, lines } = probes({ reachable: false, root: true, aptInstalls: true });
    expect(await findOrProvideChromium(p)).toEqual({ path: '/usr/bin/chromium', source: 'system' });
    expect(calls).toEqual(['probe', 'apt-get']);
    expect(lines.join('\n')).toContain('apt-get');
  });

  it('tries apt-get when the Playwright download starts but fails', async () => {
    const { p, calls } = probes({ reachable: true, playwrightInstalls: false, root: true, aptInstalls: true });
    expect(await findOrProvideChromium(p)).toEqual({ path: '/usr/bin/chromium', source: 'system' });
    expect(calls).toEqual(['probe', 'playwright install', 'apt-get']);
  });

  it('stops with one line naming the command when it may not install', async () => {
    const { p, calls } = probes({ reachable: false, root: false });
    const r = await findOrProvideChromium(p);
    expect(calls).toEqual(['probe']);
    if (!('error' in r)) throw new Error('expected an error');
    expect(r.error).not.toContain('\n');
    expect(r.error).toContain('apt-get install -y chromium');
    expect(r.error).toContain('npx playwright install chromium');
  });

  it('stops with the command when apt-get fails as root', async () => {
    const { p, calls } = probes({ reachable: false, root: true, aptInstalls: false });
    const r = await findOrProvideChromium(p);
    expect(calls).toEqual(['probe', 'apt-get']);
    expect('error' in r && r.error).toMatch(/apt-get update && apt-get install -y chromium/);
  });
});
