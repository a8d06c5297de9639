// Workbench settings: validated on the way in from storage, defaults filled.
import { z } from '../../core/zod';
import type { RequiredStyle } from '../../core/types';
import { CITATION_SCOPES } from '../../core/claims/scope';

export { CITATION_SCOPES };

export const REQUIRED_STYLES = [
  'auto',
  'latex_cite',
  'bracket_number',
  'bracket_id',
  'footnote',
  'fullwidth',
  'longcite',
] as const satisfies readonly RequiredStyle[];

export const SettingsSchema = z.object({
  requiredStyle: z.enum(REQUIRED_STYLES).catch('auto'),
  language: z.enum(['auto', 'en', 'cs']).catch('auto'),
  uiLanguage: z.enum(['en', 'cs']).catch('en'),
  citationScope: z.enum(CITATION_SCOPES).catch('sentence'),
});
export type Settings = z.output<typeof SettingsSchema>;

export function defaultSettings(preferredUiLanguage?: string): Settings {
  return {
    requiredStyle: 'auto',
    language: 'auto',
    citationScope: 'sentence',
    uiLanguage: preferredUiLanguage?.toLowerCase().startsWith('cs') ? 'cs' : 'en',
  };
}

/** Settings from stored JSON; anything unreadable falls back to the defaults field by field. */
export function restoreSettings(raw: string | null, fallback: Settings): Settings {
  if (!raw) return fallback;
  try {
    const parsed = SettingsSchema.safeParse({ ...fallback, ...(JSON.parse(raw) as object) });
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}
