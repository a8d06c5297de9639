// Named entities of a claim, found by shape: runs of capitalised words ("Neil Alden Armstrong",
// "Mantova Literary Festival"), acronyms ("EHCP"), and long numbers (years, ids). A
// capitalised word that opens a sentence or a list item is a name only when the run goes on
// ("Roger Federer won…") or the word is an acronym; "Evolution occurs…" has no name. Month and
// weekday names and the pronoun "I" are not names (dates are left to the numbers check).
//
// Used by the relevance hint (a better chunk must cover them) and the entity signal (./content.ts).

export interface EntityRun {
  /** Span of the run in the text. */
  start: number;
  end: number;
  /** The run's words, each with its span. */
  words: { text: string; start: number; end: number }[];
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;
const NOT_NAMES = new Set(
  (
    'i january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday ' +
    'leden únor březen duben květen červen červenec srpen září říjen listopad prosinec ' +
    'pondělí úterý středa čtvrtek pátek sobota neděle'
  ).split(' '),
);

const isUpper = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();
const isAcronym = (w: string) => w.length >= 2 && /^[\p{Lu}\p{N}&]+$/u.test(w) && /\p{Lu}.*\p{Lu}/u.test(w);

/** Whether the word at `at` opens a sentence, a line or a list item (nothing but marks before it). */
function opensSentence(text: string, at: number): boolean {
  let i = at - 1;
  // Opening quotes and brackets and list bullets/numbers do not count.
  while (i >= 0 && /[\s"“„'‘(«*•\-–—#>]/.test(text[i]!)) i--;
  if (i < 0) return true;
  const ch = text[i]!;
  if (/[.!?:;\n]/.test(ch)) return true;
  // "1." / "2)" list enumerators: digits then punctuation were skipped only up to the punctuation.
  if (/[)\]]/.test(ch)) {
    let j = i - 1;
    while (j >= 0 && /[\d\s^]/.test(text[j]!)) j--;
    return j < 0 || text[j] === '[' || text[j] === '\n';
  }
  return false;
}

// Short lower-case words that may join the parts of one name ("Bank of England", "Leonardo da Vinci").
const JOINERS = new Set(['of', 'de', 'da', 'di', 'del', 'van', 'von', 'der', 'den', 'la', 'le', 'du']);

/** Capitalised runs, acronyms and long numbers of `text` that look like names. */
export function entityRuns(text: string): EntityRun[] {
  const out: EntityRun[] = [];
  let run: EntityRun | undefined;
  const close = () => {
    if (!run) return;
    const first = run.words[0]!;
    const keep = run.words.length > 1 || isAcronym(first.text) || /^\d{3,}$/.test(first.text) || !opensSentence(text, first.start);
    if (keep) out.push(run);
    run = undefined;
  };
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m; m = WORD_RE.exec(text)) {
    const w = m[0].replace(/[.'’-]+$/, '');
    const word = { text: w, start: m.index, end: m.index + w.length };
    const capital = w.length > 1 && isUpper(w[0]!) && !NOT_NAMES.has(w.toLowerCase());
    const number = /^\d{3,}$/.test(w);
    if (capital) {
      // A run continues over spaces and joiners only (not over punctuation).
      const gap = run ? text.slice(run.end, word.start) : '';
      if (run && /^[\s\u00A0]+$/.test(gap.replace(/\S+/g, (x) => (JOINERS.has(x.toLowerCase()) ? ' ' : x)))) {
        run.words.push(word);
        run.end = word.end;
      } else {
        close();
        run = { start: word.start, end: word.end, words: [word] };
      }
      continue;
    }
    // A joiner keeps the run open; the next capitalised word decides whether it goes on.
    if (run && JOINERS.has(w.toLowerCase())) continue;
    close();
    if (number) out.push({ start: word.start, end: word.end, words: [word] });
  }
  close();
  return out;
}
