// The model settings that persist (base URL, model, strict mode, the opt-in itself) and the key,
// which persists only after the explicit "Remember on this device" opt-in. Everything read back
// goes through zod, like every other input.
import { z } from '../core/zod';
import type { KeyValueStore } from '../platform/storage';
import { DEFAULT_BASE_URL, DEFAULT_MODEL, DEFAULT_OPENAI_BASE_URL, MODEL_API_KEY_KEY, MODEL_SETTINGS_KEY, type Provider } from './constants';

export const ModelSettingsSchema = z.object({
  version: z.literal(1).default(1),
  baseURL: z.string().default(DEFAULT_BASE_URL),
  model: z.string().default(DEFAULT_MODEL),
  strict: z.boolean().default(false),
  rememberKey: z.boolean().default(false),
});
export type ModelSettings = z.output<typeof ModelSettingsSchema>;

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
  const { version, baseURL, model, strict, rememberKey } = s;
  store.set(MODEL_SETTINGS_KEY, JSON.stringify({ version, baseURL, model, strict, rememberKey }));
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
