// Opening another dataset, or closing this one, empties the one dataset slot. Local results can be
// computed again from the file, but the model's verdicts cost money and a run in progress would be
// cut short: then the page asks first (with the chance to download the results), else it just
// does it. Every way to open or close a dataset goes through here: the button, a dropped file,
// Close.

export type DatasetAction = { kind: 'open'; file: File } | { kind: 'close' };

/** What replacing the current dataset would throw away (null: no dataset open). */
export interface AtStake {
  name: string;
  /** Cases the model has judged. */
  judged: number;
  /** A model run is in progress. */
  modelRunning: boolean;
}

export interface DatasetGuardHost {
  atStake(): AtStake | null;
  perform(action: DatasetAction): void | Promise<void>;
  /**
   * Whether another tab of this browser is running the model over the open dataset (it holds the
   * run's lock): this tab's counts do not show that run, but replacing the dataset cuts it short.
   */
  runningElsewhere?(): Promise<boolean>;
}

export class DatasetGuard {
  #pending = $state.raw<{ action: DatasetAction; stake: AtStake } | null>(null);
  readonly #host: DatasetGuardHost;

  constructor(host: DatasetGuardHost) {
    this.#host = host;
  }

  /** The action waiting for the user's answer, and what it would lose. */
  get pending(): { action: DatasetAction; stake: AtStake } | null {
    return this.#pending;
  }

  /** Does the action now, or holds it until confirmed when it would lose the model's work. */
  async request(action: DatasetAction): Promise<void> {
    let stake = this.#host.atStake();
    if (stake && !stake.modelRunning && (await this.#host.runningElsewhere?.())) stake = { ...stake, modelRunning: true };
    if (stake && (stake.judged > 0 || stake.modelRunning)) {
      this.#pending = { action, stake };
      return;
    }
    await this.#host.perform(action);
  }

  async confirm(): Promise<void> {
    const p = this.#pending;
    this.#pending = null;
    if (p) await this.#host.perform(p.action);
  }

  cancel(): void {
    this.#pending = null;
  }
}
