// Every way a model run can fail, as one error type with a kind and the facts the words need;
// core/report/catalogue/modelErrors.ts words them (the page's and the CLI's), in either language.
import type { Language, ModelResults, UnreadableInput } from '../core/types';
import { visibleControls } from '../core/text/text';
import { MODEL_ERROR_WORDS, modelErrorWords, type ModelErrorFacts, type ModelErrorKind } from '../core/report/catalogue/modelErrors';
import { providerFacts } from './providers';

export type { ModelErrorKind };

/** A failure's kind and facts (the ones its words name: core/report/catalogue/modelErrors.ts) and more. */
export interface ModelErrorInit extends ModelErrorFacts {
  /** The server's own words (error.message of the API's error JSON), when there is one. */
  apiMessage?: string;
  requestId?: string;
  /** The model's raw reply when it could not be used (kept so the user can read it). */
  rawOutput?: string;
  /** What did not validate. */
  problems?: string[];
  cause?: unknown;
}

/**
 * A run refused before any request: an input cannot be read (`unreadable`, the report's
 * meta.unreadable), so there is nothing to judge; else no key for the `provider`.
 */
export function notSentInit(unreadable: readonly UnreadableInput[] | undefined, provider: string): ModelErrorInit {
  const u = unreadable?.[0];
  return u ? { kind: 'unreadable_input', input: u.input === 'chunks' ? 'chunks' : 'answer', problems: [u.message] } : { kind: 'no_key', provider };
}

/** Anything shaped like an Anthropic key (a proxy may echo the key it was sent). */
const KEY_LIKE = /sk-ant-[A-Za-z0-9_-]{6,}/g;

/** The user name and password of an address (https://user:secret@host): fetch quotes the address whole when it refuses one. */
const URL_CREDENTIALS = /(\/\/)[^\s/?#@]*@/g;

/** The text with every occurrence of `secret`, of anything key-shaped and of an address's user:password masked. */
export function redactSecret(text: string, secret?: string): string {
  let out = text;
  const s = secret?.trim();
  if (s && s.length >= 4) out = out.split(s).join('[API key]');
  return out.replace(KEY_LIKE, '[API key]').replace(URL_CREDENTIALS, '$1[credentials]@');
}

function redactInit(init: ModelErrorInit, secret?: string): ModelErrorInit {
  // The server's words reach terminals, reports and the page: their controls are made visible.
  const r = (t: string) => visibleControls(redactSecret(t, secret));
  return {
    ...init,
    ...(init.apiMessage !== undefined ? { apiMessage: r(init.apiMessage) } : {}),
    ...(init.rawOutput !== undefined ? { rawOutput: r(init.rawOutput) } : {}),
    ...(init.problems !== undefined ? { problems: init.problems.map(r) } : {}),
    ...(init.baseURL !== undefined ? { baseURL: r(init.baseURL) } : {}),
    ...(init.redirectTo !== undefined ? { redirectTo: r(init.redirectTo) } : {}),
    ...(init.model !== undefined ? { model: r(init.model) } : {}),
  };
}

export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly apiMessage: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly model: string | undefined;
  readonly baseURL: string | undefined;
  readonly rawOutput: string | undefined;
  readonly problems: string[] | undefined;
  readonly malformedKey: boolean | undefined;
  readonly provider: ModelErrorFacts['provider'];
  readonly timeoutSeconds: number | undefined;
  readonly noReply: boolean | undefined;
  readonly redirectTo: string | undefined;
  readonly retryAt: string | undefined;
  readonly input: ModelErrorFacts['input'];
  /** Everything judged before the failure; it stays in the report. */
  partial: ModelResults | undefined;
  /** What the run used before it failed (every request, whether or not anything was judged). */
  usage: ModelResults['usage'];
  claimsJudged: number | undefined;
  claimsTotal: number | undefined;
  /** Claims (by index) the run was to judge and did not: what a second run can ask for alone. */
  unjudged: number[] | undefined;

  constructor(raw: ModelErrorInit) {
    const init = redactInit(raw);
    // The raw cause (an SDK error quoting the server's body) goes when it carries a key.
    const causeText = String((raw.cause as { message?: unknown } | undefined)?.message ?? '');
    const keepCause = raw.cause !== undefined && !/sk-ant-[A-Za-z0-9_-]{6,}/.test(causeText);
    super(describeModelError(init, 'en').text, keepCause ? { cause: raw.cause } : undefined);
    this.name = 'ModelError';
    this.kind = init.kind;
    this.apiMessage = init.apiMessage;
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.model = init.model;
    this.baseURL = init.baseURL;
    this.rawOutput = init.rawOutput;
    this.problems = init.problems;
    this.malformedKey = init.malformedKey;
    this.provider = init.provider;
    this.timeoutSeconds = init.timeoutSeconds;
    this.noReply = init.noReply;
    this.redirectTo = init.redirectTo;
    this.retryAt = init.retryAt;
    this.input = init.input;
    this.partial = undefined;
    this.usage = undefined;
    this.claimsJudged = init.claimsJudged;
    this.claimsTotal = init.claimsTotal;
    this.unjudged = undefined;
  }

  /** Records how far the run got; the message then says it (a cut names the count). */
  withProgress(judged: number, total: number, unjudged: number[]): this {
    this.claimsJudged = judged;
    this.claimsTotal = total;
    this.unjudged = unjudged;
    this.message = describeModelError(this.init, 'en').text;
    return this;
  }

  /**
   * This error with `secret` (the user's key) masked everywhere it could be shown. When the key
   * was found, the underlying cause (the raw SDK error, which may quote the server) is dropped.
   */
  withoutSecret(secret: string | undefined): ModelError {
    const s = secret?.trim();
    if (!s) return this;
    const init = this.init;
    if (!JSON.stringify(init).includes(s) && !String((this.cause as { message?: unknown } | undefined)?.message ?? '').includes(s)) return this;
    const clean = new ModelError(redactInit(init, s));
    clean.partial = this.partial;
    clean.unjudged = this.unjudged;
    return clean;
  }

  get init(): ModelErrorInit {
    return {
      kind: this.kind,
      ...(this.apiMessage !== undefined ? { apiMessage: this.apiMessage } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.requestId !== undefined ? { requestId: this.requestId } : {}),
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      ...(this.model !== undefined ? { model: this.model } : {}),
      ...(this.baseURL !== undefined ? { baseURL: this.baseURL } : {}),
      ...(this.rawOutput !== undefined ? { rawOutput: this.rawOutput } : {}),
      ...(this.problems !== undefined ? { problems: this.problems } : {}),
      ...(this.claimsJudged !== undefined ? { claimsJudged: this.claimsJudged } : {}),
      ...(this.claimsTotal !== undefined ? { claimsTotal: this.claimsTotal } : {}),
      ...(this.malformedKey ? { malformedKey: true } : {}),
      ...(this.provider ? { provider: this.provider } : {}),
      ...(this.timeoutSeconds !== undefined ? { timeoutSeconds: this.timeoutSeconds } : {}),
      ...(this.noReply ? { noReply: true } : {}),
      ...(this.redirectTo !== undefined ? { redirectTo: this.redirectTo } : {}),
      ...(this.retryAt !== undefined ? { retryAt: this.retryAt } : {}),
      ...(this.input !== undefined ? { input: this.input } : {}),
    };
  }
}

export interface ErrorDescription {
  /** What happened, one short sentence. */
  title: string;
  /** What to do about it. */
  action: string;
  /** The server's message, for the curious (never contains the key: the API does not echo it). */
  detail?: string;
  /** title + action + detail, as one line for the CLI and logs. */
  text: string;
}

export interface DescribeOptions {
  /** Who shows the message: the page (default) or the command line. */
  surface?: 'page' | 'cli';
}

export function describeModelError(e: ModelErrorInit, lang: Language = 'en', opts: DescribeOptions = {}): ErrorDescription {
  const words = MODEL_ERROR_WORDS[lang] ?? MODEL_ERROR_WORDS.en;
  // The words of the wire of the provider asked, filled in with its row's facts (providers.ts).
  const said = modelErrorWords(lang, e.kind, opts.surface ?? 'page', providerFacts(e.provider))(e);
  const title = said.title;
  // A server asking to be tried again past what the run waits: when, as a time.
  const action = e.retryAt ? words.tryAgainAt(e.retryAt) : said.action;
  const detail =
    e.problems && e.problems.length
      ? e.problems.join('; ')
      : e.apiMessage
        ? e.requestId ? words.withRequestId(e.apiMessage, e.requestId) : e.apiMessage
        : undefined;
  return { title, action, ...(detail ? { detail } : {}), text: [title, action, detail].filter(Boolean).join(' ') };
}

/**
 * An error a server answered with, read from its body by the wire that sent the request
 * (openai.ts maps Chat Completions' errors into it): the facts client.ts classifies, the same as
 * the SDK's APIError carries on the Messages API, in our own type. `error` is the body, its
 * `error.type` and `error.details.error_code` in the Messages API's words.
 */
export class ServerError extends Error {
  readonly requestID: string | null | undefined;
  readonly apiMessage: string | null;
  readonly type: string | null;
  readonly errorCode: string | null;

  constructor(
    readonly status: number | undefined,
    readonly error: object | undefined,
    text: string | undefined,
    readonly headers: Headers | undefined,
    type: string | null,
  ) {
    super(serverErrorMessage(status, error, text));
    this.name = 'ServerError';
    this.requestID = headers?.get('request-id');
    const inner = (error as { error?: { message?: unknown; type?: unknown; details?: { error_code?: unknown } } } | undefined)?.error;
    this.apiMessage = typeof inner?.message === 'string' ? inner.message : null;
    this.type = type ?? (typeof inner?.type === 'string' ? inner.type : null);
    const code = inner?.details?.error_code;
    this.errorCode = typeof code === 'string' ? code : null;
  }
}

/** "status body" as the SDK words an error: the body's message, else the body as JSON, else its text. */
function serverErrorMessage(status: number | undefined, error: object | undefined, text: string | undefined): string {
  const m = (error as { message?: unknown } | undefined)?.message;
  const said = m ? (typeof m === 'string' ? m : JSON.stringify(m)) : error ? JSON.stringify(error) : text;
  if (status && said) return `${status} ${said}`;
  if (status) return `${status} status code (no body)`;
  return said || '(no status code or body)';
}
