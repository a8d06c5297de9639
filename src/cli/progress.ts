// The CLI's progress line on a terminal: cases done, rate and ETA, redrawn in place at most a few
// times a second. Silent when no sink is given (stderr is not a terminal: CI logs stay clean).
import { progressLine } from '../core/ci';
import type { RetryInfo } from '../model/run';

export interface Progress {
  tick(done: number): void;
  /** Erases the line so that other output starts on a clean line. */
  clear(): void;
}

const QUIET: Progress = { tick: () => {}, clear: () => {} };
/** Short runs finish before a progress line would help. */
const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 200;

export function startProgress(total: number, sink: ((s: string) => void) | undefined, now: () => number = Date.now): Progress {
  if (!sink || total < 2) return QUIET;
  const started = now();
  let last = 0;
  let shown = false;
  return {
    tick(done) {
      const t = now();
      if (t - started < SHOW_AFTER_MS || (t - last < REDRAW_MS && done < total)) return;
      last = t;
      shown = true;
      sink(`\r\x1b[2K${progressLine(done, total, t - started)}`);
    },
    clear() {
      if (!shown) return;
      shown = false;
      sink('\r\x1b[2K');
    },
  };
}

const RETRY_REASONS: Partial<Record<RetryInfo['kind'], string>> = {
  network: 'network unreachable',
  overloaded: 'API overloaded',
  rate_limit: 'rate limit reached',
  server: 'server error',
  timeout: 'no answer in time',
  stream_cut: 'connection cut',
};

/** A model request about to be tried again: "API overloaded (529) — trying again (2 of 3) in 2 s…". */
export function retryLine(r: RetryInfo): string {
  const reason = `${RETRY_REASONS[r.kind] ?? 'request failed'}${r.status !== undefined ? ` (${r.status})` : ''}`;
  return `${reason} \u2014 trying again (${r.attempt} of ${r.attempts}) in ${Math.ceil(r.waitMs / 1000)} s\u2026`;
}
