// The model settings that persist (base URL, model, strict mode, the opt-in itself) and the key,
// which persists only after the explicit "Remember on this device" opt-in. Everything read back
// goes through zod, like every other input.
import { z } from '../core/zod';
import type { KeyValueStore } from '../platform/storage';
import { MODEL_API_KEY_KEY, MODEL_SETTINGS_KEY, REQUEST_TIMEOUT_MS } from './constants';
import { repeatRuleSchema, repeatSchema } from './repeat';
import { DEFAULT_PROVIDER, PROVIDER_NAMES, PROVIDERS, providerSpec, type Provider } from './providers';

type Specs = typeof PROVIDERS;
/** Each provider's Base URL and model, in the fields its row names (providers.ts). */
type ServerFields = { [P in Provider as Specs[P]['settings']['baseURL'] | Specs[P]['settings']['model']]: z.ZodDefault<z.ZodString> };

/**
 * Every provider's Base URL and model, kept apart so that switching provider back and forth
 * loses neither; an empty saved field reads as saved, a missing one as the provider's default.
 */
const serverFields = Object.fromEntries(
  PROVIDER_NAMES.flatMap((p) => {
    const spec = PROVIDERS[p];
    return [
      [spec.settings.baseURL, z.string().default(spec.defaultBaseURL)],
      [spec.settings.model, z.string().default(spec.defaultModel)],
    ];
  }),
) as ServerFields;

// Fields added later have defaults, so settings saved before them still read (no new version).
export const ModelSettingsSchema = z.object({
  version: z.literal(1).default(1),
  provider: z.enum(PROVIDER_NAMES).catch(DEFAULT_PROVIDER).default(DEFAULT_PROVIDER),
  ...serverFields,
  strict: z.boolean().default(false),
  /** "Judge each claim K times" (repeat.ts); out of range reads as one judgement. */
  repeat: repeatSchema.catch(1).default(1),
  repeatRule: repeatRuleSchema.catch('stricter').default('stricter'),
  /** The deadline of each request, in seconds (model/guard.ts); out of range reads as the default. */
  timeoutSeconds: z.number().int().min(10).max(3600).catch(REQUEST_TIMEOUT_MS / 1000).default(REQUEST_TIMEOUT_MS / 1000),
  rememberKey: z.boolean().default(false),
});
export type ModelSettings = z.output<typeof ModelSettingsSchema>;

/** The settings as a run uses them: `baseURL` and `model` are the chosen provider's. */
export function activeSettings(s: ModelSettings): ModelSettings {
  const fields = providerSpec(s.provider).settings;
  return { ...s, baseURL: s[fields.baseURL as keyof ModelSettings] as string, model: s[fields.model as keyof ModelSettings] as string };
}

/** The settings with the chosen provider's Base URL or model changed (empty: its default). */
export function withServer(s: ModelSettings, patch: { baseURL?: string; model?: string }): Partial<ModelSettings> {
  const spec = providerSpec(s.provider);
  return {
    ...(patch.baseURL !== undefined ? { [spec.settings.baseURL]: patch.baseURL.trim() || spec.defaultBaseURL } : {}),
    ...(patch.model !== undefined ? { [spec.settings.model]: patch.model.trim() || spec.defaultModel } : {}),
  };
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
  // The schema's fields only, in its order: nothing else the object carries is written.
  const fields = Object.keys(ModelSettingsSchema.shape) as (keyof ModelSettings)[];
  store.set(MODEL_SETTINGS_KEY, JSON.stringify(Object.fromEntries(fields.map((f) => [f, s[f]]))));
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
