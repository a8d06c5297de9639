// The batch mode's progress as the Dataset view's model panel shows it: its status, counts,
// tokens and cost. Only the dataset's model run (./modelRun.svelte.ts) writes it.
import type { BatchCounts } from '../../model/batch';
import { BATCH_PRICE_FACTOR } from '../../model/constants';
import { emptyUsage, usageCost, type UsageTotal } from '../../model/usage';
import type { BatchRunStatus } from './modelRunParts';

/** What the panel shows of the batch mode; only the run writes it. */
export class BatchProgress {
  status = $state<BatchRunStatus>('idle');
  counts = $state.raw<BatchCounts | null>(null);
  requests = $state(0);
  cases = $state(0);
  merged = $state(0);
  failed = $state(0);
  message = $state<string | null>(null);
  /** When the browser was refused: the command that runs the same batch from a terminal. */
  cliCommand = $state<string | null>(null);
  batchIds = $state.raw<string[]>([]);
  usage = $state.raw<UsageTotal>(emptyUsage());
  /** A stored batch for the open dataset waits for a key to be polled. */
  waitingForKey = $state(false);
  readonly #resumable: () => boolean;

  constructor(resumable: () => boolean) {
    this.#resumable = resumable;
  }

  /** A batch is on its way (created, polled, or being merged): the interactive run waits. */
  get active(): boolean {
    return this.status === 'creating' || this.status === 'waiting' || this.status === 'cancelling' || this.status === 'merging';
  }
  /** Following the stored batch failed (the API unreachable for long): it can be followed again. */
  get resumable(): boolean {
    return this.status === 'failed' && this.#resumable();
  }
  /** The batch's tokens at the batch price, and the same tokens interactive. */
  usageCost(model: string): { usd: number | null; interactiveUsd: number | null } | null {
    if (this.usage.requests === 0) return null;
    const { usd } = usageCost(model, this.usage);
    return { usd: usd === null ? null : usd * BATCH_PRICE_FACTOR, interactiveUsd: usd };
  }
}

export type BatchView = Omit<Readonly<BatchProgress>, 'usageCost'> & Pick<BatchProgress, 'usageCost'>;
