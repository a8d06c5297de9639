// Shapes of a claim's names that a reviewer reads past (issue 32 §4), for the entity signal
// (./content.ts):
//
// - a gloss in brackets after the words it stands for: "hydrochloric acid (HCl)" names nothing the
//   chunk lacks when the chunk has "hydrochloric acid" (two words or more, in order). "ferrous
//   sulfate (FeSO4)" against a chunk saying "iron sulphate" is still absent.
// - a demonym closing a run before a lower-case noun: in "The SM U-30 German submarine" the name
//   is "SM U-30" and "German" says whose submarine it is; each is looked for on its own ("German"
//   is still absent from a chunk about an Austrian boat). A run that is itself a name of the
//   tables ("South African"), or whose rest is one word without a digit ("Latin American"), is
//   kept whole.
// - a name's words written in lower case: "the 1986 FIFA world cup" is the chunk's "World Cup"
//   when the chunk writes those words (two or three) as a name, capitalised and ending there. A
//   run found absent is judged once more with them, as "FIFA World Cup" is; it can only become
//   present so. Words the chunk writes in lower case only ("FIFA world ranking" against "the
//   world ranking"), or one capitalised word ("Gary Smith's research" against a heading
//   "Research"), leave "FIFA" and "Gary Smith" to be looked for alone.
import type { EntityRun } from './entities';
import type { NameSource } from './names';
import { escapeRegExp, foldWord } from '../text/text';
import { NAME_GROUPS } from '../text/nameTables';

const WORD = /[\p{L}\p{N}]+/gu;
/** Words the phrase before a gloss may not consist of alone. */
const FILLER = new Set(['the', 'a', 'an', 'of', 'and', 'or', 'with', 'in', 'on', 'for', 'to', 'its', 'their', 'by', 'as']);

/**
 * The runs of `text` that stand alone in brackets after two to four words that a source has in
 * the same order (folded, whole words): glosses of those words.
 */
export function glossedRuns(text: string, runs: EntityRun[], sources: NameSource[]): EntityRun[] {
  const out: EntityRun[] = [];
  for (const run of runs) {
    const openAt = text.lastIndexOf('(', run.start);
    if (openAt < 0 || text.slice(openAt + 1, run.start).trim() || !/^\s*\)/.test(text.slice(run.end, run.end + 3))) continue;
    const before = text.slice(Math.max(0, openAt - 80), openAt);
    // The words right before the bracket, up to a mark that ends a phrase.
    const phrase = before.slice(before.search(/[^,;:.!?()"“”]*$/u));
    const words = foldWord(phrase).match(WORD) ?? [];
    let found = false;
    for (let n = Math.min(4, words.length); n >= 2 && !found; n--) {
      const tail = words.slice(words.length - n);
      if (tail.every((w) => FILLER.has(w)) || !tail.some((w) => w.length >= 5)) continue;
      found = sources.some((s) => s.hasWords(tail));
    }
    if (found) out.push(run);
  }
  return out;
}

let demonyms: Set<string> | undefined;
let tableNames: Set<string> | undefined;
/** The one-word forms of NAME_GROUPS that describe rather than name ("german", "british"). */
function isDemonym(word: string): boolean {
  if (!demonyms) {
    demonyms = new Set();
    tableNames = new Set();
    for (const g of NAME_GROUPS) {
      for (const f of g) {
        tableNames.add(f);
        if (!f.includes(' ') && f !== g[0] && /(?:an|ish|ese|ch|ic|i)$/.test(f)) demonyms.add(f);
      }
    }
  }
  return demonyms.has(word);
}

/**
 * The runs with a closing demonym split off when a lower-case word follows the run: two runs,
 * the name and the demonym, each judged on its own.
 */
export function splitDemonyms(text: string, runs: EntityRun[]): EntityRun[] {
  const out: EntityRun[] = [];
  for (const run of runs) {
    const last = run.words[run.words.length - 1]!;
    const rest = run.words.slice(0, -1);
    // The name left must stand on its own: two words or a number ("SM U-30"), not the first half
    // of a compound demonym ("South American", "Latin American").
    const split =
      (rest.length > 1 || /\d/.test(rest[0]?.text ?? '')) &&
      isDemonym(foldWord(last.text)) &&
      !tableNames!.has(foldWord(text.slice(run.start, run.end)).replace(/^the\s+/, '')) &&
      /^\s+\p{Ll}/u.test(text.slice(run.end, run.end + 3));
    if (!split) {
      out.push(run);
      continue;
    }
    out.push({ start: run.start, end: rest[rest.length - 1]!.end, words: rest });
    out.push({ start: last.start, end: last.end, words: [last] });
  }
  return out;
}

// Two or three lower-case words right after a run, spaces only between them.
const LOWER_TAIL = /^(?:[ \u00A0]+\p{Ll}[\p{L}'’-]*){2,3}/u;
const TAIL_WORD = /\p{Ll}[\p{L}'’-]*/gu;

/**
 * The runs that go on in lower-case words a source writes capitalised as a name ("FIFA world cup"
 * against a chunk's "World Cup"), each extended over them (the longest such tail first).
 */
export function lowerCaseTails(text: string, runs: EntityRun[], sources: NameSource[]): EntityRun[] {
  const out: EntityRun[] = [];
  for (const run of runs) {
    const tail = LOWER_TAIL.exec(text.slice(run.end, run.end + 80));
    if (!tail) continue;
    const words: EntityRun['words'] = [];
    TAIL_WORD.lastIndex = 0;
    for (let m = TAIL_WORD.exec(tail[0]); m; m = TAIL_WORD.exec(tail[0])) words.push({ text: m[0], start: run.end + m.index, end: run.end + m.index + m[0].length });
    for (let n = words.length; n >= 2; n--) {
      const part = words.slice(0, n);
      // A tail that starts or ends with a filler word ("FIFA and the…") is no part of the name.
      if (FILLER.has(part[0]!.text) || FILLER.has(part[n - 1]!.text)) continue;
      const key = foldWord(part.map((w) => w.text).join(' ')).match(WORD) ?? [];
      if (!sources.some((s) => s.hasWords(key) && writtenAsName(s.text, part.map((w) => w.text)))) continue;
      out.push({ start: run.start, end: part[n - 1]!.end, words: [...run.words, ...part] });
      break;
    }
  }
  return out;
}

/**
 * Whether `text` has the words in order, each capitalised (or in capitals), where a name ends:
 * "world" is not the name of "World Cup" ("FIFA world ranking" takes no part of it).
 */
function writtenAsName(text: string, words: string[]): boolean {
  const re = wordsPattern(words);
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const capitalised = (m[0].match(/[\p{L}][\p{L}'’]*/gu) ?? []).every((w) => /^\p{Lu}/u.test(w));
    if (capitalised && !NAME_GOES_ON.test(text.slice(m.index + m[0].length, m.index + m[0].length + 4))) return true;
  }
  return false;
}
const NAME_GOES_ON = /^[ \u00A0-]+\p{Lu}/u;

/**
 * The words in order with spaces or hyphens between, any case, as whole words. Each tail is asked
 * of every source and of every audit of the claim: its pattern is made once (a bounded map).
 */
function wordsPattern(words: string[]): RegExp {
  const key = words.join(' ');
  let re = tailPatterns.get(key);
  if (!re) {
    if (tailPatterns.size > 2_000) tailPatterns.clear();
    tailPatterns.set(key, (re = new RegExp(`(?<![\\p{L}\\p{N}])${words.map((w) => escapeRegExp(w)).join('[\\s\\u00A0-]+')}(?![\\p{L}\\p{N}])`, 'giu')));
  }
  return re;
}
const tailPatterns = new Map<string, RegExp>();

