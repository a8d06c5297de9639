// Plural forms by the language's own rules (Intl.PluralRules): English one/other, Czech
// one/few/many/other. Every count in a sentence goes through here, so no "claim(s)" and no
// hand-written "n === 1 ? … : n < 5 ? …" anywhere.
import type { Language } from '../types';

/** The forms of one phrase; `#` stands for the number. `other` is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const RULES: Record<Language, Intl.PluralRules> = { en: new Intl.PluralRules('en'), cs: new Intl.PluralRules('cs') };

/** `forms` for `n` in `lang`, with `#` replaced by `n`. */
export function plural(lang: Language, n: number, forms: PluralForms): string {
  const form = forms[(RULES[lang] ?? RULES.en).select(n)] ?? forms.other;
  return form.includes('#') ? form.replaceAll('#', String(n)) : form;
}
