// Limits, defaults and storage keys of the model audit, in one place (the providers, their defaults and prices: providers.ts).

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
