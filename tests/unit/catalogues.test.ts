// Every word the app writes comes from a catalogue with an English and a Czech table: the UI's
// (shell and workbench, history and share, model run, annotate and dataset, view switch) and the
// core's (findings, summary, recommendations, mapping; why a model run failed). Each English key
// has its Czech one, of the same kind (a function taking as many parameters, or a nested table
// with the same keys).
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/ui/i18n';
import { HISTORY_STRINGS } from '../../src/ui/history/strings';
import { MODEL_STRINGS } from '../../src/ui/model/strings';
import { ANNOTATE_STRINGS } from '../../src/ui/annotate/strings';
import { VIEW_NAMES } from '../../src/ui/annotate/viewStrings';
import { FIX_STRINGS } from '../../src/ui/editors/fixStrings';
import { en as coreEn } from '../../src/core/report/catalogue/en';
import { cs as coreCs } from '../../src/core/report/catalogue/cs';
import { MODEL_ERROR_WORDS } from '../../src/core/report/catalogue/modelErrors';
import { EXEMPTION_RULES } from '../../src/core/types';
import { readFileSync } from 'node:fs';

const CATALOGUES: Record<string, { en: unknown; cs: unknown }> = {
  'ui/i18n.ts': MESSAGES,
  'ui/history/strings.ts': HISTORY_STRINGS,
  'ui/model/strings.ts': MODEL_STRINGS,
  'ui/annotate/strings.ts': ANNOTATE_STRINGS,
  'ui/annotate/viewStrings.ts': VIEW_NAMES,
  'ui/editors/fixStrings.ts': FIX_STRINGS,
  'core/report/catalogue': { en: coreEn, cs: coreCs },
  'core/report/catalogue/modelErrors.ts': MODEL_ERROR_WORDS,
};

/** Differences between two tables: keys missing on either side, and entries of different kinds. */
function differences(en: unknown, cs: unknown, at: string): string[] {
  if (typeof en === 'function' || typeof cs === 'function') {
    if (typeof en !== 'function' || typeof cs !== 'function') return [`${at}: a function in one language only`];
    return en.length === cs.length ? [] : [`${at}: ${en.length} parameters in English, ${cs.length} in Czech`];
  }
  if (typeof en === 'string' || typeof cs === 'string') {
    if (typeof en !== 'string' || typeof cs !== 'string') return [`${at}: a string in one language only`];
    return en.trim() === '' || cs.trim() === '' ? [`${at}: empty`] : [];
  }
  if (en && cs && typeof en === 'object' && typeof cs === 'object') {
    const out: string[] = [];
    const a = en as Record<string, unknown>;
    const b = cs as Record<string, unknown>;
    for (const k of Object.keys(a)) {
      if (!Object.hasOwn(b, k)) out.push(`${at}.${k}: no Czech`);
      else out.push(...differences(a[k], b[k], `${at}.${k}`));
    }
    for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) out.push(`${at}.${k}: no English`);
    return out;
  }
  return typeof en === typeof cs ? [] : [`${at}: ${typeof en} in English, ${typeof cs} in Czech`];
}

describe('catalogues', () => {
  for (const [name, c] of Object.entries(CATALOGUES)) {
    it(`${name}: every English key has its Czech one, of the same kind`, () => {
      expect(differences(c.en, c.cs, name)).toEqual([]);
    });
  }

  it('finds a missing key, an extra key and a different number of parameters', () => {
    // The check itself must be able to fail.
    expect(differences({ a: 'x', b: { c: 'y' } }, { a: 'x', b: {} }, 't')).toEqual(['t.b.c: no Czech']);
    expect(differences({ a: 'x' }, { a: 'x', z: 'y' }, 't')).toEqual(['t.z: no English']);
    expect(differences({ f: (n: number) => `${n}` }, { f: (n: number, m: number) => `${n}${m}` }, 't')).toEqual(['t.f: 1 parameters in English, 2 in Czech']);
    expect(differences({ s: 'x' }, { s: '' }, 't')).toEqual(['t.s: empty']);
  });

  it('writes counts with the plural forms of each language', () => {
    expect(MESSAGES.en.chunkCount(1)).toBe('1 chunk');
    expect(MESSAGES.en.chunkCount(3)).toBe('3 chunks');
    expect([1, 3, 5, 22, 25].map((n) => MESSAGES.cs.chunkCount(n))).toEqual(['1 úryvek', '3 úryvky', '5 úryvků', '22 úryvků', '25 úryvků']);
    expect(ANNOTATE_STRINGS.cs.runModel(4)).toBe('Spustit audit modelem (4 případy)');
    expect(ANNOTATE_STRINGS.en.runModel(1)).toBe('Run model audit (1 case)');
    expect(MODEL_STRINGS.en.kept(1)).toBe('1 claim judged before this stays in the report.');
  });

  it('words every exemption rule of the core in both languages, never showing its id', () => {
    // The rules claims.ts applies are all in the list (a rule added there without words fails here).
    const source = readFileSync('src/core/claims/claims.ts', 'utf8');
    const used = [...source.matchAll(/exempt\(ctx, [^;]*?'([a-z_]+)'\)/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(5);
    for (const rule of used) expect(EXEMPTION_RULES, rule).toContain(rule);
    for (const lang of ['en', 'cs'] as const) {
      const t = MESSAGES[lang];
      const names = EXEMPTION_RULES.map((rule) => (t.exemptionRule as Record<string, string>)[rule]);
      for (const [k, name] of names.entries()) {
        expect(name, `${lang} ${EXEMPTION_RULES[k]}`).toMatch(/\S/);
        expect(name).not.toContain('_');
        expect(t.exemptRule(EXEMPTION_RULES[k]!, 'why')).not.toContain(`(${EXEMPTION_RULES[k]!})`);
      }
      expect(new Set(names).size, lang).toBe(EXEMPTION_RULES.length);
    }
    expect(MESSAGES.en.exemptRule('lead_in_unsure', 'check it.')).toBe('Exempt (probably only a lead-in): check it.');
    // A rule this build does not know is still shown (by its id), not dropped.
    expect(MESSAGES.cs.exemptRule('new_rule', 'x')).toBe('Výjimka (new_rule): x');
  });
});
