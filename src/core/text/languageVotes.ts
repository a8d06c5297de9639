// The count behind the language vote (language.ts): Czech and English votes of the real words in
// the first 20,000 characters, with names, initials, URLs and markers left out.

const SAMPLE = 20_000;

// Function words that are frequent in one language and absent from the other (no "a", "i", "to").
const CS_MARKERS = new Set(
  'je se na ve že pro jako které který která kteří jsou byl byla bylo byli podle není také ale nebo jak při za tak si jeho její jejich tento tato toto tyto mají lze jsem jste jsme více však již už když pokud aby od do po ze z v s k u též jen nebo ani'.split(
    ' ',
  ),
);
const EN_MARKERS = new Set(
  'the and of is in that for it with as was on are be by this from or an which have has not were at can you they their these there would will been its he she we our your what when who how'.split(
    ' ',
  ),
);

// What is not prose: URLs, e-mail addresses, bracketed markers, \cite{…}. The address and e-mail
// alternatives are the costly ones (`\S+@` tries every start inside every word), and neither can
// match a text without "://" or "@": for such a text the same pattern without them finds exactly
// the same matches, so one of four variants, built once, is used.
const URL_PART = String.raw`\b[a-z][a-z0-9+.-]{1,15}:\/\/\S+`;
const WWW_PART = String.raw`\bwww\.\S+`;
const MAIL_PART = String.raw`\S+@\S+\.\w+`;
const MARK_PART = String.raw`\[[^\]\n]{0,40}\]|\\cite\{[^}]*\}`;
const URLISH = [false, true].map((url) => [false, true].map((mail) => new RegExp([...(url ? [URL_PART] : []), WWW_PART, ...(mail ? [MAIL_PART] : []), MARK_PART].join('|'), 'gi')));
/** Longer words are in neither marker list: they vote only by their letters. */
const MARKER_MAX = Math.max(...[...CS_MARKERS, ...EN_MARKERS].map((w) => w.length));

// Per UTF-16 unit, computed on first sight: bit 1 = known, bit 2 = a letter (\p{L}), bit 4 = its
// own lower case (toLowerCase gives it back), bit 8 = a Czech-only letter (ě š č ř ž ů ť ď ň: a
// lower-case word's count of them is a vote). Surrogates are never letters here: a pair is read
// as one code point by wideTraits.
const UNIT_KNOWN = 1;
const UNIT_LETTER = 2;
const UNIT_LOWER = 4;
const UNIT_CS_ONLY = 8;
const CS_ONLY = new Set('ěščřžůťďň');
const UNIT_TRAITS = new Uint8Array(65536);
const LETTER_RE = /^\p{L}$/u;

function traitsOf(ch: string): number {
  return UNIT_KNOWN | (LETTER_RE.test(ch) ? UNIT_LETTER : 0) | (ch.toLowerCase() === ch ? UNIT_LOWER : 0) | (CS_ONLY.has(ch) ? UNIT_CS_ONLY : 0);
}

function unitTraits(c: number): number {
  let t = UNIT_TRAITS[c]!;
  if (t === 0) UNIT_TRAITS[c] = t = c >= 0xd800 && c <= 0xdfff ? UNIT_KNOWN | UNIT_LOWER : traitsOf(String.fromCharCode(c));
  return t;
}

/**
 * Traits of the code point at s[k], whose first unit c the caller has read; a surrogate pair is
 * one code point (letters outside the BMP are rare: not cached).
 */
function wideTraits(s: string, k: number, c: number): number {
  if (c < 0xd800 || c > 0xdbff) return unitTraits(c);
  const cp = s.codePointAt(k)!;
  return cp > 0xffff ? traitsOf(String.fromCodePoint(cp)) : UNIT_KNOWN | UNIT_LOWER;
}

/**
 * The votes behind languageVote (language.ts), Czech and English, before its thresholds.
 *
 * A word is a run of letters (\p{L}, by code point) in the text with URLs, e-mail addresses and
 * markers (URLISH) each read as one space. The runs are found by a scan over the text itself,
 * with the URLISH matches as gaps, rather than by building the replaced text and matching
 * /\p{L}+/gu in it; only words short enough to be a marker word are copied and lower-cased.
 */
export function languageVotes(text: string): { cs: number; en: number } {
  const head = text.slice(0, SAMPLE);
  const gaps = gapsOf(head);
  const votes: Votes = { cs: 0, en: 0 };
  // The text between the gaps, one range at a time: a word ends where a gap starts.
  for (let g = 0, from = 0; from < head.length; g += 2) {
    const to = g < gaps.length ? gaps[g]! : head.length;
    rangeVotes(head, from, to, votes);
    from = g < gaps.length ? gaps[g + 1]! : head.length;
  }
  return votes;
}

interface Votes {
  cs: number;
  en: number;
}

/**
 * The URLISH matches in `head` (read as spaces by the vote), as start, end, start, end… Without "://", "@", "\\" and "w."
 * in either case only the marker alternative can match (no address, e-mail or \cite): those are
 * found by indexOf, not by the pattern, which took about a third of the vote's time.
 */
function gapsOf(head: string): number[] {
  const out: number[] = [];
  const url = head.includes('://');
  const mail = head.includes('@');
  if (!url && !mail && !head.includes('\\') && !head.includes('w.') && !head.includes('W.')) {
    for (let p = head.indexOf('['); p >= 0; ) {
      const end = markerEnd(head, p);
      if (end > 0) out.push(p, end);
      p = head.indexOf('[', end > 0 ? end : p + 1);
    }
    return out;
  }
  const re = URLISH[url ? 1 : 0]![mail ? 1 : 0]!;
  re.lastIndex = 0;
  for (let g = re.exec(head); g; g = re.exec(head)) out.push(g.index, g.index + g[0].length);
  return out;
}

/**
 * Where MARK_PART's bracket alternative (\[[^\]\n]{0,40}\]) matching at the '[' at p ends, or 0
 * when it does not match there: the first ']' or line break after p decides, within 41 units.
 */
function markerEnd(head: string, p: number): number {
  const lim = Math.min(head.length, p + 42);
  for (let q = p + 1; q < lim; q++) {
    const c = head.charCodeAt(q);
    if (c === 0x5d) return q + 1;
    if (c === 0x0a) return 0;
  }
  return 0;
}

/** Counts a word that is not an initial in `votes` when it is a marker word of either language. */
function addMarkerVote(votes: Votes, head: string, from: number, k: number): void {
  if (k - from > MARKER_MAX) return;
  const w = head.slice(from, k).toLowerCase();
  if (CS_MARKERS.has(w)) votes.cs += 1;
  else if (EN_MARKERS.has(w)) votes.en += 1;
}

/** languageVotes over head[from, to), a range without gaps, one code unit at a time. */
function rangeVotes(head: string, from: number, to: number, votes: Votes): void {
  let k = from;
  while (k < to) {
    // Each unit is read once: c is the unit at k, t its code point's traits.
    let c = head.charCodeAt(k);
    let t = wideTraits(head, k, c);
    if (!(t & UNIT_LETTER)) {
      k++;
      continue;
    }
    // A word: letters up to the next non-letter or the range's end.
    const start = k;
    const first = c;
    let lower = true;
    let csOnly = 0;
    for (;;) {
      if (!(t & UNIT_LOWER)) lower = false;
      if (t & UNIT_CS_ONLY) csOnly++;
      // Only a whole surrogate pair is a letter.
      k += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      if (k >= to) break;
      c = head.charCodeAt(k);
      t = wideTraits(head, k, c);
      if (!(t & UNIT_LETTER)) break;
    }
    const len = k - start;
    // What follows the word in the text with its gaps read as spaces (c, when the word did not
    // run into a gap or the end).
    const after = k < to ? c : 0x20;
    // Initials and abbreviations ("A.", "Netw.", "pp.") are not words of either language.
    if (after === 0x2e && (len === 1 || (len <= 5 && !(unitTraits(first) & UNIT_LOWER)))) continue;
    if (lower) votes.cs += 2 * csOnly;
    addMarkerVote(votes, head, start, k);
  }
}
