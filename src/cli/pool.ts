// The CLI's worker threads: local checks spread over the machine's cores. Batches go to the
// worker with the fewest outstanding; each batch's promise resolves with its results, so the
// caller keeps the output in input order by awaiting them in order (see run.ts). The worker runs
// this same module (the bundle in cli/dist, or this file through tsx in tests), which notices
// its role below and serves batches.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { BatchResult, TallyState, Work, WorkOptions } from './cases';
import { serveBatches, type FromWorker, type ToWorker } from './worker';

const ROLE = 'citation-audit-worker';

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === ROLE) {
  serveBatches(parentPort, (workerData as { opts: WorkOptions }).opts);
}

interface Slot {
  worker: Worker;
  pending: number;
}

export class AuditPool {
  private readonly slots: Slot[];
  private readonly waiting = new Map<number, { resolve: (r: BatchResult) => void; reject: (e: Error) => void }>();
  private readonly tallies: ((s: TallyState) => void)[] = [];
  private nextId = 0;
  private failure: Error | undefined;

  constructor(size: number, opts: WorkOptions) {
    const self = import.meta.url;
    const workerData = { role: ROLE, opts };
    this.slots = Array.from({ length: size }, () => {
      // From sources (tests, the bench under tsx) the worker registers the TypeScript loader first.
      const worker = self.endsWith('.ts')
        ? new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(self)}); })`, { eval: true, workerData })
        : new Worker(fileURLToPath(self), { workerData });
      const slot: Slot = { worker, pending: 0 };
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'batch') {
          slot.pending--;
          const w = this.waiting.get(m.id);
          this.waiting.delete(m.id);
          w?.resolve(m.result);
        } else this.tallies.shift()?.(m.state);
      });
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a worker thread stopped (exit code ${code})`));
      });
      return slot;
    });
  }

  get size(): number {
    return this.slots.length;
  }

  /** Audits `work` on the least busy worker; the bytes of a LineBatch are handed over (unusable here after). */
  run(work: Work): Promise<BatchResult> {
    if (this.failure) return Promise.reject(this.failure);
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.pending < slot.pending) slot = s;
    const id = this.nextId++;
    slot.pending++;
    const msg: ToWorker = { type: 'batch', id, work };
    const transfer = !Array.isArray(work) && work.bytes.byteOffset === 0 && work.bytes.byteLength === work.bytes.buffer.byteLength ? [work.bytes.buffer as ArrayBuffer] : [];
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      slot.worker.postMessage(msg, transfer);
    });
  }

  /** Every worker's tally (after all their batches), then the workers end. */
  async close(): Promise<TallyState[]> {
    const states: TallyState[] = [];
    for (const s of this.slots) {
      if (this.failure) throw this.failure;
      const state = await new Promise<TallyState>((resolve, reject) => {
        this.tallies.push(resolve);
        this.waiting.set(-1, { resolve: () => {}, reject });
        const finish: ToWorker = { type: 'finish' };
        s.worker.postMessage(finish);
      });
      this.waiting.delete(-1);
      states.push(state);
    }
    await this.terminate();
    return states;
  }

  async terminate(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.removeAllListeners('exit').terminate()));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
