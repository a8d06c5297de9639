// The model judge of the library: the local audit, then the same model run as the page and the
// CLI (src/model, Node's fetch), merged into one report. The provider is a field of the options;
// what it needs (its key rules, its words) is read from its row of model/providers.ts, and its
// typed options are one member of JudgeOptions.
import type { AuditCase, RepeatRule, Report } from '../core/types';
import { REPEAT_RULES, repeatProblem, repeatRuleSchema } from '../model/repeat';
import type { ModelErrorKind } from '../model/errors';
import type { RunProgress } from '../model/run';
import { auditCase as auditCore } from '../core/audit';
import { visibleControls } from '../core/text/text';
import type { Provider } from '../model/providers';
import { DEFAULT_PROVIDER, hasCredentials, keyRequired, knownProvider, PROVIDER_NAMES, providerSpec } from '../model/providers';
import { checkedCase, describeValue, finishedReport, pick, type AuditOptions } from './audit';

/** What every provider's judge takes. */
interface JudgeCommonOptions {
  /** The model's name (default: the CLI's default model, docs/model.md). */
  model?: string;
  /** Two independent judgements per claim; the stricter one is kept (the same as repeat 2, repeatRule 'stricter'). */
  strict?: boolean;
  /**
   * K independent judgements per (claim, chunk) pair, 1 to 10 (default 1; `strict` makes it 2).
   * The report's claims then keep every verdict (`support[].verdicts`) and `meta.stability` says
   * how often they agreed. The repeats read the case from the prompt cache.
   */
  repeat?: number;
  /** Which of the K verdicts stands: 'stricter' (default; the lowest) or 'majority' (a tie goes to the stricter). */
  repeatRule?: RepeatRule;
  /**
   * The deadline of each request to the model, in milliseconds, from sending it to the reply's
   * last byte (default 600 000, ten minutes). Past it the request is cut: judgeCase rejects with a
   * JudgeError of kind 'timeout' whose report keeps the claims judged before it.
   */
  timeoutMs?: number;
  /** Cancels the run; judgeCase then rejects with a JudgeError of kind 'cancelled'. */
  signal?: AbortSignal;
  /** Called as the run goes (claims judged so far, retries). */
  onProgress?: (p: JudgeProgress) => void;
  /** Options of the local audit that runs first. */
  audit?: AuditOptions;
}

/** The Anthropic Messages API (the default provider). */
export interface AnthropicJudgeOptions extends JudgeCommonOptions {
  provider?: 'anthropic';
  /** The user's Anthropic API key; it goes only into the request's auth header, never into a report or an error. */
  apiKey: string;
  /** The API's root, for a proxy (default https://api.anthropic.com). */
  baseURL?: string;
}

/** Any server that speaks OpenAI's Chat Completions: OpenAI, Ollama, LM Studio, vLLM, llama.cpp (docs/model.md). */
export interface OpenAIJudgeOptions extends JudgeCommonOptions {
  provider: 'openai';
  /** The server's key; local servers need none. Like the Anthropic key, it only goes into the auth header. */
  apiKey?: string;
  /** The API's root, e.g. http://localhost:11434/v1 for Ollama (default https://api.openai.com/v1). */
  baseURL?: string;
}

/** One member per provider; `provider` tells them apart. */
export type JudgeOptions = AnthropicJudgeOptions | OpenAIJudgeOptions;

export interface JudgeProgress {
  phase: 'connecting' | 'streaming' | 'tool' | 'repairing' | 'waiting' | 'fallback' | 'done';
  claimsJudged: number;
  claimsTotal: number;
  /** Which of the K repeated judgements (0 the first; strict mode's second is 1). */
  pass: number;
  passes: number;
  /** While a failed request waits to be tried again: how long, in milliseconds. */
  waitMs?: number;
}

/**
 * A model run that failed. `report` keeps everything: the local checks, the claims judged before
 * the failure, and the failure itself in `report.meta.model_error`.
 */
export class JudgeError extends Error {
  readonly kind: ModelErrorKind | 'unexpected';
  /** The HTTP status, when the server answered with an error. */
  readonly status: number | undefined;
  readonly report: Report;

  constructor(message: string, kind: ModelErrorKind | 'unexpected', status: number | undefined, report: Report, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JudgeError';
    this.kind = kind;
    this.status = status;
    this.report = report;
  }
}

const MAX_TIMEOUT_MS = 86_400_000;

/**
 * The local audit of `c`, then the model's judgement of its claims, as one report
 * (`meta.checked_by: 'model'`). The model can only add failures: a local FAIL stays a FAIL.
 * Rejects with a JudgeError, whose report keeps what was judged.
 */
export async function judgeCase(c: AuditCase, options: JudgeOptions): Promise<Report> {
  const valid = checkedCase(c);
  checkShape(options);
  // Up to a day, as the CLI's --timeout: past 2^31 - 1 ms Node's timers fire at once, and every
  // request "timed out" within milliseconds, its message naming the huge deadline.
  if (options.timeoutMs !== undefined && !(typeof options.timeoutMs === 'number' && options.timeoutMs > 0 && options.timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new TypeError(`judgeCase: timeoutMs must be a number of milliseconds above 0, up to ${MAX_TIMEOUT_MS} (a day), not ${String(options.timeoutMs)}`);
  }
  if (options.repeat !== undefined && repeatProblem(options.repeat)) throw new TypeError(`judgeCase: repeat ${repeatProblem(options.repeat)!}`);
  if (options.repeatRule !== undefined && !repeatRuleSchema.safeParse(options.repeatRule).success) {
    throw new TypeError(`judgeCase: repeatRule takes ${REPEAT_RULES.map((r) => `'${r}'`).join(' or ')}, not ${JSON.stringify(options.repeatRule)}`);
  }
  const local = () => finishedReport(valid, auditCore(valid, pick(options.audit ?? {})));
  // The provider's row says whether a key must be given (everywhere, or only at its own API).
  const named: unknown = options.provider ?? DEFAULT_PROVIDER;
  const provider = knownProvider(typeof named === 'string' ? named : undefined);
  if (!provider) throw new TypeError(`judgeCase: unknown provider "${String(named)}" (known: ${PROVIDER_NAMES.join(', ')})`);
  const spec = providerSpec(provider);
  // Said without the address: it holds a secret, which a failed request's message quoted.
  if (options.baseURL !== undefined && hasCredentials(options.baseURL)) {
    throw new TypeError("judgeCase: baseURL holds a user name or password (user:…@host), which Node's fetch refuses to send; take it out of the address and pass the key as apiKey");
  }
  const apiKey: unknown = options.apiKey;
  if (spec.key.requiredAt === 'everywhere') {
    if (typeof apiKey !== 'string') throw new TypeError(`judgeCase: apiKey must be a string (the ${spec.vendor} API key)`);
  } else {
    if (apiKey !== undefined && typeof apiKey !== 'string') throw new TypeError('judgeCase: apiKey must be a string when given');
    if (!apiKey && keyRequired(spec, options.baseURL)) throw new TypeError(`judgeCase: ${spec.vendor}'s own API needs apiKey (a local server's baseURL needs none)`);
  }
  return judge(valid, local(), options, provider, typeof apiKey === 'string' ? apiKey : '');
}

/**
 * The options' shape, checked before anything is sent: a JavaScript caller's wrong type (no
 * options, a model given as a number, a signal that is not an AbortSignal) threw from deep inside
 * the run ("Cannot read properties of undefined", "opts.model?.trim is not a function"), or was
 * reported as a network failure, or crashed the process from a timer.
 */
function checkShape(o: unknown): asserts o is JudgeOptions {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new TypeError(`judgeCase: options must be an object such as { apiKey }, got ${describeValue(o)}`);
  const v = o as Record<string, unknown>;
  const wrong = (name: string, expected: string) => new TypeError(`judgeCase: ${name} must be ${expected} when given, got ${describeValue(v[name])}`);
  for (const name of ['model', 'baseURL'] as const) if (v[name] !== undefined && typeof v[name] !== 'string') throw wrong(name, 'a string');
  if (v.strict !== undefined && typeof v.strict !== 'boolean') throw wrong('strict', 'true or false');
  if (v.onProgress !== undefined && typeof v.onProgress !== 'function') throw wrong('onProgress', 'a function');
  if (v.signal !== undefined && !isSignal(v.signal)) throw wrong('signal', 'an AbortSignal (AbortController’s signal, or AbortSignal.timeout(ms))');
  if (v.audit !== undefined && v.audit !== null && (typeof v.audit !== 'object' || Array.isArray(v.audit))) throw wrong('audit', 'an object of AuditOptions');
}

// By its shape: a signal of another realm (a test environment's, a polyfill's) is not an instance of Node's.
const isSignal = (s: unknown): boolean => typeof s === 'object' && s !== null && typeof (s as AbortSignal).aborted === 'boolean' && typeof (s as AbortSignal).addEventListener === 'function' && typeof (s as AbortSignal).removeEventListener === 'function';

async function judge(c: AuditCase, local: Report, o: JudgeOptions, provider: Provider, apiKey: string): Promise<Report> {
  // The model code (and the SDK after it) loads on the first judgement: a program that only runs
  // the local audit does not pay for it.
  const [{ runModelAuditNode }, { describeModelError, ModelError }, { modelFailure }] = await Promise.all([import('../model/node'), import('../model/errors'), import('../cli/modelFailure')]);
  try {
    const judged = await runModelAuditNode(c, local, {
      apiKey,
      provider,
      ...(o.baseURL !== undefined ? { baseURL: o.baseURL } : {}),
      ...(o.model !== undefined ? { model: o.model } : {}),
      strict: o.strict === true,
      ...(o.repeat !== undefined ? { repeat: o.repeat } : {}),
      ...(o.repeatRule !== undefined ? { repeatRule: o.repeatRule } : {}),
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: (p) => o.onProgress!(progressOf(p)) } : {}),
    });
    return { ...judged, meta: { ...judged.meta, input_hash: local.meta.input_hash, query_hash: local.meta.query_hash } };
  } catch (err) {
    // The page's and the CLI's words point at their settings and options; a program gets what
    // happened and the server's own words (never the key: the run masks it).
    const known = err instanceof ModelError ? err : undefined;
    const words = known ? describeModelError(known.init, 'en') : undefined;
    const message = words ? [words.title, words.detail].filter(Boolean).join(' ') : visibleControls(String((err as Error)?.message ?? err));
    const failed = modelFailure(err, c, local, message);
    const report: Report = { ...failed.report, meta: { ...failed.report.meta, model_error: failed.error } };
    throw new JudgeError(message, failed.error.kind as ModelErrorKind | 'unexpected', known?.status, report, known ? {} : { cause: err });
  }
}

function progressOf(p: RunProgress): JudgeProgress {
  return { phase: p.phase, claimsJudged: p.claimsJudged, claimsTotal: p.claimsTotal, pass: p.pass, passes: p.passes, ...(p.waitMs !== undefined ? { waitMs: p.waitMs } : {}) };
}
