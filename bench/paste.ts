// Large pastes (issue 11 §3): a fresh page, one paste into the Answer editor, then everything the
// page does because of it (the audit in the worker, markers, the report, the draft, the history
// row). The page records its long tasks (PerformanceObserver 'longtask', >50 ms); the paste's
// own task (Monaco inserting the text) is left out, every task that starts after it counts.
// Figures per family and size: the longest task, the total blocked time (the part of each long
// task over 50 ms) and how each grows when the paste doubles.
import type { Browser, Page } from '@playwright/test';

/** What to paste: built in the page from a seed, so megabytes never cross the DevTools pipe. */
export interface PasteFamily {
  name: string;
  /** Page-side source of a function (n: number) => string. */
  make: string;
  sizes: number[];
}

// Czech legal prose: abbreviations with dots (sentence splitting), numbers, citation markers.
const CZECH = `(n) => {
  const parts = ['Podle § 2 odst. 1 písm. a) zák. č. 89/2012 Sb., tj. obč. zák., platí to, co strany ujednaly [1]. ',
    'Srov. např. rozs. NS sp. zn. 21 Cdo 1234/2019, resp. čl. 4 odst. 2 Listiny, atd. ',
    'Dle doc. JUDr. Nováka, Ph.D., jde mj. o tzv. dobré mravy, viz s. 12 an. [2] ',
    'Pozn.: ust. § 580 o. z. se použije i zde, cca 3 mil. Kč, popř. více. [3]\\n'];
  let s = ''; let i = 0;
  while (s.length < n) s += parts[i++ % parts.length];
  return s.slice(0, n);
}`;

const CITE = `(n) => '\\\\cite{'.repeat(Math.ceil(n / 6)).slice(0, n)`;

const NO_SPACES = `(n) => {
  const a = 'abcdefghijklmnopqrstuvwxyzáčďéěíňóřšťúůýž0123456789';
  let s = ''; let x = 1;
  const chunk = []; for (let i = 0; i < 4096; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; chunk.push(a[x % a.length]); }
  const c = chunk.join('');
  while (s.length < n) s += c;
  return s.slice(0, n);
}`;

export const PASTE_FAMILIES: PasteFamily[] = [
  { name: 'Czech text with abbreviations', make: CZECH, sizes: [200_000, 400_000, 800_000] },
  { name: '\\cite{ repeated', make: CITE, sizes: [150_000, 300_000, 600_000] },
  { name: 'no spaces', make: NO_SPACES, sizes: [1_250_000, 2_500_000, 5_000_000] },
];

// Installed before the page's scripts: every long task, kept in window.__longTasks.
const LONGTASK_PROBE = `(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

export interface PasteFigures {
  chars: number;
  /** Longest task that started after the paste's own task (ms). */
  longest: number;
  /** Sum over those tasks of (duration − 50 ms). */
  blocked: number;
  /** The paste's own task (ms), for reference. */
  pasteTask: number;
  /** Paste → report not busy (ms). */
  settled: number;
  /**
   * The same two figures in CPU time of the page's main thread (Chromium trace, each task's
   * thread time): wall time counts the waits of a busy shared machine, CPU time does not.
   */
  longestCpu: number;
  blockedCpu: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/** Main-thread tasks (ms of thread time) that started after the TimeStamp `mark`. */
function cpuTasksAfter(events: TraceEvent[], mark: string): number[] {
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const stamp = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === mark);
  if (!stamp) return [];
  const key = `${stamp.pid}:${stamp.tid}`;
  if (!main.has(key)) return [];
  return events
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === key && e.ts > stamp.ts)
    .map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
}

async function pasteOnce(browser: Browser, url: string, family: PasteFamily, chars: number): Promise<PasteFigures> {
  const context = await browser.newContext({ bypassCSP: true }); // string probes need eval; the app's CSP forbids it
  try {
    await context.addInitScript({ content: LONGTASK_PROBE });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(url, { timeout: 30_000 });
    await page.waitForFunction("document.documentElement.dataset.editors === 'ready'", undefined, { timeout: 60_000 });
    await page.waitForFunction("document.getElementById('report')?.getAttribute('aria-busy') !== 'true'", undefined, { timeout: 60_000 });
    const box = page.getByRole('textbox', { name: 'Answer', exact: true });
    await box.focus();
    await page.evaluate(`window.__pasteText = (${family.make})(${chars})`);
    await page.waitForTimeout(1000);
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,__metadata', transferMode: 'ReportEvents' });
    const [t0, t1] = (await page.evaluate(`(() => {
      const t = document.activeElement;
      const dt = new DataTransfer();
      dt.setData('text/plain', window.__pasteText);
      window.__pasteText = undefined;
      const t0 = performance.now();
      t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      const t1 = performance.now();
      // Tasks from the next one on are the paste's aftermath.
      setTimeout(() => console.timeStamp('paste-done'), 0);
      return [t0, t1];
    })()`)) as [number, number];
    const wall = await settle(page, chars, t0, t1);
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const cpu = cpuTasksAfter(events, 'paste-done');
    return {
      ...wall,
      longestCpu: Math.round(Math.max(0, ...cpu)),
      blockedCpu: Math.round(cpu.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
    };
  } finally {
    await context.close();
  }
}

/** Waits until the report is not busy and no long task has happened for 3 s (at most 120 s). */
async function settle(page: Page, chars: number, t0: number, t1: number): Promise<Omit<PasteFigures, 'longestCpu' | 'blockedCpu'>> {
  await page.waitForFunction("document.getElementById('report')?.getAttribute('aria-busy') !== 'true'", undefined, { timeout: 120_000 });
  const settled = ((await page.evaluate('performance.now()')) as number) - t0;
  for (let i = 0; i < 120; i++) {
    const quiet = (await page.evaluate(`(() => {
      const last = window.__longTasks.reduce((m, [s, d]) => Math.max(m, s + d), 0);
      return performance.now() - last;
    })()`)) as number;
    if (quiet > 3000) break;
    await page.waitForTimeout(1000);
  }
  const tasks = (await page.evaluate('window.__longTasks')) as [number, number][];
  // The paste's own task contains [t0, t1]; everything that starts after it is the paste's aftermath.
  const own = tasks.filter(([s, d]) => s <= t1 && s + d >= t0);
  const after = tasks.filter(([s]) => s > t1);
  return {
    chars,
    longest: Math.round(Math.max(0, ...after.map(([, d]) => d))),
    blocked: Math.round(after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
    pasteTask: Math.round(Math.max(t1 - t0, ...own.map(([, d]) => d))),
    settled: Math.round(settled),
  };
}

const growth = (a: number, b: number) => (a > 0 ? (b / a).toFixed(2) : '—');

/** One line per family: figures at each size and the growth per doubling. */
export async function benchPaste(browser: Browser, url: string, families: PasteFamily[] = PASTE_FAMILIES): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of families) {
    const xs: PasteFigures[] = [];
    for (const n of f.sizes) xs.push(await pasteOnce(browser, url, f, n));
    const sizes = xs.map((x) => (x.chars >= 1e6 ? `${x.chars / 1e6}M` : `${x.chars / 1e3}k`)).join(' / ');
    const col = (k: keyof PasteFigures) => xs.map((x) => x[k]).join(' / ');
    const grow = (k: keyof PasteFigures) => xs.slice(1).map((x, i) => growth(xs[i]![k], x[k])).join(', ');
    out[`paste ${f.name} (${sizes} chars): longest task after the paste (ms)`] = `${col('longest')}  (×${grow('longest')} per doubling)`;
    out[`paste ${f.name}: blocked time after the paste (ms, Σ task − 50)`] = `${col('blocked')}  (×${grow('blocked')} per doubling)`;
    out[`paste ${f.name}: longest task after the paste, main-thread CPU (ms)`] = `${col('longestCpu')}  (×${grow('longestCpu')} per doubling)`;
    out[`paste ${f.name}: blocked CPU time after the paste (ms, Σ task − 50)`] = `${col('blockedCpu')}  (×${grow('blockedCpu')} per doubling)`;
    out[`paste ${f.name}: the paste's own task (ms)`] = col('pasteTask');
    out[`paste ${f.name}: paste → report ready (ms)`] = col('settled');
  }
  return out;
}
