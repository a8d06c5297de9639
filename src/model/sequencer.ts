// Stale-run protection: every new run aborts the previous one and gets a ticket; an answer that
// arrives for an older ticket is stale and dropped, whatever the network did with the abort.

export interface RunTicket {
  readonly id: number;
  readonly signal: AbortSignal;
  /** False as soon as a newer run started or this one was cancelled. */
  isCurrent(): boolean;
  /** False once a newer run started or the run was dropped (a cancelled run is still the latest). */
  isLatest(): boolean;
  /** The run stops itself (its signal aborts); it stays the latest, so what it says still counts. */
  abort(): void;
}

export class RunSequencer {
  #current = 0;
  #controller: AbortController | null = null;

  start(): RunTicket {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const id = ++this.#current;
    return {
      id,
      signal: controller.signal,
      isCurrent: () => id === this.#current && !controller.signal.aborted,
      isLatest: () => id === this.#current,
      abort: () => controller.abort(),
    };
  }

  /** Cancels the current run (its ticket stops being current). */
  cancel(): void {
    this.#controller?.abort();
    this.#controller = null;
  }

  get running(): boolean {
    return this.#controller !== null && !this.#controller.signal.aborted;
  }

  /** Cancels the current run and makes it stale: whatever it says later is dropped. */
  drop(): void {
    this.#current++;
    this.cancel();
  }

  /** Marks a finished run as no longer running without making its answer stale. */
  finish(ticket: RunTicket): void {
    if (ticket.id === this.#current) this.#controller = null;
  }
}
