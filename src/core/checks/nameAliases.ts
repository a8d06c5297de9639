// The alias rule of the name checks (./names.ts): a name the sources give in another of its forms
// (the tables of ../text/nameTables.ts: "UK" for "Britain", "U.S." for "United States"), or a
// part of the named country or region (its capital, its countries).
import type { Language } from '../types';
import { NAME_GROUPS, PART_NAMES, WIDER_NAMES } from '../text/nameTables';
import { escapeRegExp, foldWord } from '../text/text';
import { phraseInFolded } from './nameScan';

/** What the rule reads of a chunk (a NameSource of ./names.ts). */
interface AliasSource {
  readonly text: string;
  readonly folded: string;
  hasAcronym(letters: string): boolean;
}


const keyMemo = new Map<string, string>();
/** A name or form as the alias tables are looked up by; the tables' forms are asked again and again, so each is worked out once. */
function keyOf(s: string): string {
  let k = keyMemo.get(s);
  if (k === undefined) {
    if (keyMemo.size > 20_000) keyMemo.clear();
    k = foldWord(s).replace(/\./g, '').replace(/['’]s$/, '').replace(/[^\p{L}\p{N}']+/gu, ' ').trim();
    keyMemo.set(s, k);
  }
  return k;
}
let groupsByForm: Map<string, number[]> | undefined;
function groupsOf(key: string): number[] {
  if (!groupsByForm) {
    groupsByForm = new Map();
    NAME_GROUPS.forEach((g, i) => {
      for (const f of g) {
        const k = keyOf(f);
        const list = groupsByForm!.get(k) ?? [];
        if (!list.includes(i)) list.push(i);
        groupsByForm!.set(k, list);
      }
    });
  }
  return groupsByForm.get(key) ?? (key.endsWith('s') ? (groupsByForm.get(key.slice(0, -1)) ?? []) : []);
}

/** Whether a form of the table is in the source: short forms only in capitals, dots optional ("U.S."). */
function formIn(form: string, src: AliasSource, lang: Language): boolean {
  const k = keyOf(form);
  if (isShortForm(k)) {
    const letters = k.replace(/ /g, '').toUpperCase();
    if (src.hasAcronym(letters)) return true;
    // The pattern below holds the first letter and a dot, a search the text answers at once.
    if (letters.length >= 2 && !src.text.includes(`${letters[0]!}.`)) return false;
    let re = dottedForms.get(letters);
    if (!re) {
      const dotted = letters.split('').map(escapeRegExp).join('\\.\\s?');
      dottedForms.set(letters, (re = new RegExp(`(?<![\\p{L}\\p{N}])${dotted}\\.?(?![\\p{L}\\p{N}])`, 'u')));
    }
    return re.test(src.text);
  }
  return phraseInFolded(src.folded, k.split(' '), lang);
}

/** The short forms' patterns ("U.K.", "U. K."), by their letters: the tables' forms, a bounded set. */
const dottedForms = new Map<string, RegExp>();
const isShortForm = (k: string) => k.replace(/ /g, '').length <= 3;

export function aliasIn(name: string, sources: AliasSource[], lang: Language): string | undefined {
  const key = keyOf(name.replace(/^the\s+/i, ''));
  const groups = [...groupsOf(key)];
  for (const wider of WIDER_NAMES.get(key) ?? []) groups.push(...groupsOf(wider));
  for (const g of groups) {
    for (const form of NAME_GROUPS[g]!) {
      if (keyOf(form) === key) continue;
      if (sources.some((s) => formIn(form, s, lang))) return isShortForm(keyOf(form)) ? keyOf(form).toUpperCase() : form;
    }
  }
  return partIn(key, groups, sources, lang);
}

/** A part of the named country or region in the sources (PART_NAMES): its capital, its countries. */
function partIn(key: string, groups: number[], sources: AliasSource[], lang: Language): string | undefined {
  const heads = new Set([key, ...groups.map((g) => keyOf(NAME_GROUPS[g]![0]!))]);
  for (const head of heads) {
    for (const part of PART_NAMES.get(head) ?? []) {
      const pk = keyOf(part);
      const forms = [part, ...groupsOf(pk).flatMap((g) => NAME_GROUPS[g]!)];
      for (const form of forms) if (!isShortForm(keyOf(form)) && sources.some((s) => formIn(form, s, lang))) return form;
    }
  }
  return undefined;
}
