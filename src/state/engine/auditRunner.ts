// Schedules analyses: debounced while typing, on the main thread for small inputs and in a worker
// for large ones. Every request has a sequence number; a result older than one already delivered
// is dropped, so a slow answer can never overwrite a newer one. The worker is sent only the
// inputs that changed and replies without what the runner already has (workerProtocol.ts).
import type { Analysis, AnalysisRequest } from './analysis';
import AuditWorker from './audit.worker?worker';
import { AUDIT_DEBOUNCE_MS, WORKER_THRESHOLD_CHARS, WORKER_TIMEOUT_MS } from '../constants';
import { loadEngine, type Engine } from '../lazy';
import { Debouncer } from '../debounce';
import type { Inputs } from '../workbench/draft';
import { inputsPatch, PartCollector, ReplyUnpacker, type WorkerMessage, type WorkerReply, type WorkerRequest } from './workerProtocol';

export type RunnerRequest = Omit<AnalysisRequest, 'seq'>;

export interface RunnerOptions {
  debounceMs?: number;
  workerThreshold?: number;
  /** For tests and environments without workers. */
  createWorker?: (() => Worker) | null;
  /** For tests: the engine to analyse with on the main thread (default: imported on first use). */
  engine?: () => Promise<Engine>;
}

export function inputSize(r: RunnerRequest): number {
  const i = r.inputs;
  return i.query.length + i.answerText.length + i.chunksText.length + i.goldText.length;
}

export class AuditRunner {
  #seq = 0;
  #delivered = 0;
  #latest: AnalysisRequest | undefined;
  #worker: Worker | undefined;
  #workerBroken = false;
  #inFlight: { req: AnalysisRequest; timer: ReturnType<typeof setTimeout> } | undefined;
  /** The inputs the current worker holds (null: a new worker, which is sent all of them). */
  #workerInputs: Inputs | null = null;
  #unpacker = new ReplyUnpacker();
  #parts = new PartCollector();
  #queued: AnalysisRequest | undefined;
  readonly #onResult: (a: Analysis) => void;
  readonly #onBusy: (busy: boolean) => void;
  readonly #debounce: Debouncer;
  readonly #threshold: number;
  readonly #createWorker: (() => Worker) | null;
  readonly #loadEngine: () => Promise<Engine>;
  #engine: Engine | null = null;

  constructor(onResult: (a: Analysis) => void, onBusy: (busy: boolean) => void = () => {}, opts: RunnerOptions = {}) {
    this.#onResult = onResult;
    this.#onBusy = onBusy;
    this.#debounce = new Debouncer(() => this.#run(), opts.debounceMs ?? AUDIT_DEBOUNCE_MS);
    this.#threshold = opts.workerThreshold ?? WORKER_THRESHOLD_CHARS;
    this.#createWorker = opts.createWorker === undefined ? () => new AuditWorker() : opts.createWorker;
    this.#loadEngine = opts.engine ?? loadEngine;
  }

  /** Schedule an analysis of these inputs; `immediate` skips the debounce. */
  request(req: RunnerRequest, immediate = false): void {
    this.#latest = { ...req, seq: ++this.#seq };
    this.#onBusy(true);
    if (!immediate) this.#debounce.schedule();
    else {
      this.#debounce.cancel();
      this.#run();
    }
  }

  /** Run the pending request now, if there is one. */
  flush(): void {
    if (this.#latest) this.#debounce.flush();
  }

  dispose(): void {
    this.#debounce.cancel();
    if (this.#inFlight) clearTimeout(this.#inFlight.timer);
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  #run(): void {
    const req = this.#latest;
    if (!req) return;
    if (inputSize(req) >= this.#threshold && this.#ensureWorker()) {
      if (this.#inFlight) this.#queued = req;
      else this.#post(req);
      return;
    }
    this.#analyzeHere(req);
  }

  /** On the main thread; the first call waits for the engine to load (later ones do not). */
  #analyzeHere(req: AnalysisRequest): void {
    if (this.#engine) {
      this.#deliver(this.#engine.analyze(req, 'main'));
      return;
    }
    void this.#loadEngine().then(
      (e) => {
        this.#engine = e;
        if (req.seq === this.#latest?.seq) this.#deliver(e.analyze(req, 'main'));
      },
      () => this.#onBusy(false),
    );
  }

  #deliver(a: Analysis): void {
    if (a.seq < this.#delivered) return;
    this.#delivered = a.seq;
    this.#onResult(a);
    if (a.seq === this.#seq && !this.#inFlight && !this.#debounce.pending) this.#onBusy(false);
  }

  #ensureWorker(): boolean {
    if (this.#worker) return true;
    if (this.#workerBroken || !this.#createWorker) return false;
    try {
      const w = this.#createWorker();
      w.onmessage = (e: MessageEvent<WorkerMessage>) => {
        if (w !== this.#worker) return;
        const m = e.data;
        if ('part' in m) {
          // A slice of a long array of the coming reply, each decoded in a task of its own.
          if (this.#inFlight?.req.seq === m.seq) this.#parts.add(m);
        } else this.#onReply(m);
      };
      w.onerror = () => this.#onWorkerFailure();
      this.#worker = w;
      this.#workerInputs = null;
      this.#unpacker = new ReplyUnpacker();
      this.#parts = new PartCollector();
      return true;
    } catch {
      this.#workerBroken = true;
      return false;
    }
  }

  #post(req: AnalysisRequest): void {
    const timer = setTimeout(() => this.#onWorkerTimeout(), WORKER_TIMEOUT_MS);
    this.#inFlight = { req, timer };
    const message: WorkerRequest = { ...req, inputs: inputsPatch(this.#workerInputs, req.inputs) };
    this.#workerInputs = req.inputs;
    this.#worker!.postMessage(message);
  }

  #onReply(reply: WorkerReply): void {
    const sent = this.#inFlight?.req;
    if (!this.#inFlight || !sent) return; // nothing was asked: a stray reply
    clearTimeout(this.#inFlight.timer);
    this.#inFlight = undefined;
    let analysis: Analysis | null = null;
    if (reply.ok && reply.analysis.seq === sent.seq) {
      try {
        const whole = this.#parts.complete(reply);
        if (whole.ok) analysis = this.#unpacker.unpack(whole.analysis, sent.inputs);
      } catch {
        // The two sides disagree on what was sent before (cannot happen): start a new worker.
        this.#worker?.terminate();
        this.#worker = undefined;
      }
    }
    if (analysis) this.#deliver(analysis);
    else {
      // The worker could not analyse: do it here rather than show nothing, and send it every
      // input next time.
      this.#workerInputs = null;
      if (sent.seq === this.#latest?.seq) this.#analyzeHere(sent);
    }
    this.#sendQueued();
  }

  #sendQueued(): void {
    const next = this.#queued;
    this.#queued = undefined;
    if (next && next.seq > this.#delivered) {
      if (this.#ensureWorker()) this.#post(next);
      else this.#analyzeHere(next);
    } else if (!this.#debounce.pending && this.#delivered === this.#seq) this.#onBusy(false);
  }

  #onWorkerTimeout(): void {
    // A runaway analysis: replace the worker; the newest request gets a fresh one.
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#inFlight = undefined;
    const next = this.#queued ?? this.#latest;
    this.#queued = undefined;
    if (next && next.seq > this.#delivered && this.#ensureWorker()) this.#post(next);
  }

  #onWorkerFailure(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#workerBroken = true;
    if (this.#inFlight) clearTimeout(this.#inFlight.timer);
    this.#inFlight = undefined;
    this.#queued = undefined;
    const req = this.#latest;
    if (req && req.seq > this.#delivered) this.#analyzeHere(req);
  }
}
