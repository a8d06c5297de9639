// Plural forms by the language's own rules (Intl.PluralRules): English one/other, Czech
// one/few/many/other. Every count in a sentence goes through here, so no "claim(s)" and no
// hand-written "n === 1 ? … : n < 5 ? …" anywhere.
import type { Language } from '../types';

/** The forms of one phrase; `#` stands for the number. `other` is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const LOCALE: Record<Language, string> = { en: 'en', cs: 'cs' };
const rules = new Map<Language, Intl.PluralRules>();
// The category of small whole numbers, per language: asking Intl.PluralRules costs a call into
// ICU, and reports count the same few numbers over and over.
const SMALL = 1000;
const smallForms = new Map<Language, (Intl.LDMLPluralRule | undefined)[]>();

function category(lang: Language, n: number): Intl.LDMLPluralRule {
  const small = Number.isInteger(n) && n >= 0 && n < SMALL;
  let cached = smallForms.get(lang);
  if (small && cached?.[n] !== undefined) return cached[n]!;
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(LOCALE[lang] ?? 'en');
    rules.set(lang, r);
  }
  const form = r.select(n);
  if (small) {
    if (!cached) smallForms.set(lang, (cached = []));
    cached[n] = form;
  }
  return form;
}

/** `forms` for `n` in `lang`, with `#` replaced by `n`. */
export function plural(lang: Language, n: number, forms: PluralForms): string {
  const form = forms[category(lang, n)] ?? forms.other;
  return form.includes('#') ? form.replaceAll('#', String(n)) : form;
}
