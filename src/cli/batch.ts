// `citation-audit DATASET --model --batch`: the model run through the Message Batches API at half
// the price. The batch ids go to a state file (never the key) as soon as each batch exists, so a
// restarted command resumes polling the same batches instead of paying twice; --detach creates
// the batches and exits with the command that resumes; --cancel-batch cancels what is left and
// writes the results of what was done. The merge into each case's report is the interactive
// path's own (model/batch.ts), so everything after this hook (formats, gates) is unchanged.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { auditCase } from '../core/audit';
import { formatUSD } from '../core/report/format';
import { plural } from '../core/report/plural';
import type { AuditCase, AuditOptions, Report } from '../core/types';
import {
  BatchMismatch,
  batchPrice,
  cancelBatches,
  createBatches,
  mergeBatchCase,
  parseBatchState,
  prepareBatch,
  readBatchResults,
  waitForBatches,
  type BatchCase,
  type BatchConnection,
  type BatchProgress,
  type BatchResult,
  type BatchState,
  type PreparedBatch,
} from '../model/batch';
import { providerSpec } from '../model/providers';
import { describeModelError, ModelError } from '../model/errors';
import { estimateAudit } from '../model/estimate';
import { addUsage, emptyUsage, usageCost } from '../model/usage';
import { makeNonce } from '../model/wrap';

export interface BatchCliOptions {
  /** --state FILE; default: next to the first output file, else next to the first input. */
  stateFile?: string;
  detach: boolean;
  cancel: boolean;
}

export interface BatchCliContext {
  files: string[];
  /** The output files the run writes (--junit, --markdown): the state goes next to the first. */
  outputs: string[];
  cases: AuditCase[];
  audit: AuditOptions;
  apiKey: string;
  baseURL?: string | undefined;
  model?: string | undefined;
  strict: boolean;
  /** The arguments as given, to print the command that resumes a detached run. */
  argv: string[];
}

export interface BatchIo {
  err: (s: string) => void;
  progress?: (s: string) => void;
}

/** What the main loop calls per case instead of the interactive run. */
export type RunModel = (c: AuditCase, report: Report) => Promise<Report>;

/** How many cases the cost estimate counts exactly (count-tokens) before extrapolating by size. */
const ESTIMATE_SAMPLE = 8;

export function defaultStateFile(files: readonly string[], outputs: readonly string[]): string {
  const next = outputs[0] ?? files.find((f) => f !== '-');
  return next ? `${next}.batch.json` : join(process.cwd(), 'citation-audit.batch.json');
}

async function readState(file: string): Promise<BatchState | null | string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return `cannot read the batch state ${file}: ${(err as Error).message}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `the batch state ${file} is not JSON; remove it to start a new batch`;
  }
  const r = parseBatchState(json);
  if (!('state' in r)) return `the batch state ${file} is not one this tool wrote (${r.error}); remove it to start a new batch`;
  // This tool writes a state only once a batch exists, and never more batches than groups.
  const n = r.state.batches.length;
  if (n === 0) return `the batch state ${file} lists no batch (batches: []), so there is nothing to resume; remove it to start a new batch`;
  if (n > r.state.groups) return `the batch state ${file} lists ${n} batches for a run of ${r.state.groups}; it was edited or is not one this tool wrote: remove it to start a new batch`;
  return r.state;
}

const tmpOf = (file: string) => join(dirname(file), `.${process.pid}.batch-state.tmp`);

async function writeState(file: string, s: BatchState): Promise<void> {
  // Written whole and then renamed: a crash mid-write never leaves half a state.
  const tmp = tmpOf(file);
  await writeFile(tmp, `${JSON.stringify(s, null, 2)}\n`);
  await rename(tmp, file);
}

/** Why the state could not be written where it goes, or undefined: asked before any batch is paid for. */
async function cannotWrite(file: string): Promise<string | undefined> {
  const tmp = tmpOf(file);
  try {
    await writeFile(tmp, '');
    await rm(tmp, { force: true });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** A state write failed after a batch was created: the batches that exist, kept by the caller. */
class StateNotWritten extends Error {
  constructor(
    readonly state: BatchState,
    cause: Error,
  ) {
    super(cause.message);
  }
}

/**
 * Says what exists at the API when its state could not be saved, so that a rerun does not pay
 * again: the batch ids, a state saved elsewhere (or printed whole), and the commands that resume
 * or cancel from it.
 */
async function sayOrphaned(e: StateNotWritten, stateFile: string, argv: readonly string[], io: BatchIo): Promise<number> {
  const ids = e.state.batches.map((b) => b.id).join(', ');
  io.err(`citation-audit: batch: created ${ids} but could not write the state to ${stateFile}: ${e.message}\n`);
  const fallback = join(tmpdir(), `citation-audit-${e.state.batches[0]!.id}.batch.json`);
  try {
    await writeState(fallback, e.state);
  } catch {
    io.err(`citation-audit: batch: nor to ${fallback}. Save these lines as a file and give it with --state FILE:\n${JSON.stringify(e.state, null, 2)}\n`);
    io.err(`citation-audit: batch: then resume with:\n  ${resumeCommand(argv, 'FILE')}\nor cancel with:\n  ${resumeCommand(argv, 'FILE')} --cancel-batch\n`);
    return 2;
  }
  io.err(`citation-audit: batch: the state is saved in ${fallback} instead. Do not run the same command again (it would pay for a second batch); resume with:\n  ${resumeCommand(argv, fallback)}\nor cancel with:\n  ${resumeCommand(argv, fallback)} --cancel-batch\n`);
  return 2;
}

const sizeOf = (c: AuditCase) => c.query.length + c.answer.length + (c.gold_answer?.length ?? 0) + c.chunks.reduce((n, ch) => n + ch.text.length, 0);

/** Both prices of the run: interactive and batch, from count-tokens on a sample of cases. */
async function estimate(cases: BatchCase[], model: string, ctx: BatchCliContext): Promise<string> {
  const step = Math.max(1, Math.ceil(cases.length / ESTIMATE_SAMPLE));
  const sample = cases.filter((_, i) => i % step === 0).slice(0, ESTIMATE_SAMPLE);
  let usd: number | null = 0;
  let sampleChars = 0;
  let instructionTokens: number | undefined;
  for (const bc of sample) {
    const e = await estimateAudit(bc.c, bc.report, { apiKey: ctx.apiKey, baseURL: ctx.baseURL, model, strict: ctx.strict, cacheInstructions: true, ...(instructionTokens !== undefined ? { instructionTokens } : {}) });
    instructionTokens ??= e.instructionTokens;
    usd = usd === null || e.usd === null ? null : usd + e.usd;
    sampleChars += sizeOf(bc.c);
  }
  if (usd === null) return `cost unknown (no price for ${model})`;
  const all = cases.reduce((n, bc) => n + sizeOf(bc.c), 0);
  const total = sampleChars > 0 ? (usd * all) / sampleChars : usd;
  const counted = sample.length < cases.length ? ` (${sample.length} of ${cases.length} cases counted, the rest extrapolated by size)` : '';
  return `estimated cost ${formatUSD(batchPrice(total)!)} as a batch, ${formatUSD(total)} interactive${counted}`;
}

const requests = (n: number) => plural('en', n, { one: '# request', other: '# requests' });

function progressText(p: BatchProgress): string {
  const c = p.counts;
  const done = c.succeeded + c.errored + c.canceled + c.expired;
  const bad = c.errored + c.canceled + c.expired;
  return `batch: ${done} of ${p.requests} requests done${bad ? ` (${c.errored} errored, ${c.canceled} cancelled, ${c.expired} expired)` : ''}${p.canceling ? ', cancelling' : ''}${p.waitMs ? `; next look in ${Math.round(p.waitMs / 1000)} s` : ''}`;
}

/** The command that resumes this run, with --detach and --cancel-batch left out and --state given. */
function resumeCommand(argv: readonly string[], stateFile: string): string {
  const kept = argv.filter((a) => a !== '--detach' && a !== '--cancel-batch');
  const out: string[] = [];
  for (let i = 0; i < kept.length; i++) {
    if (kept[i] === '--state') {
      i++;
      continue;
    }
    if (kept[i]!.startsWith('--state=')) continue;
    out.push(kept[i]!);
  }
  const q = (s: string) => (/^[\w./=:,@+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  return ['citation-audit', ...out, '--state', stateFile].map(q).join(' ');
}

/**
 * Creates (or finds again) the run's batches and waits for them. Returns the per-case merge for
 * the main loop, or an exit code when the command ends here (detached, or failed).
 */
export async function startBatch(opts: BatchCliOptions, ctx: BatchCliContext, io: BatchIo): Promise<{ runModel: RunModel; end?: () => Promise<void> } | number> {
  const stateFile = opts.stateFile ?? defaultStateFile(ctx.files, ctx.outputs);
  // Message Batches are the default provider's (cli.ts refuses --batch with any other).
  const model = ctx.model ?? providerSpec(undefined).defaultModel;
  const cases: BatchCase[] = ctx.cases.map((c, key) => ({ key, c, report: auditCase(c, ctx.audit) }));
  const keyOf = new Map(ctx.cases.map((c, key) => [c, key]));
  const sleep = Number(process.env.CITATION_AUDIT_BATCH_POLL_MS);
  const conn: BatchConnection = { apiKey: ctx.apiKey, baseURL: ctx.baseURL };
  const saved = await readState(stateFile);
  if (typeof saved === 'string') {
    io.err(`citation-audit: ${saved}\n`);
    return 2;
  }
  const fail = (e: unknown): number => {
    // A resumed batch the API does not know: the generic 404 text would blame the model.
    if (saved && e instanceof ModelError && e.status === 404) {
      io.err(`citation-audit: batch: the API does not know the batch ${saved.batches.map((b) => b.id).join(', ')} listed in ${stateFile} (404): it was made with another key or workspace, or has been deleted. Use the key it was made with, or remove the state file to start a new batch (which is paid again).\n`);
      return 2;
    }
    const text = e instanceof ModelError ? describeModelError(e.init, 'en', { surface: 'cli' }).text : e instanceof Error ? e.message : String(e);
    io.err(`citation-audit: batch: ${text}\n`);
    return 2;
  };

  if (saved && (saved.model !== model || saved.strict !== ctx.strict)) {
    io.err(`citation-audit: the batch in ${stateFile} was made with --model ${saved.model}${saved.strict ? ' --strict' : ''}; pass the same, or remove the file to start a new batch\n`);
    return 2;
  }
  if (!saved && opts.cancel) {
    io.err(`citation-audit: --cancel-batch: no batch state at ${stateFile} (give it with --state FILE)\n`);
    return 2;
  }
  let prepared: PreparedBatch;
  try {
    prepared = prepareBatch(cases, { model, strict: ctx.strict, nonce: saved?.nonce ?? makeNonce() });
  } catch (e) {
    return fail(e);
  }
  if (prepared.requests === 0) {
    io.err('citation-audit: batch: nothing to ask the model\n');
    return { runModel: async (_c, r) => r };
  }
  if (!saved) {
    const problem = await cannotWrite(stateFile);
    if (problem !== undefined) {
      io.err(`citation-audit: batch: cannot write the batch state ${stateFile} (${problem}); nothing was sent. Give a writable --state FILE.\n`);
      return 2;
    }
  }
  let state: BatchState;
  try {
    if (!saved) {
      io.err(`citation-audit: batch: ${requests(prepared.requests)} for ${plural('en', cases.length, { one: '# case', other: '# cases' })} in ${plural('en', prepared.groups.length, { one: '# batch', other: '# batches' })}; ${await estimate(cases, model, ctx).catch((e: unknown) => `no cost estimate (${e instanceof Error ? e.message : String(e)})`)}\n`);
    } else io.err(`citation-audit: batch: resuming ${saved.batches.map((b) => b.id).join(', ')} from ${stateFile}\n`);
    state = await createBatches(prepared, conn, saved, (s) =>
      writeState(stateFile, s).catch((err: unknown) => {
        throw new StateNotWritten(s, err as Error);
      }),
    );
  } catch (e) {
    if (e instanceof StateNotWritten) return sayOrphaned(e, stateFile, ctx.argv, io);
    if (e instanceof BatchMismatch) {
      io.err(`citation-audit: ${e.message} The state is ${stateFile}: run with the input and options it was made for, or remove it to start a new batch.\n`);
      return 2;
    }
    return fail(e);
  }
  if (!saved) io.err(`citation-audit: batch: created ${state.batches.map((b) => b.id).join(', ')}; state in ${stateFile}\n`);
  if (opts.detach) {
    io.err(`citation-audit: batch: detached. Resume (wait and write the results) with:\n  ${resumeCommand(ctx.argv, stateFile)}\n`);
    return 0;
  }
  let results: Map<string, BatchResult>;
  try {
    if (opts.cancel) {
      await cancelBatches(state, conn);
      io.err('citation-audit: batch: cancel asked; the cases done so far are kept\n');
    }
    let shown = false;
    // Off a terminal (CI logs): a plain line when the count moved, at most once a minute, so a
    // long wait is not mistaken for a hang.
    let logged = { done: -1, at: -Infinity };
    await waitForBatches(
      state,
      { ...conn },
      {
        ...(Number.isFinite(sleep) && sleep >= 0 ? { firstWaitMs: sleep, maxWaitMs: Math.max(sleep, 1) } : {}),
        onProgress: (p) => {
          if (io.progress) {
            shown = true;
            io.progress(`\r\x1b[2K${progressText(p)}`);
            return;
          }
          const c = p.counts;
          const done = c.succeeded + c.errored + c.canceled + c.expired;
          if (done !== logged.done && Date.now() - logged.at >= 60_000) {
            logged = { done, at: Date.now() };
            io.err(`citation-audit: ${progressText({ ...p, waitMs: 0 })}\n`);
          }
        },
      },
    );
    if (shown) io.progress?.('\r\x1b[2K');
    results = await readBatchResults(state, conn);
  } catch (e) {
    return fail(e);
  }

  // The merge, case by case as the main loop asks; the state goes once the last case is merged.
  const batchUsage = emptyUsage();
  const followUps = emptyUsage();
  let merged = 0;
  const runModel: RunModel = async (c, report) => {
    const key = keyOf.get(c);
    if (key === undefined) return report;
    const o = await mergeBatchCase({ key, c, report }, results, state, conn);
    addUsage(batchUsage, o.batchUsage);
    const all = o.run?.results.usage ?? o.error?.partial?.usage;
    if (all) {
      const rest = { ...all, input_tokens: all.input_tokens - o.batchUsage.input_tokens, output_tokens: all.output_tokens - o.batchUsage.output_tokens, cache_read_input_tokens: (all.cache_read_input_tokens ?? 0) - o.batchUsage.cache_read_input_tokens, cache_creation_input_tokens: (all.cache_creation_input_tokens ?? 0) - o.batchUsage.cache_creation_input_tokens, requests: all.requests - o.batchUsage.requests };
      if (rest.requests > 0) addUsage(followUps, rest);
    }
    merged++;
    if (o.error) throw o.error;
    return o.run!.report;
  };
  // After the outputs are written: the cost, and the state goes (until then a crash can resume).
  const end = async () => {
    io.err(`citation-audit: ${costLine(model, batchUsage, followUps)}\n`);
    if (merged === cases.length) await rm(stateFile, { force: true });
  };
  return { runModel, end };
}

function costLine(model: string, batch: ReturnType<typeof emptyUsage>, followUps: ReturnType<typeof emptyUsage>): string {
  const b = usageCost(model, batch);
  const f = usageCost(model, followUps);
  const read = batch.cache_read_input_tokens;
  const input = batch.input_tokens + read;
  let line = `${model} batch: ${requests(batch.requests)}; input ${input} tokens (${read} read from the prompt cache); output ${batch.output_tokens}`;
  line += b.usd === null ? '; cost unknown (no price for this model)' : `; cost ${formatUSD(batchPrice(b.usd)!)} at the batch price (${formatUSD(b.usd)} interactive)`;
  if (followUps.requests > 0) {
    line += `; ${plural('en', followUps.requests, { one: '# follow-up request', other: '# follow-up requests' })} (chunk lookups, repairs) sent interactively${f.usd === null ? '' : `, ${formatUSD(f.usd)}`}`;
  }
  return line;
}
