// The audit run of `citation-audit FILE...`: inputs streamed in batches, local checks on a pool of
// worker threads (or on this thread for a small input, one job, or a model run), results written
// in input order as they come, and the run-level outputs (--fail-under, JUnit, Markdown) built
// from bounded tallies. Memory holds a window of batches, never the run.
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { access, constants as fsConstants, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { auditCase } from '../core/audit';
import { visibleControls } from '../core/text/text';
import { checkThresholds, describeThresholdFailure, junitFrame, toMarkdown, type Threshold, type ThresholdResult } from '../core/eval/ci';
import { metricsOfSums } from '../core/eval/dataset';
import type { AuditCase, AuditOptions, RepeatRule, Report } from '../core/types';
import { providerSpec, type Provider } from '../model/providers';
import { modelAccess } from './provider';
import { addUsage, emptyUsage, usageLine } from '../model/usage';
import { makeNonce } from '../model/wrap';
import type { RetryInfo } from '../model/run';
import { caseOf, emptyBatch, itemsOf, readCaseLine, finishCase, mergeTallies, Tally, workSize, type BatchResult, type CaseItem, type OutputFormat, type TallyState, type Work, type WorkOptions } from './cases';
import type { BatchCliOptions } from './batch';
import { retryLine, startProgress } from './progress';
import { BufferedOutput, readInputs, type InputSummary } from './stream';
import { writeWholeFile } from './wholeFile';
import { SILENT_CASES_MAX, StopSending } from './stopSending';
import type { InputEvent } from './lineCutter';

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Where the progress line goes; only given when standard error is a terminal. */
  progress?: (s: string) => void;
  /** Standard output as a stream, so that a long run waits for a slow reader instead of buffering. */
  stdout?: Writable;
  /** Standard output is a terminal too: the progress line is erased before output is written. */
  outIsTerminal?: boolean;
  /**
   * Starts listening for Ctrl+C / SIGTERM (only a model run asks): the signal aborts with the
   * signal's name; dispose stops listening, so that the next one acts as it would by default.
   */
  interrupts?: () => { signal: AbortSignal; dispose: () => void };
}

export interface AuditRunOptions {
  files: string[];
  format: OutputFormat;
  failUnder: Threshold[];
  /** Extra outputs written to files, so that one (model) run feeds every CI report. */
  junitFile?: string;
  markdownFile?: string;
  audit: AuditOptions;
  model?: string | true;
  /** Who judges (default anthropic) and where (default: the provider's environment variable). */
  provider?: Provider;
  baseURL?: string;
  strict: boolean;
  /** --repeat K and --repeat-rule: K judgements per claim and the rule that keeps one (src/model/repeat.ts). */
  repeat?: number;
  repeatRule?: RepeatRule;
  /** --timeout: the deadline of each model request, in milliseconds (default: the model layer's). */
  timeoutMs?: number;
  /** Worker threads for the local checks; undefined: one per core (up to 8), only for inputs past one batch. */
  jobs?: number;
  /** --batch and its options (src/cli/batch.ts): the model step goes through a Message Batch. */
  batch?: BatchCliOptions;
  /** The command line as given, for the resume command --detach prints. */
  argv?: string[];
}

/** A batch: this many lines or this many bytes (1 MB of JSONL), whichever first. */
const BATCH_LINES = 64;
const BATCH_CHARS = 1 << 20;
/** Batches in flight per worker: one being audited, the rest queued, so that no worker idles while an earlier batch holds up the output. */
const IN_FLIGHT_PER_WORKER = 4;
const MAX_DEFAULT_JOBS = 8;
/** Markdown's worst-cases table. */
const WORST = 10;

/** Characters of a model's unusable raw reply shown on standard error. */
const RAW_SHOWN = 4000;

const snippet = (t: string): string => {
  const one = visibleControls(t.replace(/\s+/g, ' ').trim());
  return one.length > 100 ? `${one.slice(0, 99)}\u2026` : one;
};

type ModelStep = (c: AuditCase, r: Report, onRetry: (r: RetryInfo) => void) => Promise<Report>;

/** Audits batches on this thread: the small runs, --jobs 1, and model runs (network-bound). */
class LocalExecutor {
  readonly tally: Tally;
  /** The first settings failure of an interactive model run: the cases after it are not sent. */
  private stopped: { kind: string; where: string; message: string } | undefined;
  private readonly stops = new StopSending();
  constructor(
    private readonly work: WorkOptions,
    private readonly model?: ModelStep,
    /** Says at once (not with the batch's output) that a model request is being tried again. */
    private readonly onRetry: (line: string) => void = () => {},
    /** Stop sending after a settings failure (not for a batch, whose requests are already paid). */
    private readonly stopOnSettingsFailure = false,
  ) {
    this.tally = new Tally(work.worst);
  }

  async run(items: readonly CaseItem[]): Promise<BatchResult> {
    const into = emptyBatch();
    for (const item of items) {
      const c = caseOf(item, into);
      if (!c) continue;
      let report = auditCase(c, this.work.audit);
      let error: NonNullable<Report['meta']['model_error']> | undefined;
      if (this.model) {
        // The case id and the claims quote the input: their controls are made visible on stderr.
        const where = visibleControls(`${item.file}${c.id !== undefined ? ` (${String(c.id)})` : ''}`);
        if (this.stopped) {
          // Sending it would only repeat the failure, and send the case where it cannot be judged.
          into.modelFailures++;
          const message = `Not sent to the model, after the same failure at ${this.stopped.where}: ${this.stopped.message}`;
          const failed = (await import('./modelFailure')).modelFailure(undefined, c, report, message);
          report = failed.report;
          const left = report.meta.ledger?.unjudged;
          error = { ...failed.error, kind: this.stopped.kind, ...(left !== undefined ? { claims_left: left } : {}) };
          finishCase(item, c, report, this.work, this.tally, into, error);
          continue;
        }
        try {
          report = await this.model(c, report, (retry) => this.onRetry(`${where}: ${retryLine(retry)}\n`));
          this.stops.answered();
        } catch (err) {
          into.modelFailures++;
          const [{ describeModelError, ModelError }, { modelFailure }] = await Promise.all([import('../model/errors'), import('./modelFailure')]);
          // The CLI's own wording: the page's speaks of its settings, reloading and browser CORS.
          const message = err instanceof ModelError ? describeModelError(err.init, 'en', { surface: 'cli' }).text : (err as Error).message;
          into.err += `${where}: model audit failed: ${message}\n`;
          // "The raw reply is shown below": here it is (its controls already made visible).
          const raw = err instanceof ModelError && err.kind === 'invalid_output' ? err.rawOutput : undefined;
          if (raw) into.err += `${where}: the model's raw reply${raw.length > RAW_SHOWN ? ` (its first ${RAW_SHOWN} of ${raw.length} characters)` : ''}:\n${raw.slice(0, RAW_SHOWN).replace(/^/gm, '  ')}\n`;
          // Keep what was judged before the failure, and say which claims were left unjudged.
          const failed = modelFailure(err, c, report, message);
          report = failed.report;
          error = failed.error;
          const unjudged = failed.unjudged;
          if (unjudged.length) {
            into.err += `${where}: not judged by the model (${unjudged.length}):\n`;
            for (const i of unjudged) into.err += `  claim ${i + 1}: ${snippet(report.claims[i]?.text ?? '')}\n`;
          }
          const stop = this.stopOnSettingsFailure ? this.stops.failed(error.kind, err instanceof ModelError ? err.noReply : undefined) : undefined;
          if (stop === 'settings') {
            this.stopped = { kind: error.kind, where, message };
            into.err += `citation-audit: the cases after ${where} are not sent to the model: "${error.kind}" would fail each of them the same way (their reports say so in meta.model_error).\n`;
          } else if (stop === 'silent') {
            this.stopped = { kind: error.kind, where, message };
            into.err += `citation-audit: the server sent no reply to ${SILENT_CASES_MAX} cases in a row, up to ${where}: the cases after it are not sent to the model (their reports say so in meta.model_error). Run again once the server answers.\n`;
          }
        }
      }
      finishCase(item, c, report, this.work, this.tally, into, error);
    }
    return into;
  }
}

/** JUnit testcases of the run: kept in memory up to a few MB, then in a temporary file. */
class Spool {
  private parts: string[] = [];
  private size = 0;
  private fd: number | undefined;
  private dir: string | undefined;
  private static readonly IN_MEMORY = 4 << 20;

  add(s: string): void {
    if (s === '') return;
    if (this.fd === undefined && this.size + s.length <= Spool.IN_MEMORY) {
      this.parts.push(s);
      this.size += s.length;
      return;
    }
    if (this.fd === undefined) {
      this.dir = mkdtempSync(join(tmpdir(), 'citation-audit-'));
      this.fd = openSync(join(this.dir, 'junit.part'), 'w');
      writeSync(this.fd, this.parts.join(''));
      this.parts = [];
    }
    writeSync(this.fd, s);
  }

  /** Hands the spooled text on in order, in pieces. */
  async replay(write: (s: string) => Promise<void>): Promise<void> {
    if (!this.dir) {
      for (const p of this.parts) await write(p);
      return;
    }
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    const stream = createReadStream(join(this.dir!, 'junit.part'), { encoding: 'utf8', highWaterMark: 1 << 20 });
    for await (const chunk of stream as AsyncIterable<string>) await write(chunk);
  }

  dispose(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

export function defaultJobs(): number {
  return Math.max(1, Math.min(MAX_DEFAULT_JOBS, availableParallelism()));
}

export async function runAudit(opts: AuditRunOptions, io: CliIo): Promise<number> {
  // Only an interactive model run listens: a local run stops at once as before, and a batch is
  // resumed from its state file by the same command.
  const interrupt = opts.model !== undefined && !opts.batch ? io.interrupts?.() : undefined;
  try {
    return await runAuditWith(opts, io, interrupt);
  } finally {
    interrupt?.dispose();
  }
}

async function runAuditWith(opts: AuditRunOptions, io: CliIo, interrupt: ReturnType<NonNullable<CliIo['interrupts']>> | undefined): Promise<number> {
  // An output file that cannot be written is said before anything is read or sent, not after a
  // (paid) run whose JUnit or Markdown would then be lost; so is one that would overwrite an
  // input (`--junit answers.jsonl`) or the other output.
  const outputs = [['--junit', opts.junitFile], ['--markdown', opts.markdownFile], ['--state', opts.batch?.stateFile]] as const;
  const inputs = await Promise.all(opts.files.filter((f) => f !== '-').map(async (f) => ({ f, id: await fileId(f) })));
  for (const [i, [flag, file]] of outputs.entries()) {
    if (file === undefined) continue;
    const id = await fileId(file);
    const input = id && inputs.find((x) => x.id === id);
    const other = outputs.slice(0, i).find(([, f]) => f !== undefined && resolve(f) === resolve(file));
    // (The batch checks itself, in its own words, that its state can be written.)
    const why = input ? `it is the input ${input.f}, which the output would replace` : other ? `${other[0]} writes the same file` : flag === '--state' ? undefined : await unwritable(file);
    if (why) {
      io.err(`citation-audit: cannot write ${flag} ${file}: ${why}\n`);
      return 2;
    }
  }
  const junit = opts.format === 'junit' || opts.junitFile !== undefined;
  const work: WorkOptions = { audit: opts.audit, format: opts.format, junit, worst: opts.format === 'markdown' || opts.markdownFile ? WORST : 0 };

  // --- the model step (on this thread; the network is the bottleneck, not the cores) ----------
  let model: ModelStep | undefined;
  // --batch: the inputs read ahead, and the cost summary + state removal once every output is written.
  let preRead: InputEvent[] | undefined;
  const preSummary: InputSummary = { singleCase: false };
  let batchEnd: (() => Promise<void>) | undefined;
  let modelSetup: ((many: boolean) => void) | undefined;
  const usage = emptyUsage();
  let usedModel: string | undefined;
  if (opts.model !== undefined) {
    const access = modelAccess(opts.provider, opts.baseURL);
    if ('missingKey' in access) {
      io.err(`citation-audit: --model needs the ${access.missingKey} environment variable\n`);
      return 2;
    }
    if ('problem' in access) {
      io.err(`citation-audit: ${access.problem}\n`);
      return 2;
    }
    const { apiKey, baseURL, provider } = access;
    const { malformedKey } = await import('../model/client');
    if (apiKey && malformedKey(apiKey)) {
      // Said before anything is read or sent, and without a character of the key.
      const { describeModelError } = await import('../model/errors');
      io.err(`citation-audit: ${describeModelError({ kind: 'auth', malformedKey: true, provider }, 'en', { surface: 'cli' }).text}\n`);
      return 2;
    }
    const { runModelAuditNode } = await import('../model/node');
    const name = typeof opts.model === 'string' ? opts.model : undefined;
    let many = {};
    // Several cases share one nonce, so the instructions are the same bytes every time and the
    // prompt cache serves them after the first request.
    modelSetup = (several) => {
      many = several ? { nonce: makeNonce(), cacheInstructions: true } : {};
    };
    model = (c, r, onRetry) =>
      runModelAuditNode(c, r, {
        apiKey,
        provider,
        ...(baseURL ? { baseURL } : {}),
        ...(name ? { model: name } : {}),
        strict: opts.strict,
        ...(opts.repeat !== undefined ? { repeat: opts.repeat } : {}),
        ...(opts.repeatRule ? { repeatRule: opts.repeatRule } : {}),
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
        ...(interrupt ? { signal: interrupt.signal } : {}),
        ...many,
        onUsage: (u) => addUsage(usage, u),
        // Said once per wait, before it: a run against an unreachable API is not silent for seconds.
        onProgress: (p) => {
          if (p.phase === 'waiting' && p.retry) onRetry(p.retry);
        },
      });
    usedModel = name ?? providerSpec(provider).defaultModel;
    if (opts.batch) {
      // A batch is made of every case at once: read the inputs whole first (the streamed path's
      // bounded memory does not hold here), then merge each case's batch result as the cases go by.
      preRead = [];
      const cases: AuditCase[] = [];
      for await (const read of readInputs(opts.files, { batchLines: BATCH_LINES, batchChars: BATCH_CHARS }, preSummary)) {
        const ev: InputEvent = read.kind === 'lines' ? { kind: 'items', items: itemsOf(read.batch) } : read;
        preRead.push(ev);
        if (ev.kind !== 'items') continue;
        for (const item of ev.items) {
          // The case object is the batch's key for this case: read it once, here.
          if (!item.c) {
            const r = readCaseLine(item.text ?? '', item.file, item.line);
            if (r.c) item.c = r.c;
          }
          if (item.c) cases.push(item.c);
        }
      }
      const outputs = [opts.junitFile, opts.markdownFile].filter((f): f is string => !!f);
      const ctx = { files: opts.files, outputs, cases, audit: opts.audit, apiKey, baseURL, model: name, strict: opts.strict, argv: opts.argv ?? [] };
      const started = await (await import('./batch')).startBatch(opts.batch, ctx, io);
      if (typeof started === 'number') return started;
      model = started.runModel;
      batchEnd = started.end;
      usedModel = undefined;
    }
  }

  // Set once the progress line exists: a retry line first erases it.
  let sayRetry = (line: string): void => io.err(line);
  const local = new LocalExecutor(work, model, (line) => sayRetry(line), !opts.batch);
  const jobs = model ? 1 : (opts.jobs ?? defaultJobs());
  let pool: import('./pool').AuditPool | undefined;
  const startPool = async (): Promise<void> => {
    const { AuditPool } = await import('./pool');
    pool = new AuditPool(jobs, work);
  };

  // --- output, in input order -------------------------------------------------------------------
  const out = new BufferedOutput({ write: io.out, ...(io.stdout ? { stream: io.stdout } : {}) });
  const spool = new Spool();
  let totalBytes: number | null = 0;
  for (const f of opts.files) {
    if (f === '-') totalBytes = null;
    else {
      try {
        if (totalBytes !== null) totalBytes += (await stat(f)).size;
      } catch {
        // Said when the file is read.
      }
    }
  }
  // The share done: bytes of the lines whose results are out (reading runs ahead of them by the
  // window of batches, so the bytes read would promise too much).
  let doneBytes = 0;
  const fraction = (): number | null => (totalBytes ? doneBytes / totalBytes : null);
  const bytesOf = (items: readonly CaseItem[]): number => items.reduce((n, it) => n + (it.text === undefined ? 0 : Buffer.byteLength(it.text) + 1), 0);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const progress = startProgress(null, io.progress);
  sayRetry = (line) => {
    progress.clear();
    io.err(line);
  };
  // One case from one input is printed as one pretty JSON document: hold the first output back
  // until a second case shows this is not such a run.
  let hold = opts.format === 'json' && opts.files.length === 1;
  let held = '';
  let heldCases = 0;
  let cases = 0;
  let inputErrors = 0;
  let modelFailures = 0;

  const emit = async (r: BatchResult, bytes: number): Promise<void> => {
    doneBytes += bytes;
    cases += r.cases;
    inputErrors += r.inputErrors;
    modelFailures += r.modelFailures;
    if (r.err) {
      progress.clear();
      io.err(r.err);
    }
    spool.add(r.junit);
    if (hold) {
      held += r.outBytes ? decoder.decode(r.outBytes) : r.out;
      heldCases += r.cases;
      if (heldCases > 1) {
        hold = false;
        await out.write(held);
        held = '';
      }
    } else if (r.out || r.outBytes?.length) {
      if (io.outIsTerminal) progress.clear();
      await out.write(r.outBytes ?? r.out);
    }
    progress.tick(cases, fraction());
  };

  // Batches in flight, oldest first: awaiting them in order keeps the output in input order, and
  // the window's size is the backpressure on reading.
  const inFlight: { result: Promise<BatchResult>; bytes: number }[] = [];
  const next = async (): Promise<void> => {
    const b = inFlight.shift()!;
    await emit(await b.result, b.bytes);
  };
  const window = (): number => (pool ? pool.size * IN_FLIGHT_PER_WORKER : 1);
  /** `bytes`: how much of the input the work covers (for the progress line). */
  const submit = async (work: Work, bytes: number): Promise<void> => {
    if (pool) {
      const result = pool.run(work);
      // When the run stops at an earlier batch, the later ones are never awaited: not unhandled.
      result.catch(() => {});
      inFlight.push({ result, bytes });
      while (inFlight.length >= window()) await next();
      return;
    }
    const items = itemsOf(work);
    if (model) {
      // One case at a time, so each case's output and errors appear as soon as it is judged: a
      // paid judgement is on standard output before the next request goes, not in a buffer that
      // a killed run or a closed pipe would lose.
      for (const item of items) {
        if (interrupt?.signal.aborted) return;
        await emit(await local.run([item]), bytesOf([item]));
        await out.flush();
      }
    } else await emit(await local.run(items), bytes);
  };
  const drain = async (): Promise<void> => {
    while (inFlight.length) await next();
  };

  const summary: InputSummary = { singleCase: false };
  // The first cases wait until it is known whether more follow: a pool only pays off past one
  // batch's worth (--jobs N > 1 asks for one anyway), the model's cached instructions past one case.
  let first: { work: Work; bytes: number }[] = [];
  let waiting = 0;
  let decided = false;
  const decide = async (more: boolean): Promise<void> => {
    decided = true;
    // Several cases are not one case to print as one pretty document: nothing is held back.
    if (waiting > 1) hold = false;
    if (jobs > 1 && (more || (opts.jobs ?? 0) > 1)) await startPool();
    modelSetup?.(more || waiting > 1);
    const batches = first;
    first = [];
    for (const b of batches) await submit(b.work, b.bytes);
  };
  let failed: Error | undefined;
  try {
    if (preRead) Object.assign(summary, preSummary);
    // A model run is judged case by case as its lines arrive: a slow pipe (a pipeline that writes a
    // case now and then) is not held until 64 cases have come.
    const lines = model ? 1 : BATCH_LINES;
    const events = preRead ?? readInputs(opts.files, { batchLines: lines, batchChars: BATCH_CHARS }, summary, interrupt?.signal);
    for await (const ev of events) {
      // Interrupted: nothing more is read or sent; the outputs are written for the cases done.
      if (interrupt?.signal.aborted) break;
      if (ev.kind === 'error') {
        // In order with the cases' own messages.
        if (!decided && waiting) await decide(false);
        await drain();
        progress.clear();
        io.err(`${ev.message}\n`);
        inputErrors++;
        continue;
      }
      const work = ev.kind === 'lines' ? ev.batch : ev.items;
      const bytes = ev.kind === 'lines' ? ev.bytes : bytesOf(ev.items);
      if (!decided) {
        first.push({ work, bytes });
        waiting += workSize(work);
        // Past one batch's worth of cases, more are likely: decide now.
        if ((opts.jobs ?? 0) > 1 || waiting > lines) await decide(true);
        continue;
      }
      await submit(work, bytes);
    }
    if (!decided) await decide(false);
    await drain();
  } catch (err) {
    failed = err as Error;
  }

  let states: TallyState[] = [local.tally.state()];
  try {
    if (pool && !failed) states = [...states, ...(await pool.close())];
  } catch (err) {
    failed ??= err as Error;
  } finally {
    await pool?.terminate();
  }
  progress.clear();
  if (failed) {
    spool.dispose();
    await out.flush().catch(() => {});
    // The requests already paid for are counted even when the run cannot finish (say standard
    // output was closed): stopping must not hide them.
    if (usedModel && usage.requests > 0) io.err(`citation-audit: ${usageLine(usedModel, usage)}\n`);
    // A reader that went away (`| head`) shows as a failed write: say so in words.
    const why = (failed as NodeJS.ErrnoException).code === 'EPIPE' ? 'its output was closed (the program reading it, such as `head`, ended first)' : failed.message;
    io.err(`citation-audit: the run stopped: ${why}\n`);
    return 2;
  }
  const tally = mergeTallies(states);
  const metrics = metricsOfSums(tally.sums);
  if (usedModel && usage.requests > 0) io.err(`citation-audit: ${usageLine(usedModel, usage)}\n`);
  const gate: ThresholdResult[] = opts.failUnder.length ? checkThresholds(metrics, opts.failUnder, tally.ledger, tally.stability) : [];

  if (hold) {
    if (summary.singleCase && heldCases === 1) await out.write(`${JSON.stringify(JSON.parse(held), null, 2)}\n`);
    else await out.write(held);
  }
  const frame = junit ? junitFrame({ cases: metrics.cases, failures: tally.junitFailures, errors: tally.junitErrors }, { thresholds: gate, ledger: tally.ledger, stability: tally.stability }) : undefined;
  const markdown = work.worst ? toMarkdown(tally.worst, { thresholds: gate, metrics, worst: WORST, ledger: tally.ledger, stability: tally.stability }) : undefined;
  try {
    if (opts.format === 'junit' && frame) {
      await out.write(frame.head);
      await spool.replay((s) => out.write(s));
      await out.write(frame.tail);
    } else if (opts.format === 'markdown' && markdown !== undefined) await out.write(markdown);
    await out.flush();
    if (opts.junitFile && frame) await writeWholeFile(opts.junitFile, async (write) => {
      await write(frame.head);
      await spool.replay(write);
      await write(frame.tail);
    });
    if (opts.markdownFile && markdown !== undefined) await writeWholeFile(opts.markdownFile, (write) => write(markdown));
  } catch (err) {
    io.err(`citation-audit: cannot write: ${(err as Error).message}\n`);
    return 2;
  } finally {
    spool.dispose();
  }
  await batchEnd?.();
  const missed = gate.filter((t) => !t.passed);
  for (const t of missed) io.err(`citation-audit: --fail-under ${describeThresholdFailure(t)}\n`);
  if (interrupt?.signal.aborted) {
    const name = String(interrupt.signal.reason);
    io.err(`citation-audit: interrupted (${name}) after ${cases} case${cases === 1 ? '' : 's'}: nothing more was sent, a case cut mid-judgement keeps the claims judged before it (model_error kind cancelled), and the outputs hold the cases done. Run again to audit the rest.\n`);
    return name === 'SIGTERM' ? 143 : 130;
  }
  if (inputErrors || modelFailures) return 2;
  return tally.anyFail || missed.length ? 1 : 0;
}

/** The file's identity (device and inode, so that a link or another spelling of the path matches), or undefined when it does not exist. */
async function fileId(file: string): Promise<string | undefined> {
  const s = await stat(file).catch(() => undefined);
  return s ? `${s.dev}:${s.ino}` : undefined;
}

/** Why `file` cannot be written (its folder is missing or read-only, it is a folder), or undefined. */
async function unwritable(file: string): Promise<string | undefined> {
  try {
    const s = await stat(file).catch(() => undefined);
    if (s?.isDirectory()) return 'it is a folder';
    await access(s ? file : dirname(resolve(file)), fsConstants.W_OK);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
