// A local stand-in for the Anthropic Messages API, speaking its wire format: JSON and SSE
// streaming, tool_use round trips, count_tokens, the paged models list, CORS preflight, the
// error JSON of every status, prompt-cache usage, and a stream cut on demand. It judges
// deterministically from the request (a lexical overlap rule), so end-to-end results are
// predictable; tests script anything else through POST /__script and read every request back
// from GET /__requests.
//
//   node --import tsx tests/server/fake-anthropic.ts --port 4402
//
// Loopback only. Not a model: it never reads instructions, it only counts words.
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { isMain, runStandalone } from './standalone';

// ---------------------------------------------------------------------------------------------
// Scripting

export type Endpoint = 'messages' | 'count_tokens' | 'models';
type Verdict = 'fully_supported' | 'partially_supported' | 'not_supported';

export interface ErrorSpec {
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
  errorCode?: string;
}

export const ERRORS = {
  invalid_request: { status: 400, type: 'invalid_request_error', message: 'messages.0.content.0.text: text content blocks must contain non-whitespace text' },
  output_config_unsupported: { status: 400, type: 'invalid_request_error', message: 'output_config: Extra inputs are not permitted' },
  authentication: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  cors_org: {
    status: 401,
    type: 'authentication_error',
    message: 'CORS requests are not allowed for this Organization because of its browser access setting. An admin can change it in the Console.',
  },
  permission: { status: 403, type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  not_found: { status: 404, type: 'not_found_error', message: 'model: claude-does-not-exist' },
  request_too_large: { status: 413, type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  rate_limit: {
    status: 429,
    type: 'rate_limit_error',
    message: 'This request would exceed your organization\u2019s rate limit of 50 requests per minute. Please retry later.',
    headers: { 'retry-after': '1' },
  },
  spend_limit: {
    status: 429,
    type: 'rate_limit_error',
    message: 'Your organization has reached its monthly spend limit for its usage tier. Access resumes on the first day of next month.',
    errorCode: 'enforced_spend_limit_reached',
  },
  api_error: { status: 500, type: 'api_error', message: 'Internal server error' },
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
} satisfies Record<string, ErrorSpec>;
export type ErrorPreset = keyof typeof ERRORS;

/**
 * How a reply in text is worded: bare JSON (what output_config gives), the JSON in a ```json
 * fence between sentences, the JSON followed by a remark, or sentences only (no JSON at all).
 */
export type ReplyShape = 'json' | 'fenced' | 'commentary' | 'prose';

/** How a server that refuses output_config says so. */
export type RejectStyle =
  /** The API's own error JSON, naming the field. */
  | 'anthropic'
  /** A serde-style gateway: `{"error": "unknown field `output_config`, …"}` (no error object). */
  | 'serde'
  /** A FastAPI/pydantic proxy: 422 with `{"detail": [{"loc": […], "msg": …}]}`. */
  | 'fastapi'
  /** A plain-text 400 body. */
  | 'plain';

/**
 * Server-wide behaviour that lasts until reset (steps are one request each): a server that
 * refuses every request carrying output_config, or one that ignores the parameter and answers in
 * `ignoredReply` (default prose) whenever it is sent.
 */
export interface Behaviour {
  outputConfig?: 'honour' | 'reject' | 'ignore';
  /** The shortest prefix the prompt cache stores (default CACHE_MIN_TOKENS); shorter ones are neither written nor read. */
  cacheMinTokens?: number;
  /** Message Batches: requests a batch processes per retrieve (default all at the first retrieve). */
  batchPerPoll?: number;
  /** Message Batches: the batch expires (24 h passed) at the next retrieve; what is left is `expired`. */
  batchExpire?: boolean;
  rejectStyle?: RejectStyle;
  ignoredReply?: ReplyShape;
  /**
   * Seeded mode: the verdicts vary between requests, deterministically from the seed (a judge
   * asked K times that changes its mind now and then). See seededVariation.
   */
  seed?: number;
}

/** How the reply goes over the wire: the variations real servers and proxies produce. */
export interface WireOptions {
  /** End SSE lines with CRLF instead of LF. */
  crlf?: boolean;
  /** A `: comment` line and an `event: ping` before every event. */
  comments?: boolean;
  /** Leave out the `event:` lines (the JSON's `type` still says what each event is). */
  noEventLines?: boolean;
  /** Write the SSE bytes in slices of this size, each flushed on its own (splits UTF-8 characters). */
  chunkBytes?: number;
  /** Characters per text_delta / input_json_delta (default 40). */
  pieceChars?: number;
  /** JSON with every non-ASCII character as a \u escape (as Python's json.dumps writes it). */
  asciiJson?: boolean;
  /** End the stream after message_delta, without message_stop. */
  noMessageStop?: boolean;
  /** Send `data: [DONE]` after the last event, as some proxies do. */
  doneMarker?: boolean;
  /** Add fields this client has never seen to content blocks and events. */
  extraFields?: boolean;
  /** Answer a streaming request with the whole message as JSON. */
  jsonInsteadOfStream?: boolean;
  /** Send each block whole in content_block_start (text, tool input) with no deltas, as some gateways do. */
  wholeBlocksInStart?: boolean;
  /** Leave out content_block_start and content_block_stop around text blocks (only the deltas). */
  bareTextDeltas?: boolean;
  /** Report the input side of usage only in message_delta (message_start says 0), as some gateways do. */
  usageInDelta?: boolean;
  /** Response headers to add (e.g. anthropic-ratelimit-*). */
  headers?: Record<string, string>;
}

interface StepBase {
  endpoint?: Endpoint;
  /** Wait before answering at all (headers included). */
  holdMs?: number;
  /** Wait between streamed events. */
  delayMs?: number;
  wire?: WireOptions;
}

export type Step =
  | (StepBase & {
      kind: 'judge';
      /** Force every label (pairs and joint). */
      verdict?: Verdict;
      /** Force the labels (pairs and joint) of these claims, by claim index. */
      claimVerdicts?: Record<number, Verdict>;
      /** Force every supporting phrase (e.g. one that is in no chunk). */
      phrase?: string;
      /** Leave these claims out of the reply. */
      omitClaims?: number[];
      summary?: string;
      /** Streaming: break the connection after this many claims went out. */
      cutAfterClaims?: number;
      /**
       * 'destroy' breaks the socket; 'end' ends the response cleanly without message_stop;
       * 'reset' writes the headers and the reply up to the cut in one burst and resets the
       * connection at once (the reset overtakes the bytes: the client sees a reset after its
       * request, the server a 200 it had begun to send).
       */
      cutMode?: 'destroy' | 'end' | 'reset';
      /** Streaming: break the connection (as cutMode says) right after message_start, before any content. */
      cutAtStart?: boolean;
      /** Streaming: send an SSE error event after this many claims. */
      errorAfterClaims?: number;
      /** Streaming: send an SSE error event right after message_start, before any content. */
      errorAtStart?: boolean;
      errorType?: string;
      /** Start the reply with a thinking block (signed), as adaptive-thinking models do. */
      thinking?: boolean;
      /** Start the reply with a redacted_thinking block. */
      redactedThinking?: boolean;
      stopReason?: string;
      /**
       * Cut the reply this many claims (plus a few characters) in, closing the block and ending
       * with `stopReason` (default max_tokens): the JSON, or the submit tool's input, unfinished.
       */
      truncateAfterClaims?: number;
      /** Stop after this many claims with stop_reason pause_turn; the continuation sends the rest. */
      pauseAfterClaims?: number;
      /** How the text reply is worded (default bare JSON); no effect on a submit_judgement call. */
      reply?: ReplyShape;
      /** Streaming: after this many claims send nothing more, keeping the connection open. */
      stallAfterClaims?: number;
      /** The model's recommendations, instead of one per claim not fully supported. */
      recommendations?: string[];
    })
  | (StepBase & { kind: 'tool_use'; chunkId: string; thinking?: boolean; redactedThinking?: boolean })
  /** Drop the connection before any answer: the client's fetch fails (as a CORS refusal does in a browser). */
  | (StepBase & { kind: 'hangup' })
  /** Answer without CORS headers, as a proxy that does not allow browsers does: a browser's fetch fails. */
  | (StepBase & { kind: 'no_cors' })
  | (StepBase & {
      kind: 'raw';
      /** Any response at all: an HTML page from a proxy, a body the API would never send. */
      status: number;
      contentType: string;
      body: string;
      headers?: Record<string, string>;
    })
  | (StepBase & { kind: 'text'; text: string; stopReason?: string })
  | (StepBase & { kind: 'error'; preset?: ErrorPreset; /** Quote the request's key in the message, as careless proxies do. */ echoKey?: boolean } & Partial<ErrorSpec>)
  | (StepBase & { kind: 'reject_output_config'; style?: RejectStyle })
  | (StepBase & { kind: 'count'; inputTokens: number });

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  body: unknown;
}

export const MODELS = [
  { id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5' },
  { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5' },
  { id: 'claude-haiku-5-5', display_name: 'Claude Haiku 5.5' },
  { id: 'claude-fable-5-1', display_name: 'Claude Fable 5.1' },
  { id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5' },
  { id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5' },
  { id: 'fake-unpriced-model', display_name: 'Fake model without a price' },
];

// ---------------------------------------------------------------------------------------------
// Reading our own prompt back (the wrappers carry a nonce; the claims list is JSON)

export interface Parsed {
  chunks: Map<string, string>;
  claims: { claim_index: number; text: string; cited_chunk_ids: string[] }[];
  uncited: { claim_index: number; text: string }[];
  gold: string | null;
  answer: string | null;
  language: 'en' | 'cs';
  wantsCorrectness: boolean;
  wantsSummary: boolean;
  /** Text of the user turns with every nonce-wrapped block removed. */
  outsideWrappers: string;
}

const unescapeAttr = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function userTexts(body: { messages?: unknown }): string[] {
  const out: string[] = [];
  const messages = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
  for (const m of messages) {
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') out.push(m.content);
    else if (Array.isArray(m.content)) {
      for (const b of m.content as { type: string; text?: string; content?: unknown }[]) {
        if (b.type === 'text' && typeof b.text === 'string') out.push(b.text);
        if (b.type === 'tool_result') {
          if (typeof b.content === 'string') out.push(b.content);
          else if (Array.isArray(b.content)) for (const c of b.content as { text?: string }[]) if (c.text) out.push(c.text);
        }
      }
    }
  }
  return out;
}

function lastBlock(text: string, kind: string): string | null {
  // Blocks open at the start of a line; the prose around them only mentions the tags inline.
  const re = new RegExp(`(?:^|\\n)<${kind}-([0-9a-f]+)(?:\\s[^>]*)?>\\n?([\\s\\S]*?)\\n?</${kind}-\\1>`, 'g');
  let last: string | null = null;
  for (const m of text.matchAll(re)) last = m[2]!;
  return last;
}

export function parsePrompt(body: { messages?: unknown; system?: unknown }): Parsed {
  const text = userTexts(body).join('\n\n');
  const chunks = new Map<string, string>();
  for (const m of text.matchAll(/(?:^|\n)<chunk-([0-9a-f]+)((?:\s[^>]*)?)>\n?([\s\S]*?)\n?<\/chunk-\1>/g)) {
    const id = /\sid="([^"]*)"/.exec(m[2]!)?.[1];
    if (id === undefined) continue;
    const key = unescapeAttr(id);
    const prev = chunks.get(key);
    if (prev === undefined || m[3]!.length > prev.length) chunks.set(key, m[3]!);
  }
  const parseList = <T>(s: string | null): T[] => {
    if (!s) return [];
    try {
      return JSON.parse(s) as T[];
    } catch {
      return [];
    }
  };
  const lang = /Feedback language:[^(]*\((\w+)\)/.exec(text)?.[1] === 'cs' ? 'cs' : 'en';
  return {
    chunks,
    claims: parseList(lastBlock(text, 'claims')),
    uncited: parseList(lastBlock(text, 'uncited')),
    gold: lastBlock(text, 'gold'),
    answer: lastBlock(text, 'answer'),
    language: lang,
    wantsCorrectness: !/Set `answer_evaluation` to null/.test(text),
    wantsSummary: !/leave it as an empty string/.test(text),
    outsideWrappers: text.replace(/<(\w+)-([0-9a-f]+)(?:\s[^>]*)?>[\s\S]*?<\/\1-\2>/g, ' '),
  };
}

// ---------------------------------------------------------------------------------------------
// The deterministic judge

const STOP = new Set(
  'the and for are was were with that this from has have had its into not but all any can our out you your they their them than then also which who whom what when where why how been being very more most such only over under about after before between other some these those there here a an of in on at to by is it as or be je se na do ve pro že jako jsou byl byla bylo nebo ale což který která které podle při tak také'.split(' '),
);

function words(s: string): string[] {
  return (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => (w.length >= 3 || /\d/.test(w)) && !STOP.has(w));
}
const numbers = (s: string) => s.match(/\d+(?:[.,]\d+)?/g) ?? [];

function coverage(claim: string, source: string): { cov: number; missing: string[] } {
  const cw = [...new Set(words(claim))];
  const sw = new Set(words(source));
  if (cw.length === 0) return { cov: 0, missing: [] };
  const missing = cw.filter((w) => !sw.has(w));
  return { cov: (cw.length - missing.length) / cw.length, missing };
}

function label(cov: number, claim: string, source: string): Verdict {
  let v: Verdict = cov >= 0.75 ? 'fully_supported' : cov >= 0.35 ? 'partially_supported' : 'not_supported';
  if (v === 'fully_supported' && numbers(claim).some((n) => !source.includes(n))) v = 'partially_supported';
  return v;
}

function bestSentence(claim: string, source: string): string {
  const cw = new Set(words(claim));
  let best = '';
  let bestScore = 0;
  for (const s of source.split(/(?<=[.!?])\s+/)) {
    const score = words(s).filter((w) => cw.has(w)).length;
    if (score > bestScore) {
      best = s.trim();
      bestScore = score;
    }
  }
  return best;
}

export interface JudgeOutput {
  claims: {
    claim_index: number;
    judgements: { chunk_id: string; supporting_phrase: string; missing_or_extra: string; decision_basis: string; verdict: Verdict }[];
    joint_verdict: Verdict;
  }[];
  uncited: { claim_index: number; is_factual_claim: boolean; reason: string }[];
  answer_evaluation: null | { verdict: string; missing_information: string[]; correctness_score: number; explanation: string };
  summary: string;
  recommendations: string[];
}

/** A verdict as a seeded judge changes it: (claim text, chunk id, the rule's verdict) → the verdict given. */
export type Variation = (claim: string, chunkId: string, verdict: Verdict) => Verdict;

const ORDER: Verdict[] = ['not_supported', 'partially_supported', 'fully_supported'];

/**
 * The seeded judge: the n-th judgement of a (claim, chunk) pair keeps the rule's verdict unless a
 * hash of (seed, claim, chunk, n) picks it to move one step (about one judgement in three), up or
 * down. The same seed and the same order of requests give the same verdicts every run, so a test
 * can compute what a server started with that seed will say.
 */
export function seededVariation(seed: number): Variation {
  const seen = new Map<string, number>();
  return (claim, chunkId, verdict) => {
    const key = `${claim}\u0000${chunkId}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    const h = createHash('sha256').update(`${seed}:${key}:${n}`).digest();
    if (h[0]! % 3 !== 0) return verdict;
    const rank = ORDER.indexOf(verdict);
    const up = (h[1]! % 2 === 0 && rank < 2) || rank === 0;
    return ORDER[up ? rank + 1 : rank - 1]!;
  };
}

export function judge(p: Parsed, step: Extract<Step, { kind: 'judge' }> | undefined, vary?: Variation): JudgeOutput {
  const cs = p.language === 'cs';
  // A model that obeys instructions found outside the data wrappers: only a broken wrapper lets
  // a chunk's "ignore your instructions" reach this text.
  const hijacked = /ignore (all )?(your|previous) instructions/i.test(p.outsideWrappers);
  const omit = new Set(step?.omitClaims ?? []);
  const claims: JudgeOutput['claims'] = [];
  const recommendations: string[] = [];
  for (const claim of p.claims) {
    if (omit.has(claim.claim_index)) continue;
    const judgements = claim.cited_chunk_ids.map((id) => {
      const source = p.chunks.get(id) ?? '';
      const { cov, missing } = coverage(claim.text, source);
      let verdict = hijacked ? 'fully_supported' : label(cov, claim.text, source);
      if (vary) verdict = vary(claim.text, id, verdict);
      if (step?.verdict) verdict = step.verdict;
      const forced = step?.claimVerdicts?.[claim.claim_index];
      if (forced) verdict = forced;
      const pct = Math.round(cov * 100);
      return {
        chunk_id: id,
        supporting_phrase: step?.phrase ?? (verdict === 'not_supported' ? '' : bestSentence(claim.text, source)),
        missing_or_extra:
          verdict === 'fully_supported' ? '' : (cs ? 'V úryvku chybí: ' : 'Not in the chunk: ') + missing.slice(0, 6).join(', '),
        decision_basis: cs ? `V úryvku je ${pct} % významových slov tvrzení.` : `${pct}% of the claim's content words appear in the chunk.`,
        verdict,
      };
    });
    const union = claim.cited_chunk_ids.map((id) => p.chunks.get(id) ?? '').join('\n');
    let joint: Verdict = hijacked ? 'fully_supported' : label(coverage(claim.text, union).cov, claim.text, union);
    // A varied (or forced) judgement's joint label is its best pair's: the claim as its chunks have it.
    if (vary || step?.claimVerdicts?.[claim.claim_index]) joint = judgements.reduce<Verdict>((b, j) => (ORDER.indexOf(j.verdict) > ORDER.indexOf(b) ? j.verdict : b), 'not_supported');
    if (step?.verdict) joint = step.verdict;
    claims.push({ claim_index: claim.claim_index, judgements, joint_verdict: joint });
    if (joint !== 'fully_supported') {
      const ids = claim.cited_chunk_ids.join(', ');
      recommendations.push(
        cs ? `Tvrzení ${claim.claim_index + 1}: ověřte, zda ho úryvek ${ids} opravdu podporuje.` : `Claim ${claim.claim_index + 1}: check that chunk ${ids} really supports it.`,
      );
    }
  }
  const uncited = p.uncited.map((u) => {
    const factual = !u.text.trim().endsWith('?') && words(u.text).length >= 3;
    return {
      claim_index: u.claim_index,
      is_factual_claim: factual,
      reason: factual ? (cs ? 'Uvádí fakt.' : 'States a fact.') : cs ? 'Otázka nebo krátká věta.' : 'A question or a short phrase.',
    };
  });
  let answer_evaluation: JudgeOutput['answer_evaluation'] = null;
  if (p.wantsCorrectness && p.gold !== null) {
    const { cov } = coverage(p.gold, p.answer ?? '');
    const missing = p.gold
      .split(/(?<=[.!?])\s+/)
      .filter((s) => coverage(s, p.answer ?? '').cov < 0.5)
      .slice(0, 3);
    answer_evaluation = {
      verdict: cov >= 0.8 ? 'CORRECT' : cov >= 0.4 ? 'PARTIALLY_CORRECT' : 'INCORRECT',
      missing_information: missing,
      correctness_score: Math.round(cov * 100) / 100,
      explanation: cs ? `Odpověď pokrývá ${Math.round(cov * 100)} % referenční odpovědi.` : `The answer covers ${Math.round(cov * 100)}% of the reference answer.`,
    };
  }
  const full = claims.filter((c) => c.joint_verdict === 'fully_supported').length;
  const summary = !p.wantsSummary
    ? ''
    : step?.summary ?? (cs ? `Citace plně podporují ${full} z ${claims.length} tvrzení.` : `The citations fully support ${full} of ${claims.length} claims.`);
  return { claims, uncited, answer_evaluation, summary, recommendations: step?.recommendations ?? recommendations };
}

/** JSON text of the reply plus where each claim object ends (to cut a stream there). */
export function serialise(out: JudgeOutput): { text: string; claimEnds: number[] } {
  let text = '{"claims":[';
  const claimEnds: number[] = [];
  out.claims.forEach((c, i) => {
    if (i) text += ',';
    text += JSON.stringify(c);
    claimEnds.push(text.length);
  });
  text += `],"uncited":${JSON.stringify(out.uncited)},"answer_evaluation":${JSON.stringify(out.answer_evaluation)},"summary":${JSON.stringify(out.summary)},"recommendations":${JSON.stringify(out.recommendations)}}`;
  return { text, claimEnds };
}

/** The seeded judge of a behaviour (seed set): one per behaviour object, so a reset or a new behaviour starts it afresh. */
const variations = new WeakMap<object, Variation>();
export function variationOf(b: { seed?: number | undefined }): Variation | undefined {
  if (b.seed === undefined) return undefined;
  let v = variations.get(b);
  if (!v) variations.set(b, (v = seededVariation(b.seed)));
  return v;
}

// ---------------------------------------------------------------------------------------------
// Wire helpers

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const approxTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

// ---------------------------------------------------------------------------------------------
// Prompt caching, as the API accounts for it: the prefix runs (output schema) → tools → system →
// messages; every block marked cache_control ends a cacheable prefix; the longest live prefix is
// read, the rest up to the last breakpoint is written. Prefixes under the model's minimum are not cached at all,
// and entries live five minutes from their last use.

export const CACHE_MIN_TOKENS = 1024;
export const CACHE_TTL_MS = 5 * 60_000;

export function cacheUsage(
  body: Record<string, unknown>,
  cache: Map<string, number>,
  minTokens: number,
  now: number,
): { input_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number } {
  const total = approxTokens(JSON.stringify({ system: body.system, messages: body.messages, tools: body.tools, output_config: body.output_config }));
  const segments: unknown[] = [];
  const breakpoints: number[] = [];
  const add = (where: string, block: unknown) => {
    if (!block || typeof block !== 'object') return void segments.push([where, block]);
    const { cache_control, ...rest } = block as Record<string, unknown>;
    segments.push([where, rest]);
    if (cache_control) breakpoints.push(segments.length);
  };
  // The output schema is compiled into the prompt ahead of everything: part of every prefix.
  if (body.output_config) segments.push(['output_config', body.output_config]);
  for (const t of Array.isArray(body.tools) ? body.tools : []) add('tool', t);
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : Array.isArray(body.system) ? body.system : [];
  for (const b of system) add('system', b);
  for (const m of (body.messages ?? []) as { role: string; content: unknown }[]) {
    const content = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m.content) ? m.content : [];
    for (const b of content) add(m.role, b);
  }
  if (breakpoints.length === 0) return { input_tokens: total, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const prefix = (n: number) => JSON.stringify({ model: body.model, segments: segments.slice(0, n) });
  const key = (n: number) => createHash('sha256').update(prefix(n)).digest('hex');
  const tokensOf = (n: number) => approxTokens(prefix(n));
  let read = 0;
  for (const n of breakpoints) {
    const expires = cache.get(key(n));
    if (expires !== undefined && expires > now) read = Math.max(read, tokensOf(n));
  }
  const last = tokensOf(breakpoints[breakpoints.length - 1]!);
  for (const n of breakpoints) if (tokensOf(n) >= minTokens) cache.set(key(n), now + CACHE_TTL_MS);
  const written = last >= minTokens ? Math.max(0, last - read) : 0;
  return { input_tokens: Math.max(1, total - read - written), cache_creation_input_tokens: written, cache_read_input_tokens: read };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': (req.headers.origin as string | undefined) ?? '*',
    vary: 'Origin',
    'access-control-expose-headers':
      'retry-after, retry-after-ms, request-id, x-should-retry, anthropic-ratelimit-requests-remaining, anthropic-ratelimit-requests-reset, anthropic-ratelimit-tokens-remaining, anthropic-ratelimit-tokens-reset, anthropic-ratelimit-input-tokens-remaining, anthropic-ratelimit-input-tokens-reset, anthropic-ratelimit-output-tokens-remaining, anthropic-ratelimit-output-tokens-reset',
  };
}

function sendJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const requestId = id('req');
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...corsHeaders(req), ...headers });
  res.end(JSON.stringify(body));
}

function sendError(req: http.IncomingMessage, res: http.ServerResponse, spec: ErrorSpec): void {
  const requestId = id('req');
  const error: Record<string, unknown> = { type: spec.type, message: spec.message };
  if (spec.errorCode) error.details = { error_code: spec.errorCode };
  res.writeHead(spec.status, { 'content-type': 'application/json', 'request-id': requestId, ...corsHeaders(req), ...(spec.headers ?? {}) });
  res.end(JSON.stringify({ type: 'error', error, request_id: requestId }));
}

/** The text of an assistant message (a string or its text blocks). */
function assistantText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as { type?: string; text?: string }[])
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('');
}

function errorOf(step: Extract<Step, { kind: 'error' }>): ErrorSpec {
  const preset: ErrorSpec | undefined = step.preset ? ERRORS[step.preset] : undefined;
  const spec: ErrorSpec = {
    status: step.status ?? preset?.status ?? 500,
    type: step.type ?? preset?.type ?? 'api_error',
    message: step.message ?? preset?.message ?? 'error',
  };
  const headers = step.headers ?? preset?.headers;
  if (headers) spec.headers = headers;
  const code = step.errorCode ?? preset?.errorCode;
  if (code) spec.errorCode = code;
  return spec;
}

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/** The fields the API accepts in each kind of assistant block sent back to it. */
const BLOCK_FIELDS: Record<string, string[]> = {
  text: ['type', 'text', 'cache_control', 'citations'],
  tool_use: ['type', 'id', 'name', 'input', 'cache_control', 'caller', 'toolset_name'],
  thinking: ['type', 'thinking', 'signature'],
  redacted_thinking: ['type', 'data'],
};

/** What a careless proxy (or a newer API) adds to the blocks it sends. */
function withExtras(b: Record<string, unknown>): Record<string, unknown> {
  const extra: Record<string, unknown> = { ...b, provider_metadata: { upstream: 'fake', latency_ms: 12 } };
  if (b.type === 'text') extra.citations = null;
  if (b.type === 'tool_use') extra.caller = { type: 'direct' };
  return extra;
}

/** JSON with every non-ASCII UTF-16 unit escaped (é as \u00e9, surrogate pairs as two escapes). */
function asciiJson(text: string): string {
  return text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The refusal of a server that does not know output_config, in the words of `style`. */
function rejectOutputConfig(req: http.IncomingMessage, res: http.ServerResponse, style: RejectStyle = 'anthropic'): void {
  const head = { 'request-id': id('req'), ...corsHeaders(req) };
  switch (style) {
    case 'serde':
      res.writeHead(400, { 'content-type': 'application/json', ...head });
      return void res.end(JSON.stringify({ error: 'unknown field `output_config`, expected one of `model`, `messages`, `max_tokens`, `system`, `tools`, `tool_choice`, `stream`' }));
    case 'fastapi':
      res.writeHead(422, { 'content-type': 'application/json', ...head });
      return void res.end(JSON.stringify({ detail: [{ type: 'extra_forbidden', loc: ['body', 'output_config'], msg: 'Extra inputs are not permitted', input: { format: { type: 'json_schema' } } }] }));
    case 'plain':
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...head });
      return void res.end('Bad Request: unrecognized field "output_config" in request body');
    default:
      return sendError(req, res, ERRORS.output_config_unsupported);
  }
}

/**
 * The judgement as a model that was not held to a JSON schema may word it. `offset` is where the
 * JSON starts in the text (-1 when there is none), so cut points can follow it.
 */
export function shapeReply(json: string, out: JudgeOutput, shape: ReplyShape): { text: string; offset: number } {
  switch (shape) {
    case 'fenced': {
      const head = 'I compared every {claim, chunk} pair with the chunk\u2019s text. Here is the result:\n\n```json\n';
      return { text: `${head}${json}\n\`\`\`\n\nTell me if you want a closer look at any claim.`, offset: head.length };
    }
    case 'commentary':
      return {
        text: `${json}\n\nA note on the above: the last claim {index ${out.claims.length - 1}} rests on one chunk, and "borderline" cases are marked partially_supported.`,
        offset: 0,
      };
    case 'prose': {
      const lines = out.claims.map((c) => `Claim ${c.claim_index} is ${c.joint_verdict.replace(/_/g, ' ')} by chunk ${c.judgements.map((j) => j.chunk_id).join(' and ')}.`);
      return { text: ['Here is my assessment of the citations.', ...lines, out.summary].filter(Boolean).join('\n'), offset: -1 };
    }
    default:
      return { text: json, offset: 0 };
  }
}

// ---------------------------------------------------------------------------------------------
// The server

export interface FakeAnthropic {
  url: string;
  port: number;
  script(...steps: Step[]): void;
  /** Server-wide behaviour until reset (also POST /__behave). */
  behave(b: Behaviour): void;
  requests(): RecordedRequest[];
  /** Requests to one API path (e.g. '/v1/messages'), OPTIONS excluded. */
  calls(path: string): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

/** Header on the requests a batch replays through /v1/messages (they are not recorded). */
const BATCH_INTERNAL = 'x-fake-batch-internal';

interface FakeBatch {
  id: string;
  requests: { custom_id: string; params: Record<string, unknown> }[];
  results: { custom_id: string; result: { type: 'succeeded'; message: unknown } | { type: 'errored'; error: unknown } | { type: 'canceled' | 'expired' } }[];
  status: 'in_progress' | 'canceling' | 'ended';
  createdAt: string;
  expiresAt: string;
  endedAt: string | null;
  cancelAt: string | null;
  auth: { 'x-api-key': string; authorization: string };
}

export async function startFakeAnthropic(opts: { port?: number; host?: string } = {}): Promise<FakeAnthropic> {
  const host = opts.host ?? '127.0.0.1';
  let steps: Step[] = [];
  let behaviour: Behaviour = {};
  let recorded: RecordedRequest[] = [];
  /** Prompt-cache entries: prefix hash → when it expires (each hit refreshes it, as the API does). */
  const cache = new Map<string, number>();
  /** Signatures and redacted data this server issued: the only ones it accepts back. */
  const issued = new Set<string>();
  /** Text of a paused reply → the rest, sent when the paused turn comes back to be continued. */
  const pausedRest = new Map<string, string>();

  const take = (endpoint: Endpoint): Step | undefined => {
    const i = steps.findIndex((s) => (s.endpoint ?? 'messages') === endpoint);
    return i < 0 ? undefined : steps.splice(i, 1)[0];
  };

  function checkAuth(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const key = (req.headers['x-api-key'] as string | undefined) ?? (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!key) {
      sendError(req, res, { status: 401, type: 'authentication_error', message: 'x-api-key header is required' });
      return false;
    }
    if (/invalid/.test(key)) {
      sendError(req, res, ERRORS.authentication);
      return false;
    }
    return true;
  }

  function usageFor(body: Record<string, unknown>): { input_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number } {
    return cacheUsage(body, cache, behaviour.cacheMinTokens ?? CACHE_MIN_TOKENS, Date.now());
  }

  /** What the real API refuses before it thinks: our client must never send these. */
  function invalid(body: Record<string, unknown>): string | null {
    if (typeof body.model !== 'string') return 'model: Field required';
    if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
    const messages = body.messages as { role: string; content: unknown }[] | undefined;
    if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one message is required';
    const last = messages[messages.length - 1]!;
    // A paused turn (pause_turn) handed back as it came is the one assistant message allowed last.
    if (last.role !== 'user' && !pausedRest.has(assistantText(last.content))) return 'This model does not support assistant message prefill. The conversation must end with a user message.';
    const choice = body.tool_choice as { type?: string } | undefined;
    if (choice && (choice.type === 'tool' || choice.type === 'any')) return 'tool_choice: forced tool use is not supported for this model.';
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i]!;
      if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
      const blocks = m.content as Record<string, unknown>[];
      for (let j = 0; j < blocks.length; j++) {
        const b = blocks[j]!;
        const allowed = BLOCK_FIELDS[String(b.type)];
        const extra = allowed ? Object.keys(b).find((k) => !allowed.includes(k)) : undefined;
        if (extra) return `messages.${i}.content.${j}.${String(b.type)}.${extra}: Extra inputs are not permitted`;
        if (b.type === 'tool_use' && (b.input === null || typeof b.input !== 'object' || Array.isArray(b.input))) return `messages.${i}.content.${j}.tool_use.input: Input should be a valid dictionary`;
        if (b.type === 'thinking' && !issued.has(String(b.signature))) return `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`;
        if (b.type === 'redacted_thinking' && !issued.has(String(b.data))) return `messages.${i}.content.${j}: Invalid \`data\` in \`redacted_thinking\` block`;
      }
      const uses = blocks.filter((b) => b.type === 'tool_use').map((b) => b.id);
      if (!uses.length) continue;
      const next = messages[i + 1];
      const results = Array.isArray(next?.content) ? (next.content as { type: string; tool_use_id?: string }[]).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id) : [];
      const missing = uses.filter((u) => !results.includes(u as string | undefined));
      if (missing.length) return `messages.${i + 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`;
    }
    const oc = body.output_config as { format?: { type?: string; schema?: unknown } } | undefined;
    if (oc?.format && (oc.format.type !== 'json_schema' || typeof oc.format.schema !== 'object')) return 'output_config.format: expected a json_schema format with a schema';
    return null;
  }

  /** Thinking blocks the model emits, as the API will see them come back. */
  function thinkingBlocks(s: { thinking?: boolean; redactedThinking?: boolean } | undefined): Block[] {
    const out: Block[] = [];
    if (s?.thinking) {
      const signature = id('sig');
      issued.add(signature);
      out.push({ type: 'thinking', thinking: 'Comparing each claim with its chunks \u2014 \u010de\u0161tina too.', signature });
    }
    if (s?.redactedThinking) {
      const data = `EncryptedThinking${randomBytes(24).toString('base64')}`;
      issued.add(data);
      out.push({ type: 'redacted_thinking', data });
    }
    return out;
  }

  async function messages(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>): Promise<void> {
    if (!req.headers['anthropic-version']) return sendError(req, res, { status: 400, type: 'invalid_request_error', message: 'anthropic-version: header is required' });
    if (!checkAuth(req, res)) return;
    const problem = invalid(body);
    if (problem) return sendError(req, res, { status: 400, type: 'invalid_request_error', message: problem });
    const msgs = body.messages as { role: string; content: unknown }[];
    const last = msgs[msgs.length - 1]!;
    const continuing = last.role === 'assistant' ? pausedRest.get(assistantText(last.content)) : undefined;
    // A server that never accepts output_config refuses before it reads any script.
    if (behaviour.outputConfig === 'reject' && body.output_config) return rejectOutputConfig(req, res, behaviour.rejectStyle);
    const step = continuing === undefined ? take('messages') : undefined;
    if (step?.holdMs) await sleep(step.holdMs);
    if (step?.kind === 'error') {
      const spec = errorOf(step);
      if (step.echoKey) spec.message = `${spec.message} (received ${req.headers.authorization ?? req.headers['x-api-key'] ?? ''})`;
      return sendError(req, res, spec);
    }
    if (step?.kind === 'hangup') return void res.socket?.destroy();
    if (step?.kind === 'no_cors') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'unreachable from a browser' } }));
    }
    if (step?.kind === 'raw') {
      res.writeHead(step.status, { 'content-type': step.contentType, ...corsHeaders(req), ...(step.headers ?? {}) });
      return void res.end(step.body);
    }
    if (step?.kind === 'reject_output_config' && body.output_config) return rejectOutputConfig(req, res, step.style);
    if (!MODELS.some((m) => m.id === body.model)) return sendError(req, res, { status: 404, type: 'not_found_error', message: `model: ${String(body.model)}` });

    const parsed = parsePrompt(body);
    const tools = (body.tools ?? []) as { name: string }[];
    const toolMode = !body.output_config && tools.some((t) => t.name === 'submit_judgement');
    const wire: WireOptions = step?.wire ?? {};
    const json = (v: unknown) => (wire.asciiJson ? asciiJson(JSON.stringify(v)) : JSON.stringify(v));
    let blocks: Block[];
    let stopReason = 'end_turn';
    let claimEnds: number[] = [];
    /** Where the output (text, or the submit tool's input JSON) stops short of its end. */
    let cutOutputAt: number | undefined;
    const judgeStep = step?.kind === 'judge' ? step : undefined;
    if (continuing !== undefined) {
      blocks = [{ type: 'text', text: continuing }];
    } else if (step?.kind === 'tool_use') {
      blocks = [...thinkingBlocks(step), { type: 'tool_use', id: id('toolu'), name: 'get_chunk_content', input: { chunk_id: step.chunkId } }];
      stopReason = 'tool_use';
    } else if (step?.kind === 'text') {
      blocks = [{ type: 'text', text: step.text }];
      stopReason = step.stopReason ?? 'end_turn';
    } else {
      const judged = judge(parsed, judgeStep, variationOf(behaviour));
      const out = serialise(judged);
      const bare = wire.asciiJson ? asciiJson(out.text) : out.text;
      // Escaping only lengthens strings, never the structure: claim ends move by what came before.
      claimEnds = wire.asciiJson ? out.claimEnds.map((e) => asciiJson(out.text.slice(0, e)).length) : out.claimEnds;
      const ignored = behaviour.outputConfig === 'ignore' && !!body.output_config;
      const shaped = shapeReply(bare, judged, judgeStep?.reply ?? (ignored ? (behaviour.ignoredReply ?? 'prose') : 'json'));
      const text = shaped.text;
      claimEnds = shaped.offset < 0 ? [] : claimEnds.map((e) => e + shaped.offset);
      blocks = toolMode
        ? [{ type: 'tool_use', id: id('toolu'), name: 'submit_judgement', input: JSON.parse(out.text) }]
        : [{ type: 'text', text }];
      if (toolMode) stopReason = 'tool_use';
      if (judgeStep?.stopReason) stopReason = judgeStep.stopReason;
      if (judgeStep?.truncateAfterClaims !== undefined) {
        cutOutputAt = (claimEnds[judgeStep.truncateAfterClaims - 1] ?? 0) + 25;
        stopReason = judgeStep.stopReason ?? 'max_tokens';
        if (!toolMode) blocks = [{ type: 'text', text: text.slice(0, cutOutputAt) }];
      }
      if (judgeStep?.pauseAfterClaims !== undefined && !toolMode) {
        const at = claimEnds[judgeStep.pauseAfterClaims - 1] ?? 0;
        blocks = [{ type: 'text', text: text.slice(0, at) }];
        pausedRest.set(text.slice(0, at), text.slice(at));
        stopReason = 'pause_turn';
      }
      blocks.unshift(...thinkingBlocks(judgeStep));
    }
    const usage = usageFor(body);
    const outputTokens = approxTokens(JSON.stringify(blocks));
    const shown = (b: Block) => (wire.extraFields ? withExtras(b as Record<string, unknown>) : b);
    const message = {
      id: id('msg'),
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: blocks.map(shown),
      stop_reason: stopReason,
      stop_sequence: stopReason === 'stop_sequence' ? '</judgement>' : null,
      usage: { ...usage, output_tokens: outputTokens },
      ...(wire.extraFields ? { container: null, service_tier: 'standard' } : {}),
    };
    const extraHeaders = wire.headers ?? {};
    if (body.stream !== true || wire.jsonInsteadOfStream) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req'), ...corsHeaders(req), ...extraHeaders });
      return void res.end(json(message));
    }

    // --- SSE
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': id('req'), ...corsHeaders(req), ...extraHeaders });
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    // A reset cut writes the reply up to the cut and resets the connection in one go, without
    // waiting for the bytes to leave.
    const burst = judgeStep?.cutMode === 'reset' && (judgeStep.cutAfterClaims !== undefined || judgeStep.cutAtStart === true);
    const held: Buffer[] = [];
    const delay = burst ? 0 : (step?.delayMs ?? 0);
    const nl = wire.crlf ? '\r\n' : '\n';
    // Resolves once the bytes are handed to the socket, so a cut right after them loses nothing.
    const write = (bytes: Buffer | string) =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        if (burst) {
          held.push(Buffer.from(bytes));
          return resolve();
        }
        res.write(bytes, () => resolve());
      });
    const emit = async (text: string) => {
      if (!wire.chunkBytes) return write(text);
      const bytes = Buffer.from(text, 'utf8');
      for (let i = 0; i < bytes.length && !closed; i += wire.chunkBytes) {
        await write(bytes.subarray(i, i + wire.chunkBytes));
        // Let the reader take this slice before the next one is written.
        await new Promise((r) => setImmediate(r));
      }
    };
    const send = async (event: string, data: unknown) => {
      if (closed) return;
      let frame = '';
      if (wire.comments) frame += `: keep-alive${nl}${nl}event: ping${nl}data: {"type": "ping"}${nl}${nl}`;
      const payload = wire.extraFields && data && typeof data === 'object' ? { ...(data as object), trace_id: id('trace') } : data;
      if (!wire.noEventLines) frame += `event: ${event}${nl}`;
      frame += `data: ${json(payload)}${nl}${nl}`;
      await emit(frame);
      if (delay) await sleep(delay);
    };
    const finish = async () => {
      if (wire.doneMarker) await emit(`data: [DONE]${nl}${nl}`);
      res.end();
    };
    const startUsage = wire.usageInDelta ? { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 } : { ...usage, output_tokens: 1 };
    await send('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: startUsage } });
    await send('ping', { type: 'ping' });
    if (judgeStep?.errorAtStart) {
      const type = judgeStep.errorType ?? 'overloaded_error';
      await send('error', { type: 'error', error: { type, message: type === 'overloaded_error' ? 'Overloaded' : 'Internal server error' } });
      res.end();
      return;
    }
    if (judgeStep?.cutAtStart) return cutStream(res, judgeStep.cutMode, held);
    const cutAt = judgeStep?.cutAfterClaims !== undefined ? claimEnds[judgeStep.cutAfterClaims - 1] ?? 0 : undefined;
    const errorAt = judgeStep?.errorAfterClaims !== undefined ? claimEnds[judgeStep.errorAfterClaims - 1] ?? 0 : undefined;
    const stallAt = judgeStep?.stallAfterClaims !== undefined ? claimEnds[judgeStep.stallAfterClaims - 1] ?? 0 : undefined;
    const pieceChars = wire.pieceChars ?? 40;
    for (let index = 0; index < blocks.length; index++) {
      const b = blocks[index]!;
      if (wire.wholeBlocksInStart && (b.type === 'text' || b.type === 'tool_use')) {
        await send('content_block_start', { type: 'content_block_start', index, content_block: shown(b) });
        await send('content_block_stop', { type: 'content_block_stop', index });
        continue;
      }
      if (b.type === 'text') {
        if (!wire.bareTextDeltas) await send('content_block_start', { type: 'content_block_start', index, content_block: shown({ type: 'text', text: '' }) });
      } else if (b.type === 'tool_use') {
        await send('content_block_start', { type: 'content_block_start', index, content_block: shown({ type: 'tool_use', id: b.id, name: b.name, input: {} }) });
      } else if (b.type === 'redacted_thinking') {
        await send('content_block_start', { type: 'content_block_start', index, content_block: shown(b) });
        await send('content_block_stop', { type: 'content_block_stop', index });
        continue;
      } else {
        await send('content_block_start', { type: 'content_block_start', index, content_block: shown({ type: 'thinking', thinking: '', signature: '' }) });
        await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: b.thinking } });
        await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: b.signature } });
        await send('content_block_stop', { type: 'content_block_stop', index });
        continue;
      }
      const isOutput = b.type === 'text' || b.name === 'submit_judgement';
      let full = b.type === 'text' ? b.text : json(b.input);
      if (b.type === 'tool_use' && isOutput && cutOutputAt !== undefined) full = full.slice(0, cutOutputAt);
      for (let pos = 0; pos < full.length; ) {
        let end = Math.min(full.length, pos + pieceChars);
        const stopAt = [cutAt, errorAt, stallAt].filter((x): x is number => x !== undefined && isOutput && x > pos && x < end);
        if (stopAt.length) end = Math.min(...stopAt);
        const piece = full.slice(pos, end);
        await send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: b.type === 'text' ? { type: 'text_delta', text: piece } : { type: 'input_json_delta', partial_json: piece },
        });
        pos = end;
        if (isOutput && cutAt !== undefined && pos >= cutAt) return cutStream(res, judgeStep?.cutMode, held);
        if (isOutput && stallAt !== undefined && pos >= stallAt) {
          // Silent until the client gives up and closes the connection.
          if (!closed) await new Promise<void>((resolve) => res.once('close', () => resolve()));
          return;
        }
        if (isOutput && errorAt !== undefined && pos >= errorAt) {
          const type = judgeStep?.errorType ?? 'overloaded_error';
          await send('error', { type: 'error', error: { type, message: type === 'overloaded_error' ? 'Overloaded' : 'Internal server error' } });
          res.end();
          return;
        }
      }
      if (!(wire.bareTextDeltas && b.type === 'text')) await send('content_block_stop', { type: 'content_block_stop', index });
    }
    const deltaUsage = wire.usageInDelta ? { ...usage, output_tokens: outputTokens } : { output_tokens: outputTokens };
    await send('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: message.stop_sequence }, usage: deltaUsage });
    if (!wire.noMessageStop) await send('message_stop', { type: 'message_stop' });
    await finish();
  }

  /** Ends a reply part-way: 'end' closes it as if it were whole, 'destroy' (default) breaks the socket. */
  function cutStream(res: http.ServerResponse, mode: 'destroy' | 'end' | 'reset' | undefined, held: Buffer[] = []): void {
    if (mode === 'end') res.end();
    else if (mode === 'reset') {
      // Headers and the half reply in one write, the reset in the same tick: the reset overtakes
      // the bytes, as when a proxy drops the connection, so the client meets a reset after its
      // request where the server had begun a 200.
      res.write(Buffer.concat(held));
      res.socket?.resetAndDestroy();
    } else res.socket?.destroy();
  }

  function countTokens(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>): void {
    if (!checkAuth(req, res)) return;
    const step = take('count_tokens');
    if (step?.kind === 'error') return sendError(req, res, errorOf(step));
    if (step?.kind === 'raw') {
      res.writeHead(step.status, { 'content-type': step.contentType, ...corsHeaders(req), ...(step.headers ?? {}) });
      return void res.end(step.body);
    }
    if (step?.kind === 'count') return sendJson(req, res, 200, { input_tokens: step.inputTokens });
    if (!MODELS.some((m) => m.id === body.model)) return sendError(req, res, { status: 404, type: 'not_found_error', message: `model: ${String(body.model)}` });
    const all = JSON.stringify({ system: body.system, messages: body.messages, tools: body.tools, output_config: body.output_config });
    sendJson(req, res, 200, { input_tokens: approxTokens(all) });
  }

  function models(req: http.IncomingMessage, res: http.ServerResponse, query: URLSearchParams): void {
    if (!checkAuth(req, res)) return;
    const step = take('models');
    if (step?.kind === 'error') return sendError(req, res, errorOf(step));
    const limit = Math.max(1, Math.min(1000, Number(query.get('limit') ?? 20) || 20));
    const after = query.get('after_id');
    const start = after ? MODELS.findIndex((m) => m.id === after) + 1 : 0;
    const page = MODELS.slice(start, start + limit).map((m) => ({ type: 'model', id: m.id, display_name: m.display_name, created_at: '2026-09-28T00:00:00Z' }));
    sendJson(req, res, 200, {
      data: page,
      has_more: start + limit < MODELS.length,
      first_id: page[0]?.id ?? null,
      last_id: page[page.length - 1]?.id ?? null,
    });
  }

  // --- Message Batches (create, retrieve, results as JSONL, cancel, expiry) ----------------------
  // Each request of a batch is answered by this server's own /v1/messages (stream off), so a
  // batch result is exactly what the interactive path would have received, scripts included.

  const batches = new Map<string, FakeBatch>();
  const serverUrl = (): string => {
    const a = server.address();
    return `http://${host}:${typeof a === 'object' && a ? a.port : 0}`;
  };

  function batchObject(b: FakeBatch): Record<string, unknown> {
    const counts = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
    for (const r of b.results) counts[r.result.type]++;
    counts.processing = b.requests.length - b.results.length;
    return {
      id: b.id,
      type: 'message_batch',
      processing_status: b.status,
      request_counts: counts,
      ended_at: b.endedAt,
      created_at: b.createdAt,
      expires_at: b.expiresAt,
      archived_at: null,
      cancel_initiated_at: b.cancelAt,
      results_url: b.status === 'ended' ? `${serverUrl()}/v1/messages/batches/${b.id}/results` : null,
    };
  }

  function createBatch(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>): void {
    const requests = body.requests as { custom_id?: unknown; params?: unknown }[] | undefined;
    const bad = (message: string) => sendError(req, res, { status: 400, type: 'invalid_request_error', message });
    if (!Array.isArray(requests) || requests.length === 0) return bad('requests: at least one request is required');
    if (requests.length > 100_000) return bad('requests: a batch holds at most 100,000 requests');
    if (Buffer.byteLength(JSON.stringify(body)) > 256 * 1024 * 1024) return bad('request too large: a batch is at most 256 MB');
    const seen = new Set<string>();
    for (const [i, r] of requests.entries()) {
      if (typeof r.custom_id !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(r.custom_id)) return bad(`requests.${i}.custom_id: must match ^[a-zA-Z0-9_-]{1,64}$`);
      if (seen.has(r.custom_id)) return bad(`requests.${i}.custom_id: duplicate custom_id ${r.custom_id}`);
      seen.add(r.custom_id);
      if (!r.params || typeof r.params !== 'object') return bad(`requests.${i}.params: Field required`);
      if ((r.params as { stream?: unknown }).stream === true) return bad(`requests.${i}.params.stream: streaming is not supported in batches`);
    }
    const now = Date.now();
    const b: FakeBatch = {
      id: id('msgbatch'),
      requests: requests.map((r) => ({ custom_id: r.custom_id as string, params: r.params as Record<string, unknown> })),
      results: [],
      status: 'in_progress',
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 24 * 3600_000).toISOString(),
      endedAt: null,
      cancelAt: null,
      auth: { 'x-api-key': String(req.headers['x-api-key'] ?? ''), authorization: String(req.headers.authorization ?? '') },
    };
    batches.set(b.id, b);
    sendJson(req, res, 200, batchObject(b));
  }

  async function advanceBatch(b: FakeBatch): Promise<void> {
    if (b.status === 'ended') return;
    const end = (type: 'canceled' | 'expired') => {
      for (const r of b.requests.slice(b.results.length)) b.results.push({ custom_id: r.custom_id, result: { type } });
      b.status = 'ended';
      b.endedAt = new Date().toISOString();
    };
    if (b.status === 'canceling') return end('canceled');
    if (behaviour.batchExpire) return end('expired');
    const n = Math.min(behaviour.batchPerPoll ?? Infinity, b.requests.length - b.results.length);
    for (let k = 0; k < n; k++) {
      const r = b.requests[b.results.length]!;
      const reply = await fetch(`${serverUrl()}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', [BATCH_INTERNAL]: '1', ...(b.auth['x-api-key'] ? { 'x-api-key': b.auth['x-api-key'] } : {}), ...(b.auth.authorization ? { authorization: b.auth.authorization } : {}) },
        body: JSON.stringify({ ...r.params, stream: false }),
      });
      const json = (await reply.json().catch(() => ({ type: 'error', error: { type: 'api_error', message: 'unreadable reply' } }))) as Record<string, unknown>;
      b.results.push(reply.ok ? { custom_id: r.custom_id, result: { type: 'succeeded', message: json } } : { custom_id: r.custom_id, result: { type: 'errored', error: json } });
    }
    if (b.results.length === b.requests.length) {
      b.status = 'ended';
      b.endedAt = new Date().toISOString();
    }
  }

  async function batchRoute(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: Record<string, unknown>): Promise<void> {
    if (!req.headers['anthropic-version']) return sendError(req, res, { status: 400, type: 'invalid_request_error', message: 'anthropic-version: header is required' });
    if (!checkAuth(req, res)) return;
    if (req.method === 'POST' && path === '/v1/messages/batches') return createBatch(req, res, body);
    const m = /^\/v1\/messages\/batches\/([^/]+)(\/results|\/cancel)?$/.exec(path);
    const b = m ? batches.get(m[1]!) : undefined;
    if (!m || !b) return sendError(req, res, { status: 404, type: 'not_found_error', message: `Not found: ${path}` });
    if (req.method === 'GET' && !m[2]) {
      await advanceBatch(b);
      return sendJson(req, res, 200, batchObject(b));
    }
    if (req.method === 'POST' && m[2] === '/cancel') {
      if (b.status === 'in_progress') {
        b.status = 'canceling';
        b.cancelAt = new Date().toISOString();
      }
      return sendJson(req, res, 200, batchObject(b));
    }
    if (req.method === 'GET' && m[2] === '/results') {
      if (b.status !== 'ended') return sendError(req, res, { status: 400, type: 'invalid_request_error', message: `Batch ${b.id} is still ${b.status}; results are available once it has ended.` });
      // Results come in any order in the real API: reversed here, so clients must match by custom_id.
      const lines = [...b.results].reverse().map((r) => JSON.stringify(r)).join('\n') + '\n';
      res.writeHead(200, { 'content-type': 'application/binary', ...corsHeaders(req) });
      return void res.end(lines);
    }
    return sendError(req, res, { status: 405, type: 'invalid_request_error', message: `${req.method} not allowed on ${path}` });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      if (rawBody) {
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = null;
        }
      }
      const path = url.pathname;
      const control = path.startsWith('/__');
      // A batch's own requests, replayed through /v1/messages, are not client traffic.
      if (!control && req.headers[BATCH_INTERNAL] === undefined) {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
        recorded.push({ method: req.method ?? 'GET', path, query: Object.fromEntries(url.searchParams), headers, rawBody, body });
      }
      const route = async () => {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            ...corsHeaders(req),
            'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
            'access-control-allow-headers': (req.headers['access-control-request-headers'] as string | undefined) ?? '*',
            'access-control-max-age': '600',
          });
          return res.end();
        }
        if (path === '/__script' && req.method === 'POST') {
          const add = (body as { steps?: Step[] } | null)?.steps ?? [];
          steps.push(...add);
          return sendJson(req, res, 200, { queued: steps.length });
        }
        if (path === '/__reset' && req.method === 'POST') {
          steps = [];
          behaviour = {};
          recorded = [];
          cache.clear();
          pausedRest.clear();
          batches.clear();
          return sendJson(req, res, 200, { ok: true });
        }
        if (path === '/__behave' && req.method === 'POST') {
          behaviour = { ...((body as Behaviour | null) ?? {}) };
          return sendJson(req, res, 200, behaviour);
        }
        if (path === '/__requests') return sendJson(req, res, 200, recorded);
        if (path === '/__health') return sendJson(req, res, 200, { ok: true });
        const jsonBody = (body ?? {}) as Record<string, unknown>;
        if (req.method === 'POST' && path === '/v1/messages') {
          if (body === null) return sendError(req, res, { status: 400, type: 'invalid_request_error', message: 'The request body is not valid JSON.' });
          return messages(req, res, jsonBody);
        }
        if (req.method === 'POST' && path === '/v1/messages/count_tokens') return countTokens(req, res, jsonBody);
        if (path.startsWith('/v1/messages/batches')) return batchRoute(req, res, path, jsonBody);
        if (req.method === 'GET' && path === '/v1/models') return models(req, res, url.searchParams);
        return sendError(req, res, { status: 404, type: 'not_found_error', message: `Not found: ${req.method} ${path}` });
      };
      route().catch((err: unknown) => {
        if (!res.headersSent) sendError(req, res, { status: 500, type: 'api_error', message: String(err) });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    url: `http://${host}:${port}`,
    port,
    script: (...s) => steps.push(...s),
    behave: (b) => {
      behaviour = { ...b };
    },
    requests: () => recorded,
    calls: (p) => recorded.filter((r) => r.path === p && r.method !== 'OPTIONS'),
    reset: () => {
      steps = [];
      behaviour = {};
      recorded = [];
      cache.clear();
      pausedRest.clear();
      batches.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

if (isMain(import.meta.url)) runStandalone('fake-anthropic', 4402, startFakeAnthropic);
