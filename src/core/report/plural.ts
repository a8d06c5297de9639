// Plural forms by the language's own rules (Intl.PluralRules): English one/other, Czech
// one/few/many/other. Every count in a sentence goes through here, so no "claim(s)" and no
// hand-written "n === 1 ? … : n < 5 ? …" anywhere.
import type { Language } from '../types';

/** The forms of one phrase; `#` stands for the number. `other` is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

// Each language's rules, and the category they gave each whole count below SMALL. A call into
// ICU costs microseconds when it comes once per audit among other work (cold), about 1 % of a
// short case's audit; every report counts its claims, and the counts are small.
const SMALL = 1000;
interface Rules {
  rules: Intl.PluralRules;
  small: Intl.LDMLPluralRule[];
}
const RULES: Record<Language, Rules> = {
  en: { rules: new Intl.PluralRules('en'), small: [] },
  cs: { rules: new Intl.PluralRules('cs'), small: [] },
};

function category(lang: Language, n: number): Intl.LDMLPluralRule {
  const r = RULES[lang] ?? RULES.en;
  if (!(Number.isInteger(n) && n >= 0 && n < SMALL)) return r.rules.select(n);
  return (r.small[n] ??= r.rules.select(n));
}

/** `forms` for `n` in `lang`, with `#` replaced by `n`. */
export function plural(lang: Language, n: number, forms: PluralForms): string {
  const form = forms[category(lang, n)] ?? forms.other;
  return form.includes('#') ? form.replaceAll('#', String(n)) : form;
}
