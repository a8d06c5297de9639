// The judge's providers, one row each: which wire its requests go over, its defaults, prices, key
// rules, where its settings are kept, whether it takes Message Batches, and the few facts its
// words name (who issues its keys, what a key looks like). Everything that differs between
// providers is read from here (docs/model.md, "Adding a provider"); the wires themselves are
// model/wires.ts, and the words are the wire's (the UI's and the error catalogue's), filled in
// with these facts. Data and small pure functions only: the page's shell loads this file.
import type { ProviderFacts } from '../core/report/catalogue/modelErrors';

export type { ProviderFacts };

/** How requests are sent: Anthropic's Messages API (messages.ts) or OpenAI's Chat Completions (openai.ts). */
export type WireName = ProviderFacts['wire'];

/** USD per million tokens. Cache writes are the 5-minute TTL rate. */
export interface PriceTier {
  /** Applies to prompts of at most this many input tokens (the last tier has none). */
  upToPromptTokens?: number;
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

export interface ModelChoice {
  id: string;
  display_name: string;
}

export interface ProviderSpec {
  readonly wire: WireName;
  /**
   * Its name for people where it has one of its own, the same in every language (a proper
   * noun); without it the wire's words name it (the chat wire's "OpenAI-compatible server").
   */
  readonly label?: string;
  /** Whose API it is: the key field, its hints and the errors' advice name it ("Anthropic", "OpenAI"). */
  readonly vendor: string;
  /** The model asked for when none is named. */
  readonly defaultModel: string;
  /** The API root used when the Base URL is left empty. */
  readonly defaultBaseURL: string;
  /** The model picker's list before the server has listed its own (empty: any name is typed). */
  readonly builtInModels: readonly ModelChoice[];
  /** List prices by model id (a model missing here has no known price). */
  readonly prices: Readonly<Record<string, PriceTier[]>>;
  readonly key: {
    /**
     * Where a run needs a key: 'everywhere', or only at these API hosts (a local server
     * speaking the same wire takes none). An empty key is refused before sending only when
     * it is needed everywhere; elsewhere the server says so.
     */
    readonly requiredAt: 'everywhere' | readonly string[];
    /** The environment variable the CLI and the library's users keep it in. */
    readonly envVar: string;
    /** What a key looks like, for the key field's placeholder. */
    readonly example: string;
  };
  /** The environment variable the CLI reads the Base URL from. */
  readonly baseURLEnvVar: string;
  /** The fields of the saved settings that keep this provider's Base URL and model (names fixed by settings already saved). */
  readonly settings: { readonly baseURL: string; readonly model: string };
  /** Message Batches at half the price (Anthropic's only). */
  readonly batch: boolean;
}

const flat = (input: number, output: number): PriceTier[] => [{ input, output, cacheWrite: input * 1.25, cacheRead: input * 0.1 }];

/**
 * The providers, the default first. Claude Sonnet 5.5 is Anthropic's default: the balance of
 * judgement quality, speed and price that a per-claim support check needs. Prices are the
 * published list prices (platform.claude.com model pages, checked for this release).
 */
export const PROVIDERS = {
  anthropic: {
    wire: 'messages',
    label: 'Anthropic (Claude)',
    vendor: 'Anthropic',
    defaultModel: 'claude-sonnet-5-5',
    defaultBaseURL: 'https://api.anthropic.com',
    builtInModels: [
      { id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5' },
      { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5' },
      { id: 'claude-haiku-5-5', display_name: 'Claude Haiku 5.5' },
      { id: 'claude-fable-5-1', display_name: 'Claude Fable 5.1' },
    ],
    prices: {
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
    },
    key: { requiredAt: 'everywhere', envVar: 'ANTHROPIC_API_KEY', example: 'sk-ant-…' },
    baseURLEnvVar: 'ANTHROPIC_BASE_URL',
    settings: { baseURL: 'baseURL', model: 'model' },
    batch: true,
  },
  // Any server speaking OpenAI's Chat Completions: OpenAI, Ollama, LM Studio, vLLM, llama.cpp
  // (docs/model.md). Only OpenAI's own API needs a key; prices are not known for any of them.
  openai: {
    wire: 'chat',
    vendor: 'OpenAI',
    defaultModel: 'gpt-4.1-mini',
    defaultBaseURL: 'https://api.openai.com/v1',
    builtInModels: [],
    prices: {},
    key: { requiredAt: ['api.openai.com'], envVar: 'OPENAI_API_KEY', example: 'sk-…' },
    baseURLEnvVar: 'OPENAI_BASE_URL',
    settings: { baseURL: 'openaiBaseURL', model: 'openaiModel' },
    batch: false,
  },
} as const satisfies Record<string, ProviderSpec>;

export type Provider = keyof typeof PROVIDERS;

/** The providers' names, the default first. */
export const PROVIDER_NAMES = Object.keys(PROVIDERS) as [Provider, ...Provider[]];

/** The provider used when none is named. */
export const DEFAULT_PROVIDER: Provider = PROVIDER_NAMES[0];

/** The row of a provider; none named is the default. */
export const providerSpec = (provider: Provider | undefined): ProviderSpec => PROVIDERS[provider ?? DEFAULT_PROVIDER];

/** A name read from outside (saved settings, an error's facts, a form): one of the table's, or none. */
export const knownProvider = (name: string | undefined): Provider | undefined => PROVIDER_NAMES.find((p) => p === name);

/**
 * What the words of a provider name (the UI's, the errors', the CLI's help), from its row: its
 * wire picks the wording, these fill it in. An unknown name is the default provider.
 */
export function providerFacts(name: string | undefined): ProviderFacts {
  const provider = knownProvider(name) ?? DEFAULT_PROVIDER;
  const spec: ProviderSpec = PROVIDERS[provider];
  return {
    name: provider,
    wire: spec.wire,
    ...(spec.label !== undefined ? { label: spec.label } : {}),
    vendor: spec.vendor,
    keyVar: spec.key.envVar,
    baseURLVar: spec.baseURLEnvVar,
    defaultBaseURL: spec.defaultBaseURL,
    keyExample: spec.key.example,
    keyOptional: spec.key.requiredAt !== 'everywhere',
  };
}

/** "https://x.example/" → "https://x.example"; empty → the provider's own API. */
export function normaliseBaseURL(baseURL: string | undefined, spec: ProviderSpec): string {
  const trimmed = (baseURL ?? '').trim().replace(/\/+$/, '');
  return trimmed === '' ? spec.defaultBaseURL : trimmed;
}

/**
 * Whether the address carries a user name or password (https://user:secret@host/v1). Node's fetch
 * refuses such an address, and a failed request's message quoted it whole, secret included.
 */
export function hasCredentials(baseURL: string): boolean {
  try {
    const u = new URL(baseURL.trim());
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/**
 * Whether a run needs a key: everywhere on Anthropic's API, and on OpenAI's own; an
 * OpenAI-compatible server elsewhere (Ollama, LM Studio, vLLM, llama.cpp on this machine)
 * usually takes none.
 */
export function keyRequired(spec: ProviderSpec, baseURL: string | undefined): boolean {
  const at = spec.key.requiredAt;
  if (at === 'everywhere') return true;
  try {
    return at.includes(new URL(normaliseBaseURL(baseURL, spec)).hostname);
  } catch {
    return false;
  }
}

/** A connection's key is missing: none given, and its provider needs one at its Base URL. The one key check of every run. */
export function keyMissing(conn: { apiKey: string; provider?: Provider | undefined; baseURL?: string | undefined }): boolean {
  return !conn.apiKey.trim() && keyRequired(providerSpec(conn.provider), conn.baseURL);
}
