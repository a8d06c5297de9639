// The CLI's progress line on a terminal: cases done, rate and ETA, redrawn in place at most a few
// times a second. Silent when no sink is given (stderr is not a terminal: CI logs stay clean).
import { progressLine } from '../core/ci';

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
