// Limits, defaults, prices and storage keys of the model audit, in one place.

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Who answers: Anthropic's Messages API (the default) or a server speaking OpenAI's Chat Completions. */
export type Provider = 'anthropic' | 'openai';
export const PROVIDERS: readonly Provider[] = ['anthropic', 'openai'];

/** OpenAI's API root; other OpenAI-compatible servers are given by their own (docs/model.md). */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** The model asked for on an OpenAI-compatible server when none is named. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * Used when the Models API cannot be listed (no key yet, a proxy without /v1/models, an error).
 * Claude Sonnet 5.5 is the current Sonnet: the balance of judgement quality, speed and price that a
 * per-claim support check needs.
 */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/** Shown in the picker before the Models API has answered. */
export const FALLBACK_MODELS: readonly { id: string; display_name: string }[] = [
  { id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5' },
  { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5' },
  { id: 'claude-haiku-5-5', display_name: 'Claude Haiku 5.5' },
  { id: 'claude-fable-5-1', display_name: 'Claude Fable 5.1' },
];

/**
 * Claims judged in one request. Past this the audit is split and the shared block (query,
 * answer, chunks) is prompt-cached. Why 40: a judged claim costs about 90–150 output tokens per
 * cited chunk (phrase, basis, missing/extra, verdict), so 40 claims with two citations each stay
 * near 12k output tokens — inside MAX_OUTPUT_TOKENS with room for adaptive thinking — and a
 * single streamed reply still finishes in about a minute. Real RAG answers rarely have more than
 * 20 claims, so nearly every audit is one request.
 */
export const MAX_CLAIMS_PER_REQUEST = 40;
/** The same budget counted in (claim, chunk) pairs, for answers that cite many chunks per claim. */
export const MAX_PAIRS_PER_REQUEST = 80;
/** An uncited sentence to classify costs about a quarter of a judged claim. */
export const UNCITED_WEIGHT = 0.25;

/** Output budget of a streamed request (thinking included). Billing counts only what is produced. */
export const MAX_OUTPUT_TOKENS = 32_000;
/** Non-streamed requests must stay under the SDK's ten-minute estimate (60·60·n/128000 s ≤ 600 s). */
export const MAX_OUTPUT_TOKENS_NON_STREAMING = 16_000;
/**
 * A reply stream silent for this long (no event, no ping) is treated as cut. The API streams
 * thinking and text as they are produced and pings in between, so minutes of silence mean a
 * dead connection or a stuck proxy, not a model thinking.
 */
export const STREAM_IDLE_MS = 5 * 60_000;
/**
 * The deadline of one request, from sending it to the reply's last byte (model/guard.ts). A
 * streamed request of MAX_CLAIMS_PER_REQUEST claims finishes in about a minute; ten minutes leave
 * room for a slow local server and are what the SDK itself allows. Keep-alive comments do not
 * extend it: past it the request is cut, and what was judged stays.
 */
export const REQUEST_TIMEOUT_MS = 10 * 60_000;
/** Tool round trips (get_chunk_content) allowed in one request before we stop the loop. */
export const MAX_TOOL_ROUNDS = 8;

/** Characters of an uncited chunk shown as its preview. */
export const PREVIEW_CHARS = 280;

/** The Messages API refuses bodies above 32 MB; we check before sending. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** Our own retry policy (the SDK's is turned off so a spend-limit 429 is never retried). */
export const MAX_RETRIES = 2;
/** A server asking us to wait longer than this gets a message (when to try again) instead of a wait. */
export const MAX_RETRY_WAIT_MS = 120_000;
export const BACKOFF_BASE_MS = 1_000;

/** Message Batches requests cost this share of the interactive price (cache reads and writes included). */
export const BATCH_PRICE_FACTOR = 0.5;

/** Rough output-token cost used only for the estimate before a run (documented in the UI). */
export const EST_OUTPUT_TOKENS_PER_PAIR = 110;
export const EST_OUTPUT_TOKENS_PER_UNCITED = 30;
export const EST_OUTPUT_TOKENS_FIXED = 250;

/** localStorage keys. The key is written only after the explicit "Remember on this device" opt-in. */
export const MODEL_SETTINGS_KEY = 'citation-auditor:model-settings';
export const MODEL_API_KEY_KEY = 'citation-auditor:model-api-key';

// ---------------------------------------------------------------------------------------------
// Prices in USD per million tokens. Cache writes are the 5-minute TTL rate.

export interface PriceTier {
  /** Applies to prompts of at most this many input tokens (the last tier has none). */
  upToPromptTokens?: number;
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

const flat = (input: number, output: number): PriceTier[] => [
  { input, output, cacheWrite: input * 1.25, cacheRead: input * 0.1 },
];

/** Published list prices (platform.claude.com model pages, checked for this release). */
export const PRICES: Record<string, PriceTier[]> = {
  'claude-fable-5-1': flat(10, 50),
  'claude-fable-5': flat(10, 50),
  'claude-opus-5-5': flat(4, 20),
  'claude-opus-5': flat(5, 25),
  'claude-sonnet-5-5': flat(2, 10),
  'claude-sonnet-5': flat(2, 10),
  'claude-haiku-5-5': [
    { upToPromptTokens: 100_000, input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 },
    { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 },
  ],
  'claude-sonnet-4-6': flat(3, 15),
  'claude-sonnet-4-5': flat(3, 15),
  'claude-opus-4-5': flat(5, 25),
  'claude-haiku-4-5': flat(1, 5),
};
