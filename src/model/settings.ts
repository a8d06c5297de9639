// The model settings that persist (base URL, model, strict mode, the opt-in itself) and the key,
// which persists only after the explicit "Remember on this device" opt-in. Everything read back
// goes through zod, like every other input.
import { z } from '../core/zod';
import type { KeyValueStore } from '../platform/storage';
import { DEFAULT_BASE_URL, DEFAULT_MODEL, DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL, MODEL_API_KEY_KEY, MODEL_SETTINGS_KEY, PROVIDERS, REQUEST_TIMEOUT_MS, type Provider } from './constants';

// Fields added later have defaults, so settings saved before them still read (no new version).
export const ModelSettingsSchema = z.object({
  version: z.literal(1).default(1),
  provider: z.enum(PROVIDERS).catch('anthropic').default('anthropic'),
  /** Anthropic's base URL and model. */
  baseURL: z.string().default(DEFAULT_BASE_URL),
  model: z.string().default(DEFAULT_MODEL),
  /** The OpenAI-compatible server's, kept apart so that switching provider back and forth loses neither. */
  openaiBaseURL: z.string().default(DEFAULT_OPENAI_BASE_URL),
  openaiModel: z.string().default(DEFAULT_OPENAI_MODEL),
  strict: z.boolean().default(false),
  /** The deadline of each request, in seconds (model/guard.ts); out of range reads as the default. */
  timeoutSeconds: z.number().int().min(10).max(3600).catch(REQUEST_TIMEOUT_MS / 1000).default(REQUEST_TIMEOUT_MS / 1000),
  rememberKey: z.boolean().default(false),
});
export type ModelSettings = z.output<typeof ModelSettingsSchema>;

/** The settings as a run uses them: `baseURL` and `model` are the chosen provider's. */
export function activeSettings(s: ModelSettings): ModelSettings {
  return s.provider === 'openai' ? { ...s, baseURL: s.openaiBaseURL, model: s.openaiModel } : s;
}

/**
 * Whether a run needs a key: always on Anthropic's API and on OpenAI's own; an OpenAI-compatible
 * server elsewhere (Ollama, LM Studio, vLLM, llama.cpp on this machine) usually takes none.
 */
export function keyRequired(provider: Provider, baseURL: string | undefined): boolean {
  if (provider !== 'openai') return true;
  try {
    return new URL(normaliseBaseURL(baseURL, 'openai')).hostname === new URL(DEFAULT_OPENAI_BASE_URL).hostname;
  } catch {
    return false;
  }
}

/** "https://x.example/" → "https://x.example"; empty → the provider's own API. */
export function normaliseBaseURL(baseURL: string | undefined, provider: Provider = 'anthropic'): string {
  const trimmed = (baseURL ?? '').trim().replace(/\/+$/, '');
  return trimmed === '' ? (provider === 'openai' ? DEFAULT_OPENAI_BASE_URL : DEFAULT_BASE_URL) : trimmed;
}

export const DEFAULT_MODEL_SETTINGS: ModelSettings = ModelSettingsSchema.parse({});

export function loadModelSettings(store: KeyValueStore): ModelSettings {
  const raw = store.get(MODEL_SETTINGS_KEY);
  if (!raw) return { ...DEFAULT_MODEL_SETTINGS };
  try {
    const parsed = ModelSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : { ...DEFAULT_MODEL_SETTINGS };
  } catch {
    return { ...DEFAULT_MODEL_SETTINGS };
  }
}

/** Writes the settings. They never hold the key: it has its own entry, written only on opt-in. */
export function saveModelSettings(store: KeyValueStore, s: ModelSettings): void {
  const { version, provider, baseURL, model, openaiBaseURL, openaiModel, strict, timeoutSeconds, rememberKey } = s;
  store.set(MODEL_SETTINGS_KEY, JSON.stringify({ version, provider, baseURL, model, openaiBaseURL, openaiModel, strict, timeoutSeconds, rememberKey }));
}

export function loadRememberedKey(store: KeyValueStore): string | null {
  const k = store.get(MODEL_API_KEY_KEY);
  return k && k.trim() ? k : null;
}

export function storeRememberedKey(store: KeyValueStore, key: string): boolean {
  return store.set(MODEL_API_KEY_KEY, key);
}

export function eraseRememberedKey(store: KeyValueStore): void {
  store.remove(MODEL_API_KEY_KEY);
}
