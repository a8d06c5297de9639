// `citation-audit calibrate LABELLED.jsonl [--cases DATASET.jsonl] [--model NAME] [--strict] [--annotator NAME]`
// Runs the model over human-labelled cases and prints its agreement with the humans.
// Exit status: 0 done, 2 unusable input / no key / nothing to compare.
import { auditCase } from '../core/audit';
import { calibrate, calibrationToText, chooseAnnotator, splitLabelled, type CalibrationItem, type CalibrationRunInfo, type LabelRow } from '../core/eval/calibration';
import { modelPairVerdicts, pairKey, REFERENCE_ANNOTATOR } from '../core/eval/labels';
import { plainClaim } from '../core/eval/labelImport';
import { referenceLabels } from '../core/eval/referenceLabels';
import { parseDataset } from '../core/parse/case';
import type { AuditCase, Report, SupportVerdict } from '../core/types';
import { PROVIDERS, providerSpec, type Provider } from '../model/providers';
import { modelAccess, PROVIDER_HELP, PROVIDER_OPTIONS } from './provider';
import { costUSD } from '../model/cost';
import { addUsage, usageMeta } from '../model/usage';
import { formatUSD } from '../core/report/format';
import { caseKeyOf } from '../store/labels';
import { startProgress } from './progress';
import { SILENT_CASES_MAX, StopSending } from './stopSending';
import { oneOf, readInput, subcommandArgs, wholeIn, type Io, type OptionSpecs } from './args';
import { plural } from '../core/report/plural';

const USAGE = `Usage: citation-audit calibrate LABELLED.jsonl [options]

Runs the model audit over cases that carry human labels and prints how far the model agrees with
the humans: balanced accuracy (supported vs not), Cohen's κ and weighted κ on the three levels,
the confusion matrix and the cost. LABELLED holds cases with reference labels (human_labels in
the AttributionBench, ExpertQA, Liu et al. 2023 or CTKFacts forms) and/or rows of the Annotate
view's labels JSONL export (then give the cases with --cases, unless LABELLED holds them too).

Options:
  --cases FILE            the dataset the labels JSONL was made from (matched by case id, else by content)
  --model [NAME]          the model to measure (default: ${PROVIDERS.anthropic.defaultModel}; with --provider openai
                          ${PROVIDERS.openai.defaultModel})
${PROVIDER_HELP}
  --strict                two independent judgements per claim, keep the stricter
  --annotator NAME        whose labels are the truth (default: gold, the labels settled by
                          \`citation-audit agreement --consensus\` or the Annotate view; else the
                          reference labels, or the only annotator)
  --concurrency N         cases judged at once (default: 4)
  --format text|json      (default: text)
  -h, --help              this text

Key and base URL: see --provider.`;

const SUPPORT_RANK: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };


/** Whether a label row can be about this case: its claim exists (and reads the same, when the row says), and so does its chunk. */
function rowFits(row: LabelRow, entry: Labelled): boolean {
  const claim = entry.report.claims[row.claimIndex];
  if (!claim || !entry.c.chunks.some((ch) => String(ch.id) === row.chunkId)) return false;
  if (row.claim === undefined) return true;
  const a = plainClaim(row.claim);
  const b = plainClaim(claim.text);
  return a.includes(b) || b.includes(a);
}

interface CalibrateIo extends Io {
  progress?: (s: string) => void;
  /** Ctrl+C / SIGTERM (src/cli.ts): the run stops sending and prints the figures and cost so far. */
  interrupts?: () => { signal: AbortSignal; dispose: () => void };
}

interface Labelled {
  c: AuditCase;
  report: Report;
  caseKey: string;
  /** claim\0chunk → the truth. */
  labels: Map<string, SupportVerdict>;
}

export async function calibrateMain(argv: string[], io: CalibrateIo): Promise<number> {
  const usageError = (msg: string): number => {
    io.err(`citation-audit calibrate: ${msg}\n\n${USAGE}\n`);
    return 2;
  };
  const options = {
    cases: { type: 'string' },
    // The model name is optional, as in the main command; a file name after --model is not one.
    model: { type: 'optional', takes: (next) => !/\.(jsonl?|txt)$/i.test(next) },
    strict: { type: 'boolean' },
    annotator: { type: 'string' },
    concurrency: { type: 'string', check: (v) => (wholeIn(v, 1, 32) ? undefined : '--concurrency takes a whole number from 1 to 32') },
    format: { type: 'string', check: oneOf(['text', 'json'], (v) => `--format takes text or json, not "${v}"`) },
    ...PROVIDER_OPTIONS,
  } as const satisfies OptionSpecs;
  const args = subcommandArgs(argv, options, { io, usage: USAGE, usageError });
  if (typeof args === 'number') return args;
  const { values: v, positionals } = args;
  if (positionals.length > 1) return usageError('give one labelled file');
  const file = positionals[0];
  if (file === '-') return usageError('reads a labelled file, not standard input');
  const casesFile = v.cases;
  const provider = v.provider as Provider | undefined;
  const model = typeof v.model === 'string' ? v.model : providerSpec(provider).defaultModel;
  const strict = v.strict === true;
  const annotator = v.annotator;
  const concurrency = v.concurrency === undefined ? 4 : Number(v.concurrency);
  const format = v.format ?? 'text';
  if (!file) return usageError('no labelled file given');
  const access = modelAccess(provider, v['base-url']);
  if ('missingKey' in access) {
    io.err(`citation-audit calibrate: needs the ${access.missingKey} environment variable\n`);
    return 2;
  }
  if ('problem' in access) {
    io.err(`citation-audit calibrate: ${access.problem}\n`);
    return 2;
  }
  const { apiKey, baseURL } = access;

  // --- read -----------------------------------------------------------------------------------
  const text = await readInput(file, io);
  if (text === null) return 2;
  const split = splitLabelled(text);
  const sources: { name: string; text: string }[] = [];
  if (split.caseText.trim()) sources.push({ name: file, text: split.caseText });
  if (casesFile) {
    const casesText = await readInput(casesFile, io);
    if (casesText === null) return 2;
    sources.push({ name: casesFile, text: casesText });
  }
  const cases: AuditCase[] = [];
  let inputErrors = 0;
  for (const s of sources) {
    const parsed = parseDataset(s.text);
    for (const e of parsed.errors) io.err(`${s.name}:${e.line}:${e.column}: ${e.message}\n`);
    inputErrors += parsed.errors.length;
    cases.push(...parsed.cases);
  }
  if (inputErrors) return 2;

  // --- whose labels ---------------------------------------------------------------------------
  const prepared = cases.map((c) => {
    const report = auditCase(c);
    const ref = referenceLabels(c, report);
    return { c, report, caseKey: caseKeyOf(c), reference: ref.labels, skipped: ref.skipped };
  });
  const names = [...split.rows.flatMap((r) => Object.keys(r.labels)), ...(prepared.some((p) => p.reference.length) ? [REFERENCE_ANNOTATOR] : [])];
  const chosen = chooseAnnotator(names, annotator);
  if ('error' in chosen) {
    io.err(`citation-audit calibrate: ${chosen.error}\n`);
    return 2;
  }
  const truthName = chosen.annotator;

  const byKey = new Map<string, Labelled>();
  const byId = new Map<string, Labelled>();
  const labelled: Labelled[] = [];
  // What would otherwise be dropped or paid for silently, said with counts below.
  let duplicates = 0;
  let conflicts = 0;
  const setLabel = (entry: Labelled, pair: string, label: SupportVerdict): void => {
    const prev = entry.labels.get(pair);
    if (prev !== undefined && prev !== label) conflicts++;
    // Two labels for one pair: the stricter stays (a false "supported" costs more), whatever the order.
    if (prev === undefined || SUPPORT_RANK[label] < SUPPORT_RANK[prev]) entry.labels.set(pair, label);
  };
  const skipped = new Map<string, number>();
  for (const p of prepared) {
    if (truthName === REFERENCE_ANNOTATOR) for (const s of p.skipped) skipped.set(s.reason, (skipped.get(s.reason) ?? 0) + 1);
    const again = byKey.get(p.caseKey);
    // The same case twice (same id, or same content) is judged once, with the labels of both.
    const entry: Labelled = again ?? { c: p.c, report: p.report, caseKey: p.caseKey, labels: new Map() };
    if (again) duplicates++;
    if (truthName === REFERENCE_ANNOTATOR) for (const l of p.reference) setLabel(entry, `${l.claimIndex}\u0000${l.chunkId}`, l.label);
    if (again) continue;
    byKey.set(p.caseKey, entry);
    if (p.c.id !== undefined) byId.set(String(p.c.id), entry);
    labelled.push(entry);
  }
  let unmatched = 0;
  let foreign = 0;
  for (const row of split.rows) {
    const label = row.labels[truthName];
    if (!label) continue;
    const entry = (row.caseId !== null ? byId.get(row.caseId) : undefined) ?? (row.caseKey !== null ? byKey.get(row.caseKey) : undefined);
    if (!entry) {
      unmatched++;
      continue;
    }
    // Matched by id, but about a claim or chunk this case does not have: a label of another dataset.
    if (!rowFits(row, entry)) {
      foreign++;
      continue;
    }
    setLabel(entry, `${row.claimIndex}\u0000${row.chunkId}`, label);
  }
  const say = (s: string): void => io.err(`citation-audit calibrate: ${s}\n`);
  if (unmatched) say(`${plural('en', unmatched, { one: '# label row', other: '# label rows' })} matched no case${casesFile ? '' : ' (give the dataset with --cases)'}`);
  if (foreign) say(`${plural('en', foreign, { one: '# label row names', other: '# label rows name' })} a case id whose claim or chunk differs (labels of another dataset?); not compared`);
  for (const [reason, n] of skipped) say(`${plural('en', n, { one: '# reference label', other: '# reference labels' })} skipped: ${reason}`);
  if (duplicates) say(`${plural('en', duplicates, { one: '# case appears', other: '# cases appear' })} more than once; each is judged once`);
  if (conflicts) say(`${plural('en', conflicts, { one: '# pair has', other: '# pairs have' })} conflicting labels; the stricter is compared`);
  const work = labelled.filter((l) => l.labels.size > 0);
  if (work.length === 0) {
    io.err('citation-audit calibrate: no case with human labels to compare\n');
    return 2;
  }

  // --- run the model --------------------------------------------------------------------------
  const { runModelAudit } = await import('../model/run');
  const { makeNonce } = await import('../model/wrap');
  // One nonce for the run: the instructions are then identical in every request and cached once.
  const nonce = makeNonce();
  const items: CalibrationItem[] = [];
  const usage: CalibrationRunInfo['usage'] = { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0, requests: 0 };
  let failedCases = 0;
  let next = 0;
  let done = 0;
  const progress = startProgress(work.length, io.progress);
  const results: (Map<string, SupportVerdict> | null)[] = new Array(work.length).fill(null);
  // Interrupted, the run sends nothing more, cuts the requests in flight and still prints what it
  // measured and what it paid (the cases not judged count as such).
  const interrupt = io.interrupts?.();
  const signal = interrupt?.signal;
  // A failure of the run's settings (a refused key, no credit, an unknown model) would fail every
  // later case the same way: the first one stops the sending, as it does in the audit run.
  // So does a server that answers nothing for SILENT_CASES_MAX cases in a row (down, or taking
  // requests and never replying: each case would wait out its retries or its whole deadline).
  let stopped: { kind: string; where: string; silent?: true } | undefined;
  const stops = new StopSending();
  const worker = async (): Promise<void> => {
    while (next < work.length && !signal?.aborted && !stopped) {
      const i = next++;
      const w = work[i]!;
      try {
        const run = await runModelAudit(w.c, w.report, { apiKey, provider: access.provider, ...(baseURL ? { baseURL } : {}), model, strict, nonce, cacheInstructions: true, signal });
        results[i] = modelPairVerdicts(run.report);
        stops.answered();
        addUsage(usage, run.results.usage);
      } catch (err) {
        failedCases++;
        const partial = (err as { partial?: { usage?: Parameters<typeof addUsage>[1] } }).partial;
        addUsage(usage, partial?.usage);
        if (signal?.aborted) continue;
        progress.clear();
        // The CLI's own wording (the environment variable to check), not the page's ("enter it again").
        const { describeModelError, ModelError } = await import('../model/errors');
        const message = err instanceof ModelError ? calibrateWords(describeModelError(err.init, 'en', { surface: 'cli' }), err) : (err as Error).message;
        const where = w.c.id !== undefined ? `case ${String(w.c.id)}` : `case ${w.caseKey}`;
        // Said once: the requests already in flight when it came fail the same way.
        if (!stopped) io.err(`${where}: model audit failed: ${message}\n`);
        if (!stopped && err instanceof ModelError) {
          const stop = stops.failed(err.kind, err.noReply);
          if (stop) stopped = { kind: err.kind, where, ...(stop === 'silent' ? { silent: true as const } : {}) };
        }
      }
      progress.tick(++done);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  } finally {
    interrupt?.dispose();
  }
  progress.clear();
  work.forEach((w, i) => {
    const verdicts = results[i];
    for (const [pair, human] of w.labels) {
      const [claim, chunk] = pair.split('\u0000') as [string, string];
      items.push({ key: pairKey(w.caseKey, Number(claim), chunk), human, model: verdicts?.get(pair) ?? null });
    }
  });

  const summary = calibrate(items);
  const uncached = usage.input_tokens - usage.cache_creation_input_tokens;
  const usd = costUSD(model, [{ input: uncached, cacheWrite: usage.cache_creation_input_tokens, cacheRead: usage.cache_read_input_tokens, output: usage.output_tokens }]);
  // Every input token in input_tokens, as a report's meta.usage says it (the run's own sum leaves
  // the cache reads out, which printed "5055 input (6356 read from cache, …)").
  const { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens, requests } = usageMeta(model, usage);
  const stated = { input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens, requests };
  const info: CalibrationRunInfo = { model, strict, annotator: truthName, cases: work.length, failedCases, usage: stated, costUSD: usd === null ? null : formatUSD(usd) };
  if (format === 'json') {
    const { disagreements, ...agreementFigures } = summary.agreement;
    io.out(`${JSON.stringify({ ...info, ...summary, agreement: { ...agreementFigures, disagreements: disagreements.length } }, null, 2)}\n`);
  } else io.out(calibrationToText(summary, info));
  if (signal?.aborted) {
    const name = String(signal.reason);
    io.err(`citation-audit calibrate: interrupted (${name}): the figures above cover the ${summary.judged} labelled pairs judged before it (${done} of ${work.length} cases); run again to measure them all\n`);
    return name === 'SIGTERM' ? 143 : 130;
  }
  if (stopped) {
    const left = work.length - next;
    const notSent = left ? `the ${plural('en', left, { one: 'other case was', other: '# other cases were' })} not sent to the model` : 'stopped';
    if (stopped.silent) io.err(`citation-audit calibrate: the server sent no reply to ${SILENT_CASES_MAX} cases in a row, up to ${stopped.where}: ${notSent}; the figures above cover the ${summary.judged} labelled pairs judged before it. Run again once the server answers.\n`);
    else io.err(`citation-audit calibrate: ${notSent}: "${stopped.kind}" (${stopped.where}) would fail each of them the same way; the figures above cover the ${summary.judged} labelled pairs judged before it. Fix it and run again.\n`);
    return 2;
  }
  if (summary.judged === 0) {
    io.err('citation-audit calibrate: the model judged none of the labelled pairs\n');
    return 2;
  }
  return failedCases ? 2 : 0;
}

/**
 * A failed case's words here. The audit run's advice on a cut or a deadline speaks of "the report
 * below" keeping the claims judged and of --timeout; calibrate prints no report, compares none of
 * the case's pairs, and has no --timeout.
 */
function calibrateWords(d: { title: string; action: string; detail?: string }, err: { kind: string; noReply?: boolean | undefined }): string {
  const action =
    err.kind === 'timeout' && err.noReply
      ? 'Check that the server is up and serving the model, then run calibrate again; the pairs of this case are not compared.'
      : err.kind === 'timeout' || err.kind === 'stream_cut'
        ? 'The pairs of this case are not compared; run calibrate again to measure them.'
        : d.action;
  return [d.title, action, d.detail].filter(Boolean).join(' ');
}
