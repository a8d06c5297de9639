// The exemption rules by name, in each language: one wording for the claim list (ui/i18n.ts) and
// the findings the core writes (en.ts, cs.ts). The rule id stays in the report JSON.
import type { ExemptionRule, Language } from '../../types';

export const RULE_NAMES: Readonly<Record<Language, Readonly<Record<ExemptionRule, string>>>> = {
  en: {
    heading: 'a heading',
    question: 'a question',
    meta: 'about the answer itself',
    meta_intro: 'an introduction',
    lead_in: 'a lead-in to what follows',
    lead_in_unsure: 'probably only a lead-in',
    advice: 'advice to the reader',
    no_information: 'the sources do not say',
    longcite_empty_cite: 'marked as needing no citation',
    no_content: 'no words to support',
  },
  cs: {
    heading: 'nadpis',
    question: 'otázka',
    meta: 'věta o odpovědi samotné',
    meta_intro: 'úvod',
    lead_in: 'uvozuje to, co následuje',
    lead_in_unsure: 'nejspíš jen uvozovací věta',
    advice: 'rada čtenáři',
    no_information: 'zdroje to neuvádějí',
    longcite_empty_cite: 'označeno jako bez potřeby citace',
    no_content: 'žádná slova k doložení',
  },
};

/** A rule's name; undefined for a rule this build does not know (a newer report). */
export function ruleName(lang: Language, rule: string): string | undefined {
  const names: Readonly<Record<string, string>> = RULE_NAMES[lang];
  return Object.hasOwn(names, rule) ? names[rule] : undefined;
}
