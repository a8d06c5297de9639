// One model audit: plan the requests, stream each one, serve get_chunk_content, validate the
// reply (one repair round), fold everything into ModelResults, and keep what was judged when
// anything fails. No DOM: the page, a worker or the CLI can run it.
import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlock, ContentBlockParam, MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { applyModelResults } from '../core/report';
import type { AuditCase, ModelResults, Report, SupportJudgement, SupportVerdict } from '../core/types';
import { normaliseBaseURL } from './settings';
import { createClient, markFinal, toModelError, withRetry, type Connection, type Sleep } from './client';
import { DEFAULT_MODEL, MAX_REQUEST_BYTES, MAX_TOOL_ROUNDS } from './constants';
import { ModelError } from './errors';
import {
  CHUNK_TOOL,
  SUBMIT_TOOL,
  buildRequest,
  chunkToolResult,
  expectationOf,
  planAudit,
  type AuditPlan,
  type BatchPlan,
  type OutputMode,
  type RequestBody,
} from './plan';
import { PROMPTS, fillTemplate } from './prompts';
import type { ClaimJudgement, JudgementOutput, UncitedJudgement } from './schema';
import { judgedSoFar, validateReply, type BatchExpectation } from './validate';

export interface ModelRunOptions extends Connection {
  model?: string | undefined;
  /** Two independent judgements per claim; the stricter one is kept. */
  strict?: boolean | undefined;
  /** Stream replies (default) or wait for whole messages. */
  stream?: boolean | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((p: RunProgress) => void) | undefined;
  /** Injected in tests so that retry waits are recorded instead of slept. */
  sleep?: Sleep | undefined;
  nonce?: string | undefined;
  maxClaimsPerRequest?: number | undefined;
  /** Start with this output mode (default output_config; falls back to tool by itself). */
  mode?: OutputMode | undefined;
}

export type RunPhase = 'connecting' | 'streaming' | 'tool' | 'repairing' | 'waiting' | 'fallback' | 'done';

export interface RunProgress {
  phase: RunPhase;
  /** 0 = first judgement, 1 = strict mode's second. */
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
  chunkId?: string | null;
}

export interface ModelRun {
  results: ModelResults;
  report: Report;
  mode: OutputMode;
  plan: AuditPlan;
}

const VERDICT_RANK: Record<SupportVerdict, number> = { not_supported: 0, partially_supported: 1, fully_supported: 2 };
const stricter = (a: SupportVerdict, b: SupportVerdict): SupportVerdict => (VERDICT_RANK[b] < VERDICT_RANK[a] ? b : a);

/** Strict mode: per (claim, chunk) the lower label wins, with its own phrase and basis. */
export function mergeStricter(first: ClaimJudgement, second: ClaimJudgement): ClaimJudgement {
  const other = new Map(second.judgements.map((j) => [j.chunk_id, j]));
  return {
    claim_index: first.claim_index,
    judgements: first.judgements.map((j) => {
      const o = other.get(j.chunk_id);
      return o && VERDICT_RANK[o.verdict] < VERDICT_RANK[j.verdict] ? o : j;
    }),
    joint_verdict: stricter(first.joint_verdict, second.joint_verdict),
  };
}

interface Turn {
  content: ContentBlock[];
  stopReason: string | null;
}

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  requests: number;
}

function requestBytes(body: RequestBody): number {
  return new TextEncoder().encode(JSON.stringify(body)).length;
}

function textOf(content: ContentBlock[]): string {
  return content
    .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('');
}

/** Blocks as they go back to the API in the next turn (thinking blocks keep their signature). */
function asParam(content: ContentBlock[]): ContentBlockParam[] {
  return content.map((b) => {
    if (b.type === 'text') return { type: 'text', text: b.text };
    return b as unknown as ContentBlockParam;
  });
}

class AuditRun {
  private readonly judged: Map<number, ClaimJudgement>[] = [new Map(), new Map()];
  private readonly uncited = new Map<number, UncitedJudgement>();
  private answerEvaluation: JudgementOutput['answer_evaluation'] = null;
  private summary = '';
  private readonly recommendations: string[] = [];
  private readonly usage: Usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, requests: 0 };
  mode: OutputMode;
  private readonly passes: number;
  private readonly baseURL: string;

  constructor(
    private readonly client: Anthropic,
    readonly plan: AuditPlan,
    private readonly opts: ModelRunOptions,
  ) {
    this.mode = opts.mode ?? 'output_config';
    this.passes = opts.strict ? 2 : 1;
    this.baseURL = normaliseBaseURL(opts.baseURL);
  }

  results(): ModelResults {
    const [first, second] = this.judged as [Map<number, ClaimJudgement>, Map<number, ClaimJudgement>];
    const judgements: ModelResults['judgements'] = [];
    for (const [index, j] of [...first].sort((a, b) => a[0] - b[0])) {
      const s = second.get(index);
      const merged = s ? mergeStricter(j, s) : j;
      judgements.push({
        claim_index: index,
        support: merged.judgements.map(
          (p): SupportJudgement => ({
            chunk_id: p.chunk_id,
            verdict: p.verdict,
            supporting_phrase: p.supporting_phrase,
            missing_or_extra: p.missing_or_extra,
            decision_basis: p.decision_basis,
          }),
        ),
        joint_verdict: merged.joint_verdict,
      });
    }
    const results: ModelResults = {
      model: this.plan.model,
      judgements,
      strict: this.passes === 2,
      usage: { ...this.usage },
    };
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
      claimsJudged: this.judged[pass]!.size,
      claimsTotal: this.plan.claimsTotal,
      results: this.results(),
      ...extra,
    });
  }

  async run(): Promise<ModelResults> {
    for (let pass = 0; pass < this.passes; pass++) {
      for (const batch of this.plan.batches) {
        const out = await this.runBatchWithFallback(batch, pass as 0 | 1);
        this.record(out, batch, pass);
      }
    }
    const last = this.plan.batches[this.plan.batches.length - 1]!;
    this.progress('done', this.passes - 1, last);
    return this.results();
  }

  private record(out: JudgementOutput, batch: BatchPlan, pass: number): void {
    for (const c of out.claims) this.judged[pass]!.set(c.claim_index, c);
    // Strict mode keeps the first pass's classification, correctness and feedback.
    if (pass > 0) return;
    for (const u of out.uncited) this.uncited.set(u.claim_index, u);
    if (batch.wantsCorrectness && out.answer_evaluation) this.answerEvaluation = out.answer_evaluation;
    if (batch.wantsSummary && out.summary.trim()) this.summary = out.summary;
    for (const r of out.recommendations) if (r.trim() && !this.recommendations.includes(r.trim())) this.recommendations.push(r.trim());
  }

  private async runBatchWithFallback(batch: BatchPlan, pass: 0 | 1): Promise<JudgementOutput> {
    try {
      return await this.runBatch(batch, pass);
    } catch (err) {
      const e = toModelError(err, { model: this.plan.model, baseURL: this.baseURL, signal: this.opts.signal });
      // A server without structured outputs says so with a 400 naming the parameter.
      if (this.mode === 'output_config' && e.kind === 'bad_request' && /output_config|output_format|json_schema|structured/i.test(e.apiMessage ?? '')) {
        this.mode = 'tool';
        this.progress('fallback', pass, batch);
        return await this.runBatch(batch, pass);
      }
      throw e;
    }
  }

  private async runBatch(batch: BatchPlan, pass: 0 | 1): Promise<JudgementOutput> {
    const stream = this.opts.stream ?? true;
    const exp = expectationOf(batch);
    const body = buildRequest(this.plan, batch, { mode: this.mode, pass, stream });
    const messages: MessageParam[] = [...body.messages];
    let repaired = false;
    let toolRounds = 0;
    for (;;) {
      const request: RequestBody = { ...body, messages };
      if (requestBytes(request) > MAX_REQUEST_BYTES) throw new ModelError({ kind: 'too_large', model: this.plan.model });
      this.progress('connecting', pass, batch);
      const turn = await this.call(request, exp, pass, batch);

      if (turn.stopReason === 'refusal') throw new ModelError({ kind: 'refusal', model: this.plan.model, rawOutput: textOf(turn.content) });
      const toolUses = turn.content.filter((b): b is Extract<ContentBlock, { type: 'tool_use' }> => b.type === 'tool_use');
      const submit = this.mode === 'tool' ? toolUses.find((t) => t.name === SUBMIT_TOOL) : undefined;

      if (!submit && toolUses.length > 0 && turn.stopReason === 'tool_use') {
        toolRounds++;
        if (toolRounds > MAX_TOOL_ROUNDS + 2) throw new ModelError({ kind: 'unexpected', apiMessage: 'The model kept asking for chunks without answering.' });
        messages.push({ role: 'assistant', content: asParam(turn.content) });
        messages.push({ role: 'user', content: toolUses.map((t) => this.answerTool(t, toolRounds > MAX_TOOL_ROUNDS, pass, batch)) });
        continue;
      }
      if (turn.stopReason === 'max_tokens') {
        throw new ModelError({ kind: 'max_tokens', model: this.plan.model, rawOutput: submit ? JSON.stringify(submit.input) : textOf(turn.content) });
      }

      const raw: unknown = submit ? submit.input : this.mode === 'tool' ? undefined : textOf(turn.content);
      const rawText = typeof raw === 'string' ? raw : raw === undefined ? textOf(turn.content) : JSON.stringify(raw, null, 2);
      const v =
        raw === undefined || raw === ''
          ? { ok: false as const, problems: [this.mode === 'tool' ? `the reply did not call the tool ${SUBMIT_TOOL}` : 'the reply is empty'] }
          : validateReply(raw, exp);
      if (v.ok) {
        for (const c of v.value.claims) this.judged[pass]!.set(c.claim_index, c);
        return v.value;
      }
      if (repaired) {
        throw new ModelError({ kind: 'invalid_output', model: this.plan.model, rawOutput: rawText, problems: v.problems });
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
      if (turn.content.length) messages.push({ role: 'assistant', content: asParam(turn.content) });
      messages.push({ role: 'user', content: replies });
    }
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
      ...(this.opts.sleep ? { sleep: this.opts.sleep } : {}),
    };
  }

  /** One HTTP request (retried while nothing has streamed yet) → the assistant turn. */
  private async call(body: RequestBody, exp: BatchExpectation, pass: number, batch: BatchPlan): Promise<Turn> {
    const signal = this.opts.signal;
    const onWait = (ms: number) => this.progress('waiting', pass, batch, { waitMs: ms });
    const onOutput = (text: string) => {
      const seen = this.judged[pass]!;
      let added = false;
      for (const c of judgedSoFar(text, exp)) {
        if (!seen.has(c.claim_index)) added = true;
        seen.set(c.claim_index, c);
      }
      if (added) this.progress('streaming', pass, batch);
    };

    if (!body.stream) {
      const msg = await withRetry(() => this.client.messages.create({ ...body, stream: false }, signal ? { signal } : undefined), {
        ...this.retryOptions(),
        onWait,
      });
      this.addUsage(msg.usage);
      this.usage.output_tokens += msg.usage.output_tokens;
      this.usage.requests++;
      const submit = msg.content.find((b) => b.type === 'tool_use' && b.name === SUBMIT_TOOL);
      onOutput(submit && submit.type === 'tool_use' ? JSON.stringify(submit.input) : textOf(msg.content));
      return { content: msg.content, stopReason: msg.stop_reason };
    }

    // The whole streamed request is retried while nothing of the reply has arrived (an error
    // event right after message_start, e.g. overloaded_error, is as transient as a 529 status);
    // once content has streamed, an error is final and the claims judged so far are kept.
    return withRetry(() => this.consumeStream(body, onOutput, pass, batch), { ...this.retryOptions(), onWait });
  }

  private async consumeStream(body: RequestBody, onOutput: (text: string) => void, pass: number, batch: BatchPlan): Promise<Turn> {
    const signal = this.opts.signal;
    const stream = await this.client.messages.create({ ...body, stream: true }, signal ? { signal } : undefined);
    this.usage.requests++;
    const content: ContentBlock[] = [];
    const partialJson = new Map<number, string>();
    let outputText = '';
    let outputIndex = -1;
    let stopReason: string | null = null;
    let started = false;
    let stopped = false;
    let outputTokens = 0;
    const fail = (e: ModelError): ModelError => (content.length > 0 ? markFinal(e) : e);
    try {
      for await (const ev of stream) {
        switch (ev.type) {
          case 'message_start':
            started = true;
            this.addUsage(ev.message.usage);
            this.progress('streaming', pass, batch);
            break;
          case 'content_block_start': {
            const block = structuredClone(ev.content_block) as ContentBlock;
            content[ev.index] = block;
            if (block.type === 'tool_use') partialJson.set(ev.index, '');
            if (block.type === 'text' || (block.type === 'tool_use' && block.name === SUBMIT_TOOL)) {
              outputIndex = ev.index;
              outputText = block.type === 'text' ? block.text : '';
            }
            break;
          }
          case 'content_block_delta': {
            const block = content[ev.index];
            const d = ev.delta;
            if (!block) break;
            if (d.type === 'text_delta' && block.type === 'text') {
              block.text += d.text;
              if (ev.index === outputIndex) {
                outputText += d.text;
                if (d.text.includes('}')) onOutput(outputText);
              }
            } else if (d.type === 'input_json_delta') {
              partialJson.set(ev.index, (partialJson.get(ev.index) ?? '') + d.partial_json);
              if (ev.index === outputIndex) {
                outputText += d.partial_json;
                if (d.partial_json.includes('}')) onOutput(outputText);
              }
            } else if (d.type === 'thinking_delta' && block.type === 'thinking') {
              block.thinking += d.thinking;
            } else if (d.type === 'signature_delta' && block.type === 'thinking') {
              block.signature = d.signature;
            }
            break;
          }
          case 'content_block_stop': {
            const block = content[ev.index];
            if (block?.type === 'tool_use') {
              const json = partialJson.get(ev.index) ?? '';
              try {
                block.input = json.trim() ? JSON.parse(json) : {};
              } catch {
                // Left as the raw string: validation reports it and the repair round fixes it.
                block.input = json;
              }
            }
            break;
          }
          case 'message_delta':
            stopReason = ev.delta.stop_reason ?? stopReason;
            outputTokens = ev.usage.output_tokens ?? outputTokens;
            break;
          case 'message_stop':
            stopped = true;
            break;
          default:
            break;
        }
      }
    } catch (err) {
      this.usage.output_tokens += outputTokens;
      if (outputText) onOutput(outputText);
      throw fail(toModelError(err, { ...this.retryOptions(), streaming: started }));
    }
    this.usage.output_tokens += outputTokens;
    if (outputText) onOutput(outputText);
    // The SDK ends the iteration quietly when the signal aborts it mid-stream.
    if (signal?.aborted) throw new ModelError({ kind: 'cancelled' });
    if (!stopped) throw fail(new ModelError({ kind: 'stream_cut', model: this.plan.model, baseURL: this.baseURL, rawOutput: outputText }));
    return { content: content.filter(Boolean), stopReason };
  }

  private addUsage(u: { input_tokens?: number | null; cache_creation_input_tokens?: number | null; cache_read_input_tokens?: number | null } | undefined): void {
    if (!u) return;
    this.usage.input_tokens += (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
    this.usage.cache_read_input_tokens += u.cache_read_input_tokens ?? 0;
  }
}

/**
 * Runs the model audit of one case and folds the results into its local report.
 * On failure it throws a ModelError whose `partial` holds everything judged before it.
 */
export async function runModelAudit(c: AuditCase, report: Report, opts: ModelRunOptions): Promise<ModelRun> {
  const model = opts.model?.trim() || DEFAULT_MODEL;
  const plan = planAudit(c, report, {
    model,
    ...(opts.nonce ? { nonce: opts.nonce } : {}),
    ...(opts.maxClaimsPerRequest ? { maxClaimsPerRequest: opts.maxClaimsPerRequest } : {}),
  });
  let run: AuditRun | undefined;
  try {
    if (opts.signal?.aborted) throw new ModelError({ kind: 'cancelled' });
    const client = await createClient(opts);
    run = new AuditRun(client, plan, { ...opts, model });
    const results = await run.run();
    return { results, report: applyModelResults(report, results, c), mode: run.mode, plan };
  } catch (err) {
    const e = toModelError(err, { model, baseURL: normaliseBaseURL(opts.baseURL), signal: opts.signal });
    if (run) {
      const partial = run.results();
      if (partial.judgements.length || partial.complete_refinement?.length) e.partial = partial;
    }
    throw e;
  }
}
