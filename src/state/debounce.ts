// The one debounce of the state classes (typing saves a draft or a note, edits start an audit,
// the history saves an audit): a call waits until calls have rested for `ms`, then runs once.
// flush() runs a waiting call at once (the page is being hidden), cancel() drops it. whenIdle:
// work that may wait for the page to be idle (after a report's tasks and its frame).

export class Debouncer {
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #run: () => void;
  readonly #ms: number;

  constructor(run: () => void, ms: number) {
    this.#run = run;
    this.#ms = ms;
  }

  /** Starts the wait again: the run comes `ms` after the last call. */
  schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#run();
    }, this.#ms);
  }

  /** A run is waiting. */
  get pending(): boolean {
    return this.#timer !== undefined;
  }

  /** Runs a waiting call now; false when none was waiting (nothing runs). */
  flush(): boolean {
    if (!this.cancel()) return false;
    this.#run();
    return true;
  }

  /** Drops a waiting call; true when one was waiting. */
  cancel(): boolean {
    if (this.#timer === undefined) return false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return true;
  }
}

/** Runs `fn` when the page is next idle, `timeout` ms at the latest (without idle callbacks, as in Node, in a task of its own). */
export function whenIdle(fn: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 0);
}
