// One model audit: plan the requests, stream each one (sse.ts reads the bytes, accumulator.ts
// puts the message together), serve get_chunk_content, validate the reply (one repair round),
// fold everything into ModelResults, and keep what was judged when anything fails. No DOM: the
// page, a worker or the CLI can run it.
import type { ContentBlock, MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { applyModelResults } from '../core/report/report';
import type { AuditCase, ModelResults, RepeatRule, Report, SupportVerdict } from '../core/types';
import { markFinal, resolveConnection, toModelError, withRetry, type Connection, type Resolved, type RetryNotice, type Sleep } from './client';
import { MAX_REQUEST_BYTES, MAX_TOOL_ROUNDS, REQUEST_TIMEOUT_MS, STREAM_IDLE_MS } from './constants';
import { providerSpec } from './providers';
import { ModelError, type ModelErrorKind } from './errors';
import {
  CHUNK_TOOL,
  SUBMIT_TOOL,
  buildRequest,
  chunkToolResult,
  expectationOf,
  planAudit,
  type AuditPlan,
  type BatchPlan,
  type ClaimTask,
  type OutputMode,
  type RequestBody,
} from './plan';
import { PROMPTS, fillTemplate } from './prompts';
import type { ClaimJudgement, JudgementOutput, UncitedJudgement } from './schema';
import { judgedSoFar, validateReply, type BatchExpectation } from './validate';
import { textOf, type MessageUsage, type Turn } from './accumulator';
import { emptyUsage, withUsage } from './usage';
import { mergeOutputs, mergeRepeats, VERDICT_RANK } from './merge';
import { resolveRepeat } from './repeat';
import { pushAssistant, rejectsOutputConfig, requestBytes, TRUNCATED } from './wire';

/** Characters per token, for a request whose usage never came (the same guess as estimate.ts). */
const CHARS_PER_TOKEN = 4;
import { inProviderWords } from './openai';
import { takeMessage } from './messages';
import type { ChatCall } from './reply';
import { WIRES, type Send } from './wires';

export interface ModelRunOptions extends Connection {
  model?: string | undefined;
  /** Two independent judgements per claim; the stricter one is kept (repeat 2, rule stricter). */
  strict?: boolean | undefined;
  /** K independent judgements per (claim, chunk) pair (default 1; repeat.ts); `repeatRule` picks the one that stands. */
  repeat?: number | undefined;
  repeatRule?: RepeatRule | undefined;
  /** Stream replies (default) or wait for whole messages. */
  stream?: boolean | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((p: RunProgress) => void) | undefined;
  /** Injected in tests so that retry waits are recorded instead of slept. */
  sleep?: Sleep | undefined;
  nonce?: string | undefined;
  maxClaimsPerRequest?: number | undefined;
  /** Mark the fixed instructions for prompt caching (dataset and multi-case runs, with a shared nonce). */
  cacheInstructions?: boolean | undefined;
  /** Start with this output mode (default output_config; falls back to tool by itself). */
  mode?: OutputMode | undefined;
  /** A stream that sends nothing (not even a ping) for this long counts as cut (default 5 min). */
  idleTimeoutMs?: number | undefined;
  /** The deadline of each request, from sending it to the reply's last byte (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number | undefined;
  /**
   * The results of an earlier run of the same case that stopped part-way (ModelError.partial):
   * only what they lack is asked for, and the results returned hold both.
   */
  resume?: ModelResults | undefined;
  /**
   * Replies already received for the first request of some parts of the audit (a Message
   * Batches run, model/batch.ts), by firstTurnKey(pass, part): each is used once, in place of
   * sending that request; an error stands for a request that failed. Everything after a first
   * reply (a chunk lookup, a repair round, the claims left after a cut) is asked as usual.
   */
  firstTurns?: Map<string, unknown> | undefined;
}

/** The key of a part's first request in ModelRunOptions.firstTurns. */
export const firstTurnKey = (pass: number, part: number): string => `${pass}:${part}`;

export type RunPhase = 'connecting' | 'streaming' | 'tool' | 'repairing' | 'waiting' | 'fallback' | 'done';

export interface RunProgress {
  phase: RunPhase;
  /** Which of the K repeated judgements (0 = the first; strict mode's second is 1). */
  pass: number;
  passes: number;
  batch: number;
  batches: number;
  /** Claims with a (final, for this pass) judgement so far. */
  claimsJudged: number;
  claimsTotal: number;
  /** Everything judged so far, ready to be folded into the report. */
  results: ModelResults;
  waitMs?: number;
  /** While a failed request waits to be tried again, and during that try. */
  retry?: RetryInfo;
  chunkId?: string | null;
}

/** A request being tried again: which try of how many, after what wait, and why the last failed. */
export interface RetryInfo {
  attempt: number;
  attempts: number;
  waitMs: number;
  kind: ModelErrorKind;
  status?: number;
}

export interface ModelRun {
  results: ModelResults;
  report: Report;
  mode: OutputMode;
  plan: AuditPlan;
}

/** How many times a paused turn (stop_reason pause_turn) is handed back to be continued. */
const MAX_PAUSE_CONTINUATIONS = 4;

/** Invalid output with no JSON in it at all: the server may have ignored output_config. */
const NOT_JSON = new WeakSet<ModelError>();

class AuditRun {
  /** Per repeat (pass), the claims it judged. */
  private readonly judged: Map<number, ClaimJudgement>[];
  private readonly uncited = new Map<number, UncitedJudgement>();
  /** Claims a reply left out even after its repair round. */
  private readonly noVerdict = new Set<number>();
  private answerEvaluation: JudgementOutput['answer_evaluation'] = null;
  private summary = '';
  private readonly recommendations: string[] = [];
  private readonly usage = emptyUsage();
  /** A reply of this server has arrived in this run: a connection lost later is a cut. */
  private reached = false;
  mode: OutputMode;
  private readonly passes: number;
  private readonly rule: RepeatRule;
  /** The API root, normalised where the run began (resolveConnection). */
  private readonly baseURL: string;
  /** Claims an earlier run had judged (resume): counted as judged in every pass. */
  private readonly resumed = new Map<number, ModelResults['judgements'][number]>();

  constructor(
    /** One request on the provider's wire (wires.ts). */
    private readonly send: Send,
    readonly plan: AuditPlan,
    private readonly opts: Resolved<ModelRunOptions>,
  ) {
    this.mode = opts.mode ?? 'output_config';
    const { k, rule } = resolveRepeat(opts);
    this.passes = k;
    this.rule = rule;
    this.judged = Array.from({ length: k }, () => new Map<number, ClaimJudgement>());
    this.baseURL = opts.baseURL;
    const before = opts.resume;
    if (before) {
      for (const j of before.judgements) {
        const joint = j.joint_verdict ?? j.support.reduce<SupportVerdict>((best, p) => (VERDICT_RANK[p.verdict] > VERDICT_RANK[best] ? p.verdict : best), 'not_supported');
        // It stands as the earlier run left it (its repeated verdicts included).
        const support = j.support.map((p) => ({ chunk_id: p.chunk_id, verdict: p.verdict, supporting_phrase: p.supporting_phrase, missing_or_extra: p.missing_or_extra, decision_basis: p.decision_basis, ...(p.verdicts ? { verdicts: p.verdicts } : {}) }));
        this.resumed.set(j.claim_index, { claim_index: j.claim_index, support, joint_verdict: joint });
      }
      for (const u of before.complete_refinement ?? []) this.uncited.set(u.claim_index, { claim_index: u.claim_index, is_factual_claim: u.is_factual_claim, reason: u.reason ?? '' });
      if (before.answer_evaluation) this.answerEvaluation = { ...before.answer_evaluation, explanation: before.answer_evaluation.explanation ?? '' };
      if (before.summary) this.summary = before.summary;
      this.recommendations.push(...(before.recommendations ?? []));
      if (before.usage) {
        this.usage.input_tokens = before.usage.input_tokens;
        this.usage.output_tokens = before.usage.output_tokens;
        this.usage.cache_read_input_tokens = before.usage.cache_read_input_tokens ?? 0;
        this.usage.cache_creation_input_tokens = before.usage.cache_creation_input_tokens ?? 0;
        this.usage.requests = before.usage.requests;
        if (before.usage.estimated) this.usage.estimated = true;
      }
    }
  }

  /** Claims judged so far in this pass, earlier runs included. */
  judgedCount(pass: number): number {
    let n = this.judged[pass]!.size;
    for (const index of this.resumed.keys()) if (!this.judged[pass]!.has(index)) n++;
    return n;
  }

  /** Every claim the audit is to judge, earlier runs included. */
  get claimsTotal(): number {
    return this.plan.claimsTotal + this.resumed.size;
  }

  /** A claim some repeat of this run judged: it is in the report. */
  private judgedByAny(i: number): boolean {
    return this.judged.some((m) => m.has(i));
  }

  /** The claims (by index) this run was to judge that no pass has judged yet. */
  unjudged(): number[] {
    return this.plan.batches
      .flatMap((b) => b.claims.map((t) => t.claim_index))
      .filter((i) => !this.judgedByAny(i))
      .sort((a, b) => a - b);
  }

  results(): ModelResults {
    const indexes = new Set([...this.resumed.keys(), ...this.judged.flatMap((m) => [...m.keys()])]);
    const judgements: ModelResults['judgements'] = [];
    for (const index of [...indexes].sort((a, b) => a - b)) {
      // The repeats that judged the claim, in order; a claim an earlier run judged stands as it was.
      const repeats = this.judged.map((m) => m.get(index)).filter((j): j is ClaimJudgement => !!j);
      judgements.push(repeats.length ? mergeRepeats(index, repeats, this.rule, this.passes) : this.resumed.get(index)!);
    }
    const results: ModelResults = {
      model: this.plan.model,
      judgements,
      strict: this.passes === 2 && this.rule === 'stricter',
      ...(this.passes >= 2 ? { repeat: { k: this.passes, rule: this.rule } } : {}),
      usage: { ...this.usage },
    };
    const noVerdict = [...this.noVerdict].filter((i) => !this.judgedByAny(i) && !this.resumed.has(i)).sort((a, b) => a - b);
    if (noVerdict.length) results.no_verdict = noVerdict;
    if (this.uncited.size) {
      results.complete_refinement = [...this.uncited.values()]
        .sort((a, b) => a.claim_index - b.claim_index)
        .map((u) => ({ claim_index: u.claim_index, is_factual_claim: u.is_factual_claim, reason: u.reason }));
    }
    if (this.answerEvaluation) {
      const a = this.answerEvaluation;
      results.answer_evaluation = {
        verdict: a.verdict,
        missing_information: a.missing_information,
        correctness_score: a.correctness_score,
        explanation: a.explanation,
      };
    }
    if (this.summary.trim()) results.summary = this.summary.trim();
    if (this.recommendations.length) results.recommendations = [...this.recommendations];
    return results;
  }

  private progress(phase: RunPhase, pass: number, batch: BatchPlan, extra: Partial<RunProgress> = {}): void {
    if (!this.opts.onProgress) return;
    this.opts.onProgress({
      phase,
      pass,
      passes: this.passes,
      batch: batch.index,
      batches: this.plan.batches.length,
      claimsJudged: this.judgedCount(pass),
      claimsTotal: this.claimsTotal,
      results: this.results(),
      ...extra,
    });
  }

  async run(): Promise<ModelResults> {
    for (let pass = 0; pass < this.passes; pass++) {
      for (const batch of this.plan.batches) {
        const out = await this.runBatchWithFallback(batch, pass);
        this.record(out, batch, pass);
      }
    }
    const last = this.plan.batches[this.plan.batches.length - 1]!;
    this.progress('done', this.passes - 1, last);
    return this.results();
  }

  private record(out: JudgementOutput, batch: BatchPlan, pass: number): void {
    for (const c of out.claims) this.judged[pass]!.set(c.claim_index, c);
    // Repeats keep the first judgement's classification, correctness and feedback.
    if (pass > 0) return;
    for (const u of out.uncited) this.uncited.set(u.claim_index, u);
    if (batch.wantsCorrectness && out.answer_evaluation) this.answerEvaluation = out.answer_evaluation;
    if (batch.wantsSummary && out.summary.trim()) this.summary = out.summary;
    for (const r of out.recommendations) if (r.trim() && !this.recommendations.includes(r.trim())) this.recommendations.push(r.trim());
  }

  private async runBatchWithFallback(batch: BatchPlan, pass: number): Promise<JudgementOutput> {
    try {
      return await this.runBatch(batch, pass);
    } catch (err) {
      const e = toModelError(err, { model: this.plan.model, baseURL: this.baseURL, signal: this.opts.signal });
      // A server without structured outputs either refuses the parameter (a 400 naming it) or
      // ignores it and lets the model answer in prose, which even the repair round did not turn
      // into JSON. Either way the batch is asked again with the submit tool, and so is every
      // later request of the run: the failed attempt is paid for once.
      if (this.mode === 'output_config' && (rejectsOutputConfig(e) || NOT_JSON.has(e))) {
        this.mode = 'tool';
        this.progress('fallback', pass, batch);
        return await this.runBatch(batch, pass);
      }
      throw e;
    }
  }

  private async runBatch(batch: BatchPlan, pass: number): Promise<JudgementOutput> {
    const stream = this.opts.stream ?? true;
    const exp = expectationOf(batch);
    const body = buildRequest(this.plan, batch, { mode: this.mode, pass, stream });
    const messages: MessageParam[] = [...body.messages];
    let repaired = false;
    let toolRounds = 0;
    // Content of paused turns (stop_reason pause_turn): already in `messages`, and the start of
    // the reply that the next request continues.
    let carried: ContentBlock[] = [];
    let pauses = 0;
    // A reply that came through a batch stands for this part's first request (plan parts only:
    // the smaller parts after a cut reuse their index but were never sent).
    const key = firstTurnKey(pass, batch.index);
    let given: unknown = this.plan.batches[batch.index] === batch ? this.opts.firstTurns?.get(key) : undefined;
    if (given !== undefined) this.opts.firstTurns!.delete(key);
    for (;;) {
      const request: RequestBody = { ...body, messages };
      if (requestBytes(request) > MAX_REQUEST_BYTES) throw new ModelError({ kind: 'too_large', model: this.plan.model });
      this.progress('connecting', pass, batch);
      const turn = given !== undefined ? this.given(given, exp, pass, batch) : await this.call(request, exp, pass, batch, textOf(carried));
      given = undefined;

      if (turn.stopReason === 'pause_turn') {
        // The API paused a long turn: hand it back as it is and the model carries on from there.
        if (++pauses > MAX_PAUSE_CONTINUATIONS) {
          throw new ModelError({ kind: 'unexpected', model: this.plan.model, apiMessage: 'The API paused the reply again and again without finishing it.', rawOutput: textOf([...carried, ...turn.content]) });
        }
        if (turn.content.length) {
          pushAssistant(messages, turn.content);
          carried = [...carried, ...turn.content];
        }
        continue;
      }
      const whole = carried.length ? [...carried, ...turn.content] : turn.content;
      carried = [];

      if (turn.stopReason === 'refusal') throw new ModelError({ kind: 'refusal', model: this.plan.model, rawOutput: textOf(whole) });
      const toolUses = whole.filter((b): b is Extract<ContentBlock, { type: 'tool_use' }> => b.type === 'tool_use');
      const submit = this.mode === 'tool' ? toolUses.find((t) => t.name === SUBMIT_TOOL) : undefined;
      const truncated = turn.stopReason ? TRUNCATED[turn.stopReason] : undefined;

      if (!submit && toolUses.length > 0 && turn.stopReason === 'tool_use') {
        toolRounds++;
        if (toolRounds > MAX_TOOL_ROUNDS + 2) throw new ModelError({ kind: 'unexpected', apiMessage: 'The model kept asking for chunks without answering.' });
        if (turn.content.length) pushAssistant(messages, turn.content);
        messages.push({ role: 'user', content: toolUses.map((t) => this.answerTool(t, toolRounds > MAX_TOOL_ROUNDS, pass, batch)) });
        continue;
      }
      if (truncated) {
        // Cut at the output limit or the context window: the JSON (or a tool input) is unfinished,
        // and asking again the same way would be cut the same way. What streamed before the cut
        // is kept; at the output limit the claims left are asked for again in smaller requests.
        const cut = submit ? (typeof submit.input === 'string' ? submit.input : JSON.stringify(submit.input)) : textOf(whole);
        const rest = truncated === 'max_tokens' ? this.afterCut(batch, pass) : null;
        if (!rest) throw new ModelError({ kind: truncated, model: this.plan.model, rawOutput: cut });
        const outs: JudgementOutput[] = [];
        for (const sub of rest) outs.push(await this.runBatch(sub, pass));
        return mergeOutputs(outs);
      }

      const raw: unknown = submit ? submit.input : this.mode === 'tool' ? undefined : textOf(whole);
      const rawText = typeof raw === 'string' ? raw : raw === undefined ? textOf(whole) : JSON.stringify(raw, null, 2);
      const v =
        raw === undefined || raw === ''
          ? { ok: false as const, problems: [this.mode === 'tool' ? `the reply did not call the tool ${SUBMIT_TOOL}` : 'the reply is empty'] }
          : validateReply(raw, exp);
      if (v.ok) {
        for (const c of v.value.claims) this.judged[pass]!.set(c.claim_index, c);
        return v.value;
      }
      if (repaired && v.without) {
        // Still leaving claims out after the repair round: keep what was judged, and the claims
        // left out stay unjudged with no verdict (never counted as supported).
        for (const c of v.without.value.claims) this.judged[pass]!.set(c.claim_index, c);
        for (const i of v.without.missing) this.noVerdict.add(i);
        return v.without.value;
      }
      if (repaired) {
        const e = new ModelError({ kind: 'invalid_output', model: this.plan.model, rawOutput: rawText, problems: v.problems });
        if (raw === '' || (raw !== undefined && 'notJson' in v && v.notJson)) NOT_JSON.add(e);
        throw e;
      }
      repaired = true;
      this.progress('repairing', pass, batch);
      const repairText = fillTemplate(PROMPTS.repair, { problems: v.problems.map((p) => `- ${p}`).join('\n') });
      const replies: (ToolResultBlockParam | { type: 'text'; text: string })[] = toolUses.map((t) =>
        t.name === SUBMIT_TOOL
          ? { type: 'tool_result', tool_use_id: t.id, is_error: true, content: repairText }
          : this.answerTool(t, true, pass, batch),
      );
      if (!submit) replies.push({ type: 'text', text: repairText });
      if (turn.content.length) pushAssistant(messages, turn.content);
      messages.push({ role: 'user', content: replies });
    }
  }

  /**
   * The batch still to judge after a reply was cut at the output limit: the claims not judged
   * yet in one smaller request, or, when the cut came before any claim was finished, the claims
   * in two halves. Null when nothing smaller can be asked (one claim that alone overflows).
   */
  private afterCut(batch: BatchPlan, pass: number): BatchPlan[] | null {
    const judged = this.judged[pass]!;
    const left = batch.claims.filter((t) => !judged.has(t.claim_index));
    const parts: ClaimTask[][] =
      left.length < batch.claims.length ? [left] : left.length >= 2 ? [left.slice(0, Math.floor(left.length / 2)), left.slice(Math.floor(left.length / 2))] : [];
    if (!parts.length) return null;
    // Every claim was judged and nothing else was asked for: nothing is missing.
    if (!left.length && !batch.uncited.length && !batch.wantsSummary && !batch.wantsCorrectness) return [];
    return parts.map((claims, i) => {
      const last = i === parts.length - 1;
      // The classification of uncited sentences, correctness and feedback go with the last part.
      return { ...batch, claims, uncited: last ? batch.uncited : [], wantsCorrectness: last && batch.wantsCorrectness, wantsSummary: last && batch.wantsSummary };
    });
  }

  private answerTool(t: Extract<ContentBlock, { type: 'tool_use' }>, exhausted: boolean, pass: number, batch: BatchPlan): ToolResultBlockParam {
    if (t.name !== CHUNK_TOOL || exhausted) {
      return {
        type: 'tool_result',
        tool_use_id: t.id,
        is_error: true,
        content: exhausted ? 'No more lookups in this request: give your judgement with what you have.' : `Unknown tool ${t.name}.`,
      };
    }
    const r = chunkToolResult(this.plan, t.input);
    this.progress('tool', pass, batch, { chunkId: r.chunk_id });
    return { type: 'tool_result', tool_use_id: t.id, content: r.content, ...(r.is_error ? { is_error: true } : {}) };
  }

  private retryOptions() {
    return {
      model: this.plan.model,
      baseURL: this.baseURL,
      signal: this.opts.signal,
      reached: this.reached,
      ...(this.opts.sleep ? { sleep: this.opts.sleep } : {}),
    };
  }

  /**
   * One HTTP request (retried while nothing of the reply has arrived) → the assistant turn.
   * `prefix` is the text of a paused turn this request continues, so progress reads the whole.
   */
  private async call(body: RequestBody, exp: BatchExpectation, pass: number, batch: BatchPlan, prefix = ''): Promise<Turn> {
    // Told before each wait and again when the try starts: until the reply comes, the user sees
    // that (and why) the request is being tried again, not only "sending".
    let retry: RetryInfo | undefined;
    const onRetry = (n: RetryNotice) => {
      retry = { attempt: n.attempt, attempts: n.attempts, waitMs: n.waitMs, kind: n.error.kind, ...(n.error.status !== undefined ? { status: n.error.status } : {}) };
      this.progress('waiting', pass, batch, { waitMs: n.waitMs, retry });
    };
    const onOutput = (text: string) => {
      const seen = this.judged[pass]!;
      let added = false;
      for (const c of judgedSoFar(prefix + text, exp)) {
        if (!seen.has(c.claim_index)) added = true;
        seen.set(c.claim_index, c);
      }
      if (added) this.progress('streaming', pass, batch);
    };
    // The whole streamed request is retried while nothing of the reply has arrived (an error
    // event right after message_start, e.g. overloaded_error, is as transient as a 529 status);
    // once content has streamed, an error is final and the claims judged so far are kept.
    const attempt = async () => {
      if (retry) this.progress('connecting', pass, batch, { retry });
      const call = this.callbacks(onOutput, pass, batch);
      // A request the server took whose reply broke off before its usage came is paid all the
      // same: its input is estimated from its size, and the usage says it is an estimate.
      let accepted = false;
      let counted = false;
      const watched: ChatCall = {
        ...call,
        onRequest: () => {
          accepted = true;
          call.onRequest();
        },
        onUsage: (u) => {
          if (u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens > 0) counted = true;
          call.onUsage(u);
        },
      };
      try {
        return await this.send(body, watched);
      } finally {
        if (accepted && !counted) {
          this.usage.input_tokens += Math.ceil(requestBytes(body) / CHARS_PER_TOKEN);
          this.usage.estimated = true;
        }
      }
    };
    return withRetry(attempt, { ...this.retryOptions(), onRetry });
  }

  /** What a request on either wire (messages.ts, openai.ts) reports back to this run. */
  private callbacks(onOutput: (text: string) => void, pass: number, batch: BatchPlan): ChatCall {
    return {
      apiKey: this.opts.apiKey,
      baseURL: this.baseURL,
      model: this.plan.model,
      signal: this.opts.signal,
      idleTimeoutMs: this.opts.idleTimeoutMs ?? STREAM_IDLE_MS,
      timeoutMs: this.opts.timeoutMs ?? REQUEST_TIMEOUT_MS,
      onStart: () => this.progress('streaming', pass, batch),
      onOutput,
      onUsage: (u) => this.countUsage(u),
      onRequest: () => {
        this.usage.requests++;
        this.reached = true;
      },
    };
  }

  /** A reply received elsewhere (a batch result), read as if it had just arrived. */
  private given(reply: unknown, exp: BatchExpectation, pass: number, batch: BatchPlan): Turn {
    if (reply instanceof Error) throw markFinal(toModelError(reply, this.retryOptions()));
    this.usage.requests++;
    const seen = this.judged[pass]!;
    return takeMessage(reply, {
      model: this.plan.model,
      baseURL: this.baseURL,
      onUsage: (u) => this.countUsage(u),
      onOutput: (text) => {
        for (const c of judgedSoFar(text, exp)) seen.set(c.claim_index, c);
        this.progress('streaming', pass, batch);
      },
    });
  }

  /** One request's usage into the run's total; input_tokens counts the tokens written to the cache too. */
  private countUsage(u: MessageUsage): void {
    this.usage.input_tokens += u.input_tokens + u.cache_creation_input_tokens;
    this.usage.cache_read_input_tokens += u.cache_read_input_tokens;
    this.usage.cache_creation_input_tokens += u.cache_creation_input_tokens;
    this.usage.output_tokens += u.output_tokens;
  }
}

/** The plan of runModelAudit for these options (what a batch run sends first must be the same). */
export function planModelAudit(c: AuditCase, report: Report, opts: ModelRunOptions): AuditPlan {
  const model = opts.model?.trim() || providerSpec(opts.provider).defaultModel;
  const before = opts.resume;
  return planAudit(c, report, {
    model,
    ...(opts.nonce ? { nonce: opts.nonce } : {}),
    ...(opts.maxClaimsPerRequest ? { maxClaimsPerRequest: opts.maxClaimsPerRequest } : {}),
    ...(opts.cacheInstructions ? { cacheInstructions: true } : {}),
    repeat: resolveRepeat(opts).k,
    ...(before
      ? {
          done: {
            claims: new Set(before.judgements.map((j) => j.claim_index)),
            uncited: new Set((before.complete_refinement ?? []).map((u) => u.claim_index)),
            correctness: !!before.answer_evaluation,
            summary: !!before.summary?.trim(),
          },
        }
      : {}),
  });
}

/**
 * Runs the model audit of one case and folds the results into its local report.
 * On failure it throws a ModelError whose `partial` holds everything judged before it.
 */
export async function runModelAudit(c: AuditCase, report: Report, given: ModelRunOptions): Promise<ModelRun> {
  const opts = resolveConnection(given);
  const model = opts.model?.trim() || opts.spec.defaultModel;
  const plan = planModelAudit(c, report, given);
  let run: AuditRun | undefined;
  try {
    if (opts.signal?.aborted) throw new ModelError({ kind: 'cancelled' });
    const send = await WIRES[opts.spec.wire].connect(opts);
    run = new AuditRun(send, plan, { ...opts, model });
    // Resuming a run that had got everything: nothing to ask.
    const nothingLeft = !!opts.resume && plan.batches.every((b) => !b.claims.length && !b.uncited.length && !b.wantsCorrectness && !b.wantsSummary);
    const results = nothingLeft ? run.results() : await run.run();
    return { results, report: withUsage(applyModelResults(report, results, c), model, results.usage), mode: run.mode, plan };
  } catch (err) {
    // The key never leaves in an error, even when a proxy quoted it back to us.
    const e = inProviderWords(toModelError(err, { model, baseURL: opts.baseURL, signal: opts.signal }).withoutSecret(opts.apiKey), opts.provider);
    if (run) {
      const partial = run.results();
      e.usage = partial.usage;
      if (partial.judgements.length || partial.complete_refinement?.length) e.partial = partial;
      e.withProgress(partial.judgements.length, run.claimsTotal, run.unjudged());
    } else {
      // Refused before anything was sent (a malformed key): every claim the run was to judge is left.
      const left = [...new Set(plan.batches.flatMap((b) => b.claims.map((t) => t.claim_index)))].sort((a, b) => a - b);
      const before = opts.resume?.judgements.length ?? 0;
      e.withProgress(before, before + left.length, left);
    }
    throw e;
  }
}
