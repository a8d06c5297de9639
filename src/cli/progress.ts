// The CLI's progress line on a terminal: cases done, rate and ETA, redrawn in place at most a few
// times a second. Silent when no sink is given (stderr is not a terminal: CI logs stay clean).
// A streamed run does not know its number of cases in advance: its share done and ETA come from
// the bytes of the input files whose cases are done (none for standard input: cases and rate).
import { duration, progressLine } from '../core/eval/ci';
import { plural } from '../core/report/plural';
import type { RetryInfo } from '../model/run';

export interface Progress {
  /** `fraction`, when known, is the share of the input done so far (0–1), for runs of unknown size. */
  tick(done: number, fraction?: number | null): void;
  /** Erases the line so that other output starts on a clean line. */
  clear(): void;
}

const QUIET: Progress = { tick: () => {}, clear: () => {} };
/** Short runs finish before a progress line would help. */
const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 200;

/** `total` null: the number of cases is not known in advance (a streamed input). */
export function startProgress(total: number | null, sink: ((s: string) => void) | undefined, now: () => number = Date.now): Progress {
  if (!sink || (total !== null && total < 2)) return QUIET;
  const started = now();
  let last = 0;
  let shown = false;
  return {
    tick(done, fraction) {
      const t = now();
      const finished = total !== null && done >= total;
      if (t - started < SHOW_AFTER_MS || (t - last < REDRAW_MS && !finished)) return;
      last = t;
      shown = true;
      const line = total !== null ? progressLine(done, total, t - started) : streamedLine(done, fraction ?? null, t - started);
      sink(`\r\x1b[2K${line}`);
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

/** `12,345 cases · 4,100/s · 37 % · ETA 21s`; without a fraction, cases and rate only. */
export function streamedLine(done: number, fraction: number | null, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const parts = [plural('en', done, { one: `${done.toLocaleString('en-US')} case`, other: `${done.toLocaleString('en-US')} cases` }), `${rate >= 10 ? Math.round(rate).toLocaleString('en-US') : rate.toFixed(1)}/s`];
  if (fraction !== null && fraction > 0) {
    const f = Math.min(1, fraction);
    parts.push(`${Math.floor(f * 100)} %`, `ETA ${duration(((elapsedMs / 1000) * (1 - f)) / f)}`);
  }
  return parts.join(' · ');
}
